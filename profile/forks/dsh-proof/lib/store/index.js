/** The node side of the evidence log. */
export { EvidenceStore, DEFAULT_CHECKPOINT_EVERY } from './evidence-store.js';
export { locateStore, workspaceKeyOf, WORKSPACE_STORE_DIR } from './location.js';
export { loadSigner, logPorts, PRIVATE_KEY_FILE } from './signer.js';
