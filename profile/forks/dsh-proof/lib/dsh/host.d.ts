/**
 * The part of the dsh host the adapter touches, as structural types: the
 * real Cordis context satisfies them (see the rc.8 declarations of
 * dsh-tools, dsh-agent and dsh-system-prompt), and so does the small stand-in
 * the tests build.
 */
import type { ToolDefinition } from '@deepseek-ai/dsh-tools';
import type { UserMessage } from '@deepseek-ai/dsh-llm';
/** The agent fields the adapter reads. */
export interface HostAgent {
    readonly id: string;
    readonly session: {
        readonly header: {
            readonly cwd?: string;
        };
    };
    steer(message: UserMessage): void;
}
/** A tool call as the pipeline hands it to listeners. */
export interface HostToolCall {
    readonly name: string;
    readonly arguments: unknown;
    readonly agent?: HostAgent;
}
export type PreDecision = {
    kind: 'allow';
} | {
    kind: 'deny';
    reason: string;
} | {
    kind: 'ask';
    reason?: string;
};
export interface HostToolResult {
    readonly isError: boolean;
    readonly value?: unknown;
}
export interface HostEvents {
    'tools/pre-execute': (exec: HostToolCall, next: () => Promise<PreDecision>) => Promise<PreDecision>;
    'tools/result': (exec: HostToolCall, result: HostToolResult) => undefined;
    'agent/turn-stopping': (payload: {
        agent: HostAgent;
        turn: number;
        signal: AbortSignal;
    }) => Promise<void>;
}
export interface HostContext {
    on<K extends keyof HostEvents>(event: K, listener: HostEvents[K]): () => void;
    readonly tools: {
        register(definition: ToolDefinition): unknown;
    };
    readonly systemPrompt: {
        section(section: {
            name: string;
            order: number;
            text: string;
        }): () => void;
    };
}
