import type { Context } from '@deepseek-ai/cordis';
/**
 * Register the Chat business Definitions and target builder contributed by this package.
 * @param ctx - owning UI Conversation context.
 */
export declare function registerConversationNodes(ctx: Context): void;
//# sourceMappingURL=register.d.ts.map