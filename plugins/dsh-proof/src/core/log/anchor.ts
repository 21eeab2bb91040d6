/**
 * The out-of-band anchor: a copy of the highest checkpoint ever written,
 * kept next to the signing key (outside the agent's writable area). A log
 * that no longer contains the anchored checkpoint was truncated, rewound or
 * replaced.
 */
import { checkpointMessage, type CheckpointPayload, type LogRecord } from './record.js'
import type { LogPorts, SignatureCheck } from './ports.js'

/** The anchor file's content. */
export interface Anchor extends CheckpointPayload {
  readonly keyId: string
  readonly signature: string
}

/** How the anchor relates to the log. */
export interface AnchorComparison {
  /** The anchor's own signature check (`null`: no anchor). */
  readonly signature: SignatureCheck | null
  /** The log lacks the anchored checkpoint (only judged for a valid anchor). */
  readonly rewound: boolean
  /** One sentence for people, or `null` when all is well. */
  readonly problem: string | null
}

/** Parse an anchor file's text; `null` when it is not an anchor (treated as forged by the caller). */
export function parseAnchor(text: string): Anchor | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (!Number.isSafeInteger(v.count) || (v.count as number) < 0) return null
  if (typeof v.head !== 'string' || typeof v.keyId !== 'string' || typeof v.signature !== 'string') return null
  return { count: v.count as number, head: v.head, keyId: v.keyId, signature: v.signature }
}

/** Whether `candidate` should replace `current` as the anchor (anchors only move forward). */
export function advancesAnchor(current: Anchor | null, candidate: CheckpointPayload): boolean {
  return current === null || candidate.count > current.count
}

/** Compare a (present) anchor with the decoded log. */
export function compareAnchor(anchor: Anchor, records: readonly (LogRecord | null)[], ports: LogPorts): AnchorComparison {
  const signature = ports.verifySignature(checkpointMessage(anchor), anchor.signature, anchor.keyId)
  if (signature === 'invalid') {
    return { signature, rewound: false, problem: `the anchor's signature does not verify: the anchor was forged` }
  }
  if (signature === 'unverifiable') {
    return { signature, rewound: false, problem: `the anchor was signed by key ${anchor.keyId}, which this host does not hold: rewinding cannot be judged` }
  }
  const record = records[anchor.count]
  if (record === undefined) {
    return { signature, rewound: true, problem: `the log has ${records.length} record(s) but a checkpoint over ${anchor.count} record(s) was anchored: it was truncated or rewound` }
  }
  const holdsAnchoredCheckpoint =
    record !== null && record.kind === 'checkpoint' && record.data.count === anchor.count && record.data.head === anchor.head
  if (!holdsAnchoredCheckpoint) {
    return { signature, rewound: true, problem: `record ${anchor.count} is not the anchored checkpoint: the log was rewound or replaced` }
  }
  return { signature, rewound: false, problem: null }
}
