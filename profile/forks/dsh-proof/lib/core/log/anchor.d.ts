/**
 * The out-of-band anchor: a copy of the highest checkpoint ever written,
 * kept next to the signing key (outside the agent's writable area). A log
 * that no longer contains the anchored checkpoint was truncated, rewound or
 * replaced.
 */
import { type CheckpointPayload, type LogRecord } from './record.js';
import type { LogPorts, SignatureCheck } from './ports.js';
/** The anchor file's content. */
export interface Anchor extends CheckpointPayload {
    readonly keyId: string;
    readonly signature: string;
}
/** How the anchor relates to the log. */
export interface AnchorComparison {
    /** The anchor's own signature check (`null`: no anchor). */
    readonly signature: SignatureCheck | null;
    /** The log lacks the anchored checkpoint (only judged for a valid anchor). */
    readonly rewound: boolean;
    /** One sentence for people, or `null` when all is well. */
    readonly problem: string | null;
}
/** Parse an anchor file's text; `null` when it is not an anchor (treated as forged by the caller). */
export declare function parseAnchor(text: string): Anchor | null;
/** Whether `candidate` should replace `current` as the anchor (anchors only move forward). */
export declare function advancesAnchor(current: Anchor | null, candidate: CheckpointPayload): boolean;
/** Compare a (present) anchor with the decoded log. */
export declare function compareAnchor(anchor: Anchor, records: readonly (LogRecord | null)[], ports: LogPorts): AnchorComparison;
