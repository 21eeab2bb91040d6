import { test } from 'node:test'
import assert from 'node:assert/strict'
import { rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createProofEngine, nodeTsResolver } from '../../lib/engine/index.js'
import { git, tempWorkspace, writeTree } from './fixtures.js'

/** This package's own TypeScript (a dev dependency), installed into the test workspace by a link. */
const TYPESCRIPT = fileURLToPath(new URL('../../node_modules/typescript', import.meta.url))

/** A project importing through a tsconfig `paths` alias the pattern graph cannot follow. */
async function aliasedProject(/** @type {import('node:test').TestContext} */ t, withTypescript = true) {
  const { workspace } = await tempWorkspace(t)
  await writeTree(workspace, {
    '.gitignore': 'node_modules/\n',
    'tsconfig.json': `${JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', allowJs: true, paths: { '@app/*': ['./src/*'] } } })}\n`,
    'src/a.ts': "import { b } from '@app/b'\nexport const a = () => b()\n",
    'src/b.ts': 'export const b = () => 1\n',
    'src/c.ts': 'export const c = 3\n',
  })
  if (withTypescript) await writeTree(workspace, { 'node_modules/.keep': '' }).then(() => symlink(TYPESCRIPT, join(workspace, 'node_modules/typescript')))
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'aliased')
  const checks = [{ name: 'a', command: 'true', paths: ['src/a.ts'] }, { name: 'c', command: 'true', paths: ['src/c.ts'] }]
  return { workspace, checks }
}

test('impact precision with the workspace\'s TypeScript', async (t) => {
  await t.test('should follow a tsconfig paths alias through TypeScript\'s module resolution', async (t) => {
    const { workspace, checks } = await aliasedProject(t)
    const engine = createProofEngine({ workspace, discover: false, checks })
    await engine.baseline()
    await writeFile(join(workspace, 'src/b.ts'), 'export const b = () => 2\n')
    const v = await engine.verify()
    assert.equal(v.impactPrecision, 'resolved')
    assert.deepEqual(v.selection.selected, ['config:a'], 'a.ts imports b.ts through @app/b')
    assert.deepEqual(v.selection.uncovered, [])
    assert.equal(v.grade, 'proven')
    // Cached per file content: a second verification resolves nothing new and agrees.
    const again = await engine.verify()
    assert.equal(again.impactPrecision, 'resolved')
    assert.deepEqual(again.selection.selected, ['config:a'])
  })

  await t.test('should fall back to the approximate graph without typescript, or over its bounds', async (t) => {
    for (const [name, withTypescript, ports] of /** @type {const} */ ([
      ['no typescript in the workspace', false, undefined],
      ['over the file bound', true, 'bounded'],
    ])) {
      const { workspace, checks } = await aliasedProject(t, withTypescript)
      const engine = createProofEngine({ workspace, discover: false, checks, ports: ports === 'bounded' ? { modules: nodeTsResolver(workspace, { maxFiles: 1 }) } : undefined })
      await engine.baseline()
      await writeFile(join(workspace, 'src/b.ts'), 'export const b = () => 2\n')
      const v = await engine.verify()
      assert.equal(v.impactPrecision, 'approximate', name)
      assert.deepEqual(v.selection.selected, [], `${name}: the alias is invisible to the patterns`)
      assert.deepEqual(v.selection.uncovered, ['src/b.ts'], name)
    }
  })

  await t.test('should say forced when a global invalidator runs everything', async (t) => {
    const { workspace, checks } = await aliasedProject(t)
    const engine = createProofEngine({ workspace, discover: false, checks })
    await engine.baseline()
    await writeFile(join(workspace, 'tsconfig.json'), '{"compilerOptions":{}}\n')
    const v = await engine.verify()
    assert.equal(v.impactPrecision, 'forced')
    await rm(join(workspace, 'node_modules/typescript'))
  })
})
