import type { ReactNode } from 'react';
/** Reference domains with distinct composer and transcript glyphs. */
export type ReferenceIconKind = 'session' | 'file' | 'folder';
/** Props shared by inline reference glyphs. */
export interface ReferenceIconProps {
    kind: ReferenceIconKind;
    size?: number;
    className?: string | undefined;
}
/**
 * Render the icon that identifies one inline reference domain.
 * @param props - Reference kind, optional size, and optional CSS class.
 * @returns The corresponding current-color SVG glyph.
 */
export declare function ReferenceIcon({ kind, size, className }: ReferenceIconProps): ReactNode;
//# sourceMappingURL=ReferenceIcon.d.ts.map