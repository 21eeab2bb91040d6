// Compile src/ into an output directory with the pinned TypeScript.
// `node scripts/build.js lib` is the package build; check-lib.js builds into
// a temporary directory to compare with the committed lib/.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Remove `outDir` and compile src/ into it. Throws when tsc reports errors.
 * @param {string} outDir
 * @returns {string} the absolute output directory
 */
export function build(outDir) {
  const target = resolve(packageRoot, outDir);
  rmSync(target, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', resolve(packageRoot, 'tsconfig.json'), '--outDir', target], {
    stdio: 'inherit',
  });
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node scripts/build.js <output directory>');
    process.exit(2);
  }
  try {
    build(outDir);
  } catch {
    console.error('error: build failed: fix the TypeScript errors above');
    process.exit(1);
  }
}
