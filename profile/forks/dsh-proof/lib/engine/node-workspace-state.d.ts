import { type StateReading } from '../core/workspace-state.js';
/** Reads git's view of a workspace (see `core/workspace-state.ts`). */
export interface WorkspaceStatePort {
    read(): Promise<StateReading>;
}
/** A git call slower than this makes the reading unknown (and later ones are not tried). */
export declare const STATE_TIMEOUT_MS = 2000;
/** More dirty and untracked paths than this make the reading unknown (and later ones are not tried). */
export declare const STATE_MAX_ENTRIES = 5000;
export interface WorkspaceStateOptions {
    readonly gitBinary?: string;
    readonly timeoutMs?: number;
    readonly maxEntries?: number;
}
/**
 * Readings through `git status --porcelain=v1 -z --untracked-files=all`,
 * `git rev-parse HEAD` and one `lstat` per listed path: the cost grows with
 * the repository's file count (git's stat of tracked files) and the number
 * of dirty paths, never with file sizes. A workspace over a bound (time or
 * dirty paths) stays unknown for the rest of the process, so a huge
 * repository pays the bound once, not on every shell call.
 */
export declare function nodeWorkspaceState(workspace: string, options?: WorkspaceStateOptions): WorkspaceStatePort;
