import type { ValueRange } from './range.js';
/**
 * Recognise a percentage or ratio that the answer derives from two numbers it
 * states in the same sentence: `1,522 passed and 2 failed (99.87%)`, `from
 * 480ms to 312ms (35% faster)`, `1.6x (2400 vs 1500)`. Such a figure is a
 * derivation the reader can follow, so it needs no source of its own; its
 * operands are still checked where they are claims.
 */
/**
 * How the figure may relate to two operands: `percent` (a/b, a/(a+b),
 * |a-b|/b, as a percentage), `times` (a/b) or `difference` (|a-b|, only when
 * the answer says it is one: `+3.5 pp`, `by 168 ms`, `提升了3.5个百分点`).
 */
export type RatioKind = 'percent' | 'times' | 'difference';
/**
 * Whether the figure written at `[at, atEnd)` of `text` (the masked answer),
 * whose value at scale 1 must fall in `range`, is a ratio, percentage or
 * (when `kinds` allows it) difference of two other numbers of its sentence.
 */
export declare function isImpliedRatio(text: string, at: number, atEnd: number, range: Readonly<ValueRange>, kinds: readonly RatioKind[]): boolean;
