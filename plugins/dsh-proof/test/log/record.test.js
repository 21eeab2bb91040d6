import { test } from 'node:test'
import assert from 'node:assert/strict'
import { checkpointMessage, decodeRecord, encodeRecord, GENESIS_HASH } from '../../lib/core/log/index.js'

const utf8 = (/** @type {string} */ s) => new TextEncoder().encode(s)

test('encodeRecord', async (t) => {
  await t.test('should write one canonical line with sorted keys', () => {
    const line = encodeRecord(0, GENESIS_HASH, { kind: 'evidence', data: { z: 1, a: 'é' } })
    assert.equal(line, `{"data":{"a":"é","z":1},"kind":"evidence","prev":"${GENESIS_HASH}","seq":0}`)
  })
})

test('decodeRecord', async (t) => {
  const line = encodeRecord(3, GENESIS_HASH, { kind: 'marker', data: { marker: 'baseline-saved', digest: 'ab' } })
  await t.test('should accept the canonical line', () => {
    assert.equal(decodeRecord(utf8(line)).record?.seq, 3)
  })
  await t.test('should reject a respelled line whose meaning is unchanged', () => {
    assert.equal(decodeRecord(utf8(line.replace('{"data"', '{ "data"'))).problem, 'not-canonical')
    assert.equal(decodeRecord(utf8(line.replace('"seq":3', '"seq":3.0'))).problem, 'not-canonical')
  })
  await t.test('should reject non-records, non-JSON and invalid UTF-8', () => {
    assert.equal(decodeRecord(utf8('{"seq":0}')).problem, 'bad-shape')
    assert.equal(decodeRecord(utf8('{"data":1,"kind":"other","prev":"' + GENESIS_HASH + '","seq":0}')).problem, 'bad-shape')
    assert.equal(decodeRecord(utf8('{"data":')).problem, 'not-json')
    assert.equal(decodeRecord(new Uint8Array([0x7b, 0xff, 0x7d])).problem, 'not-utf8')
  })
  await t.test('should reject a checkpoint carrying extra fields', () => {
    const text = `{"data":{"count":0,"head":"${GENESIS_HASH}","keyId":"k","note":"x","signature":"s"},"kind":"checkpoint","prev":"${GENESIS_HASH}","seq":0}`
    assert.equal(decodeRecord(utf8(text)).problem, 'bad-shape')
  })
})

test('checkpointMessage', async (t) => {
  await t.test('should cover exactly {count, head} under a domain prefix', () => {
    assert.equal(checkpointMessage({ count: 2, head: GENESIS_HASH }), `dsh-proof/checkpoint/1 {"count":2,"head":"${GENESIS_HASH}"}`)
  })
})
