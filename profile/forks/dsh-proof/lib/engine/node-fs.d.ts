import type { FsPort } from './ports.js';
/** Source files above this size are not scanned for imports (bundles, generated code). */
export declare const MAX_SCANNED_BYTES: number;
export declare function nodeFs(workspace: string): FsPort;
