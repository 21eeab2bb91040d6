import type { Assessment, Blocker, Counts } from '../core/assess.js';
import type { CheckSpec, ExplicitCheckConfig } from '../core/checks.js';
import type { BaselineRecord, CheckVerdict, EvidenceEntry } from '../core/evidence.js';
import type { ExcerptStrategy } from '../core/excerpt.js';
import type { Attribution, ChangeSet, TouchSet } from '../core/provenance.js';
import type { Selection } from '../core/selection.js';
import type { Grade, OutcomeStatus } from '../core/verdict.js';
import type { EnginePorts } from './ports.js';
/** A saved baseline: the record and its content address. */
export interface Baseline {
    /** `sha256(canonical(record))`; checked on every load. */
    readonly baselineId: string;
    /** When it was taken (not part of the hash). */
    readonly createdAt: string | null;
    readonly record: BaselineRecord;
    /**
     * Why this baseline cannot make a claim proven (its store says this host
     * did not record it), or null/absent. Not part of the record: it is a
     * judgement of where the baseline came from, made by the store on load.
     */
    readonly distrust?: string | null | undefined;
}
/** Where the baseline lives between calls (the adapter supplies a durable one). */
export interface BaselineStore {
    load(): Promise<Baseline | null>;
    save(baseline: Baseline): Promise<void>;
}
export interface EngineOptions {
    /** Absolute workspace root (either slash style). */
    readonly workspace: string;
    /** Home directory canonicalised to `$HOME`; default `os.homedir()`. */
    readonly home?: string | undefined;
    /** Replace the home directory by `$HOME` in evidence; default true. */
    readonly normalizeHome?: boolean | undefined;
    /** Explicit checks (`paths`/`cwd` for monorepos and custom builds). */
    readonly checks?: readonly ExplicitCheckConfig[] | undefined;
    /** Heuristic discovery; default true. */
    readonly discover?: boolean | undefined;
    /** Import-graph impact selection; default true (false: every check, every time). */
    readonly impactGraph?: boolean | undefined;
    /** Excerpt budget per check output, in characters; default 4000. */
    readonly headChars?: number | undefined;
    /** Default `salient`. */
    readonly excerptStrategy?: ExcerptStrategy | undefined;
    /** Per-check timeout unless the check sets one; default 600000 (10 min). */
    readonly timeoutMs?: number | undefined;
    /** Extra path patterns that force a full run. */
    readonly globalInvalidators?: readonly string[] | undefined;
    /** Default: in memory (lost with the process). */
    readonly baselineStore?: BaselineStore | undefined;
    /** Receives every evidence entry, in order, before the call returns. */
    readonly onEvidence?: ((entry: EvidenceEntry) => void | Promise<void>) | undefined;
    /** Replacements for the node ports. */
    readonly ports?: Partial<EnginePorts> | undefined;
}
export interface RunInput {
    readonly signal?: AbortSignal | undefined;
}
export interface VerifyInput extends RunInput {
    /** The tool-touch set; omit when no tool stream was observed (origins become `unknown`). */
    readonly touches?: TouchSet | undefined;
    /** Files the caller declares part of the change (`explicit`, charged). */
    readonly explicitFiles?: readonly string[] | undefined;
}
/** One check executed in this call. */
export interface RunSummary {
    readonly checkId: string;
    readonly status: OutcomeStatus;
    readonly evidenceId: string;
    readonly durationMs: number;
}
export interface BaselineResult {
    /** `aborted`: nothing was saved; the evidence still went to `onEvidence`. */
    readonly status: 'established' | 'aborted';
    readonly baselineId: string | null;
    readonly head: string | null;
    readonly git: boolean;
    readonly dirtyFiles: readonly string[];
    readonly checks: readonly CheckSpec[];
    readonly runs: readonly RunSummary[];
    /** Checks red at baseline: pre-existing, never charged later. */
    readonly preExisting: readonly string[];
}
/**
 * How the checks were selected: `resolved` (the import graph includes the
 * workspace's own TypeScript module resolution), `approximate` (the pattern
 * graph alone), `forced` (every check ran: a global invalidator, a degraded
 * change set, or impact analysis off).
 */
export type ImpactPrecision = 'resolved' | 'approximate' | 'forced';
export interface VerifyResult {
    readonly grade: Grade;
    readonly impactPrecision: ImpactPrecision;
    readonly summary: string;
    readonly blockers: readonly Blocker[];
    readonly verdicts: readonly CheckVerdict[];
    readonly preExisting: readonly string[];
    readonly attribution: Attribution;
    readonly counts: Counts;
    readonly changeSet: ChangeSet;
    readonly selection: Selection;
    readonly runs: readonly RunSummary[];
    readonly baselineId: string | null;
    /** Evidence id of the verification record: commits to every result above. */
    readonly evidenceRoot: string;
    /** Calls aborted through `signal` are graded on what finished. */
    readonly aborted: boolean;
}
export interface ClaimResult extends VerifyResult {
    readonly claim: string;
    /** Evidence id of the claim record (claim text + verification root). */
    readonly evidenceRoot: string;
    readonly verificationId: string;
}
export interface LatestResult {
    readonly kind: 'verification' | 'claim';
    readonly grade: Grade;
    readonly evidenceRoot: string;
    readonly at: string;
    readonly summary: string;
}
export interface StatusResult {
    readonly workspace: string;
    readonly git: boolean;
    readonly baseline: {
        readonly baselineId: string;
        readonly createdAt: string | null;
        readonly head: string | null;
        readonly dirtyFiles: number;
        readonly results: BaselineRecord['results'];
    } | null;
    /** Checks discovered now. */
    readonly checks: readonly CheckSpec[];
    /** Latest verification or claim of this engine instance. */
    readonly latest: LatestResult | null;
}
export type { Assessment };
