import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { assertSupportedJsonSchema } from '@deepseek-ai/dsh-tools'
import { applyWith, Config, TOOL_NAMES, POLICY_SECTION } from '../../lib/index.js'
import { createEnginePort } from '../../lib/dsh/translate.js'
import { encodeRecord, GENESIS_HASH } from '../../lib/core/log/index.js'
import { callTool, standInAgent, standInHost } from '../fixtures/stand-in-host.js'
import { CHECKS, makeWorkspace } from '../fixtures/proof-workspace.js'
import { sha256 } from '../fixtures/log-ports.js'
import { tempSetup } from '../fixtures/temp.js'

/**
 * The plugin applied to a stand-in host over a fresh workspace.
 * @param {import('node:test').TestContext} t
 * @param {Partial<import('../../lib/index.js').ProofConfig>} [config]
 */
async function setup(t, config = {}) {
  const dirs = await tempSetup(t)
  await makeWorkspace(dirs.workspace)
  const host = standInHost()
  const adapter = applyWith(/** @type {any} */ (host.ctx), { checks: CHECKS, ...config }, {
    dshHome: dirs.dshHome,
    home: dirs.root,
    fallbackRoot: dirs.workspace,
    createPort: createEnginePort,
  })
  const agent = standInAgent(dirs.workspace)
  /** @param {string} name @param {unknown} [args] @param {AbortSignal} [signal] */
  const call = async (name, args = {}, signal) => {
    const tool = host.tools.get(name)
    assert.ok(tool, `tool ${name} is registered`)
    const result = await callTool(tool, args, signal === undefined ? { agent } : { agent, signal })
    assert.deepEqual(result.violations, [], `${name} result matches its output schema`)
    return result
  }
  /**
   * The host's write tool: writes, then the result event; waits until the
   * adapter fingerprinted the file (as the next tool call would).
   * @param {string} path @param {string} content
   */
  const toolWrite = async (path, content) => {
    await writeFile(join(dirs.workspace, path), content)
    host.only('tools/result')({ name: 'write', arguments: { file_path: path, content }, agent }, { isError: false, value: { path: join(dirs.workspace, path) } })
    await adapter.workspace(adapter.rootOf(agent)).touches.snapshot()
  }
  /** @param {string} name @param {unknown} args */
  const preExecute = (name, args, downstream = /** @type {any} */ ({ kind: 'allow' })) =>
    host.only('tools/pre-execute')({ name, arguments: args, agent }, async () => downstream)
  /** @param {number} turn */
  const turnStopping = (turn) => host.only('agent/turn-stopping')({ agent, turn, signal: new AbortController().signal })
  const store = adapter.workspace(adapter.rootOf(agent)).store
  return { ...dirs, host, adapter, agent, call, toolWrite, preExecute, turnStopping, store }
}

test('registration', async (t) => {
  await t.test('should register the four tools with valid schemas', async (t) => {
    const { host } = await setup(t)
    assert.deepEqual([...host.tools.keys()].sort(), [...TOOL_NAMES].sort())
    for (const tool of host.tools.values()) {
      assert.doesNotThrow(() => assertSupportedJsonSchema(tool.parameters), tool.name)
      assert.doesNotThrow(() => assertSupportedJsonSchema(tool.output.schema), tool.name)
      assert.equal(typeof tool.presentCall, 'function')
      assert.equal(typeof tool.presentResult, 'function')
    }
  })
  await t.test('should add the proof:policy prompt section unless disabled', async (t) => {
    const on = await setup(t)
    assert.deepEqual(on.host.sections.map((s) => s.name), [POLICY_SECTION])
    assert.match(on.host.sections[0]?.text ?? '', /proof_claim/)
    const off = await setup(t, { promptSection: false })
    assert.deepEqual(off.host.sections, [])
  })
  await t.test('should listen to the three hooks', async (t) => {
    const { host } = await setup(t)
    assert.deepEqual([...host.listeners.keys()].sort(), ['agent/turn-stopping', 'tools/pre-execute', 'tools/result'])
  })
  await t.test('should give every configuration key a default', () => {
    const defaults = Config({})
    assert.deepEqual(Object.keys(defaults).sort(), [
      'checkpointEvery', 'checks', 'driftDetection', 'enforceOnTurnEnd', 'evidenceStore', 'excerptStrategy',
      'headChars', 'impactGraph', 'normalizeHome', 'promptSection', 'requireBaseline',
    ])
    assert.equal(defaults.requireBaseline, 'warn')
    assert.equal(defaults.evidenceStore, 'host')
    assert.throws(() => Config({ requireBaseline: /** @type {any} */ ('always') }))
  })
})

test('proof tools', async (t) => {
  await t.test('should baseline, then prove a claim with the documented rendering', async (t) => {
    const s = await setup(t)
    const baseline = await s.call('proof_baseline')
    assert.equal(baseline.value.status, 'saved')
    assert.deepEqual(baseline.value.checks.map((/** @type {any} */ c) => c.outcome).sort(), ['fail', 'pass'])
    await s.toolWrite('lib.js', 'export const answer = 43\n')
    const claim = await s.call('proof_claim', { claim: 'the answer is 43' })
    assert.equal(claim.value.grade, 'proven', claim.text)
    const lines = claim.text.split('\n')
    assert.equal(lines[0], '✓ PROVEN — the answer is 43')
    assert.match(lines[1] ?? '', /^evidence root: [0-9a-f]{12}$/)
    assert.equal(lines[2], 'PROVEN — 1 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched.')
    assert.equal(claim.value.integrity.intact, true)
    assert.deepEqual(claim.meta, { title: '✓ PROVEN — the answer is 43' })
  })
  await t.test('should grade a regression with the suspect file and blockers', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    const verify = await s.call('proof_verify')
    assert.equal(verify.value.grade, 'regressed')
    assert.deepEqual(verify.value.regressions.map((/** @type {any} */ r) => r.suspects), [['lib.js']])
    assert.match(verify.text, /EXTERNAL edits: none/)
    const claim = await s.call('proof_claim', { claim: 'done' })
    assert.equal(claim.value.grade, 'regressed')
    assert.ok(claim.value.blockers.length > 0)
    assert.match(claim.text, /^✗ REGRESSED — done/)
  })
  await t.test('should keep a workspace evidence store out of the change set', async (t) => {
    const s = await setup(t, { evidenceStore: 'workspace' })
    await s.call('proof_baseline')
    assert.ok(existsSync(join(s.workspace, '.proof', 'evidence.jsonl')))
    await s.toolWrite('lib.js', 'export const answer = 51\n')
    const claim = await s.call('proof_claim', { claim: 'the answer is 51' })
    assert.deepEqual(claim.value.changed.map((/** @type {any} */ f) => f.path), ['lib.js'])
    assert.equal(claim.value.grade, 'proven', claim.text)
  })
  await t.test('should list a file changed outside the tool stream as external', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await writeFile(join(s.workspace, 'lib.js'), 'export const answer = "BROKEN"\n')
    const verify = await s.call('proof_verify')
    assert.deepEqual(verify.value.external, ['lib.js'])
    assert.match(verify.text, /EXTERNAL edits \(changed outside the agent's tool stream — not charged to this session\): lib\.js/)
  })
  await t.test('should answer proof_status with the integrity section', async (t) => {
    const s = await setup(t)
    const before = await s.call('proof_status')
    assert.equal(before.value.baseline, null)
    await s.call('proof_baseline')
    const after = await s.call('proof_status')
    assert.equal(after.value.baseline?.checks.length, 2)
    assert.equal(after.value.integrity.intact, true)
    assert.match(after.text, /Evidence log: intact — chainMode signed/)
    assert.match(after.text, /chainIntact: true, rewindDetected: false, baselineTampered: false, anchorForged: false, unverifiableCheckpoints: 0/)
  })
  await t.test('should keep presentations pure projections of arguments and values', async (t) => {
    const s = await setup(t)
    const tool = s.host.tools.get('proof_claim')
    assert.ok(tool?.presentCall && tool.presentResult)
    assert.deepEqual(tool.presentCall({ claim: 'x' }), { card: 'generic', title: 'proof claim: x', kind: 'execute' })
    const result = { content: [{ type: /** @type {const} */ ('text'), text: 'body' }], isError: false, meta: { title: '✓ PROVEN — x' } }
    assert.deepEqual(tool.presentResult({ claim: 'x' }, result), { card: 'generic', title: '✓ PROVEN — x' })
    assert.deepEqual(tool.presentResult({ claim: 'x' }, result), tool.presentResult({ claim: 'x' }, result))
    assert.equal(tool.presentResult({ claim: 'x' }, { content: [], isError: true }), undefined)
  })
  await t.test('should chain an aborted baseline without saving it', async (t) => {
    const s = await setup(t)
    const controller = new AbortController()
    controller.abort()
    const baseline = await s.call('proof_baseline', {}, controller.signal)
    assert.equal(baseline.value.status, 'aborted')
    assert.equal(existsSync(s.store.location.baselineFile), false)
    assert.match(await readFile(s.store.location.logFile, 'utf8'), /"marker":"baseline-aborted"/)
    assert.equal(baseline.value.integrity.intact, true)
  })
})

/** Tamper cases: what an agent with write access to the store could do. */
const TAMPERING = [
  {
    name: 'an edited line',
    /** @param {any} s */ async tamper(s) {
      const lines = (await readFile(s.store.location.logFile, 'utf8')).split('\n')
      lines[0] = lines[0].replace(/"status":"fail"/, '"status":"pass"').replace(/"exitCode":3/, '"exitCode":0')
      await writeFile(s.store.location.logFile, lines.join('\n'))
    },
    flags: { chainIntact: false },
  },
  {
    name: 'a deleted line',
    /** @param {any} s */ async tamper(s) {
      const lines = (await readFile(s.store.location.logFile, 'utf8')).split('\n')
      lines.splice(1, 1)
      await writeFile(s.store.location.logFile, lines.join('\n'))
    },
    flags: { chainIntact: false },
  },
  {
    name: 'a truncated log',
    /** @param {any} s */ async tamper(s) {
      const lines = (await readFile(s.store.location.logFile, 'utf8')).split('\n')
      await writeFile(s.store.location.logFile, `${lines.slice(0, 2).join('\n')}\n`)
    },
    flags: { rewindDetected: true },
  },
  {
    name: 'a self-consistent forgery of the whole chain',
    /** @param {any} s */ async tamper(s) {
      const digest = sha256(await readFile(s.store.location.baselineFile))
      let head = GENESIS_HASH
      const lines = []
      for (const body of [
        { kind: 'evidence', data: { forged: true } },
        { kind: 'marker', data: { marker: 'baseline-saved', digest } },
      ]) {
        const line = encodeRecord(lines.length, head, /** @type {any} */ (body))
        lines.push(line)
        head = sha256(line)
      }
      await writeFile(s.store.location.logFile, lines.map((l) => `${l}\n`).join(''))
    },
    flags: { chainIntact: true, rewindDetected: true },
  },
  {
    name: 'a swapped baseline.json',
    /** @param {any} s */ async tamper(s) {
      const baseline = JSON.parse(await readFile(s.store.location.baselineFile, 'utf8'))
      baseline.createdAt = '2000-01-01T00:00:00.000Z'
      await writeFile(s.store.location.baselineFile, JSON.stringify(baseline))
    },
    flags: { baselineTampered: true },
  },
  {
    name: 'a baseline.json forged to turn a failing check green',
    /** @param {any} s */ async tamper(s) {
      const baseline = JSON.parse(await readFile(s.store.location.baselineFile, 'utf8'))
      for (const result of baseline.record.results) result.status = 'pass'
      await writeFile(s.store.location.baselineFile, JSON.stringify(baseline))
    },
    flags: { baselineTampered: true },
  },
  {
    name: 'a forged anchor',
    /** @param {any} s */ async tamper(s) {
      const anchor = JSON.parse(await readFile(s.store.location.anchorFile, 'utf8'))
      await writeFile(s.store.location.anchorFile, JSON.stringify({ ...anchor, count: 1, head: GENESIS_HASH }))
    },
    flags: { anchorForged: true },
  },
]

test('proof_status tamper evidence', async (t) => {
  for (const tampering of TAMPERING) {
    await t.test(`should report ${tampering.name}`, async (t) => {
      const s = await setup(t)
      await s.call('proof_baseline')
      await tampering.tamper(s)
      const status = await s.call('proof_status')
      assert.equal(status.value.integrity.intact, false, status.text)
      for (const [flag, expected] of Object.entries(tampering.flags)) assert.equal(status.value.integrity[flag], expected, `${flag} in ${status.text}`)
      assert.match(status.text, /Evidence log: TAMPERED/)
      assert.ok(status.value.integrity.problems.length > 0)
    })
  }
  await t.test('should report a foreign key as unverifiable, not as tampering', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    const { generateKeyPairSync } = await import('node:crypto')
    const { privateKey } = generateKeyPairSync('ed25519')
    await writeFile(join(s.store.location.keyDir, 'ed25519.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const other = applyWith(/** @type {any} */ (standInHost().ctx), { checks: CHECKS }, { dshHome: s.dshHome, home: s.root, fallbackRoot: s.workspace, createPort: createEnginePort })
    const report = await other.workspace(other.rootOf(undefined)).store.integrity()
    assert.ok(report.unverifiableCheckpoints > 0)
    assert.equal(report.anchorForged, false)
    assert.equal(report.intact, true)
  })
})

test('a tampered baseline', async (t) => {
  await t.test('should not grade anything, and proof_status should say why', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    const baseline = JSON.parse(await readFile(s.store.location.baselineFile, 'utf8'))
    for (const result of baseline.record.results) result.status = 'pass'
    await writeFile(s.store.location.baselineFile, `${JSON.stringify(baseline)}\n`)
    await s.toolWrite('lib.js', 'export const answer = 53\n')
    await assert.rejects(s.call('proof_claim', { claim: 'fine' }), { code: 'baseline_tampered' })
    await assert.rejects(s.call('proof_verify'), { code: 'baseline_tampered' })
    const status = await s.call('proof_status')
    assert.equal(status.value.baseline, null)
    assert.match(status.value.baselineProblem ?? '', /differs from the digest recorded when it was saved/)
    assert.equal(status.value.checks.length, 2, 'the checks are still listed')
    assert.match(status.text, /^Baseline: UNUSABLE — /)
    assert.equal(status.value.integrity.baselineTampered, true)
  })
  await t.test('should accept a new baseline taken afterwards', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await writeFile(s.store.location.baselineFile, '{"planted":true}\n')
    assert.equal((await s.call('proof_baseline')).value.status, 'saved')
    const status = await s.call('proof_status')
    assert.equal(status.value.baselineProblem, null)
    assert.equal(status.value.integrity.intact, true)
  })
})

test('hooks', async (t) => {
  await t.test('should ask before mutations until a baseline exists with requireBaseline: ask', async (t) => {
    const s = await setup(t, { requireBaseline: 'ask' })
    assert.equal((await s.preExecute('write', { file_path: 'lib.js', content: '' })).kind, 'ask')
    assert.equal((await s.preExecute('bash', { command: 'touch x' })).kind, 'ask')
    assert.equal((await s.preExecute('read', { file_path: 'lib.js' })).kind, 'allow')
    assert.equal((await s.preExecute('write', { file_path: 'lib.js', content: '' }, { kind: 'deny', reason: 'policy' })).kind, 'deny')
    await s.call('proof_baseline')
    assert.equal((await s.preExecute('write', { file_path: 'lib.js', content: '' })).kind, 'allow')
  })
  await t.test('should not gate mutations with requireBaseline: warn or off', async (t) => {
    for (const requireBaseline of /** @type {const} */ (['warn', 'off'])) {
      const s = await setup(t, { requireBaseline })
      assert.equal((await s.preExecute('write', { file_path: 'lib.js', content: '' })).kind, 'allow')
    }
  })
  await t.test('should route mutations touching a workspace evidence store through approval', async (t) => {
    const s = await setup(t, { evidenceStore: 'workspace' })
    const ask = await s.preExecute('write', { file_path: '.proof/evidence.jsonl', content: '' })
    assert.equal(ask.kind, 'ask')
    assert.match(ask.reason, /evidence store/)
    assert.equal((await s.preExecute('edit', { file_path: join(s.workspace, '.proof', 'baseline.json'), old_string: 'a', new_string: 'b' })).kind, 'ask')
    assert.equal((await s.preExecute('bash', { command: 'rm -rf .proof' })).kind, 'ask')
    assert.equal((await s.preExecute('write', { file_path: 'lib.js', content: '' })).kind, 'allow')
    const host = await setup(t)
    assert.equal((await host.preExecute('write', { file_path: '.proof/x', content: '' })).kind, 'allow', 'the host store is not in the workspace')
    assert.equal((await host.preExecute('write', { file_path: join(host.dshHome, 'proof', 'keys', 'anchors', 'x.json'), content: '' })).kind, 'ask')
    assert.equal((await host.preExecute('bash', { command: `rm -rf ${join(host.dshHome, 'proof')}` })).kind, 'ask')
  })
  await t.test('should ask before a baseline refresh that follows the session\'s own changes', async (t) => {
    const s = await setup(t)
    const shellRan = () => s.host.only('tools/result')({ name: 'bash', arguments: { command: 'ls' }, agent: s.agent }, { isError: false, value: {} })
    shellRan()
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'allow', 'a shell that looked around before the first baseline')
    await s.call('proof_baseline')
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'allow', 'nothing changed since the baseline')
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    const ask = await s.preExecute('proof_baseline', {})
    assert.equal(ask.kind, 'ask')
    assert.match(ask.reason, /count as pre-existing failures/)
    assert.equal((await s.preExecute('proof_baseline', {}, { kind: 'deny', reason: 'headless' })).kind, 'deny')
    await s.call('proof_baseline') // the user approved: the refresh resets the guard
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'allow')
    shellRan()
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'ask', 'a shell may have changed files since the baseline')
    await rm(s.store.location.baselineFile)
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'ask', 'a shell that also deleted the baseline')
    const fresh = await setup(t)
    await fresh.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    assert.equal((await fresh.preExecute('proof_baseline', {})).kind, 'ask', 'a first baseline after the session\'s own edits')
  })
  await t.test('should steer once when a turn mutated without a proven claim', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = 44\n')
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 1)
    const message = s.agent.steered[0]
    assert.equal(message.role, 'user')
    assert.deepEqual(message.source.kind, 'plugin')
    assert.equal(message.source.plugin, 'dsh-proof')
    assert.match(message.content[0].text, /no PROVEN claim followed/)
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 1, 'once per turn')
  })
  await t.test('should not steer after a proven claim, nor in a turn without mutations', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.turnStopping(1)
    await s.toolWrite('lib.js', 'export const answer = 45\n')
    assert.equal((await s.call('proof_claim', { claim: 'answer is 45' })).value.grade, 'proven')
    await s.turnStopping(2)
    assert.equal(s.agent.steered.length, 0)
  })
  await t.test('should not steer a cancelled turn', async (t) => {
    const s = await setup(t)
    await s.toolWrite('lib.js', 'export const answer = 52\n')
    const controller = new AbortController()
    controller.abort()
    await s.host.only('agent/turn-stopping')({ agent: s.agent, turn: 1, signal: controller.signal })
    assert.equal(s.agent.steered.length, 0)
  })
  await t.test('should not steer with enforceOnTurnEnd off', async (t) => {
    const s = await setup(t, { enforceOnTurnEnd: false, requireBaseline: 'off' })
    await s.toolWrite('lib.js', 'export const answer = 46\n')
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 0)
  })
  await t.test('should remind to take a baseline with requireBaseline: warn', async (t) => {
    const s = await setup(t, { enforceOnTurnEnd: false })
    await s.toolWrite('lib.js', 'export const answer = 47\n')
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 1)
    assert.match(s.agent.steered[0].content[0].text, /without a proof baseline/)
  })
  await t.test('should flag files changed outside the tool stream, once', async (t) => {
    const s = await setup(t, { enforceOnTurnEnd: false })
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = 48\n')
    await writeFile(join(s.workspace, 'lib.js'), 'export const answer = "someone else"\n')
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 1)
    assert.match(s.agent.steered[0].content[0].text, /EXTERNAL edits: lib\.js changed outside your tool stream/)
    await s.turnStopping(2)
    assert.equal(s.agent.steered.length, 1, 'the same external content is flagged once')
  })
  await t.test('should count changes a shell made to tool-written files as the agent\'s', async (t) => {
    const s = await setup(t, { enforceOnTurnEnd: false })
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = 49\n')
    await writeFile(join(s.workspace, 'lib.js'), 'export const answer = 50\n')
    s.host.only('tools/result')({ name: 'bash', arguments: { command: "sed -i s/49/50/ lib.js" }, agent: s.agent }, { isError: false })
    await s.turnStopping(1)
    assert.equal(s.agent.steered.length, 0)
  })
})
