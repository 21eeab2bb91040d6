import { test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicaliseText } from '../../lib/core/address.js'
import { checkRunRecord, evidenceEntry } from '../../lib/core/evidence.js'
import { nodeHasher } from '../../lib/engine/node-hasher.js'

test('canonicaliseText', async (t) => {
  await t.test('should replace the workspace first, then home, in both slash styles', () => {
    const roots = { workspace: '/home/alice/src/app', home: '/home/alice' }
    assert.equal(canonicaliseText('at /home/alice/src/app/lib/a.js:3 via /home/alice/.npm/x', roots), 'at $WORKSPACE/lib/a.js:3 via $HOME/.npm/x')
    const win = { workspace: 'C:\\Users\\bob\\proj', home: 'C:\\Users\\bob' }
    assert.equal(canonicaliseText('C:\\Users\\bob\\proj\\src\\a.ts and c:/Users/bob/proj/b.ts and C:\\\\Users\\\\bob\\\\proj\\\\c.ts, C:\\Users\\bob\\AppData', win), '$WORKSPACE\\src\\a.ts and $WORKSPACE/b.ts and $WORKSPACE\\\\c.ts, $HOME\\AppData')
  })
  await t.test('should match only at path boundaries', () => {
    assert.equal(canonicaliseText('/home/al/x /home/alice/y', { workspace: '/w', home: '/home/al' }), '$HOME/x /home/alice/y')
  })
  await t.test('should replace every spelling of the workspace, longest first', () => {
    const roots = { workspace: '/tmp/ws', workspaceAliases: ['/private/tmp/ws'], home: null }
    assert.equal(canonicaliseText('/private/tmp/ws/a.js and /tmp/ws/b.js', roots), '$WORKSPACE/a.js and $WORKSPACE/b.js')
  })
  await t.test('should leave home paths alone when home is null', () => {
    assert.equal(canonicaliseText('/home/a/w/x /home/a/y', { workspace: '/home/a/w', home: null }), '$WORKSPACE/x /home/a/y')
  })
})

test('canonical addressing', async (t) => {
  await t.test('should give one evidenceId to the same failure in two checkouts of two users', () => {
    const check = { id: 'npm:.:test', name: 'test', kind: /** @type {const} */ ('npm'), command: 'npm test', cwd: '', paths: null, timeoutMs: null, source: 'package.json' }
    const failure = (/** @type {string} */ ws, /** @type {string} */ home) => ({
      exitCode: 1, signal: null, timedOut: false, aborted: false, spawnError: null, durationMs: ws.length * 7,
      output: `> test\n✖ adds (1ms)\n  AssertionError: 3 !== 4\n    at ${ws}/test/add.test.js:5:10\n    at ${home}/.cache/node/runner.js:1:1\n`,
    })
    const a = checkRunRecord(check, failure('/home/alice/work/app', '/home/alice'), { roots: { workspace: '/home/alice/work/app', home: '/home/alice' } })
    const b = checkRunRecord(check, failure('D:\\ci\\bob\\checkout', 'C:\\Users\\bob'), { roots: { workspace: 'D:\\ci\\bob\\checkout', home: 'C:\\Users\\bob' } })
    const c = checkRunRecord(check, failure('/srv/x/app', '/root'), { roots: { workspace: '/srv/x/app', home: '/root' } })
    assert.equal(evidenceEntry('check-run', a, nodeHasher).evidenceId, evidenceEntry('check-run', c, nodeHasher).evidenceId)
    assert.ok(!JSON.stringify(a).includes('alice'))
    // Windows output keeps its own separators after the root, so it is a different (but stable) address.
    const b2 = checkRunRecord(check, failure('D:\\ci\\carol\\x', 'C:\\Users\\carol'), { roots: { workspace: 'D:\\ci\\carol\\x', home: 'C:\\Users\\carol' } })
    assert.equal(evidenceEntry('check-run', b, nodeHasher).evidenceId, evidenceEntry('check-run', b2, nodeHasher).evidenceId)
  })
  await t.test('should keep timing out of the hashed record', () => {
    const entry = evidenceEntry('claim', { schema: 'dsh-proof.claim/1', claim: 'x', verificationId: 'v', grade: 'proven' }, nodeHasher, { at: '2026-01-01T00:00:00Z', durationMs: 5 })
    const again = evidenceEntry('claim', { schema: 'dsh-proof.claim/1', claim: 'x', verificationId: 'v', grade: 'proven' }, nodeHasher, { at: '2027-01-01T00:00:00Z', durationMs: 9 })
    assert.equal(entry.evidenceId, again.evidenceId)
    assert.match(entry.evidenceId, /^[0-9a-f]{64}$/)
  })
})
