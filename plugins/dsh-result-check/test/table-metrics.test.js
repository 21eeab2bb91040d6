import assert from 'node:assert/strict';
import test from 'node:test';
import { CLAIM_CASES } from './fixtures/claims.js';
import { FAILURE_CASES } from './fixtures/failures.js';
import { HELD_OUT_FAILURE_CASES, HELD_OUT_NUMBER_CASES } from './fixtures/held-out.js';
import { SOURCING_CASES } from './fixtures/sourcing.js';
import { failureTally, numberTally, precisionRecall } from './table-metrics.js';

// The held-out cases are not edited to pass; they only must not fall below
// what this version measured on them when they were written (see README).
const HELD_OUT_FLOOR = 0.85;

test('precision and recall', async (t) => {
  await t.test('should be 1 on the committed tables', () => {
    assert.deepEqual(precisionRecall(numberTally(SOURCING_CASES, CLAIM_CASES).counts), { precision: 1, recall: 1 });
    assert.deepEqual(precisionRecall(failureTally(FAILURE_CASES).counts), { precision: 1, recall: 1 });
  });

  await t.test(`should stay at ${HELD_OUT_FLOOR} or more on the held-out cases`, () => {
    for (const tally of [numberTally(HELD_OUT_NUMBER_CASES), failureTally(HELD_OUT_FAILURE_CASES)]) {
      const { precision, recall } = precisionRecall(tally.counts);
      assert.ok(precision >= HELD_OUT_FLOOR && recall >= HELD_OUT_FLOOR, JSON.stringify({ precision, recall, misses: tally.misses }));
    }
  });

  await t.test('should count flags as multisets', () => {
    const tally = numberTally([], [['Got 2315 and 2315.', ['2315']]]);
    assert.deepEqual(tally.counts, { truePositives: 1, falsePositives: 1, falseNegatives: 0 });
  });
});
