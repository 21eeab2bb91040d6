/** Row `self-checking-pwsh`: the Self Checking subclass of rc.8's SandboxPwshExecutor, replacing row `pwsh-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
import { PWSH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { shellRow } from './shell-row.js';

export const name = 'dsh-self-checking-pwsh';
export const inject: string[] = [];

export function apply(ctx: Context, config: unknown): Promise<void> {
  return mount(ctx, config, shellRow('pwsh', PWSH_CONTRACT, ['@deepseek-ai/dsh-pwsh-sandbox', 'SandboxPwshExecutor']));
}
