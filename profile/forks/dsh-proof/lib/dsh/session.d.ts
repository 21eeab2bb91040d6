import { type WorkspaceChange } from '../core/workspace-state.js';
import type { WorkspaceStatePort } from '../engine/node-workspace-state.js';
import type { EvidenceStore } from '../store/index.js';
import type { Touches } from './engine-port.js';
export declare class TouchSet {
    private readonly digests;
    private opaque;
    private readonly pending;
    private readonly reported;
    private readonly generations;
    /** Record that the tool stream wrote `path`; its digest is taken now (asynchronously). */
    touch(path: string): void;
    /** A shell ran: its writes are unknown, and files written earlier may have changed through it. */
    shellRan(): void;
    /** Hold readers of the set (`snapshot`, `settle`) until `work` settled. */
    follow(work: Promise<void>): void;
    /** Every pending fingerprint (and followed work) settled. */
    settle(): Promise<void>;
    /** The set as the engine takes it, after every pending fingerprint settled. */
    snapshot(): Promise<Touches>;
    /**
     * Files whose bytes no longer match what the tool stream left (changed
     * outside it), each reported once per foreign content.
     */
    newDrift(): Promise<string[]>;
    private fingerprint;
    private track;
    private settled;
}
/** sha256 of the file's bytes; `null` when it does not exist (or cannot be read). */
export declare function digestOf(path: string): Promise<string | null>;
/**
 * What each shell call changed: git's view of the workspace is read when the
 * call is about to run and again when its result arrives (see
 * `core/workspace-state.ts`). A call whose start was not seen compares as
 * unknown: the caller then assumes it changed the workspace.
 */
export declare class ShellWatch {
    private readonly port;
    private readonly before;
    constructor(port: WorkspaceStatePort);
    /** `call` is about to run: read the state now (resolves once read). */
    starting(call: object): Promise<void>;
    /** `call` ended: compare the state now with the state before it. */
    ended(call: object): Promise<WorkspaceChange>;
    private read;
}
/**
 * What the tool stream changed since the last saved baseline. A baseline
 * taken after the session's own edits would record the session's failures
 * as pre-existing (never charged): refreshing it then needs the user.
 */
export declare class BaselineGuard {
    private since;
    /** A baseline was saved in this session (it counts even if its file was deleted since). */
    private saved;
    /** A write/edit tool changed files. */
    filesWritten(): void;
    /** A shell ran (its writes cannot be listed). */
    shellRan(): void;
    baselineSaved(): void;
    /**
     * Whether taking a baseline now needs approval: after file writes always;
     * after a shell only when a baseline exists (before the first one, shells
     * that only look around are the norm; `requireBaseline: ask` gates them).
     */
    needsApproval(hasBaseline: boolean): boolean;
}
/** Per-agent turn bookkeeping for the turn-end enforcement. */
export interface TurnState {
    /** A mutation happened since the last turn end. */
    mutated: boolean;
    /** The last claim after the last mutation was proven. */
    proven: boolean;
    /** The turn already steered (steering happens once per turn). */
    steeredTurn: number | null;
}
export declare function newTurnState(): TurnState;
/** One workspace as the adapter sees it. */
export interface WorkspaceSession<Engine> {
    readonly root: string;
    readonly store: EvidenceStore;
    readonly engine: Engine;
    readonly touches: TouchSet;
}
