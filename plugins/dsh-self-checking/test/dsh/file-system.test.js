import assert from 'node:assert/strict';
import test from 'node:test';
import { FsError } from '@deepseek-ai/dsh-fs';
import { FS_FAILURE_HINT } from 'dsh-self-checking';
import { selfCheckingFileSystem } from '../../lib/dsh/file-system.js';
import { grants } from '../../lib/dsh/runtime.js';

const WS = '/ws';

/** A stand-in for rc.8's SandboxedFileSystem: refuses targets outside WS, records what it wrote. */
class StandIn {
  /** @param {any} ctx @param {Map<string, string>} links - symlinks: display path → target */
  constructor(ctx, links = new Map()) {
    this.ctx = ctx;
    this.links = links;
    /** @type {string[]} */
    this.written = [];
  }
  /** @param {string} path @param {string} [_base] */
  async resolve(path, _base) {
    return { displayPath: path, targetKey: this.links.get(path) ?? path };
  }
  /** @param {any} target @param {any} policy */
  async checkedTarget(target, policy) {
    if (policy.mode === 'danger-full-access') return target;
    const fresh = await this.resolve(target.displayPath);
    if (!fresh.targetKey.startsWith(`${WS}/`)) throw new FsError('denied', 'FS_SANDBOX_DENIED');
    return fresh;
  }
  /** @param {any} target @param {string} _content @param {unknown} _e @param {unknown} _s @param {any} policy */
  async writeText(target, _content, _e, _s, policy) {
    const checked = await this.checkedTarget(target, policy);
    if (checked.targetKey.endsWith('/readonly')) throw new FsError('EACCES', 'FS_PERMISSION_DENIED');
    this.written.push(checked.targetKey);
  }
  /** @param {any} target @param {unknown} _edit @param {unknown} _e @param {unknown} _s @param {any} policy */
  async editText(target, _edit, _e, _s, policy) {
    return this.writeText(target, '', undefined, undefined, policy);
  }
}

const FileSystem = selfCheckingFileSystem(/** @type {any} */ (StandIn), { FsError: /** @type {any} */ (FsError) });
const ctx = (/** @type {string} */ preset) => {
  const session = { events: [{ type: 'permission/preset', data: { preset } }], header: {} };
  return { get: (/** @type {string} */ name) => (name === 'sessions' ? { get: () => session } : undefined) };
};
const policy = (sessionId = 's9') => ({ mode: 'workspace-write', workspaceRoot: WS, ...(sessionId === '' ? {} : { sessionId }) });
/** @param {any} fs @param {string} path @param {string} [sessionId] */
const write = (fs, path, sessionId) => fs.writeText({ displayPath: path, targetKey: path }, 'x', undefined, undefined, policy(sessionId));

/**
 * Construct as Cordis hands a service out: through a proxy (a #private
 * member would not be reachable through it).
 * @param {any} Class @param {...any} args
 */
function asService(Class, ...args) {
  return new Proxy(new Class(...args), {});
}

test('Self Checking file system', async (t) => {
  await t.test('should refuse an outside write before writing, then allow the identical re-run', async () => {
    grants.drop('s9');
    const fs = asService(FileSystem, ctx('self-checking'));
    await assert.rejects(write(fs, '/var/out/f'), (/** @type {any} */ error) => error.code === 'FS_SELFCHECK_INTERCEPTED' && /nothing was written/.test(error.message));
    assert.deepEqual(fs.written, []);
    await write(fs, '/var/out/f');
    assert.deepEqual(fs.written, ['/var/out/f']);
  });

  await t.test('should key the grant by the canonical target re-derived at re-run time', async () => {
    grants.drop('s9');
    const links = new Map([['/ws/link/f', '/var/a/f']]);
    const fs = asService(FileSystem, ctx('self-checking'), links);
    await assert.rejects(write(fs, '/ws/link/f'), /"\/var\/a\/f" \(resolved from "\/ws\/link\/f"\)/);
    links.set('/ws/link/f', '/var/b/f');
    await assert.rejects(write(fs, '/ws/link/f'), { code: 'FS_SELFCHECK_INTERCEPTED' }, 'a swapped symlink is a new target');
    assert.deepEqual(fs.written, []);
  });

  await t.test('should keep the plain denial for agentless calls and other presets', async () => {
    grants.drop('s9');
    await assert.rejects(write(asService(FileSystem, ctx('self-checking')), '/var/out/f', ''), { code: 'FS_SANDBOX_DENIED' });
    const plain = asService(FileSystem, ctx('workspace-write'));
    await assert.rejects(write(plain, '/var/out/f'), { code: 'FS_SANDBOX_DENIED' });
    await assert.rejects(write(plain, '/var/out/f'), { code: 'FS_SANDBOX_DENIED' });
  });

  await t.test('should add the defensive hint to other failures, and unlock nothing for them', async () => {
    grants.drop('s9');
    const fs = asService(FileSystem, ctx('self-checking'));
    await assert.rejects(write(fs, '/ws/readonly'), (/** @type {any} */ error) => error.code === 'FS_PERMISSION_DENIED' && error.message.endsWith(FS_FAILURE_HINT));
    await assert.rejects(write(fs, '/ws/readonly'), { code: 'FS_PERMISSION_DENIED' });
  });
});
