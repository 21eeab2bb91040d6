/**
 * The Self Checking subclass of an rc.8 sandbox shell executor (bash or
 * pwsh). Under the Self Checking preset every call runs as the upstream
 * workspace-write probe; a probe refused for a path outside the workspace (or
 * failed with permission-like evidence) records a grant for its session and
 * shows the notice instead of the plain denial; the session's identical
 * re-run runs with full access.
 */
import type { Context } from '@deepseek-ai/cordis';
import type { ShellKey } from '../core/gate.js';
import { type CallPolicy } from './runtime.js';
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
/**
 * Build the Self Checking subclass of an upstream executor class.
 * @param Base - `SandboxBashExecutor` or `SandboxPwshExecutor` of rc.8.
 * @param family - which shell the keys name.
 * @param peers - helpers of the other rc.8 packages.
 */
export declare function selfCheckingExecutor<B extends ExecutorClass>(Base: B, family: ShellKey['family'], peers: ExecutorPeers): B;
export {};
