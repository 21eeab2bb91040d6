import { type EvidenceStore } from '../store/index.js';
import type { ProofConfig } from './config.js';
import type { HostAgent, HostContext } from './host.js';
import type { BaselineGuard, ShellWatch, TouchSet, TurnState } from './session.js';
/** Name under which the plugin's messages are sourced. */
export declare const PLUGIN_NAME = "dsh-proof";
/** What the hooks need from the adapter. */
export interface HookState {
    readonly config: ProofConfig;
    rootOf(agent: HostAgent | undefined): string;
    workspace(root: string): {
        readonly store: EvidenceStore;
        readonly touches: TouchSet;
        readonly guard: BaselineGuard;
        readonly shells: ShellWatch;
    };
    turn(agent: HostAgent | undefined): TurnState;
}
export declare function registerHooks(ctx: HostContext, state: HookState): void;
