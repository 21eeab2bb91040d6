/**
 * An error of the result check. `code` is stable; `message` says what is wrong
 * and what to do, so the host can show it as is.
 */
export class ResultCheckError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'ResultCheckError';
        this.code = code;
    }
}
