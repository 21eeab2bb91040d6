/**
 * The evidence log's line format. Every line is the canonical JSON of one
 * record `{seq, prev, kind, data}`; `prev` is the sha256 (hex) of the
 * previous line's bytes (without its newline), `GENESIS_HASH` for the first
 * line. Editing or removing any line therefore breaks the link into the next.
 */
import { type CanonicalValue as LogJson } from '../canonical.js';
/** `prev` of the first record. */
export declare const GENESIS_HASH: string;
/** Why the chain carries a marker (a record about the log itself, not evidence). */
export type MarkerName = 
/**
 * `baseline.json` was saved; `data.digest` is the sha256 of its bytes,
 * `data.keyId` / `data.signature` this host's signature over
 * {@link baselineMessage} (absent only when no key could be loaded).
 */
'baseline-saved'
/** A baseline run was aborted: its evidence is kept here, nothing was written to `baseline.json`. */
 | 'baseline-aborted'
/** The signing key could not be loaded: the chain continues unsigned (hash-only). */
 | 'signer-unavailable';
/** One evidence record (engine output, stored verbatim). */
export interface EvidenceRecord {
    readonly seq: number;
    readonly prev: string;
    readonly kind: 'evidence';
    readonly data: LogJson;
}
/** One marker record. */
export interface MarkerRecord {
    readonly seq: number;
    readonly prev: string;
    readonly kind: 'marker';
    readonly data: {
        readonly marker: MarkerName;
        readonly [key: string]: LogJson | undefined;
    };
}
/** What a checkpoint commits to: the number of records before it and the hash of the last one. */
export interface CheckpointPayload {
    readonly count: number;
    readonly head: string;
}
/** A signed commitment to the chain so far. Every field is determined by `{count, head}` and the key. */
export interface CheckpointRecord {
    readonly seq: number;
    readonly prev: string;
    readonly kind: 'checkpoint';
    readonly data: CheckpointPayload & {
        readonly keyId: string;
        readonly signature: string;
    };
}
export type LogRecord = EvidenceRecord | MarkerRecord | CheckpointRecord;
/** A record before it is placed in the chain. */
export type RecordBody = {
    readonly kind: 'evidence';
    readonly data: LogJson;
} | {
    readonly kind: 'marker';
    readonly data: MarkerRecord['data'];
} | {
    readonly kind: 'checkpoint';
    readonly data: CheckpointRecord['data'];
};
/** Encode the line (without newline) for `body` at position `seq` after `prev`. */
export declare function encodeRecord(seq: number, prev: string, body: RecordBody): string;
/**
 * The exact text a checkpoint signature covers. The domain prefix keeps a
 * signature made for this purpose from being replayed as anything else.
 */
export declare function checkpointMessage(payload: CheckpointPayload): string;
/**
 * The exact text a `baseline-saved` marker's signature covers. A marker the
 * host did not sign could have been appended by anyone who can write the
 * log: only the signature ties `baseline.json`'s digest to this host.
 */
export declare function baselineMessage(digest: string): string;
/** Why a line is not a well-formed record. */
export type RecordProblem = 'not-utf8' | 'not-json' | 'not-canonical' | 'bad-shape';
/** Decode one line; `problem` is set when it is not exactly a canonical record. */
export declare function decodeRecord(line: Uint8Array): {
    record: LogRecord;
    problem?: never;
} | {
    record?: never;
    problem: RecordProblem;
};
