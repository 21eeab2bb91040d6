import { type CheckSpec } from './checks.js';
import type { BaselineRecord, CheckVerdict } from './evidence.js';
import type { ImportGraph } from './graph.js';
import { type Attribution, type ChangeSet } from './provenance.js';
import type { Selection } from './selection.js';
import { type Grade, type OutcomeStatus } from './verdict.js';
/** A current run of one check, as recorded. */
export interface CurrentRun {
    readonly status: OutcomeStatus;
    readonly evidenceId: string;
    readonly excerpt: string;
    readonly salientLine: string | null;
}
export type BlockerKind = 'no-baseline' | 'regression' | 'new-failure' | 'external-failure' | 'indeterminate' | 'not-run' | 'redefined' | 'untrusted-baseline' | 'uncovered' | 'no-checks';
/** One item of the to-do list that stands between the claim and `proven`. */
export interface Blocker {
    readonly kind: BlockerKind;
    readonly checkId?: string;
    readonly path?: string;
    readonly suspects?: readonly string[];
    readonly externalSuspects?: readonly string[];
    readonly message: string;
}
export interface Counts {
    readonly passing: number;
    /** Failures charged to the session (regressions and new failures). */
    readonly regressions: number;
    /** Failures whose only plausible cause changed outside the session: not charged, not proven either. */
    readonly externalFailures: number;
    readonly preExisting: number;
    readonly fixed: number;
    readonly newChecks: number;
    readonly indeterminate: number;
    readonly notRun: number;
    readonly carried: number;
}
export interface Assessment {
    readonly verdicts: readonly CheckVerdict[];
    readonly grade: Grade;
    readonly blockers: readonly Blocker[];
    /** Checks red at baseline and still red: reported, not charged, not blocking. */
    readonly preExisting: readonly string[];
    readonly attribution: Attribution;
    readonly counts: Counts;
}
export interface AssessmentInput {
    readonly baseline: Readonly<BaselineRecord> | null;
    /** Checks discovered now. */
    readonly checks: readonly CheckSpec[];
    /** Results of the checks run in this verification. */
    readonly runs: ReadonlyMap<string, CurrentRun>;
    readonly selection: Readonly<Selection>;
    readonly changeSet: Readonly<ChangeSet>;
    /** The import graph the selection used: ranks suspects (null: impact analysis off). */
    readonly graph?: ImportGraph | null | undefined;
    /** Why the baseline cannot make a claim proven (not recorded by this host), or null. */
    readonly baselineDistrust?: string | null | undefined;
}
/** Verdicts, grade, blockers and attribution of a verification. */
export declare function assess(input: Readonly<AssessmentInput>): Assessment;
/** One-line summary, e.g. `PROVEN — 3 check(s) passing, 0 regression(s), 1 pre-existing failure(s) left untouched.` */
export declare function summaryLine(grade: Grade, counts: Readonly<Counts>): string;
