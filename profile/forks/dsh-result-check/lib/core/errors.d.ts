/** Stable machine-readable codes of the errors this package throws. */
export type ResultCheckErrorCode = 'invalid_config';
/**
 * An error of the result check. `code` is stable; `message` says what is wrong
 * and what to do, so the host can show it as is.
 */
export declare class ResultCheckError extends Error {
    readonly code: ResultCheckErrorCode;
    constructor(code: ResultCheckErrorCode, message: string);
}
