/** No append holds the lock this long; an older lock file is a dead writer's. */
export declare const STALE_LOCK_MS = 30000;
/** Run `task` while holding the lock file `path`. */
export declare function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T>;
