import { type RunnerFingerprint } from './runner.js';
/**
 * Whether `check` is defined differently from `before`: its command, its
 * directory, its declared definition or the runner it resolves to (an
 * unknown definition or runner never differs).
 */
export declare function isRedefined(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): boolean;
/** What changed in a check's definition since `before`, one phrase each (empty: nothing). */
export declare function redefinitionReasons(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): string[];
/** Where a check came from. */
export type CheckKind = 'npm' | 'pytest' | 'mypy' | 'ruff' | 'go' | 'cargo' | 'make' | 'config';
/** An objective check: a shell command whose exit status is the verdict. */
export interface CheckSpec {
    /** Stable identity: `<kind>:<cwd or .>:<name>` (config checks: `config:<name>`). */
    readonly id: string;
    readonly name: string;
    readonly kind: CheckKind;
    /** Shell command line, run in `cwd`. */
    readonly command: string;
    /** Workspace-relative directory ('' = workspace root). */
    readonly cwd: string;
    /** Scope patterns; null means "everything under cwd". */
    readonly paths: readonly string[] | null;
    /** Per-check timeout, or null for the engine default. */
    readonly timeoutMs: number | null;
    /** The file (or `config`) that declared the check. */
    readonly source: string;
    /**
     * What the command runs, as declared in the workspace where the command
     * does not say it: every npm script (`npm test` may call the others), the
     * whole Makefile. `null` when the command is the whole definition. A check
     * whose definition changed since the baseline proves nothing against it
     * (`"test": "true"` passes whatever the code does).
     */
    readonly definition?: string | null;
    /**
     * What the command resolves to outside its definition: each tool binary
     * (`node_modules/.bin/<tool>`, symlink or shim followed to the file it
     * runs) and the lock file, by digest (`null`: absent). Filled by the IO
     * layer; absent when it was not looked at.
     */
    readonly runner?: RunnerFingerprint;
}
/** A check declared in configuration (`checks` option). */
export interface ExplicitCheckConfig {
    readonly name: string;
    readonly command: string;
    /** Workspace-relative working directory; default the root. */
    readonly cwd?: string | undefined;
    /** Scope: workspace-relative prefixes or globs; default everything under cwd. */
    readonly paths?: readonly string[] | undefined;
    readonly timeoutMs?: number | undefined;
}
/** Workspace facts discovery needs: every file, and the text of manifests. */
export interface DiscoveryInput {
    /** Every workspace file, relative, slash-separated. */
    readonly files: readonly string[];
    /** Text of a manifest file (see `isManifestPath`), or null when unreadable. */
    readonly read: (path: string) => string | null;
    readonly explicit?: readonly ExplicitCheckConfig[] | undefined;
    /** Heuristic discovery; default true. Explicit checks are always included. */
    readonly discover?: boolean | undefined;
}
/** Files whose text discovery (and the impact graph) reads. */
export declare function isManifestPath(path: string): boolean;
/** Discover the workspace's checks; sorted by id, ids unique. */
export declare function discoverChecks(input: Readonly<DiscoveryInput>): CheckSpec[];
