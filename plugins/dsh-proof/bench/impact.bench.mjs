// `npm run bench`: impact selection (import graph over every source file,
// dependent closure of the change set, check selection) on a generated
// 5,000-file workspace. Target: under 200 ms. Prints the median of the runs.
import { buildImportGraph } from '../lib/core/graph.js'
import { selectChecks } from '../lib/core/selection.js'
import { generateWorkspace } from './generate.mjs'

const FILES = Number(process.env.BENCH_FILES ?? 5000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TARGET_MS = 200

const ws = generateWorkspace({ files: FILES })
const paths = [...ws.files.keys()].sort()
const bytes = [...ws.files.values()].reduce((n, t) => n + t.length, 0)

/** One full selection, as `verify` does it once the texts are in memory. */
function selectOnce() {
  const graph = buildImportGraph({ files: paths, read: (p) => ws.files.get(p) ?? null })
  return { graph, selection: selectChecks({ checks: ws.checks, changed: ws.changed, graph }) }
}

selectOnce() // warm-up
/** @type {number[]} */
const times = []
/** @type {number[]} */
const cpuTimes = []
let last = selectOnce()
for (let i = 0; i < RUNS; i++) {
  const cpu = process.cpuUsage()
  const start = performance.now()
  last = selectOnce()
  times.push(performance.now() - start)
  const used = process.cpuUsage(cpu)
  cpuTimes.push((used.user + used.system) / 1000)
}
const median = medianOf(times)
const worst = Math.max(...times)
const cpuMedian = medianOf(cpuTimes)
console.log(`workspace: ${paths.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${last.graph.edgeCount} edges, ${ws.checks.length} checks`)
console.log(`change set: ${ws.changed.length} files → ${last.selection.affectedFiles} affected files, ${last.selection.selected.length}/${ws.checks.length} checks selected (${last.selection.reason})`)
// CPU time is reported beside wall time: on a shared machine the wall clock
// also counts time spent waiting for a core.
console.log(`impact selection: median ${median.toFixed(1)} ms wall (${cpuMedian.toFixed(1)} ms CPU), worst ${worst.toFixed(1)} ms over ${RUNS} runs (target < ${TARGET_MS} ms)`)
if (median >= TARGET_MS) {
  console.error(`error: median ${median.toFixed(1)} ms is over the ${TARGET_MS} ms target`)
  process.exitCode = 1
}

/** @param {number[]} values */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return /** @type {number} */ (sorted[Math.floor(sorted.length / 2)])
}
