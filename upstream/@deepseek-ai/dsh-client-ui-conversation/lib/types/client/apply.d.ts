/** Registers the conversation components, shared store, and service callbacks. */
import type { Context } from '@deepseek-ai/cordis';
import { type ConversationKey } from './locales.ts';
declare module '@deepseek-ai/dsh-client-ui-slots' {
    interface LocaleNamespaceMap {
        /** The conversation skeleton, chat flow, commands, details, and docks copy. */
        conversation: ConversationKey;
    }
}
/** Services required by the conversation plugin. */
export declare const inject: string[];
/** Mounts the conversation plugin.
 * @param ctx - Client root context.
 */
export declare function apply(ctx: Context): void;
//# sourceMappingURL=apply.d.ts.map