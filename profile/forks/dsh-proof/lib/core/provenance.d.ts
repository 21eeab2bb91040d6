/**
 * Change-set provenance. "What changed" (the change set, and the method that
 * found each file) and "who changed it" (the origin) are separate questions.
 */
export type ChangeMethod = 'baseline-content' | 'git-head' | 'dirty-fallback' | 'explicit';
export type ChangeOrigin = 'agent' | 'external' | 'explicit' | 'unknown';
export type ChangeKind = 'added' | 'modified' | 'deleted' | 'renamed';
export interface ChangedFile {
    readonly path: string;
    readonly kind: ChangeKind;
    /** Rename source. */
    readonly from?: string;
    readonly method: ChangeMethod;
    readonly origin: ChangeOrigin;
    /** The tool stream wrote this file, but its bytes changed again afterwards. */
    readonly editedAfterTool?: true;
}
export interface ChangeSet {
    readonly files: readonly ChangedFile[];
    /** Methods used, sorted: degradation is visible. */
    readonly methods: readonly ChangeMethod[];
    /** True when the change set may be incomplete; the full check set must run. */
    readonly degraded: boolean;
    /** Why it is degraded, or null. */
    readonly degradedReason: string | null;
}
/** One entry of `git status --porcelain=v1 -z`. */
export interface StatusEntry {
    /** Index and worktree status letters, e.g. ' M', '??', 'R '. */
    readonly xy: string;
    readonly path: string;
    /** Rename/copy source. */
    readonly from?: string;
}
/** One entry of `git diff --name-status -z -M`. */
export interface DiffEntry {
    /** A, M, D, T, R, C (score stripped). */
    readonly status: string;
    readonly path: string;
    readonly from?: string;
}
/** The tool-touch set the adapter observed. */
export interface TouchSet {
    /** Path (absolute or relative, any slash style) → what the tool left. */
    readonly files: Readonly<Record<string, Readonly<FileTouch>>>;
    /** The stream ran commands whose writes cannot be listed (a shell). */
    readonly opaque?: boolean | undefined;
}
export interface FileTouch {
    /** sha256 of the bytes the tool left; null: the tool deleted the file; absent: not fingerprinted. */
    readonly digest?: string | null | undefined;
}
/** Parse `git status --porcelain=v1 -z` output (renames carry both paths). */
export declare function parsePorcelainZ(text: string): StatusEntry[];
/** Parse `git diff --name-status -z` output. */
export declare function parseNameStatusZ(text: string): DiffEntry[];
/** What the baseline recorded. */
export interface BaselineState {
    /** Commit at baseline, or null (no git, or no commit yet). */
    readonly head: string | null;
    /** Every file dirty at baseline → digest of its bytes then (null: deleted). */
    readonly dirty: Readonly<Record<string, string | null>>;
}
/** What git says now; null when git is unavailable. */
export interface GitNow {
    readonly status: readonly StatusEntry[];
    /** `git diff <baseline head>` entries, or null when that diff could not be taken. */
    readonly diff: readonly DiffEntry[] | null;
    /**
     * Every file git lists (tracked, and untracked but not ignored). A file the
     * tool stream wrote that git does not list is ignored by git, so neither
     * the diff nor the status can show its change: it joins the change set
     * from the touch set. Absent: unknown, nothing is added.
     */
    readonly listed?: readonly string[] | undefined;
}
export interface ChangeSetInput {
    readonly workspace: string;
    readonly baseline: Readonly<BaselineState>;
    readonly git: Readonly<GitNow> | null;
    /** Current digest of a path (null: missing); only asked for `digestsNeeded` paths. */
    readonly digest: (path: string) => string | null;
    /** The tool-touch set; undefined when no tool stream was observed at all. */
    readonly touches?: Readonly<TouchSet> | undefined;
    readonly explicit?: readonly string[] | undefined;
}
/**
 * Compute the change set since the baseline and classify each file.
 *
 * - dirty at baseline → compared by content (`baseline-content`): dirt left
 *   unchanged is excluded, a dirty file reverted to HEAD counts as changed;
 * - clean at baseline → `git diff <baselineHead>` plus untracked files
 *   (`git-head`); renames contribute both paths;
 * - no baseline commit, or its diff failed → the current dirty set
 *   (`dirty-fallback`, degraded: committed changes may be missed);
 * - no git at all → the touched and explicit files only, degraded;
 * - files named by the caller → `explicit`.
 */
export declare function computeChangeSet(input: Readonly<ChangeSetInput>): ChangeSet;
interface NormalisedTouches {
    readonly files: Readonly<Record<string, Readonly<FileTouch>>>;
    readonly opaque: boolean;
}
/** Touch-set keys to workspace-relative paths; keys outside the workspace are dropped. */
export declare function normaliseTouches(workspace: string, touches: Readonly<TouchSet> | undefined): NormalisedTouches;
/** Who pays: only the session's own (agent and explicit) changes are charged. */
export interface Attribution {
    readonly charged: readonly string[];
    readonly unknown: readonly string[];
    readonly external: readonly string[];
    readonly externalNote: string;
}
export declare const EXTERNAL_NOTE = "changed outside the agent's tool stream \u2014 not charged to this session";
export declare function attributionOf(changeSet: Readonly<ChangeSet>): Attribution;
export {};
