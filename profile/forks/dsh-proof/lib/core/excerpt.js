/**
 * Output excerpts: a check's output, cut to a character budget for the
 * evidence record. Every dropped character is accounted for by an exact
 * `[... N chars omitted ...]` marker, so kept + omitted = total always.
 */
export const DEFAULT_HEAD_CHARS = 4000;
/** Smallest budget honoured: room for a salient line and two markers. */
export const MIN_HEAD_CHARS = 200;
/**
 * Lines that usually carry the reason of a failure, in the spellings of the
 * common runners (node:test, Jest/Vitest, pytest, Go, Cargo, TAP, mocha).
 */
const SALIENT = [
    /AssertionError/,
    /\bexpected\b.*\b(?:received|got|to (?:be|equal))\b/i,
    /^\s*(?:Expected|Received)\b/,
    /Traceback \(most recent call last\)/,
    /^\s*at \S.*:\d+:\d+\)?\s*$/,
    /✖|✗|×/,
    /^\s*not ok\b/,
    /timed out/i,
    /^\s*(?:--- )?FAIL\b/,
    /panicked at/,
    /^error(?:\[E\d+\])?:/,
    /^E\s{2,}\S/,
    /\b[A-Z][A-Za-z]*Error\b:/,
];
/** True when `line` looks like the reason of a failure. */
export function isSalientLine(line) {
    return SALIENT.some((re) => re.test(line));
}
/** Marker for `n` omitted characters. */
export function omissionMarker(n) {
    return `[... ${n} chars omitted ...]`;
}
/** Excerpt `text` within the budget. */
export function excerptOutput(text, options) {
    const budget = Math.max(MIN_HEAD_CHARS, Math.floor(options?.headChars ?? DEFAULT_HEAD_CHARS));
    // Short output is kept whole, but its failure line is still picked: a
    // typical failing test run fits the budget, and a regression without its
    // quoted cause sends the reader into the raw output.
    if (text.length <= budget)
        return { text, totalChars: text.length, omittedChars: 0, salientLine: lineText(text, findSalientLine(text)) };
    return options?.strategy === 'head' ? headExcerpt(text, budget) : salientExcerpt(text, budget);
}
/** Upper bound of a marker line's length for this text (digits of the total). */
function markerCost(text) {
    return omissionMarker(text.length).length + 1;
}
function headExcerpt(text, budget) {
    const keep = safeCut(text, Math.max(0, budget - markerCost(text)));
    const omitted = text.length - keep;
    return { text: `${text.slice(0, keep)}\n${omissionMarker(omitted)}`, totalChars: text.length, omittedChars: omitted, salientLine: null };
}
function salientExcerpt(text, budget) {
    const salient = findSalientLine(text);
    const cost = markerCost(text);
    // The salient line is kept only when it fits in half the budget; the rest
    // goes to the tail, where runners print their summaries.
    const useSalient = salient !== null && salient.end - salient.start <= budget / 2;
    const reserved = useSalient ? salient.end - salient.start + 2 * cost : cost;
    const tailStart = alignTail(text, text.length - Math.max(0, budget - reserved));
    if (!useSalient)
        return joinSegments(text, [], tailStart, null);
    // A salient line reaching into the tail window (the last line, cut
    // mid-line because no line break follows it) starts the tail: it fits,
    // since the budget reserved its length.
    if (salient.end > tailStart)
        return joinSegments(text, [], Math.min(tailStart, salient.start), salient);
    return joinSegments(text, [[salient.start, salient.end]], tailStart, salient);
}
function findSalientLine(text) {
    let start = 0;
    while (start < text.length) {
        const nl = text.indexOf('\n', start);
        const end = nl < 0 ? text.length : nl + 1;
        if (isSalientLine(text.slice(start, nl < 0 ? end : nl)))
            return { start, end };
        start = end;
    }
    return null;
}
/** Move a tail start to the next line start, unless no line break follows. */
function alignTail(text, from) {
    const start = Math.max(0, from);
    if (start === 0)
        return 0;
    if (text[start - 1] === '\n')
        return start;
    const nl = text.indexOf('\n', start);
    if (nl >= 0 && nl + 1 < text.length)
        return nl + 1;
    return safeCut(text, start, true);
}
/** Never split a surrogate pair. */
function safeCut(text, at, forward = false) {
    const code = text.charCodeAt(at);
    if (at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff)
        return forward ? at + 1 : at - 1;
    return at;
}
function joinSegments(text, kept, tailStart, salient) {
    const parts = [];
    let cursor = 0;
    let omitted = 0;
    for (const [start, end] of [...kept, [tailStart, text.length]]) {
        if (start > cursor) {
            parts.push(`${omissionMarker(start - cursor)}\n`);
            omitted += start - cursor;
        }
        parts.push(text.slice(start, end));
        cursor = end;
    }
    return { text: parts.join(''), totalChars: text.length, omittedChars: omitted, salientLine: lineText(text, salient) };
}
/** The text of a line span without its line break, or null. */
function lineText(text, span) {
    return span === null ? null : text.slice(span.start, span.end).replace(/\r?\n$/, '');
}
