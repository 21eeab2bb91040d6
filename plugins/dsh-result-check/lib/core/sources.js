const DIGIT_0 = 48;
const DIGIT_9 = 57;
const MAX_EXACT_DIGITS = 15;
const MAX_RUNS = 16;
function isDigit(code) {
    return code >= DIGIT_0 && code <= DIGIT_9;
}
/** The integer written by `text[start, end)`, exact up to 15 digits. */
function digitsValue(text, start, end) {
    if (end - start > MAX_EXACT_DIGITS)
        return Number(text.slice(start, end));
    let value = 0;
    for (let i = start; i < end; i += 1)
        value = value * 10 + (text.charCodeAt(i) - DIGIT_0);
    return value;
}
/** `whole.fraction` from two digit runs, correctly rounded like `Number()`. */
function decimalValue(text, wholeStart, wholeEnd, fracStart, fracEnd) {
    const fracDigits = fracEnd - fracStart;
    if (wholeEnd - wholeStart + fracDigits > MAX_EXACT_DIGITS) {
        return Number(`${text.slice(wholeStart, wholeEnd)}.${text.slice(fracStart, fracEnd)}`);
    }
    const scale = 10 ** fracDigits;
    return (digitsValue(text, wholeStart, wholeEnd) * scale + digitsValue(text, fracStart, fracEnd)) / scale;
}
/** Digits of several runs read as one integer (thousands separators removed). */
function joinedValue(text, starts, ends, from, to) {
    let digits = '';
    for (let r = from; r < to; r += 1)
        digits += text.slice(starts[r], ends[r]);
    return Number(digits);
}
/** Multiplier written right after a number in a source (`1.6k`, `3GB`, `2万`), or 1. */
function multiplierAt(text, at) {
    const char = text.charAt(at);
    const nextIsLetter = /[A-Za-z]/.test(text.charAt(at + 1));
    if (char === '万')
        return 1e4;
    if (char === '亿')
        return 1e8;
    if (nextIsLetter && text.charAt(at + 1) !== 'B')
        return 1;
    if (char === 'k' || char === 'K')
        return 1e3;
    if (char === 'M')
        return 1e6;
    if (char === 'G' || char === 'B')
        return 1e9;
    return 1;
}
/**
 * Read every number of a source text, loosely: numbers inside identifiers
 * and JSON count, a run like `1,708` is read as 1708 and also as 1, 708 and
 * 1.708 (either comma reading), `1.2.3` gives its parts and neighbouring
 * pairs, `12.5%` also gives 0.125, `3.12e-4` also its scaled value, `1.6k`
 * also 1600. Extra readings can only give a claim a source, never take one.
 * Signs are dropped: claims compare by absolute value.
 * @returns `true` when the visitor stopped the scan.
 */
export function scanSourceNumbers(text, visit) {
    const length = text.length;
    const starts = [];
    const ends = [];
    const separators = [];
    let i = 0;
    while (i < length) {
        if (!isDigit(text.charCodeAt(i))) {
            i += 1;
            continue;
        }
        starts.length = 0;
        ends.length = 0;
        separators.length = 0;
        let j = i;
        for (;;) {
            const runStart = j;
            while (j < length && isDigit(text.charCodeAt(j)))
                j += 1;
            starts.push(runStart);
            ends.push(j);
            const separator = text.charAt(j);
            if ((separator === '.' || separator === ',') && isDigit(text.charCodeAt(j + 1)) && starts.length < MAX_RUNS) {
                separators.push(separator);
                j += 1;
                continue;
            }
            break;
        }
        if (visitToken(text, starts, ends, separators, j, visit))
            return true;
        i = j;
    }
    return false;
}
function visitToken(text, starts, ends, separators, end, visit) {
    const runs = starts.length;
    const primary = primaryValue(text, starts, ends, separators);
    if (primary !== undefined && visitWithSuffix(text, primary, starts[0] ?? 0, end, visit))
        return true;
    if (runs === 1)
        return false;
    // A single dot is a decimal point: reading 1708.6 as 1708 and 6 would source
    // every integer part, so only the grouping reading (1.708 → 1708) is added.
    if (runs === 2 && separators[0] === '.')
        return visitGroupings(text, starts, ends, separators, visit);
    for (let r = 0; r < runs; r += 1) {
        if (visit(digitsValue(text, starts[r] ?? 0, ends[r] ?? 0)))
            return true;
    }
    for (let r = 0; r + 1 < runs; r += 1) {
        if (visit(decimalValue(text, starts[r] ?? 0, ends[r] ?? 0, starts[r + 1] ?? 0, ends[r + 1] ?? 0)))
            return true;
    }
    return visitGroupings(text, starts, ends, separators, visit);
}
/** The reading a plain parser would give: `1708`, `0.873`, `1,708` as 1708. */
function primaryValue(text, starts, ends, separators) {
    const [first] = separators;
    if (first === undefined)
        return digitsValue(text, starts[0] ?? 0, ends[0] ?? 0);
    if (separators.length === 1 && first === '.') {
        return decimalValue(text, starts[0] ?? 0, ends[0] ?? 0, starts[1] ?? 0, ends[1] ?? 0);
    }
    return undefined;
}
/** Thousands-separator readings: 1,708 → 1708; 1.708.000 → 1708000; 1,708.5 and 1.708,5 → 1708.5. */
function visitGroupings(text, starts, ends, separators, visit) {
    const runs = starts.length;
    const grouped = (from, to) => {
        for (let r = from; r < to; r += 1)
            if ((ends[r] ?? 0) - (starts[r] ?? 0) !== 3)
                return false;
        return true;
    };
    const uniform = separators.every((separator) => separator === separators[0]);
    if (uniform && grouped(1, runs)) {
        if (visit(joinedValue(text, starts, ends, 0, runs)))
            return true;
    }
    const last = separators[separators.length - 1];
    const head = separators.slice(0, -1);
    if (runs > 2 && head.every((separator) => separator !== last && separator === head[0]) && grouped(1, runs - 1)) {
        const whole = joinedValue(text, starts, ends, 0, runs - 1);
        const fraction = text.slice(starts[runs - 1], ends[runs - 1]);
        if (visit(Number(`${whole}.${fraction}`)))
            return true;
    }
    return false;
}
/** Visit a value plus what its suffix makes of it: exponent, percent, multiplier. */
function visitWithSuffix(text, value, start, end, visit) {
    if (visit(value))
        return true;
    let at = end;
    let scaled = value;
    const exponent = /^[eE][-+]?\d{1,3}/.exec(text.slice(at, at + 5));
    if (exponent) {
        scaled = Math.abs(Number(text.slice(start, at) + exponent[0]));
        at += exponent[0].length;
        if (visit(scaled))
            return true;
    }
    const next = text.charAt(at);
    if (next === '%' || next === '％' || (next === ' ' && text.charAt(at + 1) === '%')) {
        return visit(scaled / 100);
    }
    const multiplier = multiplierAt(text, at);
    return multiplier !== 1 && visit(scaled * multiplier);
}
/**
 * The claims of an answer, indexed by the value ranges that would source
 * them. Feed it source values; it tracks which claims are still unsourced.
 */
export class ClaimIndex {
    claims;
    lo;
    hi;
    reach;
    target;
    /** Per target: 0 = open, 1 = hit. Target 2k is claim k's main reading, parts follow after all claims. */
    hit;
    partTargets;
    sourced;
    open;
    constructor(claims) {
        this.claims = claims;
        const entries = [];
        const partTargets = [];
        let nextTarget = claims.length;
        claims.forEach((claim, k) => {
            for (const range of claim.ranges)
                entries.push({ ...range, target: k });
            const targets = [];
            for (const part of claim.parts) {
                for (const range of part)
                    entries.push({ ...range, target: nextTarget });
                targets.push(nextTarget);
                nextTarget += 1;
            }
            partTargets.push(targets);
        });
        entries.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
        this.lo = Float64Array.from(entries, (entry) => entry.lo);
        this.hi = Float64Array.from(entries, (entry) => entry.hi);
        this.target = Int32Array.from(entries, (entry) => entry.target);
        // reach[i]: the largest `hi` among entries 0..i, so a backwards walk can stop early.
        this.reach = new Float64Array(entries.length);
        let reach = -Infinity;
        entries.forEach((entry, index) => {
            reach = Math.max(reach, entry.hi);
            this.reach[index] = reach;
        });
        this.hit = new Uint8Array(nextTarget);
        this.partTargets = partTargets;
        this.sourced = new Uint8Array(claims.length);
        this.open = claims.length;
    }
    /** Every claim has a source. */
    get done() {
        return this.open === 0;
    }
    /** Record one source value; returns {@link done}. */
    visit = (value) => {
        const lo = this.lo;
        let left = 0;
        let right = lo.length;
        // First entry whose lo is above the value.
        while (left < right) {
            const middle = (left + right) >>> 1;
            if ((lo[middle] ?? 0) <= value)
                left = middle + 1;
            else
                right = middle;
        }
        for (let i = left - 1; i >= 0 && (this.reach[i] ?? -Infinity) >= value; i -= 1) {
            if ((this.hi[i] ?? -Infinity) >= value)
                this.mark(this.target[i] ?? 0);
        }
        return this.open === 0;
    };
    mark(target) {
        if (this.hit[target] === 1)
            return;
        this.hit[target] = 1;
        this.claims.forEach((_, k) => {
            if (this.sourced[k] === 1)
                return;
            const parts = this.partTargets[k] ?? [];
            const bySelf = this.hit[k] === 1;
            const byParts = parts.length > 0 && parts.every((part) => this.hit[part] === 1);
            if (bySelf || byParts) {
                this.sourced[k] = 1;
                this.open -= 1;
            }
        });
    }
    /** The claims no visited value sourced, in answer order. */
    unsourced() {
        return this.claims.filter((_, k) => this.sourced[k] !== 1);
    }
}
/** The claims that no number of any source text sources. */
export function findUnsourcedClaims(claims, sources) {
    const index = new ClaimIndex(claims);
    for (const source of sources) {
        if (index.done || scanSourceNumbers(source, index.visit))
            break;
    }
    return index.unsourced();
}
