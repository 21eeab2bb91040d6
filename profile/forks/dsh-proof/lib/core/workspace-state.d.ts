import type { StatusEntry } from './provenance.js';
/**
 * Did a shell call change the workspace? A shell's writes cannot be listed,
 * but git's view of the workspace can be read before and after the call:
 * HEAD, and every dirty or untracked (not ignored) path with a fingerprint
 * of what lies there. Two equal readings mean the call changed nothing git
 * can see. Pure: the readings come from the node port.
 */
/** One path of `git status`, with a fingerprint of the file as it is. */
export interface StateEntry {
    /** Index and worktree status letters, e.g. ' M', '??', 'R '. */
    readonly xy: string;
    /** Rename/copy source. */
    readonly from?: string;
    /** What lies at the path (see `fileFingerprint`); null: nothing. */
    readonly fingerprint: string | null;
}
/** git's view of the workspace at one moment. */
export interface WorkspaceState {
    /** HEAD commit, or null before the first commit. */
    readonly head: string | null;
    /** Dirty and untracked paths, workspace-relative. */
    readonly entries: Readonly<Record<string, StateEntry>>;
}
/** Why the state could not be read: the caller must assume the worst. */
export type UnknownReason = 
/** The workspace is not inside a git repository, or git is missing. */
'no-git'
/** git ran but failed (or printed something unreadable). */
 | 'git-failed'
/** More dirty and untracked paths than the bound. */
 | 'too-large'
/** git took longer than the bound. */
 | 'timeout'
/** No reading was taken before the call (the call was not seen starting). */
 | 'not-observed';
export type StateReading = {
    readonly kind: 'known';
    readonly state: WorkspaceState;
} | {
    readonly kind: 'unknown';
    readonly reason: UnknownReason;
};
/** What happened between two readings. */
export type WorkspaceChange = {
    readonly kind: 'unchanged';
}
/** `paths`: workspace-relative paths whose git view or bytes changed, sorted. */
 | {
    readonly kind: 'changed';
    readonly headMoved: boolean;
    readonly paths: readonly string[];
} | {
    readonly kind: 'unknown';
    readonly reason: UnknownReason;
};
/** File metadata a fingerprint is made of (nanosecond times as integers). */
export interface FileStat {
    readonly type: 'file' | 'symlink' | 'directory' | 'other';
    readonly size: bigint;
    readonly mtimeNs: bigint;
    readonly ctimeNs: bigint;
    readonly ino: bigint;
    readonly mode: bigint;
}
/**
 * A cheap fingerprint of a path's content. Any write to a file moves its
 * change time (ctime), which no unprivileged program can set back, so
 * equal fingerprints mean unchanged bytes without reading them; a metadata
 * change (chmod, touch) also counts, erring towards "changed".
 */
export declare function fileFingerprint(stat: Readonly<FileStat> | null): string | null;
/** A reading from `git status` entries and the fingerprint of each path. */
export declare function stateOf(head: string | null, status: readonly StatusEntry[], fingerprintOf: (path: string) => string | null): WorkspaceState;
export declare const unknownReading: (reason: UnknownReason) => StateReading;
/**
 * Compare the readings taken before and after a call. A path counts as
 * changed when it appeared in or left git's view, or its status letters,
 * rename source or fingerprint differ; a moved HEAD (a commit, a reset, a
 * checkout) counts even when the status is the same. An unknown reading on
 * either side makes the answer unknown.
 */
export declare function diffReadings(before: StateReading, after: StateReading): WorkspaceChange;
