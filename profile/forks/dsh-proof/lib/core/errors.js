/**
 * Errors raised by the pure core. Each carries a stable `code` (snake_case)
 * so hosts can map it to their own error reporting without parsing prose.
 */
export class ProofError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'ProofError';
        this.code = code;
    }
}
