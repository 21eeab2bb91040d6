/**
 * Fail-closed mounting of one row. The subclass is built only after the
 * peer class passed its contract. When the platform is not Linux, the peer
 * class changed shape, or the subclass fails to load or build, the row
 * mounts the plain upstream class instead — the Self Checking preset then
 * behaves as plain workspace-write with approval `ask` (never full access) —
 * and the boot log says why. When not even the upstream class can be loaded,
 * nothing is mounted: no shell (or file system) at all, and the log says so.
 */
import type { Context } from '@deepseek-ai/cordis';
import { type PeerContract, type PeerShape } from '../core/shape.js';
export declare const LOG_NAME = "dsh-self-checking";
type PeerClass = {
    prototype: object;
    inject?: unknown;
};
/** The facts the contract check reads from a class. */
export declare function peerShape(Class: PeerClass): PeerShape;
/** Why the adapter must not subclass here; undefined when it may. */
export declare function degradeReason(Class: PeerClass, contract: PeerContract, platform?: string): string | undefined;
/** One row: which upstream class it replaces and how to build the subclass. */
export interface RowSpec {
    /** `bash`, `pwsh` or `fs` (for the log and the armed set). */
    capability: string;
    contract: PeerContract;
    /** The package and export of the upstream class. */
    peer: readonly [specifier: string, exportName: string];
    /** Imports the subclass module and builds the subclass of `Base`. */
    build(ctx: Context, Base: PeerClass): Promise<unknown>;
}
/** Mount the Self Checking subclass as this row's service, or the upstream class when that is not safe. */
export declare function mount(ctx: Context, config: unknown, row: RowSpec): Promise<void>;
export {};
