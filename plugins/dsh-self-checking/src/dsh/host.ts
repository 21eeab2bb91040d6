import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import type { HostView } from '../core/host.js';

const MODES = { r: constants.R_OK, w: constants.W_OK, x: constants.X_OK } as const;

/** The core's view of the host, answered by node:fs (synchronously: background settlement is synchronous). */
export const nodeHost: HostView = {
  realpath(path) {
    try {
      return realpathSync.native(path);
    } catch {
      return undefined;
    }
  },
  identity(path) {
    try {
      const info = statSync(path, { bigint: true });
      return `${info.dev}:${info.ino}`;
    } catch {
      return undefined;
    }
  },
  access(path, mode) {
    try {
      accessSync(path, MODES[mode]);
      return 'ok';
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
      return code === 'EACCES' ? 'refused' : 'other';
    }
  },
};
