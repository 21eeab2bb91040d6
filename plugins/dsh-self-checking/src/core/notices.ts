/**
 * The texts the model sees on the plugin route: byte-identical with the
 * fork route's (test/core/notices.test.js compares them), so a model sees
 * the same notices whichever route a user chose.
 */

/** A confined command was refused for a path outside the workspace, and the session recorded a grant. */
export const INTERCEPTED_NOTICE =
  '[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]';

/** A confined command failed with permission-like evidence, and the session recorded a grant. */
export const FAILED_NOTICE =
  '[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]';

/**
 * The file notice: names the canonical target (the place outside the
 * workspace) and, when it differs, the path as the model wrote it. Nothing
 * was executed: the fence refused before writing.
 * @param target - the canonical target, symlinks resolved.
 * @param written - the path as written, resolved for display.
 */
export function fsInterceptedNotice(target: string, written: string = target): string {
  const named = written === target ? JSON.stringify(target) : `${JSON.stringify(target)} (resolved from ${JSON.stringify(written)})`;
  return `[sandbox: self-check intercepted — this file operation targets ${named}, which is outside the workspace; nothing was written; unless writing there is intentional, do not repeat it — if it IS intentional, repeat the exact same operation and it will be allowed with full access]`;
}

/** Other file-mutation failures under Self Checking: no automatic unlock, only the explicit escalation. */
export const FS_FAILURE_HINT =
  '[sandbox: self-check — this file operation failed and is NOT unlocked by repeating it; if the failure blocks an intended change, retry this exact operation once with sandbox_permissions: "danger-full-access" plus a one-sentence justification (the user is asked to approve); otherwise fix the path or the cause instead]';

/**
 * The policy-context paragraph of a Self Checking session. The plugin route
 * cannot change the bash/pwsh tool descriptions, so the rules the fork puts
 * there are told here.
 * @param workspaceRoot - the session workspace.
 */
export function policyParagraph(workspaceRoot: string): string {
  return (
    `Permission preset: Self Checking (sandbox workspace-write, workspace ${JSON.stringify(workspaceRoot)}). ` +
    'Every command and file edit first runs confined to the workspace. A command that touched a path outside the workspace reports `[sandbox: self-check intercepted — …]`, and one that failed under confinement with a permission-like error reports `[sandbox: self-check failed — …]`; a file edit outside the workspace is refused before anything is written. ' +
    'An intercepted command has already run once, confined: its effects inside the workspace already happened. If the outside access was not intended, do not re-run it; fix it instead. ' +
    'If it was intended, re-run the exact same command (same workdir, same foreground or background choice) or the exact same file operation, without sandbox_permissions: it then runs with full access, without an approval prompt, for the rest of the session.'
  );
}
