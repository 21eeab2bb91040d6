import type { Hasher } from '../core/hash.js';
/** SHA-256 from node:crypto; strings are hashed as UTF-8. */
export declare const nodeHasher: Hasher;
