/** Row `self-checking-fs`: the Self Checking subclass of rc.8's SandboxedFileSystem, replacing row `fs-sandbox`. */
import type { Context } from '@deepseek-ai/cordis';
export declare const name = "dsh-self-checking-fs";
export declare const inject: string[];
export declare function apply(ctx: Context, config: unknown): Promise<void>;
