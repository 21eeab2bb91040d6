/**
 * What the pure log verifier needs from the host. Hashing and signature
 * checks are ports so the core stays free of `node:crypto`; the store
 * supplies the real implementations.
 */
/** Outcome of checking one signature. */
export type SignatureCheck = 
/** Signed by the key `keyId`, and this host holds that key's public half. */
'valid'
/** This host holds the key `keyId`, and the signature does not verify: a forgery. */
 | 'invalid'
/** This host has no key `keyId` (no key at all, or a foreign one): cannot tell. */
 | 'unverifiable';
export interface LogPorts {
    /** sha256 of `bytes` as 64 lowercase hex digits. */
    sha256(bytes: Uint8Array): string;
    /** Check `signature` (base64) over the UTF-8 bytes of `message` for key `keyId`. */
    verifySignature(message: string, signature: string, keyId: string): SignatureCheck;
}
