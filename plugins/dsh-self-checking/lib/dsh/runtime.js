import { GrantStore } from '../core/gate.js';
import { isSelfChecking } from '../core/preset.js';
/** The grants of every live session. */
export const grants = new GrantStore();
/** The capabilities that run with the gate (`bash`, `pwsh`, `fs`); a degraded one is absent. */
export const armed = new Set();
/**
 * The session of a Self Checking call, or undefined for every other call:
 * another mode, an agentless call (no session: the plain workspace-write
 * denial), an unknown session, or another preset.
 */
export function selfCheckingSession(ctx, policy) {
    if (policy.mode !== 'workspace-write' || policy.sessionId === undefined)
        return undefined;
    const store = ctx.get('sessions');
    const session = store?.get(policy.sessionId);
    if (session === undefined)
        return undefined;
    return isSelfChecking(session, (id) => store?.get(id)) ? policy.sessionId : undefined;
}
/** Append one line to a text, on a line of its own. */
export function appendLine(text, line) {
    return text.length === 0 ? line : `${text}${text.endsWith('\n') ? '' : '\n'}${line}`;
}
