/** Row `self-checking-fs`: the Self Checking subclass of rc.8's SandboxedFileSystem, replacing row `fs-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
import { FS_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { importPeer, peerExport } from './peers.js';

export const name = 'dsh-self-checking-fs';
export const inject: string[] = [];

export function apply(ctx: Context, config: unknown): Promise<void> {
  return mount(ctx, config, {
    capability: 'fs',
    contract: FS_CONTRACT,
    peer: ['@deepseek-ai/dsh-fs-sandbox', 'SandboxedFileSystem'],
    async build(buildCtx, Base) {
      const FsError = peerExport<FsErrorClass>(await importPeer(buildCtx, '@deepseek-ai/dsh-fs'), 'FsError', '@deepseek-ai/dsh-fs');
      const { selfCheckingFileSystem } = await import('./file-system.js');
      return selfCheckingFileSystem(Base as never, { FsError });
    },
  });
}

type FsErrorClass = new (message: string, code: string, options?: { cause?: unknown }) => Error;
