import { canonicalJson } from './canonical.js';
/** `sha256(canonical(record))`: the content address of an evidence record. */
export function contentId(record, hasher) {
    return hasher.sha256(canonicalJson(record));
}
