import type { Context } from '@deepseek-ai/cordis';
import { type WorkspaceStatePort } from '../engine/node-workspace-state.js';
import { EvidenceStore } from '../store/index.js';
import { Config, type ProofConfig } from './config.js';
import type { ProofPort, Touches } from './engine-port.js';
import type { HostAgent, HostContext } from './host.js';
import { BaselineGuard, ShellWatch, TouchSet, type TurnState } from './session.js';
export declare const name = "dsh-proof";
/** Services the plugin uses: the tool registry and the system prompt. */
export declare const inject: string[];
export { Config };
/** Where the adapter finds the host's directories (from the environment by default). */
export interface AdapterEnvironment {
    /** `$DSH_HOME` (default `~/.dsh`). */
    readonly dshHome: string;
    /** The user's home directory (canonicalised to `$HOME` in evidence). */
    readonly home: string;
    /** Workspace of calls whose agent names none. */
    readonly fallbackRoot: string;
    readonly createPort: (root: string, store: EvidenceStore, config: ProofConfig, home: string) => ProofPort;
    /** Reads git's view of a workspace around shell calls (default: `nodeWorkspaceState`). */
    readonly createStatePort?: (root: string) => WorkspaceStatePort;
}
interface Workspace {
    readonly store: EvidenceStore;
    readonly port: ProofPort;
    readonly touches: TouchSet;
    readonly guard: BaselineGuard;
    readonly shells: ShellWatch;
    touchSnapshot(): Promise<Touches>;
}
/** The adapter's state: one workspace per root, one turn state per agent. */
export declare class ProofAdapter {
    readonly config: ProofConfig;
    private readonly env;
    private readonly workspaces;
    private readonly turns;
    constructor(config: ProofConfig, env: AdapterEnvironment);
    rootOf(agent: HostAgent | undefined): string;
    workspace(root: string): Workspace;
    turn(agent: HostAgent | undefined): TurnState;
}
/** The environment of a real host: `$DSH_HOME`, the home directory and the process cwd. */
export declare function hostEnvironment(): AdapterEnvironment;
export declare function apply(ctx: Context, config?: Partial<ProofConfig> | null): void;
/** `apply` with an explicit environment (tests, other hosts). */
export declare function applyWith(ctx: HostContext, config: Partial<ProofConfig> | null | undefined, env: AdapterEnvironment): ProofAdapter;
