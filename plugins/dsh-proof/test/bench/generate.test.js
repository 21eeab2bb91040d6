import { test } from 'node:test'
import assert from 'node:assert/strict'
import { generateWorkspace, rng } from '../../bench/generate.mjs'
import { buildImportGraph } from '../../lib/core/graph.js'
import { selectChecks } from '../../lib/core/selection.js'

test('bench generator', async (t) => {
  await t.test('should be deterministic for a seed', () => {
    const a = generateWorkspace({ files: 300, packages: 4 })
    const b = generateWorkspace({ files: 300, packages: 4 })
    assert.deepEqual([...a.files], [...b.files])
    assert.deepEqual(a.changed, b.changed)
    assert.notDeepEqual([...generateWorkspace({ files: 300, packages: 4, seed: 7n }).files], [...a.files])
    const r = rng(1n)
    assert.deepEqual([r(100), r(100), r(100)], (() => { const s = rng(1n); return [s(100), s(100), s(100)] })())
  })
  await t.test('should produce the requested size and a workload that exercises the graph', () => {
    const ws = generateWorkspace({ files: 300, packages: 4 })
    assert.equal(ws.files.size, 300)
    const paths = [...ws.files.keys()].sort()
    const graph = buildImportGraph({ files: paths, read: (p) => ws.files.get(p) ?? null })
    assert.ok(graph.edgeCount > 300)
    const selection = selectChecks({ checks: ws.checks, changed: ws.changed, graph })
    assert.equal(selection.reason, 'impact')
    assert.ok(selection.affectedFiles > ws.changed.length, 'dependents are found')
    assert.ok(selection.selected.length > 0)
  })
})
