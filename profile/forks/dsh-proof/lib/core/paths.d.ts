/**
 * Workspace-relative path handling. Every path the core stores is relative
 * to the workspace root, uses forward slashes and has no `.`/`..` segments,
 * whatever the host OS or the tool that reported it.
 */
/** Backslashes to forward slashes. */
export declare function toSlash(path: string): string;
/** True for `/x`, `C:/x`, `C:\x` and UNC `//server/x`. */
export declare function isAbsolutePath(path: string): boolean;
/**
 * Normalise a relative path: slashes, `.` and `..` resolved, no leading or
 * trailing slash. Returns null when the path climbs above its root.
 */
export declare function normaliseRelative(path: string): string | null;
/** A root in slash form without a trailing slash (`/` stays `/`, `C:\` → `C:`). */
export declare function normaliseRoot(root: string): string;
/**
 * The workspace-relative form of `path` (absolute in either slash style, or
 * already relative), or null when it lies outside the workspace. Drive-letter
 * roots compare case-insensitively, as Windows does.
 */
export declare function toWorkspacePath(path: string, workspaceRoot: string): string | null;
/** Parent directory of a relative path ('' for top-level entries). */
export declare function parentDir(path: string): string;
/** Join relative segments and normalise; null when the result escapes. */
export declare function joinRelative(dir: string, relative: string): string | null;
/** True when `path` is `dir` itself or lies below it ('' contains everything). */
export declare function isWithin(path: string, dir: string): boolean;
/** Final path segment. */
export declare function baseName(path: string): string;
/**
 * A path pattern: without `*`/`?` it names a file or a directory prefix;
 * with them, `*` and `?` stay inside one segment and `**` spans segments.
 */
export declare function compilePattern(pattern: string): (path: string) => boolean;
