import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { appendFile, chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { diffReadings } from '../../lib/core/workspace-state.js'
import { nodeWorkspaceState } from '../../lib/engine/index.js'
import { git, tempWorkspace, writeTree } from './fixtures.js'

/**
 * A committed repository with a dirty file, an untracked file and an ignored one.
 * @param {import('node:test').TestContext} t
 */
async function repository(t) {
  const { root, workspace } = await tempWorkspace(t)
  await writeTree(workspace, { 'a.js': 'a\n', 'b.js': 'b\n', 'sub/c.js': 'c\n', '.gitignore': 'build/\n*.log\n' })
  git(workspace, 'init', '-q')
  git(workspace, 'add', '-A')
  git(workspace, 'commit', '-q', '-m', 'initial')
  await writeTree(workspace, { 'a.js': 'a dirty\n', 'notes.txt': 'untracked\n', 'build/out.js': 'ignored\n' })
  return { root, workspace }
}

/**
 * What `effect` changed, as the adapter sees a shell call: a reading before, one after.
 * @param {string} workspace @param {() => unknown} effect
 */
async function changeOf(workspace, effect, port = nodeWorkspaceState(workspace)) {
  const before = await port.read()
  await effect()
  return diffReadings(before, await port.read())
}

test('nodeWorkspaceState', async (t) => {
  await t.test('should see nothing change when a shell only reads (ls, cat, git status, a test run writing ignored files)', async (t) => {
    const { workspace } = await repository(t)
    const change = await changeOf(workspace, async () => {
      execFileSync('sh', ['-c', 'ls -la; cat a.js notes.txt; git status; git diff; git log --oneline'], { cwd: workspace, stdio: 'ignore' })
      await writeTree(workspace, { 'build/out.js': 'rebuilt\n', 'test.log': 'log\n' })
      await readFile(join(workspace, 'b.js'))
    })
    assert.deepEqual(change, { kind: 'unchanged' })
  })
  await t.test('should see a tracked file changed, a file created, deleted or renamed', async (t) => {
    const { workspace } = await repository(t)
    assert.deepEqual(await changeOf(workspace, () => appendFile(join(workspace, 'b.js'), 'more\n')), { kind: 'changed', headMoved: false, paths: ['b.js'] })
    assert.deepEqual(await changeOf(workspace, () => writeFile(join(workspace, 'sub', 'new.js'), '')), { kind: 'changed', headMoved: false, paths: ['sub/new.js'] })
    assert.deepEqual(await changeOf(workspace, () => rm(join(workspace, 'sub', 'c.js'))), { kind: 'changed', headMoved: false, paths: ['sub/c.js'] })
    assert.deepEqual(await changeOf(workspace, () => rename(join(workspace, 'notes.txt'), join(workspace, 'moved.txt'))), { kind: 'changed', headMoved: false, paths: ['moved.txt', 'notes.txt'] })
  })
  await t.test('should see an already dirty or untracked file written again, even with the same size', async (t) => {
    const { workspace } = await repository(t)
    assert.deepEqual(await changeOf(workspace, () => writeFile(join(workspace, 'a.js'), 'A DIRTY\n')), { kind: 'changed', headMoved: false, paths: ['a.js'] })
    assert.deepEqual(await changeOf(workspace, () => writeFile(join(workspace, 'notes.txt'), 'UNTRACKED\n')), { kind: 'changed', headMoved: false, paths: ['notes.txt'] })
    assert.deepEqual(await changeOf(workspace, () => chmod(join(workspace, 'notes.txt'), 0o755)), { kind: 'changed', headMoved: false, paths: ['notes.txt'] })
  })
  await t.test('should see a commit (HEAD moved) and staging', async (t) => {
    const { workspace } = await repository(t)
    assert.deepEqual(await changeOf(workspace, () => git(workspace, 'add', 'a.js')), { kind: 'changed', headMoved: false, paths: ['a.js'] })
    const commit = await changeOf(workspace, () => git(workspace, 'commit', '-q', '-m', 'dirty a'))
    assert.deepEqual(commit, { kind: 'changed', headMoved: true, paths: ['a.js'] })
    assert.deepEqual(await changeOf(workspace, () => git(workspace, 'commit', '-q', '--allow-empty', '-m', 'empty')), { kind: 'changed', headMoved: true, paths: [] })
  })
  await t.test('should see the first commit of a fresh repository', async (t) => {
    const { workspace } = await tempWorkspace(t)
    git(workspace, 'init', '-q')
    await writeTree(workspace, { 'x.js': 'x\n' })
    git(workspace, 'add', '-A')
    assert.deepEqual(await changeOf(workspace, () => git(workspace, 'commit', '-q', '-m', 'first')), { kind: 'changed', headMoved: true, paths: ['x.js'] })
  })
  await t.test('should read a workspace below the repository root with workspace-relative paths, ignoring the rest', async (t) => {
    const { workspace } = await repository(t)
    const sub = join(workspace, 'sub')
    const change = await changeOf(sub, async () => {
      await writeFile(join(workspace, 'b.js'), 'outside the workspace\n')
      await writeFile(join(sub, 'c.js'), 'inside\n')
    })
    assert.deepEqual(change, { kind: 'changed', headMoved: false, paths: ['c.js'] })
  })
  await t.test('should answer unknown without git, with git missing or failing', async (t) => {
    const { workspace } = await tempWorkspace(t)
    assert.deepEqual(await nodeWorkspaceState(workspace).read(), { kind: 'unknown', reason: 'no-git' })
    assert.deepEqual(await nodeWorkspaceState(workspace, { gitBinary: 'git-that-does-not-exist' }).read(), { kind: 'unknown', reason: 'no-git' })
    git(workspace, 'init', '-q')
    const port = nodeWorkspaceState(workspace)
    assert.equal((await port.read()).kind, 'known', 'a repository made later is read')
    await writeFile(join(workspace, '.git', 'index'), 'not an index')
    assert.deepEqual(await port.read(), { kind: 'unknown', reason: 'git-failed' })
  })
  await t.test('should give up, for good, over the dirty-path bound or the time bound', async (t) => {
    const { workspace } = await repository(t)
    const port = nodeWorkspaceState(workspace, { maxEntries: 2 })
    assert.equal((await port.read()).kind, 'known')
    await writeFile(join(workspace, 'third.txt'), '')
    assert.deepEqual(await port.read(), { kind: 'unknown', reason: 'too-large' })
    await rm(join(workspace, 'third.txt'))
    assert.deepEqual(await port.read(), { kind: 'unknown', reason: 'too-large' }, 'not tried again')
    const slow = join(workspace, '..', 'slow-git')
    await writeFile(slow, '#!/bin/sh\nexec sleep 5\n')
    await chmod(slow, 0o755)
    const started = Date.now()
    assert.deepEqual(await nodeWorkspaceState(workspace, { gitBinary: slow, timeoutMs: 200 }).read(), { kind: 'unknown', reason: 'timeout' })
    assert.ok(Date.now() - started < 4000, 'the slow git was killed at the bound')
  })
  await t.test('should keep odd file names verbatim', async (t) => {
    const { workspace } = await repository(t)
    await mkdir(join(workspace, 'dir'))
    const change = await changeOf(workspace, () => writeFile(join(workspace, 'dir', 'ünï "q"\tx.txt'), ''))
    assert.deepEqual(change, { kind: 'changed', headMoved: false, paths: ['dir/ünï "q"\tx.txt'] })
  })
})
