export { canonicalJson } from './core/canonical.js';
export { contentId, type Hasher } from './core/hash.js';
export { ProofError } from './core/errors.js';
