import assert from 'node:assert/strict';
import test from 'node:test';
import { failureReason, findUnreportedFailures, mentionsFailure } from '../../lib/core/failures.js';
import { DEFAULT_OPTIONS } from '../../lib/core/options.js';
import { FAILURE_CASES } from '../fixtures/failures.js';

/** @param {ReadonlyArray<readonly [string, boolean, string]>} calls */
function outcomes(calls) {
  return calls.map(([tool, isError, output]) => ({ tool, isError, output }));
}

test('findUnreportedFailures', async (t) => {
  for (const [answer, calls, expected] of FAILURE_CASES) {
    await t.test(`should flag ${JSON.stringify(expected)} for ${JSON.stringify(answer)} after ${JSON.stringify(calls)}`, () => {
      assert.deepEqual(
        findUnreportedFailures(outcomes(calls), answer, DEFAULT_OPTIONS).map((failure) => failure.tool),
        expected,
      );
    });
  }

  await t.test('should ignore tools matching ignoreTools wildcards', () => {
    const calls = outcomes([['mcp__search__query', true, 'Error: quota'], ['fetch', true, 'Error: 404']]);
    const options = { ...DEFAULT_OPTIONS, ignoreTools: ['mcp__*'] };
    assert.deepEqual(findUnreportedFailures(calls, 'Summary.', options).map((f) => f.tool), ['fetch']);
  });

  await t.test('should use the configured failure statuses', () => {
    const calls = outcomes([['deploy', false, '{"status":"degraded"}']]);
    assert.deepEqual(findUnreportedFailures(calls, 'Summary.', DEFAULT_OPTIONS), []);
    const options = { ...DEFAULT_OPTIONS, failureStatuses: ['degraded'] };
    assert.deepEqual(findUnreportedFailures(calls, 'Summary.', options).map((f) => f.tool), ['deploy']);
  });

  await t.test('should give the first line of an error and the JSON status as the reason', () => {
    const calls = outcomes([['fetch', true, 'Error: connection refused\n  at line 2'], ['deploy', false, '{"status":"timeout"}']]);
    assert.deepEqual(findUnreportedFailures(calls, 'Summary.', DEFAULT_OPTIONS), [
      { tool: 'fetch', reason: 'Error: connection refused' },
      { tool: 'deploy', reason: 'status "timeout"' },
    ]);
  });
});

test('failureReason', async (t) => {
  await t.test('should shorten a long error line', () => {
    const reason = failureReason({ tool: 'x', isError: true, output: 'E'.repeat(300) }, DEFAULT_OPTIONS.failureStatuses);
    assert.equal(reason?.length, 80);
    assert.ok(reason?.endsWith('…'));
  });

  await t.test('should name an error with no text', () => {
    assert.equal(failureReason({ tool: 'x', isError: true, output: '' }, DEFAULT_OPTIONS.failureStatuses), 'error');
  });

  await t.test('should not treat a non-zero shell exit as a failure', () => {
    assert.equal(failureReason({ tool: 'bash', isError: false, output: 'Exit code: 2' }, DEFAULT_OPTIONS.failureStatuses), undefined);
  });
});

test('mentionsFailure', async (t) => {
  for (const text of ['It failed.', 'Failure!', 'could not', 'cannot', 'timed out', 'time-out', 'crashed', 'was denied', '失败', '无法', '超时', '报错', '未能完成']) {
    await t.test(`should see a failure in ${JSON.stringify(text)}`, () => assert.equal(mentionsFailure(text), true));
  }
  for (const text of ['All good.', 'The table is below.', 'This is not a drill.', '一切正常。', 'fails2parse']) {
    await t.test(`should see no failure in ${JSON.stringify(text)}`, () => assert.equal(mentionsFailure(text), false));
  }
});
