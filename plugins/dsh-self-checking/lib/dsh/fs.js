import { SandboxedFileSystem } from '@deepseek-ai/dsh-fs-sandbox';
import { FS_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
export const name = 'dsh-self-checking-fs';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, SandboxedFileSystem, FS_CONTRACT, 'fs', async () => {
        const { selfCheckingFileSystem } = await import('./file-system.js');
        return selfCheckingFileSystem(SandboxedFileSystem);
    });
}
