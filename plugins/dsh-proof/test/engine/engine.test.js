import { test } from 'node:test'
import assert from 'node:assert/strict'
import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createProofEngine } from '../../lib/engine/index.js'
import { ADDER_PROJECT, git, sha256, tempWorkspace, writeTree } from './fixtures.js'

/**
 * The session's file tool: writes a file and records it in the touch set
 * with the digest of the bytes it left, as the adapter's `tools/result` does.
 */
function toolStream(/** @type {string} */ workspace) {
  /** @type {Record<string, { digest: string }>} */
  const files = {}
  return {
    touches: { files },
    async write(/** @type {string} */ rel, /** @type {string} */ text) {
      await writeFile(join(workspace, rel), text)
      files[join(workspace, rel)] = { digest: sha256(text) }
    },
  }
}

/**
 * A committed project with an engine and a baseline taken over it.
 * @param {import('node:test').TestContext} t @param {Record<string, string>} files
 */
async function baselinedProject(t, files) {
  const { workspace } = await tempWorkspace(t)
  await writeTree(workspace, files)
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'init')
  const engine = createProofEngine({ workspace })
  await engine.baseline()
  return { workspace, engine, tools: toolStream(workspace) }
}

test('proof engine on a real project (real shell, real git)', async (t) => {
  const { root, workspace } = await tempWorkspace(t)
  await writeTree(workspace, ADDER_PROJECT)
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'init')
  /** @type {any[]} */
  const evidence = []
  const engine = createProofEngine({ workspace, home: root, onEvidence: (e) => { evidence.push(e) } })
  const tools = toolStream(workspace)

  await t.test('should take a baseline with the discovered check passing', async () => {
    const b = await engine.baseline()
    assert.equal(b.status, 'established')
    assert.deepEqual(b.checks.map((c) => c.id), ['npm:.:test'])
    assert.deepEqual(b.runs.map((r) => [r.checkId, r.status]), [['npm:.:test', 'pass']])
    assert.match(b.baselineId ?? '', /^[0-9a-f]{64}$/)
    assert.deepEqual(evidence.map((e) => e.kind), ['check-run', 'baseline'])
  })

  await t.test('should report a regression charged to the file the session broke', async () => {
    await tools.write('src/math.js', 'export const add = (a, b) => a - b\n')
    const v = await engine.verify({ touches: tools.touches })
    assert.equal(v.grade, 'regressed')
    const verdict = v.verdicts.find((x) => x.checkId === 'npm:.:test')
    assert.equal(verdict?.verdict, 'regression')
    assert.deepEqual(verdict?.suspects, ['src/math.js'])
    assert.deepEqual(v.attribution.charged, ['src/math.js'])
    assert.equal(v.blockers[0]?.kind, 'regression')
    assert.match(v.blockers[0]?.message ?? '', /src\/math\.js/)
    assert.deepEqual(v.changeSet.methods, ['git-head'])
    const run = evidence.findLast((e) => e.kind === 'check-run')
    assert.equal(run.record.status, 'fail')
    assert.ok(run.record.excerpt.includes('$WORKSPACE/test/math.test.js'), 'output is addressed canonically')
    assert.ok(!run.record.excerpt.includes(workspace))
  })

  await t.test('should prove the claim once the session fixed it', async () => {
    await tools.write('src/math.js', 'export const add = (a, b) => b + a\n')
    const c = await engine.claim('add() adds again')
    const withTouches = await engine.claim('add() adds again', { touches: tools.touches })
    assert.equal(c.grade, 'proven')
    assert.equal(withTouches.grade, 'proven')
    assert.equal(withTouches.summary, 'PROVEN — 1 check(s) passing, 0 regression(s), 0 pre-existing failure(s) left untouched.')
    assert.deepEqual(withTouches.blockers, [])
    assert.deepEqual(withTouches.runs.map((r) => [r.checkId, r.status]), [['npm:.:test', 'pass']])
    assert.match(withTouches.evidenceRoot, /^[0-9a-f]{64}$/)
    assert.equal(evidence.at(-1).kind, 'claim')
    assert.equal(evidence.at(-1).evidenceId, withTouches.evidenceRoot)
    assert.equal(evidence.at(-1).record.verificationId, withTouches.verificationId)
  })

  await t.test('should list an edit outside the tool stream as external and not charge it', async () => {
    await writeFile(join(workspace, 'src/greet.js'), "export const greet = (name) => `hi ${name}`\n")
    const v = await engine.verify({ touches: tools.touches })
    assert.equal(v.grade, 'proven')
    assert.deepEqual(v.attribution.external, ['src/greet.js'])
    assert.deepEqual(v.attribution.charged, ['src/math.js'])
    assert.equal(v.changeSet.files.find((f) => f.path === 'src/greet.js')?.origin, 'external')
  })

  await t.test('should name an external edit that breaks a check without charging it', async () => {
    await writeFile(join(workspace, 'test/math.test.js'), "import { test } from 'node:test'\nimport assert from 'node:assert/strict'\ntest('adds', () => { assert.equal(1, 2) })\n")
    const v = await engine.verify({ touches: tools.touches })
    assert.equal(v.grade, 'regressed')
    const verdict = v.verdicts[0]
    // The failing test file comes first: the output names it.
    assert.deepEqual(verdict?.externalSuspects, ['test/math.test.js', 'src/greet.js'])
    assert.ok(!verdict?.suspects.includes('test/math.test.js'))
    await writeFile(join(workspace, 'test/math.test.js'), ADDER_PROJECT['test/math.test.js'])
  })

  await t.test('should report status with the baseline and the latest grade', async () => {
    const s = await engine.status()
    assert.equal(s.git, true)
    assert.equal(s.baseline?.results[0]?.status, 'pass')
    assert.equal(s.latest?.kind, 'verification')
    assert.deepEqual(s.checks.map((c) => c.id), ['npm:.:test'])
  })
})

test('proof engine: canonical addresses across checkouts and users (real runs)', async (t) => {
  const ids = []
  for (const [user, dir] of [['alice', 'checkout-one'], ['bob', 'elsewhere/checkout-two']]) {
    const { root, workspace } = await tempWorkspace(t, `${user}/${dir}`)
    await writeTree(workspace, { ...ADDER_PROJECT, 'src/math.js': 'export const add = (a, b) => a + b + 1\n' })
    /** @type {any[]} */
    const evidence = []
    const engine = createProofEngine({ workspace, home: join(root, user), onEvidence: (e) => { evidence.push(e) } })
    await engine.baseline()
    const run = evidence.find((e) => e.kind === 'check-run')
    assert.equal(run.record.status, 'fail')
    ids.push(run.evidenceId)
  }
  assert.equal(ids[0], ids[1])
})

test('proof engine: a workspace opened through a symlink', async (t) => {
  const { root, workspace } = await tempWorkspace(t, 'real')
  await writeTree(workspace, { ...ADDER_PROJECT, 'src/math.js': 'export const add = (a, b) => a + b + 1\n' })
  const linked = join(root, 'linked')
  await symlink(workspace, linked)
  /** @type {any[]} */
  const evidence = []
  const engine = createProofEngine({ workspace: linked, home: root, onEvidence: (e) => { evidence.push(e) } })
  await engine.baseline()
  const run = evidence.find((e) => e.kind === 'check-run')
  assert.equal(run.record.status, 'fail')
  assert.ok(run.record.excerpt.includes('$WORKSPACE/test/math.test.js'), 'the real path printed by the runner is canonicalised too')
  assert.ok(!run.record.excerpt.includes(root))
})

test('proof engine: degraded and indecisive runs', async (t) => {
  await t.test('should mark the change set degraded without git and run every check', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { ...ADDER_PROJECT, 'docs/a.txt': 'a\n' })
    const engine = createProofEngine({ workspace, checks: [{ name: 'docs', command: 'test -f a.txt', cwd: 'docs', paths: ['docs'] }] })
    const b = await engine.baseline()
    assert.equal(b.git, false)
    assert.deepEqual(b.runs.map((r) => [r.checkId, r.status]), [['config:docs', 'pass'], ['npm:.:test', 'pass']])
    const v = await engine.verify({ touches: { files: {} } })
    assert.equal(v.changeSet.degraded, true)
    assert.equal(v.selection.reason, 'degraded')
    assert.equal(v.runs.length, 2)
  })
  await t.test('should grade a timed-out check stale, and keep an aborted baseline off the store', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { 'README.md': 'x\n' })
    git(workspace, 'init', '-q')
    let slow = false
    const engine = createProofEngine({ workspace, discover: false, checks: [{ name: 'slow', command: 'if [ -f slow ]; then sleep 20; fi', timeoutMs: 1500 }] })
    assert.equal((await engine.baseline()).status, 'established')
    await writeFile(join(workspace, 'slow'), '')
    slow = true
    const v = await engine.verify()
    assert.ok(slow)
    assert.equal(v.runs[0]?.status, 'timeout')
    assert.equal(v.verdicts[0]?.verdict, 'indeterminate')
    assert.equal(v.grade, 'stale')
    assert.match(v.changeSet.degradedReason ?? '', /no commit/)
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const aborted = await engine.baseline({ signal: controller.signal })
    assert.equal(aborted.status, 'aborted')
    assert.equal((await engine.status()).baseline?.baselineId, (await engine.status()).baseline?.baselineId)
    assert.notEqual((await engine.status()).baseline, null, 'the earlier baseline is kept')
  })
  await t.test('should refuse a baseline modified after it was taken', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { 'README.md': 'x\n' })
    /** @type {any} */
    let saved = null
    const store = { load: async () => saved, save: async (/** @type {any} */ b) => { saved = b } }
    const engine = createProofEngine({ workspace, discover: false, checks: [{ name: 'ok', command: 'true' }], baselineStore: store })
    await engine.baseline()
    saved = { ...saved, record: { ...saved.record, results: [{ ...saved.record.results[0], status: 'fail' }] } }
    await assert.rejects(engine.verify(), { code: 'baseline_tampered' })
  })
  await t.test('should not let a session that redefines its check (`"test": "true"`) prove a break', async (t) => {
    const { workspace, engine, tools } = await baselinedProject(t, ADDER_PROJECT)
    await tools.write('src/math.js', 'export const add = (a, b) => a - b\n')
    const pkg = JSON.parse(ADDER_PROJECT['package.json'])
    await tools.write('package.json', `${JSON.stringify({ ...pkg, scripts: { test: 'true' } }, null, 2)}\n`)
    const c = await engine.claim('add() simplified, tests pass', { touches: tools.touches })
    assert.equal(c.verdicts.find((v) => v.checkId === 'npm:.:test')?.verdict, 'still-passing', 'the hollow script passes')
    assert.equal(c.grade, 'unproven')
    assert.deepEqual(c.blockers.map((b) => [b.kind, b.checkId]), [['redefined', 'npm:.:test']])
    assert.match(c.blockers[0]?.message ?? '', /defined differently than at baseline \(package\.json changed what it runs\)/)
    await tools.write('package.json', ADDER_PROJECT['package.json'])
    assert.equal((await engine.claim('add() simplified', { touches: tools.touches })).grade, 'regressed', 'restored, the break shows')
  })
  await t.test('should see a break through a git-ignored file the session wrote', async (t) => {
    const { workspace, engine, tools } = await baselinedProject(t, {
      ...ADDER_PROJECT,
      '.gitignore': 'local.json\n',
      'local.json': '{"offset":0}\n',
      'test/math.test.js': "import { test } from 'node:test'\nimport assert from 'node:assert/strict'\nimport { readFileSync } from 'node:fs'\nimport { add } from '../src/math.js'\n\ntest('adds', () => {\n  const { offset } = JSON.parse(readFileSync(new URL('../local.json', import.meta.url), 'utf8'))\n  assert.equal(add(2, 2) + offset, 4)\n})\n",
    })
    await tools.write('local.json', '{"offset":1}\n')
    await tools.write('scratch.js', 'made and removed again\n')
    const { rm } = await import('node:fs/promises')
    await rm(join(workspace, 'scratch.js'))
    const v = await engine.verify({ touches: tools.touches })
    assert.deepEqual(v.changeSet.files.map((f) => [f.path, f.method, f.origin]), [['local.json', 'dirty-fallback', 'agent']])
    assert.equal(v.changeSet.degraded, false)
    assert.equal(v.grade, 'regressed')
    assert.deepEqual(v.verdicts.map((x) => [x.checkId, x.verdict, x.suspects]), [['npm:.:test', 'regression', ['local.json']]])
  })
  await t.test('should grade no-baseline and run nothing before a baseline exists', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, ADDER_PROJECT)
    const engine = createProofEngine({ workspace })
    const c = await engine.claim('done')
    assert.equal(c.grade, 'no-baseline')
    assert.deepEqual(c.runs, [])
    assert.equal(c.blockers[0]?.kind, 'no-baseline')
    await assert.rejects(engine.claim('  '), { code: 'empty_claim' })
  })
  await t.test('should refuse a relative workspace and a malformed explicit check at once', () => {
    assert.throws(() => createProofEngine({ workspace: 'relative/ws' }), { code: 'invalid_workspace' })
    assert.throws(() => createProofEngine({ workspace: '/ws', checks: [{ name: 'x', command: 'true', cwd: '../../etc' }] }), { code: 'invalid_check', message: /check `x`: cwd `..\/..\/etc` leaves the workspace/ })
  })
})
