/**
 * Collects a process's output as bytes and decodes it once at the end, so a
 * multi-byte character split across two chunks is never mangled. Output past
 * `maxBytes` keeps its head and its tail (where runners print summaries) and
 * counts the bytes dropped in between.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
export class OutputCollector {
    half;
    head = [];
    headBytes = 0;
    tail = [];
    tailBytes = 0;
    total = 0;
    constructor(maxBytes = DEFAULT_MAX_OUTPUT_BYTES) {
        this.half = Math.max(1, Math.floor(maxBytes / 2));
    }
    push(chunk) {
        this.total += chunk.length;
        let rest = chunk;
        if (this.headBytes < this.half) {
            const take = Math.min(this.half - this.headBytes, rest.length);
            this.head.push(rest.subarray(0, take));
            this.headBytes += take;
            rest = rest.subarray(take);
        }
        if (rest.length === 0)
            return;
        this.tail.push(rest);
        this.tailBytes += rest.length;
        while (this.tailBytes - (this.tail[0]?.length ?? 0) >= this.half) {
            this.tailBytes -= this.tail.shift().length;
        }
    }
    finish() {
        const head = concat(this.head);
        let tail = concat(this.tail);
        let dropped = this.total - head.length - tail.length;
        if (dropped === 0)
            return { text: decodeUtf8(concat([head, tail])), totalBytes: this.total, droppedBytes: 0 };
        // Trim the tail to at most `half` bytes, starting on a character boundary.
        let start = Math.max(0, tail.length - this.half);
        while (start < tail.length && isContinuation(tail[start]))
            start++;
        dropped += start;
        tail = tail.subarray(start);
        const headEnd = completeSequencesEnd(head);
        dropped += head.length - headEnd;
        const text = `${decodeUtf8(head.subarray(0, headEnd))}\n[... ${dropped} bytes omitted ...]\n${decodeUtf8(tail)}`;
        return { text, totalBytes: this.total, droppedBytes: dropped };
    }
}
/** End of the last complete UTF-8 sequence: a cut character moves to the dropped part. */
function completeSequencesEnd(bytes) {
    let lead = bytes.length - 1;
    while (lead > 0 && bytes.length - lead < 4 && isContinuation(bytes[lead]))
        lead--;
    if (lead < 0)
        return 0;
    const b = bytes[lead];
    const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return lead + size > bytes.length ? lead : bytes.length;
}
function isContinuation(byte) {
    return (byte & 0xc0) === 0x80;
}
function concat(chunks) {
    const size = chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
        out.set(c, at);
        at += c.length;
    }
    return out;
}
/**
 * Strict UTF-8 decoding; bytes that are not valid UTF-8 are written as
 * `\xNN` escapes instead of U+FFFD, so distinct binary outputs stay distinct
 * and nothing is silently replaced.
 */
export function decodeUtf8(bytes) {
    try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        return decodeWithEscapes(bytes);
    }
}
function decodeWithEscapes(bytes) {
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let out = '';
    let i = 0;
    while (i < bytes.length) {
        const size = sequenceLength(bytes, i);
        if (size === 0) {
            out += `\\x${bytes[i].toString(16).padStart(2, '0')}`;
            i += 1;
        }
        else {
            out += strict.decode(bytes.subarray(i, i + size));
            i += size;
        }
    }
    return out;
}
/** Length of the valid UTF-8 sequence at `i`, or 0 when it is invalid. */
function sequenceLength(bytes, i) {
    const b = bytes[i];
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size <= 1)
        return size;
    if (i + size > bytes.length)
        return 0;
    for (let k = 1; k < size; k++)
        if (!isContinuation(bytes[i + k]))
            return 0;
    const b1 = bytes[i + 1];
    // Overlong forms, surrogates and values above U+10FFFF.
    if (b === 0xe0 && b1 < 0xa0)
        return 0;
    if (b === 0xed && b1 >= 0xa0)
        return 0;
    if (b === 0xf0 && b1 < 0x90)
        return 0;
    if (b === 0xf4 && b1 >= 0x90)
        return 0;
    return size;
}
