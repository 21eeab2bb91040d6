/**
 * Runtime enforcement: the `tools/pre-execute` gate, the `tools/result`
 * observer (the tool-touch set) and the `agent/turn-stopping` steering.
 * Thin: each hook reads the call, asks the store/engine-facing session, and
 * translates the answer into the host's vocabulary.
 */
import { dirname, relative, sep } from 'node:path';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { WORKSPACE_STORE_DIR } from '../store/index.js';
import { mutationOf, proofHomeNames, touchesStore, writtenPath } from './observe.js';
import { ASK_EVIDENCE_STORE, ASK_NO_BASELINE, ASK_REBASELINE, turnEndMessage, turnEndSummary } from './prompt.js';
/** The tool whose calls the re-baseline gate judges (see `TOOL_NAMES`). */
const BASELINE_TOOL = 'proof_baseline';
/** Name under which the plugin's messages are sourced. */
export const PLUGIN_NAME = 'dsh-proof';
export function registerHooks(ctx, state) {
    ctx.on('tools/pre-execute', (exec, next) => gate(state, exec.name, exec.arguments, exec.agent, next));
    ctx.on('tools/result', (exec, result) => {
        observe(state, exec.name, exec.arguments, exec.agent, result);
        return undefined;
    });
    ctx.on('agent/turn-stopping', async ({ agent, turn, signal }) => {
        // A cancelled turn is ending on the user's word: no steering.
        if (!signal.aborted)
            await turnStopping(state, agent, turn);
    });
}
async function gate(state, name, args, agent, next) {
    const root = state.rootOf(agent);
    if (name === BASELINE_TOOL) {
        const { store, guard } = state.workspace(root);
        return askUnlessDenied(guard.needsApproval(await store.hasBaseline()) ? ASK_REBASELINE : null, next);
    }
    const mutation = mutationOf(name, args, root);
    if (mutation === null)
        return next();
    const { store } = state.workspace(root);
    const proofHome = dirname(store.location.keyDir);
    const reason = (state.config.evidenceStore === 'workspace' && touchesStore(mutation, store.location.dir, WORKSPACE_STORE_DIR)) ||
        touchesStore(mutation, proofHome, ...proofHomeNames(proofHome))
        ? ASK_EVIDENCE_STORE
        : state.config.requireBaseline === 'ask' && !(await store.hasBaseline())
            ? ASK_NO_BASELINE
            : null;
    return askUnlessDenied(reason, next);
}
/** Asking is stricter than allowing but weaker than a denial further down. */
async function askUnlessDenied(reason, next) {
    const downstream = await next();
    if (reason === null || downstream.kind === 'deny')
        return downstream;
    return { kind: 'ask', reason };
}
function observe(state, name, args, agent, result) {
    const root = state.rootOf(agent);
    const mutation = mutationOf(name, args, root);
    if (mutation === null)
        return;
    const { touches, guard } = state.workspace(root);
    if (mutation.kind === 'files') {
        if (result.isError)
            return; // a failed write left the file as it was
        const reported = writtenPath(result.value, root);
        for (const path of reported === undefined ? mutation.paths : [reported])
            touches.touch(path);
        guard.filesWritten();
    }
    else {
        touches.shellRan();
        guard.shellRan();
    }
    const turn = state.turn(agent);
    turn.mutated = true;
    turn.proven = false;
}
async function turnStopping(state, agent, turnNumber) {
    const turn = state.turn(agent);
    if (turn.steeredTurn === turnNumber) {
        turn.mutated = false; // steering happens once per turn
        return;
    }
    const root = state.rootOf(agent);
    const { store, touches } = state.workspace(root);
    const findings = {
        unproven: state.config.enforceOnTurnEnd && turn.mutated && !turn.proven,
        noBaseline: state.config.requireBaseline === 'warn' && turn.mutated && !(await store.hasBaseline()),
        external: state.config.driftDetection ? (await touches.newDrift()).map((path) => relative(root, path).split(sep).join('/')) : [],
    };
    const text = turnEndMessage(findings);
    if (text === null) {
        turn.mutated = false;
        return;
    }
    turn.steeredTurn = turnNumber;
    agent.steer(createUserMessage({
        content: [{ type: 'text', text }],
        source: { kind: 'plugin', plugin: PLUGIN_NAME, form: 'notice', summary: turnEndSummary(findings) },
    }));
}
