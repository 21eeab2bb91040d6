/**
 * Judges one settled Self Checking probe (a command that ran under
 * workspace-write). An interception needs a line with the backend's denial
 * signature that names a path outside the writable roots; any other failure
 * unlocks only with permission-like evidence. An EACCES the host's own
 * permissions explain, on a path the backend grants, is ordinary: Landlock
 * reports its denials with the same errno, so the text alone cannot decide.
 */
import { type HostView } from './host.js';
/** How a settled probe is judged; undefined is a plain result. */
export type Verdict = 'intercepted' | 'failed' | 'ordinary';
/** The exit facts of a settled probe. */
export interface ProbeOutcome {
    exitCode: number | null;
    signal: string | null;
    timedOut?: boolean;
    aborted?: boolean;
    stderr: string;
}
/** What the probe ran under. */
export interface ProbeFacts {
    /** The backend's denial texts (`Read-only file system` for bwrap, `Permission denied` for Landlock). */
    denialSignatures: readonly string[];
    /** The absolute directory the command ran in. */
    workdir: string;
    /** The canonical workspace-write roots of the call (workspace, /tmp, the platform temp dir). */
    writableRoots: readonly string[];
    /** The canonical workspace root. */
    workspaceRoot: string;
}
/**
 * The paths one diagnostic line names, resolved against the workdir. A
 * `: `-separated segment that starts with a path is one path (spaces kept);
 * a one-word segment before the reason is a perror operand even when bare
 * relative; the reporting shell before a script location (`/bin/sh: 1: …`)
 * is skipped.
 */
export declare function diagnosticPaths(line: string, workdir: string): string[];
/** Whether `path` (possibly missing) is under one of the canonical `roots`, by name or by filesystem identity. */
export declare function isUnderRoots(host: HostView, path: string, roots: readonly string[]): boolean;
/**
 * Judge one settled probe. Timeouts, signal deaths (also as a 128+N status),
 * aborts and exit 0 are never judged: they unlock nothing.
 */
export declare function classifyProbe(host: HostView, outcome: ProbeOutcome, facts: ProbeFacts): Verdict | undefined;
