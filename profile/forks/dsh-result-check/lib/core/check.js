import { extractClaims } from './claims.js';
import { findUnreportedFailures } from './failures.js';
import { formatNote, formatNotice } from './note.js';
import { findUnsourcedClaims } from './sources.js';
const NOTHING = Object.freeze({ failures: Object.freeze([]), numbers: Object.freeze([]) });
function distinctByText(claims) {
    const seen = new Set();
    return claims.filter((claim) => !seen.has(claim.text) && Boolean(seen.add(claim.text)));
}
function shouldCheckNumbers(input, options) {
    if (!options.checkNumbers || input.resumed)
        return false;
    return !options.numbersNeedToolCall || input.calls.length > 0;
}
/** Check the final answer against the session; pure, no model call. */
export function checkAnswer(input, options) {
    if (input.subagent && options.skipSubagents)
        return NOTHING;
    if (input.answer.trim() === '')
        return NOTHING;
    const failures = options.checkFailures ? findUnreportedFailures(input.calls, input.answer, options) : [];
    let numbers = [];
    if (shouldCheckNumbers(input, options)) {
        const claims = extractClaims(input.answer, options);
        numbers = claims.length === 0 ? [] : distinctByText(findUnsourcedClaims(claims, input.sources));
    }
    return failures.length === 0 && numbers.length === 0 ? NOTHING : { failures, numbers };
}
/**
 * Decide whether the turn gets one more step: `undefined` when the answer is
 * fine or the turn already had `maxNudgesPerTurn` notes.
 */
export function decideNudge(input, options) {
    if (input.nudgesThisTurn >= options.maxNudgesPerTurn)
        return undefined;
    const findings = checkAnswer(input, options);
    if (findings.failures.length === 0 && findings.numbers.length === 0)
        return undefined;
    return { findings, note: formatNote(findings, options), notice: formatNotice(findings) };
}
