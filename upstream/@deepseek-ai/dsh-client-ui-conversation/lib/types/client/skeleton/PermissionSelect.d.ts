import type { PermissionSelect as PermissionSelectValue } from '@deepseek-ai/dsh-permission-presets/client';
import type { ComposerBarProps } from '../contract/slots.ts';
export interface PermissionSelectProps {
    value: PermissionSelectValue | undefined;
    locked: boolean;
    command: (line: string) => Promise<boolean>;
    /** The owning bar's locale seat, passed down as a plain prop. */
    t: ComposerBarProps['t'];
}
export declare function PermissionSelect({ value, locked, command, t }: PermissionSelectProps): import("react").JSX.Element | null;
//# sourceMappingURL=PermissionSelect.d.ts.map