import { test } from 'node:test'
import assert from 'node:assert/strict'
import { access, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { contentId } from '../../lib/core/hash.js'
import { createProofEngine, nodeHasher } from '../../lib/engine/index.js'
import { git, tempWorkspace, writeTree } from './fixtures.js'

/** A repository whose `apps/web` sub-directory is the workspace, checks always green. */
async function repoWithSubWorkspace(/** @type {import('node:test').TestContext} */ t, /** @type {any} */ options = {}) {
  const { workspace: repo } = await tempWorkspace(t, 'repo')
  await writeTree(repo, {
    'outside.txt': 'not ours\n',
    'apps/web/src/keep.js': 'keep\n',
    'apps/web/src/wip.js': 'committed\n',
    'apps/web/src/revert.js': 'committed\n',
    'apps/web/src/old name.js': 'moving\n',
    'apps/web/src/commit-later.js': 'v1\n',
  })
  git(repo, 'init', '-q')
  git(repo, 'add', '.')
  git(repo, 'commit', '-q', '-m', 'init')
  const workspace = join(repo, 'apps/web')
  const engine = createProofEngine({ workspace, discover: false, checks: [{ name: 'ok', command: 'true' }], ...options })
  return { repo, workspace, engine }
}

test('change set against real git', async (t) => {
  await t.test('should anchor on dirty bytes, see renames, commits and untracked files, and ignore the rest of the repository', async (t) => {
    const { repo, workspace, engine } = await repoWithSubWorkspace(t)
    // Dirty at baseline: wip.js (stays dirty, unchanged) and revert.js (later reverted to HEAD).
    await writeFile(join(workspace, 'src/wip.js'), 'dirty before the session\n')
    await writeFile(join(workspace, 'src/revert.js'), 'dirty before the session\n')
    const b = await engine.baseline()
    assert.deepEqual(b.dirtyFiles, ['src/revert.js', 'src/wip.js'])
    await writeFile(join(workspace, 'src/revert.js'), 'committed\n')
    await rename(join(workspace, 'src/old name.js'), join(workspace, 'src/new name.js'))
    git(repo, 'add', '-A', 'apps/web/src/old name.js', 'apps/web/src/new name.js')
    await writeFile(join(workspace, 'src/commit-later.js'), 'v2\n')
    git(repo, 'commit', '-q', '-m', 'a commit during the session', '--', 'apps/web/src/commit-later.js')
    await writeFile(join(workspace, 'src/brand-new.js'), 'new\n')
    await writeFile(join(repo, 'outside.txt'), 'changed outside the workspace\n')
    const v = await engine.verify({ touches: { files: { [join(workspace, 'src/brand-new.js')]: {} } } })
    assert.deepEqual(v.changeSet.files.map((f) => [f.path, f.kind, f.method, f.origin]), [
      ['src/brand-new.js', 'added', 'git-head', 'agent'],
      ['src/commit-later.js', 'modified', 'git-head', 'external'],
      ['src/new name.js', 'renamed', 'git-head', 'external'],
      ['src/old name.js', 'deleted', 'git-head', 'external'],
      ['src/revert.js', 'modified', 'baseline-content', 'external'],
    ])
    assert.equal(v.changeSet.files[2]?.from, 'src/old name.js')
    assert.deepEqual(v.changeSet.methods, ['baseline-content', 'git-head'])
    assert.equal(v.changeSet.degraded, false)
  })
  await t.test('should degrade to the dirty set when the baseline commit is gone', async (t) => {
    /** @type {any} */
    let saved = null
    const baselineStore = { load: async () => saved, save: async (/** @type {any} */ b) => { saved = b } }
    const { workspace, engine } = await repoWithSubWorkspace(t, { baselineStore })
    await engine.baseline()
    // Point the baseline at a commit that does not exist (history rewritten), keeping its id honest.
    const record = { ...saved.record, head: 'f'.repeat(40) }
    saved = { ...saved, record, baselineId: contentId(record, nodeHasher) }
    await rm(join(workspace, 'src/keep.js'))
    const v = await engine.verify()
    assert.equal(v.changeSet.degraded, true)
    assert.match(v.changeSet.degradedReason ?? '', /no longer reachable/)
    assert.deepEqual(v.changeSet.files.map((f) => [f.path, f.kind, f.method]), [['src/keep.js', 'deleted', 'dirty-fallback']])
    assert.equal(v.selection.reason, 'degraded')
  })
  await t.test('should stop starting checks once aborted', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { 'a.txt': '' })
    const controller = new AbortController()
    const engine = createProofEngine({
      workspace,
      discover: false,
      checks: [{ name: 'a-first', command: 'sleep 5' }, { name: 'b-second', command: 'touch started' }],
    })
    setTimeout(() => controller.abort(), 200)
    const b = await engine.baseline({ signal: controller.signal })
    assert.equal(b.status, 'aborted')
    assert.deepEqual(b.runs.map((r) => [r.checkId, r.status]), [['config:a-first', 'aborted'], ['config:b-second', 'aborted']])
    assert.ok(b.runs[0] !== undefined && b.runs[0].durationMs < 4000, 'the running check was stopped')
    await assert.rejects(access(join(workspace, 'started')), { code: 'ENOENT' })
  })
})

