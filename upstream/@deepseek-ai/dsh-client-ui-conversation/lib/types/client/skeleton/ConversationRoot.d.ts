import type { ConversationSlotProps } from '../contract/slots.ts';
/** Full props composed from the slot contract. */
export type ConversationRootProps = ConversationSlotProps;
export declare function ConversationRoot({ sessionId, useSession, useSessions, useWorkspaces, useInput, useComposerBlock, renderSlot, renderSlotChain, selectWorkspace, t, }: ConversationRootProps): import("react").JSX.Element;
//# sourceMappingURL=ConversationRoot.d.ts.map