import { compareCodeUnits } from './canonical.js';
import { isRedefined, redefinitionReasons } from './checks.js';
import { attributionOf } from './provenance.js';
import { rankSuspects } from './suspects.js';
import { gradeOf, isCharged, isGreen, verdictOf } from './verdict.js';
/** Verdicts, grade, blockers and attribution of a verification. */
export function assess(input) {
    const attribution = attributionOf(input.changeSet);
    const baselineResults = new Map((input.baseline?.results ?? []).map((r) => [r.id, r]));
    const names = new Map();
    for (const c of input.baseline?.checks ?? [])
        names.set(c.id, c.name);
    for (const c of input.checks)
        names.set(c.id, c.name);
    const current = new Set(input.checks.map((c) => c.id));
    const cwds = new Map();
    for (const c of [...(input.baseline?.checks ?? []), ...input.checks])
        cwds.set(c.id, c.cwd);
    const verdicts = [...names.keys()].sort(compareCodeUnits).map((id) => {
        const before = baselineResults.get(id) ?? null;
        const run = input.runs.get(id);
        const now = run !== undefined
            ? { status: run.status, evidenceId: run.evidenceId, carried: false }
            : before !== null && current.has(id) && !input.selection.selected.includes(id)
                ? { status: before.status, evidenceId: before.evidenceId, carried: true }
                : null;
        const verdict = input.baseline === null ? verdictOf(null, now?.status ?? null) : verdictOf(before?.status ?? null, now?.status ?? null);
        const ranking = isCharged(verdict)
            ? rankSuspects({
                graph: input.graph ?? null,
                cwd: cwds.get(id) ?? '',
                reach: input.selection.reach[id] ?? [],
                session: [...attribution.charged, ...attribution.unknown],
                external: attribution.external,
                excerpt: run?.excerpt ?? '',
            })
            : null;
        return {
            checkId: id,
            name: names.get(id),
            verdict,
            baseline: before === null ? null : { status: before.status, evidenceId: before.evidenceId },
            current: now,
            suspects: ranking?.suspects ?? [],
            externalSuspects: ranking?.externalSuspects ?? [],
            cause: ranking?.cause ?? null,
            salientLine: run?.salientLine ?? null,
        };
    });
    const list = verdicts.map((v) => v.verdict);
    const redefined = redefinedChecks(input);
    const grade = gradeOf({
        hasBaseline: input.baseline !== null,
        verdicts: list,
        uncoveredFiles: input.selection.uncovered.length,
        redefinedChecks: redefined.length,
        externalFailures: verdicts.filter(isExternalFailure).length,
        untrustedBaseline: (input.baselineDistrust ?? null) !== null,
    });
    return {
        verdicts,
        grade,
        blockers: blockersOf(input, verdicts, redefined),
        preExisting: verdicts.filter((v) => v.verdict === 'still-failing').map((v) => v.checkId),
        attribution,
        counts: countsOf(verdicts),
    };
}
/** A failing check whose only plausible cause changed outside the session. */
function isExternalFailure(v) {
    return isCharged(v.verdict) && v.cause === 'external';
}
/** Checks present at baseline and now whose definition changed in between. */
function redefinedChecks(input) {
    const before = new Map((input.baseline?.checks ?? []).map((c) => [c.id, c]));
    return input.checks.filter((c) => {
        const b = before.get(c.id);
        return b !== undefined && isRedefined(b, c);
    });
}
function blockersOf(input, verdicts, redefined) {
    if (input.baseline === null) {
        return [{ kind: 'no-baseline', message: 'no baseline: take one (proof_baseline) before changing the workspace, then verify' }];
    }
    const blockers = [];
    for (const v of verdicts) {
        const why = v.salientLine === null ? '' : `: ${v.salientLine.trim()}`;
        const blame = blameNote(v);
        if (isExternalFailure(v)) {
            blockers.push({
                kind: 'external-failure',
                checkId: v.checkId,
                suspects: v.suspects,
                externalSuspects: v.externalSuspects,
                message: `${v.checkId} ${v.verdict === 'regression' ? 'passed at baseline and fails now' : 'is new and fails'}${why}; its only plausible cause changed outside the agent's tool stream (${v.externalSuspects.join(', ')}) — not charged to this session, but nothing is proven while it fails: have it restored, or take a new baseline once the outside change is accepted`,
            });
        }
        else if (v.verdict === 'regression')
            blockers.push({ kind: 'regression', checkId: v.checkId, suspects: v.suspects, message: `${v.checkId} passed at baseline and fails now${why}${blame}` });
        else if (v.verdict === 'new-failure')
            blockers.push({ kind: 'new-failure', checkId: v.checkId, suspects: v.suspects, message: `${v.checkId} is new and fails${why}${blame}` });
        else if (v.verdict === 'indeterminate')
            blockers.push({ kind: 'indeterminate', checkId: v.checkId, message: `${v.checkId} gave no decisive result (${describeIndeterminate(v)}): re-run it or fix what stops it` });
        else if (v.verdict === 'not-run') {
            const gone = !input.checks.some((c) => c.id === v.checkId);
            const message = gone
                ? `${v.checkId} passed or failed at baseline but is no longer defined: restore it, or take a new baseline if its removal is intended`
                : `${v.checkId} has a baseline result but was not run now`;
            blockers.push({ kind: 'not-run', checkId: v.checkId, message });
        }
    }
    const before = new Map((input.baseline?.checks ?? []).map((c) => [c.id, c]));
    for (const check of redefined) {
        const reasons = redefinitionReasons(before.get(check.id) ?? check, check);
        blockers.push({
            kind: 'redefined',
            checkId: check.id,
            message: `${check.id} is defined differently than at baseline (${reasons.join('; ')}): its result proves nothing against the baseline; restore the definition, or take a new baseline if the change is intended`,
        });
    }
    if (input.baselineDistrust != null) {
        blockers.push({ kind: 'untrusted-baseline', message: `the baseline cannot prove anything: ${input.baselineDistrust}` });
    }
    for (const path of input.selection.uncovered) {
        blockers.push({ kind: 'uncovered', path, message: `${path} changed but no check covers it: add a check (config \`checks\` with \`paths\`) or a test` });
    }
    if (verdicts.length === 0)
        blockers.push({ kind: 'no-checks', message: 'no checks were found: declare one in the `checks` configuration' });
    return blockers;
}
/** ` (suspects: a; external: b)`: the session's suspects and, apart, the outside ones. */
function blameNote(v) {
    const parts = [
        v.suspects.length > 0 ? `suspects: ${v.suspects.join(', ')}` : null,
        v.externalSuspects.length > 0 ? `changed outside the session: ${v.externalSuspects.join(', ')}` : null,
    ].filter((p) => p !== null);
    return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
function describeIndeterminate(v) {
    const sides = [];
    if (v.baseline !== null && v.baseline.status !== 'pass' && v.baseline.status !== 'fail')
        sides.push(`baseline ${v.baseline.status}`);
    if (v.current !== null && v.current.status !== 'pass' && v.current.status !== 'fail')
        sides.push(`now ${v.current.status}`);
    return sides.join(', ') || 'unknown';
}
function countsOf(verdicts) {
    const n = (pred) => verdicts.filter((v) => pred(v.verdict)).length;
    return {
        passing: n(isGreen),
        regressions: verdicts.filter((v) => isCharged(v.verdict) && !isExternalFailure(v)).length,
        externalFailures: verdicts.filter(isExternalFailure).length,
        preExisting: n((v) => v === 'still-failing'),
        fixed: n((v) => v === 'fixed'),
        newChecks: n((v) => v === 'new-check'),
        indeterminate: n((v) => v === 'indeterminate'),
        notRun: n((v) => v === 'not-run'),
        carried: verdicts.filter((v) => v.current?.carried === true).length,
    };
}
const GRADE_WORD = {
    proven: 'PROVEN', regressed: 'REGRESSED', stale: 'STALE', unproven: 'UNPROVEN', 'no-baseline': 'NO BASELINE',
};
/** One-line summary, e.g. `PROVEN — 3 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched.` */
export function summaryLine(grade, counts) {
    return `${GRADE_WORD[grade]} — ${counts.passing} check(s) passing, ${counts.regressions} regression(s), ${counts.preExisting} pre-existing failure(s) left untouched.`;
}
