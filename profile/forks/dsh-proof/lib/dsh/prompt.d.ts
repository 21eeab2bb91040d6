/**
 * Model-facing texts of the adapter: the `proof:policy` system prompt
 * section and the one-time turn-end steering. Pure and stable: the e2e suite
 * and docs/proof-trust.md quote them.
 */
/** Name of the system prompt section. */
export declare const POLICY_SECTION = "proof:policy";
/** After tool guidance (100–199), before late deployment text. */
export declare const POLICY_ORDER = 150;
export declare const POLICY_TEXT: string;
/** Why the turn end steers. */
export interface TurnEndFindings {
    /** The turn changed files and no proven claim followed. */
    readonly unproven: boolean;
    /** No baseline exists (only reported with `requireBaseline: warn`). */
    readonly noBaseline: boolean;
    /** Workspace-relative files changed outside the tool stream since a tool wrote them. */
    readonly external: readonly string[];
}
/** The steering text, or `null` when nothing needs saying. */
export declare function turnEndMessage(findings: TurnEndFindings): string | null;
/** One-line account for the notice row in the transcript. */
export declare function turnEndSummary(findings: TurnEndFindings): string;
/** Why a mutation is routed through approval. */
export declare const ASK_NO_BASELINE = "dsh-proof: no proof baseline exists yet (requireBaseline: ask). Approve this change only if it is fine that regressions cannot be told apart from pre-existing failures.";
export declare const ASK_EVIDENCE_STORE = "dsh-proof: this call may write the evidence store (the evidence log, baseline.json, the signing key or the anchors). Approve only if you intend to change the evidence yourself.";
export declare const ASK_REBASELINE = "dsh-proof: the agent wants to refresh the proof baseline after changing files in this session. Checks its changes broke would then count as pre-existing failures, never charged to it. Approve only if the current state of the workspace is the intended new reference.";
