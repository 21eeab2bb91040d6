#!/usr/bin/env node
// Lays out the npm distribution of forklayer: the root package `forklayer`
// (a `bin` launcher, no install script, one optional dependency per
// platform) and one package per prebuilt binary, selected by npm through
// `os`, `cpu` and `libc`. The platform table is npm/platforms.json, which
// the launcher reads too.
//
//   node tools/ship/npm-packages.mjs --version 0.1.0 --out DIR \
//     --binary linux-x64-gnu=target/release/forklayer [--binary KEY=PATH ...] [--man forklayer.1]
//
// Writes DIR/forklayer/ and DIR/<key>/ for each --binary; `npm pack` each
// directory to get the tarballs. Fails naming the problem on bad arguments.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const npmDir = join(root, 'npm');
const { platforms } = JSON.parse(readFileSync(join(npmDir, 'platforms.json'), 'utf8'));

const REPOSITORY = 'https://github.com/forklayer/forklayer';
const DESCRIPTION =
  'Keeps a fork layer of modified upstream npm packages honest: vendored bytes, anchored patch manifests, byte-identical rebuilds';

function die(message) {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    version: { type: 'string' },
    out: { type: 'string' },
    binary: { type: 'string', multiple: true, default: [] },
    man: { type: 'string' },
  },
});
if (!values.version || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(values.version)) {
  die('pass `--version <semver>` (the version of the forklayer binaries)');
}
if (!values.out) die('pass `--out <dir>`');
const version = values.version;
const out = resolve(values.out);

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function common(name) {
  return { name, version, description: DESCRIPTION, license: 'MIT', repository: { type: 'git', url: `git+${REPOSITORY}.git` } };
}

function freshDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

function copyDocs(dir) {
  copyFileSync(join(npmDir, 'README.md'), join(dir, 'README.md'));
  copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
}

function platformPackage(key, binary) {
  const entry = platforms[key];
  if (!entry) die(`unknown platform \`${key}\` (npm/platforms.json has ${Object.keys(platforms).join(', ')})`);
  if (!existsSync(binary)) die(`the binary \`${binary}\` for \`${key}\` does not exist (build it first)`);
  const dir = join(out, key);
  freshDir(join(dir, 'bin'));
  copyFileSync(binary, join(dir, 'bin', entry.binary));
  chmodSync(join(dir, 'bin', entry.binary), 0o755);
  copyDocs(dir);
  const manifest = {
    ...common(entry.package),
    os: [entry.os],
    cpu: [entry.cpu],
    ...(entry.libc ? { libc: [entry.libc] } : {}),
    files: ['bin/'],
    preferUnplugged: true,
  };
  writeJson(join(dir, 'package.json'), manifest);
  return dir;
}

function rootPackage() {
  const dir = join(out, 'forklayer');
  freshDir(join(dir, 'bin'));
  copyFileSync(join(npmDir, 'forklayer', 'bin', 'forklayer.js'), join(dir, 'bin', 'forklayer.js'));
  chmodSync(join(dir, 'bin', 'forklayer.js'), 0o755);
  copyFileSync(join(npmDir, 'platforms.json'), join(dir, 'platforms.json'));
  copyDocs(dir);
  const files = ['bin/', 'platforms.json'];
  const manifest = { ...common('forklayer'), bin: { forklayer: 'bin/forklayer.js' } };
  if (values.man) {
    mkdirSync(join(dir, 'man'), { recursive: true });
    copyFileSync(values.man, join(dir, 'man', 'forklayer.1'));
    files.push('man/');
    manifest.man = ['./man/forklayer.1'];
  }
  manifest.files = files;
  manifest.engines = { node: '>=18' };
  manifest.optionalDependencies = Object.fromEntries(
    Object.values(platforms).map((entry) => [entry.package, version]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeJson(join(dir, 'package.json'), manifest);
  return dir;
}

const written = [rootPackage()];
for (const spec of values.binary) {
  const at = spec.indexOf('=');
  if (at < 1) die(`\`--binary ${spec}\`: write it as <platform>=<path>`);
  written.push(platformPackage(spec.slice(0, at), resolve(spec.slice(at + 1))));
}
for (const dir of written) process.stdout.write(`${dir}\n`);
