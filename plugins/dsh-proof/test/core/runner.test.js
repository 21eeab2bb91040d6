import { test } from 'node:test'
import assert from 'node:assert/strict'
import { runnerChanges, runnerPaths, shimTargets, toolWords } from '../../lib/core/runner.js'

/** @returns {any} */
const npmCheck = (/** @type {string} */ cwd, /** @type {Record<string, string>} */ scripts) => ({
  id: `npm:${cwd || '.'}:test`, name: 'test', kind: 'npm', command: 'npm test', cwd, paths: null, timeoutMs: null, source: 'package.json',
  definition: JSON.stringify({ npmrc: {}, scripts }),
})

test('runner fingerprints', async (t) => {
  await t.test('should take the tool of every simple command and the one a launcher runs', () => {
    assert.deepEqual(toolWords(['CI=1 mocha --recursive && npx tsc -p . | tee log', 'cross-env NODE_ENV=test jest', 'pnpm exec eslint .', 'npm run build']).sort(), ['cross-env', 'eslint', 'jest', 'mocha', 'npm', 'npx', 'pnpm', 'tee', 'tsc'])
  })
  await t.test('should name .bin entries in the check directory and every ancestor, and the nearest lock file', () => {
    const files = new Set(['package-lock.json', 'packages/a/package.json'])
    assert.deepEqual(runnerPaths(npmCheck('packages/a', { test: 'vitest run' }), files), [
      'node_modules/.bin/npm', 'node_modules/.bin/vitest',
      'package-lock.json',
      'packages/a/node_modules/.bin/npm', 'packages/a/node_modules/.bin/vitest',
      'packages/node_modules/.bin/npm', 'packages/node_modules/.bin/vitest',
    ])
  })
  await t.test('should follow the targets a cmd-shim or pnpm shim names', () => {
    assert.deepEqual(shimTargets('#!/bin/sh\nbasedir=$(dirname "$0")\nexec node  "$basedir/../vitest/vitest.mjs" "$@"\n'), ['../vitest/vitest.mjs'])
    assert.deepEqual(shimTargets('@"%~dp0\\..\\vitest\\vitest.mjs" %*\r\n'), ['../vitest/vitest.mjs'])
  })
  await t.test('should report every path whose fingerprint moved, appeared or vanished', () => {
    assert.deepEqual(runnerChanges({ a: 'x', b: null, c: 'y' }, { a: 'x', b: 'shim', d: 'lock' }), ['b', 'c', 'd'])
    assert.deepEqual(runnerChanges(undefined, { a: 'x' }), [], 'a baseline without a runner compares nothing')
  })
})
