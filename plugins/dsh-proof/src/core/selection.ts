import { compareCodeUnits } from './canonical.js'
import type { CheckSpec } from './checks.js'
import { closureIds, isFileNode, type ImportGraph } from './graph.js'
import { baseName, compilePattern, isWithin } from './paths.js'

/**
 * Files whose change can alter any check's result without being imported:
 * lockfiles, manifests, compiler and runner configuration, CI definitions.
 * Names match in any directory; paths with a slash match from the root.
 */
export const DEFAULT_GLOBAL_INVALIDATORS: readonly string[] = [
  'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'yarn.lock',
  '.yarnrc.yml', '.npmrc', 'bun.lock', 'bun.lockb', 'Cargo.lock', 'Cargo.toml', 'go.mod', 'go.sum', 'go.work', 'go.work.sum',
  'poetry.lock', 'uv.lock', 'Pipfile', 'Pipfile.lock', 'requirements*.txt', 'pyproject.toml', 'setup.py', 'setup.cfg',
  'tox.ini', 'pytest.ini', 'conftest.py', 'mypy.ini', '.mypy.ini', 'ruff.toml', '.ruff.toml', 'Makefile', 'makefile', 'GNUmakefile',
  'tsconfig*.json', 'jsconfig*.json', 'babel.config.*', '.babelrc*', 'jest.config.*', 'vitest.config.*', 'vitest.workspace.*',
  'vite.config.*', 'webpack.config.*', 'rollup.config.*', 'eslint.config.*', '.eslintrc*', 'biome.json', 'biome.jsonc',
  '.nvmrc', '.node-version', '.tool-versions', '.python-version', 'rust-toolchain', 'rust-toolchain.toml',
  '.github/workflows/**', '.gitlab-ci.yml', '.circleci/**', 'azure-pipelines.yml', 'Jenkinsfile', '.ci/**',
]

/**
 * Prose files that no check needs to cover: a changed README alone does not
 * make a claim unproven. They still select the checks whose scope holds them.
 */
const PROSE = /\.(?:md|markdown|rst|adoc|txt)$|(?:^|\/)(?:LICEN[CS]E|COPYING|AUTHORS|CHANGELOG|NOTICE)(?:\.[^/]*)?$/i

/** True for documentation files exempt from coverage. */
export function isProse(path: string): boolean {
  return PROSE.test(path)
}

export interface SelectionInput {
  readonly checks: readonly CheckSpec[]
  /** Changed files (rename sources included), relative. */
  readonly changed: readonly string[]
  /** The import graph, or null when impact analysis is off (every check runs). */
  readonly graph: ImportGraph | null
  /** Extra invalidator patterns on top of the defaults. */
  readonly globalInvalidators?: readonly string[] | undefined
  /** A reason to run everything regardless (e.g. a degraded change set). */
  readonly forceFull?: string | null | undefined
  /** Checks that must run whatever changed (no baseline result to carry). */
  readonly mustRun?: readonly string[] | undefined
}

export interface Selection {
  readonly full: boolean
  /** Why this selection: `impact`, `global-invalidator`, `degraded`, `impact-graph-off`, … */
  readonly reason: string
  /** Check ids to run, sorted. */
  readonly selected: readonly string[]
  /** Changed files that triggered a full run. */
  readonly invalidators: readonly string[]
  /** check id → changed files whose dependents reach the check's scope. */
  readonly reach: Readonly<Record<string, readonly string[]>>
  /** Changed files no check covers (prose files excepted): coverage is incomplete. */
  readonly uncovered: readonly string[]
  /** Number of files in the dependent closure of the change set. */
  readonly affectedFiles: number
}

/** A predicate for "this path is a global invalidator". */
export function invalidatorMatcher(extra?: readonly string[] | null): (path: string) => boolean {
  const byName = new Set<string>()
  const matchers: Array<(path: string) => boolean> = []
  for (const pattern of [...DEFAULT_GLOBAL_INVALIDATORS, ...(extra ?? [])]) {
    if (pattern.includes('/')) matchers.push(compilePattern(pattern))
    else if (/[*?]/.test(pattern)) {
      const match = compilePattern(pattern)
      matchers.push((path) => match(baseName(path)))
    } else byName.add(pattern)
  }
  return (path) => byName.has(baseName(path)) || matchers.some((m) => m(path))
}

/** A predicate for "this path lies in the check's scope". */
export function scopeMatcher(check: Readonly<CheckSpec>): (path: string) => boolean {
  if (check.paths === null) return (path) => isWithin(path, check.cwd)
  const matchers = check.paths.map(compilePattern)
  return (path) => matchers.some((m) => m(path))
}

/**
 * Select the checks a change set made stale: the dependent closure of every
 * changed file, matched against each check's scope. A global invalidator, a
 * forced reason or a missing graph selects everything; `reach` is computed
 * either way because regression attribution needs it.
 */
export function selectChecks(input: Readonly<SelectionInput>): Selection {
  const isInvalidator = invalidatorMatcher(input.globalInvalidators)
  const invalidators = input.changed.filter(isInvalidator).sort(compareCodeUnits)
  const scopes = input.checks.map(scopeMatcher)
  const reach = new Map<string, string[]>(input.checks.map((c) => [c.id, []]))
  const covered = new Set<string>()
  const affected = new Set<string>()
  const checksOf = scopeIndex(input.checks, scopes)
  const graph = input.graph
  const visited = graph === null ? null : { stamp: new Int32Array(graph.nodes.length), epoch: 0 }
  for (const file of [...input.changed].sort(compareCodeUnits)) {
    const hit = new Set<number>()
    if (isInvalidator(file)) for (let i = 0; i < input.checks.length; i++) hit.add(i)
    // The changed path itself (it may be deleted, hence absent from the graph).
    for (const i of checksOf(file)) hit.add(i)
    affected.add(file)
    if (graph !== null && visited !== null) {
      visited.epoch++
      for (const id of closureIds(graph, [file], visited)) {
        if (!isFileNode(graph, id)) continue
        const path = graph.nodes[id] as string
        affected.add(path)
        for (const i of checksOf(path)) hit.add(i)
      }
    }
    for (const i of hit) reach.get((input.checks[i] as CheckSpec).id)?.push(file)
    if (hit.size > 0) covered.add(file)
  }
  const mustRun = new Set(input.mustRun ?? [])
  const fullReason =
    input.forceFull ?? (input.graph === null ? 'impact-graph-off' : invalidators.length > 0 ? 'global-invalidator' : null)
  const selected = input.checks
    .filter((c) => fullReason !== null || mustRun.has(c.id) || (reach.get(c.id)?.length ?? 0) > 0)
    .map((c) => c.id)
    .sort(compareCodeUnits)
  const reachRecord: Record<string, readonly string[]> = {}
  for (const [id, files] of reach) reachRecord[id] = files
  return {
    full: fullReason !== null,
    reason: fullReason ?? 'impact',
    selected,
    invalidators,
    reach: reachRecord,
    uncovered: input.changed.filter((f) => !covered.has(f) && !isProse(f)).sort(compareCodeUnits),
    affectedFiles: affected.size,
  }
}

/** path → indices of the checks whose scope holds it, memoised per path. */
function scopeIndex(checks: readonly CheckSpec[], scopes: ReadonlyArray<(path: string) => boolean>): (path: string) => readonly number[] {
  const memo = new Map<string, number[]>()
  return (path) => {
    let hits = memo.get(path)
    if (hits === undefined) {
      hits = []
      for (let i = 0; i < checks.length; i++) if ((scopes[i] as (p: string) => boolean)(path)) hits.push(i)
      memo.set(path, hits)
    }
    return hits
  }
}
