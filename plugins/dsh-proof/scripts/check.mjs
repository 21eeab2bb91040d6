// `npm run check` (what CI runs): 1. compile src/ into a temporary directory
// and compare it byte for byte with the committed lib/ (no git needed, so it
// works on any clean checkout); 2. run the tests; 3. type-check the tests.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { packageRoot, runTsc } from './tsc.mjs'

/** @param {string} dir @returns {string[]} sorted slash paths relative to dir */
function listFiles(dir) {
  if (!existsSync(dir)) return []
  /** @type {string[]} */
  const out = []
  const walk = (/** @type {string} */ d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out.push(relative(dir, p).split(sep).join('/'))
    }
  }
  walk(dir)
  return out.sort()
}

/**
 * @param {string} fresh @param {string} committed
 * @returns {string[]} problems, empty when lib/ is up to date
 */
function compareLib(fresh, committed) {
  const a = new Set(listFiles(fresh))
  const b = new Set(listFiles(committed))
  const problems = []
  for (const f of a) {
    if (!b.has(f)) problems.push(`missing from lib/: ${f}`)
    else if (!readFileSync(join(fresh, f)).equals(readFileSync(join(committed, f)))) problems.push(`differs: lib/${f}`)
  }
  for (const f of b) if (!a.has(f)) problems.push(`not produced by src/ (stale): lib/${f}`)
  return problems
}

/** @param {string} name @param {() => number} fn */
function step(name, fn) {
  console.log(`\n> ${name}`)
  const status = fn()
  if (status !== 0) {
    console.error(`error: ${name} failed`)
    process.exit(status || 1)
  }
}

step('build into a temporary directory and compare with lib/', () => {
  const out = mkdtempSync(join(tmpdir(), 'dsh-proof-lib-'))
  try {
    const status = runTsc(['-p', 'tsconfig.json', '--outDir', out])
    if (status !== 0) return status
    const problems = compareLib(out, join(packageRoot, 'lib'))
    if (problems.length === 0) {
      console.log('lib/ is up to date with src/')
      return 0
    }
    console.error(`error: the committed lib/ does not match src/ (${problems.length} file(s)):`)
    for (const p of problems) console.error(`  ${p}`)
    console.error('help: run `npm run build` in plugins/dsh-proof and commit lib/')
    return 1
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
})
step('tests', () => spawnSync(process.execPath, [join(packageRoot, 'scripts/run-tests.mjs')], { cwd: packageRoot, stdio: 'inherit' }).status ?? 1)
step('type check of tests', () => runTsc(['-p', 'test/tsconfig.json']))
console.log('\ncheck: ok')
