/** Row `self-checking-pwsh`: the Self Checking subclass of rc.8's SandboxPwshExecutor, replacing row `pwsh-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
export declare const name = "dsh-self-checking-pwsh";
export declare const inject: string[];
export declare function apply(ctx: Context, config: unknown): Promise<void>;
