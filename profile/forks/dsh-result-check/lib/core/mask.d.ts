/**
 * Blank out the parts of an answer whose numbers are never claims: fenced
 * code blocks, inline code, URLs, markdown link targets and file paths.
 * Every masked character becomes a space, so offsets stay those of the
 * original text and masked text cannot glue neighbouring words together.
 */
export declare function maskUncheckedSpans(answer: string): string;
