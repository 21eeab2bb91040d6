/** Row `self-checking-bash`: the Self Checking subclass of rc.8's SandboxBashExecutor, replacing row `bash-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
import { SandboxBashExecutor } from '@deepseek-ai/dsh-bash-sandbox';
import { BASH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';

export const name = 'dsh-self-checking-bash';
export const inject: string[] = [];

export function apply(ctx: Context, config: unknown): Promise<void> {
  return mount(ctx, config, SandboxBashExecutor, BASH_CONTRACT, 'bash', async () => {
    const { selfCheckingExecutor } = await import('./executor.js');
    return selfCheckingExecutor(SandboxBashExecutor as never, 'bash');
  });
}
