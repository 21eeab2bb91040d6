import { test } from 'node:test'
import assert from 'node:assert/strict'
import { diffReadings, fileFingerprint, stateOf, unknownReading } from '../../lib/core/workspace-state.js'

const stat = (/** @type {Partial<import('../../lib/core/workspace-state.js').FileStat>} */ over = {}) =>
  /** @type {import('../../lib/core/workspace-state.js').FileStat} */ ({ type: 'file', size: 3n, mtimeNs: 10n, ctimeNs: 10n, ino: 7n, mode: 0o100644n, ...over })

/**
 * A known reading from status lines and fingerprints.
 * @param {string | null} head
 * @param {Record<string, { xy: string, from?: string, fp: string | null }>} entries
 */
function reading(head, entries) {
  const status = Object.entries(entries).map(([path, e]) => (e.from === undefined ? { xy: e.xy, path } : { xy: e.xy, path, from: e.from }))
  return /** @type {const} */ ({ kind: 'known', state: stateOf(head, status, (path) => entries[path]?.fp ?? null) })
}

test('fileFingerprint', async (t) => {
  await t.test('should differ when size, mtime, ctime, inode, mode or type differ, and be null for nothing', () => {
    const base = fileFingerprint(stat())
    assert.equal(fileFingerprint(stat()), base)
    for (const over of [{ size: 4n }, { mtimeNs: 11n }, { ctimeNs: 11n }, { ino: 8n }, { mode: 0o100755n }, { type: /** @type {const} */ ('symlink') }]) {
      assert.notEqual(fileFingerprint(stat(over)), base, JSON.stringify(over, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
    }
    assert.equal(fileFingerprint(null), null)
  })
})

test('diffReadings', async (t) => {
  const before = reading('c1', { 'a.js': { xy: ' M', fp: 'f1' }, 'new.txt': { xy: '??', fp: 'f2' } })
  await t.test('should see no change between equal readings (a shell that only looked)', () => {
    assert.deepEqual(diffReadings(before, reading('c1', { 'new.txt': { xy: '??', fp: 'f2' }, 'a.js': { xy: ' M', fp: 'f1' } })), { kind: 'unchanged' })
    assert.deepEqual(diffReadings(reading(null, {}), reading(null, {})), { kind: 'unchanged' })
  })
  await t.test('should see a clean file modified, a file created, and one deleted', () => {
    const after = reading('c1', { 'a.js': { xy: ' M', fp: 'f1' }, 'new.txt': { xy: '??', fp: 'f2' }, 'b.js': { xy: ' M', fp: 'f3' }, 'c.js': { xy: '??', fp: 'f4' }, 'd.js': { xy: ' D', fp: null } })
    assert.deepEqual(diffReadings(before, after), { kind: 'changed', headMoved: false, paths: ['b.js', 'c.js', 'd.js'] })
  })
  await t.test('should see an already dirty file written again (same status, new fingerprint)', () => {
    const after = reading('c1', { 'a.js': { xy: ' M', fp: 'f1b' }, 'new.txt': { xy: '??', fp: 'f2' } })
    assert.deepEqual(diffReadings(before, after), { kind: 'changed', headMoved: false, paths: ['a.js'] })
  })
  await t.test('should see a dirty file restored to HEAD, and an untracked file removed', () => {
    assert.deepEqual(diffReadings(before, reading('c1', {})), { kind: 'changed', headMoved: false, paths: ['a.js', 'new.txt'] })
  })
  await t.test('should see staging (the status letters change) and a staged rename with both paths', () => {
    assert.deepEqual(diffReadings(before, reading('c1', { 'a.js': { xy: 'M ', fp: 'f1' }, 'new.txt': { xy: '??', fp: 'f2' } })), { kind: 'changed', headMoved: false, paths: ['a.js'] })
    const renamed = reading('c1', { 'a.js': { xy: ' M', fp: 'f1' }, 'new.txt': { xy: '??', fp: 'f2' }, 'moved.js': { xy: 'R ', from: 'old.js', fp: 'f5' } })
    assert.deepEqual(diffReadings(before, renamed), { kind: 'changed', headMoved: false, paths: ['moved.js', 'old.js'] })
  })
  await t.test('should see a commit: HEAD moved and the committed files left the status', () => {
    assert.deepEqual(diffReadings(before, reading('c2', {})), { kind: 'changed', headMoved: true, paths: ['a.js', 'new.txt'] })
    assert.deepEqual(diffReadings(reading('c1', {}), reading('c2', {})), { kind: 'changed', headMoved: true, paths: [] }, 'an empty commit, a reset, a checkout')
    assert.deepEqual(diffReadings(reading(null, {}), reading('c1', {})), { kind: 'changed', headMoved: true, paths: [] }, 'the first commit')
  })
  await t.test('should answer unknown when either reading is unknown', () => {
    assert.deepEqual(diffReadings(unknownReading('no-git'), before), { kind: 'unknown', reason: 'no-git' })
    assert.deepEqual(diffReadings(before, unknownReading('timeout')), { kind: 'unknown', reason: 'timeout' })
    assert.deepEqual(diffReadings(unknownReading('not-observed'), unknownReading('too-large')), { kind: 'unknown', reason: 'not-observed' })
  })
  await t.test('should keep odd path names verbatim and sorted by code unit', () => {
    const after = reading('c1', { 'a.js': { xy: ' M', fp: 'f1' }, 'new.txt': { xy: '??', fp: 'f2' }, 'Z ü "q".txt': { xy: '??', fp: 'x' }, 'B.txt': { xy: '??', fp: 'y' } })
    assert.deepEqual(diffReadings(before, after), { kind: 'changed', headMoved: false, paths: ['B.txt', 'Z ü "q".txt'] })
  })
})
