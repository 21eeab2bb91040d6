/**
 * @deepseek-ai/dsh-proof: the dsh plugin (`name`, `inject`, `Config`,
 * `apply`), the evidence engine facade, and the tamper-evident evidence log.
 */
// The Cordis plugin.
export { name, inject, Config, apply, applyWith, hostEnvironment, ProofAdapter } from './dsh/plugin.js';
export { TOOL_NAMES } from './dsh/tools.js';
export { POLICY_SECTION, POLICY_ORDER, POLICY_TEXT } from './dsh/prompt.js';
// The engine.
export { createProofEngine, memoryBaselineStore, DEFAULT_TIMEOUT_MS, nodeShell, nodeGit, nodeFs, nodeHasher } from './engine/index.js';
// The evidence log.
export { EvidenceStore, DEFAULT_CHECKPOINT_EVERY, locateStore, workspaceKeyOf, WORKSPACE_STORE_DIR, loadSigner, logPorts } from './store/index.js';
export { verifyLog, parseAnchor, checkpointMessage, GENESIS_HASH } from './core/log/index.js';
// Shared building blocks.
export { canonicalJson } from './core/canonical.js';
export { contentId } from './core/hash.js';
export { ProofError } from './core/errors.js';
