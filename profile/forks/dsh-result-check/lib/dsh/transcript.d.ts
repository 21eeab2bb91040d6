import type { Agent } from '@deepseek-ai/dsh-agent';
import type { TurnInput } from '../core/check.js';
/** The plugin's message source name; its own notes are recognised by it. */
export declare const PLUGIN_SOURCE = "dsh-result-check";
/**
 * Translate the live session of `agent` into the core's view of `turn`:
 * the final answer, the turn's tool calls and the session's sources.
 */
export declare function readTurn(agent: Agent, turn: number, nudgesThisTurn: number): TurnInput;
