import { test } from 'node:test'
import assert from 'node:assert/strict'
import { isInside, mutationOf, proofHomeNames, touchesStore, writtenPath } from '../../lib/dsh/observe.js'

test('mutationOf', async (t) => {
  await t.test('should resolve the files of write and edit against the workspace', () => {
    assert.deepEqual(mutationOf('write', { file_path: 'src/a.js', content: '' }, '/ws'), { kind: 'files', paths: ['/ws/src/a.js'] })
    assert.deepEqual(mutationOf('edit', { file_path: '/abs/b.js' }, '/ws'), { kind: 'files', paths: ['/abs/b.js'] })
  })
  await t.test('should mark shells as opaque mutations and ignore read-only tools', () => {
    assert.deepEqual(mutationOf('bash', { command: 'make' }, '/ws'), { kind: 'shell', command: 'make' })
    assert.deepEqual(mutationOf('pwsh', {}, '/ws'), { kind: 'shell', command: '' })
    assert.equal(mutationOf('read', { file_path: 'a' }, '/ws'), null)
    assert.equal(mutationOf('proof_claim', { claim: 'x' }, '/ws'), null)
  })
})

test('writtenPath', async (t) => {
  await t.test('should take the path the tool reports', () => {
    assert.equal(writtenPath({ path: '/ws/a.js', operation: 'create' }, '/ws'), '/ws/a.js')
    assert.equal(writtenPath(null, '/ws'), undefined)
  })
})

test('touchesStore', async (t) => {
  await t.test('should catch files inside the store and commands naming it', () => {
    assert.equal(touchesStore({ kind: 'files', paths: ['/ws/.proof/evidence.jsonl'] }, '/ws/.proof', '.proof'), true)
    assert.equal(touchesStore({ kind: 'files', paths: ['/ws/.proofing/x'] }, '/ws/.proof', '.proof'), false)
    assert.equal(touchesStore({ kind: 'shell', command: 'echo x >> .proof/evidence.jsonl' }, '/ws/.proof', '.proof'), true)
    assert.equal(touchesStore({ kind: 'shell', command: 'npm test' }, '/ws/.proof', '.proof'), false)
    const home = proofHomeNames('/home/al/.dsh/proof')
    for (const command of ['cp /tmp/a.json /home/al/.dsh/proof/keys/anchors/', 'truncate -s 0 ~/.dsh/proof/workspaces/ws/evidence.jsonl', 'cd "$DSH_HOME" && rm -r proof']) {
      assert.equal(touchesStore({ kind: 'shell', command }, '/home/al/.dsh/proof', ...home), true, command)
    }
    assert.equal(touchesStore({ kind: 'shell', command: 'npm run proof' }, '/home/al/.dsh/proof', ...home), false)
  })
})

test('isInside', async (t) => {
  await t.test('should treat the directory itself as inside and siblings as outside', () => {
    assert.equal(isInside('/a/b', '/a/b'), true)
    assert.equal(isInside('/a/b/c', '/a/b'), true)
    assert.equal(isInside('/a/bc', '/a/b'), false)
    assert.equal(isInside('/a', '/a/b'), false)
  })
})
