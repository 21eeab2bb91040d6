/**
 * The out-of-band anchor: a copy of the highest checkpoint ever written,
 * kept next to the signing key (outside the agent's writable area). A log
 * that no longer contains the anchored checkpoint was truncated, rewound or
 * replaced.
 */
import { checkpointMessage } from './record.js';
/** Parse an anchor file's text; `null` when it is not an anchor (treated as forged by the caller). */
export function parseAnchor(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return null;
    }
    if (typeof value !== 'object' || value === null)
        return null;
    const v = value;
    if (!Number.isSafeInteger(v.count) || v.count < 0)
        return null;
    if (typeof v.head !== 'string' || typeof v.keyId !== 'string' || typeof v.signature !== 'string')
        return null;
    return { count: v.count, head: v.head, keyId: v.keyId, signature: v.signature };
}
/** Whether `candidate` should replace `current` as the anchor (anchors only move forward). */
export function advancesAnchor(current, candidate) {
    return current === null || candidate.count > current.count;
}
/** Compare a (present) anchor with the decoded log. */
export function compareAnchor(anchor, records, ports) {
    const signature = ports.verifySignature(checkpointMessage(anchor), anchor.signature, anchor.keyId);
    if (signature === 'invalid') {
        return { signature, rewound: false, problem: `the anchor's signature does not verify: the anchor was forged` };
    }
    if (signature === 'unverifiable') {
        return { signature, rewound: false, problem: `the anchor was signed by key ${anchor.keyId}, which this host does not hold: rewinding cannot be judged` };
    }
    const record = records[anchor.count];
    if (record === undefined) {
        return { signature, rewound: true, problem: `the log has ${records.length} record(s) but a checkpoint over ${anchor.count} record(s) was anchored: it was truncated or rewound` };
    }
    const holdsAnchoredCheckpoint = record !== null && record.kind === 'checkpoint' && record.data.count === anchor.count && record.data.head === anchor.head;
    if (!holdsAnchoredCheckpoint) {
        return { signature, rewound: true, problem: `record ${anchor.count} is not the anchored checkpoint: the log was rewound or replaced` };
    }
    return { signature, rewound: false, problem: null };
}
