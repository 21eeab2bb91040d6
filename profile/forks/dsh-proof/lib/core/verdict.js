/**
 * The verdict lattice. A check outcome is decisive (`pass`, `fail`) or not
 * (`skipped`, `timeout`, `aborted`, `error`); an undecided side makes the
 * verdict `indeterminate`, so unknown never borrows certainty from the other
 * side: it earns neither credit nor blame.
 */
export function truthOf(status) {
    return status === 'pass' || status === 'fail' ? status : 'unknown';
}
/**
 * Verdict of one check, from its baseline outcome (null: absent at baseline)
 * to its current one (null: not run now).
 */
export function verdictOf(baseline, current) {
    const before = baseline === null ? null : truthOf(baseline);
    const after = current === null ? null : truthOf(current);
    if (before === 'unknown' || after === 'unknown')
        return 'indeterminate';
    if (after === null)
        return before === null ? 'indeterminate' : 'not-run';
    if (before === null)
        return after === 'pass' ? 'new-check' : 'new-failure';
    if (before === 'pass')
        return after === 'pass' ? 'still-passing' : 'regression';
    return after === 'pass' ? 'fixed' : 'still-failing';
}
/** Verdicts that are this session's failures. */
export function isCharged(verdict) {
    return verdict === 'regression' || verdict === 'new-failure';
}
/** Verdicts that give (or keep) a decisive green result. */
export function isGreen(verdict) {
    return verdict === 'still-passing' || verdict === 'fixed' || verdict === 'new-check';
}
/**
 * The grade of a claim. Order of precedence: no baseline, then any charged
 * failure (`regressed`), then any undecided check (`stale`), then missing
 * coverage — a baseline this host did not record, a failure caused outside the session (not charged, not proven), a check not run, a changed file no check covers, a check
 * redefined since the baseline, no check at all (`unproven`). Pre-existing failures (`still-failing`) do not block.
 */
export function gradeOf(input) {
    if (!input.hasBaseline)
        return 'no-baseline';
    const failures = input.verdicts.filter(isCharged).length;
    const external = input.externalFailures ?? 0;
    if (failures > external)
        return 'regressed';
    if (input.verdicts.includes('indeterminate'))
        return 'stale';
    if (input.untrustedBaseline === true || external > 0 || input.verdicts.includes('not-run') || input.uncoveredFiles > 0 || (input.redefinedChecks ?? 0) > 0 || !input.verdicts.some(isGreen))
        return 'unproven';
    return 'proven';
}
