import { SandboxBashExecutor } from '@deepseek-ai/dsh-bash-sandbox';
import { BASH_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
export const name = 'dsh-self-checking-bash';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, SandboxBashExecutor, BASH_CONTRACT, 'bash', async () => {
        const { selfCheckingExecutor } = await import('./executor.js');
        return selfCheckingExecutor(SandboxBashExecutor, 'bash');
    });
}
