/** The plugin's message source name; its own notes are recognised by it. */
export const PLUGIN_SOURCE = 'dsh-result-check';
/** Model-facing text of content blocks; images and reasoning carry no text to check. */
function blocksText(blocks) {
    const texts = [];
    for (const block of blocks) {
        if (block.type === 'text')
            texts.push(block.text);
        else if (block.type === 'tool-result')
            texts.push(blocksText(block.content));
    }
    return texts.join('\n');
}
function isOwnNote(source) {
    return source.kind === 'plugin' && source.plugin === PLUGIN_SOURCE;
}
function resultOutcome(event, toolNames) {
    const [block] = event.data.message.content;
    return {
        tool: toolNames.get(event.data.message.source.callId) ?? '',
        isError: block.isError === true || event.data.error !== undefined,
        output: blocksText(event.data.message.content),
    };
}
/** The text of the turn's last assistant message, `''` when it has none. */
function finalAnswer(events, turn) {
    for (let i = events.length - 1; i >= 0; i -= 1) {
        const event = events[i];
        if (event?.type === 'assistant/message' && event.data.turn === turn)
            return blocksText(event.data.message.content);
    }
    return '';
}
/**
 * Translate the live session of `agent` into the core's view of `turn`:
 * the final answer, the turn's tool calls and the session's sources.
 */
export function readTurn(agent, turn, nudgesThisTurn) {
    const session = agent.session;
    const events = session.events;
    const toolNames = new Map();
    const calls = [];
    const sources = [];
    for (const event of events) {
        switch (event.type) {
            case 'tool/call':
                toolNames.set(event.data.callId, event.data.name);
                sources.push(event.data.arguments);
                break;
            case 'tool/result': {
                const outcome = resultOutcome(event, toolNames);
                sources.push(outcome.output);
                if (event.data.turn === turn)
                    calls.push(outcome);
                break;
            }
            case 'user/message':
                if (!isOwnNote(event.data.source))
                    sources.push(blocksText(event.data.content));
                break;
            default:
                break;
        }
    }
    const header = session.header;
    return {
        answer: finalAnswer(events, turn),
        calls,
        sources,
        resumed: session.firstLiveSeq > 0,
        subagent: header.origin === 'subagent' || (header.delegationDepth ?? 0) > 0,
        nudgesThisTurn,
    };
}
