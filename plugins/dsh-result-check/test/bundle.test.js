// The bundle row's entry (bundle.js): it mounts the plugin of ./lib with the
// row's config checked, runs once per dsh root context and says so, and names
// the profile's own copy when an added copy runs in its place. (Its peer
// resolution from the profile directory needs Node >= 22.15's module hooks:
// tests/e2e/plugin-bundles.test.mjs covers it on the real host.)
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { apply, inject, name } from '../bundle.js';

/**
 * A profile directory with a manifest (and, with `own`, a forklayer profile's own copy of the plugin).
 * @param {string | undefined} dependency - the manifest's spec of dsh-result-check
 * @param {{ own?: boolean }} [options]
 */
function profileDir(dependency, { own = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'result-check-profile-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: dependency === undefined ? {} : { 'dsh-result-check': dependency } }));
  if (own) {
    mkdirSync(join(dir, 'forks', 'dsh-result-check'), { recursive: true });
    writeFileSync(join(dir, 'forks', 'dsh-result-check', 'package.json'), '{"name":"dsh-result-check"}');
  }
  return dir;
}

/**
 * A Cordis context as the dsh loader gives a row: its profile, its root, its row id.
 * @param {string} dir
 * @param {object} root
 * @param {string} id
 */
function rowContext(dir, root, id) {
  /** @type {{ plugin: { name?: string }, config: Record<string, unknown> }[]} */
  const mounted = [];
  /** @type {(() => void)[]} */
  const disposers = [];
  /** @type {string[]} */
  const logged = [];
  const ctx = {
    baseUrl: pathToFileURL(dir).href + '/',
    root,
    fiber: { entry: { options: { id } } },
    /** @param {string} event @param {() => void} callback */
    on: (event, callback) => event === 'dispose' && disposers.push(callback),
    /** @param {object} plugin @param {unknown} config */
    plugin: (plugin, config) => mounted.push({ plugin, config: /** @type {Record<string, unknown>} */ (config) }),
    logger: () => ({ warn: (/** @type {string} */ text) => logged.push(text), error: (/** @type {string} */ text) => logged.push(text) }),
  };
  return { ctx, mounted, disposers, logged };
}

describe('bundle.js, the bundle row entry', () => {
  let stderr = '';
  let write = process.stderr.write;
  /** @type {string[]} */
  const dirs = [];
  beforeEach(() => {
    stderr = '';
    write = process.stderr.write;
    process.stderr.write = /** @type {typeof process.stderr.write} */ ((/** @type {string} */ chunk) => ((stderr += chunk), true));
  });
  afterEach(() => {
    process.stderr.write = write;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** @param {Parameters<typeof profileDir>} args */
  const profile = (...args) => {
    const dir = profileDir(...args);
    dirs.push(dir);
    return dir;
  };

  test('should be the row dsh-result-check with no service of its own', () => {
    assert.equal(name, 'dsh-result-check');
    assert.deepEqual(inject, []);
  });

  test('should mount the plugin of ./lib with the row config checked and its defaults filled in', async () => {
    const row = rowContext(profile('link:/somewhere/dsh-result-check'), {}, 'result-check');
    await apply(row.ctx, { checkNumbers: false });
    assert.equal(row.mounted.length, 1);
    assert.equal(row.mounted[0].plugin.name, 'dsh-result-check');
    assert.equal(row.mounted[0].config.checkNumbers, false);
    assert.equal(row.mounted[0].config.minIntegerDigits, 3);
    assert.equal(stderr, '');
  });

  test('should reject a bad config value naming the key, mounting nothing', async () => {
    const row = rowContext(profile(undefined), {}, 'result-check');
    await assert.rejects(apply(row.ctx, { minIntegerDigits: 0 }), /minIntegerDigits/);
    assert.equal(row.mounted.length, 0);
  });

  test('should run once per dsh: a second row stays idle and says so in one line, until the first is disposed', async () => {
    const dir = profile(undefined);
    const root = {};
    const first = rowContext(dir, root, 'result-check');
    const second = rowContext(dir, root, 'result-check-again');
    await apply(first.ctx, {});
    await apply(second.ctx, {});
    assert.equal(first.mounted.length + second.mounted.length, 1);
    const profileName = dir.split('/').at(-1);
    assert.equal(
      stderr,
      `dsh-result-check: warning: row "result-check-again" of profile "${profileName}" not loaded: row "result-check" already runs dsh-result-check; keep one of the two rows (\`dsh --profile ${profileName} --dump-config\` shows where each comes from)\n`,
    );
    assert.equal(second.logged.length, 1);
    for (const dispose of first.disposers) dispose();
    const again = rowContext(dir, root, 'result-check-again');
    await apply(again.ctx, {});
    assert.equal(again.mounted.length, 1, 'the row runs once the first one is gone');
    const elsewhere = rowContext(dir, {}, 'result-check');
    await apply(elsewhere.ctx, {});
    assert.equal(elsewhere.mounted.length, 1, 'another dsh root runs its own');
  });

  test("should say when an added copy runs in place of the profile's own, naming the way back", async () => {
    const dir = profile('link:/work/checkout/plugins/dsh-result-check', { own: true });
    const row = rowContext(dir, {}, 'result-check');
    await apply(row.ctx, {});
    assert.equal(row.mounted.length, 1);
    const lines = stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0], /^dsh-result-check: warning: profile "result-check-profile-\w+" ships its own dsh-result-check \(forks\/dsh-result-check\); row "result-check" runs the copy `dsh plugin add` installed \(.+\) in its place, once; to go back to the profile's copy: dsh plugin --profile result-check-profile-\w+ add file:\/.+\/forks\/dsh-result-check$/);
  });

  test("should stay quiet when the profile's own copy is the one declared, relative or absolute", async () => {
    for (const spec of ['file:./forks/dsh-result-check', 'file:forks/dsh-result-check']) {
      const row = rowContext(profile(spec, { own: true }), {}, 'result-check');
      await apply(row.ctx, {});
      assert.equal(row.mounted.length, 1);
    }
    const dir = profile(undefined, { own: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { 'dsh-result-check': `file:${join(dir, 'forks', 'dsh-result-check')}` } }));
    const row = rowContext(dir, {}, 'result-check');
    await apply(row.ctx, {});
    assert.equal(stderr, '');
  });
});
