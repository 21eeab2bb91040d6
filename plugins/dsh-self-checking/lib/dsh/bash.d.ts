/** Row `self-checking-bash`: the Self Checking subclass of rc.8's SandboxBashExecutor, replacing row `bash-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
export declare const name = "dsh-self-checking-bash";
export declare const inject: string[];
export declare function apply(ctx: Context, config: unknown): Promise<void>;
