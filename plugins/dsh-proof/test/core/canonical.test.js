import { test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJson } from '../../lib/core/canonical.js'

test('canonicalJson', async (t) => {
  await t.test('should sort keys by code unit and drop whitespace', () => {
    assert.equal(canonicalJson({ b: 1, a: [true, null, 'x'], B: { d: 2, c: 'é' } }), '{"B":{"c":"é","d":2},"a":[true,null,"x"],"b":1}')
  })
  await t.test('should give one serialisation for equal values built in different orders', () => {
    const one = { x: 1, y: { p: [1, 2], q: 'z' } }
    const two = { y: { q: 'z', p: [1, 2] }, x: 1 }
    assert.equal(canonicalJson(one), canonicalJson(two))
  })
  await t.test('should omit undefined members', () => {
    assert.equal(canonicalJson({ a: undefined, b: 0 }), '{"b":0}')
  })
  await t.test('should reject values without a canonical form', () => {
    for (const bad of [NaN, Infinity, [undefined], { f: () => 1 }, new Date(0), 10n]) {
      assert.throws(() => canonicalJson(bad), { code: 'non_canonical_value' })
    }
  })
})
