import { type CanonicalValue } from '../core/canonical.js';
import { type IntegrityReport, type MarkerName } from '../core/log/index.js';
import { type EvidenceStoreMode, type StoreLocation } from './location.js';
export interface EvidenceStoreOptions {
    /** `$DSH_HOME` (the caller resolves the default `~/.dsh`). */
    readonly dshHome: string;
    readonly workspaceRoot: string;
    /** Default `host`. */
    readonly evidenceStore?: EvidenceStoreMode;
    /** Records between automatic checkpoints; default 32. */
    readonly checkpointEvery?: number;
}
/** Where an appended record landed. */
export interface Appended {
    readonly seq: number;
    /** sha256 of the record's line: the new head of the chain. */
    readonly hash: string;
}
/** `baseline.json` as read from the store. */
export interface StoredBaseline {
    readonly text: string;
    /** Why it cannot make a claim proven (this host did not sign it), or null. */
    readonly foreign: string | null;
}
export declare const DEFAULT_CHECKPOINT_EVERY = 32;
export declare class EvidenceStore {
    readonly location: StoreLocation;
    private readonly checkpointEvery;
    private readonly workspaceRoot;
    private state;
    private signerLoad;
    private outageRecorded;
    constructor(options: EvidenceStoreOptions);
    /** Append one evidence record (engine output, stored verbatim). */
    appendEvidence(data: CanonicalValue): Promise<Appended>;
    /** Append a marker record about the log itself. */
    appendMarker(marker: MarkerName, data?: {
        readonly [key: string]: CanonicalValue | undefined;
    }): Promise<Appended>;
    /**
     * Mark a boundary (baseline, verify, claim): sign a checkpoint over every
     * record so far. `null` when there is nothing new to commit to or no signer.
     */
    checkpoint(): Promise<Appended | null>;
    /**
     * Save `baseline.json` (plain JSON text) and chain its sha256, signed with
     * this host's key, so a later substitution is detected (a marker appended
     * by someone else carries no valid signature); then checkpoint.
     */
    saveBaseline(text: string): Promise<{
        readonly digest: string;
    }>;
    /** An aborted baseline: its evidence enters the chain, `baseline.json` is left untouched. */
    recordAbortedBaseline(data: {
        readonly [key: string]: CanonicalValue | undefined;
    }): Promise<Appended>;
    /** Whether a `baseline.json` exists (verified or not). */
    hasBaseline(): Promise<boolean>;
    /**
     * `baseline.json`'s text, `null` when no baseline was saved. Throws
     * `baseline_tampered` when its bytes are not the ones this host recorded
     * (digest and signature in the chain), or when the log lost its anchored
     * checkpoint: a log rewound or replaced (an older copy, another
     * workspace's) brings its own signed baseline, which must not grade.
     */
    readBaseline(): Promise<StoredBaseline | null>;
    /** Verify the log, the anchor and the baseline digest (after pending appends). */
    integrity(): Promise<IntegrityReport>;
    private verify;
    /** Wait for every queued append. */
    flush(): Promise<void>;
    /**
     * Run `task` after every earlier task on this log (in this process) and
     * under the log's lock file (across processes). A read of a store that does
     * not exist yet needs no lock, and must not create the store.
     */
    private enqueue;
    private appendWithCadence;
    private writeCheckpointIfDue;
    private advanceAnchor;
    /** Whether the log still holds the checkpoint `anchor` mirrors, at its position. */
    private logHolds;
    private writeRecord;
    /**
     * Create the store directory with a `.gitignore` of `*`: a store inside the
     * workspace (`.proof/`) must stay out of git and so out of the change sets
     * the engine computes from it (and out of the user's commits).
     */
    private ensureDir;
    /** The cached end of the chain, re-read when the file changed behind our back. */
    private currentState;
    private readState;
    private signer;
    /**
     * The host key, unless `$DSH_HOME` lies inside the workspace (dsh started
     * in the home directory): a key the agent can read signs nothing it could
     * not forge, so the chain degrades loudly to hash-only instead.
     */
    private loadKey;
    private signerError;
    /** The signer for verification: never creates a key just to look. */
    private peekSigner;
}
