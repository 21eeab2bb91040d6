/**
 * The node side of the evidence log: an append-only JSON-lines file whose
 * appends go through one single-flight queue (so concurrent appends cannot
 * fork the chain), signed checkpoints every `checkpointEvery` records and at
 * every boundary the caller marks, the out-of-band anchor, and the
 * `baseline.json` digest marker.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { canonicalJson } from '../core/canonical.js';
import { ProofError } from '../core/errors.js';
import { advancesAnchor, baselineMessage, checkpointMessage, decodeRecord, encodeRecord, GENESIS_HASH, parseAnchor, splitLines, verifyLog, } from '../core/log/index.js';
import { isMissing, readFileIfExists, writeFileAtomic } from './files.js';
import { locateStore } from './location.js';
import { withFileLock } from './lock.js';
import { loadSigner, logPorts } from './signer.js';
export const DEFAULT_CHECKPOINT_EVERY = 32;
const STORE_GITIGNORE = '# dsh-proof evidence store: not part of the project, never committed\n*\n';
/**
 * One append queue per log file for the whole process, so two stores opened
 * on the same workspace (two sessions, a re-applied plugin) still take turns.
 */
const queues = new Map();
export class EvidenceStore {
    location;
    checkpointEvery;
    workspaceRoot;
    state = null;
    signerLoad = null;
    outageRecorded = false;
    constructor(options) {
        this.location = locateStore({
            dshHome: options.dshHome,
            workspaceRoot: options.workspaceRoot,
            evidenceStore: options.evidenceStore ?? 'host',
        });
        const every = options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY;
        if (!Number.isSafeInteger(every) || every < 1)
            throw new RangeError(`checkpointEvery must be a positive integer, got ${String(every)}`);
        this.checkpointEvery = every;
        this.workspaceRoot = resolve(options.workspaceRoot);
    }
    /** Append one evidence record (engine output, stored verbatim). */
    appendEvidence(data) {
        return this.enqueue(() => this.appendWithCadence({ kind: 'evidence', data }));
    }
    /** Append a marker record about the log itself. */
    appendMarker(marker, data = {}) {
        return this.enqueue(() => this.appendWithCadence({ kind: 'marker', data: { ...data, marker } }));
    }
    /**
     * Mark a boundary (baseline, verify, claim): sign a checkpoint over every
     * record so far. `null` when there is nothing new to commit to or no signer.
     */
    checkpoint() {
        return this.enqueue(() => this.writeCheckpointIfDue(1));
    }
    /**
     * Save `baseline.json` (plain JSON text) and chain its sha256, signed with
     * this host's key, so a later substitution is detected (a marker appended
     * by someone else carries no valid signature); then checkpoint.
     */
    saveBaseline(text) {
        return this.enqueue(async () => {
            const digest = sha256(Buffer.from(text, 'utf8'));
            const signer = await this.signer();
            const signed = signer === null ? {} : { keyId: signer.keyId, signature: signer.sign(baselineMessage(digest)) };
            await this.appendWithCadence({ kind: 'marker', data: { marker: 'baseline-saved', digest, ...signed } });
            await writeFileAtomic(this.location.baselineFile, text);
            await this.writeCheckpointIfDue(1);
            return { digest };
        });
    }
    /** An aborted baseline: its evidence enters the chain, `baseline.json` is left untouched. */
    recordAbortedBaseline(data) {
        return this.enqueue(async () => {
            const appended = await this.appendWithCadence({ kind: 'marker', data: { ...data, marker: 'baseline-aborted' } });
            await this.writeCheckpointIfDue(1);
            return appended;
        });
    }
    /** Whether a `baseline.json` exists (verified or not). */
    async hasBaseline() {
        return (await fileSize(this.location.baselineFile, -1)) >= 0;
    }
    /**
     * `baseline.json`'s text, `null` when no baseline was saved. Throws
     * `baseline_tampered` when its bytes are not the ones this host recorded
     * (digest and signature in the chain), or when the log lost its anchored
     * checkpoint: a log rewound or replaced (an older copy, another
     * workspace's) brings its own signed baseline, which must not grade.
     */
    readBaseline() {
        return this.enqueue(async () => {
            const bytes = await readFileIfExists(this.location.baselineFile);
            if (bytes === null)
                return null;
            const report = await this.verify(bytes);
            const problems = report.problems.filter((p) => /baseline|anchor|rewound|truncated/.test(p));
            if (report.rewindDetected || report.anchorForged) {
                throw new ProofError('baseline_tampered', `${this.location.baselineFile} cannot be trusted (${problems.join('; ')}): no baseline grades anything until the user reviews the log (proof_status) and, to accept it, removes the anchor ${this.location.anchorFile}`);
            }
            if (report.baselineTampered) {
                throw new ProofError('baseline_tampered', `${this.location.baselineFile} cannot be trusted (${problems.join('; ')}): run proof_status, then proof_baseline to take a new baseline`);
            }
            return { text: bytes.toString('utf8'), foreign: report.baselineForeign ? (problems.find((p) => p.includes('baseline-saved marker')) ?? 'this host did not sign it') : null };
        }, 'read');
    }
    /** Verify the log, the anchor and the baseline digest (after pending appends). */
    integrity() {
        return this.enqueue(async () => this.verify(await readFileIfExists(this.location.baselineFile)), 'read');
    }
    async verify(baseline) {
        const [log, anchorBytes, signer] = await Promise.all([
            readFileIfExists(this.location.logFile),
            readFileIfExists(this.location.anchorFile),
            this.peekSigner(),
        ]);
        const anchor = anchorBytes === null ? null : (parseAnchor(anchorBytes.toString('utf8')) ?? 'malformed');
        // Before the first record there is no key yet: it is made on first use,
        // so the chain will be signed unless the key exists and fails to load.
        const empty = log === null || log.length === 0;
        const signerAvailable = signer.signer !== undefined || (empty && signer.missing);
        const hostKeyMissing = signer.signer === undefined && signer.missing && !empty;
        return verifyLog({ log, anchor, baselineDigest: baseline === null ? null : sha256(baseline), signerAvailable, hostKeyMissing }, logPorts(signer.signer ?? null));
    }
    /** Wait for every queued append. */
    async flush() {
        await this.enqueue(async () => undefined, 'read');
    }
    /**
     * Run `task` after every earlier task on this log (in this process) and
     * under the log's lock file (across processes). A read of a store that does
     * not exist yet needs no lock, and must not create the store.
     */
    enqueue(task, access = 'write') {
        const key = this.location.logFile;
        const locked = async () => {
            if (access === 'write')
                await this.ensureDir();
            else if ((await fileSize(this.location.dir, -1)) < 0)
                return task();
            return withFileLock(`${key}.lock`, task);
        };
        const run = (queues.get(key) ?? Promise.resolve()).then(locked);
        const settled = run.then(() => undefined, () => undefined);
        queues.set(key, settled);
        // Forget the queue once it drains, so the map does not grow with every workspace.
        void settled.then(() => {
            if (queues.get(key) === settled)
                queues.delete(key);
        });
        return run;
    }
    async appendWithCadence(body) {
        const signer = await this.signer();
        if (signer === null && !this.outageRecorded) {
            this.outageRecorded = true;
            await this.writeRecord({ kind: 'marker', data: { marker: 'signer-unavailable', reason: await this.signerError() } });
        }
        const appended = await this.writeRecord(body);
        await this.writeCheckpointIfDue(this.checkpointEvery);
        return appended;
    }
    async writeCheckpointIfDue(threshold) {
        const state = await this.currentState();
        if (state.sinceCheckpoint < threshold)
            return null;
        const signer = await this.signer();
        if (signer === null)
            return null;
        const payload = { count: state.count, head: state.head };
        const signature = signer.sign(checkpointMessage(payload));
        const appended = await this.writeRecord({ kind: 'checkpoint', data: { ...payload, keyId: signer.keyId, signature } });
        await this.advanceAnchor({ ...payload, keyId: signer.keyId, signature });
        return appended;
    }
    async advanceAnchor(candidate) {
        const bytes = await readFileIfExists(this.location.anchorFile);
        const current = bytes === null ? null : parseAnchor(bytes.toString('utf8'));
        // An unreadable anchor is left in place: overwriting it would erase the
        // evidence that someone wrote to it.
        if (bytes !== null && current === null)
            return;
        if (!advancesAnchor(current, candidate))
            return;
        // Nor is an anchor the log no longer holds moved on: a cut or replaced
        // log that grew past it again would otherwise erase the evidence (and
        // make a restored older baseline usable). Whoever accepts the cut
        // removes the anchor by hand.
        if (current !== null && !(await this.logHolds(current)))
            return;
        await writeFileAtomic(this.location.anchorFile, `${canonicalJson(candidate)}\n`, 0o600);
    }
    /** Whether the log still holds the checkpoint `anchor` mirrors, at its position. */
    async logHolds(anchor) {
        const log = await readFileIfExists(this.location.logFile);
        const line = log === null ? undefined : splitLines(log).lines[anchor.count];
        const record = line === undefined ? undefined : decodeRecord(line).record;
        return record?.kind === 'checkpoint' && record.data.count === anchor.count && record.data.head === anchor.head;
    }
    async writeRecord(body) {
        const state = await this.currentState();
        const line = encodeRecord(state.count, state.head, body);
        // After a torn final line, start on a fresh line: the torn one stays
        // visible as a broken record instead of being glued to this one.
        const text = `${state.endsWithNewline ? '' : '\n'}${line}\n`;
        const bytes = Buffer.from(text, 'utf8');
        await appendFile(this.location.logFile, bytes);
        const appended = { seq: state.count, hash: sha256(Buffer.from(line, 'utf8')) };
        state.count += 1;
        state.head = appended.hash;
        state.sinceCheckpoint = body.kind === 'checkpoint' ? 0 : state.sinceCheckpoint + 1;
        state.size += bytes.length;
        state.endsWithNewline = true;
        return appended;
    }
    /**
     * Create the store directory with a `.gitignore` of `*`: a store inside the
     * workspace (`.proof/`) must stay out of git and so out of the change sets
     * the engine computes from it (and out of the user's commits).
     */
    async ensureDir() {
        await mkdir(this.location.dir, { recursive: true });
        await writeFile(join(this.location.dir, '.gitignore'), STORE_GITIGNORE, { flag: 'wx' }).catch((error) => {
            if (error.code !== 'EEXIST')
                throw error;
        });
    }
    /** The cached end of the chain, re-read when the file changed behind our back. */
    async currentState() {
        const size = await fileSize(this.location.logFile);
        if (this.state === null || this.state.size !== size)
            this.state = await this.readState();
        return this.state;
    }
    async readState() {
        const log = await readFileIfExists(this.location.logFile);
        if (log === null || log.length === 0)
            return { count: 0, head: GENESIS_HASH, sinceCheckpoint: 0, size: log?.length ?? 0, endsWithNewline: true };
        const { lines, torn } = splitLines(log);
        const last = lines[lines.length - 1] ?? new Uint8Array();
        let sinceCheckpoint = 0;
        for (let i = lines.length - 1; i >= 0; i--) {
            const line = lines[i];
            if (line !== undefined && decodeRecord(line).record?.kind === 'checkpoint')
                break;
            sinceCheckpoint++;
        }
        return { count: lines.length, head: sha256(last), sinceCheckpoint, size: log.length, endsWithNewline: !torn };
    }
    signer() {
        this.signerLoad ??= this.loadKey(true);
        return this.signerLoad.then((load) => load.signer ?? null);
    }
    /**
     * The host key, unless `$DSH_HOME` lies inside the workspace (dsh started
     * in the home directory): a key the agent can read signs nothing it could
     * not forge, so the chain degrades loudly to hash-only instead.
     */
    loadKey(create) {
        const inside = relative(this.workspaceRoot, this.location.keyDir);
        if (inside === '' || (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside))) {
            return Promise.resolve({
                error: 'the key directory $DSH_HOME/proof/keys lies inside the workspace, where the agent can read and replace the key: checkpoints are not signed (run with DSH_HOME outside the workspace)',
                missing: false,
            });
        }
        return loadSigner(this.location.keyDir, { create });
    }
    async signerError() {
        const load = await this.signerLoad;
        return (load?.error ?? 'unknown').split(this.location.keyDir).join('$DSH_HOME/proof/keys');
    }
    /** The signer for verification: never creates a key just to look. */
    peekSigner() {
        return this.signerLoad ?? this.loadKey(false);
    }
}
function sha256(bytes) {
    return createHash('sha256').update(bytes).digest('hex');
}
/** The file's size, `missing` when it does not exist. */
async function fileSize(path, missing = 0) {
    try {
        return (await stat(path)).size;
    }
    catch (error) {
        if (isMissing(error))
            return missing;
        throw error;
    }
}
