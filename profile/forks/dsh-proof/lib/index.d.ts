/**
 * @deepseek-ai/dsh-proof: the dsh plugin (`name`, `inject`, `Config`,
 * `apply`), the evidence engine facade, and the tamper-evident evidence log.
 */
export { name, inject, Config, apply, applyWith, hostEnvironment, ProofAdapter, type AdapterEnvironment } from './dsh/plugin.js';
export type { ProofConfig, CheckConfig, RequireBaseline, ExcerptStrategy } from './dsh/config.js';
export { TOOL_NAMES } from './dsh/tools.js';
export { POLICY_SECTION, POLICY_ORDER, POLICY_TEXT } from './dsh/prompt.js';
export type { BaselineView, VerifyView, ClaimView, StatusView, IntegrityView } from './dsh/views.js';
export { createProofEngine, memoryBaselineStore, DEFAULT_TIMEOUT_MS, nodeShell, nodeGit, nodeFs, nodeHasher } from './engine/index.js';
export type * from './engine/index.js';
export { EvidenceStore, DEFAULT_CHECKPOINT_EVERY, locateStore, workspaceKeyOf, WORKSPACE_STORE_DIR, loadSigner, logPorts } from './store/index.js';
export type { EvidenceStoreOptions, Appended, StoreLocation, Signer } from './store/index.js';
export { verifyLog, parseAnchor, checkpointMessage, GENESIS_HASH } from './core/log/index.js';
export type { IntegrityReport, Anchor, LogRecord, LogPorts, SignatureCheck } from './core/log/index.js';
export { canonicalJson } from './core/canonical.js';
export { contentId, type Hasher } from './core/hash.js';
export { ProofError } from './core/errors.js';
