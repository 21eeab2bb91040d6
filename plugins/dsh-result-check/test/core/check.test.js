import assert from 'node:assert/strict';
import test from 'node:test';
import { checkAnswer, decideNudge } from '../../lib/core/check.js';
import { DEFAULT_OPTIONS } from '../../lib/core/options.js';

/** @param {Partial<import('../../lib/core/check.js').TurnInput>} fields */
function turn(fields) {
  return {
    answer: 'We found 1,708 cells with accuracy 0.873.',
    calls: [{ tool: 'bash', isError: false, output: 'cells=1708 acc=0.87312' }],
    sources: ['cells=1708 acc=0.87312'],
    resumed: false,
    subagent: false,
    nudgesThisTurn: 0,
    ...fields,
  };
}

/** @param {import('../../lib/core/check.js').Findings} findings */
function summary(findings) {
  return { failures: findings.failures.map((f) => f.tool), numbers: findings.numbers.map((n) => n.text) };
}

test('checkAnswer', async (t) => {
  await t.test('should pass an answer whose numbers all have sources', () => {
    assert.deepEqual(summary(checkAnswer(turn({}), DEFAULT_OPTIONS)), { failures: [], numbers: [] });
  });

  await t.test('should list each unsourced number once, in answer order', () => {
    const findings = checkAnswer(turn({ answer: 'Got 2315 rows, 0.91 F1 and again 2315 rows.' }), DEFAULT_OPTIONS);
    assert.deepEqual(summary(findings).numbers, ['2315', '0.91']);
  });

  await t.test('should leave plain chat answers alone when numbersNeedToolCall is on', () => {
    const input = turn({ calls: [], answer: 'Pi is 3.14159.' });
    assert.deepEqual(summary(checkAnswer(input, DEFAULT_OPTIONS)).numbers, []);
    const options = { ...DEFAULT_OPTIONS, numbersNeedToolCall: false };
    assert.deepEqual(summary(checkAnswer(input, options)).numbers, ['3.14159']);
  });

  await t.test('should skip the number check but not the failure check on resumed sessions', () => {
    const input = turn({ resumed: true, answer: 'Got 2315 rows.', calls: [{ tool: 'fetch', isError: true, output: 'Error: 503' }] });
    assert.deepEqual(summary(checkAnswer(input, DEFAULT_OPTIONS)), { failures: ['fetch'], numbers: [] });
  });

  await t.test('should skip subagents only when skipSubagents is on', () => {
    const input = turn({ subagent: true, answer: 'Got 2315 rows.' });
    assert.deepEqual(summary(checkAnswer(input, DEFAULT_OPTIONS)).numbers, ['2315']);
    assert.deepEqual(summary(checkAnswer(input, { ...DEFAULT_OPTIONS, skipSubagents: true })).numbers, []);
  });

  await t.test('should honour checkFailures and checkNumbers', () => {
    const input = turn({ answer: 'Got 2315 rows.', calls: [{ tool: 'fetch', isError: true, output: 'Error' }] });
    assert.deepEqual(summary(checkAnswer(input, { ...DEFAULT_OPTIONS, checkFailures: false })), { failures: [], numbers: ['2315'] });
    assert.deepEqual(summary(checkAnswer(input, { ...DEFAULT_OPTIONS, checkNumbers: false })), { failures: ['fetch'], numbers: [] });
  });

  await t.test('should say nothing about an empty answer', () => {
    const input = turn({ answer: '  ', calls: [{ tool: 'fetch', isError: true, output: 'Error' }] });
    assert.deepEqual(summary(checkAnswer(input, DEFAULT_OPTIONS)), { failures: [], numbers: [] });
  });
});

test('decideNudge', async (t) => {
  await t.test('should give a note and a notice when something is wrong', () => {
    const nudge = decideNudge(turn({ answer: 'Got 2315 rows and 0.91 F1.' }), DEFAULT_OPTIONS);
    assert.equal(nudge?.notice, 'Result check: 2 unsourced numbers');
    assert.match(nudge?.note ?? '', /- 2315\n- 0\.91\n/);
  });

  await t.test('should stay quiet when the answer is fine', () => {
    assert.equal(decideNudge(turn({}), DEFAULT_OPTIONS), undefined);
  });

  await t.test('should stop after maxNudgesPerTurn notes in a turn', () => {
    const input = turn({ answer: 'Got 2315 rows.' });
    assert.notEqual(decideNudge({ ...input, nudgesThisTurn: 0 }, DEFAULT_OPTIONS), undefined);
    assert.equal(decideNudge({ ...input, nudgesThisTurn: 1 }, DEFAULT_OPTIONS), undefined);
    assert.notEqual(decideNudge({ ...input, nudgesThisTurn: 1 }, { ...DEFAULT_OPTIONS, maxNudgesPerTurn: 2 }), undefined);
    assert.equal(decideNudge({ ...input, nudgesThisTurn: 0 }, { ...DEFAULT_OPTIONS, maxNudgesPerTurn: 0 }), undefined);
  });
});
