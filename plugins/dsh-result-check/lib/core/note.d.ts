import type { Findings } from './findings.js';
import type { ResultCheckOptions } from './options.js';
/** First line of every note; lets a reader (and the e2e suite) recognise the check's steering. */
export declare const NOTE_HEADING = "Result check: before this turn ends, fix your final answer.";
/** The one-line notice shown in the conversation, e.g. `Result check: 2 unsourced numbers`. */
export declare function formatNotice(findings: Findings): string;
/** The model-facing note: what to fix, then a request for the final answer again. */
export declare function formatNote(findings: Findings, options: Pick<ResultCheckOptions, 'maxListedNumbers'>): string;
