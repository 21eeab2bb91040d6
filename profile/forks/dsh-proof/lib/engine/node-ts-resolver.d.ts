import type { ModuleResolverPort } from './ports.js';
export interface TsResolverOptions {
    /** JS/TS files above which resolution is not tried; default 20,000. */
    readonly maxFiles?: number | undefined;
    /** Wall time for resolving the files not cached yet; default 10 s. */
    readonly budgetMs?: number | undefined;
}
export declare const TS_RESOLVER_MAX_FILES = 20000;
export declare const TS_RESOLVER_BUDGET_MS = 10000;
export declare function nodeTsResolver(workspace: string, options?: TsResolverOptions): ModuleResolverPort;
