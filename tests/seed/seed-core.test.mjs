// The manifests of a fork layer, read the way the JS toolchain for dsh
// fork layers reads them: only the seed core (`package`, `builtAgainst`,
// `files: {path: [{old, new}]}`), unknown top-level keys ignored, each
// `old` found exactly once (non-overlapping) in the text as patched so far
// and replaced by `new`. Applied to upstream/, that core alone must give
// every file of the fork layer, except the files the `forklayer`
// extension names (added, deleted or replaced whole), which the JS
// toolchain cannot express. An independent reader of the format: no code
// shared with forklayer.
//
// It reads every variation a real repository of the toolchain holds (see
// docs/adopt.md): the package named with or without its scope, the fork
// at `profile/forks/<scope>/<pkg>` or `profile/forks/<pkg>`, the
// package's READMEs left out of the fork. It runs on this repository and
// on small layers of each shape written below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

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

// The toolchain's layers leave every README of a package out of its fork.
const isReadme = (path) => !path.includes('/') && path.toLowerCase().startsWith('readme');

// The fork of `pkg` (`@scope/name`): beside its scope folder or in it.
function forkDirOf(forksDir, pkg) {
  const scoped = join(forksDir, pkg);
  const bare = join(forksDir, pkg.split('/').pop());
  return existsSync(scoped) ? scoped : bare;
}

/** Checks one manifest of the layer at `root` against its fork. */
function checkManifest(root, file) {
  const upstreamDir = join(root, 'upstream');
  const version = readFileSync(join(upstreamDir, 'VERSION'), 'utf8').trim();
  const manifest = JSON.parse(readFileSync(join(root, 'patches', file), 'utf8'));
  assert.equal(manifest.builtAgainst, version, 'builtAgainst is upstream/VERSION');
  // The JS toolchain writes the name with its scope or, in most real
  // repositories, without it: the scope is then upstream/'s one folder.
  const pkg = manifest.package.includes('/') ? manifest.package : `${scopeOf(upstreamDir)}/${manifest.package}`;
  const base = join(upstreamDir, pkg);
  const fork = forkDirOf(join(root, 'profile', 'forks'), pkg);
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
  const forkFiles = listFiles(fork);
  const forkHasReadme = forkFiles.some(isReadme);
  const baseFiles = listFiles(base).filter((path) => forkHasReadme || !isReadme(path));
  for (const path of baseFiles) {
    if (path in patched || outsideCore.has(path) || !forkFiles.includes(path)) continue;
    assert.deepEqual(readFileSync(join(fork, path)), readFileSync(join(base, path)), `${pkg}/${path}`);
  }
  // Files only one side has are the extension's additions and deletions.
  const onlyIn = (a, b) => a.filter((p) => !b.includes(p)).sort();
  assert.deepEqual(onlyIn(forkFiles, baseFiles), Object.keys(ext.added ?? {}).sort(), `${pkg}: only in the fork`);
  assert.deepEqual(onlyIn(baseFiles, forkFiles), [...(ext.deleted ?? [])].sort(), `${pkg}: only upstream`);
}

const manifestsOf = (root) =>
  readdirSync(join(root, 'patches'))
    .filter((f) => f.endsWith('.json'))
    .sort();

test('there are manifests to read', () => {
  assert.ok(manifestsOf(repository).length > 0);
});

for (const file of manifestsOf(repository)) {
  test(`${file}: the seed core rebuilds the fork layer`, () => checkManifest(repository, file));
}

// A small layer of one real-repository shape: `@acme/tool` changed by one
// replacement and one added file, its upstream README left out of the fork.
function writeLayer({ manifestName, forkFolder, keepReadme, forkMode = '"checked"' }) {
  const root = mkdtempSync(join(tmpdir(), 'seed-shape-'));
  const put = (rel, text) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const upstream = {
    'package.json': '{"name": "@acme/tool", "version": "1.0.0"}\n',
    'README.md': '# tool\r\n',
    'lib/index.js': 'export const mode = "plain";\r\nexport const other = 1;\r\n',
  };
  put('upstream/VERSION', '1.0.0\n');
  for (const [rel, text] of Object.entries(upstream)) put(`upstream/@acme/tool/${rel}`, text);
  const forkDir = `profile/forks/${forkFolder}`;
  put(`${forkDir}/package.json`, upstream['package.json']);
  if (keepReadme) put(`${forkDir}/README.md`, upstream['README.md']);
  put(`${forkDir}/lib/index.js`, upstream['lib/index.js'].replace('"plain"', forkMode));
  put(`${forkDir}/lib/extra.js`, 'export const mode = "checked";\n');
  const manifest = {
    package: manifestName,
    builtAgainst: '1.0.0',
    files: { 'lib/index.js': [{ old: '"plain"', new: '"checked"' }] },
    forklayer: { added: { 'lib/extra.js': 'export const mode = "checked";\n' } },
  };
  put('patches/tool.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return root;
}

const shapes = [
  { manifestName: '@acme/tool', forkFolder: '@acme/tool', keepReadme: true },
  { manifestName: 'tool', forkFolder: '@acme/tool', keepReadme: true },
  { manifestName: 'tool', forkFolder: 'tool', keepReadme: false },
  { manifestName: '@acme/tool', forkFolder: 'tool', keepReadme: false },
];
for (const shape of shapes) {
  const name = `package \`${shape.manifestName}\`, fork in \`profile/forks/${shape.forkFolder}\`, README ${shape.keepReadme ? 'kept' : 'left out'}`;
  test(`a layer with ${name} is read`, () => checkManifest(writeLayer(shape), 'tool.json'));
}

test('a fork that differs from what its manifest says is caught in every shape', () => {
  for (const shape of shapes) {
    const root = writeLayer({ ...shape, forkMode: '"edited by hand"' });
    assert.throws(() => checkManifest(root, 'tool.json'), /@acme\/tool\/lib\/index\.js/);
  }
});
