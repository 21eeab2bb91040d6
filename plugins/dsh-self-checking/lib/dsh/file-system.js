import { FsError } from '@deepseek-ai/dsh-fs';
import { FS_FAILURE_HINT, fsInterceptedNotice } from '../core/notices.js';
import { grants, selfCheckingSession } from './runtime.js';
const HINTED_CODES = new Set(['FS_PERMISSION_DENIED', 'FS_IO_ERROR']);
function codeOf(error) {
    return typeof error === 'object' && error !== null ? error.code : undefined;
}
/** Build the Self Checking subclass of `SandboxedFileSystem`. */
export function selfCheckingFileSystem(Base) {
    class SelfCheckingFileSystem extends Base {
        #policy(sandboxPolicy) {
            return sandboxPolicy ?? this.ctx.sandboxPolicy.resolve();
        }
        async checkedTarget(target, sandboxPolicy) {
            try {
                return await super.checkedTarget(target, sandboxPolicy);
            }
            catch (error) {
                if (codeOf(error) !== 'FS_SANDBOX_DENIED')
                    throw error;
                const sessionId = selfCheckingSession(this.ctx, this.#policy(sandboxPolicy));
                if (sessionId === undefined)
                    throw error;
                const fresh = await this.resolve(target.displayPath);
                const key = { kind: 'fs', target: fresh.targetKey };
                if (grants.granted(sessionId, key))
                    return fresh;
                grants.record(sessionId, key);
                throw new FsError(fsInterceptedNotice(fresh.targetKey, fresh.displayPath), 'FS_SELFCHECK_INTERCEPTED');
            }
        }
        #hinted(error, sandboxPolicy) {
            if (!(error instanceof Error) || !HINTED_CODES.has(String(codeOf(error))))
                return error;
            if (selfCheckingSession(this.ctx, this.#policy(sandboxPolicy)) === undefined)
                return error;
            return new FsError(`${error.message}\n${FS_FAILURE_HINT}`, codeOf(error), { cause: error });
        }
        async writeText(target, content, expected, signal, sandboxPolicy) {
            try {
                return await super.writeText(target, content, expected, signal, sandboxPolicy);
            }
            catch (error) {
                throw this.#hinted(error, sandboxPolicy);
            }
        }
        async editText(target, edit, expected, signal, sandboxPolicy) {
            try {
                return await super.editText(target, edit, expected, signal, sandboxPolicy);
            }
            catch (error) {
                throw this.#hinted(error, sandboxPolicy);
            }
        }
    }
    return SelfCheckingFileSystem;
}
