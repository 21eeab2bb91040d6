import { mentionsFailure } from './failure-wording.js';
import { matchesAnyWildcard } from './wildcard.js';
export { mentionsFailure };
const REASON_MAX_CHARS = 80;
/** `status` values compare in one spelling: lower case, `_` for spaces and dashes. */
function normalizeStatus(status) {
    return status.trim().toLowerCase().replace(/[\s-]+/g, '_');
}
/**
 * Results larger than this are not parsed as JSON: a status report is small,
 * and parsing megabytes of output at every turn end would cost more than the
 * rest of the check.
 */
const MAX_JSON_STATUS_CHARS = 256 * 1024;
/** The top-level `status` string of a JSON object result, if the output is one. */
function jsonStatus(output) {
    if (output.length > MAX_JSON_STATUS_CHARS || !output.includes('"status"'))
        return undefined;
    const text = output.trim();
    if (!text.startsWith('{') || !text.endsWith('}'))
        return undefined;
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return undefined;
    const status = parsed['status'];
    return typeof status === 'string' ? status : undefined;
}
function firstLine(text) {
    const line = text.trim().split('\n', 1)[0]?.trim() ?? '';
    return line.length > REASON_MAX_CHARS ? `${line.slice(0, REASON_MAX_CHARS - 1)}…` : line;
}
/**
 * Why a call counts as failed, or `undefined` when it did not fail. A call
 * fails when dsh marks its result as an error or when the result is a JSON
 * object whose `status` matches one of `failureStatuses`. A shell command
 * that exits non-zero is a normal result and does not count.
 */
export function failureReason(call, failureStatuses) {
    if (call.isError)
        return firstLine(call.output) || 'error';
    const status = jsonStatus(call.output);
    if (status === undefined)
        return undefined;
    const normalized = normalizeStatus(status);
    const failed = failureStatuses.some((pattern) => matchesAnyWildcard([normalizeStatus(pattern)], normalized));
    return failed ? `status ${JSON.stringify(status)}` : undefined;
}
/**
 * Tools that failed in this turn with no later successful call to the same
 * tool, when the answer never mentions a failure. Tools matching
 * `ignoreTools` are left out. One entry per tool, in order of first failure.
 */
export function findUnreportedFailures(calls, answer, options) {
    const open = new Map();
    for (const call of calls) {
        if (matchesAnyWildcard(options.ignoreTools, call.tool))
            continue;
        const reason = failureReason(call, options.failureStatuses);
        if (reason === undefined)
            open.delete(call.tool);
        else if (!open.has(call.tool))
            open.set(call.tool, reason);
    }
    if (open.size === 0 || mentionsFailure(answer))
        return [];
    return [...open].map(([tool, reason]) => ({ tool, reason }));
}
