/** Node-side engine: the facade hosts call and the default ports. */
export { createProofEngine, memoryBaselineStore, DEFAULT_TIMEOUT_MS } from './engine.js';
export { nodeShell } from './node-shell.js';
export { nodeGit } from './node-git.js';
export { nodeFs } from './node-fs.js';
export { nodeHasher } from './node-hasher.js';
