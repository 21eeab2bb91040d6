import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * A throwaway workspace under a fresh temp dir, removed after the test.
 * @param {import('node:test').TestContext} t
 */
export async function tempWorkspace(t, /** @type {string} */ name = 'ws') {
  const root = await mkdtemp(join(tmpdir(), 'dsh-proof-engine-'))
  t.after(() => rm(root, { recursive: true, force: true }))
  const workspace = join(root, name)
  await mkdir(workspace, { recursive: true })
  return { root, workspace }
}

/** Write files (relative path → text) under `dir`. @param {string} dir @param {Record<string, string>} files */
export async function writeTree(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
}

/** Run git in `cwd` with a fixed identity. @param {string} cwd @param {string[]} args */
export function git(cwd, ...args) {
  return execFileSync('git', ['-c', 'user.name=proof', '-c', 'user.email=proof@example.invalid', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' })
}

/** sha256 hex of a text's UTF-8 bytes, as a tool fingerprint. @param {string} text */
export const sha256 = (text) => createHash('sha256').update(text).digest('hex')

/** A small real project: `npm test` runs node:test over an adder. */
export const ADDER_PROJECT = {
  'package.json': `${JSON.stringify({ name: 'adder', private: true, type: 'module', scripts: { test: 'node --test test/math.test.js' } }, null, 2)}\n`,
  'src/math.js': 'export const add = (a, b) => a + b\n',
  'src/greet.js': "export const greet = (name) => `hello ${name}`\n",
  'test/math.test.js': "import { test } from 'node:test'\nimport assert from 'node:assert/strict'\nimport { add } from '../src/math.js'\n\ntest('adds', () => {\n  assert.equal(add(2, 2), 4)\n})\n",
  'README.md': '# adder\n',
}
