/**
 * Blank out the parts of an answer whose numbers are never claims: fenced
 * code blocks, inline code, URLs, markdown link targets and file paths.
 * Every masked character becomes a space, so offsets stay those of the
 * original text and masked text cannot glue neighbouring words together.
 */
export function maskUncheckedSpans(answer) {
    let text = answer;
    for (const pattern of MASKED_SPANS) {
        text = text.replace(pattern, (span) => blank(span));
    }
    return text;
}
const MASKED_SPANS = [
    // Fenced code blocks (``` or ~~~, three or more), up to the closing fence or the end.
    /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/gm,
    // Inline code, with any run length of backticks.
    /(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g,
    // Markdown link and image targets: the `(...)` after `]`.
    /\]\([^)\s]*(?:\s+"[^"]*")?\)/g,
    // URLs and bare www. hosts.
    /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>()]+/gi,
    // Paths: runs without spaces that hold a slash or backslash and a letter
    // (`/var/log/1708.log`, `C:\runs\1708`); `2400/1500` stays for the fraction rules.
    /(?<![\w.~@%+=:/\\-])(?=[\w.~@%+=:/\\-]*[A-Za-z])[\w.~@%+=:-]*[/\\][\w.~@%+=:/\\-]*/g,
    // File names with an extension of letters: report_2024.csv, run1708.log.
    /\b[\w-]+\.[a-z][a-z0-9]{0,7}\b/gi,
];
function blank(span) {
    return span.replace(/[^\n]/g, ' ');
}
