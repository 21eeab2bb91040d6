// The public API as a user sees it: imported by the package's own name, so
// the `exports` map and the committed lib/ are what is tested (a stale or
// unexported lib/ fails here), and any change to the export list is a
// deliberate edit of this table.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as api from 'dsh-proof'

const EXPORTS = [
  'Config',
  'DEFAULT_CHECKPOINT_EVERY',
  'DEFAULT_TIMEOUT_MS',
  'EvidenceStore',
  'GENESIS_HASH',
  'POLICY_ORDER',
  'POLICY_SECTION',
  'POLICY_TEXT',
  'ProofAdapter',
  'ProofError',
  'TOOL_NAMES',
  'WORKSPACE_STORE_DIR',
  'apply',
  'applyWith',
  'canonicalJson',
  'checkpointMessage',
  'contentId',
  'createProofEngine',
  'hostEnvironment',
  'inject',
  'loadSigner',
  'locateStore',
  'logPorts',
  'memoryBaselineStore',
  'name',
  'nodeFs',
  'nodeGit',
  'nodeHasher',
  'nodeShell',
  'parseAnchor',
  'verifyLog',
  'workspaceKeyOf',
]

test('dsh-proof', async (t) => {
  await t.test('should expose exactly the documented exports', () => {
    assert.deepEqual(Object.keys(api).sort(), EXPORTS)
  })

  await t.test('should be a Cordis plugin module (name, inject, Config, apply)', () => {
    assert.equal(api.name, 'dsh-proof')
    assert.deepEqual(api.inject, ['tools', 'systemPrompt'])
    assert.equal(typeof api.apply, 'function')
    assert.equal(typeof api.Config, 'function')
  })

  await t.test('should resolve the package name to the committed lib/', () => {
    assert.match(import.meta.resolve('dsh-proof'), /\/lib\/index\.js$/)
  })
})
