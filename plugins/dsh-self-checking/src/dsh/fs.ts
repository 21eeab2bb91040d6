/** Row `self-checking-fs`: the Self Checking subclass of rc.8's SandboxedFileSystem, replacing row `fs-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
import { SandboxedFileSystem } from '@deepseek-ai/dsh-fs-sandbox';
import { FS_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';

export const name = 'dsh-self-checking-fs';
export const inject: string[] = [];

export function apply(ctx: Context, config: unknown): Promise<void> {
  return mount(ctx, config, SandboxedFileSystem, FS_CONTRACT, 'fs', async () => {
    const { selfCheckingFileSystem } = await import('./file-system.js');
    return selfCheckingFileSystem(SandboxedFileSystem as never);
  });
}
