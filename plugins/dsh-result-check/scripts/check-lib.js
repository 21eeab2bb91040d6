// Rebuild src/ into a temporary directory and compare it byte for byte with
// the committed lib/. Independent of git: works in a clean clone, a tarball
// or a dirty tree alike.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, packageRoot } from './build.js';

/**
 * @param {string} root
 * @param {string} [dir]
 * @returns {string[]} paths relative to `root`, with forward slashes
 */
function listFiles(root, dir = root) {
  /** @type {import('node:fs').Dirent[]} */
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

/**
 * Differences between the committed lib/ and a fresh build.
 * @returns {string[]} `lib/<file>: <problem>` lines, sorted
 */
export function staleLibFiles() {
  const scratch = mkdtempSync(join(tmpdir(), 'dsh-result-check-lib-'));
  try {
    const fresh = build(join(scratch, 'lib'));
    const committed = resolve(packageRoot, 'lib');
    const freshFiles = new Set(listFiles(fresh));
    const committedFiles = new Set(listFiles(committed));
    /** @type {string[]} */
    const problems = [];
    for (const file of [...new Set([...freshFiles, ...committedFiles])].sort()) {
      if (!committedFiles.has(file)) problems.push(`lib/${file}: missing (the build produces it)`);
      else if (!freshFiles.has(file)) problems.push(`lib/${file}: not produced by the build (delete it)`);
      else if (!readFileSync(join(fresh, file)).equals(readFileSync(join(committed, file)))) {
        problems.push(`lib/${file}: differs from a fresh build`);
      }
    }
    return problems;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = staleLibFiles();
  if (problems.length > 0) {
    console.error('error: the committed lib/ is stale:');
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('help: run `npm run build` in plugins/dsh-result-check and commit lib/');
    process.exit(1);
  }
  console.log('lib/ matches a fresh build of src/');
}
