/** Host registration for browser conversation preferences. */
import type { Context } from '@deepseek-ai/cordis';
export { BUSY_ENTER_BEHAVIORS, BUSY_ENTER_FIELD, CONVERSATION_SETTINGS_NAMESPACE, DEFAULT_BUSY_ENTER_BEHAVIOR, type BusyEnterBehavior, type ConversationSettings, } from './submission-settings.ts';
/**
 * Register the durable conversation section when a settings provider exists.
 * @param ctx - Host context whose optional settings service owns the section.
 */
export declare function apply(ctx: Context): void;
//# sourceMappingURL=index.d.ts.map