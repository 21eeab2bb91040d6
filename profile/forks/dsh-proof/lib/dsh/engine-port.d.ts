/**
 * The narrow slice of the engine the tools call, already translated into
 * the adapter's views (see `translate.ts` for the mapping from the engine
 * facade of docs/proof-engine.md). Integrity is added by the tools from the
 * evidence store.
 */
import type { BaselineView, ClaimView, StatusView, VerifyView } from './views.js';
/** The tool-touch set: files the tool stream wrote, with the digest they were left with. */
export interface Touches {
    readonly files: Readonly<Record<string, {
        readonly digest: string | null;
    }>>;
    /** The stream ran commands whose writes cannot be listed (a shell). */
    readonly opaque: boolean;
}
export type WithoutIntegrity<T> = Omit<T, 'integrity'>;
export interface ProofPort {
    baseline(signal: AbortSignal): Promise<WithoutIntegrity<BaselineView>>;
    verify(touches: Touches, explicitFiles: readonly string[], signal: AbortSignal): Promise<WithoutIntegrity<VerifyView>>;
    claim(claim: string, touches: Touches, signal: AbortSignal): Promise<WithoutIntegrity<ClaimView>>;
    status(): Promise<WithoutIntegrity<StatusView>>;
}
