// The generated workspace on disk, committed to a fresh git repository, as
// the on-disk benchmarks (`bench:verify`, `bench:shell`) start from it.
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/**
 * Write every file of `ws` under `root`, then `git init` and commit them all.
 * @param {string} root @param {{ files: Map<string, string> }} ws
 */
export async function writeCommittedWorkspace(root, ws) {
  for (const [path, text] of ws.files) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  const git = (/** @type {string[]} */ ...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: root, stdio: 'ignore' })
  git('init', '-q')
  git('add', '.')
  git('commit', '-q', '-m', 'bench')
}
