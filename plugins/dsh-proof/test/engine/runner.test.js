import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createProofEngine } from '../../lib/engine/index.js'
import { git, sha256, tempWorkspace, writeTree } from './fixtures.js'

/** A project whose `npm test` runs a tool from node_modules/.bin (git-ignored), as installed packages do. */
async function toolProject(/** @type {import('node:test').TestContext} */ t) {
  const { workspace } = await tempWorkspace(t)
  await writeTree(workspace, {
    '.gitignore': 'node_modules/\n',
    'package.json': `${JSON.stringify({ name: 'tooled', private: true, scripts: { test: 'checker' } })}\n`,
    'package-lock.json': '{"lockfileVersion":3}\n',
    'lib.js': 'module.exports = 42\n',
    'node_modules/checker/bin.js': "#!/usr/bin/env node\nif (require(process.cwd() + '/lib.js') !== 42) { console.error('AssertionError: lib.js is not 42'); process.exit(1) }\n",
  })
  await chmod(join(workspace, 'node_modules/checker/bin.js'), 0o755)
  await mkdir(join(workspace, 'node_modules/.bin'))
  await symlink('../checker/bin.js', join(workspace, 'node_modules/.bin/checker'))
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'tooled')
  const engine = createProofEngine({ workspace })
  const touches = { files: { 'lib.js': { digest: sha256('module.exports = 41\n') } } }
  await engine.baseline()
  await writeFile(join(workspace, 'lib.js'), 'module.exports = 41\n')
  return { workspace, engine, touches }
}

test('runner fingerprints on a real project (real shell, real git)', async (t) => {
  await t.test('should keep a claim unproven when a git-ignored .bin shim makes the broken check pass', async (t) => {
    const { workspace, engine, touches } = await toolProject(t)
    assert.equal((await engine.claim('lib is 41', { touches })).grade, 'regressed', 'the real tool sees the break')
    const bin = join(workspace, 'node_modules/.bin/checker')
    await rm(bin)
    await writeFile(bin, '#!/bin/sh\nexit 0\n', { mode: 0o755 })
    const c = await engine.claim('lib is 41', { touches })
    assert.equal(c.runs.find((r) => r.checkId === 'npm:.:test')?.status, 'pass', 'the shim passes')
    assert.equal(c.grade, 'unproven')
    assert.deepEqual(c.changeSet.files.map((f) => f.path), ['lib.js'], 'the change set shows nothing of the shim')
    const blocker = c.blockers.find((b) => b.kind === 'redefined')
    assert.match(blocker?.message ?? '', /npm:\.:test is defined differently than at baseline \(the runner changed: node_modules\/\.bin\/checker\)/)
  })

  await t.test('should follow the .bin symlink to the file it runs', async (t) => {
    const { workspace, engine, touches } = await toolProject(t)
    await writeFile(join(workspace, 'node_modules/checker/bin.js'), '#!/usr/bin/env node\n')
    const c = await engine.claim('lib is 41', { touches })
    assert.equal(c.grade, 'unproven')
    assert.match(c.blockers.map((b) => b.message).join('\n'), /the runner changed: node_modules\/\.bin\/checker/)
  })

  await t.test('should name a changed lock file, and prove nothing new when the runner is untouched', async (t) => {
    const { workspace, engine } = await toolProject(t)
    await writeFile(join(workspace, 'lib.js'), 'module.exports = 42 // same\n')
    const touches = { files: { 'lib.js': { digest: sha256('module.exports = 42 // same\n') } } }
    assert.equal((await engine.claim('comment', { touches })).grade, 'proven', 'an unchanged runner is no blocker')
    await writeFile(join(workspace, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n')
    const c = await engine.claim('comment', { touches })
    assert.equal(c.grade, 'unproven')
    assert.match(c.blockers.map((b) => b.message).join('\n'), /the runner changed: package-lock\.json/)
  })
})
