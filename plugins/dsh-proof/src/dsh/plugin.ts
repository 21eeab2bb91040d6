/**
 * The Cordis plugin: wires the evidence store, the engine port, the four
 * tools, the hooks and the policy prompt section into the host. Owns the
 * per-workspace and per-agent state; decides nothing itself.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { nodeWorkspaceState, type WorkspaceStatePort } from '../engine/node-workspace-state.js'
import { EvidenceStore } from '../store/index.js'
import { Config, type ProofConfig } from './config.js'
import type { ProofPort, Touches } from './engine-port.js'
import { registerHooks, PLUGIN_NAME } from './hooks.js'
import type { HostAgent, HostContext } from './host.js'
import { POLICY_ORDER, POLICY_SECTION, POLICY_TEXT } from './prompt.js'
import { BaselineGuard, newTurnState, ShellWatch, TouchSet, type TurnState } from './session.js'
import { proofTools } from './tools.js'
import { createEnginePort } from './translate.js'

export const name = PLUGIN_NAME
/** Services the plugin uses: the tool registry and the system prompt. */
export const inject = ['tools', 'systemPrompt']
export { Config }

/** Where the adapter finds the host's directories (from the environment by default). */
export interface AdapterEnvironment {
  /** `$DSH_HOME` (default `~/.dsh`). */
  readonly dshHome: string
  /** The user's home directory (canonicalised to `$HOME` in evidence). */
  readonly home: string
  /** Workspace of calls whose agent names none. */
  readonly fallbackRoot: string
  readonly createPort: (root: string, store: EvidenceStore, config: ProofConfig, home: string) => ProofPort
  /** Reads git's view of a workspace around shell calls (default: `nodeWorkspaceState`). */
  readonly createStatePort?: (root: string) => WorkspaceStatePort
}

interface Workspace {
  readonly store: EvidenceStore
  readonly port: ProofPort
  readonly touches: TouchSet
  readonly guard: BaselineGuard
  readonly shells: ShellWatch
  touchSnapshot(): Promise<Touches>
}

/** The adapter's state: one workspace per root, one turn state per agent. */
export class ProofAdapter {
  private readonly workspaces = new Map<string, Workspace>()
  private readonly turns = new Map<string, TurnState>()

  constructor(
    readonly config: ProofConfig,
    private readonly env: AdapterEnvironment,
  ) {}

  rootOf(agent: HostAgent | undefined): string {
    return resolve(agent?.session.header.cwd ?? this.env.fallbackRoot)
  }

  workspace(root: string): Workspace {
    let workspace = this.workspaces.get(root)
    if (workspace === undefined) {
      const store = new EvidenceStore({
        dshHome: this.env.dshHome,
        workspaceRoot: root,
        evidenceStore: this.config.evidenceStore,
        checkpointEvery: this.config.checkpointEvery,
      })
      const touches = new TouchSet()
      workspace = {
        store,
        touches,
        guard: new BaselineGuard(),
        shells: new ShellWatch((this.env.createStatePort ?? nodeWorkspaceState)(root)),
        port: this.env.createPort(root, store, this.config, this.env.home),
        touchSnapshot: () => touches.snapshot(),
      }
      this.workspaces.set(root, workspace)
    }
    return workspace
  }

  turn(agent: HostAgent | undefined): TurnState {
    const key = agent?.id ?? ''
    let state = this.turns.get(key)
    if (state === undefined) {
      state = newTurnState()
      this.turns.set(key, state)
    }
    return state
  }
}

/** The environment of a real host: `$DSH_HOME`, the home directory and the process cwd. */
export function hostEnvironment(): AdapterEnvironment {
  const home = homedir()
  return { dshHome: process.env.DSH_HOME ?? join(home, '.dsh'), home, fallbackRoot: process.cwd(), createPort: createEnginePort }
}

export function apply(ctx: Context, config?: Partial<ProofConfig> | null): void {
  applyWith(ctx as unknown as HostContext, config, hostEnvironment())
}

/** `apply` with an explicit environment (tests, other hosts). */
export function applyWith(ctx: HostContext, config: Partial<ProofConfig> | null | undefined, env: AdapterEnvironment): ProofAdapter {
  // Cordis validated already; resolving again fills defaults for direct callers.
  const adapter = new ProofAdapter(Config(config ?? {}), env)
  registerHooks(ctx, adapter)
  for (const tool of proofTools(adapter)) ctx.tools.register(tool)
  if (adapter.config.promptSection) ctx.systemPrompt.section({ name: POLICY_SECTION, order: POLICY_ORDER, text: POLICY_TEXT })
  return adapter
}
