// `npm run check` (what CI runs): 1. compile src/ into a temporary directory
// and compare it byte for byte with the committed lib/ (no git needed, so it
// works on any clean checkout); 2. run the tests; 3. type-check the tests.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { staleBuildFiles } from '../../../tools/compare-build.mjs'
import { packageRoot, runTsc } from './tsc.mjs'

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
    const problems = staleBuildFiles(out, join(packageRoot, 'lib'))
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
