import { canonicalJson } from '../core/canonical.js';
import { ProofError } from '../core/errors.js';
import { createProofEngine, } from '../engine/index.js';
/** `baseline.json` in the evidence store, its digest chained on every save. */
export function chainedBaselineStore(store) {
    return {
        async load() {
            const stored = await store.readBaseline();
            if (stored === null)
                return null;
            let parsed;
            try {
                parsed = JSON.parse(stored.text);
            }
            catch {
                throw new ProofError('baseline_unreadable', `${store.location.baselineFile} is not JSON: it was edited outside dsh-proof; run proof_status, then proof_baseline to take a new baseline`);
            }
            // Whether this host signed it comes from the log, never from the file.
            return { baselineId: parsed.baselineId, createdAt: parsed.createdAt, record: parsed.record, distrust: stored.foreign };
        },
        async save(baseline) {
            await store.saveBaseline(`${canonicalJson(baseline)}\n`);
        },
    };
}
export function createEnginePort(root, store, config, home) {
    const engine = createProofEngine({
        workspace: root,
        home,
        normalizeHome: config.normalizeHome,
        checks: config.checks,
        impactGraph: config.impactGraph,
        headChars: config.headChars,
        excerptStrategy: config.excerptStrategy,
        baselineStore: chainedBaselineStore(store),
        onEvidence: async (entry) => {
            await store.appendEvidence(entry);
        },
    });
    return {
        async baseline(signal) {
            const result = await engine.baseline({ signal });
            // The engine saved nothing; the runs' evidence is already chained,
            // the marker says it belongs to a baseline that never landed.
            if (result.status === 'aborted')
                await store.recordAbortedBaseline({ evidenceIds: result.runs.map((run) => run.evidenceId) });
            return baselineView(result);
        },
        verify: async (touches, explicitFiles, signal) => verifyView(await engine.verify({ touches, explicitFiles, signal })),
        claim: async (claim, touches, signal) => claimView(await engine.claim(claim, { touches, signal })),
        async status() {
            try {
                return statusView(await engine.status());
            }
            catch (error) {
                // A baseline that cannot be trusted must not hide the rest of the status.
                if (!(error instanceof ProofError) || !BASELINE_PROBLEMS.has(error.code))
                    throw error;
                return { baseline: null, baselineProblem: error.message, checks: (await engine.discover()).map(checkView), latest: null };
            }
        },
    };
}
const BASELINE_PROBLEMS = new Set(['baseline_tampered', 'baseline_unreadable']);
function checkView(check) {
    return { id: check.id, command: check.command, cwd: check.cwd };
}
export function baselineView(result) {
    return {
        status: result.status === 'aborted' ? 'aborted' : 'saved',
        evidenceRoot: result.baselineId,
        checks: result.runs.map((run) => ({ name: run.checkId, outcome: run.status })),
        dirtyFiles: result.dirtyFiles.length,
    };
}
export function verifyView(result) {
    return {
        grade: result.grade,
        impactPrecision: result.impactPrecision,
        evidenceRoot: result.evidenceRoot,
        tally: {
            passing: result.counts.passing,
            regressions: result.counts.regressions,
            preExisting: result.counts.preExisting,
            indeterminate: result.counts.indeterminate,
            notRun: result.counts.notRun,
        },
        ran: result.runs.map((run) => run.checkId),
        regressions: result.verdicts
            .filter((v) => v.verdict === 'regression' || v.verdict === 'new-failure')
            .map((v) => ({
            check: v.checkId,
            verdict: v.verdict,
            suspects: [...v.suspects],
            externalSuspects: [...v.externalSuspects],
            cause: v.cause ?? 'session',
            salientLine: v.salientLine,
        })),
        changed: result.changeSet.files.map((file) => ({ path: file.path, origin: file.origin })),
        external: [...result.attribution.external],
        changeMethods: [...result.changeSet.methods],
        degraded: result.changeSet.degraded ? (result.changeSet.degradedReason ?? 'unknown reason') : null,
        blockers: result.blockers.map((blocker) => blocker.message),
    };
}
export function claimView(result) {
    return { claim: result.claim, ...verifyView(result) };
}
export function statusView(result) {
    return {
        baseline: result.baseline === null
            ? null
            : { evidenceRoot: result.baseline.baselineId, checks: result.baseline.results.map((r) => ({ name: r.id, outcome: r.status })) },
        baselineProblem: null,
        checks: result.checks.map(checkView),
        latest: result.latest === null
            ? null
            : { kind: result.latest.kind, grade: result.latest.grade, summary: result.latest.summary, evidenceRoot: result.latest.evidenceRoot },
    };
}
