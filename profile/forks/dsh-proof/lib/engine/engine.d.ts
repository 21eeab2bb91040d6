import { type CheckSpec } from '../core/checks.js';
import type { BaselineResult, BaselineStore, ClaimResult, EngineOptions, RunInput, StatusResult, VerifyInput, VerifyResult } from './types.js';
export declare const DEFAULT_TIMEOUT_MS = 600000;
export interface ProofEngine {
    /** Discover the checks without running them. */
    discover(): Promise<CheckSpec[]>;
    /** Run every check and record the baseline (saved unless aborted). */
    baseline(input?: RunInput): Promise<BaselineResult>;
    /** Incremental verification against the baseline. */
    verify(input?: VerifyInput): Promise<VerifyResult>;
    /** Verify, then record the claim with its grade. */
    claim(text: string, input?: VerifyInput): Promise<ClaimResult>;
    status(): Promise<StatusResult>;
}
/** A baseline store that lives as long as the engine. */
export declare function memoryBaselineStore(): BaselineStore;
export declare function createProofEngine(options: Readonly<EngineOptions>): ProofEngine;
