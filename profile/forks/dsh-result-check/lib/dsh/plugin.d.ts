import type { Context } from '@deepseek-ai/cordis';
import Schema from '@deepseek-ai/schemastery';
export declare const name = "dsh-result-check";
/** The plugin listens to agent events on the root context and needs no service. */
export declare const inject: string[];
/** Plugin config as written in cordis.patch.yml; every key is optional. */
export interface Config {
    checkFailures?: boolean;
    checkNumbers?: boolean;
    numbersNeedToolCall?: boolean;
    minIntegerDigits?: number;
    failureStatuses?: string[];
    ignoreTools?: string[];
    skipSubagents?: boolean;
    maxNudgesPerTurn?: number;
    maxListedNumbers?: number;
}
export declare const Config: Schema<Config>;
/**
 * Listen to `agent/turn-stopping` and steer the agent once more when the
 * final answer fails the check. Config problems throw here, so the plugin
 * does not start with settings the user did not mean.
 */
export declare function apply(ctx: Context, config?: Config | null): void;
