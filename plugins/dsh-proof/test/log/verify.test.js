import { test } from 'node:test'
import assert from 'node:assert/strict'
import { verifyLog, splitLines } from '../../lib/core/log/index.js'
import { buildLog, evidence, hostKey, sha256 } from '../fixtures/log-ports.js'

const utf8 = (/** @type {string} */ s) => new TextEncoder().encode(s)
const host = hostKey()

/** A log of 3 evidence records, a baseline marker, a checkpoint, 2 more records, a checkpoint. */
function sampleLog(baselineDigest = sha256('{"baseline":1}')) {
  return buildLog(
    [evidence(0), evidence(1), evidence(2), host.baselineMarker(baselineDigest), 'checkpoint', evidence(3), evidence(4), 'checkpoint'],
    host,
  )
}

/**
 * @param {string} text
 * @param {Partial<import('../../lib/core/log/index.js').VerifyLogInput>} [overrides]
 */
function verify(text, overrides = {}) {
  const log = sampleLog()
  return verifyLog({ log: utf8(text), anchor: log.lastCheckpoint, baselineDigest: sha256('{"baseline":1}'), signerAvailable: true, ...overrides }, host.ports)
}

test('verifyLog', async (t) => {
  const log = sampleLog()
  await t.test('should report an untouched log as intact', () => {
    const report = verify(log.text)
    assert.deepEqual(
      { ...report },
      {
        chainMode: 'signed',
        records: 8,
        checkpoints: 2,
        chainIntact: true,
        firstBrokenRecord: null,
        rewindDetected: false,
        baselineTampered: false,
        baselineForeign: false,
        unverifiableCheckpoints: 0,
        forgedCheckpoints: 0,
        anchorForged: false,
        tailRecords: 0,
        intact: true,
        problems: [],
      },
    )
  })
  await t.test('should break the link after an edited line', () => {
    const lines = [...log.lines]
    lines[1] = (lines[1] ?? '').replace('test-1', 'test-X')
    const report = verify(lines.map((l) => `${l}\n`).join(''))
    assert.equal(report.chainIntact, false)
    assert.equal(report.firstBrokenRecord, 2)
    assert.equal(report.intact, false)
  })
  await t.test('should detect a deleted line', () => {
    const lines = log.lines.filter((_, i) => i !== 5)
    const report = verify(lines.map((l) => `${l}\n`).join(''))
    assert.equal(report.chainIntact, false)
    assert.equal(report.firstBrokenRecord, 5)
    assert.equal(report.rewindDetected, true, 'the anchored checkpoint moved')
  })
  await t.test('should detect truncation through the anchor even though the prefix links', () => {
    const report = verify(log.lines.slice(0, 5).map((l) => `${l}\n`).join(''))
    assert.equal(report.chainIntact, true)
    assert.equal(report.rewindDetected, true)
    assert.equal(report.intact, false)
  })
  await t.test('should detect a self-consistent forgery signed with a foreign key', () => {
    const forger = hostKey('forger00forger00')
    const forged = buildLog([evidence(7), forger.baselineMarker(sha256('{"baseline":1}')), 'checkpoint', evidence(8), evidence(9), evidence(10), evidence(11), 'checkpoint'], forger)
    const report = verify(forged.text)
    assert.equal(report.chainIntact, true)
    assert.equal(report.unverifiableCheckpoints, 2)
    assert.equal(report.rewindDetected, true)
    assert.equal(report.intact, false)
  })
  await t.test('should call a checkpoint with this host key id but a bad signature forged', () => {
    const fake = { keyId: host.keyId, signPayload: () => Buffer.alloc(64, 1).toString('base64') }
    const forged = buildLog([evidence(0), 'checkpoint'], fake)
    const report = verify(forged.text, { anchor: null })
    assert.equal(report.forgedCheckpoints, 1)
    assert.equal(report.chainIntact, false)
  })
  await t.test('should flag a swapped, removed or planted baseline', () => {
    assert.equal(verify(log.text, { baselineDigest: sha256('{"baseline":2}') }).baselineTampered, true)
    assert.equal(verify(log.text, { baselineDigest: null }).baselineTampered, true)
    const noMarker = buildLog([evidence(0), 'checkpoint'], host)
    assert.equal(verify(noMarker.text, { anchor: noMarker.lastCheckpoint }).baselineTampered, true)
    assert.equal(verify(noMarker.text, { anchor: noMarker.lastCheckpoint, baselineDigest: null }).baselineTampered, false)
  })
  await t.test('should not let an appended, well-linked baseline marker vouch for a baseline.json while the key is loaded', () => {
    const planted = sha256('{"baseline":"forged"}')
    const forger = hostKey('forger00forger00')
    const cases = [
      { name: 'unsigned', marker: { kind: 'marker', data: { marker: 'baseline-saved', digest: planted } }, why: /is not signed/ },
      { name: 'signed by another key', marker: forger.baselineMarker(planted), why: /a key this host does not hold/ },
      { name: 'signed with this key id but a bad signature', marker: { kind: 'marker', data: { .../** @type {any} */ (host.baselineMarker(planted)).data, signature: Buffer.alloc(64, 1).toString('base64') } }, why: /does not verify/ },
    ]
    for (const c of cases) {
      const appended = buildLog([evidence(0), host.baselineMarker(sha256('{"baseline":1}')), 'checkpoint', /** @type {any} */ (c.marker)], host)
      const report = verify(appended.text, { anchor: appended.lastCheckpoint, baselineDigest: planted })
      assert.equal(report.chainIntact, true, `${c.name}: the marker links`)
      assert.equal(report.baselineTampered, true, c.name)
      assert.equal(report.intact, false, c.name)
      assert.match(report.problems.join('\n'), c.why, c.name)
    }
    const signed = buildLog([evidence(0), host.baselineMarker(planted), 'checkpoint'], host)
    assert.equal(verify(signed.text, { anchor: signed.lastCheckpoint, baselineDigest: planted }).baselineTampered, false, 'a marker this host signed vouches')
    const hashOnly = buildLog([evidence(0), { kind: 'marker', data: { marker: 'baseline-saved', digest: planted } }], host)
    assert.equal(verify(hashOnly.text, { anchor: null, baselineDigest: planted, signerAvailable: false }).baselineTampered, false, 'without a key, the chain alone vouches')
  })
  await t.test('should mark a baseline signed by a key this host did not issue as foreign, not as trusted', () => {
    const planted = sha256('{"baseline":"planted"}')
    const agent = hostKey('agent000agent000')
    // The agent's own log: its key signs the marker and the checkpoint; this host never signed anything in it.
    const own = buildLog([agent.baselineMarker(planted), 'checkpoint'], agent)
    for (const [name, overrides] of /** @type {const} */ ([
      ['host key loaded', { signerAvailable: true }],
      ['no usable host key', { signerAvailable: false }],
    ])) {
      const report = verify(own.text, { anchor: null, baselineDigest: planted, ...overrides })
      assert.equal(report.baselineTampered, false, name)
      assert.equal(report.baselineForeign, true, name)
      assert.match(report.problems.join('\n'), /baseline-saved marker, is signed by key agent000agent000, which this host (?:did not issue|cannot verify)/, name)
    }
    const unsigned = buildLog([evidence(0), { kind: 'marker', data: { marker: 'baseline-saved', digest: planted } }], host)
    const noKey = verify(unsigned.text, { anchor: null, baselineDigest: planted, signerAvailable: false, hostKeyMissing: true })
    assert.equal(noKey.baselineForeign, true, 'a host without a key wrote no log that exists')
    assert.equal(verify(sampleLog(planted).text, { baselineDigest: planted }).baselineForeign, false, 'this host\'s own marker is trusted')
  })
  await t.test('should flag a forged, unreadable or deleted anchor', () => {
    const anchor = log.lastCheckpoint
    assert.ok(anchor)
    const forged = { ...anchor, count: anchor.count + 10 }
    assert.equal(verify(log.text, { anchor: forged }).anchorForged, true)
    assert.equal(verify(log.text, { anchor: 'malformed' }).anchorForged, true)
    assert.equal(verify(log.text, { anchor: null }).anchorForged, true)
  })
  await t.test('should count checkpoints of a foreign or missing key as unverifiable, not forged', () => {
    const stranger = hostKey('stranger')
    const report = verifyLog({ log: utf8(log.text), anchor: log.lastCheckpoint, baselineDigest: sha256('{"baseline":1}'), signerAvailable: false }, stranger.ports)
    assert.equal(report.chainMode, 'hash-only')
    assert.equal(report.unverifiableCheckpoints, 3, 'two checkpoints and the anchor')
    assert.equal(report.forgedCheckpoints, 0)
    assert.equal(report.anchorForged, false)
    assert.equal(report.chainIntact, true)
    assert.equal(report.intact, true)
    assert.equal(report.tailRecords, 8)
  })
  await t.test('should count records after the last checkpoint as tail records', () => {
    const tail = buildLog([evidence(0), 'checkpoint', evidence(1), evidence(2)], host)
    const report = verify(tail.text, { anchor: tail.lastCheckpoint, baselineDigest: null })
    assert.equal(report.tailRecords, 2)
    assert.equal(report.intact, true)
  })
  await t.test('should report a torn final line', () => {
    const report = verify(log.text.slice(0, -10))
    assert.equal(report.chainIntact, false)
    assert.equal(report.firstBrokenRecord, 7)
    assert.match(report.problems.join('\n'), /incomplete/)
  })
  await t.test('should treat an empty or absent log as intact', () => {
    const report = verifyLog({ log: null, anchor: null, baselineDigest: null, signerAvailable: true }, host.ports)
    assert.equal(report.records, 0)
    assert.equal(report.intact, true)
  })
})

test('splitLines', async (t) => {
  await t.test('should split on newlines and mark a missing final newline as torn', () => {
    assert.deepEqual(splitLines(utf8('a\nb\n')).lines.length, 2)
    assert.equal(splitLines(utf8('a\nb')).torn, true)
    assert.equal(splitLines(utf8('')).lines.length, 0)
  })
})
