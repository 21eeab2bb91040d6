import { importPeer, peerExport } from './peers.js';
/** The row spec of a shell executor (bash or pwsh): the subclass also needs dsh-sandbox's `writableRoots`. */
export function shellRow(family, contract, peer) {
    return {
        capability: family,
        contract,
        peer,
        async build(ctx, Base) {
            const writableRoots = peerExport(await importPeer(ctx, '@deepseek-ai/dsh-sandbox'), 'writableRoots', '@deepseek-ai/dsh-sandbox');
            const { selfCheckingExecutor } = await import('./executor.js');
            return selfCheckingExecutor(Base, family, { writableRoots });
        },
    };
}
