// `npm test [path…]`: runs every test/**/*.test.js (or those under the given
// paths) with `node --test`. Node 20 has no test-file globs, so the list is
// built here from the directory tree, sorted, and passed explicitly; a new
// test file is picked up by naming it `*.test.js`, fixtures are not.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)))

/** @param {string} dir @returns {string[]} */
function listTests(dir) {
  if (statSync(dir).isFile()) return dir.endsWith('.test.js') ? [dir] : []
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...listTests(path))
    else if (entry.isFile() && entry.name.endsWith('.test.js')) found.push(path)
  }
  return found
}

const roots = process.argv.length > 2
  ? process.argv.slice(2).map((p) => resolve(p))
  : [join(packageRoot, 'test')]
const files = [...new Set(roots.flatMap(listTests))]
  .map((p) => relative(packageRoot, p).split(sep).join('/'))
  .sort()
if (files.length === 0) {
  console.error(`error: no *.test.js files under ${roots.join(', ')}`)
  process.exit(1)
}
const result = spawnSync(process.execPath, ['--test', ...files], { cwd: packageRoot, stdio: 'inherit' })
process.exitCode = result.status ?? 1
