import type { AssistantBlock } from '@deepseek-ai/dsh-client-runtime/client';
/**
 * Collect visible prose from one Assistant lifecycle.
 * @param blocks - Assistant content blocks.
 * @returns concatenated text blocks.
 */
export declare function assistantText(blocks: readonly AssistantBlock[]): string;
//# sourceMappingURL=turn-assistant.d.ts.map