import { extractClaims, type NumberClaim } from './claims.js';
import { findUnreportedFailures, type ToolCallOutcome } from './failures.js';
import type { Findings } from './findings.js';
import { formatNote, formatNotice } from './note.js';
import type { ResultCheckOptions } from './options.js';
import { findUnsourcedClaims } from './sources.js';

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

const NOTHING: Findings = Object.freeze({ failures: Object.freeze([]), numbers: Object.freeze([]) });

function distinctByText(claims: readonly NumberClaim[]): NumberClaim[] {
  const seen = new Set<string>();
  return claims.filter((claim) => !seen.has(claim.text) && Boolean(seen.add(claim.text)));
}

function shouldCheckNumbers(input: Readonly<TurnInput>, options: ResultCheckOptions): boolean {
  if (!options.checkNumbers || input.resumed) return false;
  return !options.numbersNeedToolCall || input.calls.length > 0;
}

/** Check the final answer against the session; pure, no model call. */
export function checkAnswer(input: Readonly<TurnInput>, options: ResultCheckOptions): Findings {
  if (input.subagent && options.skipSubagents) return NOTHING;
  if (input.answer.trim() === '') return NOTHING;
  const failures = options.checkFailures ? findUnreportedFailures(input.calls, input.answer, options) : [];
  let numbers: NumberClaim[] = [];
  if (shouldCheckNumbers(input, options)) {
    const claims = extractClaims(input.answer, options);
    numbers = claims.length === 0 ? [] : distinctByText(findUnsourcedClaims(claims, input.sources));
  }
  return failures.length === 0 && numbers.length === 0 ? NOTHING : { failures, numbers };
}

/**
 * Decide whether the turn gets one more step: `undefined` when the answer is
 * fine or the turn already had `maxNudgesPerTurn` notes.
 */
export function decideNudge(input: Readonly<TurnInput>, options: ResultCheckOptions): Nudge | undefined {
  if (input.nudgesThisTurn >= options.maxNudgesPerTurn) return undefined;
  const findings = checkAnswer(input, options);
  if (findings.failures.length === 0 && findings.numbers.length === 0) return undefined;
  return { findings, note: formatNote(findings, options), notice: formatNotice(findings) };
}
