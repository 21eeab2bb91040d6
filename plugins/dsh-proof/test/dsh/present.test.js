import { test } from 'node:test'
import assert from 'node:assert/strict'
import { claimTitle, gradeLabel, integrityLines, integrityWarning, renderBaseline, renderClaim, renderVerify, shortRoot, tallySentence, verifyTitle } from '../../lib/dsh/present.js'

/** @type {import('../../lib/dsh/views.js').IntegrityView} */
const INTACT = {
  chainMode: 'signed', records: 9, checkpoints: 2, chainIntact: true, firstBrokenRecord: null, rewindDetected: false,
  baselineTampered: false, baselineForeign: false, unverifiableCheckpoints: 0, forgedCheckpoints: 0, anchorForged: false, tailRecords: 0, intact: true, problems: [],
}
const TALLY = { passing: 3, regressions: 0, preExisting: 1, indeterminate: 0, notRun: 0 }

/** @param {Partial<import('../../lib/dsh/views.js').ClaimView>} overrides @returns {import('../../lib/dsh/views.js').ClaimView} */
function claim(overrides = {}) {
  return {
    claim: 'the parser handles empty input', grade: 'proven', impactPrecision: 'approximate', evidenceRoot: '3f9a0c2b7d41aa00', tally: TALLY, ran: ['npm:.:test'],
    regressions: [], changed: [], external: [], changeMethods: ['git-head'], degraded: null, blockers: [], integrity: INTACT, ...overrides,
  }
}

test('renderClaim', async (t) => {
  await t.test('should read as the documented three lines for a proven claim', () => {
    assert.deepEqual(renderClaim(claim()).split('\n').slice(0, 4), [
      '✓ PROVEN — the parser handles empty input',
      'evidence root: 3f9a0c2b7d41',
      'PROVEN — 3 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched.',
      'EXTERNAL edits: none',
    ])
  })
  await t.test('should mark every grade', () => {
    const titles = /** @type {const} */ (['proven', 'regressed', 'stale', 'unproven', 'no-baseline']).map((grade) => claimTitle({ grade, claim: 'c' }))
    assert.deepEqual(titles, ['✓ PROVEN — c', '✗ REGRESSED — c', '? STALE — c', '? UNPROVEN — c', '! NO BASELINE — c'])
  })
  await t.test('should list regressions, external edits, blockers and a tampered log', () => {
    const text = renderClaim(claim({
      grade: 'regressed',
      tally: { ...TALLY, regressions: 1, passing: 2 },
      regressions: [{ check: 'npm:.:test', verdict: 'regression', suspects: ['src/a.js'], externalSuspects: [], cause: 'session', salientLine: 'AssertionError: 1 !== 2' }],
      external: ['notes.md'],
      blockers: ['npm:.:test passed at baseline and fails now'],
      integrity: { ...INTACT, chainIntact: false, intact: false, firstBrokenRecord: 3 },
    }))
    assert.match(text, /\nRegressions \(charged to this session\):\n- npm:\.:test \(regression\) — suspects: src\/a\.js\n {4}AssertionError: 1 !== 2\n/)
    assert.match(text, /\nEXTERNAL edits \(changed outside the agent's tool stream — not charged to this session\): notes\.md\n/)
    assert.match(text, /\nBlockers \(to do before the claim can be proven\):\n- npm:\.:test passed at baseline and fails now\n/)
    assert.match(text, /⚠ evidence log TAMPERED \(chain broken\): run proof_status for details\.$/)
  })
  await t.test('should tell the session\'s suspects from the external ones and link an outside failure to its file', () => {
    const text = renderClaim(claim({
      grade: 'regressed',
      tally: { ...TALLY, regressions: 1 },
      regressions: [
        { check: 'npm:a:test', verdict: 'regression', suspects: ['a/x.js'], externalSuspects: ['a/y.js'], cause: 'session', salientLine: null },
        { check: 'npm:.:test', verdict: 'regression', suspects: ['math.js'], externalSuspects: ['other.js'], cause: 'external', salientLine: 'not ok 2 - mul' },
      ],
      external: ['a/y.js', 'other.js', 'notes.md'],
    }))
    assert.match(text, /\nRegressions \(charged to this session\):\n- npm:a:test \(regression\) — suspects: a\/x\.js; also changed outside the session: a\/y\.js\n/)
    assert.match(text, /\nFailures caused outside this session \(not charged; not proven while they fail\):\n- npm:\.:test \(regression\) — external suspects: other\.js; the session's math\.js not reached by the failure\n {4}not ok 2 - mul\n/)
    assert.ok(!/Regressions[^\n]*\n(?:- [^\n]*\n)*- npm:\.:test/.test(text), 'the outside failure is not listed as charged')
    assert.match(text, /\nEXTERNAL edits \(changed outside the agent's tool stream — not charged to this session\): a\/y\.js \(suspect of npm:a:test\), other\.js \(suspect of npm:\.:test\), notes\.md$/)
  })
})

test('renderVerify', async (t) => {
  await t.test('should say how precise the impact selection was, in the title and the text', () => {
    const { claim: _, ...value } = claim({ impactPrecision: 'resolved', ran: ['npm:.:test'] })
    assert.equal(verifyTitle(value), '✓ verification: PROVEN (1 check(s) re-run, impact resolved)')
    assert.match(renderVerify(value), /\nimpact selection: resolved \(the import graph includes TypeScript's own module resolution\)\n/)
    assert.match(renderVerify({ ...value, impactPrecision: 'forced' }), /\nimpact selection: forced \(every check ran\)\n/)
  })
})

test('tallySentence', async (t) => {
  await t.test('should add indeterminate and not-run counts only when present', () => {
    assert.equal(tallySentence('stale', { ...TALLY, indeterminate: 2, notRun: 1 }), 'STALE — 3 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched. 2 indeterminate, 1 not run.')
  })
})

test('integrityLines', async (t) => {
  await t.test('should name every flag and every problem', () => {
    const lines = integrityLines({ ...INTACT, rewindDetected: true, intact: false, problems: ['the log was rewound'] })
    assert.deepEqual(lines, [
      'Evidence log: TAMPERED — chainMode signed, 9 record(s), 2 checkpoint(s), 0 tail record(s)',
      '  chainIntact: true, rewindDetected: true, baselineTampered: false, anchorForged: false, unverifiableCheckpoints: 0',
      '  - the log was rewound',
    ])
    assert.equal(integrityWarning(INTACT), null)
  })
})

test('renderBaseline', async (t) => {
  await t.test('should count pre-existing failures and say when nothing was found', () => {
    const base = { status: /** @type {const} */ ('saved'), evidenceRoot: null, dirtyFiles: 0, integrity: INTACT }
    assert.match(renderBaseline({ ...base, checks: [{ name: 'a', outcome: 'pass' }, { name: 'b', outcome: 'fail' }] }), /^Baseline saved: 2 check\(s\) — 1 passing, 1 not passing/)
    assert.match(renderBaseline({ ...base, checks: [] }), /No checks were found/)
    assert.match(renderBaseline({ ...base, status: 'aborted', checks: [] }), /^Baseline ABORTED/)
  })
})

test('gradeLabel and shortRoot', async (t) => {
  await t.test('should spell grades and roots as rendered', () => {
    assert.equal(gradeLabel('no-baseline'), 'NO BASELINE')
    assert.equal(shortRoot(null), 'none')
    assert.equal(shortRoot('0123456789abcdef'), '0123456789ab')
  })
})
