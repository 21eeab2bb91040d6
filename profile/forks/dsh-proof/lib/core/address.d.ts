/**
 * Canonical addressing: the same failure gets the same evidence id on any
 * machine. Before output is hashed, the workspace root becomes `$WORKSPACE`
 * and then the home directory `$HOME` (workspace first, because it usually
 * lies inside home), each in forward-slash, backslash and JSON-escaped
 * backslash spelling, so neither a checkout location nor a username enters
 * a record.
 */
export interface AddressRoots {
    /** Absolute workspace root. */
    readonly workspace: string;
    /** Other spellings of the same root (e.g. its real path behind a symlink). */
    readonly workspaceAliases?: readonly string[] | undefined;
    /** Absolute home directory, or null to leave home paths alone. */
    readonly home: string | null;
}
/** Replace workspace and home roots in `text` by `$WORKSPACE` / `$HOME`. */
export declare function canonicaliseText(text: string, roots: Readonly<AddressRoots>): string;
export declare function canonicaliseTimings(text: string): string;
