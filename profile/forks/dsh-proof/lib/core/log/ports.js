/**
 * What the pure log verifier needs from the host. Hashing and signature
 * checks are ports so the core stays free of `node:crypto`; the store
 * supplies the real implementations.
 */
export {};
