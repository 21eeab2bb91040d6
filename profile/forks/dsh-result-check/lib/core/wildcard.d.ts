/**
 * Whether `name` matches `pattern`, where `*` stands for any run of
 * characters (also none) and every other character matches itself.
 * Matching is case-sensitive: tool names are identifiers.
 */
export declare function matchesWildcard(pattern: string, name: string): boolean;
/** Whether `name` matches any of `patterns` (see {@link matchesWildcard}). */
export declare function matchesAnyWildcard(patterns: readonly string[], name: string): boolean;
