/**
 * The Self Checking subclass of the rc.8 sandboxed file system. Under the
 * preset an outside `write`/`edit` is refused before anything is written
 * (`FS_SELFCHECK_INTERCEPTED`, a notice naming the canonical target) and
 * recorded; the identical re-run, keyed by the canonical target re-derived
 * at re-run time, is allowed. Other mutation failures get the defensive hint.
 */
import type { Context } from '@deepseek-ai/cordis';
import { type CallPolicy } from './runtime.js';
interface Target {
    displayPath: string;
    targetKey: string;
}
/** The members of the upstream file system this subclass overrides or calls (the adaptation points). */
export interface FileSystemBase {
    ctx: Context;
    checkedTarget(target: Target, sandboxPolicy?: CallPolicy): Promise<Target>;
    writeText(target: Target, content: string, expected?: unknown, signal?: AbortSignal, sandboxPolicy?: CallPolicy): Promise<unknown>;
    editText(target: Target, edit: unknown, expected?: unknown, signal?: AbortSignal, sandboxPolicy?: CallPolicy): Promise<unknown>;
    resolve(path: string, base?: string): Promise<Target>;
}
export type FileSystemClass = abstract new (...args: any[]) => FileSystemBase;
/** What the subclass takes from the other rc.8 packages (imported from the profile). */
export interface FileSystemPeers {
    /** dsh-fs's structured error, the class dsh-tool-fs recognises. */
    FsError: new (message: string, code: string, options?: {
        cause?: unknown;
    }) => Error;
}
/** Build the Self Checking subclass of `SandboxedFileSystem`. */
export declare function selfCheckingFileSystem<B extends FileSystemClass>(Base: B, { FsError }: FileSystemPeers): B;
export {};
