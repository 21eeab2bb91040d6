/** Write `data` to `path` through a staged sibling and a rename, so a reader never sees half a file. */
export declare function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): Promise<void>;
/** The file's bytes, or `null` when it does not exist. */
export declare function readFileIfExists(path: string): Promise<Buffer | null>;
export declare function isMissing(error: unknown): boolean;
