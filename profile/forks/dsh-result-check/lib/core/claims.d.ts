import type { ValueRange } from './range.js';
export type { ValueRange } from './range.js';
/** A number the answer states as a fact and that therefore needs a source. */
export interface NumberClaim {
    /** The number as written, with its unit or percent sign (`1,708`, `12.5%`, `3.2GB`). */
    readonly text: string;
    /** Offset of `text` in the answer. */
    readonly index: number;
    /** The claim has a source when a source value falls in any of these ranges. */
    readonly ranges: readonly ValueRange[];
    /**
     * For `120,130,140`: the comma-separated reading. The claim also has a
     * source when every part has one (an empty part list means no such reading).
     */
    readonly parts: readonly (readonly ValueRange[])[];
}
/** Options of {@link extractClaims}. */
export interface ClaimOptions {
    /** Integers with fewer digits are not claims. Default `3`. */
    readonly minIntegerDigits?: number | null | undefined;
}
/**
 * The numbers of an answer that need a source: decimals, percentages and
 * integers of `minIntegerDigits` or more digits, with or without a short
 * unit, outside code, URLs and paths, and not a version, date, time,
 * reference, identifier, list number, year, round figure, hedged number or
 * the right result of a calculation written out before it.
 */
export declare function extractClaims(answer: string, options?: ClaimOptions | null): NumberClaim[];
