export { canonicalJson } from './core/canonical.js';
export { contentId } from './core/hash.js';
export { ProofError } from './core/errors.js';
