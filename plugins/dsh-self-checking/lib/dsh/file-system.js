import { FS_FAILURE_HINT, fsInterceptedNotice } from '../core/notices.js';
import { grants, selfCheckingSession } from './runtime.js';
const HINTED_CODES = new Set(['FS_PERMISSION_DENIED', 'FS_IO_ERROR']);
function codeOf(error) {
    return typeof error === 'object' && error !== null ? error.code : undefined;
}
/** Build the Self Checking subclass of `SandboxedFileSystem`. */
export function selfCheckingFileSystem(Base, { FsError }) {
    const policyOf = (ctx, sandboxPolicy) => sandboxPolicy ?? ctx.sandboxPolicy.resolve();
    const hinted = (ctx, error, sandboxPolicy) => {
        if (!(error instanceof Error) || !HINTED_CODES.has(String(codeOf(error))))
            return error;
        if (selfCheckingSession(ctx, policyOf(ctx, sandboxPolicy)) === undefined)
            return error;
        return new FsError(`${error.message}\n${FS_FAILURE_HINT}`, String(codeOf(error)), { cause: error });
    };
    // No #private members: Cordis hands services out through a proxy, and a
    // #private member cannot be reached through one.
    class SelfCheckingFileSystem extends Base {
        async checkedTarget(target, sandboxPolicy) {
            try {
                return await super.checkedTarget(target, sandboxPolicy);
            }
            catch (error) {
                if (codeOf(error) !== 'FS_SANDBOX_DENIED')
                    throw error;
                const sessionId = selfCheckingSession(this.ctx, policyOf(this.ctx, sandboxPolicy));
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
        async writeText(target, content, expected, signal, sandboxPolicy) {
            try {
                return await super.writeText(target, content, expected, signal, sandboxPolicy);
            }
            catch (error) {
                throw hinted(this.ctx, error, sandboxPolicy);
            }
        }
        async editText(target, edit, expected, signal, sandboxPolicy) {
            try {
                return await super.editText(target, edit, expected, signal, sandboxPolicy);
            }
            catch (error) {
                throw hinted(this.ctx, error, sandboxPolicy);
            }
        }
    }
    return SelfCheckingFileSystem;
}
