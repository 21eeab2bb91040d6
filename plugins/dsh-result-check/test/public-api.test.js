import assert from 'node:assert/strict';
import test from 'node:test';
import * as api from 'dsh-result-check';

test('dsh-result-check', async (t) => {
  await t.test('should expose the public API by its package name', () => {
    assert.deepEqual(Object.keys(api).sort(), [
      'Config',
      'DEFAULT_FAILURE_STATUSES',
      'DEFAULT_OPTIONS',
      'NOTE_HEADING',
      'ResultCheckError',
      'apply',
      'checkAnswer',
      'decideNudge',
      'extractClaims',
      'failureReason',
      'findUnreportedFailures',
      'findUnsourcedClaims',
      'formatNote',
      'formatNotice',
      'inject',
      'matchesWildcard',
      'mentionsFailure',
      'name',
      'resolveOptions',
      'scanSourceNumbers',
    ]);
  });

  await t.test('should be a Cordis plugin module named dsh-result-check', () => {
    assert.equal(api.name, 'dsh-result-check');
    assert.equal(typeof api.apply, 'function');
    assert.equal(typeof api.Config, 'function');
  });

  await t.test('should check an answer end to end through the package entry', () => {
    const nudge = api.decideNudge(
      {
        answer: '共1708个细胞，准确率0.91。',
        calls: [{ tool: 'bash', isError: false, output: '{"n_cells": 1708, "acc": 0.873}' }],
        sources: ['{"n_cells": 1708, "acc": 0.873}'],
        resumed: false,
        subagent: false,
        nudgesThisTurn: 0,
      },
      api.DEFAULT_OPTIONS,
    );
    assert.equal(nudge?.notice, 'Result check: 1 unsourced number');
  });
});
