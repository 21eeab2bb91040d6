import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { pluginBuild } from '../../../tools/plugin-build.mjs';

const { packageRoot, staleLibFiles } = pluginBuild(new URL('..', import.meta.url));

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test('lib/', async (t) => {
  await t.test('should be exactly what the pinned compiler builds from src/', () => {
    assert.deepEqual(staleLibFiles(), [], 'run `npm run build` and commit lib/');
  });
});

test('src/core', async (t) => {
  await t.test('should import nothing but other core modules', () => {
    for (const file of sourceFiles(join(packageRoot, 'src', 'core'))) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of imports) {
        assert.match(String(specifier), /^\.\/[\w-]+\.js$/, `${file} imports ${specifier}`);
      }
      assert.doesNotMatch(text, /\b(?:process|Date|Math\.random|setTimeout|performance)\b/, `${file} uses the clock, randomness or the process`);
    }
  });
});
