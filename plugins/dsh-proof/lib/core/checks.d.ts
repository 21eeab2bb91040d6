import type { CheckSpec } from './check-spec.js';
export type { CheckKind, CheckSpec } from './check-spec.js';
/**
 * Whether `check` is defined differently from `before`: its command, its
 * directory, its declared definition or the runner it resolves to (an
 * unknown definition or runner never differs).
 */
export declare function isRedefined(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): boolean;
/** What changed in a check's definition since `before`, one phrase each (empty: nothing). */
export declare function redefinitionReasons(before: Readonly<CheckSpec>, check: Readonly<CheckSpec>): string[];
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
