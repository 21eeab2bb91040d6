/**
 * Fail-closed mounting of one row. The row's entry imports only the upstream
 * class; the subclass is imported and built here. When the platform is not
 * Linux, the peer class changed shape, or the subclass fails to load or
 * build, the row mounts the plain upstream class instead — the Self Checking
 * preset then behaves as plain workspace-write with approval `ask` (never
 * full access) — and the boot log says why.
 */
import type { Context } from '@deepseek-ai/cordis';
import { type PeerContract, type PeerShape } from '../core/shape.js';
export declare const LOG_NAME = "dsh-self-checking";
/** The facts the contract check reads from a class. */
export declare function peerShape(Class: {
    prototype: object;
    inject?: unknown;
}): PeerShape;
/** Why the adapter must not subclass here; undefined when it may. */
export declare function degradeReason(Class: {
    prototype: object;
    inject?: unknown;
}, contract: PeerContract, platform?: string): string | undefined;
/**
 * Mount the Self Checking subclass of `Base` as this row's service, or `Base`
 * itself when that is not safe.
 * @param capability - `bash`, `pwsh` or `fs` (for the log and the armed set).
 * @param build - imports the subclass module and builds the subclass.
 */
export declare function mount(ctx: Context, config: unknown, Base: {
    prototype: object;
    inject?: unknown;
}, contract: PeerContract, capability: string, build: () => Promise<unknown>): Promise<void>;
