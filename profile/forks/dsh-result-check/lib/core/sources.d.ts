import type { NumberClaim } from './claims.js';
/**
 * Receives each value read from a source text; returns `true` to stop the
 * scan early (every claim already has a source).
 */
export type ValueVisitor = (value: number) => boolean;
/**
 * Read every number of a source text, loosely: numbers inside identifiers
 * and JSON count, a run like `1,708` is read as 1708 and also as 1, 708 and
 * 1.708 (either comma reading), `1.2.3` gives its parts and neighbouring
 * pairs, `12.5%` also gives 0.125, `3.12e-4` also its scaled value, `1.6k`
 * also 1600. Extra readings can only give a claim a source, never take one.
 * Signs are dropped: claims compare by absolute value.
 * @returns `true` when the visitor stopped the scan.
 */
export declare function scanSourceNumbers(text: string, visit: ValueVisitor): boolean;
/**
 * The claims of an answer, indexed by the value ranges that would source
 * them. Feed it source values; it tracks which claims are still unsourced.
 */
export declare class ClaimIndex {
    private readonly claims;
    private readonly lo;
    private readonly hi;
    private readonly reach;
    private readonly target;
    /** Per target: 0 = open, 1 = hit. Target 2k is claim k's main reading, parts follow after all claims. */
    private readonly hit;
    /** Per part target (index = target - claims.length): the claim it belongs to. */
    private readonly partOwner;
    /** Per claim: parts of its list reading not hit yet (only meaningful when it has parts). */
    private readonly partsLeft;
    private readonly sourced;
    private open;
    /** Bounds of all ranges: most source values fall outside and are dismissed at once. */
    private readonly lowest;
    private readonly highest;
    /** Fine buckets (1/64) for small values, where decimals and fractions crowd; integer buckets above. */
    private readonly fine;
    private readonly coarse;
    constructor(claims: readonly NumberClaim[]);
    /** Every claim has a source. */
    get done(): boolean;
    /** Record one source value; returns {@link done}. */
    readonly visit: ValueVisitor;
    private mark;
    private source;
    /** The claims no visited value sourced, in answer order. */
    unsourced(): NumberClaim[];
}
/** The claims that no number of any source text sources. */
export declare function findUnsourcedClaims(claims: readonly NumberClaim[], sources: readonly string[]): NumberClaim[];
