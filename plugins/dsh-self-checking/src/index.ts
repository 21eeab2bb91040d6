/**
 * Row `self-checking`: tells Self Checking sessions the rules (the
 * policy-context paragraph) and drops a session's grants when it is
 * disposed. The gate itself lives in the `./bash`, `./pwsh` and `./fs` rows.
 */
import type { Context } from '@deepseek-ai/cordis';
import { policyParagraph } from './core/notices.js';
import { armed, grants, selfCheckingSession, type CallPolicy } from './dsh/runtime.js';

export { FAILED_NOTICE, FS_FAILURE_HINT, INTERCEPTED_NOTICE, fsInterceptedNotice, policyParagraph } from './core/notices.js';
export { BASH_CONTRACT, FS_CONTRACT, PWSH_CONTRACT, shapeProblems, type PeerContract, type PeerShape } from './core/shape.js';
export { degradeReason, peerShape } from './dsh/mount.js';

export const name = 'dsh-self-checking';
export const inject: string[] = [];

interface PromptScope {
  systemPrompt: { context(section: { name: string; order: number; text: (context: { agent?: { session: unknown } }) => string }): void };
  sandboxPolicy: { resolve(request: { session: unknown }): CallPolicy };
}

export function apply(ctx: Context): void {
  ctx.on('session/disposed' as never, ((session: { id: string }) => grants.drop(session.id)) as never);
  ctx.inject(['systemPrompt', 'sandboxPolicy'], (scope) => {
    const { systemPrompt, sandboxPolicy } = scope as unknown as PromptScope;
    systemPrompt.context({
      name: 'sandbox:self-checking',
      order: 111,
      text: (context) => {
        const session = context.agent?.session;
        if (session === undefined || !armed.has('bash')) return '';
        const policy = sandboxPolicy.resolve({ session });
        return selfCheckingSession(ctx, policy) === undefined ? '' : policyParagraph(policy.workspaceRoot);
      },
    });
  });
}
