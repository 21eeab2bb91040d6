import { test } from 'node:test'
import assert from 'node:assert/strict'
import { attributionOf, computeChangeSet, parseNameStatusZ, parsePorcelainZ } from '../../lib/core/provenance.js'

test('parsePorcelainZ', async (t) => {
  await t.test('should parse entries, renames with both paths, and odd names verbatim', () => {
    const out = ' M src/a.ts\0R  new name.ts\0old name.ts\0?? dir/ünï "q".txt\0 D gone.js\0'
    assert.deepEqual(parsePorcelainZ(out), [
      { xy: ' M', path: 'src/a.ts' },
      { xy: 'R ', path: 'new name.ts', from: 'old name.ts' },
      { xy: '??', path: 'dir/ünï "q".txt' },
      { xy: ' D', path: 'gone.js' },
    ])
  })
  await t.test('should reject output it does not understand', () => {
    assert.throws(() => parsePorcelainZ('garbage\0'), { code: 'git_output' })
    assert.throws(() => parsePorcelainZ('R  only-new\0'), { code: 'git_output' })
  })
})

test('parseNameStatusZ', async (t) => {
  await t.test('should parse statuses and renames (source first, then target)', () => {
    assert.deepEqual(parseNameStatusZ('M\0a.ts\0R087\0old.ts\0new.ts\0A\0b.ts\0D\0c.ts\0'), [
      { status: 'M', path: 'a.ts' },
      { status: 'R', path: 'new.ts', from: 'old.ts' },
      { status: 'A', path: 'b.ts' },
      { status: 'D', path: 'c.ts' },
    ])
  })
})

const WS = 'C:\\Users\\dev\\proj'
/** @param {Record<string, string | null>} digests */
const digestOf = (digests) => (/** @type {string} */ p) => (p in digests ? digests[p] ?? null : `d-${p}`)

test('computeChangeSet', async (t) => {
  await t.test('should exclude unchanged dirt and count a dirty file reverted to HEAD as changed', () => {
    const cs = computeChangeSet({
      workspace: WS,
      baseline: { head: 'abc', dirty: { 'wip.ts': 'dirty-1', 'reverted.ts': 'dirty-2', 'new.ts': 'n-1' } },
      git: { status: [{ xy: ' M', path: 'wip.ts' }, { xy: '??', path: 'new.ts' }], diff: [{ status: 'M', path: 'wip.ts' }] },
      digest: digestOf({ 'wip.ts': 'dirty-1', 'reverted.ts': 'head-bytes', 'new.ts': 'n-1' }),
      touches: { files: {} },
    })
    assert.deepEqual(cs.files.map((f) => [f.path, f.kind, f.method]), [['reverted.ts', 'modified', 'baseline-content']])
    assert.equal(cs.degraded, false)
  })
  await t.test('should find clean-at-baseline changes through git diff and untracked files, renames giving both paths', () => {
    const cs = computeChangeSet({
      workspace: WS,
      baseline: { head: 'abc', dirty: {} },
      git: { status: [{ xy: '??', path: 'fresh.ts' }], diff: [{ status: 'R', path: 'src/new.ts', from: 'src/old.ts' }, { status: 'M', path: 'committed.ts' }] },
      digest: digestOf({}),
      touches: { files: {} },
    })
    assert.deepEqual(cs.files.map((f) => [f.path, f.kind, f.from ?? '']), [['committed.ts', 'modified', ''], ['fresh.ts', 'added', ''], ['src/new.ts', 'renamed', 'src/old.ts'], ['src/old.ts', 'deleted', '']])
    assert.deepEqual(cs.methods, ['git-head'])
  })
  await t.test('should add files a tool wrote that git ignores (git lists them nowhere), unless they are gone again', () => {
    const cs = computeChangeSet({
      workspace: WS,
      baseline: { head: 'abc', dirty: {} },
      git: { status: [], diff: [{ status: 'M', path: 'src/a.ts' }], listed: ['src/a.ts', 'same.ts'] },
      digest: digestOf({ 'scratch.js': null }),
      touches: { files: { '.env': { digest: 'd-.env' }, 'same.ts': { digest: 'd-same.ts' }, 'scratch.js': { digest: null } } },
    })
    assert.deepEqual(cs.files.map((f) => [f.path, f.method, f.origin]), [['.env', 'dirty-fallback', 'agent'], ['src/a.ts', 'git-head', 'external']])
    assert.equal(cs.degraded, false)
  })
  await t.test('should classify agent, external, explicit and unknown origins from the touch set (Windows paths)', () => {
    const cs = computeChangeSet({
      workspace: WS,
      baseline: { head: 'abc', dirty: {} },
      git: { status: [], diff: ['agent.ts', 'retouched.ts', 'outside.ts', 'declared.ts'].map((path) => ({ status: 'M', path })) },
      digest: digestOf({ 'agent.ts': 'tool-bytes', 'retouched.ts': 'edited-later' }),
      touches: { files: { 'C:\\Users\\dev\\proj\\agent.ts': { digest: 'tool-bytes' }, 'c:/users/dev/proj/retouched.ts': { digest: 'tool-bytes' }, 'D:\\elsewhere\\x.ts': {} } },
      explicit: ['C:\\Users\\dev\\proj\\declared.ts'],
    })
    assert.deepEqual(cs.files.map((f) => [f.path, f.origin, f.method]), [
      ['agent.ts', 'agent', 'git-head'],
      ['declared.ts', 'explicit', 'git-head'],
      ['outside.ts', 'external', 'git-head'],
      ['retouched.ts', 'external', 'git-head'],
    ])
    assert.equal(cs.files[3]?.editedAfterTool, true)
    assert.deepEqual(attributionOf(cs), { charged: ['agent.ts', 'declared.ts'], unknown: [], external: ['outside.ts', 'retouched.ts'], externalNote: "changed outside the agent's tool stream — not charged to this session" })
  })
  await t.test('should call unexplained changes unknown when the stream ran a shell or was not observed', () => {
    const base = { workspace: '/w', baseline: { head: 'abc', dirty: {} }, git: { status: [], diff: [{ status: 'M', path: 'x.ts' }] }, digest: digestOf({}) }
    assert.equal(computeChangeSet({ ...base, touches: { files: {}, opaque: true } }).files[0]?.origin, 'unknown')
    assert.equal(computeChangeSet(base).files[0]?.origin, 'unknown')
  })
  await t.test('should add explicit files git does not see, with the explicit method', () => {
    const cs = computeChangeSet({ workspace: '/w', baseline: { head: 'abc', dirty: {} }, git: { status: [], diff: [] }, digest: digestOf({}), explicit: ['/w/gen/out.bin'] })
    assert.deepEqual(cs.files, [{ path: 'gen/out.bin', kind: 'modified', method: 'explicit', origin: 'explicit' }])
    assert.throws(() => computeChangeSet({ workspace: '/w', baseline: { head: null, dirty: {} }, git: null, digest: digestOf({}), explicit: ['/elsewhere/x'] }), { code: 'explicit_outside_workspace' })
  })
  await t.test('should fall back to the dirty set, degraded, when the baseline has no commit or it is gone', () => {
    const cs = computeChangeSet({ workspace: '/w', baseline: { head: null, dirty: {} }, git: { status: [{ xy: 'A ', path: 'a.ts' }, { xy: 'R ', path: 'b2.ts', from: 'b.ts' }], diff: null }, digest: digestOf({}), touches: { files: { 'a.ts': {} } } })
    assert.deepEqual(cs.files.map((f) => [f.path, f.kind, f.method, f.origin]), [['a.ts', 'added', 'dirty-fallback', 'agent'], ['b.ts', 'deleted', 'dirty-fallback', 'external'], ['b2.ts', 'renamed', 'dirty-fallback', 'external']])
    assert.equal(cs.degraded, true)
    assert.match(cs.degradedReason ?? '', /no commit/)
    const gone = computeChangeSet({ workspace: '/w', baseline: { head: 'abc', dirty: {} }, git: { status: [], diff: null }, digest: digestOf({}) })
    assert.match(gone.degradedReason ?? '', /no longer reachable/)
  })
  await t.test('should mark the change set degraded without git and use the touch set', () => {
    const cs = computeChangeSet({ workspace: '/w', baseline: { head: null, dirty: {} }, git: null, digest: digestOf({ 'gone.ts': null }), touches: { files: { 'a.ts': {}, '/w/gone.ts': { digest: null } } } })
    assert.equal(cs.degraded, true)
    assert.deepEqual(cs.files.map((f) => [f.path, f.kind, f.method, f.origin]), [['a.ts', 'modified', 'dirty-fallback', 'agent'], ['gone.ts', 'deleted', 'dirty-fallback', 'agent']])
  })
})
