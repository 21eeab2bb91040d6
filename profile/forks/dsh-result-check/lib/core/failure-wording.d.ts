/**
 * Does an answer report a failure? The reading is built from classes of
 * wording rather than one list of words: failure nouns and verbs, verbs of
 * not answering, stopping, crashing and not obtaining, and the negation of
 * success verbs, in English and Chinese. A failure word that is counted as
 * zero, negated, or only names a thing (`0 failed`, `no errors`,
 * `error-free`, `the failed-login table`, `错误率`) reports nothing.
 */
/**
 * Whether the answer says, in English or Chinese, that something failed.
 * Broad on purpose: any wording of failure that is not denied counts,
 * because the check only wants to catch answers that are silent about one.
 */
export declare function mentionsFailure(answer: string): boolean;
