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

// Sentence ends: line breaks, sentence punctuation, a period before a space.
// Semicolons join clauses of one statement (budget 12,500; spent 9,870.25 (78.96%)).
const SENTENCE_BREAK = /[\n。！？!?]|\.(?=\s|$)/g;
const OPERAND = /\d+(?:,\d{3})*(?:\.\d+)?/g;
const MAX_SENTENCE_CHARS = 300;
// More operands than this make a chance match too likely: the figure stays a claim.
const MAX_OPERANDS = 8;

/** `[start, end)` of the sentence of `text` around `[at, atEnd)`. */
function sentenceAround(text: string, at: number, atEnd: number): readonly [number, number] {
  const from = Math.max(0, at - MAX_SENTENCE_CHARS);
  let start = from;
  for (const match of text.slice(from, at).matchAll(SENTENCE_BREAK)) start = from + match.index + match[0].length;
  const tail = text.slice(atEnd, atEnd + MAX_SENTENCE_CHARS);
  SENTENCE_BREAK.lastIndex = 0;
  const next = tail.search(SENTENCE_BREAK);
  return [start, next < 0 ? atEnd + tail.length : atEnd + next];
}

/**
 * The numbers of `text[start, end)` other than the figure at `[at, atEnd)`;
 * stops reading after `MAX_OPERANDS + 1`, which is already too many.
 */
function operandsAround(text: string, start: number, end: number, at: number, atEnd: number): number[] {
  const values: number[] = [];
  OPERAND.lastIndex = start;
  for (let match = OPERAND.exec(text); match !== null && match.index < end; match = OPERAND.exec(text)) {
    if (match.index + match[0].length > at && match.index < atEnd) continue;
    values.push(Number(match[0].replace(/,/g, '')));
    if (values.length > MAX_OPERANDS) break;
  }
  return values;
}

/** Figures two operands give: a/b, and for percentages also a/(a+b) and the change |a-b|/b. */
function* figures(a: number, b: number, kind: RatioKind): Generator<number> {
  if (kind === 'difference') {
    // Both operands must be of the difference's order: 1500 - 0.139 derives nothing.
    const difference = Math.abs(a - b);
    if (Math.min(Math.abs(a), Math.abs(b)) * 10 >= difference) yield difference;
    return;
  }
  if (b === 0) return;
  if (kind === 'times') {
    yield a / b;
    return;
  }
  yield (a / b) * 100;
  yield (Math.abs(a - b) / b) * 100;
  if (a + b !== 0) yield (a / (a + b)) * 100;
}

/**
 * Whether the figure written at `[at, atEnd)` of `text` (the masked answer),
 * whose value at scale 1 must fall in `range`, is a ratio, percentage or
 * (when `kinds` allows it) difference of two other numbers of its sentence.
 */
export function isImpliedRatio(text: string, at: number, atEnd: number, range: Readonly<ValueRange>, kinds: readonly RatioKind[]): boolean {
  if (kinds.length === 0) return false;
  const [start, end] = sentenceAround(text, at, atEnd);
  const operands = operandsAround(text, start, end, at, atEnd);
  if (operands.length < 2 || operands.length > MAX_OPERANDS) return false;
  for (const [i, a] of operands.entries()) {
    for (const [j, b] of operands.entries()) {
      if (i === j) continue;
      for (const kind of kinds) {
        for (const figure of figures(a, b, kind)) {
          if (figure >= range.lo && figure <= range.hi) return true;
        }
      }
    }
  }
  return false;
}
