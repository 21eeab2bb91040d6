/**
 * The Self Checking subclass of an rc.8 sandbox shell executor (bash or
 * pwsh). Under the Self Checking preset every call runs as the upstream
 * workspace-write probe; a probe refused for a path outside the workspace (or
 * failed with permission-like evidence) records a grant for its session and
 * shows the notice instead of the plain denial; the session's identical
 * re-run runs with full access.
 */
import type { Context } from '@deepseek-ai/cordis';
import { classifyProbe, type ProbeOutcome } from '../core/classify.js';
import type { ShellKey } from '../core/gate.js';
import { FAILED_NOTICE, INTERCEPTED_NOTICE } from '../core/notices.js';
import { nodeHost } from './host.js';
import { appendLine, grants, selfCheckingSession, type CallPolicy } from './runtime.js';

/** What the subclass reads of a resolved call spec. */
interface Spec {
  command: string;
  workdir: string;
  sandboxPolicy: CallPolicy;
}

interface Output {
  text: string;
}

interface SandboxFacts {
  mode: string;
  denied: boolean;
  runnerFailed?: boolean;
}

/** A settled foreground run, as the upstream executor returns it. */
interface RunResult {
  exitCode: number | null;
  signal: string | null;
  timedOut?: boolean;
  aborted?: boolean;
  stderr: Output;
  sandbox?: SandboxFacts;
}

interface ReadResult {
  delta: string;
}

/** A background process handle, as the upstream executor returns it. */
interface Proc {
  status: string;
  exitCode: number | null;
  signal: string | null;
  sandbox?: SandboxFacts;
  readOutput(): ReadResult;
}

interface Confined {
  denialSignatures: readonly string[];
}

/** The members of the upstream executor this subclass overrides or calls (the adaptation points). */
export interface ExecutorBase {
  ctx: Context;
  run(spec: Spec): Promise<RunResult>;
  start(spec: Spec): Proc;
  onProcessDone(proc: Proc, stderr: string, spawnFailed: boolean, spawnError?: unknown): void;
  confine(subject: unknown, policy: CallPolicy): Confined;
}

export type ExecutorClass = abstract new (...args: any[]) => ExecutorBase;

/** What the subclass takes from the other rc.8 packages (imported from the profile). */
export interface ExecutorPeers {
  /** dsh-sandbox's canonical workspace-write roots of a policy. */
  writableRoots(policy: CallPolicy): string[];
}

/** One Self Checking call: its session, key and the probe's facts. */
interface Call {
  sessionId: string;
  key: ShellKey;
  policy: CallPolicy;
  workdir: string;
}

function notice(verdict: 'intercepted' | 'failed'): string {
  return verdict === 'intercepted' ? INTERCEPTED_NOTICE : FAILED_NOTICE;
}

function unconfined(spec: Spec): Spec {
  return { ...spec, sandboxPolicy: { ...spec.sandboxPolicy, mode: 'danger-full-access' } };
}

/**
 * Judge a settled probe and record its grant. Returns the notice verdict only
 * when a grant was recorded, `ordinary` when the sandbox refused nothing.
 */
function judge(peers: ExecutorPeers, call: Call, outcome: ProbeOutcome, confined: Confined | undefined): 'intercepted' | 'failed' | 'ordinary' | undefined {
  if (confined === undefined) return undefined;
  const verdict = classifyProbe(nodeHost, outcome, {
    denialSignatures: confined.denialSignatures,
    workdir: call.workdir,
    writableRoots: peers.writableRoots(call.policy),
    workspaceRoot: call.policy.workspaceRoot,
  });
  if (verdict === undefined || verdict === 'ordinary') return verdict;
  return grants.record(call.sessionId, call.key) ? verdict : undefined;
}

/**
 * Build the Self Checking subclass of an upstream executor class.
 * @param Base - `SandboxBashExecutor` or `SandboxPwshExecutor` of rc.8.
 * @param family - which shell the keys name.
 * @param peers - helpers of the other rc.8 packages.
 */
export function selfCheckingExecutor<B extends ExecutorClass>(Base: B, family: ShellKey['family'], peers: ExecutorPeers): B {
  const callOf = (ctx: Context, spec: Spec, run: ShellKey['run']): Call | undefined => {
    const policy = spec.sandboxPolicy;
    const sessionId = selfCheckingSession(ctx, policy);
    if (sessionId === undefined) return undefined;
    const workdir = nodeHost.realpath(spec.workdir) ?? spec.workdir;
    return { sessionId, policy, workdir, key: { kind: 'shell', family, run, workdir, command: spec.command } };
  };

  // Plain properties, not #private ones: Cordis hands services out through a
  // proxy, and a #private member cannot be read through one.
  abstract class SelfCheckingExecutor extends Base {
    selfCheckConfined: Confined | undefined;
    readonly selfCheckBackground = new WeakMap<Proc, { call: Call; confined: Confined | undefined }>();

    override confine(subject: unknown, policy: CallPolicy): Confined {
      const confined = super.confine(subject, policy);
      this.selfCheckConfined = confined;
      return confined;
    }

    override async run(spec: Spec): Promise<RunResult> {
      const call = callOf(this.ctx, spec, 'foreground');
      if (call === undefined) return super.run(spec);
      if (grants.granted(call.sessionId, call.key)) return super.run(unconfined(spec));
      this.selfCheckConfined = undefined;
      const pending = super.run(spec);
      const confined = this.selfCheckConfined;
      const result = await pending;
      if (result.sandbox?.runnerFailed === true) return result;
      const verdict = judge(peers, call, { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut === true, aborted: result.aborted === true, stderr: result.stderr.text }, confined);
      if (verdict === undefined) return result;
      const sandbox = { ...(result.sandbox ?? { mode: call.policy.mode }), denied: false };
      if (verdict === 'ordinary') return { ...result, sandbox };
      return { ...result, stderr: { ...result.stderr, text: appendLine(result.stderr.text, notice(verdict)) }, sandbox };
    }

    override start(spec: Spec): Proc {
      const call = callOf(this.ctx, spec, 'background');
      if (call === undefined) return super.start(spec);
      if (grants.granted(call.sessionId, call.key)) return super.start(unconfined(spec));
      this.selfCheckConfined = undefined;
      const proc = super.start(spec);
      this.selfCheckBackground.set(proc, { call, confined: this.selfCheckConfined });
      return proc;
    }

    override onProcessDone(proc: Proc, stderr: string, spawnFailed: boolean, spawnError?: unknown): void {
      super.onProcessDone(proc, stderr, spawnFailed, spawnError);
      const facts = this.selfCheckBackground.get(proc);
      if (facts === undefined) return;
      this.selfCheckBackground.delete(proc);
      // job_kill and aborts settle as `killed`: they never unlock.
      if (spawnFailed || proc.status === 'killed' || proc.sandbox?.runnerFailed === true) return;
      const verdict = judge(peers, facts.call, { exitCode: proc.exitCode, signal: proc.signal, stderr }, facts.confined);
      if (verdict === undefined) return;
      proc.sandbox = { ...(proc.sandbox ?? { mode: facts.call.policy.mode }), denied: false };
      if (verdict === 'ordinary') return;
      const read = proc.readOutput.bind(proc);
      let pending: string | undefined = notice(verdict);
      proc.readOutput = () => {
        const result = read();
        if (pending === undefined) return result;
        const delta = appendLine(result.delta, pending);
        pending = undefined;
        return { ...result, delta };
      };
    }
  }
  return SelfCheckingExecutor as unknown as B;
}
