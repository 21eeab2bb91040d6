/**
 * What the core may ask the host file system. The adapter implements it with
 * node:fs; tests give it a table.
 */
export interface HostView {
    /** The canonical path (symlinks resolved) of an existing path, undefined when missing. */
    realpath(path: string): string | undefined;
    /** A filesystem identity (device and inode) of an existing path, undefined when missing. */
    identity(path: string): string | undefined;
    /** Whether this user may read, write or search `path`: `ok`, `missing`, `refused` or `other`. */
    access(path: string, mode: 'r' | 'w' | 'x'): 'ok' | 'missing' | 'refused' | 'other';
}
/** The canonical form of a possibly missing path: the deepest existing ancestor resolved, the rest kept. */
export declare function canonicalTarget(host: HostView, path: string): string;
