import { type BaselineResult, type BaselineStore, type ClaimResult, type StatusResult, type VerifyResult } from '../engine/index.js';
import type { EvidenceStore } from '../store/index.js';
import type { ProofConfig } from './config.js';
import type { ProofPort, WithoutIntegrity } from './engine-port.js';
import type { BaselineView, ClaimView, StatusView, VerifyView } from './views.js';
/** `baseline.json` in the evidence store, its digest chained on every save. */
export declare function chainedBaselineStore(store: EvidenceStore): BaselineStore;
export declare function createEnginePort(root: string, store: EvidenceStore, config: ProofConfig, home: string): ProofPort;
export declare function baselineView(result: BaselineResult): WithoutIntegrity<BaselineView>;
export declare function verifyView(result: VerifyResult): WithoutIntegrity<VerifyView>;
export declare function claimView(result: ClaimResult): WithoutIntegrity<ClaimView>;
export declare function statusView(result: StatusResult): WithoutIntegrity<StatusView>;
