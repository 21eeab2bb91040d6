import type { GitPort } from './ports.js';
/**
 * Git through its porcelain `-z` formats (paths verbatim, renames with both
 * paths). `GIT_OPTIONAL_LOCKS=0` keeps status from taking the index lock the
 * agent's own git commands may need. The workspace may be a sub-directory of
 * the repository: paths are re-rooted at the workspace and entries outside
 * it dropped.
 */
export declare function nodeGit(workspace: string, gitBinary?: string): GitPort;
