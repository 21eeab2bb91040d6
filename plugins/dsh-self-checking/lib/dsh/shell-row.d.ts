import type { PeerContract } from '../core/shape.js';
import type { RowSpec } from './mount.js';
/** The row spec of a shell executor (bash or pwsh): the subclass also needs dsh-sandbox's `writableRoots`. */
export declare function shellRow(family: 'bash' | 'pwsh', contract: PeerContract, peer: RowSpec['peer']): RowSpec;
