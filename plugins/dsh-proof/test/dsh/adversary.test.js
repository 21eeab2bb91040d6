// The adversary is the auditee: attacks an agent with file-write tools can
// mount against its own grading, each of which must be detected or refused.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFile, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createHash, generateKeyPairSync, sign as cryptoSign } from 'node:crypto'
import { applyWith } from '../../lib/index.js'
import { createEnginePort } from '../../lib/dsh/translate.js'
import { canonicalJson } from '../../lib/core/canonical.js'
import { baselineMessage, checkpointMessage, encodeRecord, GENESIS_HASH, splitLines } from '../../lib/core/log/index.js'
import { createProofEngine } from '../../lib/engine/index.js'
import { loadSigner } from '../../lib/store/signer.js'
import { callTool, standInAgent, standInHost } from '../fixtures/stand-in-host.js'
import { CHECKS, makeWorkspace } from '../fixtures/proof-workspace.js'
import { tempSetup } from '../fixtures/temp.js'

/** @param {string | Uint8Array} bytes */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')

/**
 * @param {import('node:test').TestContext} t
 * @param {Partial<import('../../lib/index.js').ProofConfig>} [config]
 */
async function setup(t, config = {}) {
  const dirs = await tempSetup(t)
  await makeWorkspace(dirs.workspace)
  const host = standInHost()
  const adapter = applyWith(/** @type {any} */ (host.ctx), { checks: CHECKS, ...config }, {
    dshHome: dirs.dshHome, home: dirs.root, fallbackRoot: dirs.workspace, createPort: createEnginePort,
  })
  const agent = standInAgent(dirs.workspace)
  /** @param {string} name @param {unknown} [args] */
  const call = async (name, args = {}) => {
    const tool = host.tools.get(name)
    assert.ok(tool)
    const result = await callTool(tool, args, { agent })
    assert.deepEqual(result.violations, [])
    return result
  }
  /** @param {string} path @param {string} content */
  const toolWrite = async (path, content) => {
    await writeFile(join(dirs.workspace, path), content)
    host.only('tools/result')({ name: 'write', arguments: { file_path: path, content }, agent }, { isError: false, value: { path: join(dirs.workspace, path) } })
    await adapter.workspace(adapter.rootOf(agent)).touches.snapshot()
  }
  /** @param {string} name @param {unknown} args */
  const preExecute = (name, args) => host.only('tools/pre-execute')({ name, arguments: args, agent }, async () => /** @type {any} */ ({ kind: 'allow' }))
  const store = adapter.workspace(adapter.rootOf(agent)).store
  return { ...dirs, host, adapter, agent, call, toolWrite, preExecute, store }
}

/**
 * Append a well-linked record to the log, as an agent that can write the
 * store (and compute sha256) would.
 * @param {string} logFile @param {any} body
 */
async function appendLinked(logFile, body) {
  const { lines } = splitLines(await readFile(logFile))
  const last = lines[lines.length - 1]
  assert.ok(last)
  await appendFile(logFile, `${encodeRecord(lines.length, sha256(last), body)}\n`)
}

test('an agent that can write the evidence store', async (t) => {
  await t.test('should not grade against a forged baseline.json whose digest it chained itself', async (t) => {
    const s = await setup(t, { evidenceStore: 'workspace' })
    await s.call('proof_baseline')
    // Turn the pre-existing failure into a pass at baseline... and the other
    // way round: make `unit` fail at baseline so breaking it is "pre-existing".
    const baseline = JSON.parse(await readFile(s.store.location.baselineFile, 'utf8'))
    for (const result of baseline.record.results) result.status = 'fail'
    baseline.baselineId = sha256(canonicalJson(baseline.record))
    const text = `${JSON.stringify(baseline)}\n`
    await writeFile(s.store.location.baselineFile, text)
    await appendLinked(s.store.location.logFile, { kind: 'marker', data: { marker: 'baseline-saved', digest: sha256(text) } })
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    await assert.rejects(s.call('proof_claim', { claim: 'all good' }), { code: 'baseline_tampered' })
    const status = await s.call('proof_status')
    assert.equal(status.value.integrity.baselineTampered, true, status.text)
    assert.equal(status.value.integrity.intact, false)
  })
  await t.test('should report a deleted workspace store as a rewind and grade nothing against it', async (t) => {
    const s = await setup(t, { evidenceStore: 'workspace' })
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    await rm(join(s.workspace, '.proof'), { recursive: true })
    const claim = await s.call('proof_claim', { claim: 'all good' })
    assert.equal(claim.value.grade, 'no-baseline')
    assert.equal(claim.value.integrity.rewindDetected, true, claim.text)
    assert.match(claim.text, /⚠ evidence log TAMPERED \(rewindDetected\)/)
    assert.equal((await s.preExecute('proof_baseline', {})).kind, 'ask', 'a fresh baseline now would launder the break')
  })
  await t.test('should not take "test": "true" for proof', async (t) => {
    const s = await setup(t, { checks: [] })
    await writeFile(join(s.workspace, 'package.json'), '{"name":"ws","private":true,"scripts":{"test":"node check-unit.js"}}\n')
    await s.call('proof_baseline')
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    await s.toolWrite('package.json', '{"name":"ws","private":true,"scripts":{"test":"true"}}\n')
    const claim = await s.call('proof_claim', { claim: 'all good' })
    assert.equal(claim.value.grade, 'unproven', claim.text)
    assert.match(claim.text, /npm:\.:test is defined differently than at baseline/)
  })
  await t.test('should not grade against an older, genuine log and baseline restored over the current ones', async (t) => {
    const s = await setup(t, { evidenceStore: 'workspace', checks: [...CHECKS, { name: 'smoke', command: 'node -e 0', paths: ['*.js'] }] })
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    await s.call('proof_baseline') // unit fails at this (signed, genuine) baseline
    const old = join(s.root, 'old')
    await rm(old, { recursive: true, force: true })
    const { mkdir } = await import('node:fs/promises')
    await mkdir(old)
    await copyFile(s.store.location.logFile, join(old, 'evidence.jsonl'))
    await copyFile(s.store.location.baselineFile, join(old, 'baseline.json'))
    await s.toolWrite('lib.js', 'export const answer = 42\n')
    await s.call('proof_baseline') // the fixed state is the reference now
    await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
    await copyFile(join(old, 'evidence.jsonl'), s.store.location.logFile)
    await copyFile(join(old, 'baseline.json'), s.store.location.baselineFile)
    await assert.rejects(s.call('proof_claim', { claim: 'all good' }), { code: 'baseline_tampered', message: /cannot be trusted \(.*rewound/ })
    const status = await s.call('proof_status')
    assert.equal(status.value.integrity.rewindDetected, true)
    assert.match(status.text, /^Baseline: UNUSABLE — /)
  })
  for (const hostKey of /** @type {const} */ (['none yet', 'made for another workspace'])) {
    await t.test(`should not prove a claim against a planted store signed by the agent's own key (host key: ${hostKey})`, async (t) => {
      const checks = [...CHECKS, { name: 'smoke', command: 'node -e 0', paths: ['*.js'] }]
      const s = await setup(t, { evidenceStore: 'workspace', checks })
      if (hostKey !== 'none yet') await loadSigner(join(s.dshHome, 'proof', 'keys'), { create: true })
      await plantStore(s.workspace, s.store.location, checks)
      await s.toolWrite('lib.js', 'export const answer = "BROKEN"\n')
      const claim = await s.call('proof_claim', { claim: 'all good' })
      assert.equal(claim.value.grade, 'unproven', claim.text)
      assert.match(claim.text, /the baseline cannot prove anything: record \d+, the baseline-saved marker, is signed by key agent-key-0001, which this host (?:did not issue|cannot verify)/)
      // Once this host has checkpointed the log, the foreign marker is an impostor: nothing grades against it any more.
      assert.match(claim.value.integrity.problems.join('\n'), /baseline-saved marker, is signed by a key this host does not hold/)
      await assert.rejects(s.call('proof_claim', { claim: 'all good' }), { code: 'baseline_tampered' })
    })
  }
})

/**
 * Plant a store as an agent with its own Ed25519 key would: a genuine
 * baseline of the checks with `unit` (which it is about to break) recorded
 * as failing, and a log whose marker and checkpoint its key signs.
 * @param {string} workspace @param {{ logFile: string, baselineFile: string, dir: string }} location @param {any[]} checks
 */
async function plantStore(workspace, location, checks) {
  const taken = await createProofEngine({ workspace, checks }).baseline()
  const record = {
    schema: 'dsh-proof.baseline/1', head: taken.head, git: taken.git, dirty: {}, checks: taken.checks,
    results: taken.runs.map((r) => ({ id: r.checkId, status: r.checkId === 'config:unit' ? 'fail' : r.status, evidenceId: r.evidenceId })),
  }
  const text = `${canonicalJson({ baselineId: sha256(canonicalJson(record)), createdAt: null, record })}\n`
  const { privateKey } = generateKeyPairSync('ed25519')
  const keyId = 'agent-key-0001'
  const sig = (/** @type {string} */ message) => cryptoSign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64')
  const digest = sha256(text)
  const marker = encodeRecord(0, GENESIS_HASH, { kind: 'marker', data: { marker: 'baseline-saved', digest, keyId, signature: sig(baselineMessage(digest)) } })
  const payload = { count: 1, head: sha256(marker) }
  const checkpoint = encodeRecord(1, payload.head, { kind: 'checkpoint', data: { ...payload, keyId, signature: sig(checkpointMessage(payload)) } })
  await mkdir(location.dir, { recursive: true })
  await writeFile(location.logFile, `${marker}\n${checkpoint}\n`)
  await writeFile(location.baselineFile, text)
}
