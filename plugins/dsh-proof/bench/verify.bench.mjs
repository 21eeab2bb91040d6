// `npm run bench:verify`: the whole facade on disk — the generated 5,000-file
// workspace written to a temp dir and committed, a baseline with one trivial
// check per package, then `verify()` after a 12-file edit (git status and
// diff, digests, reading every source, the graph, selection, the selected
// checks). Informative; the target is on impact selection (`npm run bench`).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProofEngine } from '../lib/engine/index.js'
import { writeCommittedWorkspace } from './disk.mjs'
import { generateWorkspace } from './generate.mjs'

const root = await mkdtemp(join(tmpdir(), 'dsh-proof-bench-'))
try {
  const ws = generateWorkspace({ files: 5000 })
  await writeCommittedWorkspace(root, ws)
  const checks = ws.checks.map((c) => ({ name: c.id, command: 'true', cwd: c.cwd, ...(c.paths === null ? {} : { paths: c.paths }) }))
  const engine = createProofEngine({ workspace: root, discover: false, checks })
  let start = performance.now()
  await engine.baseline()
  const baselineMs = performance.now() - start
  for (const path of ws.changed) await writeFile(join(root, path), `${ws.files.get(path)}// edited\n`)
  const times = []
  let last
  for (let i = 0; i < 5; i++) {
    start = performance.now()
    last = await engine.verify()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  console.log(`baseline: ${baselineMs.toFixed(0)} ms (${checks.length} checks)`)
  console.log(`verify after a ${ws.changed.length}-file edit: median ${(times[2] ?? 0).toFixed(0)} ms over 5 runs, ${last?.runs.length} of ${checks.length} checks run, grade ${last?.grade}`)
} finally {
  await rm(root, { recursive: true, force: true })
}
