// The committed manifests, read the way the JS toolchain for dsh fork
// layers reads them: only the seed core (`package`, `builtAgainst`,
// `files: {path: [{old, new}]}`), unknown top-level keys ignored, each
// `old` found exactly once (non-overlapping) in the text as patched so far
// and replaced by `new`. Applied to upstream/, that core alone must give
// every file of the fork layer, except the files the `forklayer`
// extension names (added, deleted or replaced whole), which the JS
// toolchain cannot express. An independent reader of the format: no code
// shared with forklayer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const upstreamDir = join(root, 'upstream');
const forksDir = join(root, 'profile', 'forks');
const patchesDir = join(root, 'patches');

function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

function scopeOf(dir) {
  const scopes = readdirSync(dir).filter((name) => name.startsWith('@'));
  assert.equal(scopes.length, 1, `upstream/ holds one scope folder, not ${scopes.join(', ')}`);
  return scopes[0];
}

function occurrences(text, needle) {
  return text.split(needle).length - 1;
}

// The JS toolchain's apply: a function replacer, so `$&` in `new` stays.
function applySeed(text, replacements, where) {
  for (const [i, { old, new: replacement }] of replacements.entries()) {
    const found = occurrences(text, old);
    assert.equal(found, 1, `${where}: replacement #${i} found ${found} times`);
    text = text.replace(old, () => replacement);
  }
  return text;
}

const version = readFileSync(join(upstreamDir, 'VERSION'), 'utf8').trim();
const manifests = readdirSync(patchesDir).filter((f) => f.endsWith('.json')).sort();

test('there are manifests to read', () => {
  assert.ok(manifests.length > 0);
});

for (const file of manifests) {
  test(`${file}: the seed core rebuilds the fork layer`, () => {
    const manifest = JSON.parse(readFileSync(join(patchesDir, file), 'utf8'));
    assert.equal(manifest.builtAgainst, version, 'builtAgainst is upstream/VERSION');
    // The JS toolchain writes the name with its scope or, in most real
    // repositories, without it: the scope is then upstream/'s one folder.
    const pkg = manifest.package.includes('/') ? manifest.package : `${scopeOf(upstreamDir)}/${manifest.package}`;
    const base = join(upstreamDir, pkg);
    const fork = join(forksDir, pkg);
    const ext = manifest.forklayer ?? {};
    const outsideCore = new Set([
      ...Object.keys(ext.added ?? {}),
      ...(ext.deleted ?? []),
      ...Object.keys(ext.replaced ?? {}),
    ]);
    const patched = manifest.files ?? {};
    for (const [path, replacements] of Object.entries(patched)) {
      const upstream = readFileSync(join(base, path), 'utf8');
      const rebuilt = applySeed(upstream, replacements, `${pkg}/${path}`);
      assert.equal(rebuilt, readFileSync(join(fork, path), 'utf8'), `${pkg}/${path}`);
    }
    // Every other file of the package is upstream's, byte for byte.
    const baseFiles = listFiles(base);
    const forkFiles = listFiles(fork);
    for (const path of baseFiles) {
      if (path in patched || outsideCore.has(path) || !forkFiles.includes(path)) continue;
      assert.deepEqual(readFileSync(join(fork, path)), readFileSync(join(base, path)), `${pkg}/${path}`);
    }
    // Files only one side has are the extension's additions and deletions.
    const onlyIn = (a, b) => a.filter((p) => !b.includes(p)).sort();
    assert.deepEqual(onlyIn(forkFiles, baseFiles), Object.keys(ext.added ?? {}).sort(), `${pkg}: only in the fork`);
    assert.deepEqual(onlyIn(baseFiles, forkFiles), [...(ext.deleted ?? [])].sort(), `${pkg}: only upstream`);
  });
}
