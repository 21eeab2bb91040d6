/**
 * The four model-facing tools. Each `execute` returns one canonical JSON
 * value (the views of `views.ts`); prose lives only in `output.render`, and
 * the card projections are pure (`present.ts`).
 */
import { defineTool } from '@deepseek-ai/dsh-tools';
import { baselineTitle, claimTitle, renderBaseline, renderClaim, renderStatus, renderVerify, statusTitle, verifyTitle, } from './present.js';
import { BASELINE_SCHEMA, CLAIM_SCHEMA, integrityView, STATUS_SCHEMA, VERIFY_SCHEMA } from './views.js';
/** Tool names: stable, quoted by the prompt section, the docs and the e2e suite. */
export const TOOL_NAMES = ['proof_status', 'proof_baseline', 'proof_verify', 'proof_claim'];
/** The card of a completed call: the title computed from the value at execution time. */
function presentFromMeta(_args, result) {
    const meta = result.meta;
    if (result.isError || typeof meta !== 'object' || meta === null || Array.isArray(meta))
        return undefined;
    const title = meta.title;
    return typeof title === 'string' ? { card: 'generic', title } : undefined;
}
const text = (value) => [{ type: 'text', text: value }];
/**
 * Run one proof call in the caller's workspace and add the log's integrity.
 * With `boundary`, the call is a baseline/verify/claim boundary: a signed
 * checkpoint closes it first.
 */
async function inWorkspace(state, exec, boundary, run) {
    const call = exec;
    const workspace = state.workspace(state.rootOf(call.agent));
    const result = await run(workspace, call);
    if (boundary)
        await workspace.store.checkpoint();
    return { ...result, integrity: integrityView(await workspace.store.integrity()) };
}
export function proofTools(state) {
    const status = defineTool({
        name: 'proof_status',
        description: 'Show the proof state of this workspace: the baseline, the checks discovered, the latest evidence and the integrity of the tamper-evident evidence log (chainMode, checkpoints, chainIntact, rewindDetected, baselineTampered, unverifiableCheckpoints, anchorForged, tailRecords). Read-only.',
        parameters: {},
        output: {
            schema: STATUS_SCHEMA,
            render: (_args, value) => text(renderStatus(value)),
            presentationMeta: (_args, value) => ({ title: statusTitle(value) }),
        },
        isConcurrencySafe: () => true,
        execute: (_args, exec) => inWorkspace(state, exec, false, ({ port }) => port.status()),
        presentCall: () => ({ card: 'generic', title: 'proof status', kind: 'read' }),
        presentResult: presentFromMeta,
    });
    const baseline = defineTool({
        name: 'proof_baseline',
        description: 'Establish (or refresh) the proof baseline before changing files: discover the objective checks (tests, lint, typecheck, build, configured checks), run them and record each outcome as content-addressed evidence. Pre-existing failures recorded here are never charged to you.',
        parameters: {},
        output: {
            schema: BASELINE_SCHEMA,
            render: (_args, value) => text(renderBaseline(value)),
            presentationMeta: (_args, value) => ({ title: baselineTitle(value) }),
        },
        execute: (_args, exec) => inWorkspace(state, exec, true, async ({ port, guard }, call) => {
            const view = await port.baseline(call.signal);
            if (view.status === 'saved')
                guard.baselineSaved();
            return view;
        }),
        presentCall: () => ({ card: 'generic', title: 'proof baseline', kind: 'execute' }),
        presentResult: presentFromMeta,
    });
    const verify = defineTool({
        name: 'proof_verify',
        description: 'Re-run only the checks your changes made stale and compare with the baseline: grade, regressions with suspect files, and an EXTERNAL edits section for files changed outside your tools (not charged to you). Use it while working; use proof_claim to state that you are done.',
        parameters: {
            files: {
                type: 'array',
                items: { type: 'string' },
                description: 'Files you declare part of your change (workspace-relative), in addition to those your tools wrote.',
            },
        },
        output: {
            schema: VERIFY_SCHEMA,
            render: (_args, value) => text(renderVerify(value)),
            presentationMeta: (_args, value) => ({ title: verifyTitle(value) }),
        },
        execute: (args, exec) => inWorkspace(state, exec, true, async (ws, call) => ws.port.verify(await ws.touchSnapshot(), args.files ?? [], call.signal)),
        presentCall: () => ({ card: 'generic', title: 'proof verify', kind: 'execute' }),
        presentResult: presentFromMeta,
    });
    const claim = defineTool({
        name: 'proof_claim',
        description: 'State what you achieved in one sentence and prove it: the affected checks are re-run and the claim is graded proven, regressed, stale, unproven or no-baseline. Only a PROVEN claim means done; otherwise `blockers` is your to-do list.',
        parameters: {
            claim: { type: 'string', required: true, description: 'One sentence: what is now true (e.g. "the parser handles empty input; all tests pass").' },
        },
        output: {
            schema: CLAIM_SCHEMA,
            render: (_args, value) => text(renderClaim(value)),
            presentationMeta: (_args, value) => ({ title: claimTitle(value) }),
        },
        async execute(args, exec) {
            const call = exec;
            const statement = args.claim.trim();
            if (statement.length === 0)
                throw new Error('invalid claim: say in one sentence what you achieved');
            const view = await inWorkspace(state, exec, true, async (ws) => ws.port.claim(statement, await ws.touchSnapshot(), call.signal));
            if (view.grade === 'proven' && view.integrity.intact)
                state.turn(call.agent).proven = true;
            return view;
        },
        presentCall: (args) => ({ card: 'generic', title: `proof claim: ${args.claim}`, kind: 'execute' }),
        presentResult: presentFromMeta,
    });
    return [status, baseline, verify, claim];
}
