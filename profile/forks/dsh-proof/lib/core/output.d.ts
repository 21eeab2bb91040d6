/**
 * Collects a process's output as bytes and decodes it once at the end, so a
 * multi-byte character split across two chunks is never mangled. Output past
 * `maxBytes` keeps its head and its tail (where runners print summaries) and
 * counts the bytes dropped in between.
 */
export declare const DEFAULT_MAX_OUTPUT_BYTES: number;
export interface CollectedOutput {
    readonly text: string;
    readonly totalBytes: number;
    readonly droppedBytes: number;
}
export declare class OutputCollector {
    private readonly half;
    private head;
    private headBytes;
    private tail;
    private tailBytes;
    private total;
    constructor(maxBytes?: number);
    push(chunk: Uint8Array): void;
    finish(): CollectedOutput;
}
/**
 * Strict UTF-8 decoding; bytes that are not valid UTF-8 are written as
 * `\xNN` escapes instead of U+FFFD, so distinct binary outputs stay distinct
 * and nothing is silently replaced.
 */
export declare function decodeUtf8(bytes: Uint8Array): string;
