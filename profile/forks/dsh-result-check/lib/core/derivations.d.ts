/**
 * Recognise numbers the answer derives in the open: `2400 ms / 1500 ms = 1.6x`,
 * `(1708 - 1500) / 1500 ≈ 13.9%`. The result of a written-out calculation
 * whose arithmetic is right needs no source of its own; its operands still do.
 */
/**
 * Offsets (in `text`) of the numbers that are the right result of an
 * arithmetic expression written just before them with `=` or `≈`.
 * `text` should be the answer with code and URLs masked.
 */
export declare function derivedResultOffsets(text: string): Set<number>;
