import { BASH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { shellRow } from './shell-row.js';
export const name = 'dsh-self-checking-bash';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, shellRow('bash', BASH_CONTRACT, ['@deepseek-ai/dsh-bash-sandbox', 'SandboxBashExecutor']));
}
