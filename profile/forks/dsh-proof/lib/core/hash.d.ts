/**
 * The hashing port. The core never computes digests itself; the node side
 * supplies SHA-256 (node:crypto). Input strings are hashed as their UTF-8
 * bytes. Output: 64 lowercase hex digits.
 */
export interface Hasher {
    sha256(data: string | Uint8Array): string;
}
/** `sha256(canonical(record))`: the content address of an evidence record. */
export declare function contentId(record: unknown, hasher: Hasher): string;
