import { test } from 'node:test'
import assert from 'node:assert/strict'
import { OutputCollector, decodeUtf8 } from '../../lib/core/output.js'

const enc = new TextEncoder()

test('OutputCollector', async (t) => {
  await t.test('should decode multi-byte characters split across every chunk boundary', () => {
    const text = 'ok é ✖ 日本語 😀 done\n'
    const bytes = enc.encode(text)
    for (let cut = 1; cut < bytes.length; cut++) {
      for (let cut2 = cut; cut2 < bytes.length; cut2 += 3) {
        const c = new OutputCollector()
        c.push(bytes.subarray(0, cut))
        c.push(bytes.subarray(cut, cut2))
        c.push(bytes.subarray(cut2))
        assert.equal(c.finish().text, text, `cuts at ${cut}, ${cut2}`)
      }
    }
  })
  await t.test('should keep head and tail of oversized output and count the dropped bytes', () => {
    const c = new OutputCollector(40)
    const bytes = enc.encode(`${'é'.repeat(30)}MIDDLE${'✖'.repeat(30)}`)
    for (let i = 0; i < bytes.length; i += 7) c.push(bytes.subarray(i, i + 7))
    const out = c.finish()
    assert.equal(out.totalBytes, bytes.length)
    const match = /^(é*)\n\[\.\.\. (\d+) bytes omitted \.\.\.\]\n(✖*)$/.exec(out.text)
    assert.ok(match, out.text)
    const kept = enc.encode(match[1] ?? '').length + enc.encode(match[3] ?? '').length
    assert.equal(kept + Number(match[2]), bytes.length, 'kept + dropped = total bytes')
    assert.equal(out.droppedBytes, Number(match[2]))
  })
})

test('decodeUtf8', async (t) => {
  await t.test('should escape invalid bytes instead of replacing them', () => {
    assert.equal(decodeUtf8(Uint8Array.from([0x61, 0xff, 0x62, 0xc3])), 'a\\xffb\\xc3')
    assert.equal(decodeUtf8(Uint8Array.from([0xe0, 0x80, 0x80])), '\\xe0\\x80\\x80', 'overlong form')
  })
  await t.test('should keep a byte order mark', () => {
    assert.equal(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])), '\uFEFFA')
  })
})
