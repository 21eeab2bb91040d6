/**
 * POSIX path helpers for the pure core (it imports nothing but itself). The
 * route is proven on Linux; the adapter refuses other platforms.
 */
/** Normalize an absolute path: collapse `.`, `..` and repeated separators. */
export declare function normalize(path: string): string;
/** Resolve `path` against the absolute directory `base`. */
export declare function resolvePath(base: string, path: string): string;
/** The parent of a normalized absolute path (`/` is its own parent). */
export declare function parentOf(path: string): string;
/** Whether the normalized `path` is `root` or lies beneath it. */
export declare function isUnder(path: string, root: string): boolean;
