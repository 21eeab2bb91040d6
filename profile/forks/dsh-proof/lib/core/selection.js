import { compareCodeUnits } from './canonical.js';
import { closureIds, isFileNode } from './graph.js';
import { baseName, compilePattern, isWithin } from './paths.js';
/**
 * Files whose change can alter any check's result without being imported:
 * lockfiles, manifests, compiler and runner configuration, CI definitions.
 * Names match in any directory; paths with a slash match from the root.
 */
export const DEFAULT_GLOBAL_INVALIDATORS = [
    'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'yarn.lock',
    '.yarnrc.yml', '.npmrc', 'bun.lock', 'bun.lockb', 'Cargo.lock', 'Cargo.toml', 'go.mod', 'go.sum', 'go.work', 'go.work.sum',
    'poetry.lock', 'uv.lock', 'Pipfile', 'Pipfile.lock', 'requirements*.txt', 'pyproject.toml', 'setup.py', 'setup.cfg',
    'tox.ini', 'pytest.ini', 'conftest.py', 'mypy.ini', '.mypy.ini', 'ruff.toml', '.ruff.toml', 'Makefile', 'makefile', 'GNUmakefile',
    'tsconfig*.json', 'jsconfig*.json', 'babel.config.*', '.babelrc*', 'jest.config.*', 'vitest.config.*', 'vitest.workspace.*',
    'vite.config.*', 'webpack.config.*', 'rollup.config.*', 'eslint.config.*', '.eslintrc*', 'biome.json', 'biome.jsonc',
    '.nvmrc', '.node-version', '.tool-versions', '.python-version', 'rust-toolchain', 'rust-toolchain.toml',
    '.github/workflows/**', '.gitlab-ci.yml', '.circleci/**', 'azure-pipelines.yml', 'Jenkinsfile', '.ci/**',
];
/**
 * Prose files that no check needs to cover: a changed README alone does not
 * make a claim unproven. They still select the checks whose scope holds them.
 */
const PROSE = /\.(?:md|markdown|rst|adoc|txt)$|(?:^|\/)(?:LICEN[CS]E|COPYING|AUTHORS|CHANGELOG|NOTICE)(?:\.[^/]*)?$/i;
/** True for documentation files exempt from coverage. */
export function isProse(path) {
    return PROSE.test(path);
}
/** A predicate for "this path is a global invalidator". */
export function invalidatorMatcher(extra) {
    const byName = new Set();
    const matchers = [];
    for (const pattern of [...DEFAULT_GLOBAL_INVALIDATORS, ...(extra ?? [])]) {
        if (pattern.includes('/'))
            matchers.push(compilePattern(pattern));
        else if (/[*?]/.test(pattern)) {
            const match = compilePattern(pattern);
            matchers.push((path) => match(baseName(path)));
        }
        else
            byName.add(pattern);
    }
    return (path) => byName.has(baseName(path)) || matchers.some((m) => m(path));
}
/** A predicate for "this path lies in the check's scope". */
export function scopeMatcher(check) {
    if (check.paths === null)
        return (path) => isWithin(path, check.cwd);
    const matchers = check.paths.map(compilePattern);
    return (path) => matchers.some((m) => m(path));
}
/**
 * Select the checks a change set made stale: the dependent closure of every
 * changed file, matched against each check's scope. A global invalidator, a
 * forced reason or a missing graph selects everything; `reach` is computed
 * either way because regression attribution needs it.
 */
export function selectChecks(input) {
    const isInvalidator = invalidatorMatcher(input.globalInvalidators);
    const invalidators = input.changed.filter(isInvalidator).sort(compareCodeUnits);
    const scopes = input.checks.map(scopeMatcher);
    const reach = new Map(input.checks.map((c) => [c.id, []]));
    const covered = new Set();
    const affected = new Set();
    const checksOf = scopeIndex(input.checks, scopes);
    const graph = input.graph;
    const visited = graph === null ? null : { stamp: new Int32Array(graph.nodes.length), epoch: 0 };
    for (const file of [...input.changed].sort(compareCodeUnits)) {
        const hit = new Set();
        if (isInvalidator(file))
            for (let i = 0; i < input.checks.length; i++)
                hit.add(i);
        // The changed path itself (it may be deleted, hence absent from the graph).
        for (const i of checksOf(file))
            hit.add(i);
        affected.add(file);
        if (graph !== null && visited !== null) {
            visited.epoch++;
            for (const id of closureIds(graph, [file], visited)) {
                if (!isFileNode(graph, id))
                    continue;
                const path = graph.nodes[id];
                affected.add(path);
                for (const i of checksOf(path))
                    hit.add(i);
            }
        }
        for (const i of hit)
            reach.get(input.checks[i].id)?.push(file);
        if (hit.size > 0)
            covered.add(file);
    }
    const mustRun = new Set(input.mustRun ?? []);
    const fullReason = input.forceFull ?? (input.graph === null ? 'impact-graph-off' : invalidators.length > 0 ? 'global-invalidator' : null);
    const selected = input.checks
        .filter((c) => fullReason !== null || mustRun.has(c.id) || (reach.get(c.id)?.length ?? 0) > 0)
        .map((c) => c.id)
        .sort(compareCodeUnits);
    const reachRecord = {};
    for (const [id, files] of reach)
        reachRecord[id] = files;
    return {
        full: fullReason !== null,
        reason: fullReason ?? 'impact',
        selected,
        invalidators,
        reach: reachRecord,
        uncovered: input.changed.filter((f) => !covered.has(f) && !isProse(f)).sort(compareCodeUnits),
        affectedFiles: affected.size,
    };
}
/** path → indices of the checks whose scope holds it, memoised per path. */
function scopeIndex(checks, scopes) {
    const memo = new Map();
    return (path) => {
        let hits = memo.get(path);
        if (hits === undefined) {
            hits = [];
            for (let i = 0; i < checks.length; i++)
                if (scopes[i](path))
                    hits.push(i);
            memo.set(path, hits);
        }
        return hits;
    };
}
