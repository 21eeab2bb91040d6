/**
 * Runtime enforcement: the `tools/pre-execute` gate, the `tools/result`
 * observer (the tool-touch set) and the `agent/turn-stopping` steering.
 * Thin: each hook reads the call, asks the store/engine-facing session, and
 * translates the answer into the host's vocabulary.
 */
import { dirname, join, relative, sep } from 'node:path';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { WORKSPACE_STORE_DIR } from '../store/index.js';
import { mutationOf, proofHomeNames, SHELL_TOOLS, touchesStore, writtenPath } from './observe.js';
import { ASK_EVIDENCE_STORE, ASK_NO_BASELINE, ASK_REBASELINE, turnEndMessage, turnEndSummary } from './prompt.js';
/** The tool whose calls the re-baseline gate judges (see `TOOL_NAMES`). */
const BASELINE_TOOL = 'proof_baseline';
/** Name under which the plugin's messages are sourced. */
export const PLUGIN_NAME = 'dsh-proof';
export function registerHooks(ctx, state) {
    ctx.on('tools/pre-execute', async (exec, next) => {
        const decision = await gate(state, exec.name, exec.arguments, exec.agent, next);
        // Read the workspace just before a shell runs, to see at its result whether it changed anything.
        if (SHELL_TOOLS.has(exec.name))
            await state.workspace(state.rootOf(exec.agent)).shells.starting(exec);
        return decision;
    });
    ctx.on('tools/result', (exec, result) => {
        observe(state, exec, result);
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
function observe(state, exec, result) {
    const root = state.rootOf(exec.agent);
    const mutation = mutationOf(exec.name, exec.arguments, root);
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
        markMutated(state.turn(exec.agent));
    }
    else {
        // Provenance and the baseline guard stay conservative (a shell may have
        // written git-ignored files, or started something that writes later);
        // only the turn-end steering waits for what git saw it change.
        touches.shellRan();
        guard.shellRan();
        touches.follow(shellEnded(state, exec, root));
    }
}
/**
 * A shell's result: compare the workspace with the reading taken before it
 * ran. Unchanged: not a mutation. Changed: the paths it changed join the
 * touch set (the agent's, never external). Unknown (no git, git failing,
 * over the bounds, start not seen): a mutation, as if it changed something.
 */
async function shellEnded(state, exec, root) {
    const { shells, touches } = state.workspace(root);
    const change = await shells.ended(exec);
    if (change.kind === 'unchanged')
        return;
    if (change.kind === 'changed') {
        // A trailing slash is a directory git could not look into (a nested repository): no file to fingerprint.
        for (const path of change.paths)
            if (!path.endsWith('/'))
                touches.touch(join(root, ...path.split('/')));
    }
    markMutated(state.turn(exec.agent));
}
function markMutated(turn) {
    turn.mutated = true;
    turn.proven = false;
}
async function turnStopping(state, agent, turnNumber) {
    const root = state.rootOf(agent);
    const { store, touches } = state.workspace(root);
    // Shell results still being compared decide whether the turn mutated.
    await touches.settle();
    const turn = state.turn(agent);
    if (turn.steeredTurn === turnNumber) {
        turn.mutated = false; // steering happens once per turn
        return;
    }
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
