import { test } from 'node:test'
import assert from 'node:assert/strict'
import { buildImportGraph, dependentClosure } from '../../lib/core/graph.js'
import { selectChecks } from '../../lib/core/selection.js'

/** @param {Record<string, string>} tree */
const graphOf = (tree) => buildImportGraph({ files: Object.keys(tree).sort(), read: (p) => tree[p] ?? null })
/** @param {Record<string, string>} tree @param {string[]} changed */
const closure = (tree, changed) => [...dependentClosure(graphOf(tree), changed)].sort()

/** @returns {any} */
const check = (/** @type {string} */ id, /** @type {string} */ cwd, /** @type {string[] | null} */ paths = null) => ({ id, name: id, kind: 'config', command: 'true', cwd, paths, timeoutMs: null, source: 'config' })

const monorepo = {
  'package.json': '{"name":"root","workspaces":["packages/*"]}',
  'packages/core/package.json': '{"name":"@acme/core"}',
  'packages/core/src/math.ts': 'export const add = (a: number, b: number) => a + b\n',
  'packages/core/src/index.ts': "export { add } from './math.js'\n",
  'packages/app/package.json': '{"name":"@acme/app"}',
  'packages/app/src/main.ts': "import {\n  add,\n} from '@acme/core'\nexport const main = () => add(1, 2)\n",
  'packages/app/src/plugins.ts': 'export async function load(name: string) {\n  return import(`./plugins/${name}.js`)\n}\n',
  'packages/app/src/plugins/csv.ts': 'export const csv = 1\n',
  'packages/docs/package.json': '{"name":"@acme/docs"}',
  'packages/docs/build.js': "const fs = require('fs')\n",
}

test('dependentClosure', async (t) => {
  await t.test('should follow multi-line static imports and workspace package names', () => {
    assert.deepEqual(closure(monorepo, ['packages/core/src/math.ts']), ['packages/app/src/main.ts', 'packages/core/src/index.ts', 'packages/core/src/math.ts'])
  })
  await t.test('should reach a dynamic import with a computed specifier through its directory', () => {
    assert.deepEqual(closure(monorepo, ['packages/app/src/plugins/csv.ts']), ['packages/app/src/plugins.ts', 'packages/app/src/plugins/csv.ts'])
  })
  await t.test('should follow literal dynamic imports, require, re-exports and TS .js→.ts specifiers', () => {
    const tree = {
      'src/a.ts': "export * from './b.js'\n",
      'src/b.ts': 'export const b = 1\n',
      'src/c.js': "const lazy = () => import('./d')\nconst e = require('./e.cjs')\n",
      'src/d/index.js': '',
      'src/e.cjs': '',
    }
    assert.deepEqual(closure(tree, ['src/b.ts']), ['src/a.ts', 'src/b.ts'])
    assert.deepEqual(closure(tree, ['src/d/index.js']), ['src/c.js', 'src/d/index.js'])
    assert.deepEqual(closure(tree, ['src/e.cjs']), ['src/c.js', 'src/e.cjs'])
  })
  await t.test('should reach importers of a deleted file', () => {
    const tree = { 'src/a.ts': "import { gone } from './gone'\n" }
    assert.deepEqual(closure(tree, ['src/gone.ts']), ['src/a.ts', 'src/gone.ts'])
  })
  await t.test('should widen an import it cannot name to the importer\'s package', () => {
    const tree = { 'package.json': '{}', 'src/x.js': 'const m = require(name)\n', 'src/y.js': '' }
    assert.deepEqual(closure(tree, ['src/y.js']), ['src/x.js', 'src/y.js'])
  })
  await t.test('should follow Python absolute, relative and parenthesised imports', () => {
    const tree = {
      'src/shop/__init__.py': '',
      'src/shop/cart.py': 'from .pricing import (\n    total,\n    tax,\n)\n',
      'src/shop/pricing.py': 'import decimal\n',
      'tests/test_checkout.py': 'from shop import cart\n',
      'tests/test_other.py': 'import os\n',
    }
    assert.deepEqual(closure(tree, ['src/shop/pricing.py']), ['src/shop/cart.py', 'src/shop/pricing.py', 'tests/test_checkout.py'])
  })
  await t.test('should approximate Go packages and Rust crates', () => {
    const tree = {
      'go.mod': 'module example.com/shop\n',
      'cart/cart.go': 'package cart\nimport (\n  "fmt"\n  "example.com/shop/pricing"\n)\n',
      'pricing/pricing.go': 'package pricing\n',
      'pricing/tax.go': 'package pricing\n',
      'crates/core/Cargo.toml': '[package]\nname = "shop-core"\n',
      'crates/core/src/lib.rs': 'pub mod tax;\n',
      'crates/core/src/tax.rs': '',
      'crates/cli/Cargo.toml': '[package]\nname = "cli"\n',
      'crates/cli/src/main.rs': 'use shop_core::tax;\n',
    }
    assert.deepEqual(closure(tree, ['pricing/tax.go']), ['cart/cart.go', 'pricing/pricing.go', 'pricing/tax.go'])
    assert.deepEqual(closure(tree, ['crates/core/src/tax.rs']), ['crates/cli/src/main.rs', 'crates/core/src/lib.rs', 'crates/core/src/tax.rs'])
  })
  await t.test('should couple a test to its subject by name (path coupling)', () => {
    const tree = { 'src/parse.ts': '', 'test/parse.test.ts': "import { parse } from '@me/pkg'\n", 'test/other.test.ts': '' }
    assert.deepEqual(closure(tree, ['src/parse.ts']), ['src/parse.ts', 'test/parse.test.ts'])
  })
})

test('selectChecks', async (t) => {
  const checks = [check('core', 'packages/core'), check('app', 'packages/app'), check('docs', 'packages/docs')]
  const graph = graphOf(monorepo)
  await t.test('should select only the checks the change set reaches', () => {
    const s = selectChecks({ checks, changed: ['packages/core/src/math.ts'], graph })
    assert.deepEqual(s.selected, ['app', 'core'])
    assert.equal(s.full, false)
    assert.equal(s.reason, 'impact')
    assert.deepEqual(s.reach, { core: ['packages/core/src/math.ts'], app: ['packages/core/src/math.ts'], docs: [] })
    assert.deepEqual(s.uncovered, [])
  })
  await t.test('should run everything when a global invalidator changed', () => {
    const s = selectChecks({ checks, changed: ['packages/docs/build.js', 'pnpm-lock.yaml'], graph })
    assert.equal(s.full, true)
    assert.equal(s.reason, 'global-invalidator')
    assert.deepEqual(s.invalidators, ['pnpm-lock.yaml'])
    assert.deepEqual(s.selected, ['app', 'core', 'docs'])
    for (const name of ['tsconfig.base.json', '.github/workflows/ci.yml', 'packages/app/package.json', 'Cargo.lock']) {
      assert.equal(selectChecks({ checks, changed: [name], graph }).full, true, name)
    }
    assert.equal(selectChecks({ checks, changed: ['docs/guide.md'], graph, globalInvalidators: ['docs/**'] }).full, true)
  })
  await t.test('should honour explicit paths and report uncovered files', () => {
    const scoped = [check('math-only', '', ['packages/core/src/math.ts', 'packages/*/test/**'])]
    assert.deepEqual(selectChecks({ checks: scoped, changed: ['packages/core/src/index.ts'], graph }).selected, [])
    assert.deepEqual(selectChecks({ checks: scoped, changed: ['packages/core/src/index.ts'], graph }).uncovered, ['packages/core/src/index.ts'])
    assert.deepEqual(selectChecks({ checks: scoped, changed: ['packages/web/test/a.ts'], graph }).selected, ['math-only'])
  })
  await t.test('should not require coverage of prose files', () => {
    const scoped = [check('core', 'packages/core')]
    assert.deepEqual(selectChecks({ checks: scoped, changed: ['README.md', 'docs/LICENSE', 'notes.txt', 'scripts/x.sh'], graph }).uncovered, ['scripts/x.sh'])
  })
  await t.test('should widen to everything when forced, without a graph, and keep must-run checks', () => {
    assert.equal(selectChecks({ checks, changed: [], graph, forceFull: 'degraded' }).reason, 'degraded')
    assert.equal(selectChecks({ checks, changed: [], graph: null }).reason, 'impact-graph-off')
    assert.deepEqual(selectChecks({ checks, changed: [], graph, mustRun: ['docs'] }).selected, ['docs'])
  })
})
