import assert from 'node:assert/strict';
import test from 'node:test';
import { extractClaims } from '../../lib/core/claims.js';
import { CLAIM_CASES } from '../fixtures/claims.js';

test('extractClaims', async (t) => {
  for (const [answer, expected] of CLAIM_CASES) {
    await t.test(`should find ${JSON.stringify(expected)} in ${JSON.stringify(answer)}`, () => {
      assert.deepEqual(
        extractClaims(answer).map((claim) => claim.text),
        expected,
      );
    });
  }

  await t.test('should report where each claim starts in the answer', () => {
    const answer = 'cells: 1,708; accuracy 0.873';
    const claims = extractClaims(answer);
    assert.deepEqual(
      claims.map((claim) => answer.slice(claim.index, claim.index + claim.text.length)),
      ['1,708', '0.873'],
    );
  });

  await t.test('should honour minIntegerDigits', () => {
    assert.deepEqual(extractClaims('Found 42 and 1708 items.', { minIntegerDigits: 2 }).map((c) => c.text), ['42', '1708']);
    assert.deepEqual(extractClaims('Found 42 and 1708 items.', { minIntegerDigits: 5 }).map((c) => c.text), []);
    assert.deepEqual(extractClaims('Found 42 and 1708 items.', null).map((c) => c.text), ['1708']);
  });

  await t.test('should still check decimals and percentages when integers are off', () => {
    assert.deepEqual(extractClaims('0.873 and 12.5% and 1708', { minIntegerDigits: 15 }).map((c) => c.text), ['0.873', '12.5%']);
  });
});
