/** Composer context-occupancy meter: a ring beside the send button fed by the
 * `contextPressure` projection, with a click-open panel of the heuristic
 * `contextBreakdown` composition (system prompt, tools, conversation).
 * Renders nothing until a provider reports both pressure and a route
 * capacity. */
import type { UseProjection } from '@deepseek-ai/dsh-client-runtime/client';
import type { ComposerBarProps } from '../contract/slots.ts';
export interface ContextMeterProps {
    useProjection: UseProjection;
    /** The owning bar's locale seat, passed down as a plain prop. */
    t: ComposerBarProps['t'];
}
export declare function ContextMeter({ useProjection, t }: ContextMeterProps): import("react").JSX.Element | null;
//# sourceMappingURL=ContextMeter.d.ts.map