import assert from 'node:assert/strict';
import test from 'node:test';
import { generateWorkload } from '../bench/generate.js';
import { checkAnswer } from '../lib/core/check.js';
import { DEFAULT_OPTIONS } from '../lib/core/options.js';

test('generateWorkload', async (t) => {
  await t.test('should give the same workload every run', () => {
    const options = { answerWords: 200, sourceBytes: 20_000 };
    assert.deepEqual(generateWorkload(options), generateWorkload(options));
  });

  await t.test('should give the requested sizes', () => {
    const { answer, sources } = generateWorkload({ answerWords: 200, sourceBytes: 20_000 });
    assert.equal(answer.split(' ').length, 200);
    assert.ok(sources.reduce((sum, text) => sum + text.length, 0) >= 20_000);
  });

  await t.test('should put a number every numberEvery words', () => {
    const { answer } = generateWorkload({ answerWords: 200, sourceBytes: 20_000, numberEvery: 2 });
    assert.equal(answer.split(' ').filter((word) => /\d/.test(word)).length, 100);
  });

  await t.test('should hold numbers without a source, so the benchmark reads every byte', () => {
    const workload = generateWorkload({ answerWords: 200, sourceBytes: 20_000 });
    const findings = checkAnswer({ ...workload, resumed: false, subagent: false, nudgesThisTurn: 0 }, DEFAULT_OPTIONS);
    assert.ok(findings.numbers.length > 0);
  });
});
