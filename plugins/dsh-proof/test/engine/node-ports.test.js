import { test } from 'node:test'
import assert from 'node:assert/strict'
import { symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { nodeFs, nodeGit, nodeShell } from '../../lib/engine/index.js'
import { git, sha256, tempWorkspace, writeTree } from './fixtures.js'

test('nodeFs', async (t) => {
  await t.test('should list files without vendored trees, digest bytes and symlinks, and read text', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { 'src/a.ts': 'a\r\n', 'node_modules/x/index.js': '', '.git/HEAD': '', 'b.txt': 'é' })
    await symlink('src/a.ts', join(workspace, 'link'))
    const fs = nodeFs(workspace)
    assert.deepEqual(await fs.listFiles(), ['b.txt', 'link', 'src/a.ts'])
    assert.equal(await fs.digest('src/a.ts'), sha256('a\r\n'), 'bytes as they are, CRLF kept')
    assert.equal(await fs.digest('link'), sha256('symlink:src/a.ts'))
    assert.equal(await fs.digest('missing.ts'), null)
    assert.equal(await fs.digest('src'), null, 'a directory is not a file')
    assert.equal(await fs.readText('b.txt'), 'é')
  })
  await t.test('should re-read a file whose bytes changed', async (t) => {
    const { workspace } = await tempWorkspace(t)
    await writeTree(workspace, { 'a.js': "import './b.js'\n" })
    const fs = nodeFs(workspace)
    assert.equal(await fs.readText('a.js'), "import './b.js'\n")
    await writeFile(join(workspace, 'a.js'), "import './c.js'\n")
    assert.equal(await fs.readText('a.js'), "import './c.js'\n")
  })
})

test('nodeGit', async (t) => {
  await t.test('should report no repository, or no git at all, as null', async (t) => {
    const { workspace } = await tempWorkspace(t)
    assert.equal(await nodeGit(workspace).snapshot(), null)
    git(workspace, 'init', '-q')
    assert.equal(await nodeGit(workspace, 'git-that-does-not-exist').snapshot(), null)
    const empty = await nodeGit(workspace).snapshot()
    assert.deepEqual(empty, { head: null, status: [], files: [] })
  })
})

test('nodeShell', async (t) => {
  await t.test('should capture both streams, the exit code and a missing command', async (t) => {
    const { workspace } = await tempWorkspace(t)
    const shell = nodeShell()
    const run = await shell.run({ command: 'printf "out\\n"; printf "err\\n" >&2; exit 3', cwd: workspace, timeoutMs: 10_000 })
    assert.equal(run.exitCode, 3)
    assert.equal(run.output.split('\n').sort().join(','), ',err,out')
    const missing = await shell.run({ command: 'no-such-command-for-proof', cwd: workspace, timeoutMs: 10_000 })
    assert.equal(missing.exitCode, 127)
    const badCwd = await shell.run({ command: 'true', cwd: join(workspace, 'nope'), timeoutMs: 10_000 })
    assert.match(badCwd.spawnError ?? '', /could not start/)
  })
  await t.test('should not leak npm lifecycle variables into checks', async (t) => {
    const { workspace } = await tempWorkspace(t)
    process.env.npm_lifecycle_event = 'leak'
    t.after(() => { delete process.env.npm_lifecycle_event })
    const run = await nodeShell().run({ command: 'echo "[$npm_lifecycle_event][$CI]"', cwd: workspace, timeoutMs: 10_000 })
    assert.equal(run.output, '[][1]\n')
  })
})
