/**
 * The per-session grants: in memory only, keyed by session id, structured
 * keys. A shell key (family, foreground/background, canonical workdir, exact
 * command) never unlocks a file operation and a file key (canonical target)
 * never unlocks a command. Agentless calls (no session id) neither record
 * nor unlock.
 */
/** The key of one shell call. */
export interface ShellKey {
    kind: 'shell';
    family: 'bash' | 'pwsh';
    run: 'foreground' | 'background';
    workdir: string;
    command: string;
}
/** The key of one file mutation. */
export interface FsKey {
    kind: 'fs';
    target: string;
}
export type GrantKey = ShellKey | FsKey;
export declare class GrantStore {
    #private;
    /** Whether `sessionId` recorded `key`; always false without a session. */
    granted(sessionId: string | undefined, key: GrantKey): boolean;
    /**
     * Record a grant. Returns whether one was recorded: never for an agentless
     * call, so the caller shows the plain denial instead of a notice that
     * promises a retry.
     */
    record(sessionId: string | undefined, key: GrantKey): boolean;
    /** Forget a disposed session's grants. */
    drop(sessionId: string): void;
    /** How many sessions hold grants (for tests and diagnostics). */
    get size(): number;
}
