export type EvidenceStoreMode = 'host' | 'workspace';
/** Name of the in-workspace evidence directory (`evidenceStore: workspace`). */
export declare const WORKSPACE_STORE_DIR = ".proof";
export interface StoreLocation {
    /** Stable identity of the workspace (also names its anchor). */
    readonly workspaceKey: string;
    /** Directory holding the log and `baseline.json`. */
    readonly dir: string;
    readonly logFile: string;
    readonly baselineFile: string;
    /** `$DSH_HOME/proof/keys`: the signing key and the anchors. */
    readonly keyDir: string;
    readonly anchorFile: string;
}
export interface LocateOptions {
    readonly dshHome: string;
    readonly workspaceRoot: string;
    readonly evidenceStore: EvidenceStoreMode;
}
/** `<directory name>-<16 hex of sha256(absolute root)>`: readable and collision-free. */
export declare function workspaceKeyOf(workspaceRoot: string): string;
export declare function locateStore(options: LocateOptions): StoreLocation;
