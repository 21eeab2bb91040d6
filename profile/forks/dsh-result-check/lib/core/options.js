import { ResultCheckError } from './errors.js';
/**
 * Failure values of a JSON result's `status`. Compared after lower-casing and
 * turning spaces and dashes into `_`, so `Timed-Out` matches `timed_out`.
 */
export const DEFAULT_FAILURE_STATUSES = Object.freeze([
    'error*',
    'fail*',
    'blocked*',
    'timeout',
    'timed_out',
    'unavailable',
    'dependency_missing',
    'missing_dependency',
    'cancelled',
    'canceled',
    'aborted',
    'denied',
    'permission_denied',
    'crashed',
    'killed',
]);
export const DEFAULT_OPTIONS = Object.freeze({
    checkFailures: true,
    checkNumbers: true,
    numbersNeedToolCall: true,
    minIntegerDigits: 3,
    failureStatuses: DEFAULT_FAILURE_STATUSES,
    ignoreTools: Object.freeze([]),
    skipSubagents: false,
    maxNudgesPerTurn: 1,
    maxListedNumbers: 8,
});
const BOOLEAN_KEYS = ['checkFailures', 'checkNumbers', 'numbersNeedToolCall', 'skipSubagents'];
/** Integer settings with their allowed range; the bounds keep a typo from disabling or flooding the check. */
const INTEGER_RANGES = new Map([
    ['minIntegerDigits', [1, 15]],
    ['maxNudgesPerTurn', [0, 10]],
    ['maxListedNumbers', [1, 100]],
]);
const LIST_KEYS = ['failureStatuses', 'ignoreTools'];
const KNOWN_KEYS = new Set(Object.keys(DEFAULT_OPTIONS));
function invalid(key, problem) {
    return new ResultCheckError('invalid_config', `dsh-result-check: invalid config \`${key}\`: ${problem}; fix or remove it in the plugin's row of cordis.patch.yml`);
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'string')
        return JSON.stringify(value);
    return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
function readBoolean(key, value) {
    if (typeof value !== 'boolean')
        throw invalid(key, `expected true or false, got ${describe(value)}`);
    return value;
}
function readInteger(key, value, [min, max]) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw invalid(key, `expected a whole number from ${min} to ${max}, got ${describe(value)}`);
    }
    return value;
}
function readList(key, value) {
    if (!Array.isArray(value))
        throw invalid(key, `expected a list of strings, got ${describe(value)}`);
    const list = value.map((item, index) => {
        if (typeof item !== 'string' || item.trim() === '') {
            throw invalid(`${key}[${index}]`, `expected a non-empty string, got ${describe(item)}`);
        }
        return item.trim();
    });
    return Object.freeze(list);
}
/**
 * Validate a raw config object and fill in defaults.
 * @param raw - the plugin config; `null` or `undefined` means all defaults.
 *   Keys set to `null` or `undefined` take their default too.
 * @throws {ResultCheckError} `invalid_config` naming the key and the problem.
 */
export function resolveOptions(raw) {
    if (raw === null || raw === undefined)
        return DEFAULT_OPTIONS;
    if (typeof raw !== 'object' || Array.isArray(raw))
        throw invalid('(root)', `expected an object, got ${describe(raw)}`);
    const input = raw;
    for (const key of Object.keys(input)) {
        if (!KNOWN_KEYS.has(key))
            throw invalid(key, `unknown key (known keys: ${[...KNOWN_KEYS].sort().join(', ')})`);
    }
    const resolved = { ...DEFAULT_OPTIONS };
    for (const [key, value] of Object.entries(input)) {
        if (value === null || value === undefined)
            continue;
        const typedKey = key;
        const range = INTEGER_RANGES.get(typedKey);
        if (BOOLEAN_KEYS.includes(typedKey))
            resolved[key] = readBoolean(typedKey, value);
        else if (range !== undefined)
            resolved[key] = readInteger(typedKey, value, range);
        else if (LIST_KEYS.includes(typedKey))
            resolved[key] = readList(typedKey, value);
    }
    return Object.freeze(resolved);
}
