import { type ImportGraph } from './graph.js';
/** Who a failing check is charged to. */
export type FailureCause = 'session' | 'external';
export interface SuspectInput {
    /** The import graph of this verification; null when impact analysis is off. */
    readonly graph: ImportGraph | null;
    /** The check's working directory: runners print paths relative to it. */
    readonly cwd: string;
    /** Changed files whose dependents reach the check's scope. */
    readonly reach: readonly string[];
    /** Files charged to the session (agent, explicit, unknown origin). */
    readonly session: readonly string[];
    /** Files changed outside the agent's tool stream. */
    readonly external: readonly string[];
    /** The check's output excerpt (paths canonicalised to `$WORKSPACE/…`). */
    readonly excerpt: string;
}
export interface SuspectRanking {
    /** Session files that can explain the failure, most likely first. */
    readonly suspects: readonly string[];
    /** External files that can explain it, most likely first. */
    readonly externalSuspects: readonly string[];
    /** `external`: no session file can explain the failure, an external one can. */
    readonly cause: FailureCause;
}
/**
 * Rank the suspects of one failing check. The files the output names (the
 * failing test, a stack frame) are where the failure surfaced; a changed
 * file those files import, directly or transitively, can explain it, the
 * nearest first. Changed files the check cannot reach at all (outside its
 * reach, or prose the output does not name) are left out.
 */
export declare function rankSuspects(input: Readonly<SuspectInput>): SuspectRanking;
/**
 * Workspace-relative paths the output names: `$WORKSPACE/…` spellings, and
 * relative ones read from the check's directory or the workspace root. A
 * token that continues a longer path (`/usr/lib/x.js`) is not relative.
 */
export declare function pathsNamed(excerpt: string, cwd: string): Set<string>;
