/**
 * The evidence log's line format. Every line is the canonical JSON of one
 * record `{seq, prev, kind, data}`; `prev` is the sha256 (hex) of the
 * previous line's bytes (without its newline), `GENESIS_HASH` for the first
 * line. Editing or removing any line therefore breaks the link into the next.
 */
import { canonicalJson, type CanonicalValue as LogJson } from '../canonical.js'

/** `prev` of the first record. */
export const GENESIS_HASH = '0'.repeat(64)

/** Why the chain carries a marker (a record about the log itself, not evidence). */
export type MarkerName =
  /**
   * `baseline.json` was saved; `data.digest` is the sha256 of its bytes,
   * `data.keyId` / `data.signature` this host's signature over
   * {@link baselineMessage} (absent only when no key could be loaded).
   */
  | 'baseline-saved'
  /** A baseline run was aborted: its evidence is kept here, nothing was written to `baseline.json`. */
  | 'baseline-aborted'
  /** The signing key could not be loaded: the chain continues unsigned (hash-only). */
  | 'signer-unavailable'

/** One evidence record (engine output, stored verbatim). */
export interface EvidenceRecord {
  readonly seq: number
  readonly prev: string
  readonly kind: 'evidence'
  readonly data: LogJson
}

/** One marker record. */
export interface MarkerRecord {
  readonly seq: number
  readonly prev: string
  readonly kind: 'marker'
  readonly data: { readonly marker: MarkerName; readonly [key: string]: LogJson | undefined }
}

/** What a checkpoint commits to: the number of records before it and the hash of the last one. */
export interface CheckpointPayload {
  readonly count: number
  readonly head: string
}

/** A signed commitment to the chain so far. Every field is determined by `{count, head}` and the key. */
export interface CheckpointRecord {
  readonly seq: number
  readonly prev: string
  readonly kind: 'checkpoint'
  readonly data: CheckpointPayload & { readonly keyId: string; readonly signature: string }
}

export type LogRecord = EvidenceRecord | MarkerRecord | CheckpointRecord

/** A record before it is placed in the chain. */
export type RecordBody =
  | { readonly kind: 'evidence'; readonly data: LogJson }
  | { readonly kind: 'marker'; readonly data: MarkerRecord['data'] }
  | { readonly kind: 'checkpoint'; readonly data: CheckpointRecord['data'] }

/** Encode the line (without newline) for `body` at position `seq` after `prev`. */
export function encodeRecord(seq: number, prev: string, body: RecordBody): string {
  return canonicalJson({ seq, prev, kind: body.kind, data: body.data })
}

/**
 * The exact text a checkpoint signature covers. The domain prefix keeps a
 * signature made for this purpose from being replayed as anything else.
 */
export function checkpointMessage(payload: CheckpointPayload): string {
  return `dsh-proof/checkpoint/1 ${canonicalJson({ count: payload.count, head: payload.head })}`
}

/**
 * The exact text a `baseline-saved` marker's signature covers. A marker the
 * host did not sign could have been appended by anyone who can write the
 * log: only the signature ties `baseline.json`'s digest to this host.
 */
export function baselineMessage(digest: string): string {
  return `dsh-proof/baseline/1 ${digest}`
}

/** Why a line is not a well-formed record. */
export type RecordProblem = 'not-utf8' | 'not-json' | 'not-canonical' | 'bad-shape'

/** Decode one line; `problem` is set when it is not exactly a canonical record. */
export function decodeRecord(line: Uint8Array): { record: LogRecord; problem?: never } | { record?: never; problem: RecordProblem } {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(line)
  } catch {
    return { problem: 'not-utf8' }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'not-json' }
  }
  if (!isRecordShape(value)) return { problem: 'bad-shape' }
  // Only the canonical spelling is accepted, so no line has "free" bytes
  // (spaces, key order, escapes) that could be changed without meaning to.
  if (!isCanonicalText(value, text)) return { problem: 'not-canonical' }
  return { record: value }
}

function isCanonicalText(record: LogRecord, text: string): boolean {
  try {
    return encodeRecord(record.seq, record.prev, record) === text
  } catch {
    return false // e.g. a number too large to have a finite value
  }
}

const HEX64 = /^[0-9a-f]{64}$/

function isRecordShape(value: unknown): value is LogRecord {
  if (!isObject(value)) return false
  if (!hasExactKeys(value, ['data', 'kind', 'prev', 'seq'])) return false
  if (!Number.isSafeInteger(value.seq) || (value.seq as number) < 0) return false
  if (typeof value.prev !== 'string' || !HEX64.test(value.prev)) return false
  switch (value.kind) {
    case 'evidence':
      return true
    case 'marker':
      return isObject(value.data) && typeof value.data.marker === 'string'
    case 'checkpoint':
      return isCheckpointData(value.data)
    default:
      return false
  }
}

function isCheckpointData(data: unknown): boolean {
  return (
    isObject(data) &&
    hasExactKeys(data, ['count', 'head', 'keyId', 'signature']) &&
    Number.isSafeInteger(data.count) &&
    typeof data.head === 'string' &&
    HEX64.test(data.head) &&
    typeof data.keyId === 'string' &&
    typeof data.signature === 'string'
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasExactKeys(object: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(object).sort()
  return own.length === keys.length && own.every((key, i) => key === keys[i])
}
