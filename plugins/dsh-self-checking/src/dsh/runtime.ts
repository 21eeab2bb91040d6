/**
 * State the three rows share: the session grants, which adapters really
 * subclassed their peer, and how a call is recognised as a Self Checking
 * call. One module instance per profile: the rows import the same files.
 */
import type { Context } from '@deepseek-ai/cordis';
import { GrantStore } from '../core/gate.js';
import { isSelfChecking, type SessionView } from '../core/preset.js';

/** The grants of every live session. */
export const grants = new GrantStore();

/** The capabilities that run with the gate (`bash`, `pwsh`, `fs`); a degraded one is absent. */
export const armed = new Set<string>();

/** The per-call policy dsh stamps on each capability call. */
export interface CallPolicy {
  mode: string;
  workspaceRoot: string;
  sessionId?: string;
}

interface SessionStoreView {
  get(id: string): SessionView | undefined;
}

/**
 * The session of a Self Checking call, or undefined for every other call:
 * another mode, an agentless call (no session: the plain workspace-write
 * denial), an unknown session, or another preset.
 */
export function selfCheckingSession(ctx: Context, policy: CallPolicy): string | undefined {
  if (policy.mode !== 'workspace-write' || policy.sessionId === undefined) return undefined;
  const store = (ctx as unknown as { get(name: string): unknown }).get('sessions') as SessionStoreView | undefined;
  const session = store?.get(policy.sessionId);
  if (session === undefined) return undefined;
  return isSelfChecking(session, (id) => store?.get(id)) ? policy.sessionId : undefined;
}

/** Append one line to a text, on a line of its own. */
export function appendLine(text: string, line: string): string {
  return text.length === 0 ? line : `${text}${text.endsWith('\n') ? '' : '\n'}${line}`;
}
