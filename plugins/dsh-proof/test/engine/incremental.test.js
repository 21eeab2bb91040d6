import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createProofEngine } from '../../lib/engine/index.js'
import { git, tempWorkspace, writeTree } from './fixtures.js'

const pkg = (/** @type {string} */ name, /** @type {Record<string, string>} */ scripts) => `${JSON.stringify({ name, private: true, type: 'module', scripts })}\n`
const unitTest = (/** @type {string} */ from) => `import { test } from 'node:test'\nimport assert from 'node:assert/strict'\nimport { value } from '${from}'\ntest('value', () => assert.equal(value(), 1))\n`

/** A monorepo: `util` is used by `app`; `docs` stands alone. */
const MONOREPO = {
  'package.json': pkg('mono', {}),
  'packages/util/package.json': pkg('@mono/util', { test: 'node --test test/util.test.js' }),
  'packages/util/src/index.js': 'export const value = () => 1\n',
  'packages/util/test/util.test.js': unitTest('../src/index.js'),
  'packages/app/package.json': pkg('@mono/app', { test: 'node --test test/app.test.js' }),
  'packages/app/src/main.js': "import {\n  value,\n} from '../../util/src/index.js'\nexport { value }\n",
  'packages/app/test/app.test.js': unitTest('../src/main.js'),
  'packages/docs/package.json': pkg('@mono/docs', { test: 'node --test test/docs.test.js' }),
  'packages/docs/src/index.js': 'export const value = () => 1\n',
  'packages/docs/test/docs.test.js': unitTest('../src/index.js'),
}

test('incremental verification on a real monorepo', async (t) => {
  const { workspace } = await tempWorkspace(t)
  await writeTree(workspace, MONOREPO)
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'init')
  const engine = createProofEngine({ workspace })
  const b = await engine.baseline()
  assert.deepEqual(b.runs.map((r) => [r.checkId, r.status]), [['npm:packages/app:test', 'pass'], ['npm:packages/docs:test', 'pass'], ['npm:packages/util:test', 'pass']])

  await t.test('should re-run only the checks the change reaches, in their own directories', async () => {
    await writeFile(join(workspace, 'packages/util/src/index.js'), 'export const value = () => 2\n')
    const v = await engine.verify()
    assert.deepEqual(v.selection.selected, ['npm:packages/app:test', 'npm:packages/util:test'])
    assert.deepEqual(v.runs.map((r) => [r.checkId, r.status]), [['npm:packages/app:test', 'fail'], ['npm:packages/util:test', 'fail']])
    const docs = v.verdicts.find((x) => x.checkId === 'npm:packages/docs:test')
    assert.deepEqual([docs?.verdict, docs?.current?.carried], ['still-passing', true])
    assert.equal(v.grade, 'regressed')
    assert.deepEqual(v.verdicts.find((x) => x.checkId === 'npm:packages/app:test')?.suspects, ['packages/util/src/index.js'])
    await writeFile(join(workspace, 'packages/util/src/index.js'), MONOREPO['packages/util/src/index.js'])
  })

  await t.test('should run everything when a global invalidator changes', async () => {
    await writeFile(join(workspace, 'packages/docs/src/index.js'), 'export const value = () => 1 // touched\n')
    await writeFile(join(workspace, 'package-lock.json'), '{"lockfileVersion": 3}\n')
    const v = await engine.verify()
    assert.equal(v.selection.reason, 'global-invalidator')
    assert.deepEqual(v.selection.invalidators, ['package-lock.json'])
    assert.equal(v.runs.length, 3)
    // The lock file pins what the npm checks run: they are redefined until a new baseline.
    assert.equal(v.grade, 'unproven')
    assert.ok(v.blockers.length > 0 && v.blockers.every((b) => b.kind === 'redefined' && /the runner changed: package-lock\.json/.test(b.message)), JSON.stringify(v.blockers))
  })

  await t.test('should run every check with impactGraph off', async () => {
    const all = createProofEngine({ workspace, impactGraph: false })
    await all.baseline()
    await writeFile(join(workspace, 'packages/docs/src/index.js'), 'export const value = () => 1 // again\n')
    const v = await all.verify()
    assert.equal(v.selection.reason, 'impact-graph-off')
    assert.equal(v.runs.length, 3)
  })
})
