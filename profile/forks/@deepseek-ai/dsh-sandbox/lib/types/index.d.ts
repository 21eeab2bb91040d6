/**
 * Service Definition for the same-world process-confinement capability seam: wrap exact subprocess argv under a
 * host-path file policy. Containers, microVMs, and remote execution replace the
 * surrounding capability seam instead; this service shares the host kernel and filesystem.
 * @module @deepseek-ai/dsh-sandbox
 */
import { Context, Service } from '@deepseek-ai/cordis';
import { HarnessError } from '@deepseek-ai/dsh-llm';
import type { SessionId } from '@deepseek-ai/dsh-session';
export { ESCALATION_TARGETS, WIDER_MODES, approveEscalation, escalationHintMarker, sandboxDenialMarker, selfCheckFailedMarker, selfCheckFsInterceptedMarker, selfCheckInterceptedMarker, validateEscalationArgs, } from './escalation.ts';
export type { EscalationApproval, EscalationApprover, EscalationOutcome, EscalationRequest } from './escalation.ts';
export { canonicalPath, writableRoots } from './roots.ts';
export { classifySelfCheck, isUnderWritableRoots, recordSelfCheckShell, selfCheckProbePolicy, selfCheckShellGate } from './self-check.ts';
export type { SelfCheckGate, SelfCheckShellFacts, SelfCheckShellKey, SelfCheckVerdict } from './self-check.ts';
/**
 * File-effect policy for confined processes. `read-only` permits only required
 * sinks such as `/dev/null`; `workspace-write` also permits the workspace and a
 * backend-defined temp area; `danger-full-access` bypasses confinement. Network
 * and process visibility are outside this vocabulary.
 * `self-checking` probes every call under workspace-write and lets a session
 * repeat an intercepted call with full access; a provider confines it exactly
 * as `workspace-write`.
 */
export type SandboxMode = 'read-only' | 'workspace-write' | 'self-checking' | 'danger-full-access';
/** A confining (non-`danger-full-access`) mode — the modes a {@link SandboxPolicy} can carry. */
export type ConfinedSandboxMode = Exclude<SandboxMode, 'danger-full-access'>;
/**
 * The complete file-effect policy resolved for one capability call. The root
 * is carried even under modes that do not consume it so callers can resolve
 * policy once before choosing the enforcement path.
 */
export interface SandboxExecutionPolicy {
    /** The file-effect mode this execution runs under. */
    mode: SandboxMode;
    /** Absolute root directory `workspace-write` may write under. */
    workspaceRoot: string;
    /**
     * Opaque identity of the calling session (the branded `dsh-session`
     * SessionId). Backends key per-session state off it (e.g. windows-acl gives
     * each live session/workspace pair a random private temp directory and SID,
     * while the workspace SID and standing grant remain per-workspace); absent
     * for agentless calls, which fall back to per-call backend state.
     */
    sessionId?: SessionId;
}
/**
 * Enforcement completeness for this host. `partial` means an active backend or
 * older kernel ABI cannot govern every promised file effect; callers requiring
 * an absolute boundary must not treat it as `full`.
 */
export type SandboxEnforcement = 'full' | 'partial';
/**
 * What one confined execution is allowed to touch — carried PER CALL, not
 * fixed on the provider: two consumers may confine under different policies
 * at the same instant (bash under `read-only` while a confined child agent
 * needs its state directory writable), and an approved escalated retry is a
 * new call with a wider policy. Defaulting/resolution is an explicit step at
 * the consumer boundary; the provider treats the policy as fully specified.
 */
export interface SandboxPolicy extends SandboxExecutionPolicy {
    /** The file-effect mode this execution runs under. */
    mode: ConfinedSandboxMode;
}
/**
 * Evidence that identifies a sandbox runner failing before it executes the
 * wrapped command. A consumer first applies {@link allowedExitCodes} when
 * present, removes {@link informationalLines} by case-insensitive exact line
 * equality, then matches {@link fatalSignatures} case-insensitively within
 * each remaining stderr line. Exit status alone never proves runner failure.
 */
export interface RunnerFailureRule {
    /** Nonzero process exit codes on which this rule may match; omitted permits any nonzero exit. */
    allowedExitCodes?: readonly number[];
    /** Non-empty substrings identifying a fatal runner diagnostic on one stderr line. */
    fatalSignatures: readonly string[];
    /** Benign stderr lines excluded by exact full-line equality before fatal matching. */
    informationalLines?: readonly string[];
}
/**
 * A {@link SandboxProvider.confine} result: the argv to spawn in place of
 * the caller's own, plus the enforcement completeness the selected backend
 * achieves for it.
 */
export interface ConfinedArgv {
    /** The wrapped argv (runner, profile, separator, then the caller's argv). */
    argv: string[];
    /** How completely the selected backend enforces the policy's file effects. */
    enforcement: SandboxEnforcement;
    /**
     * The selected backend's denial DIALECT: the case-insensitive stderr
     * substrings a file effect denied by THIS backend produces (EROFS text
     * under bwrap's read-only binds, EACCES under Landlock, EPERM under
     * Seatbelt). A consumer that infers denials from a failed run's stderr
     * matches against exactly these rather than a cross-backend union — the
     * union claims denials a given backend never produces.
     */
    denialSignatures: readonly string[];
    /**
     * Structured runner-failure evidence rules. Consumers require a matching
     * fatal stderr line (after informational exclusions) and any rule-specific
     * exit-code gate before checking denial signatures: runner failure means the
     * command never ran, while denial means confinement worked and blocked it.
     */
    runnerFailureRules: readonly RunnerFailureRule[];
}
/**
 * Error code for a requested confined mode when no backend is usable. The
 * provider fails closed, and `HarnessError` carries the code through
 * `tool/result` so callers can distinguish missing confinement from command
 * failure.
 */
export declare const SANDBOX_UNAVAILABLE = "SANDBOX_UNAVAILABLE";
/**
 * Thrown when {@link SandboxProvider.confine} cannot enforce the requested
 * mode. Carries {@link SANDBOX_UNAVAILABLE} through the structured error
 * channel.
 */
export declare class SandboxUnavailableError extends HarnessError {
    constructor(mode: ConfinedSandboxMode, detail?: string);
}
declare module '@deepseek-ai/cordis' {
    interface Context {
        sandbox: SandboxProvider;
    }
}
/**
 * Abstract process-sandbox service. {@link confine} must return enforcing argv
 * or fail closed at wrap or runner-execution time; silent unconfined passthrough
 * is forbidden. Functional probes arbitrate multi-runner chains and may be
 * skipped for a sole candidate, whose own refusal remains the fail-closed end.
 */
export declare abstract class SandboxProvider extends Service {
    constructor(ctx: Context);
    /**
     * Wrap `argv` so it executes confined under `policy` on this host; the
     * caller spawns the returned argv in place of its own.
     * @param argv - the exact argv the caller is about to spawn (program plus
     *   arguments), NOT a shell string — a shell-shaped consumer passes
     *   `['bash', '-c', command]`.
     * @param policy - the file-effect policy this execution runs under,
     *   carried per call (see {@link SandboxPolicy}).
     * @returns the argv to spawn instead, plus the enforcement completeness
     *   the selected backend achieves for it.
     */
    abstract confine(argv: readonly string[], policy: SandboxPolicy): ConfinedArgv;
}
export default SandboxProvider;
//# sourceMappingURL=index.d.ts.map