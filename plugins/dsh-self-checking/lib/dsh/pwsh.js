import { SandboxPwshExecutor } from '@deepseek-ai/dsh-pwsh-sandbox';
import { PWSH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
export const name = 'dsh-self-checking-pwsh';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, SandboxPwshExecutor, PWSH_CONTRACT, 'pwsh', async () => {
        const { selfCheckingExecutor } = await import('./executor.js');
        return selfCheckingExecutor(SandboxPwshExecutor, 'pwsh');
    });
}
