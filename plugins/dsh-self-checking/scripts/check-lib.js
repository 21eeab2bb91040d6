// Rebuild src/ into a temporary directory and compare it byte for byte with
// the committed lib/. Independent of git: works in a clean clone, a tarball
// or a dirty tree alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildFiles } from '../../../tools/compare-build.mjs';
import { build, packageRoot } from './build.js';

/**
 * Differences between the committed lib/ and a fresh build.
 * @returns {string[]} `lib/<file>: <problem>` lines, sorted
 */
export function staleLibFiles() {
  const scratch = mkdtempSync(join(tmpdir(), 'dsh-self-checking-lib-'));
  try {
    return staleBuildFiles(build(join(scratch, 'lib')), resolve(packageRoot, 'lib'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = staleLibFiles();
  if (problems.length > 0) {
    console.error('error: the committed lib/ is stale:');
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('help: run `npm run build` in plugins/dsh-self-checking and commit lib/');
    process.exit(1);
  }
  console.log('lib/ matches a fresh build of src/');
}
