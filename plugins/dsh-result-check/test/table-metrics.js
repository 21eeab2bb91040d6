// Precision and recall of the checker over answer tables: how many of the
// numbers it flags are really unsourced, how many unsourced numbers it finds,
// and the same for unreported tool failures. Shared by the metrics test and
// `npm run metrics`.
import { extractClaims } from '../lib/core/claims.js';
import { findUnreportedFailures } from '../lib/core/failures.js';
import { DEFAULT_OPTIONS } from '../lib/core/options.js';
import { findUnsourcedClaims } from '../lib/core/sources.js';

/**
 * @typedef {{ truePositives: number, falsePositives: number, falseNegatives: number }} Counts
 * @typedef {{ answer: string, expected: readonly string[], flagged: string[] }} Miss
 * @typedef {{ counts: Counts, misses: Miss[] }} Tally
 */

/** @returns {Tally} */
function emptyTally() {
  return { counts: { truePositives: 0, falsePositives: 0, falseNegatives: 0 }, misses: [] };
}

/**
 * Add one case: `flagged` and `expected` compared as multisets.
 * @param {Tally} tally @param {string} answer @param {readonly string[]} expected @param {string[]} flagged
 */
function count(tally, answer, expected, flagged) {
  const left = [...expected];
  let hits = 0;
  for (const item of flagged) {
    const at = left.indexOf(item);
    if (at >= 0) {
      left.splice(at, 1);
      hits += 1;
    }
  }
  tally.counts.truePositives += hits;
  tally.counts.falsePositives += flagged.length - hits;
  tally.counts.falseNegatives += left.length;
  if (hits !== flagged.length || left.length > 0) tally.misses.push({ answer, expected, flagged });
}

/** @param {Counts} counts */
export function precisionRecall({ truePositives, falsePositives, falseNegatives }) {
  const flagged = truePositives + falsePositives;
  const expected = truePositives + falseNegatives;
  return { precision: flagged === 0 ? 1 : truePositives / flagged, recall: expected === 0 ? 1 : truePositives / expected };
}

/**
 * Numbers: a claim case is a sourcing case with no sources (every claim is unsourced).
 * @param {ReadonlyArray<readonly [string, readonly string[], readonly string[]]>} sourcingCases
 * @param {ReadonlyArray<readonly [string, readonly string[]]>} [claimCases]
 */
export function numberTally(sourcingCases, claimCases = []) {
  const tally = emptyTally();
  for (const [answer, expected] of claimCases) count(tally, answer, expected, extractClaims(answer).map((claim) => claim.text));
  for (const [answer, sources, expected] of sourcingCases) {
    count(tally, answer, expected, findUnsourcedClaims(extractClaims(answer), sources).map((claim) => claim.text));
  }
  return tally;
}

/** @param {ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, boolean, string]>, readonly string[]]>} failureCases */
export function failureTally(failureCases) {
  const tally = emptyTally();
  for (const [answer, calls, expected] of failureCases) {
    const outcomes = calls.map(([tool, isError, output]) => ({ tool, isError, output }));
    count(tally, answer, expected, findUnreportedFailures(outcomes, answer, DEFAULT_OPTIONS).map((failure) => failure.tool));
  }
  return tally;
}
