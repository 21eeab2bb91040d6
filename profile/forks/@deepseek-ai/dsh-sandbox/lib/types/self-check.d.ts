/**
 * The `self-checking` mode's shared judgement: the workspace-write probe
 * policy, the synchronous containment check, and the classification of a
 * settled probe into an interception, a failure, an ordinary EACCES, or a
 * plain result.
 *
 * @module dsh-sandbox/self-check
 */
import type { SandboxExecutionPolicy } from './index.ts';
/** How a settled `self-checking` probe is judged. */
export type SelfCheckVerdict = 'intercepted' | 'failed' | 'ordinary';
/** The policy a `self-checking` call probes under: the same root and session as `workspace-write`. */
export declare function selfCheckProbePolicy<P extends SandboxExecutionPolicy>(policy: P): P & {
    mode: 'workspace-write';
};
/** Whether `path` (absolute, possibly missing) lies under a root a workspace-write probe of `policy` may write. */
export declare function isUnderWritableRoots(path: string, policy: SandboxExecutionPolicy): boolean;
/**
 * Judge one settled probe: `intercepted` needs a denial-signature line naming a
 * path outside the writable roots; `failed` needs other permission-like
 * evidence; `ordinary` is an EACCES the host's own permissions explain on a
 * path the backend grants (a script without its execute bit): no notice, no
 * grant, no denial; timeouts, signals (also as a 128+N exit status), aborts
 * and exit 0 are never judged.
 */
export declare function classifySelfCheck(outcome: {
    exitCode: number | null;
    signal: string | null;
    timedOut?: boolean;
    aborted?: boolean;
    stderr: string;
}, facts: {
    denialSignatures: readonly string[];
    workdir: string;
    policy: SandboxExecutionPolicy;
}): SelfCheckVerdict | undefined;
/** The structured gate key of one shell call under `self-checking`. */
export interface SelfCheckShellKey {
    kind: 'shell';
    family: 'bash' | 'pwsh';
    run: 'foreground' | 'background';
    workdir: string;
    command: string;
}
/** The per-session gate the sandbox policy service owns (structurally typed: the policy package depends on this one). */
export interface SelfCheckGate {
    selfCheckGranted?(policy: SandboxExecutionPolicy, key: SelfCheckShellKey): boolean;
    recordSelfCheck?(policy: SandboxExecutionPolicy, key: SelfCheckShellKey): boolean;
}
/** The gate facts of one shell call; undefined outside `self-checking`. */
export interface SelfCheckShellFacts {
    policy: SandboxExecutionPolicy;
    key: SelfCheckShellKey;
    granted: boolean;
}
/** Key a shell call and ask its session whether it is already unlocked (shared by the bash and pwsh executors). */
export declare function selfCheckShellGate(gate: SelfCheckGate, spec: {
    sandboxPolicy: SandboxExecutionPolicy;
    workdir: string;
    command: string;
}, family: 'bash' | 'pwsh', run: 'foreground' | 'background'): SelfCheckShellFacts | undefined;
/**
 * Classify a settled shell probe and record its grant; the notice flag only
 * when a grant was really recorded; `denied: false` for an ordinary EACCES.
 */
export declare function recordSelfCheckShell(gate: SelfCheckGate, selfCheck: SelfCheckShellFacts | undefined, outcome: Parameters<typeof classifySelfCheck>[0], denialSignatures: readonly string[], workdir: string): {
    intercepted?: true;
    failed?: true;
    denied?: false;
};
