import type { ChatNodeOwnerProps, ChatViewSlotProps } from '../contract/slots.ts';
interface ChatNodeSeatProps extends ChatNodeOwnerProps {
    readonly nodeKey: string;
    readonly useSession: ChatViewSlotProps['useSession'];
    readonly renderSlot: ChatViewSlotProps['renderSlot'];
    readonly t: ChatViewSlotProps['t'];
}
/** Subscribe and dispatch one stable Context key without observing sibling Nodes. */
export declare const ChatNodeSeat: import("react").MemoExoticComponent<({ nodeKey, selectedCallId, cwd, openFile, inspectCall, forkAt, renderMessageImages, fileMentions, useSession, renderSlot, t, }: ChatNodeSeatProps) => import("react").JSX.Element | null>;
export {};
//# sourceMappingURL=ChatNodeSeat.d.ts.map