/**
 * Pure projections of the tools' canonical values into prose (`render`, what
 * the model reads) and UI cards (`presentCall` / `presentResult`, replayed
 * from the session log). Same value, same text: nothing here reads state.
 */
import type { IntegrityView as IntegrityReport } from './views.js';
import type { BaselineView, ClaimView, Grade, StatusView, Tally, VerifyView } from './views.js';
/** `PROVEN`, `NO BASELINE`, … */
export declare function gradeLabel(grade: Grade): string;
/** The first 12 hex digits of an evidence root (`none` when there is none). */
export declare function shortRoot(root: string | null): string;
export declare function tallySentence(grade: Grade, tally: Tally): string;
export declare function claimTitle(value: Pick<ClaimView, 'grade' | 'claim'>): string;
export declare function renderClaim(value: ClaimView): string;
export declare function verifyTitle(value: Pick<VerifyView, 'grade' | 'ran' | 'impactPrecision'>): string;
export declare function renderVerify(value: VerifyView): string;
export declare function baselineTitle(value: Pick<BaselineView, 'status' | 'checks'>): string;
export declare function renderBaseline(value: BaselineView): string;
export declare function statusTitle(value: StatusView): string;
export declare function renderStatus(value: StatusView): string;
/** The full integrity section of `proof_status`. */
export declare function integrityLines(report: IntegrityReport): string[];
/** A short warning for verify/claim results; `null` when the log is intact. */
export declare function integrityWarning(report: IntegrityReport): string | null;
