import { type AddressRoots } from './address.js';
import type { CheckSpec } from './checks.js';
import { type ExcerptOptions } from './excerpt.js';
import { type Hasher } from './hash.js';
import type { Grade, OutcomeStatus, Verdict } from './verdict.js';
import type { ChangeSet } from './provenance.js';
/**
 * Content-addressed evidence. A record holds only what identifies a result
 * (no clock, no duration, no machine path): `evidenceId = sha256(canonical
 * JSON of the record)`, so the same failure has the same id on every machine.
 * Timing lives beside the record, in `meta`, outside the hash.
 */
/** What the shell port reports for one check run. */
export interface RawRun {
    /** Exit status, or null when the process did not exit normally. */
    readonly exitCode: number | null;
    /** Terminating signal name, or null. */
    readonly signal: string | null;
    readonly timedOut: boolean;
    readonly aborted: boolean;
    /** The command could not be started at all (message), or null. */
    readonly spawnError: string | null;
    /** Combined stdout and stderr, decoded. */
    readonly output: string;
    readonly durationMs: number;
}
export interface CheckRunRecord {
    readonly schema: 'dsh-proof.check-run/1';
    readonly check: {
        readonly id: string;
        readonly name: string;
        readonly kind: string;
        readonly command: string;
        readonly cwd: string;
    };
    readonly status: OutcomeStatus;
    readonly exitCode: number | null;
    readonly signal: string | null;
    readonly excerpt: string;
    readonly salientLine: string | null;
    readonly outputChars: number;
    readonly omittedChars: number;
}
export interface BaselineCheckResult {
    readonly id: string;
    readonly status: OutcomeStatus;
    readonly evidenceId: string;
}
export interface BaselineRecord {
    readonly schema: 'dsh-proof.baseline/1';
    readonly head: string | null;
    readonly git: boolean;
    /** Files dirty at baseline → sha256 of their bytes (null: deleted). */
    readonly dirty: Readonly<Record<string, string | null>>;
    readonly checks: readonly CheckSpec[];
    readonly results: readonly BaselineCheckResult[];
}
export interface CheckVerdict {
    readonly checkId: string;
    readonly name: string;
    readonly verdict: Verdict;
    readonly baseline: {
        readonly status: OutcomeStatus;
        readonly evidenceId: string;
    } | null;
    /** `carried`: not re-run, the baseline result stands (impact analysis). */
    readonly current: {
        readonly status: OutcomeStatus;
        readonly evidenceId: string;
        readonly carried: boolean;
    } | null;
    /** Session files (agent, explicit, unknown origin) that reach this check, most likely first. */
    readonly suspects: readonly string[];
    /** External files that reach this check: listed, not charged. */
    readonly externalSuspects: readonly string[];
    /**
     * Who a failure is charged to (null when the check did not fail):
     * `external` when its only plausible cause changed outside the session.
     */
    readonly cause: 'session' | 'external' | null;
    readonly salientLine: string | null;
}
export interface VerificationRecord {
    readonly schema: 'dsh-proof.verification/1';
    readonly baselineId: string | null;
    readonly changeSet: ChangeSet;
    readonly selection: {
        readonly full: boolean;
        readonly reason: string;
        readonly selected: readonly string[];
        readonly invalidators: readonly string[];
        /** `resolved`, `approximate` or `forced` (see the engine's ImpactPrecision). */
        readonly precision?: string;
        readonly uncovered: readonly string[];
    };
    readonly verdicts: readonly CheckVerdict[];
    readonly grade: Grade;
}
export interface ClaimRecord {
    readonly schema: 'dsh-proof.claim/1';
    readonly claim: string;
    readonly verificationId: string;
    readonly grade: Grade;
}
export type EvidenceKind = 'check-run' | 'baseline' | 'verification' | 'claim';
interface EvidenceRecords {
    readonly 'check-run': CheckRunRecord;
    readonly baseline: BaselineRecord;
    readonly verification: VerificationRecord;
    readonly claim: ClaimRecord;
}
/** A record with its content address and its unhashed metadata. */
export interface EvidenceEntry<K extends EvidenceKind = EvidenceKind> {
    readonly evidenceId: string;
    readonly kind: K;
    readonly record: EvidenceRecords[K];
    readonly meta: {
        readonly at: string | null;
        readonly durationMs: number | null;
    };
}
export declare function evidenceEntry<K extends EvidenceKind>(kind: K, record: EvidenceRecords[K], hasher: Hasher, meta?: Partial<EvidenceEntry['meta']>): EvidenceEntry<K>;
/** Map a raw run to an outcome status. */
export declare function statusOfRun(run: Readonly<RawRun>, check: Readonly<CheckSpec>): OutcomeStatus;
export interface RecordOptions extends ExcerptOptions {
    readonly roots: AddressRoots;
}
/** Build the canonical record of one run: addresses canonicalised, output excerpted. */
export declare function checkRunRecord(check: Readonly<CheckSpec>, run: Readonly<RawRun>, options: Readonly<RecordOptions>): CheckRunRecord;
export {};
