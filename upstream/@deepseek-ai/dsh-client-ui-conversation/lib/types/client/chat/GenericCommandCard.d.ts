import type { ChatViewSlotProps, CommandRowOwnerProps } from '../contract/slots.ts';
/** Card props: the owner payload plus the render site's locale seat (plain prop). */
export interface GenericCommandCardProps extends CommandRowOwnerProps {
    t: ChatViewSlotProps['t'];
    /** Command-specific running copy; absent uses the generic command label. */
    runningSummary?: string | undefined;
}
export declare function GenericCommandCard({ node, t, runningSummary }: GenericCommandCardProps): import("react").JSX.Element;
//# sourceMappingURL=GenericCommandCard.d.ts.map