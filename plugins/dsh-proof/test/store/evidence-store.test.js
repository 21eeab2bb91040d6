import { test } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { EvidenceStore, PRIVATE_KEY_FILE } from '../../lib/store/index.js'
import { encodeRecord, GENESIS_HASH, decodeRecord } from '../../lib/core/log/index.js'
import { sha256 } from '../fixtures/log-ports.js'
import { tempSetup } from '../fixtures/temp.js'

/**
 * A store with a typical history: 3 evidence records, a saved baseline,
 * 2 more records and a claim boundary.
 * @param {import('node:test').TestContext} t
 * @param {Partial<import('../../lib/store/index.js').EvidenceStoreOptions>} [options]
 */
async function populatedStore(t, options = {}) {
  const dirs = await tempSetup(t)
  const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace, ...options })
  for (const n of [0, 1, 2]) await store.appendEvidence({ check: `c${n}`, outcome: 'pass' })
  await store.saveBaseline('{"checks":["c0","c1","c2"]}\n')
  await store.appendEvidence({ check: 'c0', outcome: 'fail' })
  await store.appendEvidence({ check: 'c0', outcome: 'pass' })
  await store.checkpoint()
  return { ...dirs, store, fresh: () => new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace, ...options }) }
}

/** @param {string} path */
async function lines(path) {
  return (await readFile(path, 'utf8')).split('\n').slice(0, -1)
}

/** @param {string} path @param {string[]} list */
async function writeLines(path, list) {
  await writeFile(path, list.map((l) => `${l}\n`).join(''))
}

test('EvidenceStore tamper evidence', async (t) => {
  await t.test('should report an untouched log as intact', async (t) => {
    const { store, fresh } = await populatedStore(t)
    for (const s of [store, fresh()]) {
      const report = await s.integrity()
      assert.equal(report.intact, true, report.problems.join('; '))
      assert.equal(report.chainMode, 'signed')
      assert.equal(report.checkpoints, 2)
      assert.equal(report.tailRecords, 0)
      assert.deepEqual(report.problems, [])
    }
  })
  await t.test('should detect an edited line', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const all = await lines(store.location.logFile)
    all[1] = (all[1] ?? '').replace('"pass"', '"fail"')
    await writeLines(store.location.logFile, all)
    const report = await fresh().integrity()
    assert.equal(report.chainIntact, false)
    assert.equal(report.firstBrokenRecord, 2)
  })
  await t.test('should keep reporting a truncated log after it grows past the anchored checkpoint again', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const all = await lines(store.location.logFile)
    await writeLines(store.location.logFile, all.slice(0, 3))
    const next = fresh()
    for (let n = 0; n < all.length + 3; n++) {
      await next.appendEvidence({ check: 'grow', n })
      await next.checkpoint()
    }
    const report = await fresh().integrity()
    assert.ok(report.records > all.length)
    assert.equal(report.rewindDetected, true, 'appending must not erase the evidence of the cut')
    assert.equal(report.intact, false)
  })
  await t.test('should detect a deleted line', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const all = await lines(store.location.logFile)
    await writeLines(store.location.logFile, all.filter((_, i) => i !== 5))
    const report = await fresh().integrity()
    assert.equal(report.chainIntact, false)
    assert.equal(report.intact, false)
  })
  await t.test('should detect a truncated log', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const all = await lines(store.location.logFile)
    await writeLines(store.location.logFile, all.slice(0, 3))
    const report = await fresh().integrity()
    assert.equal(report.rewindDetected, true)
    assert.equal(report.intact, false)
  })
  await t.test('should detect the whole chain replaced by a self-consistent forgery', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const original = await lines(store.location.logFile)
    const digest = sha256(await readFile(store.location.baselineFile))
    const bodies = [
      { kind: 'evidence', data: { check: 'c0', outcome: 'pass' } },
      { kind: 'marker', data: { marker: 'baseline-saved', digest } },
      ...original.slice(2).map(() => ({ kind: 'evidence', data: { check: 'c1', outcome: 'pass' } })),
    ]
    /** @type {string[]} */
    const forged = []
    let head = GENESIS_HASH
    for (const body of bodies) {
      const line = encodeRecord(forged.length, head, /** @type {any} */ (body))
      forged.push(line)
      head = sha256(line)
    }
    assert.equal(forged.length, original.length)
    await writeLines(store.location.logFile, forged)
    const report = await fresh().integrity()
    assert.equal(report.chainIntact, true, 'the forgery links')
    assert.equal(report.rewindDetected, true)
    assert.equal(report.intact, false)
  })
  await t.test('should detect a swapped baseline.json and refuse to hand it out', async (t) => {
    const { store, fresh } = await populatedStore(t)
    assert.deepEqual(await store.readBaseline(), { text: '{"checks":["c0","c1","c2"]}\n', foreign: null })
    await writeFile(store.location.baselineFile, '{"checks":[]}\n')
    const report = await fresh().integrity()
    assert.equal(report.baselineTampered, true)
    assert.equal(report.chainIntact, true)
    await assert.rejects(fresh().readBaseline(), { code: 'baseline_tampered' })
    assert.equal(await fresh().hasBaseline(), true)
  })
  await t.test('should detect a forged anchor', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const anchor = JSON.parse(await readFile(store.location.anchorFile, 'utf8'))
    await writeFile(store.location.anchorFile, JSON.stringify({ ...anchor, count: 2, head: GENESIS_HASH }))
    const report = await fresh().integrity()
    assert.equal(report.anchorForged, true)
    assert.equal(report.intact, false)
  })
  await t.test('should report a foreign key as unverifiable, not as a forgery', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const { privateKey } = generateKeyPairSync('ed25519')
    await writeFile(join(store.location.keyDir, PRIVATE_KEY_FILE), privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const report = await fresh().integrity()
    assert.equal(report.unverifiableCheckpoints, 3)
    assert.equal(report.forgedCheckpoints, 0)
    assert.equal(report.anchorForged, false)
    assert.equal(report.intact, true)
  })
  await t.test('should report a missing key as unverifiable, without creating one to look', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const keyFile = join(store.location.keyDir, PRIVATE_KEY_FILE)
    await rm(keyFile)
    const report = await fresh().integrity()
    assert.equal(report.chainMode, 'hash-only')
    assert.equal(report.unverifiableCheckpoints, 3)
    assert.equal(report.intact, true)
    assert.equal(existsSync(keyFile), false)
  })
})

test('EvidenceStore before the first record', async (t) => {
  await t.test('should report a signed, intact, empty log without creating a key to look', async (t) => {
    const dirs = await tempSetup(t)
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    const report = await store.integrity()
    assert.equal(report.chainMode, 'signed')
    assert.equal(report.records, 0)
    assert.equal(report.intact, true)
    assert.equal(existsSync(join(store.location.keyDir, PRIVATE_KEY_FILE)), false)
  })
  await t.test('should report hash-only when the key exists but cannot load', async (t) => {
    const dirs = await tempSetup(t)
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    await mkdir(store.location.keyDir, { recursive: true })
    await writeFile(join(store.location.keyDir, PRIVATE_KEY_FILE), 'garbage')
    assert.equal((await store.integrity()).chainMode, 'hash-only')
  })
})

test('EvidenceStore appends', async (t) => {
  await t.test('should keep one unforked chain under concurrent appends', async (t) => {
    const dirs = await tempSetup(t)
    const a = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace, checkpointEvery: 7 })
    const b = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace, checkpointEvery: 7 })
    const appended = await Promise.all(Array.from({ length: 60 }, (_, n) => (n % 2 === 0 ? a : b).appendEvidence({ n })))
    const seqs = appended.map((x) => x.seq)
    assert.equal(new Set(seqs).size, 60)
    const report = await a.integrity()
    assert.equal(report.intact, true, report.problems.join('; '))
    assert.ok(report.checkpoints >= 8, `automatic checkpoints every 7 records, got ${report.checkpoints}`)
    const all = await lines(a.location.logFile)
    assert.deepEqual(all.map((l) => decodeRecord(new TextEncoder().encode(l)).record?.seq), all.map((_, i) => i))
  })
  await t.test('should keep the key and the host store outside the workspace', async (t) => {
    const { store, workspace, dshHome } = await populatedStore(t)
    assert.ok(store.location.logFile.startsWith(join(dshHome, 'proof', 'workspaces')))
    assert.ok(!store.location.logFile.startsWith(workspace))
    const key = await stat(join(dshHome, 'proof', 'keys', PRIVATE_KEY_FILE))
    assert.equal(key.mode & 0o777, 0o600)
    assert.equal(existsSync(join(workspace, '.proof')), false)
  })
  await t.test('should put a workspace store in .proof/ with the key still on the host', async (t) => {
    const { store, workspace, dshHome } = await populatedStore(t, { evidenceStore: 'workspace' })
    assert.equal(store.location.logFile, join(workspace, '.proof', 'evidence.jsonl'))
    assert.ok(existsSync(join(workspace, '.proof', 'baseline.json')))
    assert.ok(store.location.anchorFile.startsWith(join(dshHome, 'proof', 'keys')))
    assert.match(await readFile(join(workspace, '.proof', '.gitignore'), 'utf8'), /^\*$/m, 'kept out of git and of change sets')
    assert.equal((await store.integrity()).intact, true)
  })
  await t.test('should chain an aborted baseline without writing baseline.json', async (t) => {
    const dirs = await tempSetup(t)
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    await store.appendEvidence({ check: 'c0', outcome: 'aborted' })
    await store.recordAbortedBaseline({ reason: 'cancelled', evidenceIds: ['e1'] })
    assert.equal(existsSync(store.location.baselineFile), false)
    const all = await lines(store.location.logFile)
    assert.match(all[1] ?? '', /"marker":"baseline-aborted"/)
    const report = await store.integrity()
    assert.equal(report.intact, true)
    assert.equal(report.baselineTampered, false)
  })
  await t.test('should degrade loudly to a hash-only chain when the key cannot load', async (t) => {
    const dirs = await tempSetup(t)
    const keyDir = join(dirs.dshHome, 'proof', 'keys')
    await mkdir(keyDir, { recursive: true })
    await writeFile(join(keyDir, PRIVATE_KEY_FILE), 'not a key')
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    await store.appendEvidence({ n: 1 })
    await store.checkpoint()
    const all = await lines(store.location.logFile)
    assert.equal(all.length, 2)
    assert.match(all[0] ?? '', /"marker":"signer-unavailable"/)
    assert.doesNotMatch(all[0] ?? '', new RegExp(dirs.root), 'no host path enters the record')
    const report = await store.integrity()
    assert.equal(report.chainMode, 'hash-only')
    assert.equal(report.checkpoints, 0)
    assert.equal(report.intact, true)
    assert.match(report.problems.join('\n'), /signing key was unavailable/)
  })
  await t.test('should not sign with a key inside the workspace ($DSH_HOME under the workspace)', async (t) => {
    const dirs = await tempSetup(t)
    const dshHome = join(dirs.workspace, '.dsh')
    const store = new EvidenceStore({ dshHome, workspaceRoot: dirs.workspace })
    await store.appendEvidence({ n: 1 })
    await store.checkpoint()
    assert.equal(existsSync(join(dshHome, 'proof', 'keys', PRIVATE_KEY_FILE)), false, 'no key is made where the agent can read it')
    const report = await store.integrity()
    assert.equal(report.chainMode, 'hash-only')
    assert.match(report.problems.join('\n'), /lies inside the workspace/)
  })
  await t.test('should continue on a fresh line after a torn write and keep reporting it', async (t) => {
    const { store, fresh } = await populatedStore(t)
    const text = await readFile(store.location.logFile, 'utf8')
    await writeFile(store.location.logFile, `${text}{"data":{"half`)
    const next = fresh()
    await next.appendEvidence({ after: 'torn' })
    const report = await next.integrity()
    assert.equal(report.chainIntact, false)
    assert.match(report.problems.join('\n'), /is not JSON/)
    const all = await lines(store.location.logFile)
    assert.match(all[all.length - 1] ?? '', /"after":"torn"/)
  })
})
