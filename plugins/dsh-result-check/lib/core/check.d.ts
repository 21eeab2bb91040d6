import { type ToolCallOutcome } from './failures.js';
import type { Findings } from './findings.js';
import type { ResultCheckOptions } from './options.js';
/** What the check needs to know about the turn that is about to end. */
export interface TurnInput {
    /** The text of the final answer. */
    readonly answer: string;
    /** This turn's tool calls and results, in call order. */
    readonly calls: readonly Readonly<ToolCallOutcome>[];
    /** Every tool output, tool argument and user message of the session (never the check's own notes). */
    readonly sources: readonly string[];
    /** The session was not watched from turn 1 (resumed or forked): its numbers are not checked. */
    readonly resumed: boolean;
    /** The session belongs to a subagent. */
    readonly subagent: boolean;
    /** How many notes the check already gave in this turn. */
    readonly nudgesThisTurn: number;
}
export type { Findings } from './findings.js';
/** The note for the model and the one-line notice for the user. */
export interface Nudge {
    readonly findings: Findings;
    /** Model-facing text given as steering for one more step. */
    readonly note: string;
    /** One line shown in the conversation, e.g. `Result check: 2 unsourced numbers`. */
    readonly notice: string;
}
/** Check the final answer against the session; pure, no model call. */
export declare function checkAnswer(input: Readonly<TurnInput>, options: ResultCheckOptions): Findings;
/**
 * Decide whether the turn gets one more step: `undefined` when the answer is
 * fine or the turn already had `maxNudgesPerTurn` notes.
 */
export declare function decideNudge(input: Readonly<TurnInput>, options: ResultCheckOptions): Nudge | undefined;
