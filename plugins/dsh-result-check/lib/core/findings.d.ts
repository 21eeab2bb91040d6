import type { NumberClaim } from './claims.js';
import type { UnreportedFailure } from './failures.js';
/** What the check found wrong with an answer. */
export interface Findings {
    readonly failures: readonly UnreportedFailure[];
    /** Unsourced numbers, one per distinct written form, in answer order. */
    readonly numbers: readonly NumberClaim[];
}
