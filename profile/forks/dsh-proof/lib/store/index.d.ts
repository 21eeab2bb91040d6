/** The node side of the evidence log. */
export { EvidenceStore, DEFAULT_CHECKPOINT_EVERY, type EvidenceStoreOptions, type Appended, type StoredBaseline } from './evidence-store.js';
export { locateStore, workspaceKeyOf, WORKSPACE_STORE_DIR, type EvidenceStoreMode, type StoreLocation, type LocateOptions } from './location.js';
export { loadSigner, logPorts, PRIVATE_KEY_FILE, type Signer, type SignerLoad } from './signer.js';
