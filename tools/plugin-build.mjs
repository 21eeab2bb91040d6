#!/usr/bin/env node
// The one build of the TypeScript plugins (plugins/<name>), shared so that a
// fix is made once:
//
//   node ../../tools/plugin-build.mjs build   clean lib/, compile src/ with the
//                                             package's pinned tsc, and write
//                                             the generated files
//   node ../../tools/plugin-build.mjs check   build into a temporary directory
//                                             and compare with what is committed
//
// Run from the package directory (npm does). Generated files: `bundle.js`, the
// bundle row's entry, for every package that exports `./bundle`; its one
// source is plugins/shared/bundle.js.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildFiles } from './compare-build.mjs';

const BUNDLE_SOURCE = fileURLToPath(new URL('../plugins/shared/bundle.js', import.meta.url));

/**
 * @param {string} packageRoot
 * @returns {string[]} the generated files this package ships, relative to its root
 */
function generatedFiles(packageRoot) {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  return manifest.exports?.['./bundle'] === undefined ? [] : ['bundle.js'];
}

/**
 * Remove `outDir`, compile the package's src/ into it with its pinned
 * TypeScript and write its generated files into `generatedDir`. Throws when
 * tsc reports errors.
 * @param {string} packageRoot
 * @param {string} outDir
 * @param {string} generatedDir
 */
function buildInto(packageRoot, outDir, generatedDir) {
  rmSync(outDir, { recursive: true, force: true });
  const tsc = createRequire(join(packageRoot, 'package.json')).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(packageRoot, 'tsconfig.json'), '--outDir', outDir], { cwd: packageRoot, stdio: 'inherit' });
  for (const file of generatedFiles(packageRoot)) copyFileSync(BUNDLE_SOURCE, join(generatedDir, file));
}

/**
 * The build of one plugin package.
 * @param {string | URL} root the package directory
 */
export function pluginBuild(root) {
  const packageRoot = resolve(root instanceof URL ? fileURLToPath(root) : root);
  return {
    packageRoot,
    /** Clean lib/ and build the package in place. */
    build: () => buildInto(packageRoot, join(packageRoot, 'lib'), packageRoot),
    /**
     * Differences between what is committed and a fresh build.
     * @returns {string[]} `<file>: <problem>` lines, sorted; empty when they agree
     */
    staleLibFiles: () => {
      const scratch = mkdtempSync(join(tmpdir(), `${basename(packageRoot)}-build-`));
      try {
        buildInto(packageRoot, join(scratch, 'lib'), scratch);
        const problems = staleBuildFiles(join(scratch, 'lib'), join(packageRoot, 'lib'));
        for (const file of generatedFiles(packageRoot)) {
          const committed = join(packageRoot, file);
          if (!existsSync(committed)) problems.push(`${file}: missing (the build writes it from plugins/shared/${file})`);
          else if (!readFileSync(committed).equals(readFileSync(join(scratch, file)))) problems.push(`${file}: differs from plugins/shared/${file}, its source`);
        }
        return problems.sort();
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** @param {string[]} argv */
function main(argv) {
  const plugin = pluginBuild(process.cwd());
  const name = basename(plugin.packageRoot);
  if (argv.length !== 1 || !['build', 'check'].includes(argv[0] ?? '')) {
    console.error('usage: node tools/plugin-build.mjs build|check   (from a plugin package directory)');
    return 2;
  }
  try {
    if (argv[0] === 'build') {
      plugin.build();
      return 0;
    }
    const problems = plugin.staleLibFiles();
    if (problems.length > 0) {
      console.error(`error: the committed build output of plugins/${name} is stale:`);
      for (const problem of problems) console.error(`  ${problem}`);
      console.error(`help: run \`npm run build\` in plugins/${name} and commit what it changed`);
      return 1;
    }
    console.log(`plugins/${name}: lib/ and the generated files match a fresh build`);
    return 0;
  } catch {
    console.error(`error: the build of plugins/${name} failed: fix the TypeScript errors above`);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
