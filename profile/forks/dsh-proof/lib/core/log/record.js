/**
 * The evidence log's line format. Every line is the canonical JSON of one
 * record `{seq, prev, kind, data}`; `prev` is the sha256 (hex) of the
 * previous line's bytes (without its newline), `GENESIS_HASH` for the first
 * line. Editing or removing any line therefore breaks the link into the next.
 */
import { canonicalJson } from '../canonical.js';
/** `prev` of the first record. */
export const GENESIS_HASH = '0'.repeat(64);
/** Encode the line (without newline) for `body` at position `seq` after `prev`. */
export function encodeRecord(seq, prev, body) {
    return canonicalJson({ seq, prev, kind: body.kind, data: body.data });
}
/**
 * The exact text a checkpoint signature covers. The domain prefix keeps a
 * signature made for this purpose from being replayed as anything else.
 */
export function checkpointMessage(payload) {
    return `dsh-proof/checkpoint/1 ${canonicalJson({ count: payload.count, head: payload.head })}`;
}
/**
 * The exact text a `baseline-saved` marker's signature covers. A marker the
 * host did not sign could have been appended by anyone who can write the
 * log: only the signature ties `baseline.json`'s digest to this host.
 */
export function baselineMessage(digest) {
    return `dsh-proof/baseline/1 ${digest}`;
}
/** Decode one line; `problem` is set when it is not exactly a canonical record. */
export function decodeRecord(line) {
    let text;
    try {
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(line);
    }
    catch {
        return { problem: 'not-utf8' };
    }
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return { problem: 'not-json' };
    }
    if (!isRecordShape(value))
        return { problem: 'bad-shape' };
    // Only the canonical spelling is accepted, so no line has "free" bytes
    // (spaces, key order, escapes) that could be changed without meaning to.
    if (!isCanonicalText(value, text))
        return { problem: 'not-canonical' };
    return { record: value };
}
function isCanonicalText(record, text) {
    try {
        return encodeRecord(record.seq, record.prev, record) === text;
    }
    catch {
        return false; // e.g. a number too large to have a finite value
    }
}
const HEX64 = /^[0-9a-f]{64}$/;
function isRecordShape(value) {
    if (!isObject(value))
        return false;
    if (!hasExactKeys(value, ['data', 'kind', 'prev', 'seq']))
        return false;
    if (!Number.isSafeInteger(value.seq) || value.seq < 0)
        return false;
    if (typeof value.prev !== 'string' || !HEX64.test(value.prev))
        return false;
    switch (value.kind) {
        case 'evidence':
            return true;
        case 'marker':
            return isObject(value.data) && typeof value.data.marker === 'string';
        case 'checkpoint':
            return isCheckpointData(value.data);
        default:
            return false;
    }
}
function isCheckpointData(data) {
    return (isObject(data) &&
        hasExactKeys(data, ['count', 'head', 'keyId', 'signature']) &&
        Number.isSafeInteger(data.count) &&
        typeof data.head === 'string' &&
        HEX64.test(data.head) &&
        typeof data.keyId === 'string' &&
        typeof data.signature === 'string');
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function hasExactKeys(object, keys) {
    const own = Object.keys(object).sort();
    return own.length === keys.length && own.every((key, i) => key === keys[i]);
}
