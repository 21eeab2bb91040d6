import { createUserMessage } from '@deepseek-ai/dsh-llm';
import Schema from '@deepseek-ai/schemastery';
import { decideNudge } from '../core/check.js';
import { DEFAULT_OPTIONS, resolveOptions } from '../core/options.js';
import { PLUGIN_SOURCE, readTurn } from './transcript.js';
export const name = 'dsh-result-check';
/** The plugin listens to agent events on the root context and needs no service. */
export const inject = [];
const d = DEFAULT_OPTIONS;
export const Config = Schema.object({
    checkFailures: Schema.boolean().default(d.checkFailures).description('Flag tool failures the final answer does not mention.'),
    checkNumbers: Schema.boolean().default(d.checkNumbers).description('Flag numbers no tool output, tool argument or user message contains.'),
    numbersNeedToolCall: Schema.boolean()
        .default(d.numbersNeedToolCall)
        .description('Check numbers only in turns that called a tool.'),
    minIntegerDigits: Schema.natural().min(1).max(15).default(d.minIntegerDigits).description('Integers with fewer digits are not checked.'),
    failureStatuses: Schema.array(Schema.string())
        .default([...d.failureStatuses])
        .description('JSON `status` values that mark a tool result as failed (`*` is a wildcard).'),
    ignoreTools: Schema.array(Schema.string()).default([]).description('Tools (with `*` wildcards) whose failures are ignored.'),
    skipSubagents: Schema.boolean().default(d.skipSubagents).description('Leave subagent sessions alone.'),
    maxNudgesPerTurn: Schema.natural().max(10).default(d.maxNudgesPerTurn).description('Extra steps the check may ask for in one turn.'),
    maxListedNumbers: Schema.natural().min(1).max(100).default(d.maxListedNumbers).description('Numbers listed in one note at most.'),
}).description('dsh-result-check: checks the final answer against the session before a turn ends.');
/** The steering message: the note for the model, shown to the user as a one-line notice. */
function steeringMessage(nudge) {
    return createUserMessage({
        content: [{ type: 'text', text: nudge.note }],
        source: { kind: 'plugin', plugin: PLUGIN_SOURCE, form: 'notice', summary: nudge.notice },
    });
}
/**
 * Listen to `agent/turn-stopping` and steer the agent once more when the
 * final answer fails the check. Config problems throw here, so the plugin
 * does not start with settings the user did not mean.
 */
export function apply(ctx, config) {
    const options = resolveOptions(config);
    // Notes given per agent in its current turn; a new turn number starts over.
    const given = new WeakMap();
    ctx.on('agent/turn-stopping', ({ agent, turn, signal }) => {
        if (signal.aborted)
            return;
        const seen = given.get(agent);
        const count = seen?.turn === turn ? seen.count : 0;
        let nudge;
        try {
            nudge = decideNudge(readTurn(agent, turn, count), options);
        }
        catch (error) {
            // A listener error here would fail the user's turn; a check that cannot
            // run stays quiet and says why in the log instead.
            ctx.logger(name).warn('check skipped for turn %d: %s', turn, error);
            return;
        }
        if (nudge === undefined)
            return;
        given.set(agent, { turn, count: count + 1 });
        agent.steer(steeringMessage(nudge));
    });
}
