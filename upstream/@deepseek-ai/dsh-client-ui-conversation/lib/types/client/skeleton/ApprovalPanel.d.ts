import type { RunningToolCall } from '@deepseek-ai/dsh-client-runtime/client';
import { type ApprovalComposerProps } from '../contract/slots.ts';
/** Extract the shell command from an approval's paired running call (bash-family args carry `command`); undefined hides the line. */
export declare function commandOf(call: RunningToolCall | undefined): string | undefined;
/**
 * Composer takeover boundary: mints the domain face on the carrier's stable
 * identity and remounts the flow per request key, so the one-shot answered
 * latch never leaks to the next pending approval.
 * @param props - the selector-matched pending approval carrier plus the framework standard kit.
 * @returns The approval prompt for this request.
 */
export declare function ApprovalPanel(props: ApprovalComposerProps): import("react").JSX.Element;
//# sourceMappingURL=ApprovalPanel.d.ts.map