import { type StatusEntry } from '../core/provenance.js';
import type { GitPort } from './ports.js';
export interface GitResult {
    readonly code: number;
    readonly stdout: string;
    /** Killed after `timeoutMs`. */
    readonly timedOut: boolean;
}
/**
 * Run git in `cwd`: `null` when it could not start (missing). Never takes
 * optional locks (`GIT_OPTIONAL_LOCKS=0`), so a status does not hold the
 * index lock the agent's own git commands may need.
 */
export declare function runGit(cwd: string, args: readonly string[], options?: {
    readonly gitBinary?: string;
    readonly timeoutMs?: number;
}): Promise<GitResult | null>;
/**
 * Git through its porcelain `-z` formats (paths verbatim, renames with both
 * paths). The workspace may be a sub-directory of the repository: paths are
 * re-rooted at the workspace and entries outside it dropped.
 */
export declare function nodeGit(workspace: string, gitBinary?: string): GitPort;
/** Porcelain paths are relative to the repository root: make them workspace-relative. */
export declare function reroot(entries: readonly StatusEntry[], prefix: string): StatusEntry[];
