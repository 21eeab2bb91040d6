/**
 * The Self Checking subclass of the rc.8 sandboxed file system. Under the
 * preset an outside `write`/`edit` is refused before anything is written
 * (`FS_SELFCHECK_INTERCEPTED`, a notice naming the canonical target) and
 * recorded; the identical re-run, keyed by the canonical target re-derived
 * at re-run time, is allowed. Other mutation failures get the defensive hint.
 */
import type { Context } from '@deepseek-ai/cordis';
import { FS_FAILURE_HINT, fsInterceptedNotice } from '../core/notices.js';
import { grants, selfCheckingSession, type CallPolicy } from './runtime.js';

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

const HINTED_CODES = new Set(['FS_PERMISSION_DENIED', 'FS_IO_ERROR']);

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** What the subclass takes from the other rc.8 packages (imported from the profile). */
export interface FileSystemPeers {
  /** dsh-fs's structured error, the class dsh-tool-fs recognises. */
  FsError: new (message: string, code: string, options?: { cause?: unknown }) => Error;
}

/** Build the Self Checking subclass of `SandboxedFileSystem`. */
export function selfCheckingFileSystem<B extends FileSystemClass>(Base: B, { FsError }: FileSystemPeers): B {
  const policyOf = (ctx: Context, sandboxPolicy: CallPolicy | undefined): CallPolicy =>
    sandboxPolicy ?? (ctx as unknown as { sandboxPolicy: { resolve(): CallPolicy } }).sandboxPolicy.resolve();

  const hinted = (ctx: Context, error: unknown, sandboxPolicy: CallPolicy | undefined): unknown => {
    if (!(error instanceof Error) || !HINTED_CODES.has(String(codeOf(error)))) return error;
    if (selfCheckingSession(ctx, policyOf(ctx, sandboxPolicy)) === undefined) return error;
    return new FsError(`${error.message}\n${FS_FAILURE_HINT}`, String(codeOf(error)), { cause: error });
  };

  // No #private members: Cordis hands services out through a proxy, and a
  // #private member cannot be reached through one.
  abstract class SelfCheckingFileSystem extends Base {

    override async checkedTarget(target: Target, sandboxPolicy?: CallPolicy): Promise<Target> {
      try {
        return await super.checkedTarget(target, sandboxPolicy);
      } catch (error) {
        if (codeOf(error) !== 'FS_SANDBOX_DENIED') throw error;
        const sessionId = selfCheckingSession(this.ctx, policyOf(this.ctx, sandboxPolicy));
        if (sessionId === undefined) throw error;
        const fresh = await this.resolve(target.displayPath);
        const key = { kind: 'fs', target: fresh.targetKey } as const;
        if (grants.granted(sessionId, key)) return fresh;
        grants.record(sessionId, key);
        throw new FsError(fsInterceptedNotice(fresh.targetKey, fresh.displayPath), 'FS_SELFCHECK_INTERCEPTED');
      }
    }

    override async writeText(target: Target, content: string, expected?: unknown, signal?: AbortSignal, sandboxPolicy?: CallPolicy): Promise<unknown> {
      try {
        return await super.writeText(target, content, expected, signal, sandboxPolicy);
      } catch (error) {
        throw hinted(this.ctx, error, sandboxPolicy);
      }
    }

    override async editText(target: Target, edit: unknown, expected?: unknown, signal?: AbortSignal, sandboxPolicy?: CallPolicy): Promise<unknown> {
      try {
        return await super.editText(target, edit, expected, signal, sandboxPolicy);
      } catch (error) {
        throw hinted(this.ctx, error, sandboxPolicy);
      }
    }
  }
  return SelfCheckingFileSystem as unknown as B;
}
