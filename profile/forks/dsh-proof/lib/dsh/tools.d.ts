/**
 * The four model-facing tools. Each `execute` returns one canonical JSON
 * value (the views of `views.ts`); prose lives only in `output.render`, and
 * the card projections are pure (`present.ts`).
 */
import { type ToolDefinition } from '@deepseek-ai/dsh-tools';
import type { EvidenceStore } from '../store/index.js';
import type { ProofPort, Touches } from './engine-port.js';
import type { HostAgent } from './host.js';
import type { BaselineGuard, TurnState } from './session.js';
/** Tool names: stable, quoted by the prompt section, the docs and the e2e suite. */
export declare const TOOL_NAMES: readonly ["proof_status", "proof_baseline", "proof_verify", "proof_claim"];
/** What a tool call needs from the adapter. */
export interface ToolState {
    rootOf(agent: HostAgent | undefined): string;
    workspace(root: string): {
        readonly store: EvidenceStore;
        readonly port: ProofPort;
        readonly guard: BaselineGuard;
        touchSnapshot(): Promise<Touches>;
    };
    turn(agent: HostAgent | undefined): TurnState;
}
export declare function proofTools(state: ToolState): ToolDefinition[];
