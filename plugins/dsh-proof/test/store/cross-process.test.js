import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, utimes, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { EvidenceStore } from '../../lib/store/index.js'
import { tempSetup } from '../fixtures/temp.js'

const storeModule = fileURLToPath(new URL('../../lib/store/index.js', import.meta.url))

/**
 * A separate node process appending `count` records to the same store.
 * @param {{dshHome: string, workspace: string}} dirs @param {string} tag @param {number} count
 */
function appender(dirs, tag, count) {
  const script = `
    const { EvidenceStore } = await import(${JSON.stringify(storeModule)})
    const store = new EvidenceStore({ dshHome: ${JSON.stringify(dirs.dshHome)}, workspaceRoot: ${JSON.stringify(dirs.workspace)}, checkpointEvery: 5 })
    for (let n = 0; n < ${count}; n++) await store.appendEvidence({ tag: ${JSON.stringify(tag)}, n })
  `
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`appender ${tag} exited ${code}: ${stderr}`))))
  })
}

test('EvidenceStore across processes', async (t) => {
  await t.test('should keep one chain when two processes append at once', async (t) => {
    const dirs = await tempSetup(t)
    // The key exists first, so both processes sign with the same one.
    await new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace }).appendEvidence({ start: true })
    await Promise.all([appender(dirs, 'a', 40), appender(dirs, 'b', 40)])
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    const report = await store.integrity()
    assert.equal(report.intact, true, report.problems.join('; '))
    assert.equal(report.records - report.checkpoints, 81, 'every record landed once')
    assert.equal(existsSync(`${store.location.logFile}.lock`), false, 'the lock is released')
  })
  await t.test('should break a lock left by a writer that died', async (t) => {
    const dirs = await tempSetup(t)
    const store = new EvidenceStore({ dshHome: dirs.dshHome, workspaceRoot: dirs.workspace })
    await mkdir(store.location.dir, { recursive: true })
    const lock = `${store.location.logFile}.lock`
    await writeFile(lock, '99999\n')
    const old = new Date(Date.now() - 60_000)
    await utimes(lock, old, old)
    await store.appendEvidence({ after: 'crash' })
    assert.equal((await store.integrity()).records, 1)
  })
})
