#!/usr/bin/env node
// The `forklayer` command of the npm package: finds the prebuilt binary of
// this platform (an optional dependency npm installed because its os, cpu
// and libc match) and runs it with the same arguments, stdio and exit
// status. No install script: nothing is downloaded, ever.
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { platforms } = require('../platforms.json');

/** `linux-x64-gnu`, `darwin-arm64`, `win32-x64`, ... for this machine. */
function platformKey() {
  const key = `${process.platform}-${process.arch}`;
  if (process.platform !== 'linux') return key;
  // glibc reports its version in the process report; musl does not.
  const report = typeof process.report?.getReport === 'function' ? process.report.getReport() : null;
  return `${key}-${report?.header?.glibcVersionRuntime ? 'gnu' : 'musl'}`;
}

function fail(message, help) {
  process.stderr.write(`error: ${message}\n\nhelp: ${help}\n`);
  process.exit(2);
}

function binaryPath(key) {
  const entry = platforms[key];
  const fromSource =
    'build forklayer from source instead: `cargo install --locked forklayer` (needs Rust 1.89+ and a C compiler), ' +
    'then run `forklayer` from ~/.cargo/bin';
  if (!entry) {
    fail(
      `forklayer has no prebuilt binary for this platform (\`${key}\`); there are binaries for ${Object.keys(platforms).join(', ')}`,
      fromSource,
    );
  }
  try {
    return path.join(path.dirname(require.resolve(`${entry.package}/package.json`)), 'bin', entry.binary);
  } catch {
    fail(
      `the prebuilt binary of forklayer for this platform (\`${key}\`) is missing: the optional dependency \`${entry.package}\` is not installed`,
      'reinstall without `--omit=optional` / `--no-optional` (npm installs only the package of your platform), or ' +
        fromSource,
    );
  }
}

const result = spawnSync(binaryPath(platformKey()), process.argv.slice(2), { stdio: 'inherit' });
if (result.error) {
  fail(`could not run the forklayer binary: ${result.error.message}`, 'reinstall the package (`npm install forklayer`)');
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
