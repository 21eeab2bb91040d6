/** Node-side engine: the facade hosts call and the default ports. */
export { createProofEngine, memoryBaselineStore, DEFAULT_TIMEOUT_MS, type ProofEngine } from './engine.js';
export type * from './types.js';
export type { EnginePorts, ShellPort, ShellRequest, GitPort, GitSnapshot, FsPort, ModuleResolverPort, ResolvedImports } from './ports.js';
export { nodeShell } from './node-shell.js';
export { nodeGit } from './node-git.js';
export { nodeFs } from './node-fs.js';
export { nodeHasher } from './node-hasher.js';
export { nodeTsResolver, TS_RESOLVER_MAX_FILES, TS_RESOLVER_BUDGET_MS, type TsResolverOptions } from './node-ts-resolver.js';
export { nodeWorkspaceState, STATE_TIMEOUT_MS, STATE_MAX_ENTRIES, type WorkspaceStatePort, type WorkspaceStateOptions } from './node-workspace-state.js';
