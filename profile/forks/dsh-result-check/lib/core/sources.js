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
const MULTIPLIERS = new Map([
    ['k', 1e3],
    ['K', 1e3],
    ['M', 1e6],
    ['G', 1e9],
    ['B', 1e9],
    ['万', 1e4],
    ['亿', 1e8],
]);
function isAsciiLetterCode(code) {
    return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
const CJK_THOUSAND = 0x5343; // 千
const CJK_HUNDRED = 0x767e; // 百
const CJK_TEN_THOUSAND = 0x4e07; // 万
/** Char codes of k K M G B 万 亿 千 百: a cheap test before the map look-up. */
function mayBeMultiplier(code) {
    return code === 107 || code === 75 || code === 77 || code === 71 || code === 66 || code === CJK_TEN_THOUSAND || code === 0x4ebf || code === CJK_THOUSAND || code === CJK_HUNDRED;
}
/** Multiplier written right after a number in a source (`1.6k`, `3GB`, `2万`, `1.2千`, `3.5百万`), or 1. */
function multiplierAt(text, at) {
    const code = text.charCodeAt(at);
    if (!mayBeMultiplier(code))
        return 1;
    if (code === CJK_THOUSAND || code === CJK_HUNDRED) {
        const tenThousands = text.charCodeAt(at + 1) === CJK_TEN_THOUSAND;
        if (code === CJK_THOUSAND)
            return tenThousands ? 1e7 : 1e3;
        return tenThousands ? 1e6 : 1;
    }
    const multiplier = MULTIPLIERS.get(text.charAt(at));
    if (multiplier === undefined)
        return 1;
    if (multiplier === 1e4 || multiplier === 1e8)
        return multiplier;
    // `3k` and `3GB` scale; `3kg` or `3Mbps` stay as written (only a trailing B may follow).
    const next = text.charCodeAt(at + 1);
    return isAsciiLetterCode(next) && next !== 66 ? 1 : multiplier;
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
    let i = 0;
    while (i < length) {
        const first = text.charCodeAt(i);
        if (!isDigit(first)) {
            if (first >= FULLWIDTH_0 && first <= FULLWIDTH_9) {
                i = scanFullwidthRun(text, i, visit);
                if (i < 0)
                    return true;
                continue;
            }
            i += 1;
            continue;
        }
        const start = i;
        let j = i;
        // The value is accumulated while scanning; exact up to 15 digits, re-read beyond.
        let value = 0;
        let code = text.charCodeAt(j);
        while (code >= DIGIT_0 && code <= DIGIT_9) {
            value = value * 10 + (code - DIGIT_0);
            j += 1;
            code = text.charCodeAt(j);
        }
        const separated = (code === 46 || code === 44) && isDigit(text.charCodeAt(j + 1));
        if (!separated) {
            // Fast path, most numbers of a tool output: a plain integer.
            if (j - start > MAX_EXACT_DIGITS)
                value = Number(text.slice(start, j));
            if (visitWithSuffix(text, value, start, j, visit))
                return true;
            i = j;
            continue;
        }
        if (code === 46) {
            // Fast path: a plain decimal (`0.87312`) not followed by another separator.
            let k = j + 1;
            while (k < length && isDigit(text.charCodeAt(k)))
                k += 1;
            const after = text.charCodeAt(k);
            if (!((after === 46 || after === 44) && isDigit(text.charCodeAt(k + 1)))) {
                if (visitDecimal(text, start, j, k, visit))
                    return true;
                i = k;
                continue;
            }
        }
        i = scanSeparatedToken(text, start, j, visit);
        if (i < 0)
            return true;
    }
    return false;
}
const FULLWIDTH_0 = 0xff10;
const FULLWIDTH_9 = 0xff19;
// Full-width digits and their separators (０-９ ． ， ％ ｅ) and the ASCII ones mixed in.
const FULLWIDTH_RUN = /[\uff10-\uff19\uff0e\uff0c\uff05\uff45\uff25\uff0d0-9.,%eE-]+/y;
/**
 * Read a run of full-width digits (`１７０８`, `０．８５`, `１２．５％`, typed by
 * users with a Chinese or Japanese input method) as its ASCII twin. Returns
 * where scanning continues, or -1 when the visitor stopped the scan.
 */
function scanFullwidthRun(text, start, visit) {
    FULLWIDTH_RUN.lastIndex = start;
    FULLWIDTH_RUN.test(text);
    const end = Math.max(FULLWIDTH_RUN.lastIndex, start + 1);
    const ascii = text.slice(start, end).replace(/[\uff01-\uff5e]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
    return scanSourceNumbers(ascii, visit) ? -1 : end;
}
/** A decimal `text[start, dot)` `.` `text[dot + 1, end)`: its value, and 1708 for `1.708` (dot as thousands separator). */
function visitDecimal(text, start, dot, end, visit) {
    if (visitWithSuffix(text, decimalValue(text, start, dot, dot + 1, end), start, end, visit))
        return true;
    return end - dot === 4 && visit(digitsValue(text, start, dot) * 1000 + digitsValue(text, dot + 1, end));
}
/**
 * Read a token of several digit runs (`0.873`, `1,708`, `1.2.3`) whose first
 * run is `text[start, firstEnd)`. Returns where scanning continues, or -1
 * when the visitor stopped the scan.
 */
function scanSeparatedToken(text, start, firstEnd, visit) {
    const length = text.length;
    const starts = [start];
    const ends = [firstEnd];
    const separators = [];
    let j = firstEnd;
    for (;;) {
        const separator = text.charAt(j);
        if ((separator !== '.' && separator !== ',') || !isDigit(text.charCodeAt(j + 1)) || starts.length >= MAX_RUNS)
            break;
        separators.push(separator);
        j += 1;
        const runStart = j;
        while (j < length && isDigit(text.charCodeAt(j)))
            j += 1;
        starts.push(runStart);
        ends.push(j);
    }
    return visitToken(text, starts, ends, separators, j, visit) ? -1 : j;
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
    const code = text.charCodeAt(at);
    // Checked by char code first: this runs once per number of megabytes of output.
    if (code === 101 || code === 69) {
        const exponent = /^[eE][-+]?\d{1,3}/.exec(text.slice(at, at + 5));
        if (exponent) {
            scaled = Math.abs(Number(text.slice(start, at) + exponent[0]));
            at += exponent[0].length;
            if (visit(scaled))
                return true;
        }
    }
    const next = text.charCodeAt(at);
    if (next === 37 || next === 0xff05 || (next === 32 && text.charCodeAt(at + 1) === 37))
        return visit(scaled / 100);
    if ((next === CHAR_H || next === CHAR_M) && isDigit(text.charCodeAt(at + 1))) {
        const total = compoundDurationTotal(text, scaled, at);
        if (total !== undefined && visit(total))
            return true;
    }
    const multiplier = multiplierAt(text, at);
    return multiplier !== 1 && visit(scaled * multiplier);
}
const CHAR_H = 104;
const CHAR_M = 109;
const SECONDS_AFTER_MINUTES = /^(\d+(?:\.\d+)?)s(?![A-Za-z])/;
const MINUTES_AFTER_HOURS = /^(\d+(?:\.\d+)?)m(?![A-Za-z])/;
/**
 * A duration written in two units (`2m23.9s` of `time`, `1h05m`) as one
 * number of the smaller unit (143.9 s, 65 min), so that `2.4 minutes` or
 * `1.1 h` finds its source; the unit neighbours then do the rest. The
 * caller has seen `h` or `m` and a digit at `at` (checked by char code:
 * this runs once per number of the output).
 */
function compoundDurationTotal(text, value, at) {
    const unit = text.charCodeAt(at);
    const smaller = (unit === CHAR_M ? SECONDS_AFTER_MINUTES : MINUTES_AFTER_HOURS).exec(text.slice(at + 1, at + 16));
    return smaller ? value * 60 + Number(smaller[1]) : undefined;
}
const BUCKET_BITS = 1 << 20;
/** Ranges that touch more buckets than this are not marked; the filter then lets every value through. */
const MAX_BUCKETS_PER_RANGE = 4096;
/**
 * A bitmap over `[0, BUCKET_BITS / scale)` in buckets of width `1 / scale`:
 * a clear bit proves that no claim range holds a value of that bucket.
 */
class BucketFilter {
    bits = new Uint32Array(BUCKET_BITS / 32);
    scale;
    limit;
    /** A range too wide to mark lies below the limit: the filter must pass everything. */
    open = false;
    constructor(scale, ranges) {
        this.scale = scale;
        this.limit = BUCKET_BITS / scale;
        for (const range of ranges)
            this.mark(range);
    }
    mark({ lo, hi }) {
        if (lo >= this.limit)
            return;
        const first = Math.max(0, Math.floor(lo * this.scale));
        const last = Math.min(BUCKET_BITS - 1, Math.floor(hi * this.scale));
        if (last - first > MAX_BUCKETS_PER_RANGE) {
            this.open = true;
            return;
        }
        for (let bucket = first; bucket <= last; bucket += 1) {
            this.bits[bucket >>> 5] = (this.bits[bucket >>> 5] ?? 0) | (1 << (bucket & 31));
        }
    }
    /** `true` when `value` is below the limit and surely in no range. */
    excludes(value) {
        if (this.open || value >= this.limit)
            return false;
        const bucket = Math.floor(value * this.scale);
        return ((this.bits[bucket >>> 5] ?? 0) & (1 << (bucket & 31))) === 0;
    }
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
    /** Per part target (index = target - claims.length): the claim it belongs to. */
    partOwner;
    /** Per claim: parts of its list reading not hit yet (only meaningful when it has parts). */
    partsLeft;
    sourced;
    open;
    /** Bounds of all ranges: most source values fall outside and are dismissed at once. */
    lowest;
    highest;
    /** Fine buckets (1/64) for small values, where decimals and fractions crowd; integer buckets above. */
    fine;
    coarse;
    constructor(claims) {
        this.claims = claims;
        const entries = [];
        const partOwner = [];
        let nextTarget = claims.length;
        claims.forEach((claim, k) => {
            for (const range of claim.ranges)
                entries.push({ ...range, target: k });
            for (const part of claim.parts) {
                for (const range of part)
                    entries.push({ ...range, target: nextTarget });
                partOwner.push(k);
                nextTarget += 1;
            }
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
        this.partOwner = Int32Array.from(partOwner);
        this.partsLeft = Int32Array.from(claims, (claim) => claim.parts.length);
        this.sourced = new Uint8Array(claims.length);
        this.open = claims.length;
        this.lowest = entries.length > 0 ? (this.lo[0] ?? Infinity) : Infinity;
        this.highest = reach;
        this.fine = new BucketFilter(64, entries);
        this.coarse = new BucketFilter(1, entries);
    }
    /** Every claim has a source. */
    get done() {
        return this.open === 0;
    }
    /** Record one source value; returns {@link done}. */
    visit = (value) => {
        if (value < this.lowest || value > this.highest)
            return false;
        // Most source values are near no claim: one bit says so.
        if (this.fine.excludes(value) || this.coarse.excludes(value))
            return false;
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
    // Constant time per hit: a long answer can have thousands of claims.
    mark(target) {
        if (this.hit[target] === 1)
            return;
        this.hit[target] = 1;
        const claimCount = this.claims.length;
        if (target < claimCount) {
            this.source(target);
            return;
        }
        const owner = this.partOwner[target - claimCount] ?? 0;
        this.partsLeft[owner] = (this.partsLeft[owner] ?? 0) - 1;
        // Every part of the list reading has a source.
        if (this.partsLeft[owner] === 0)
            this.source(owner);
    }
    source(claim) {
        if (this.sourced[claim] === 1)
            return;
        this.sourced[claim] = 1;
        this.open -= 1;
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
