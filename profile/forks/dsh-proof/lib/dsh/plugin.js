/**
 * The Cordis plugin: wires the evidence store, the engine port, the four
 * tools, the hooks and the policy prompt section into the host. Owns the
 * per-workspace and per-agent state; decides nothing itself.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { nodeWorkspaceState } from '../engine/node-workspace-state.js';
import { EvidenceStore } from '../store/index.js';
import { Config } from './config.js';
import { registerHooks, PLUGIN_NAME } from './hooks.js';
import { POLICY_ORDER, POLICY_SECTION, POLICY_TEXT } from './prompt.js';
import { BaselineGuard, newTurnState, ShellWatch, TouchSet } from './session.js';
import { proofTools } from './tools.js';
import { createEnginePort } from './translate.js';
export const name = PLUGIN_NAME;
/** Services the plugin uses: the tool registry and the system prompt. */
export const inject = ['tools', 'systemPrompt'];
export { Config };
/** The adapter's state: one workspace per root, one turn state per agent. */
export class ProofAdapter {
    config;
    env;
    workspaces = new Map();
    turns = new Map();
    constructor(config, env) {
        this.config = config;
        this.env = env;
    }
    rootOf(agent) {
        return resolve(agent?.session.header.cwd ?? this.env.fallbackRoot);
    }
    workspace(root) {
        let workspace = this.workspaces.get(root);
        if (workspace === undefined) {
            const store = new EvidenceStore({
                dshHome: this.env.dshHome,
                workspaceRoot: root,
                evidenceStore: this.config.evidenceStore,
                checkpointEvery: this.config.checkpointEvery,
            });
            const touches = new TouchSet();
            workspace = {
                store,
                touches,
                guard: new BaselineGuard(),
                shells: new ShellWatch((this.env.createStatePort ?? nodeWorkspaceState)(root)),
                port: this.env.createPort(root, store, this.config, this.env.home),
                touchSnapshot: () => touches.snapshot(),
            };
            this.workspaces.set(root, workspace);
        }
        return workspace;
    }
    turn(agent) {
        const key = agent?.id ?? '';
        let state = this.turns.get(key);
        if (state === undefined) {
            state = newTurnState();
            this.turns.set(key, state);
        }
        return state;
    }
}
/** The environment of a real host: `$DSH_HOME`, the home directory and the process cwd. */
export function hostEnvironment() {
    const home = homedir();
    return { dshHome: process.env.DSH_HOME ?? join(home, '.dsh'), home, fallbackRoot: process.cwd(), createPort: createEnginePort };
}
export function apply(ctx, config) {
    applyWith(ctx, config, hostEnvironment());
}
/** `apply` with an explicit environment (tests, other hosts). */
export function applyWith(ctx, config, env) {
    // Cordis validated already; resolving again fills defaults for direct callers.
    const adapter = new ProofAdapter(Config(config ?? {}), env);
    registerHooks(ctx, adapter);
    for (const tool of proofTools(adapter))
        ctx.tools.register(tool);
    if (adapter.config.promptSection)
        ctx.systemPrompt.section({ name: POLICY_SECTION, order: POLICY_ORDER, text: POLICY_TEXT });
    return adapter;
}
