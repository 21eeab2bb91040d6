import { derivedResultOffsets } from './derivations.js';
import { maskUncheckedSpans } from './mask.js';
// A numeric run: digits, optionally separated by single `.` or `,`.
const NUMERIC_RUN = /\d(?:[.,]?\d)*/g;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const EXPONENT = /^[eE][-+]?\d{1,3}(?!\w|\.\d)/;
/** Short units a number may carry, with the scales a source may be written in. */
const UNIT_SCALES = new Map([
    ...['ms', 's', 'sec', 'secs', 'min', 'mins', 'h', 'hr', 'hrs', 'ns', 'us', 'µs', 'μs', 'd'].map((unit) => [unit, [1]]),
    ...['x', 'X', '×', 'px', 'pt', 'em', 'bp', 'nt', 'aa', 'Hz', 'W', 'V', 'A', 'mA', 'mm', 'cm', 'm', 'km'].map((unit) => [unit, [1]]),
    ...['g', 'kg', 'mg', 'L', 'ml', 'mL', '°C', '°F', 'C', 'F', 'b', 'bit', 'bits', 'B', 'fps', 'rps', 'qps', 'ops'].map((unit) => [unit, [1]]),
    ['k', [1, 1e3]],
    ['K', [1, 1e3]],
    ['M', [1, 1e6]],
    ['G', [1, 1e9]],
    ['T', [1, 1e12]],
    ['bn', [1, 1e9]],
    ['kHz', [1, 1e3]],
    ['MHz', [1, 1e6]],
    ['GHz', [1, 1e9]],
    ['kW', [1, 1e3]],
    ['KB', [1, 1e3, 1024]],
    ['kB', [1, 1e3, 1024]],
    ['KiB', [1, 1024]],
    ['MB', [1, 1e6, 1024 ** 2]],
    ['MiB', [1, 1024 ** 2]],
    ['GB', [1, 1e9, 1024 ** 3]],
    ['GiB', [1, 1024 ** 3]],
    ['TB', [1, 1e12, 1024 ** 4]],
    ['TiB', [1, 1024 ** 4]],
    ['kb', [1, 1e3]],
    ['Mb', [1, 1e6]],
    ['Gb', [1, 1e9]],
    ['万', [1, 1e4]],
    ['亿', [1, 1e8]],
    ['倍', [1]],
]);
const UNIT_AT_START = /^(?:[A-Za-zµμ×]+|°[CF])(?![A-Za-z0-9_])/;
const HEDGE_BEFORE = new RegExp(String.raw `(?:(?:^|[^\w])(?:about|around|approximately|approx\.?|roughly|nearly|almost|circa|ca\.|some|over|under|below|above|beyond|exceeding|exceeds?|exceeded|within|between|more\s+than|less\s+than|fewer\s+than|greater\s+than|higher\s+than|lower\s+than|up\s+to|at\s+least|at\s+most|upwards\s+of|on\s+the\s+order\s+of|close\s+to|an?\s+estimated|estimated|est\.|maybe|perhaps)|[~≈∼<>≤≥≲≳]|<=|>=|约|大约|大概|大致|近|将近|接近|超过|超出|高于|低于|不到|不足|少于|多于|大于|小于|至少|至多|最多|最少|逾|约为|约有)\s*[$€£¥]?\s*$`, 'i');
const HEDGE_AFTER = /^(?:\s*(?:or\s+so|or\s+more|or\s+fewer|or\s+less|or\s+above|or\s+higher|or\s+lower|or\s+over|or\s+under|and\s+up|and\s+above|plus)\b|-?ish\b|\+(?!\s*[\d(])|\s*(?:左右|上下|以上|以下|以内|之内|多|余|来|出头))/i;
// A number right after one of these words is a reference, not a quantity.
const REFERENCE_BEFORE = new RegExp(String.raw `(?:(?:^|[^\w])(?:section|sec\.|step|chapter|ch\.|part|phase|stage|item|appendix|table|figure|fig\.|eqs?\.|equation|rule|line|row|column|col\.|page|pp?\.|no\.|nr\.|issue|pr|pull\s+request|ticket|bug|port|version|ver\.|release|build|pid|uid|gid|exit\s+(?:code|status)|code|status|http|errno|id|ref|commit|task|epoch|iteration|iter\.|job|attempt|example|question|option|episode)\s*[:#]?|§|第|步骤|章节|章|节|条|表|图|版本|端口|行|编号|序号)\s*$`, 'i');
// A number right after a software name is its version (Python 3.11, Node 22.15, CUDA 12.4).
const SOFTWARE_BEFORE = new RegExp(String.raw `(?:^|[^\w.])(?:python|py|node(?:\.js)?|nodejs|deno|bun|npm|pnpm|yarn|java|jdk|go|golang|rust|rustc|cargo|typescript|ts|javascript|ecmascript|es|ruby|rails|php|perl|kotlin|swift|scala|elixir|erlang|haskell|ghc|ocaml|dotnet|\.net|c\+\+|gcc|clang|llvm|cmake|cuda|cudnn|pytorch|torch|tensorflow|jax|numpy|pandas|scipy|sklearn|scikit-learn|react|vue|angular|svelte|next\.js|django|flask|fastapi|spring|postgres|postgresql|mysql|mariadb|sqlite|redis|mongodb|elasticsearch|kafka|docker|kubernetes|k8s|helm|terraform|ansible|ubuntu|debian|fedora|centos|rhel|alpine|macos|ios|android|windows|linux|kernel|chrome|chromium|firefox|safari|xcode|openssl|tls|ssl|http|ipv|utf|unicode|gpt|claude|llama|deepseek|qwen|gemini|mistral|dsh)[\s-]*$`, 'i');
// Significance levels are thresholds the writer chose, not results: α = 0.05.
const SIGNIFICANCE_BEFORE = /(?:α|(?:^|[^\w])alpha|significance\s+level(?:\s+of)?)\s*[=:]?\s*$/i;
// A number paired with a version in an upgrade is a version too: from 5.4 to 5.9.3, 1.2 → 1.4.0.
const VERSION_PAIR_AFTER = /^\s*(?:to|→|->)\s*v?\d+\.\d+\.\d+/i;
const VERSION_PAIR_BEFORE = /v?\d+\.\d+\.\d+\s*(?:to|→|->)\s*v?$/i;
const LIST_MARKER_BEFORE = /(?:^|\n)[ \t]*(?:[-*+][ \t]+)?$/;
const HEADING_BEFORE = /(?:^|\n)[ \t]*#{1,6}[ \t]*$/;
const PERCENT_AFTER = /^(?:\s?[%％]|\s+(?:percent|per\s+cent|pct)\b)/i;
const PERCENT_BEFORE = /百分之\s*$/;
function isAsciiLetter(char) {
    return /^[A-Za-z_]$/.test(char);
}
/** Whether the neighbouring characters make the run a part of a larger token. */
function isPartOfToken({ before, after }) {
    const prev = before.slice(-1);
    const prev2 = before.slice(-2, -1);
    const next = after.slice(0, 1);
    const next2 = after.slice(1, 2);
    // Identifiers (H100, x86_64, v2), references (#123, @42), versions and paths.
    if (isAsciiLetter(prev) || (prev !== '' && '#@/\\.^'.includes(prev)))
        return true;
    // Citations like [12].
    if (prev === '[' && next === ']')
        return true;
    // Dates, ranges and identifiers joined by dashes or tildes: 2024-01-05, 1500–1700, GPT-4.
    if (prev !== '' && '-–—~'.includes(prev) && /[A-Za-z0-9]/.test(prev2))
        return true;
    if (next !== '' && '-–—~/'.includes(next) && /\d/.test(next2))
        return true;
    // Times and ratios: 10:15, 3:1.
    if (prev === ':' && /\d/.test(prev2))
        return true;
    if (next === ':' && /\d/.test(next2))
        return true;
    // File names and version tails: 1708.log, 1.2.3 (a second dot).
    if (next === '.' && /[A-Za-z0-9]/.test(next2))
        return true;
    // Identifier tails: 3rd, 100abc, 42_x.
    if (next === '_')
        return true;
    return false;
}
function isHedged({ rawBefore, after }) {
    return HEDGE_BEFORE.test(rawBefore.slice(-40)) || HEDGE_AFTER.test(after.slice(0, 12));
}
function isReference({ rawBefore, after }) {
    const near = rawBefore.slice(-40);
    if (REFERENCE_BEFORE.test(near) || SOFTWARE_BEFORE.test(near) || SIGNIFICANCE_BEFORE.test(near))
        return true;
    if (VERSION_PAIR_AFTER.test(after) || VERSION_PAIR_BEFORE.test(near))
        return true;
    // Numbered list items and numbered headings: "1. ", "12) ", "## 2.3 ".
    if (LIST_MARKER_BEFORE.test(near) && /^[.)][ \t]/.test(after))
        return true;
    if (HEADING_BEFORE.test(near))
        return true;
    // Chinese dates: 2024年, 3月, 5日.
    return /^[年月日号]/.test(after);
}
/** The unit written right after the number (`ms`, `GB`, `万`), `''` for none, `undefined` for an identifier tail. */
function unitAfter(after) {
    const cjk = /^[万亿倍]/.exec(after);
    if (cjk)
        return cjk[0];
    const spaced = after.startsWith(' ') ? after.slice(1) : after;
    const match = UNIT_AT_START.exec(spaced);
    if (!match) {
        // Letters glued to the number that are not a unit make it an identifier.
        return /^[A-Za-z]/.test(after) ? undefined : '';
    }
    if (UNIT_SCALES.has(match[0]))
        return match[0];
    // After a space any word may follow ("1708 cells"); glued, it must be a unit.
    return spaced === after ? undefined : '';
}
function parseLiteral(digits, exponent) {
    const [whole = '', fraction = ''] = digits.replace(/,/g, '').split('.');
    return {
        value: Math.abs(Number(`${whole}${fraction ? `.${fraction}` : ''}e${exponent}`)),
        step: 10 ** (exponent - fraction.length),
        decimals: fraction.length,
        integerDigits: whole.replace(/^0+(?=\d)/, '').length,
    };
}
/**
 * The range of values that round to `value` when written with steps of
 * `step`. Both ends are included, so round-half-up and round-half-even
 * writers are both accepted; a tiny margin absorbs binary floating point.
 */
function roundingRange(value, step, scale) {
    const half = (step * scale) / 2;
    const margin = step * scale * 1e-9;
    return { lo: value * scale - half - margin, hi: value * scale + half + margin };
}
/** One significant digit and no written decimals: 5000, 50%, 300, 7%. */
function isRoundFigure(literal) {
    if (literal.decimals > 0)
        return false;
    if (literal.value < 10)
        return true;
    const exponent = Math.floor(Math.log10(literal.value));
    return literal.value % 10 ** exponent === 0;
}
function isYear(text, literal, unit, percent) {
    return /^\d{4}$/.test(text) && literal.value >= 1900 && literal.value <= 2100 && unit === '' && !percent;
}
/**
 * Split a numeric run into the numbers it holds. `1,708.5` is one grouped
 * number (with its comma-separated parts as a second reading); `3,45` or
 * `1,2,3` are lists; a run with two dots is a version (skipped).
 */
function readRun(run, index) {
    const dots = run.split('.').length - 1;
    if (dots > 1)
        return [];
    if (!run.includes(','))
        return [{ text: run, index, parts: [] }];
    if (GROUPED.test(run)) {
        // Equal-width groups (120,130,140) may also be a list written without spaces.
        const parts = /^\d{3}(?:,\d{3})+$/.test(run) ? run.split(',') : [];
        return [{ text: run, index, parts }];
    }
    const readings = [];
    let offset = index;
    for (const piece of run.split(',')) {
        readings.push({ text: piece, index: offset, parts: [] });
        offset += piece.length + 1;
    }
    return readings;
}
function rangesFor(literal, unit, percent) {
    const scales = UNIT_SCALES.get(unit) ?? [1];
    const ranges = scales.map((scale) => roundingRange(literal.value, literal.step, scale));
    // 12.5% is sourced by 12.5 as well as by the fraction 0.125.
    if (percent)
        ranges.push(roundingRange(literal.value, literal.step, 0.01));
    return ranges;
}
function needsSource(literal, text, unit, percent, minIntegerDigits) {
    if (isRoundFigure(literal))
        return false;
    if (literal.decimals > 0 || /e/i.test(text))
        return true;
    if (percent)
        return true;
    if (literal.integerDigits < minIntegerDigits)
        return false;
    return !isYear(text, literal, unit, percent);
}
/**
 * The numbers of an answer that need a source: decimals, percentages and
 * integers of `minIntegerDigits` or more digits, with or without a short
 * unit, outside code, URLs and paths, and not a version, date, time,
 * reference, identifier, list number, year, round figure, hedged number or
 * the right result of a calculation written out before it.
 */
export function extractClaims(answer, options) {
    const minIntegerDigits = options?.minIntegerDigits ?? 3;
    const masked = maskUncheckedSpans(answer);
    const derived = derivedResultOffsets(masked);
    const claims = [];
    for (const match of masked.matchAll(NUMERIC_RUN)) {
        for (const reading of readRun(match[0], match.index)) {
            if (derived.has(reading.index))
                continue;
            const claim = claimAt(masked, answer, reading, minIntegerDigits);
            if (claim)
                claims.push(claim);
        }
    }
    return claims;
}
function claimAt(masked, answer, reading, minIntegerDigits) {
    const start = reading.index;
    let end = start + reading.text.length;
    const exponentMatch = EXPONENT.exec(masked.slice(end, end + 6));
    const exponent = exponentMatch ? Number(exponentMatch[0].slice(1)) : 0;
    if (exponentMatch)
        end += exponentMatch[0].length;
    const from = Math.max(0, start - 48);
    const site = { before: masked.slice(from, start), after: masked.slice(end, end + 24), rawBefore: answer.slice(from, start) };
    if (isPartOfToken(site) || isReference(site) || isHedged(site))
        return undefined;
    const percent = PERCENT_AFTER.test(site.after) || PERCENT_BEFORE.test(site.before);
    const unit = percent ? '' : unitAfter(site.after);
    if (unit === undefined)
        return undefined;
    const literal = parseLiteral(reading.text, exponent);
    const written = masked.slice(start, end);
    if (!needsSource(literal, written, unit, percent, minIntegerDigits))
        return undefined;
    const suffix = percent ? (PERCENT_AFTER.exec(site.after)?.[0] ?? '') : unit && site.after.slice(0, site.after.indexOf(unit) + unit.length);
    const parts = reading.parts.map((part) => rangesFor(parseLiteral(part, 0), '', false));
    return {
        text: answer.slice(start, end) + suffix,
        index: start,
        ranges: rangesFor(literal, unit, percent),
        parts,
    };
}
