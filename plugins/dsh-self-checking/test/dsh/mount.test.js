// Fail-closed mounting under the real Cordis 4.0.1 of dsh 0.1.0-rc.8.
import assert from 'node:assert/strict';
import test from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Context } from '@deepseek-ai/cordis';
import { SandboxedFileSystem } from '@deepseek-ai/dsh-fs-sandbox';
import { FS_CONTRACT } from 'dsh-self-checking';
import { mount } from '../../lib/dsh/mount.js';
import { armed } from '../../lib/dsh/runtime.js';

/** Run `mount` for an fs row in a fresh root; report what was registered and logged. */
async function mountFs(/** @type {any} */ contract, /** @type {() => Promise<unknown>} */ build) {
  const root = /** @type {any} */ (new Context());
  /** @type {string[]} */
  const logged = [];
  const logger = { info: (/** @type {string} */ m) => logged.push(`info ${m}`), warn: (/** @type {string} */ m) => logged.push(`warn ${m}`), error: (/** @type {string} */ m) => logged.push(`error ${m}`) };
  root.logger = () => logger;
  /** @type {unknown[]} */
  const registered = [];
  root.plugin = (/** @type {unknown} */ plugin) => registered.push(plugin);
  await mount(root, {}, { capability: 'fs', contract, peer: ['@deepseek-ai/dsh-fs-sandbox', 'SandboxedFileSystem'], build });
  await delay(5);
  return { registered, logged };
}

class Subclass {}

test('mount', async (t) => {
  await t.test('should mount the subclass when the peer class fits its contract', async () => {
    const { registered, logged } = await mountFs(FS_CONTRACT, async () => Subclass);
    assert.deepEqual(registered, [Subclass]);
    assert.equal(armed.has('fs'), true);
    assert.match(logged.join('\n'), /Self Checking is on for fs/);
  });

  await t.test('should mount the plain upstream class and say why when the peer changed shape', async () => {
    const changed = { ...FS_CONTRACT, methods: { ...FS_CONTRACT.methods, checkedTargetFor: 2 } };
    const { registered, logged } = await mountFs(changed, async () => Subclass);
    assert.deepEqual(registered, [SandboxedFileSystem]);
    assert.equal(armed.has('fs'), false);
    assert.match(logged.join('\n'), /warn Self Checking is OFF for fs: the peer class changed shape: .*checkedTargetFor\(\) is missing\. The "self-checking" preset runs as plain workspace-write with approval ask\./);
  });

  await t.test('should mount the plain upstream class when the subclass fails to load', async () => {
    const { registered, logged } = await mountFs(FS_CONTRACT, async () => {
      throw new Error('lib/dsh/file-system.js is missing');
    });
    assert.deepEqual(registered, [SandboxedFileSystem]);
    assert.match(logged.join('\n'), /OFF for fs: the subclass failed to load: lib\/dsh\/file-system\.js is missing/);
  });
});
