import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assess, summaryLine } from '../../lib/core/assess.js'
import { buildImportGraph } from '../../lib/core/graph.js'

/** @returns {any} */
const check = (/** @type {string} */ id) => ({ id, name: id, kind: 'config', command: 'true', cwd: '', paths: null, timeoutMs: null, source: 'config' })
/** @returns {any} */
const baseline = (/** @type {Record<string, string>} */ results) => ({
  schema: 'dsh-proof.baseline/1', head: 'abc', git: true, dirty: {},
  checks: Object.keys(results).map(check),
  results: Object.entries(results).map(([id, status]) => ({ id, status, evidenceId: `b-${id}` })),
})
/** @returns {any} */
const selection = (/** @type {string[]} */ selected, /** @type {Record<string, string[]>} */ reach = {}, /** @type {string[]} */ uncovered = []) => ({ full: false, reason: 'impact', selected, invalidators: [], reach, uncovered, affectedFiles: 0 })
/** @returns {any} */
const changeSet = (/** @type {Array<[string, string]>} */ files) => ({ files: files.map(([path, origin]) => ({ path, kind: 'modified', method: 'git-head', origin })), methods: ['git-head'], degraded: false, degradedReason: null })
const run = (/** @type {string} */ status, excerpt = '', salientLine = /** @type {string | null} */ (null)) => ({ status, evidenceId: `c-${status}`, excerpt, salientLine })

test('assess', async (t) => {
  await t.test('should charge a regression to the session files that reach it, the ones the output names first', () => {
    const a = assess({
      baseline: baseline({ unit: 'pass', lint: 'fail' }),
      checks: [check('unit'), check('lint')],
      runs: new Map(/** @type {any} */ ([['unit', run('fail', 'at $WORKSPACE/src/b.ts:3:1', 'AssertionError: 1 !== 2')]])),
      selection: selection(['unit'], { unit: ['src/a.ts', 'src/b.ts', 'src/ext.ts'], lint: [] }),
      changeSet: changeSet([['src/a.ts', 'agent'], ['src/b.ts', 'agent'], ['src/ext.ts', 'external'], ['src/far.ts', 'agent']]),
    })
    assert.equal(a.grade, 'regressed')
    const unit = a.verdicts.find((v) => v.checkId === 'unit')
    assert.deepEqual(unit?.suspects, ['src/b.ts', 'src/a.ts'])
    assert.deepEqual(unit?.externalSuspects, ['src/ext.ts'])
    assert.equal(a.blockers[0]?.message, 'unit passed at baseline and fails now: AssertionError: 1 !== 2 (suspects: src/b.ts, src/a.ts; changed outside the session: src/ext.ts)')
    const lint = a.verdicts.find((v) => v.checkId === 'lint')
    assert.deepEqual(lint?.current, { status: 'fail', evidenceId: 'b-lint', carried: true })
    assert.equal(lint?.verdict, 'still-failing')
    assert.deepEqual(a.preExisting, ['lint'])
    assert.deepEqual(a.counts, { passing: 0, regressions: 1, externalFailures: 0, preExisting: 1, fixed: 0, newChecks: 0, indeterminate: 0, notRun: 0, carried: 1 })
  })
  // A single-package project: one check whose scope (the whole workspace) every changed file reaches.
  const calculator = {
    'package.json': '{"scripts":{"test":"node --test"}}',
    'math.js': 'export const add = (a, b) => a + b\n',
    'other.js': "import { add } from './util.js'\nexport const mul = (a, b) => a * b\n",
    'util.js': 'export const id = (x) => x\n',
    'README.md': '# calc\n',
    'test/math.test.js': "import { add } from '../math.js'\n",
    'test/other.test.js': "import { mul } from '../other.js'\n",
  }
  const graph = buildImportGraph({ files: Object.keys(calculator).sort(), read: (p) => /** @type {Record<string, string>} */ (calculator)[p] ?? null })
  const otherFails = "not ok 2 - mul\n  location: '$WORKSPACE/test/other.test.js:5:1'\n"
  const calc = (/** @type {Array<[string, string]>} */ files, excerpt = otherFails) => assess({
    baseline: baseline({ unit: 'pass' }),
    checks: [check('unit')],
    runs: new Map(/** @type {any} */ ([['unit', run('fail', excerpt, 'not ok 2 - mul')]])),
    selection: selection(['unit'], { unit: files.map(([f]) => f) }),
    changeSet: changeSet(files),
    graph,
  })

  await t.test('should not charge a failure whose only plausible cause changed outside the session', () => {
    const a = calc([['math.js', 'agent'], ['other.js', 'external']])
    const unit = a.verdicts[0]
    assert.equal(unit?.verdict, 'regression')
    assert.equal(unit?.cause, 'external')
    assert.deepEqual(unit?.suspects, ['math.js'])
    assert.deepEqual(unit?.externalSuspects, ['other.js'])
    assert.equal(a.grade, 'unproven', 'not charged, but a failing check proves nothing')
    assert.deepEqual(a.blockers.map((b) => b.kind), ['external-failure'])
    assert.match(a.blockers[0]?.message ?? '', /only plausible cause changed outside the agent's tool stream \(other\.js\) — not charged to this session/)
    assert.equal(a.counts.regressions, 0)
    assert.equal(a.counts.externalFailures, 1)
  })

  await t.test('should charge the session when one of its files is on the failure\'s import path', () => {
    const a = calc([['util.js', 'agent'], ['other.js', 'external']])
    const unit = a.verdicts[0]
    assert.equal(unit?.cause, 'session')
    assert.equal(a.grade, 'regressed')
    assert.deepEqual(unit?.suspects, ['util.js'])
    assert.deepEqual(a.blockers.map((b) => b.kind), ['regression'])
  })

  await t.test('should charge the session when the output names no file the graph knows', () => {
    const a = calc([['math.js', 'agent'], ['other.js', 'external']], 'Error: something broke\n')
    assert.equal(a.verdicts[0]?.cause, 'session')
    assert.equal(a.grade, 'regressed')
  })

  await t.test('should rank suspects nearest to the failing test first and leave out prose', () => {
    const a = calc([['README.md', 'agent'], ['math.js', 'agent'], ['other.js', 'agent'], ['util.js', 'agent']])
    // other.test.js → other.js (1 hop) → util.js (2 hops); math.js is not on the failure's path; README.md reaches no check.
    assert.deepEqual(a.verdicts[0]?.suspects, ['other.js', 'util.js', 'math.js'])
  })

  await t.test('should prove with a pre-existing failure left alone and say so in the summary', () => {
    const a = assess({
      baseline: baseline({ unit: 'pass', lint: 'fail', types: 'pass' }),
      checks: [check('unit'), check('lint'), check('types'), check('e2e')],
      runs: new Map(/** @type {any} */ ([['unit', run('pass')], ['e2e', run('pass')]])),
      selection: selection(['e2e', 'unit'], { unit: ['a.ts'] }),
      changeSet: changeSet([['a.ts', 'agent']]),
    })
    assert.equal(a.grade, 'proven')
    assert.deepEqual(a.verdicts.map((v) => [v.checkId, v.verdict]), [['e2e', 'new-check'], ['lint', 'still-failing'], ['types', 'still-passing'], ['unit', 'still-passing']])
    assert.equal(summaryLine(a.grade, a.counts), 'PROVEN — 3 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched.')
    assert.deepEqual(a.blockers, [])
  })
  await t.test('should block on a removed check, an indecisive run and an uncovered file', () => {
    const a = assess({
      baseline: baseline({ unit: 'pass', gone: 'pass', slow: 'pass' }),
      checks: [check('unit'), check('slow')],
      runs: new Map(/** @type {any} */ ([['unit', run('pass')], ['slow', run('timeout')]])),
      selection: selection(['slow', 'unit'], {}, ['scripts/x.sh']),
      changeSet: changeSet([['scripts/x.sh', 'agent']]),
    })
    assert.equal(a.grade, 'stale')
    assert.deepEqual(a.blockers.map((b) => [b.kind, b.checkId ?? b.path]), [['not-run', 'gone'], ['indeterminate', 'slow'], ['uncovered', 'scripts/x.sh']])
    assert.match(a.blockers[0]?.message ?? '', /no longer defined/)
    assert.match(a.blockers[1]?.message ?? '', /now timeout/)
  })
  await t.test('should grade no-baseline with one blocker', () => {
    const a = assess({ baseline: null, checks: [check('unit')], runs: new Map(), selection: selection([]), changeSet: changeSet([]) })
    assert.equal(a.grade, 'no-baseline')
    assert.deepEqual(a.blockers.map((b) => b.kind), ['no-baseline'])
  })
})
