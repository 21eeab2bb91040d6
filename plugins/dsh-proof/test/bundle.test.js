// The bundle row's entry (bundle.js) is one file shared with dsh-result-check,
// whose tests cover its behaviour in full; here: it is that same file, and it
// mounts dsh-proof's plugin with the row config checked.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { apply, inject, name } from '../bundle.js'

test('bundle.js should be the same file as dsh-result-check’s', () => {
  const here = new URL('../bundle.js', import.meta.url)
  assert.equal(readFileSync(here, 'utf8'), readFileSync(new URL('../../dsh-result-check/bundle.js', import.meta.url), 'utf8'))
})

test('bundle.js should mount dsh-proof with the row config checked, and reject a bad value naming the key', async () => {
  assert.equal(name, 'dsh-proof')
  assert.deepEqual(inject, [])
  const dir = mkdtempSync(join(tmpdir(), 'proof-profile-'))
  try {
    writeFileSync(join(dir, 'package.json'), '{}')
    /** @type {{ plugin: { name: string }, config: Record<string, unknown> }[]} */
    const mounted = []
    const ctx = {
      baseUrl: pathToFileURL(dir).href + '/',
      root: {},
      fiber: { entry: { options: { id: 'proof' } } },
      on: () => {},
      /** @param {{ name: string }} plugin @param {Record<string, unknown>} config */
      plugin: (plugin, config) => mounted.push({ plugin, config }),
      logger: () => ({ warn: () => {}, error: () => {} }),
    }
    await apply(ctx, { requireBaseline: 'ask' })
    assert.equal(mounted.length, 1)
    assert.equal(mounted[0]?.plugin.name, 'dsh-proof')
    assert.equal(mounted[0]?.config['requireBaseline'], 'ask')
    await assert.rejects(apply({ ...ctx, root: {} }, { requireBaseline: 'sometimes' }), /requireBaseline/)
    assert.equal(mounted.length, 1)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
