/** Settings of the result check; every key has a default (see {@link DEFAULT_OPTIONS}). */
export interface ResultCheckOptions {
    /** Flag tool failures the answer does not mention. Default `true`. */
    readonly checkFailures: boolean;
    /** Flag numbers no tool output, tool argument or user message contains. Default `true`. */
    readonly checkNumbers: boolean;
    /** Check numbers only when the turn called a tool (plain chat answers are left alone). Default `true`. */
    readonly numbersNeedToolCall: boolean;
    /** Integers with fewer digits than this are not checked. Default `3`. */
    readonly minIntegerDigits: number;
    /** JSON `status` values that mark a tool result as failed; `*` is a wildcard. Default: {@link DEFAULT_FAILURE_STATUSES}. */
    readonly failureStatuses: readonly string[];
    /** Tool names (with `*` wildcards) whose failures are ignored. Default `[]`. */
    readonly ignoreTools: readonly string[];
    /** Leave subagent sessions alone. Default `false`. */
    readonly skipSubagents: boolean;
    /** How many extra steps the check may ask for in one turn. Default `1`. */
    readonly maxNudgesPerTurn: number;
    /** How many numbers one note lists at most. Default `8`. */
    readonly maxListedNumbers: number;
}
/**
 * Failure values of a JSON result's `status`. Compared after lower-casing and
 * turning spaces and dashes into `_`, so `Timed-Out` matches `timed_out`.
 */
export declare const DEFAULT_FAILURE_STATUSES: readonly string[];
export declare const DEFAULT_OPTIONS: ResultCheckOptions;
/**
 * Validate a raw config object and fill in defaults.
 * @param raw - the plugin config; `null` or `undefined` means all defaults.
 *   Keys set to `null` or `undefined` take their default too.
 * @throws {ResultCheckError} `invalid_config` naming the key and the problem.
 */
export declare function resolveOptions(raw: unknown): ResultCheckOptions;
