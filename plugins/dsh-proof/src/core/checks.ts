import { canonicalJson, compareCodeUnits, type CanonicalValue } from './canonical.js'
import { ProofError } from './errors.js'
import { baseName, normaliseRelative, parentDir } from './paths.js'
import type { CheckKind, CheckSpec } from './check-spec.js'
import { runnerChanges } from './runner.js'

export type { CheckKind, CheckSpec } from './check-spec.js'

/**
 * Whether `check` is defined differently from `before`: its command, its
 * directory, its declared definition or the runner it resolves to (an
 * unknown definition or runner never differs).
 */
export function isRedefined(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): boolean {
  return redefinitionReasons(before, check).length > 0
}

/** What changed in a check's definition since `before`, one phrase each (empty: nothing). */
export function redefinitionReasons(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): string[] {
  const reasons: string[] = []
  if (before.command !== check.command) reasons.push('its command changed')
  if (before.cwd !== check.cwd) reasons.push('its directory changed')
  if (before.definition !== undefined && check.definition !== undefined && before.definition !== check.definition) reasons.push(`${check.source} changed what it runs`)
  const runner = runnerChanges(before.runner, check.runner)
  if (runner.length > 0) reasons.push(`the runner changed: ${runner.join(', ')}`)
  return reasons
}

/** A check declared in configuration (`checks` option). */
export interface ExplicitCheckConfig {
  readonly name: string
  readonly command: string
  /** Workspace-relative working directory; default the root. */
  readonly cwd?: string | undefined
  /** Scope: workspace-relative prefixes or globs; default everything under cwd. */
  readonly paths?: readonly string[] | undefined
  readonly timeoutMs?: number | undefined
}

/** Workspace facts discovery needs: every file, and the text of manifests. */
export interface DiscoveryInput {
  /** Every workspace file, relative, slash-separated. */
  readonly files: readonly string[]
  /** Text of a manifest file (see `isManifestPath`), or null when unreadable. */
  readonly read: (path: string) => string | null
  readonly explicit?: readonly ExplicitCheckConfig[] | undefined
  /** Heuristic discovery; default true. Explicit checks are always included. */
  readonly discover?: boolean | undefined
}

const MANIFEST_NAMES = new Set([
  'package.json', 'pyproject.toml', 'setup.cfg', 'tox.ini', 'pytest.ini', 'mypy.ini', '.mypy.ini',
  'ruff.toml', '.ruff.toml', 'go.mod', 'Cargo.toml', 'Makefile', 'makefile', 'GNUmakefile',
  // Not a manifest, but part of what `npm test` runs (`script-shell`, `ignore-scripts`).
  '.npmrc',
])

/** Files whose text discovery (and the impact graph) reads. */
export function isManifestPath(path: string): boolean {
  return MANIFEST_NAMES.has(baseName(path))
}

/** The npm scripts that count as objective checks. */
const NPM_SCRIPTS = ['build', 'lint', 'test', 'typecheck'] as const

/** Discover the workspace's checks; sorted by id, ids unique. */
export function discoverChecks(input: Readonly<DiscoveryInput>): CheckSpec[] {
  const found: CheckSpec[] = []
  if (input.discover !== false) {
    const dirs = manifestDirs(input.files)
    const present = new Set(input.files)
    for (const [dir, names] of dirs) found.push(...discoverInDir(dir, names, input, dirs, present))
  }
  for (const config of input.explicit ?? []) found.push(explicitCheck(config))
  const byId = new Map<string, CheckSpec>()
  for (const check of found) if (!byId.has(check.id)) byId.set(check.id, check)
  return [...byId.values()].sort((a, b) => compareCodeUnits(a.id, b.id))
}

/** Directory → manifest names present in it. */
function manifestDirs(files: readonly string[]): Map<string, Set<string>> {
  const dirs = new Map<string, Set<string>>()
  for (const file of files) {
    if (!isManifestPath(file) || isVendored(file)) continue
    const dir = parentDir(file)
    let names = dirs.get(dir)
    if (!names) dirs.set(dir, (names = new Set()))
    names.add(baseName(file))
  }
  return dirs
}

function isVendored(path: string): boolean {
  return /(?:^|\/)(?:node_modules|vendor|\.git|target|\.venv|venv|dist|build)\//.test(path)
}

function discoverInDir(
  dir: string,
  names: ReadonlySet<string>,
  input: Readonly<DiscoveryInput>,
  dirs: ReadonlyMap<string, ReadonlySet<string>>,
  present: ReadonlySet<string>,
): CheckSpec[] {
  const at = (name: string): string | null => (names.has(name) ? input.read(join(dir, name)) : null)
  const checks: CheckSpec[] = []
  const pkg = at('package.json')
  if (pkg !== null) checks.push(...npmChecks(dir, pkg, runnerFor(dir, present), npmrcTexts(dir, input, present)))
  checks.push(...pythonChecks(dir, at, input.files))
  if (names.has('go.mod')) checks.push(discovered('go', dir, 'test', 'go test ./...', 'go.mod'))
  const cargo = at('Cargo.toml')
  if (cargo !== null && /^\s*\[(?:package|workspace)\]/m.test(cargo) && !insideCargoWorkspace(dir, input, dirs)) {
    checks.push(discovered('cargo', dir, 'test', 'cargo test', 'Cargo.toml'))
  }
  for (const makefile of ['GNUmakefile', 'makefile', 'Makefile']) {
    const text = at(makefile)
    if (text !== null && /^test\s*:(?!=)/m.test(text)) {
      checks.push({ ...discovered('make', dir, 'test', 'make test', makefile), definition: text })
      break
    }
  }
  return checks
}

/** The `.npmrc` files npm reads for a package in `dir` (its own and its ancestors' in the workspace), as `{path: text}`. */
function npmrcTexts(dir: string, input: Readonly<DiscoveryInput>, present: ReadonlySet<string>): Record<string, string> {
  const texts: Record<string, string> = {}
  for (let d: string | null = dir; d !== null; d = d === '' ? null : parentDir(d)) {
    const path = join(d, '.npmrc')
    if (present.has(path)) texts[path] = input.read(path) ?? ''
  }
  return texts
}

function npmChecks(dir: string, text: string, runner: string, npmrc: Readonly<Record<string, string>>): CheckSpec[] {
  let scripts: unknown
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown }).scripts
  } catch {
    return [] // an unparsable package.json is reported by the tools that need it
  }
  if (typeof scripts !== 'object' || scripts === null) return []
  const checks: CheckSpec[] = []
  for (const name of NPM_SCRIPTS) {
    const body = (scripts as Record<string, unknown>)[name]
    if (typeof body !== 'string' || body.trim() === '') continue
    // npm init's placeholder fails by design: it is not a check.
    if (name === 'test' && /no test specified/.test(body)) continue
    const command = name === 'test' ? `${runner} test` : `${runner} run ${name}`
    checks.push({ ...discovered('npm', dir, name, command, 'package.json'), definition: canonicalJson({ scripts: scripts as CanonicalValue, npmrc }) })
  }
  return checks
}

/** The package manager owning `dir`: the nearest lockfile decides. */
function runnerFor(dir: string, present: ReadonlySet<string>): string {
  for (let d: string | null = dir; d !== null; d = d === '' ? null : parentDir(d)) {
    if (present.has(join(d, 'pnpm-lock.yaml'))) return 'pnpm'
    if (present.has(join(d, 'yarn.lock'))) return 'yarn'
    if (present.has(join(d, 'bun.lock')) || present.has(join(d, 'bun.lockb'))) return 'bun'
    if (present.has(join(d, 'package-lock.json'))) return 'npm'
  }
  return 'npm'
}

function pythonChecks(dir: string, at: (name: string) => string | null, files: readonly string[]): CheckSpec[] {
  const pyproject = at('pyproject.toml') ?? ''
  const setupCfg = at('setup.cfg') ?? ''
  const checks: CheckSpec[] = []
  const pytestSource =
    (/^\s*\[tool\.pytest\.ini_options\]/m.test(pyproject) && 'pyproject.toml') ||
    (at('pytest.ini') !== null && 'pytest.ini') ||
    (/^\s*\[pytest\]/m.test(at('tox.ini') ?? '') && 'tox.ini') ||
    (/^\s*\[tool:pytest\]/m.test(setupCfg) && 'setup.cfg') ||
    (pyproject !== '' && hasPythonTests(dir, files) && 'pyproject.toml')
  const section = (text: string, header: RegExp): string => configSection(text, header)
  if (pytestSource) {
    const definition =
      pytestSource === 'pyproject.toml' ? section(pyproject, /^\s*\[\[?tool\.pytest[\].]/) :
      pytestSource === 'tox.ini' ? section(at('tox.ini') ?? '', /^\s*\[pytest\]/) :
      pytestSource === 'setup.cfg' ? section(setupCfg, /^\s*\[tool:pytest\]/) :
      at('pytest.ini') ?? ''
    checks.push({ ...discovered('pytest', dir, 'pytest', 'pytest -q', pytestSource), definition })
  }
  const mypySource =
    (/^\s*\[tool\.mypy\]/m.test(pyproject) && 'pyproject.toml') ||
    (at('mypy.ini') !== null && 'mypy.ini') ||
    (at('.mypy.ini') !== null && '.mypy.ini') ||
    (/^\s*\[mypy\]/m.test(setupCfg) && 'setup.cfg')
  if (mypySource) {
    const definition =
      mypySource === 'pyproject.toml' ? section(pyproject, /^\s*\[\[?tool\.mypy[\].]/) :
      mypySource === 'setup.cfg' ? section(setupCfg, /^\s*\[mypy[\]-]/) :
      at(mypySource) ?? ''
    checks.push({ ...discovered('mypy', dir, 'mypy', 'mypy .', mypySource), definition })
  }
  const ruffSource =
    (/^\s*\[tool\.ruff[\].]/m.test(pyproject) && 'pyproject.toml') ||
    (at('ruff.toml') !== null && 'ruff.toml') ||
    (at('.ruff.toml') !== null && '.ruff.toml')
  if (ruffSource) {
    const definition = ruffSource === 'pyproject.toml' ? section(pyproject, /^\s*\[\[?tool\.ruff[\].]/) : at(ruffSource) ?? ''
    checks.push({ ...discovered('ruff', dir, 'ruff', 'ruff check .', ruffSource), definition })
  }
  return checks
}

/**
 * The lines of every section whose header matches `header` (with their
 * sub-sections, e.g. `[tool.ruff.lint]`): the runner's own configuration
 * (`addopts = "--co"` makes pytest pass without running a test), without
 * the rest of the file (dependencies change often and run nothing).
 */
function configSection(text: string, header: RegExp): string {
  const kept: string[] = []
  let inside = false
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\[/.test(line)) inside = header.test(line)
    if (inside) kept.push(line)
  }
  return kept.join('\n')
}

function hasPythonTests(dir: string, files: readonly string[]): boolean {
  const prefix = dir === '' ? '' : `${dir}/`
  return files.some((f) => f.startsWith(prefix) && /(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$/.test(f))
}

/** A crate listed under an ancestor `[workspace]` is tested by the workspace. */
function insideCargoWorkspace(dir: string, input: Readonly<DiscoveryInput>, dirs: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  for (let d = dir; d !== ''; ) {
    d = parentDir(d)
    if (!dirs.get(d)?.has('Cargo.toml')) continue
    if (/^\s*\[workspace\]/m.test(input.read(join(d, 'Cargo.toml')) ?? '')) return true
  }
  return false
}

function discovered(kind: CheckKind, dir: string, name: string, command: string, manifest: string): CheckSpec {
  return { id: `${kind}:${dir === '' ? '.' : dir}:${name}`, name, kind, command, cwd: dir, paths: null, timeoutMs: null, source: join(dir, manifest) }
}

function explicitCheck(config: Readonly<ExplicitCheckConfig>): CheckSpec {
  if (typeof config.name !== 'string' || config.name.trim() === '' || typeof config.command !== 'string' || config.command.trim() === '') {
    throw new ProofError('invalid_check', 'an explicit check needs a non-empty `name` and `command`')
  }
  const cwd = normaliseRelative(config.cwd ?? '')
  if (cwd === null) throw new ProofError('invalid_check', `check \`${config.name}\`: cwd \`${config.cwd ?? ''}\` leaves the workspace`)
  const paths = config.paths === undefined ? null : config.paths.map((p) => {
    const n = normaliseRelative(p)
    if (n === null) throw new ProofError('invalid_check', `check \`${config.name}\`: path \`${p}\` leaves the workspace`)
    return n
  })
  const timeoutMs = config.timeoutMs ?? null
  if (timeoutMs !== null && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new ProofError('invalid_check', `check \`${config.name}\`: timeoutMs must be a positive number`)
  }
  return { id: `config:${config.name}`, name: config.name, kind: 'config', command: config.command, cwd, paths, timeoutMs, source: 'config' }
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`
}
