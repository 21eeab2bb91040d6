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

/** One serialization per key shape, with every field in a fixed order. */
function serialize(key: GrantKey): string {
  return key.kind === 'shell' ? JSON.stringify(['shell', key.family, key.run, key.workdir, key.command]) : JSON.stringify(['fs', key.target]);
}

export class GrantStore {
  readonly #sessions = new Map<string, Set<string>>();

  /** Whether `sessionId` recorded `key`; always false without a session. */
  granted(sessionId: string | undefined, key: GrantKey): boolean {
    return sessionId !== undefined && this.#sessions.get(sessionId)?.has(serialize(key)) === true;
  }

  /**
   * Record a grant. Returns whether one was recorded: never for an agentless
   * call, so the caller shows the plain denial instead of a notice that
   * promises a retry.
   */
  record(sessionId: string | undefined, key: GrantKey): boolean {
    if (sessionId === undefined) return false;
    let keys = this.#sessions.get(sessionId);
    if (keys === undefined) this.#sessions.set(sessionId, (keys = new Set()));
    keys.add(serialize(key));
    return true;
  }

  /** Forget a disposed session's grants. */
  drop(sessionId: string): void {
    this.#sessions.delete(sessionId);
  }

  /** How many sessions hold grants (for tests and diagnostics). */
  get size(): number {
    return this.#sessions.size;
  }
}
