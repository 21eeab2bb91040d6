// The executor subclass over a stand-in for rc.8's SandboxBashExecutor with
// the same members (confine called synchronously before the first await, a
// `sandbox` fact on results and settled processes). The real class is
// exercised by the end-to-end suite on the real host.
import assert from 'node:assert/strict';
import test from 'node:test';
import { FAILED_NOTICE, INTERCEPTED_NOTICE } from 'dsh-self-checking';
import { selfCheckingExecutor } from '../../lib/dsh/executor.js';
import { grants } from '../../lib/dsh/runtime.js';

const WS = '/tmp';
const OUTSIDE = `/var/out-${process.pid}`;
const DENIED = { exitCode: 1, signal: null, stderr: `touch: cannot touch '${OUTSIDE}/f': Read-only file system` };

/** @param {string} preset @param {string} [id] */
function sessionsWith(preset, id = 's1') {
  const sessions = new Map([[id, { events: [{ type: 'permission/preset', data: { preset } }], header: {} }]]);
  return { get: (/** @type {string} */ name) => (name === 'sessions' ? { get: (/** @type {string} */ sid) => sessions.get(sid) } : undefined) };
}

class StandIn {
  /** @param {any} ctx @param {(spec: any) => any} outcome */
  constructor(ctx, outcome) {
    this.ctx = ctx;
    this.outcome = outcome;
    /** @type {string[]} */
    this.modes = [];
  }
  /** @param {unknown} _command @param {any} _policy */
  confine(_command, _policy) {
    return { argv: ['bwrap'], denialSignatures: ['Read-only file system'] };
  }
  /** @param {any} spec */
  async run(spec) {
    const { mode } = spec.sandboxPolicy;
    this.modes.push(mode);
    if (mode !== 'danger-full-access') this.confine(spec.command, spec.sandboxPolicy);
    await null;
    const o = mode === 'danger-full-access' ? { exitCode: 0, signal: null, stderr: '' } : this.outcome(spec);
    return { ...o, timedOut: false, aborted: false, stdout: { text: '' }, stderr: { text: o.stderr }, sandbox: { mode, denied: o.exitCode !== 0 && /read-only/i.test(o.stderr) } };
  }
  /** @param {any} spec */
  start(spec) {
    const { mode } = spec.sandboxPolicy;
    this.modes.push(mode);
    if (mode !== 'danger-full-access') this.confine(spec.command, spec.sandboxPolicy);
    return { status: 'running', exitCode: null, signal: null, spec, readOutput: () => ({ delta: 'out\n' }) };
  }
  /** @param {any} proc @param {string} stderr */
  onProcessDone(proc, stderr) {
    proc.sandbox = { mode: 'workspace-write', denied: /read-only/i.test(stderr) };
  }
}

const Executor = selfCheckingExecutor(/** @type {any} */ (StandIn), 'bash', { writableRoots: (policy) => [policy.workspaceRoot, '/tmp'] });
/** @param {string} [sessionId] - '' for an agentless call @param {string} [command] */
const spec = (sessionId = 's1', command = `touch ${OUTSIDE}/f`) => ({ command, workdir: WS, sandboxPolicy: { mode: 'workspace-write', workspaceRoot: WS, ...(sessionId === '' ? {} : { sessionId }) } });

/**
 * Construct as Cordis hands a service out: through a proxy (a #private
 * member would not be reachable through it).
 * @param {any} Class @param {...any} args
 */
function asService(Class, ...args) {
  return new Proxy(new Class(...args), {});
}

test('Self Checking executor', async (t) => {
  await t.test('should intercept an outside write once with the notice, then run the identical re-run unconfined', async () => {
    grants.drop('s1');
    const shell = asService(Executor, sessionsWith('self-checking'), () => DENIED);
    const first = await shell.run(spec());
    assert.ok(first.stderr.text.endsWith(`\n${INTERCEPTED_NOTICE}`));
    assert.equal(first.sandbox.denied, false, 'the notice replaces the plain denial');
    const other = await shell.run(spec('s1', `touch ${OUTSIDE}/g`));
    assert.ok(other.stderr.text.endsWith(INTERCEPTED_NOTICE), 'a different command is intercepted again');
    const rerun = await shell.run(spec());
    assert.equal(rerun.exitCode, 0);
    assert.deepEqual(shell.modes, ['workspace-write', 'workspace-write', 'danger-full-access']);
  });

  await t.test('should leave other presets and agentless calls with the plain workspace-write denial', async () => {
    grants.drop('s1');
    for (const [ctx, sessionId] of /** @type {const} */ ([
      [sessionsWith('workspace-write'), 's1'],
      [sessionsWith('self-checking'), ''],
    ])) {
      const shell = asService(Executor, ctx, () => DENIED);
      const first = await shell.run(spec(sessionId));
      const again = await shell.run(spec(sessionId));
      assert.equal(first.sandbox.denied, true);
      assert.ok(!first.stderr.text.includes('self-check'));
      assert.deepEqual(shell.modes, ['workspace-write', 'workspace-write'], 'never unlocked');
      assert.equal(again.sandbox.denied, true);
    }
  });

  await t.test('should not unlock a timed-out probe', async () => {
    grants.drop('s1');
    const shell = asService(Executor, sessionsWith('self-checking'), () => ({ ...DENIED, exitCode: null, signal: 'SIGTERM' }));
    await shell.run(spec());
    await shell.run(spec());
    assert.deepEqual(shell.modes, ['workspace-write', 'workspace-write']);
  });

  await t.test('should add the notice to a background job\'s output when it settles, and never unlock a killed job', async () => {
    grants.drop('s1');
    const shell = asService(Executor, sessionsWith('self-checking'), () => DENIED);
    const proc = shell.start(spec());
    Object.assign(proc, { status: 'completed', exitCode: 1 });
    shell.onProcessDone(proc, DENIED.stderr, false);
    assert.equal(proc.sandbox.denied, false);
    assert.equal(proc.readOutput().delta, `out\n${INTERCEPTED_NOTICE}`);
    assert.equal(proc.readOutput().delta, 'out\n', 'the notice is shown once');
    shell.start(spec());
    assert.deepEqual(shell.modes, ['workspace-write', 'danger-full-access'], 'the identical background re-run is unlocked');

    const killedSpec = spec('s1', `sleep 9; touch ${OUTSIDE}/k`);
    const killed = shell.start(killedSpec);
    Object.assign(killed, { status: 'killed', exitCode: 1 });
    shell.onProcessDone(killed, DENIED.stderr, false);
    assert.equal(killed.sandbox.denied, true);
    shell.start(killedSpec);
    assert.deepEqual(shell.modes.slice(2), ['workspace-write', 'workspace-write'], 'job_kill unlocks nothing');
  });

  await t.test('should show the failed notice for permission-like evidence inside the workspace', async () => {
    grants.drop('s1');
    const shell = asService(Executor, sessionsWith('self-checking'), () => ({ exitCode: 1, signal: null, stderr: `touch: cannot touch '${WS}/x': Read-only file system` }));
    const first = await shell.run(spec('s1', `touch ${WS}/x`));
    assert.ok(first.stderr.text.endsWith(FAILED_NOTICE));
  });
});
