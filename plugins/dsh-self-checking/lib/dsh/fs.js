import { FS_CONTRACT } from '../core/shape.js';
import { mount } from './mount.js';
import { importPeer, peerExport } from './peers.js';
export const name = 'dsh-self-checking-fs';
export const inject = [];
export function apply(ctx, config) {
    return mount(ctx, config, {
        capability: 'fs',
        contract: FS_CONTRACT,
        peer: ['@deepseek-ai/dsh-fs-sandbox', 'SandboxedFileSystem'],
        async build(buildCtx, Base) {
            const FsError = peerExport(await importPeer(buildCtx, '@deepseek-ai/dsh-fs'), 'FsError', '@deepseek-ai/dsh-fs');
            const { selfCheckingFileSystem } = await import('./file-system.js');
            return selfCheckingFileSystem(Base, { FsError });
        },
    });
}
