import { classifyProbe } from '../core/classify.js';
import { FAILED_NOTICE, INTERCEPTED_NOTICE } from '../core/notices.js';
import { nodeHost } from './host.js';
import { appendLine, grants, selfCheckingSession } from './runtime.js';
function notice(verdict) {
    return verdict === 'intercepted' ? INTERCEPTED_NOTICE : FAILED_NOTICE;
}
function unconfined(spec) {
    return { ...spec, sandboxPolicy: { ...spec.sandboxPolicy, mode: 'danger-full-access' } };
}
/**
 * Judge a settled probe and record its grant. Returns the notice verdict only
 * when a grant was recorded, `ordinary` when the sandbox refused nothing.
 */
function judge(peers, call, outcome, confined) {
    if (confined === undefined)
        return undefined;
    const verdict = classifyProbe(nodeHost, outcome, {
        denialSignatures: confined.denialSignatures,
        workdir: call.workdir,
        writableRoots: peers.writableRoots(call.policy),
        workspaceRoot: call.policy.workspaceRoot,
    });
    if (verdict === undefined || verdict === 'ordinary')
        return verdict;
    return grants.record(call.sessionId, call.key) ? verdict : undefined;
}
/**
 * Build the Self Checking subclass of an upstream executor class.
 * @param Base - `SandboxBashExecutor` or `SandboxPwshExecutor` of rc.8.
 * @param family - which shell the keys name.
 * @param peers - helpers of the other rc.8 packages.
 */
export function selfCheckingExecutor(Base, family, peers) {
    const callOf = (ctx, spec, run) => {
        const policy = spec.sandboxPolicy;
        const sessionId = selfCheckingSession(ctx, policy);
        if (sessionId === undefined)
            return undefined;
        const workdir = nodeHost.realpath(spec.workdir) ?? spec.workdir;
        return { sessionId, policy, workdir, key: { kind: 'shell', family, run, workdir, command: spec.command } };
    };
    // Plain properties, not #private ones: Cordis hands services out through a
    // proxy, and a #private member cannot be read through one.
    class SelfCheckingExecutor extends Base {
        selfCheckConfined;
        selfCheckBackground = new WeakMap();
        confine(subject, policy) {
            const confined = super.confine(subject, policy);
            this.selfCheckConfined = confined;
            return confined;
        }
        async run(spec) {
            const call = callOf(this.ctx, spec, 'foreground');
            if (call === undefined)
                return super.run(spec);
            if (grants.granted(call.sessionId, call.key))
                return super.run(unconfined(spec));
            this.selfCheckConfined = undefined;
            const pending = super.run(spec);
            const confined = this.selfCheckConfined;
            const result = await pending;
            if (result.sandbox?.runnerFailed === true)
                return result;
            const verdict = judge(peers, call, { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut === true, aborted: result.aborted === true, stderr: result.stderr.text }, confined);
            if (verdict === undefined)
                return result;
            const sandbox = { ...(result.sandbox ?? { mode: call.policy.mode }), denied: false };
            if (verdict === 'ordinary')
                return { ...result, sandbox };
            return { ...result, stderr: { ...result.stderr, text: appendLine(result.stderr.text, notice(verdict)) }, sandbox };
        }
        start(spec) {
            const call = callOf(this.ctx, spec, 'background');
            if (call === undefined)
                return super.start(spec);
            if (grants.granted(call.sessionId, call.key))
                return super.start(unconfined(spec));
            this.selfCheckConfined = undefined;
            const proc = super.start(spec);
            this.selfCheckBackground.set(proc, { call, confined: this.selfCheckConfined });
            return proc;
        }
        onProcessDone(proc, stderr, spawnFailed, spawnError) {
            super.onProcessDone(proc, stderr, spawnFailed, spawnError);
            const facts = this.selfCheckBackground.get(proc);
            if (facts === undefined)
                return;
            this.selfCheckBackground.delete(proc);
            // job_kill and aborts settle as `killed`: they never unlock.
            if (spawnFailed || proc.status === 'killed' || proc.sandbox?.runnerFailed === true)
                return;
            const verdict = judge(peers, facts.call, { exitCode: proc.exitCode, signal: proc.signal, stderr }, facts.confined);
            if (verdict === undefined)
                return;
            proc.sandbox = { ...(proc.sandbox ?? { mode: facts.call.policy.mode }), denied: false };
            if (verdict === 'ordinary')
                return;
            const read = proc.readOutput.bind(proc);
            let pending = notice(verdict);
            proc.readOutput = () => {
                const result = read();
                if (pending === undefined)
                    return result;
                const delta = appendLine(result.delta, pending);
                pending = undefined;
                return { ...result, delta };
            };
        }
    }
    return SelfCheckingExecutor;
}
