/**
 * The verdict lattice. A check outcome is decisive (`pass`, `fail`) or not
 * (`skipped`, `timeout`, `aborted`, `error`); an undecided side makes the
 * verdict `indeterminate`, so unknown never borrows certainty from the other
 * side: it earns neither credit nor blame.
 */
export type OutcomeStatus = 'pass' | 'fail' | 'skipped' | 'timeout' | 'aborted' | 'error';
export type Verdict = 'still-passing' | 'regression' | 'still-failing' | 'fixed' | 'new-check' | 'new-failure' | 'not-run' | 'indeterminate';
export type Grade = 'proven' | 'regressed' | 'stale' | 'unproven' | 'no-baseline';
/** The three truth values of an outcome. */
export type Truth = 'pass' | 'fail' | 'unknown';
export declare function truthOf(status: OutcomeStatus): Truth;
/**
 * Verdict of one check, from its baseline outcome (null: absent at baseline)
 * to its current one (null: not run now).
 */
export declare function verdictOf(baseline: OutcomeStatus | null, current: OutcomeStatus | null): Verdict;
/** Verdicts that are this session's failures. */
export declare function isCharged(verdict: Verdict): boolean;
/** Verdicts that give (or keep) a decisive green result. */
export declare function isGreen(verdict: Verdict): boolean;
export interface GradeInput {
    readonly hasBaseline: boolean;
    readonly verdicts: readonly Verdict[];
    /** Changed files no check covers. */
    readonly uncoveredFiles: number;
    /** Checks defined differently than at baseline (their results prove nothing against it). */
    readonly redefinedChecks?: number | undefined;
    /** Failing checks whose only plausible cause changed outside the session (among `verdicts`). */
    readonly externalFailures?: number | undefined;
    /** The baseline was not recorded by this host (a key it did not issue): it never proves. */
    readonly untrustedBaseline?: boolean | undefined;
}
/**
 * The grade of a claim. Order of precedence: no baseline, then any charged
 * failure (`regressed`), then any undecided check (`stale`), then missing
 * coverage — a baseline this host did not record, a failure caused outside the session (not charged, not proven), a check not run, a changed file no check covers, a check
 * redefined since the baseline, no check at all (`unproven`). Pre-existing failures (`still-failing`) do not block.
 */
export declare function gradeOf(input: Readonly<GradeInput>): Grade;
