// Runs the package's pinned TypeScript compiler (never a global one) and
// returns its exit status; shared by build, check and the test type check.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'

export const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)))

/** @param {string[]} args */
export function runTsc(args) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const result = spawnSync(process.execPath, [tsc, ...args], { cwd: packageRoot, stdio: 'inherit' })
  if (result.error) throw result.error
  return result.status ?? 1
}
