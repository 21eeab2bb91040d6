import { policyParagraph } from './core/notices.js';
import { armed, grants, selfCheckingSession } from './dsh/runtime.js';
export { FAILED_NOTICE, FS_FAILURE_HINT, INTERCEPTED_NOTICE, fsInterceptedNotice, policyParagraph } from './core/notices.js';
export { BASH_CONTRACT, FS_CONTRACT, PWSH_CONTRACT, shapeProblems } from './core/shape.js';
export { degradeReason, peerShape } from './dsh/mount.js';
export const name = 'dsh-self-checking';
export const inject = [];
export function apply(ctx) {
    ctx.on('session/disposed', ((session) => grants.drop(session.id)));
    ctx.inject(['systemPrompt', 'sandboxPolicy'], (scope) => {
        const { systemPrompt, sandboxPolicy } = scope;
        systemPrompt.context({
            name: 'sandbox:self-checking',
            order: 111,
            text: (context) => {
                const session = context.agent?.session;
                if (session === undefined || !armed.has('bash'))
                    return '';
                const policy = sandboxPolicy.resolve({ session });
                return selfCheckingSession(ctx, policy) === undefined ? '' : policyParagraph(policy.workspaceRoot);
            },
        });
    });
}
