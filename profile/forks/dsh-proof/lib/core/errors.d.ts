/**
 * Errors raised by the pure core. Each carries a stable `code` (snake_case)
 * so hosts can map it to their own error reporting without parsing prose.
 */
export declare class ProofError extends Error {
    readonly code: string;
    constructor(code: string, message: string);
}
