import type { RawRun } from '../core/evidence.js';
import type { Hasher } from '../core/hash.js';
import type { DiffEntry, StatusEntry } from '../core/provenance.js';
/** Runs one check command. */
export interface ShellPort {
    run(request: Readonly<ShellRequest>): Promise<RawRun>;
}
export interface ShellRequest {
    readonly command: string;
    /** Absolute working directory. */
    readonly cwd: string;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal | undefined;
}
/** What git reports about the workspace at one moment. */
export interface GitSnapshot {
    /** HEAD commit, or null before the first commit. */
    readonly head: string | null;
    /** `git status --porcelain=v1 -z`, paths relative to the workspace. */
    readonly status: readonly StatusEntry[];
    /** Tracked and untracked-not-ignored files, relative to the workspace, sorted. */
    readonly files: readonly string[];
}
export interface GitPort {
    /** null when git is missing or the workspace is not inside a repository. */
    snapshot(): Promise<GitSnapshot | null>;
    /** Working tree against `base`, or null when `base` is not a reachable commit. */
    diff(base: string): Promise<DiffEntry[] | null>;
}
export interface FsPort {
    /** Every file under the workspace (no git): sorted, vendored trees skipped. */
    listFiles(): Promise<string[]>;
    /** UTF-8 text of a workspace file, or null when missing or too large. */
    readText(path: string): Promise<string | null>;
    /** sha256 (hex) of a workspace file's bytes, or null when it does not exist. */
    digest(path: string): Promise<string | null>;
    /**
     * sha256 (hex) of what a tool path runs: symlinks followed to the file,
     * a shim script together with the files it names; null when absent.
     * Optional: without it, checks carry no runner fingerprint.
     */
    runnerDigest?(path: string): Promise<string | null>;
}
/** Import edges found by a real module resolver, or why there are none. */
export interface ResolvedImports {
    /** `[importer, imported]` pairs, workspace-relative; null when resolution was unavailable or over its bounds. */
    readonly edges: ReadonlyArray<readonly [string, string]> | null;
    /** Why `edges` is null, or null. */
    readonly reason: string | null;
}
/** A module resolver that knows the workspace's compiler configuration (TypeScript's). */
export interface ModuleResolverPort {
    resolve(input: {
        readonly files: readonly string[];
        readonly sources: ReadonlyMap<string, string>;
    }): Promise<ResolvedImports>;
}
export interface EnginePorts {
    readonly shell: ShellPort;
    readonly git: GitPort;
    readonly fs: FsPort;
    readonly hasher: Hasher;
    /** Resolved import edges, unioned with the pattern graph's; null: the pattern graph alone. */
    readonly modules: ModuleResolverPort | null;
    /** ISO-8601 time for `meta.at`. */
    readonly now: () => string;
}
