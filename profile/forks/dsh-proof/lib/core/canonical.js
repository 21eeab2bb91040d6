import { ProofError } from './errors.js';
/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no insignificant
 * whitespace, `undefined` members omitted, strings and numbers in the
 * ECMAScript `JSON.stringify` form (which is fully specified, so equal values
 * give equal bytes on every engine). Non-finite numbers, `undefined` array
 * items and non-plain values are rejected instead of being silently coerced:
 * a record that cannot be hashed faithfully must not get an evidence id.
 */
export function canonicalJson(value) {
    return serialise(value, '$');
}
function serialise(value, at) {
    if (value === null)
        return 'null';
    switch (typeof value) {
        case 'boolean':
            return value ? 'true' : 'false';
        case 'string':
            return JSON.stringify(value);
        case 'number':
            if (!Number.isFinite(value)) {
                throw new ProofError('non_canonical_value', `cannot serialise ${String(value)} at ${at}: only finite numbers have a canonical form`);
            }
            return JSON.stringify(value);
        case 'object':
            return Array.isArray(value) ? serialiseArray(value, at) : serialiseObject(value, at);
        default:
            throw new ProofError('non_canonical_value', `cannot serialise a ${typeof value} at ${at}`);
    }
}
function serialiseArray(items, at) {
    const parts = items.map((item, index) => {
        if (item === undefined) {
            throw new ProofError('non_canonical_value', `cannot serialise undefined at ${at}[${index}]`);
        }
        return serialise(item, `${at}[${index}]`);
    });
    return `[${parts.join(',')}]`;
}
function serialiseObject(value, at) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
        throw new ProofError('non_canonical_value', `cannot serialise a non-plain object at ${at}`);
    }
    const record = value;
    const parts = [];
    for (const key of Object.keys(record).sort(compareCodeUnits)) {
        const member = record[key];
        if (member === undefined)
            continue;
        parts.push(`${JSON.stringify(key)}:${serialise(member, `${at}.${key}`)}`);
    }
    return `{${parts.join(',')}}`;
}
/** Plain code-unit order, independent of locale. */
export function compareCodeUnits(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
