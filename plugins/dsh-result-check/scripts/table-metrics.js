// Print precision and recall of the checker on the committed answer tables
// (test/fixtures) and on the held-out cases written after the rules were
// fixed (test/fixtures/held-out.js). Run after `npm run build`:
//   npm run metrics            summary
//   npm run metrics -- -v      also every case the checker gets wrong
import { CLAIM_CASES } from '../test/fixtures/claims.js';
import { FAILURE_CASES } from '../test/fixtures/failures.js';
import { HELD_OUT_FAILURE_CASES, HELD_OUT_NUMBER_CASES } from '../test/fixtures/held-out.js';
import { SOURCING_CASES } from '../test/fixtures/sourcing.js';
import { failureTally, numberTally, precisionRecall } from '../test/table-metrics.js';

const verbose = process.argv.includes('-v');

/** @param {string} name @param {number} cases @param {import('../test/table-metrics.js').Tally} tally */
function report(name, cases, tally) {
  const { precision, recall } = precisionRecall(tally.counts);
  console.log(`${name} (${cases} cases): precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
  if (verbose) for (const miss of tally.misses) console.log(`  ${JSON.stringify(miss.answer)}: expected ${JSON.stringify(miss.expected)}, flagged ${JSON.stringify(miss.flagged)}`);
}

report('table, numbers', CLAIM_CASES.length + SOURCING_CASES.length, numberTally(SOURCING_CASES, CLAIM_CASES));
report('table, failures', FAILURE_CASES.length, failureTally(FAILURE_CASES));
report('held-out, numbers', HELD_OUT_NUMBER_CASES.length, numberTally(HELD_OUT_NUMBER_CASES));
report('held-out, failures', HELD_OUT_FAILURE_CASES.length, failureTally(HELD_OUT_FAILURE_CASES));
