import type { Context } from '@deepseek-ai/cordis';
import type { PeerContract } from '../core/shape.js';
import type { RowSpec } from './mount.js';
import { importPeer, peerExport } from './peers.js';

/** The row spec of a shell executor (bash or pwsh): the subclass also needs dsh-sandbox's `writableRoots`. */
export function shellRow(family: 'bash' | 'pwsh', contract: PeerContract, peer: RowSpec['peer']): RowSpec {
  return {
    capability: family,
    contract,
    peer,
    async build(ctx: Context, Base) {
      const writableRoots = peerExport<(policy: unknown) => string[]>(await importPeer(ctx, '@deepseek-ai/dsh-sandbox'), 'writableRoots', '@deepseek-ai/dsh-sandbox');
      const { selfCheckingExecutor } = await import('./executor.js');
      return selfCheckingExecutor(Base as never, family, { writableRoots });
    },
  };
}
