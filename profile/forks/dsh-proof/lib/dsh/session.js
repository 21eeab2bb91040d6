/**
 * What the adapter remembers about one workspace between calls: the
 * evidence store, the engine, and the tool-touch set (file fingerprints the
 * engine's provenance needs). State only; decisions live in the engine.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { diffReadings, unknownReading } from '../core/workspace-state.js';
export class TouchSet {
    digests = new Map();
    opaque = false;
    pending = new Set();
    reported = new Set();
    generations = new Map();
    /** Record that the tool stream wrote `path`; its digest is taken now (asynchronously). */
    touch(path) {
        this.track(this.fingerprint(path));
    }
    /** A shell ran: its writes are unknown, and files written earlier may have changed through it. */
    shellRan() {
        this.opaque = true;
        for (const path of this.digests.keys())
            this.track(this.fingerprint(path));
    }
    /** Hold readers of the set (`snapshot`, `settle`) until `work` settled. */
    follow(work) {
        this.track(work);
    }
    /** Every pending fingerprint (and followed work) settled. */
    settle() {
        return this.settled();
    }
    /** The set as the engine takes it, after every pending fingerprint settled. */
    async snapshot() {
        await this.settled();
        const files = {};
        for (const [path, digest] of [...this.digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
            files[path] = { digest };
        return { files, opaque: this.opaque };
    }
    /**
     * Files whose bytes no longer match what the tool stream left (changed
     * outside it), each reported once per foreign content.
     */
    async newDrift() {
        await this.settled();
        const drifted = [];
        for (const [path, digest] of this.digests) {
            const now = await digestOf(path);
            const seen = `${path}\0${now ?? 'deleted'}`;
            if (now === digest || this.reported.has(seen))
                continue;
            this.reported.add(seen);
            drifted.push(path);
        }
        return drifted.sort();
    }
    async fingerprint(path) {
        // Reads may settle out of order: only the latest one for a path counts.
        const generation = (this.generations.get(path) ?? 0) + 1;
        this.generations.set(path, generation);
        const digest = await digestOf(path);
        if (this.generations.get(path) === generation)
            this.digests.set(path, digest);
    }
    track(work) {
        this.pending.add(work);
        void work.finally(() => this.pending.delete(work));
    }
    async settled() {
        while (this.pending.size > 0)
            await Promise.allSettled([...this.pending]);
    }
}
/** sha256 of the file's bytes; `null` when it does not exist (or cannot be read). */
export async function digestOf(path) {
    try {
        return createHash('sha256').update(await readFile(path)).digest('hex');
    }
    catch {
        return null;
    }
}
/**
 * What each shell call changed: git's view of the workspace is read when the
 * call is about to run and again when its result arrives (see
 * `core/workspace-state.ts`). A call whose start was not seen compares as
 * unknown: the caller then assumes it changed the workspace.
 */
export class ShellWatch {
    port;
    before = new WeakMap();
    constructor(port) {
        this.port = port;
    }
    /** `call` is about to run: read the state now (resolves once read). */
    async starting(call) {
        const reading = this.read();
        this.before.set(call, reading);
        await reading;
    }
    /** `call` ended: compare the state now with the state before it. */
    async ended(call) {
        const before = this.before.get(call);
        this.before.delete(call);
        if (before === undefined)
            return { kind: 'unknown', reason: 'not-observed' };
        const reading = await before;
        // Unknown before stays unknown: no need to read after.
        return reading.kind === 'unknown' ? { kind: 'unknown', reason: reading.reason } : diffReadings(reading, await this.read());
    }
    read() {
        return this.port.read().catch(() => unknownReading('git-failed'));
    }
}
/**
 * What the tool stream changed since the last saved baseline. A baseline
 * taken after the session's own edits would record the session's failures
 * as pre-existing (never charged): refreshing it then needs the user.
 */
export class BaselineGuard {
    since = 'none';
    /** A baseline was saved in this session (it counts even if its file was deleted since). */
    saved = false;
    /** A write/edit tool changed files. */
    filesWritten() {
        this.since = 'files';
    }
    /** A shell ran (its writes cannot be listed). */
    shellRan() {
        if (this.since === 'none')
            this.since = 'shell';
    }
    baselineSaved() {
        this.since = 'none';
        this.saved = true;
    }
    /**
     * Whether taking a baseline now needs approval: after file writes always;
     * after a shell only when a baseline exists (before the first one, shells
     * that only look around are the norm; `requireBaseline: ask` gates them).
     */
    needsApproval(hasBaseline) {
        return this.since === 'files' || (this.since === 'shell' && (hasBaseline || this.saved));
    }
}
export function newTurnState() {
    return { mutated: false, proven: false, steeredTurn: null };
}
