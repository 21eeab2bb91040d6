import assert from 'node:assert/strict';
import test from 'node:test';
import { isSelfChecking, selectedPreset } from '../../lib/core/preset.js';

/** @param {string[]} presets @param {string} [parentSession] */
const session = (presets, parentSession) => ({
  events: [{ type: 'sandbox/mode', data: { mode: 'workspace-write' } }, ...presets.map((preset) => ({ type: 'permission/preset', data: { preset } }))],
  header: parentSession === undefined ? {} : { parentSession },
});

test('isSelfChecking', async (t) => {
  await t.test('should follow the last preset the session selected', () => {
    assert.equal(isSelfChecking(session(['workspace-write', 'self-checking']), () => undefined), true);
    assert.equal(isSelfChecking(session(['self-checking', 'workspace-write']), () => undefined), false);
    assert.equal(selectedPreset(session([]).events), undefined);
  });

  await t.test('should let a sub-agent inherit the nearest ancestor preset', () => {
    const sessions = new Map([
      ['root', session(['self-checking'])],
      ['child', session([], 'root')],
      ['orphan', session([], 'gone')],
    ]);
    const lookup = (/** @type {string} */ id) => sessions.get(id);
    assert.equal(isSelfChecking(session([], 'child'), lookup), true, 'a grandchild');
    assert.equal(isSelfChecking(session([], 'orphan'), lookup), false, 'a missing parent fails closed');
  });
});
