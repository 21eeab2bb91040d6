import { mentionsFailure } from './failure-wording.js';
import type { ResultCheckOptions } from './options.js';
export { mentionsFailure };
/** One tool call of the turn and what it returned, in call order. */
export interface ToolCallOutcome {
    /** The tool's registered name. */
    readonly tool: string;
    /** dsh marked the result as an error. */
    readonly isError: boolean;
    /** The model-facing text of the result. */
    readonly output: string;
}
/** A tool whose failure the answer does not report. */
export interface UnreportedFailure {
    readonly tool: string;
    /** Short account of the failure taken from the result, e.g. `status "timeout"`. */
    readonly reason: string;
}
/**
 * Why a call counts as failed, or `undefined` when it did not fail. A call
 * fails when dsh marks its result as an error or when the result is a JSON
 * object whose `status` matches one of `failureStatuses`. A shell command
 * that exits non-zero is a normal result and does not count.
 */
export declare function failureReason(call: Readonly<ToolCallOutcome>, failureStatuses: readonly string[]): string | undefined;
/**
 * Tools that failed in this turn with no later successful call to the same
 * tool, when the answer never mentions a failure. Tools matching
 * `ignoreTools` are left out. One entry per tool, in order of first failure.
 */
export declare function findUnreportedFailures(calls: readonly Readonly<ToolCallOutcome>[], answer: string, options: Pick<ResultCheckOptions, 'failureStatuses' | 'ignoreTools'>): UnreportedFailure[];
