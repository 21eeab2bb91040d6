import type { ChatNodeViewProps } from '../contract/slots.ts';
/** Streaming, settled, and interrupted Assistant states share one keyed renderer instance. */
export declare const AssistantNodeView: import("react").MemoExoticComponent<({ node, useTurnData, openFile, renderMessageImages, fileMentions, t, }: ChatNodeViewProps<"assistant-step">) => import("react").JSX.Element>;
//# sourceMappingURL=AssistantNodeView.d.ts.map