// `npm run bench:resolved`: the TypeScript-resolved import edges on the
// generated 5,000-file workspace written to disk, with this package's own
// typescript linked in as the workspace's: the cold run (every JS/TS file
// resolved in the child process), a warm run (cached per file content:
// nothing to resolve), a run after a 12-file edit (those files re-resolved),
// and the graph + selection with the resolved edges unioned in. Informative:
// the resolver runs only when the workspace installs typescript, bounded by
// a time budget past which verify() falls back to the approximate graph.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildImportGraph } from '../lib/core/graph.js'
import { sourceLanguage } from '../lib/core/imports.js'
import { selectChecks } from '../lib/core/selection.js'
import { nodeTsResolver } from '../lib/engine/index.js'
import { writeCommittedWorkspace } from './disk.mjs'
import { generateWorkspace } from './generate.mjs'

const root = await mkdtemp(join(tmpdir(), 'dsh-proof-bench-ts-'))
try {
  const ws = generateWorkspace({ files: 5000 })
  await writeCommittedWorkspace(root, ws)
  await writeFile(join(root, 'tsconfig.json'), '{"compilerOptions":{"module":"nodenext","moduleResolution":"nodenext","allowJs":true}}\n')
  await mkdir(join(root, 'node_modules'), { recursive: true })
  await symlink(fileURLToPath(new URL('../node_modules/typescript', import.meta.url)), join(root, 'node_modules/typescript'))
  const paths = [...ws.files.keys(), 'tsconfig.json'].sort()
  const sources = new Map()
  for (const p of paths) if (sourceLanguage(p) !== null) sources.set(p, await readFile(join(root, p), 'utf8'))
  const resolver = nodeTsResolver(root, { budgetMs: 60_000 })
  const timed = async (/** @type {string} */ label) => {
    const start = performance.now()
    const result = await resolver.resolve({ files: paths, sources })
    console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms, ${result.edges?.length ?? 0} resolved edges${result.reason === null ? '' : ` (${result.reason})`}`)
    return result
  }
  await timed('cold (every file resolved)')
  await timed('warm (cached per file content)')
  for (const path of ws.changed) sources.set(path, `${sources.get(path)}// edited\n`)
  const after = await timed(`after a ${ws.changed.length}-file edit`)
  const start = performance.now()
  // Manifests too: package names map imports to workspace packages.
  const read = (/** @type {string} */ p) => sources.get(p) ?? ws.files.get(p) ?? null
  const approximate = selectChecks({ checks: ws.checks, changed: ws.changed, graph: buildImportGraph({ files: paths, read }) })
  const graph = buildImportGraph({ files: paths, read, resolvedEdges: after.edges ?? undefined })
  const selection = selectChecks({ checks: ws.checks, changed: ws.changed, graph })
  console.log(`graph + selection (approximate, then with resolved edges): ${(performance.now() - start).toFixed(0)} ms, ${graph.edgeCount} edges, ${selection.selected.length}/${ws.checks.length} checks selected (approximate alone: ${approximate.selected.length})`)
} finally {
  await rm(root, { recursive: true, force: true })
}
