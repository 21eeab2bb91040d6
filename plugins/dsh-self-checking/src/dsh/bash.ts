/** Row `self-checking-bash`: the Self Checking subclass of rc.8's SandboxBashExecutor, replacing row `bash-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
import { BASH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { shellRow } from './shell-row.js';

export const name = 'dsh-self-checking-bash';
export const inject: string[] = [];

export function apply(ctx: Context, config: unknown): Promise<void> {
  return mount(ctx, config, shellRow('bash', BASH_CONTRACT, ['@deepseek-ai/dsh-bash-sandbox', 'SandboxBashExecutor']));
}
