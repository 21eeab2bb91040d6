import type { DetailsSlotProps } from '../contract/slots.ts';
/** Full props composed by reference from the contract (automatic shares & injected share). */
export type DetailsPanelProps = DetailsSlotProps;
export declare function DetailsPanel({ useSession, useSessions, sessionId, useStore, renderSlot, closeDetails, t }: DetailsPanelProps): import("react").JSX.Element;
//# sourceMappingURL=DetailsPanel.d.ts.map