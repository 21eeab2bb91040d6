import { PWSH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { shellRow } from './shell-row.js';
export const name = 'dsh-self-checking-pwsh';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, shellRow('pwsh', PWSH_CONTRACT, ['@deepseek-ai/dsh-pwsh-sandbox', 'SandboxPwshExecutor']));
}
