/**
 * State the three rows share: the session grants, which adapters really
 * subclassed their peer, and how a call is recognised as a Self Checking
 * call. One module instance per profile: the rows import the same files.
 */
import type { Context } from '@deepseek-ai/cordis';
import { GrantStore } from '../core/gate.js';
/** The grants of every live session. */
export declare const grants: GrantStore;
/** The capabilities that run with the gate (`bash`, `pwsh`, `fs`); a degraded one is absent. */
export declare const armed: Set<string>;
/** The per-call policy dsh stamps on each capability call. */
export interface CallPolicy {
    mode: string;
    workspaceRoot: string;
    sessionId?: string;
}
/**
 * The session of a Self Checking call, or undefined for every other call:
 * another mode, an agentless call (no session: the plain workspace-write
 * denial), an unknown session, or another preset.
 */
export declare function selfCheckingSession(ctx: Context, policy: CallPolicy): string | undefined;
/** Append one line to a text, on a line of its own. */
export declare function appendLine(text: string, line: string): string;
