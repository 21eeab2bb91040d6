// `npm run bench:shell`: what dsh-proof adds to every shell call — two
// readings of git's view of the workspace (HEAD, `git status` with untracked
// files, an lstat per dirty or untracked path), one before the call (awaited
// in tools/pre-execute) and one at its result (compared off the call's path).
// The generated 5,000-file workspace is written to a temp dir and committed;
// then 12 files are edited and 20 untracked files added, as mid-session.
// A second round adds 2,000 untracked files (under the 5,000-path bound).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { diffReadings } from '../lib/core/workspace-state.js'
import { nodeWorkspaceState } from '../lib/engine/index.js'
import { writeCommittedWorkspace } from './disk.mjs'
import { generateWorkspace } from './generate.mjs'

const FILES = Number(process.env.BENCH_FILES ?? 5000)
const RUNS = Number(process.env.BENCH_RUNS ?? 21)

/** @param {number[]} values */
const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Time RUNS shell calls that change nothing: reading before, reading after, compare.
 * @param {string} root
 */
async function timeCalls(root) {
  const port = nodeWorkspaceState(root)
  const before = await port.read() // warm-up (the workspace's prefix is cached by the port)
  if (before.kind !== 'known') throw new Error(`reading is ${before.kind}: ${JSON.stringify(before)}`)
  const times = []
  const cpuTimes = []
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage()
    const start = performance.now()
    const change = diffReadings(await port.read(), await port.read())
    times.push(performance.now() - start)
    const used = process.cpuUsage(cpu)
    cpuTimes.push((used.user + used.system) / 1000)
    if (change.kind !== 'unchanged') throw new Error(`a read-only call changed the workspace: ${JSON.stringify(change)}`)
  }
  return { entries: Object.keys(before.state.entries).length, median: medianOf(times), worst: Math.max(...times), cpu: medianOf(cpuTimes) }
}

/** @param {string} label @param {Awaited<ReturnType<typeof timeCalls>>} r */
const report = (label, r) =>
  console.log(`${label}: ${r.entries} dirty/untracked paths — per shell call (2 readings + compare): median ${r.median.toFixed(1)} ms wall (${r.cpu.toFixed(1)} ms CPU in node), worst ${r.worst.toFixed(1)} ms over ${RUNS} runs`)

const root = await mkdtemp(join(tmpdir(), 'dsh-proof-bench-shell-'))
try {
  const ws = generateWorkspace({ files: FILES })
  await writeCommittedWorkspace(root, ws)
  for (const path of ws.changed) await writeFile(join(root, path), `${ws.files.get(path)}// edited\n`)
  for (let i = 0; i < 20; i++) await writeFile(join(root, `scratch-${i}.txt`), `${i}\n`)
  console.log(`workspace: ${ws.files.size} tracked files`)
  report('mid-session', await timeCalls(root))
  await mkdir(join(root, 'untracked'))
  for (let i = 0; i < 2000; i++) await writeFile(join(root, 'untracked', `u-${i}.txt`), `${i}\n`)
  report('many untracked', await timeCalls(root))
} finally {
  await rm(root, { recursive: true, force: true })
}
