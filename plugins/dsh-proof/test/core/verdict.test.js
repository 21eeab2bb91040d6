import { test } from 'node:test'
import assert from 'node:assert/strict'
import { gradeOf, verdictOf } from '../../lib/core/verdict.js'

test('verdictOf', async (t) => {
  /** @type {Array<[import('../../lib/core/verdict.js').OutcomeStatus | null, import('../../lib/core/verdict.js').OutcomeStatus | null, string]>} */
  const table = [
    ['pass', 'pass', 'still-passing'],
    ['pass', 'fail', 'regression'],
    ['fail', 'fail', 'still-failing'],
    ['fail', 'pass', 'fixed'],
    [null, 'pass', 'new-check'],
    [null, 'fail', 'new-failure'],
    ['pass', null, 'not-run'],
    ['fail', null, 'not-run'],
  ]
  for (const [before, after, expected] of table) {
    await t.test(`should map ${before} → ${after} to ${expected}`, () => {
      assert.equal(verdictOf(before, after), expected)
    })
  }
  await t.test('should make every undecided side indeterminate, never borrowing certainty', () => {
    for (const unknown of /** @type {const} */ (['skipped', 'timeout', 'aborted', 'error'])) {
      for (const other of /** @type {const} */ (['pass', 'fail', null])) {
        assert.equal(verdictOf(unknown, other), 'indeterminate', `${unknown} → ${other}`)
        if (other !== null) assert.equal(verdictOf(other, unknown), 'indeterminate', `${other} → ${unknown}`)
      }
      assert.equal(verdictOf(null, unknown), 'indeterminate')
    }
  })
})

test('gradeOf', async (t) => {
  const grade = (/** @type {any[]} */ verdicts, uncoveredFiles = 0, hasBaseline = true) => gradeOf({ hasBaseline, verdicts, uncoveredFiles })
  await t.test('should be no-baseline without a baseline, whatever the verdicts', () => {
    assert.equal(grade(['still-passing'], 0, false), 'no-baseline')
  })
  await t.test('should be proven when nothing regressed and coverage is complete', () => {
    assert.equal(grade(['still-passing', 'fixed', 'new-check']), 'proven')
  })
  await t.test('should not let a pre-existing failure block proven', () => {
    assert.equal(grade(['still-passing', 'still-failing']), 'proven')
  })
  await t.test('should be regressed on a regression or a new failing check, over everything else', () => {
    assert.equal(grade(['still-passing', 'regression', 'indeterminate']), 'regressed')
    assert.equal(grade(['new-failure', 'not-run'], 3), 'regressed')
  })
  await t.test('should be stale when a check gave no decisive result', () => {
    assert.equal(grade(['still-passing', 'indeterminate', 'not-run']), 'stale')
  })
  await t.test('should be unproven when coverage is incomplete', () => {
    assert.equal(grade(['still-passing', 'not-run']), 'unproven')
    assert.equal(grade(['still-passing'], 1), 'unproven')
    assert.equal(grade([]), 'unproven')
    assert.equal(grade(['still-failing']), 'unproven', 'only red checks prove nothing')
    assert.equal(gradeOf({ hasBaseline: true, verdicts: ['still-passing'], uncoveredFiles: 0, redefinedChecks: 1 }), 'unproven', 'a redefined check proves nothing against the baseline')
    assert.equal(gradeOf({ hasBaseline: true, verdicts: ['regression'], uncoveredFiles: 0, redefinedChecks: 1 }), 'regressed')
  })
})
