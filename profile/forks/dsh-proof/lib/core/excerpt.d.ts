/**
 * Output excerpts: a check's output, cut to a character budget for the
 * evidence record. Every dropped character is accounted for by an exact
 * `[... N chars omitted ...]` marker, so kept + omitted = total always.
 */
export type ExcerptStrategy = 'salient' | 'head';
export interface ExcerptOptions {
    /** Budget in characters for the whole excerpt, markers included. Default 4000. */
    readonly headChars?: number | undefined;
    /** `salient` (default): first salient failure line + tail window; `head`: plain head. */
    readonly strategy?: ExcerptStrategy | undefined;
}
export interface Excerpt {
    readonly text: string;
    /** Length of the full output, in characters (UTF-16 code units). */
    readonly totalChars: number;
    /** Characters left out; the sum of the N of every marker. */
    readonly omittedChars: number;
    /** The salient line kept, or null. */
    readonly salientLine: string | null;
}
export declare const DEFAULT_HEAD_CHARS = 4000;
/** Smallest budget honoured: room for a salient line and two markers. */
export declare const MIN_HEAD_CHARS = 200;
/** True when `line` looks like the reason of a failure. */
export declare function isSalientLine(line: string): boolean;
/** Marker for `n` omitted characters. */
export declare function omissionMarker(n: number): string;
/** Excerpt `text` within the budget. */
export declare function excerptOutput(text: string, options?: Readonly<ExcerptOptions> | null): Excerpt;
