/**
 * Model-facing texts of the adapter: the `proof:policy` system prompt
 * section and the one-time turn-end steering. Pure and stable: the e2e suite
 * and docs/proof-trust.md quote them.
 */
/** Name of the system prompt section. */
export const POLICY_SECTION = 'proof:policy';
/** After tool guidance (100–199), before late deployment text. */
export const POLICY_ORDER = 150;
export const POLICY_TEXT = [
    'Proof policy (dsh-proof): "done" must be shown, not said.',
    '- Before changing files, take a baseline with proof_baseline (it records which checks pass and fail now). Refreshing it after you changed files needs the user\'s approval.',
    '- After changing files, call proof_claim with one sentence saying what you achieved; it re-runs the affected checks and grades the claim.',
    '- Only a PROVEN claim counts as done. If the grade is regressed, stale or unproven, work through its blockers, then claim again.',
    '- Pre-existing failures are not charged to you; regressions are. proof_verify shows which files are suspected, and lists EXTERNAL edits (made outside your tools) separately.',
    '- Never edit the evidence log or baseline: the log is hash-chained and signed, and tampering is reported by proof_status.',
].join('\n');
/** The steering text, or `null` when nothing needs saying. */
export function turnEndMessage(findings) {
    const parts = [];
    if (findings.noBaseline) {
        parts.push('You changed files without a proof baseline. Take one with proof_baseline before further changes, so regressions can be told apart from pre-existing failures.');
    }
    if (findings.unproven) {
        parts.push('This turn changed the workspace but no PROVEN claim followed. Call proof_claim with what you achieved; if it is not proven, fix its blockers or say plainly that the work is unproven.');
    }
    if (findings.external.length > 0) {
        parts.push(`EXTERNAL edits: ${findings.external.join(', ')} changed outside your tool stream after you wrote them (not charged to this session). Re-read them before relying on their content.`);
    }
    return parts.length === 0 ? null : `[dsh-proof] ${parts.join(' ')}`;
}
/** One-line account for the notice row in the transcript. */
export function turnEndSummary(findings) {
    if (findings.unproven)
        return 'dsh-proof: changes without a proven claim';
    if (findings.noBaseline)
        return 'dsh-proof: no baseline yet';
    return 'dsh-proof: files changed outside the tool stream';
}
/** Why a mutation is routed through approval. */
export const ASK_NO_BASELINE = 'dsh-proof: no proof baseline exists yet (requireBaseline: ask). Approve this change only if it is fine that regressions cannot be told apart from pre-existing failures.';
export const ASK_EVIDENCE_STORE = 'dsh-proof: this call may write the evidence store (the evidence log, baseline.json, the signing key or the anchors). Approve only if you intend to change the evidence yourself.';
export const ASK_REBASELINE = 'dsh-proof: the agent wants to refresh the proof baseline after changing files in this session. Checks its changes broke would then count as pre-existing failures, never charged to it. Approve only if the current state of the workspace is the intended new reference.';
