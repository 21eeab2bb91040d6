/**
 * Verification of the evidence log: chain links, checkpoint signatures, the
 * out-of-band anchor and the baseline digest, folded into one integrity
 * report. Pure: bytes and facts in, report out; hashing and signatures go
 * through {@link LogPorts}.
 */
import { type Anchor } from './anchor.js';
import { type LogRecord } from './record.js';
import type { LogPorts } from './ports.js';
/** Everything the verifier looks at. */
export interface VerifyLogInput {
    /** The log file's bytes; `null` when there is no log yet. */
    readonly log: Uint8Array | null;
    /** The anchor: parsed, `'malformed'` (present but unreadable) or `null` (absent). */
    readonly anchor: Anchor | 'malformed' | null;
    /** sha256 of `baseline.json`'s bytes, `null` when there is no baseline file. */
    readonly baselineDigest: string | null;
    /** Whether this host's signing key is loaded (checkpoints are being written). */
    readonly signerAvailable: boolean;
    /** This host holds no key at all (never made, or deleted): it signed nothing in a log that exists. */
    readonly hostKeyMissing?: boolean | undefined;
}
/** The log integrity section of `proof_status`. */
export interface IntegrityReport {
    /** `signed`: hash chain plus signed checkpoints; `hash-only`: no signer, the chain alone. */
    readonly chainMode: 'signed' | 'hash-only';
    /** Lines in the log (a torn final line counts). */
    readonly records: number;
    /** Checkpoints whose signature this host verified. */
    readonly checkpoints: number;
    /** Every link holds and no checkpoint is forged. */
    readonly chainIntact: boolean;
    /** Index of the first record whose link or form is broken, `null` when none. */
    readonly firstBrokenRecord: number | null;
    /** The log no longer holds the anchored checkpoint (truncated, rewound or replaced). */
    readonly rewindDetected: boolean;
    /** `baseline.json` differs from the digest recorded in the chain (or appeared/vanished). */
    readonly baselineTampered: boolean;
    /**
     * `baseline.json` is intact but this host did not sign it (a key it did not
     * issue, or none): it can grade, but never make a claim proven.
     */
    readonly baselineForeign: boolean;
    /** Checkpoints (and anchor) signed by a key this host does not hold: unknown, not forged. */
    readonly unverifiableCheckpoints: number;
    /** Checkpoints signed with this host's key id whose signature does not verify. */
    readonly forgedCheckpoints: number;
    /** The anchor's signature does not verify, it is unreadable, or it is missing although this host signed the log. */
    readonly anchorForged: boolean;
    /** Records after the last verified checkpoint: protected by the chain only. */
    readonly tailRecords: number;
    /** No tampering was detected (unverifiable parts are not tampering). */
    readonly intact: boolean;
    /** One sentence per finding, in log order, for people. */
    readonly problems: readonly string[];
}
/** Verify the log described by `input`. */
export declare function verifyLog(input: Readonly<VerifyLogInput>, ports: LogPorts): IntegrityReport;
/** Split into lines; a final segment without a newline is a torn line. */
export declare function splitLines(log: Uint8Array): {
    lines: Uint8Array[];
    torn: boolean;
};
/** Whether `baseline.json` is the one this host saved, and why not. */
export interface BaselineJudgement {
    readonly tampered: boolean;
    readonly problem: string | null;
    /** Why an untampered baseline cannot make a claim proven (this host did not sign it), or null. */
    readonly foreign: string | null;
}
/**
 * Judge `baseline.json` (its sha256, `null` when absent) against the last
 * `baseline-saved` marker. While this host's key is loaded the marker must
 * carry this host's signature over the digest: anyone who can write the log
 * can append a well-linked marker (and the next checkpoint would cover it),
 * but only the key holder can sign one. A marker under a key this host does
 * not hold is not forged while no checkpoint in the log is this host's, but
 * it is not this host's either: the baseline is `foreign`, it grades but
 * never proves (an agent that can write a workspace store can plant a log and
 * a baseline signed with a key of its own, recording as failing the check it
 * is about to break).
 */
export declare function judgeBaseline(records: readonly (LogRecord | null)[], digest: string | null, signerAvailable: boolean, ports: LogPorts, hostKeyMissing?: boolean): BaselineJudgement;
