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
}
export interface EnginePorts {
    readonly shell: ShellPort;
    readonly git: GitPort;
    readonly fs: FsPort;
    readonly hasher: Hasher;
    /** ISO-8601 time for `meta.at`. */
    readonly now: () => string;
}
