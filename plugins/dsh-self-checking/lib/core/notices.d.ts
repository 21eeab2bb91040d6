/**
 * The texts the model sees on the plugin route: byte-identical with the
 * fork route's (test/core/notices.test.js compares them), so a model sees
 * the same notices whichever route a user chose.
 */
/** A confined command was refused for a path outside the workspace, and the session recorded a grant. */
export declare const INTERCEPTED_NOTICE = "[sandbox: self-check intercepted \u2014 this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command \u2014 if it IS intentional, re-run the exact same command and it will be allowed with full access]";
/** A confined command failed with permission-like evidence, and the session recorded a grant. */
export declare const FAILED_NOTICE = "[sandbox: self-check failed \u2014 this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command \u2014 if it IS intentional, re-run the exact same command and it will be retried with full access]";
/**
 * The file notice: names the canonical target (the place outside the
 * workspace) and, when it differs, the path as the model wrote it. Nothing
 * was executed: the fence refused before writing.
 * @param target - the canonical target, symlinks resolved.
 * @param written - the path as written, resolved for display.
 */
export declare function fsInterceptedNotice(target: string, written?: string): string;
/** Other file-mutation failures under Self Checking: no automatic unlock, only the explicit escalation. */
export declare const FS_FAILURE_HINT = "[sandbox: self-check \u2014 this file operation failed and is NOT unlocked by repeating it; if the failure blocks an intended change, retry this exact operation once with sandbox_permissions: \"danger-full-access\" plus a one-sentence justification (the user is asked to approve); otherwise fix the path or the cause instead]";
/**
 * The policy-context paragraph of a Self Checking session. The plugin route
 * cannot change the bash/pwsh tool descriptions, so the rules the fork puts
 * there are told here.
 * @param workspaceRoot - the session workspace.
 */
export declare function policyParagraph(workspaceRoot: string): string;
