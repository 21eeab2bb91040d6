/**
 * Row `self-checking`: tells Self Checking sessions the rules (the
 * policy-context paragraph) and drops a session's grants when it is
 * disposed. The gate itself lives in the `./bash`, `./pwsh` and `./fs` rows.
 */
import type { Context } from '@deepseek-ai/cordis';
export { FAILED_NOTICE, FS_FAILURE_HINT, INTERCEPTED_NOTICE, fsInterceptedNotice, policyParagraph } from './core/notices.js';
export { BASH_CONTRACT, FS_CONTRACT, PWSH_CONTRACT, shapeProblems, type PeerContract, type PeerShape } from './core/shape.js';
export { degradeReason, peerShape } from './dsh/mount.js';
export declare const name = "dsh-self-checking";
export declare const inject: string[];
export declare function apply(ctx: Context): void;
