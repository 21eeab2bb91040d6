const MARK = { proven: '✓', regressed: '✗', stale: '?', unproven: '?', 'no-baseline': '!' };
/** `PROVEN`, `NO BASELINE`, … */
export function gradeLabel(grade) {
    return grade.toUpperCase().replace('-', ' ');
}
/** The first 12 hex digits of an evidence root (`none` when there is none). */
export function shortRoot(root) {
    return root === null ? 'none' : root.slice(0, 12);
}
export function tallySentence(grade, tally) {
    const extra = [
        tally.indeterminate > 0 ? `${tally.indeterminate} indeterminate` : null,
        tally.notRun > 0 ? `${tally.notRun} not run` : null,
    ].filter((part) => part !== null);
    const tail = extra.length === 0 ? '' : ` ${extra.join(', ')}.`;
    return `${gradeLabel(grade)} — ${tally.passing} check(s) passing, ${tally.regressions} regression(s), ${tally.preExisting} pre-existing failure(s) left untouched.${tail}`;
}
export function claimTitle(value) {
    return `${MARK[value.grade]} ${gradeLabel(value.grade)} — ${value.claim}`;
}
export function renderClaim(value) {
    return [claimTitle(value), `evidence root: ${shortRoot(value.evidenceRoot)}`, tallySentence(value.grade, value.tally), ...verificationDetails(value)].join('\n');
}
export function verifyTitle(value) {
    return `${MARK[value.grade]} verification: ${gradeLabel(value.grade)} (${value.ran.length} check(s) re-run, impact ${value.impactPrecision})`;
}
const PRECISION = {
    resolved: 'resolved (the import graph includes TypeScript\'s own module resolution)',
    approximate: 'approximate (import patterns; uncertainty widens the selection)',
    forced: 'forced (every check ran)',
};
export function renderVerify(value) {
    return [
        verifyTitle(value),
        `evidence root: ${shortRoot(value.evidenceRoot)}`,
        tallySentence(value.grade, value.tally),
        `change set: ${value.changed.length} file(s), found via ${value.changeMethods.join(', ') || 'nothing'}${value.degraded === null ? '' : ` (degraded: ${value.degraded}; every check ran)`}`,
        `impact selection: ${PRECISION[value.impactPrecision]}`,
        ...verificationDetails(value),
    ].join('\n');
}
function verificationDetails(value) {
    const lines = [];
    const charged = value.regressions.filter((r) => r.cause === 'session');
    const outside = value.regressions.filter((r) => r.cause === 'external');
    if (charged.length > 0) {
        lines.push('Regressions (charged to this session):');
        for (const r of charged) {
            const blame = [
                r.suspects.length > 0 ? `suspects: ${r.suspects.join(', ')}` : null,
                r.externalSuspects.length > 0 ? `also changed outside the session: ${r.externalSuspects.join(', ')}` : null,
            ].filter((part) => part !== null);
            lines.push(`- ${r.check} (${r.verdict})${blame.length > 0 ? ` — ${blame.join('; ')}` : ''}`);
            if (r.salientLine !== null)
                lines.push(`    ${r.salientLine.trim()}`);
        }
    }
    if (outside.length > 0) {
        lines.push('Failures caused outside this session (not charged; not proven while they fail):');
        for (const r of outside) {
            const cleared = r.suspects.length > 0 ? `; the session's ${r.suspects.join(', ')} not reached by the failure` : '';
            lines.push(`- ${r.check} (${r.verdict}) — external suspects: ${r.externalSuspects.join(', ')}${cleared}`);
            if (r.salientLine !== null)
                lines.push(`    ${r.salientLine.trim()}`);
        }
    }
    lines.push(externalLine(value));
    if (value.blockers.length > 0) {
        lines.push('Blockers (to do before the claim can be proven):');
        for (const blocker of value.blockers)
            lines.push(`- ${blocker}`);
    }
    const integrity = integrityWarning(value.integrity);
    if (integrity !== null)
        lines.push(integrity);
    return lines;
}
/** The EXTERNAL edits section, each file with the failing checks it may explain. */
function externalLine(value) {
    if (value.external.length === 0)
        return 'EXTERNAL edits: none';
    const files = value.external.map((path) => {
        const checks = value.regressions.filter((r) => r.externalSuspects.includes(path)).map((r) => r.check);
        return checks.length > 0 ? `${path} (suspect of ${checks.join(', ')})` : path;
    });
    return `EXTERNAL edits (changed outside the agent's tool stream — not charged to this session): ${files.join(', ')}`;
}
export function baselineTitle(value) {
    return value.status === 'aborted' ? 'baseline ABORTED' : `baseline saved (${value.checks.length} check(s))`;
}
export function renderBaseline(value) {
    if (value.status === 'aborted') {
        return [
            'Baseline ABORTED: nothing was saved; the evidence gathered so far is chained under a baseline-aborted marker.',
            ...integrityLines(value.integrity),
        ].join('\n');
    }
    const failing = value.checks.filter((c) => c.outcome !== 'pass').length;
    return [
        `Baseline saved: ${value.checks.length} check(s) — ${value.checks.length - failing} passing, ${failing} not passing (pre-existing, not charged to this session).`,
        `evidence root: ${shortRoot(value.evidenceRoot)}`,
        ...value.checks.map((c) => `- ${c.name}: ${c.outcome}`),
        ...(value.dirtyFiles > 0 ? [`${value.dirtyFiles} file(s) were already dirty; their current bytes are the diff anchor.`] : []),
        ...(value.checks.length === 0 ? ['No checks were found: configure `checks` so claims can be proven.'] : []),
    ].join('\n');
}
export function statusTitle(value) {
    const baseline = value.baselineProblem !== null ? 'baseline UNUSABLE' : value.baseline === null ? 'no baseline' : 'baseline set';
    return `proof status: ${baseline}, log ${value.integrity.intact ? 'intact' : 'TAMPERED'}`;
}
export function renderStatus(value) {
    const lines = [
        value.baselineProblem !== null
            ? `Baseline: UNUSABLE — ${value.baselineProblem}`
            : value.baseline === null
                ? 'Baseline: none (take one with proof_baseline)'
                : `Baseline: ${value.baseline.checks.length} check(s), evidence root ${shortRoot(value.baseline.evidenceRoot)}`,
        `Checks: ${value.checks.length === 0 ? 'none found' : value.checks.map((c) => c.id).join(', ')}`,
        value.latest === null
            ? 'Latest evidence: none in this session'
            : `Latest ${value.latest.kind}: ${gradeLabel(value.latest.grade)} — ${value.latest.summary} (evidence root ${shortRoot(value.latest.evidenceRoot)})`,
        ...integrityLines(value.integrity),
    ];
    return lines.join('\n');
}
const FLAGS = ['chainIntact', 'rewindDetected', 'baselineTampered', 'anchorForged'];
/** The full integrity section of `proof_status`. */
export function integrityLines(report) {
    const state = report.intact ? 'intact' : 'TAMPERED';
    const lines = [
        `Evidence log: ${state} — chainMode ${report.chainMode}, ${report.records} record(s), ${report.checkpoints} checkpoint(s), ${report.tailRecords} tail record(s)`,
        `  ${FLAGS.map((flag) => `${flag}: ${String(report[flag])}`).join(', ')}, unverifiableCheckpoints: ${report.unverifiableCheckpoints}`,
    ];
    for (const problem of report.problems)
        lines.push(`  - ${problem}`);
    return lines;
}
/** A short warning for verify/claim results; `null` when the log is intact. */
export function integrityWarning(report) {
    if (report.intact)
        return null;
    return `⚠ evidence log TAMPERED (${FLAGS.filter((f) => (f === 'chainIntact' ? !report[f] : report[f])).map((f) => (f === 'chainIntact' ? 'chain broken' : f)).join(', ')}): run proof_status for details.`;
}
