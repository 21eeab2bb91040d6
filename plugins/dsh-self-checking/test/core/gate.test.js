import assert from 'node:assert/strict';
import test from 'node:test';
import { GrantStore } from '../../lib/core/gate.js';

/** @type {import('../../lib/core/gate.js').ShellKey} */
const shell = { kind: 'shell', family: 'bash', run: 'foreground', workdir: '/ws', command: 'echo x > /var/out/f' };

test('GrantStore', async (t) => {
  await t.test('should unlock exactly the recorded call of the recording session', () => {
    const store = new GrantStore();
    assert.equal(store.record('s1', shell), true);
    assert.equal(store.granted('s1', shell), true);
    assert.equal(store.granted('s2', shell), false, 'another session');
    assert.equal(store.granted('s1', { ...shell, run: 'background' }), false, 'background is another call');
    assert.equal(store.granted('s1', { ...shell, family: 'pwsh' }), false, 'pwsh is another call');
    assert.equal(store.granted('s1', { ...shell, workdir: '/ws/sub' }), false, 'another directory is another command');
    assert.equal(store.granted('s1', { ...shell, command: `${shell.command} ` }), false, 'the exact command string');
  });

  await t.test('should keep file and shell keys apart', () => {
    const store = new GrantStore();
    store.record('s', { kind: 'fs', target: '/var/out/f' });
    assert.equal(store.granted('s', { ...shell, command: '/var/out/f' }), false);
    store.record('s', shell);
    assert.equal(store.granted('s', { kind: 'fs', target: shell.command }), false);
  });

  await t.test('should neither record nor unlock an agentless call', () => {
    const store = new GrantStore();
    assert.equal(store.record(undefined, shell), false);
    assert.equal(store.granted(undefined, shell), false);
    assert.equal(store.size, 0);
  });

  await t.test('should forget a disposed session', () => {
    const store = new GrantStore();
    store.record('s', shell);
    store.drop('s');
    assert.equal(store.granted('s', shell), false);
  });
});
