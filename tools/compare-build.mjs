// Shared by the plugins' `npm run check`: compares a fresh build of src/
// with the committed lib/, byte for byte, without asking git (so it works in
// a clean clone, a tarball or a dirty tree alike).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * @param {string} dir
 * @returns {string[]} the files below `dir`, relative, with forward slashes, sorted
 */
export function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} current */
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/**
 * Differences between the committed build output and a fresh one.
 * @param {string} fresh the directory a fresh build was written to
 * @param {string} committed the committed `lib/`
 * @returns {string[]} `lib/<file>: <problem>` lines, sorted; empty when they agree
 */
export function staleBuildFiles(fresh, committed) {
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
}
