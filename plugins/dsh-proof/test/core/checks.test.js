import { test } from 'node:test'
import assert from 'node:assert/strict'
import { discoverChecks, isRedefined } from '../../lib/core/checks.js'

/** @param {Record<string, string>} tree */
function discover(tree, /** @type {any} */ extra = {}) {
  return discoverChecks({ files: Object.keys(tree), read: (p) => tree[p] ?? null, ...extra })
}
const summary = (/** @type {any[]} */ checks) => checks.map((c) => `${c.id} | ${c.command} | ${c.cwd}`)

test('discoverChecks', async (t) => {
  await t.test('should find npm scripts, skipping npm init\'s placeholder', () => {
    const checks = discover({
      'package.json': JSON.stringify({ scripts: { test: 'node --test', lint: 'eslint .', typecheck: 'tsc --noEmit', build: 'tsc', start: 'node .' } }),
      'package-lock.json': '{}',
      'sub/package.json': JSON.stringify({ scripts: { test: 'echo "Error: no test specified" && exit 1' } }),
    })
    assert.deepEqual(summary(checks), ['npm:.:build | npm run build | ', 'npm:.:lint | npm run lint | ', 'npm:.:test | npm test | ', 'npm:.:typecheck | npm run typecheck | '])
  })
  await t.test('should run a monorepo sub-package\'s checks in its own directory with its package manager', () => {
    const checks = discover({
      'package.json': JSON.stringify({ workspaces: ['packages/*'] }),
      'pnpm-lock.yaml': '',
      'packages/api/package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
      'packages/web/package.json': JSON.stringify({ scripts: { lint: 'eslint .' } }),
      'node_modules/x/package.json': JSON.stringify({ scripts: { test: 'x' } }),
    })
    assert.deepEqual(summary(checks), ['npm:packages/api:test | pnpm test | packages/api', 'npm:packages/web:lint | pnpm run lint | packages/web'])
  })
  await t.test('should find pytest, mypy and ruff from their configuration', () => {
    const checks = discover({ 'pyproject.toml': '[tool.pytest.ini_options]\n[tool.mypy]\nstrict = true\n[tool.ruff.lint]\n', 'pkg/a.py': '' })
    assert.deepEqual(summary(checks), ['mypy:.:mypy | mypy . | ', 'pytest:.:pytest | pytest -q | ', 'ruff:.:ruff | ruff check . | '])
    assert.deepEqual(summary(discover({ 'setup.cfg': '[tool:pytest]\n' })), ['pytest:.:pytest | pytest -q | '])
    assert.deepEqual(summary(discover({ 'pyproject.toml': '[project]\n', 'tests/test_a.py': '' })), ['pytest:.:pytest | pytest -q | '])
  })
  await t.test('should find go test, cargo test (workspace root only) and make test', () => {
    const checks = discover({
      'go.mod': 'module example.com/m\n',
      'Cargo.toml': '[workspace]\nmembers = ["crates/a"]\n',
      'crates/a/Cargo.toml': '[package]\nname = "a"\n',
      'tools/Makefile': 'all:\n\ttrue\ntest: all\n\t./run\n',
      'Makefile': 'TEST:=x\nbuild:\n',
    })
    assert.deepEqual(summary(checks), ['cargo:.:test | cargo test | ', 'go:.:test | go test ./... | ', 'make:tools:test | make test | tools'])
  })
  await t.test('should add explicit checks with cwd and paths, and reject bad ones', () => {
    const checks = discover({}, { explicit: [{ name: 'e2e', command: './e2e.sh', cwd: 'apps/web/', paths: ['apps/web', 'shared/**/*.ts'], timeoutMs: 1000 }] })
    assert.deepEqual(checks, [{ id: 'config:e2e', name: 'e2e', kind: 'config', command: './e2e.sh', cwd: 'apps/web', paths: ['apps/web', 'shared/**/*.ts'], timeoutMs: 1000, source: 'config' }])
    assert.throws(() => discover({}, { explicit: [{ name: 'x', command: 'y', cwd: '../out' }] }), { code: 'invalid_check', message: /leaves the workspace/ })
    assert.throws(() => discover({}, { explicit: [{ name: '', command: 'y' }] }), { code: 'invalid_check' })
  })
  await t.test('should skip heuristics when discovery is off', () => {
    assert.deepEqual(discover({ 'go.mod': 'module m' }, { discover: false }), [])
  })
  await t.test('should record what npm and make checks run, so a redefinition is seen', () => {
    const before = discover({ 'package.json': JSON.stringify({ scripts: { test: 'npm run unit', unit: 'node --test' } }), Makefile: 'test:\n\tpytest\n' })
    const hollow = discover({ 'package.json': JSON.stringify({ scripts: { test: 'npm run unit', unit: 'true' } }), Makefile: 'test:\n\ttrue\n' })
    const same = discover({ 'package.json': JSON.stringify({ scripts: { unit: 'node --test', test: 'npm run unit' } }), Makefile: 'test:\n\tpytest\n' })
    assert.deepEqual(before.map((c) => c.id), ['make:.:test', 'npm:.:test'])
    for (const [i, check] of before.entries()) {
      assert.equal(isRedefined(check, /** @type {any} */ (hollow[i])), true, `${check.id}: a script it calls changed`)
      assert.equal(isRedefined(check, /** @type {any} */ (same[i])), false, `${check.id}: key order is not a change`)
    }
    const explicit = discover({}, { explicit: [{ name: 'x', command: 'make check' }] })[0]
    assert.ok(explicit)
    assert.equal(isRedefined(explicit, { ...explicit, command: 'true' }), true)
    assert.equal(isRedefined(explicit, { ...explicit, definition: 'x' }), false, 'a baseline from before definitions were recorded')
  })
  await t.test('should count an .npmrc or the runner\'s own configuration section as part of the definition', () => {
    const pyproject = (/** @type {string} */ addopts, /** @type {string} */ deps) => `[project]\ndependencies = [${deps}]\n\n[tool.pytest.ini_options]\naddopts = "${addopts}"\n\n[[tool.mypy.overrides]]\nmodule = "x"\n\n[tool.ruff]\nline-length = 100\n`
    const tree = (/** @type {string} */ addopts, deps = '', npmrc = 'fund=false\n') => ({
      'package.json': JSON.stringify({ scripts: { test: 'node --test' } }),
      '.npmrc': npmrc,
      'py/pyproject.toml': `${pyproject(addopts, deps)}[tool.mypy]\nstrict = true\n`,
    })
    const before = discover(tree('-q'))
    assert.deepEqual(before.map((c) => c.id), ['mypy:py:mypy', 'npm:.:test', 'pytest:py:pytest', 'ruff:py:ruff'])
    const changed = (/** @type {any[]} */ now) => before.filter((c, i) => isRedefined(c, now[i])).map((c) => c.id)
    assert.deepEqual(changed(discover(tree('-q', '"requests"'))), [], 'a dependency is not part of any check')
    assert.deepEqual(changed(discover(tree('--co -q'))), ['pytest:py:pytest'], 'collect-only passes without running a test')
    assert.deepEqual(changed(discover(tree('-q', '', 'script-shell=/bin/true\n'))), ['npm:.:test'], 'every script would "pass"')
  })
})
