import { derivedResultOffsets } from './derivations.js';
import { maskUncheckedSpans } from './mask.js';
import type { ValueRange } from './range.js';
import { isImpliedRatio, type RatioKind } from './ratios.js';

export type { ValueRange } from './range.js';

/** A number the answer states as a fact and that therefore needs a source. */
export interface NumberClaim {
  /** The number as written, with its unit or percent sign (`1,708`, `12.5%`, `3.2GB`). */
  readonly text: string;
  /** Offset of `text` in the answer. */
  readonly index: number;
  /** The claim has a source when a source value falls in any of these ranges. */
  readonly ranges: readonly ValueRange[];
  /**
   * For `120,130,140`: the comma-separated reading. The claim also has a
   * source when every part has one (an empty part list means no such reading).
   */
  readonly parts: readonly (readonly ValueRange[])[];
}

/** Options of {@link extractClaims}. */
export interface ClaimOptions {
  /** Integers with fewer digits are not claims. Default `3`. */
  readonly minIntegerDigits?: number | null | undefined;
}

// A numeric run: digits, optionally separated by single `.` or `,`, and
// groups of three digits after a space or apostrophe (1 234 567, 1'234).
const NUMERIC_RUN = /\d(?:[.,]?\d)*(?:[ \u00a0\u202f\u2009'’]\d{3}(?:[.,]?\d)*)*/g;
const GROUPED = /^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?$/;
const EXPONENT = /^[eE][-+]?\d{1,3}(?!\w|\.\d)/;
// Scientific notation written out: 2.31 × 10⁻⁵, 6.02×10^23, 1.5·10^-3, 1.2 x 10^(-308).
const TIMES_TEN = /^ ?[×x*·] ?10(?:\^\(?([-+−]?\d{1,3})\)?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?!\w|\.\d)/;
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** The power of ten written right after a number (`e-4`, `× 10⁻⁵`, `×10^23`) and its length. */
function exponentAfter(text: string): { readonly exponent: number; readonly length: number } | undefined {
  const plain = EXPONENT.exec(text);
  if (plain) return { exponent: Number(plain[0].slice(1)), length: plain[0].length };
  const written = TIMES_TEN.exec(text);
  if (!written) return undefined;
  const [whole, caret, superscript] = written;
  const digits = caret ?? [...(superscript ?? '')].map((char) => (char === '⁻' ? '-' : char === '⁺' ? '+' : String(SUPERSCRIPT_DIGITS.indexOf(char)))).join('');
  return { exponent: Number(digits.replace('−', '-')), length: whole.length };
}

/**
 * Short units a number may carry, with the scales a source may be written in:
 * a source value `v` sources the claim `x` when `v` rounds to `x × scale`.
 * Time and size units also accept their neighbours (1.2 s ← 1204 ms, 3.5 GB
 * ← 3584 MB), because writing a tool's figure in a larger unit is not a
 * derivation the reader needs to see.
 */
const MS_SCALES = [1, 1e-3, 1e3, 1e6];
const SECOND_SCALES = [1, 1e3, 1 / 60];
const MINUTE_SCALES = [1, 60, 6e4, 1 / 60];
const HOUR_SCALES = [1, 60, 3600, 1 / 24];
const DAY_SCALES = [1, 24];
const MICROSECOND_SCALES = [1, 1e3, 1e-3];
const KB_SCALES = [1, 1e3, 1024];
const MB_SCALES = [1, 1e6, 1024 ** 2, 1e3, 1024];
// Memory is often reported in KiB (ps, /usr/bin/time): GB also accepts KB.
const GB_SCALES = [1, 1e9, 1024 ** 3, 1e3, 1024, 1e6, 1024 ** 2];
const TB_SCALES = [1, 1e12, 1024 ** 4, 1e3, 1024];
/** Each unit, abbreviated or written as a word (`1.2 s`, `1.2 seconds`, `1.2 秒`), shares its scales. */
function unitsWithScales(units: readonly string[], scales: readonly number[]): (readonly [string, readonly number[]])[] {
  return units.map((unit) => [unit, scales] as const);
}
const UNIT_SCALES: ReadonlyMap<string, readonly number[]> = new Map<string, readonly number[]>([
  ...unitsWithScales(['ms', 'msec', 'msecs', 'millisecond', 'milliseconds', '毫秒'], MS_SCALES),
  ...unitsWithScales(['s', 'sec', 'secs', 'second', 'seconds', '秒'], SECOND_SCALES),
  ...unitsWithScales(['min', 'mins', 'minute', 'minutes', '分钟'], MINUTE_SCALES),
  ...unitsWithScales(['h', 'hr', 'hrs', 'hour', 'hours', '小时'], HOUR_SCALES),
  ...unitsWithScales(['d', 'day', 'days', '天'], DAY_SCALES),
  ...unitsWithScales(['us', 'µs', 'μs', 'microsecond', 'microseconds', '微秒'], MICROSECOND_SCALES),
  ...unitsWithScales(['ns', 'nanosecond', 'nanoseconds', '纳秒', 'byte', 'bytes', '字节'], [1]),
  ...['x', 'X', '×', 'px', 'pt', 'em', 'bp', 'nt', 'aa', 'Hz', 'W', 'V', 'A', 'mA', 'mm', 'cm', 'm', 'km'].map(
    (unit) => [unit, [1]] as const,
  ),
  ...['g', 'kg', 'mg', 'L', 'ml', 'mL', '°C', '°F', 'C', 'F', 'b', 'bit', 'bits', 'B', 'fps', 'rps', 'qps', 'ops'].map(
    (unit) => [unit, [1]] as const,
  ),
  ['k', [1, 1e3]],
  ['K', [1, 1e3]],
  ['M', [1, 1e6]],
  ['G', [1, 1e9]],
  ['T', [1, 1e12]],
  ['bn', [1, 1e9]],
  ['thousand', [1, 1e3]],
  ['million', [1, 1e6]],
  ['mn', [1, 1e6]],
  ['billion', [1, 1e9]],
  ['trillion', [1, 1e12]],
  ['kHz', [1, 1e3]],
  ['MHz', [1, 1e6]],
  ['GHz', [1, 1e9]],
  ['kW', [1, 1e3]],
  ...unitsWithScales(['KB', 'kB', 'kilobyte', 'kilobytes'], KB_SCALES),
  ['KiB', [1, 1024]],
  ...unitsWithScales(['MB', 'megabyte', 'megabytes'], MB_SCALES),
  ['MiB', [1, 1024 ** 2, 1024]],
  ...unitsWithScales(['GB', 'gigabyte', 'gigabytes'], GB_SCALES),
  ['GiB', [1, 1024 ** 3, 1024, 1024 ** 2]],
  ...unitsWithScales(['TB', 'terabyte', 'terabytes'], TB_SCALES),
  ['TiB', [1, 1024 ** 4, 1024]],
  ['kb', [1, 1e3]],
  ['Mb', [1, 1e6]],
  ['Gb', [1, 1e9]],
  ['千', [1, 1e3]],
  ['万', [1, 1e4]],
  ['百万', [1, 1e6]],
  ['千万', [1, 1e7]],
  ['亿', [1, 1e8]],
  ['倍', [1]],
]);

/** Units of a ratio: `1.6x`, `1.6倍`. */
const RATIO_UNITS: ReadonlySet<string> = new Set(['x', 'X', '×', '倍']);
// Words that make a number a difference: +3.5 pp, by 168 ms, 提升了3.5个百分点.
// A sign counts only glued to the number ((+3.5 pp), −0.12): spaced, it is arithmetic (1708 - 1500).
const DIFFERENCE_BEFORE = /(?:(?:^|[\s(（])[+−-][$€£¥]?|(?:\bby|\b(?:up|down)|提升了?|提高了?|增加了?|增长了?|上升了?|减少了?|下降了?|降低了?|缩短了?|节省了?|[快慢高低长短大小多少早晚]了)\s*[$€£¥]?)$/i;
const DIFFERENCE_AFTER = /^\s*(?:pp\b|p\.p\.|percentage\s+points?|个百分点|百分点)/i;

/** The relations to two numbers of its sentence that would derive the figure. */
function ratioKinds(site: Site, unit: string, percent: boolean): RatioKind[] {
  const kinds: RatioKind[] = [];
  if (percent) kinds.push('percent');
  else if (RATIO_UNITS.has(unit)) kinds.push('times');
  if (DIFFERENCE_BEFORE.test(site.rawBefore.slice(-12)) || DIFFERENCE_AFTER.test(site.after)) kinds.push('difference');
  return kinds;
}

const UNIT_AT_START = /^(?:[A-Za-zµμ×]+|°[CF])(?![A-Za-z0-9_])/;

const HEDGE_BEFORE = new RegExp(
  String.raw`(?:(?:^|[^\w])(?:about|around|approximately|approx\.?|roughly|nearly|almost|circa|ca\.|some|over|under|below|above|beyond|exceeding|exceeds?|exceeded|within|between|more\s+than|less\s+than|fewer\s+than|greater\s+than|higher\s+than|lower\s+than|up\s+to|at\s+least|at\s+most|upwards\s+of|on\s+the\s+order\s+of|close\s+to|an?\s+estimated|estimated|est\.|maybe|perhaps)|[~≈∼<>≤≥≲≳]|<=|>=|约|大约|大概|大致|介于|近|将近|接近|超过|超出|高于|低于|不到|不足|少于|多于|大于|小于|至少|至多|最多|最少|逾|约为|约有)\s*[$€£¥]?\s*$`,
  'i',
);
const HEDGE_AFTER = /^(?:\s*(?:or\s+so|or\s+more|or\s+fewer|or\s+less|or\s+above|or\s+higher|or\s+lower|or\s+over|or\s+under|and\s+up|and\s+above|plus)\b|-?ish\b|\+(?!\s*[\d(])|\s*(?:左右|上下|以上|以下|以内|之内|之间|多|余|来(?!自|源)|出头))/i;

// A number right after one of these words is a reference, not a quantity.
const REFERENCE_WORDS = String.raw`section|sec\.|step|chapter|ch\.|part|phase|stage|item|appendix|table|figure|fig\.|eqs?\.|equation|rule|line|row|column|col\.|page|pp?\.|no\.|nr\.|issue|pr|pull\s+request|ticket|bug|port|version|ver\.|release|build|pid|uid|gid|exit\s+(?:code|status)|code|status|http|errno|id|ref|commit|task|epoch|iteration|iter\.|job|attempt|example|question|option|episode|iso|iec|rfc|pep|ieee|ecma|cwe|cve|eip|erc|bip|jsr|jep|fips`;
// Plurals name several references (lines 214 and 388, sections 3.2 and 4.1);
// with a colon they label a count instead (Rows: 1708), so no colon here.
const PLURAL_REFERENCE_WORDS = String.raw`sections|steps|chapters|parts|phases|stages|items|appendices|tables|figures|figs\.|equations|eqs\.|rules|lines|rows|columns|cols\.|pages|issues|prs|pull\s+requests|tickets|bugs|ports|versions|releases|builds|pids|commits|tasks|epochs|iterations|jobs|attempts|examples|questions|options|episodes`;
const CJK_REFERENCE_WORDS = '§|第|步骤|章节|章|节|条|表|图|版本|端口|行|编号|序号';
const REFERENCE_LEAD = String.raw`(?:(?:^|[^\w])(?:(?:${REFERENCE_WORDS})\s*[:#]?|(?:${PLURAL_REFERENCE_WORDS})\s)|${CJK_REFERENCE_WORDS})`;
const REFERENCE_BEFORE = new RegExp(String.raw`${REFERENCE_LEAD}\s*$`, 'i');
// Later members of a reference list: lines 214, 388 and 402; rows 1204 to 1310; 第 214、388 行.
const LIST_JOINER = String.raw`\s*(?:,|、|&|\band\b|\bor\b|\bto\b|\bthrough\b|\bthru\b|和|与|及|或|至|到)\s*(?:第\s*)?#?`;
// A Chinese member may repeat its measure word: 第 1187 行和 1203 行.
const LIST_MEMBER = String.raw`\d+(?:[.,]\d+)*(?:\s*[行步节章条页号项])?`;
const REFERENCE_LIST_BEFORE = new RegExp(String.raw`${REFERENCE_LEAD}\s*#?${LIST_MEMBER}(?:${LIST_JOINER}${LIST_MEMBER})*${LIST_JOINER}$`, 'i');
// A plural noun after a number makes it a count (2048 files, 2026 PDFs);
// verbs and other words in -s do not (2023 was, 2019 sees).
const PLURAL_NOUN = String.raw`\s+(?!(?:was|is|has|does|this|its|his|us|as|plus|minus|versus|always|thus|across|towards|afterwards|hits|sees|shows|brings|marks)\b)[a-z]*[a-rt-z]s\b|\s+[A-Z]{2,}s\b|\s+(?:people|children|men|women|data|entries|queries)\b`;
const PLURAL_NOUN_AFTER = new RegExp(`^(?:${PLURAL_NOUN})`);
// The tail of a slash-joined chain of decimals (3.11/): its members share
// the reading of the first one (Python 3.11/3.12 are both versions).
const SLASH_CHAIN_TAIL = /(?:\d+[.,]\d+\/)+$/;
// A version named by a Chinese suffix: 2.7 版本, v3.1 版.
const CJK_VERSION_AFTER = /^\s*版/;
// A number right after a software name is its version (Python 3.11, Node 22.15, CUDA 12.4).
const SOFTWARE_BEFORE = new RegExp(
  String.raw`(?:^|[^\w.])(?:python|py|node(?:\.js)?|nodejs|deno|bun|npm|pnpm|yarn|java|jdk|go|golang|rust|rustc|cargo|typescript|ts|javascript|ecmascript|es|ruby|rails|php|perl|kotlin|swift|scala|elixir|erlang|haskell|ghc|ocaml|dotnet|\.net|c\+\+|gcc|clang|llvm|cmake|cuda|cudnn|pytorch|torch|tensorflow|jax|numpy|pandas|scipy|sklearn|scikit-learn|react|vue|angular|svelte|next\.js|django|flask|fastapi|spring|postgres|postgresql|mysql|mariadb|sqlite|redis|mongodb|elasticsearch|kafka|docker|kubernetes|k8s|helm|terraform|ansible|ubuntu|debian|fedora|centos|rhel|alpine|macos|ios|android|windows|linux|kernel|chrome|chromium|firefox|safari|xcode|openssl|tls|ssl|http|ipv|utf|unicode|gpt|claude|llama|deepseek|qwen|gemini|mistral|mixtral|gemma|dsh|msrv|sdk|ndk|api|abi|lts|jre|jvm|v8|vite|webpack|rollup|esbuild|babel|eslint|prettier|jest|vitest|mocha|playwright|cypress|tailwind(?:css)?|bootstrap|nginx|apache|tomcat|gradle|maven|bazel|git|vim|neovim|emacs|vscode|electron|nuxt|remix|astro|express|nestjs|laravel|symfony|pip|poetry|conda|jupyter|matplotlib|polars|spark|airflow|onnx|tensorrt|vllm|transformers|keras|xgboost|lightgbm|opencv|ffmpeg|clickhouse|cassandra|rabbitmq|grpc|protobuf|graphql|openapi|swagger|oauth|zig|dart|flutter|lua|julia|matlab|qt|gtk|glibc|musl|systemd|bash|zsh|powershell|pwsh|wsl|qemu|podman|containerd|istio|envoy|prometheus|grafana|unity|godot|blender)[\s-]*$`,
  'i',
);
// Significance levels are thresholds the writer chose, not results: α = 0.05.
const SIGNIFICANCE_BEFORE = /(?:α|(?:^|[^\w])alpha|significance\s+level(?:\s+of)?)\s*[=:]?\s*$/i;
// So are confidence levels: 95% CI, 99.9% confidence, 95%置信区间, 置信度99.5%.
const CONFIDENCE_AFTER = /^\s?[%％]\s*(?:CIs?\b|confidence|credible|prediction\s+intervals?|PIs?\b|HDIs?\b|置信)/i;
const CONFIDENCE_BEFORE = /(?:置信度|置信水平|confidence(?:\s+level)?(?:\s+of)?)\s*[=:：]?\s*$/i;
// A number paired with a version in an upgrade is a version too: from 5.4 to 5.9.3, 1.2 → 1.4.0.
const VERSION_PAIR_AFTER = /^\s*(?:to|→|->)\s*v?\d+\.\d+\.\d+/i;
const VERSION_PAIR_BEFORE = /v?\d+\.\d+\.\d+\s*(?:to|→|->)\s*v?$/i;
const LIST_MARKER_BEFORE = /(?:^|\n)[ \t]*(?:[-*+][ \t]+)?$/;
const HEADING_BEFORE = /(?:^|\n)[ \t]*#{1,6}[ \t]*$/;
const PERCENT_AFTER = /^(?:\s?[%％]|\s+(?:percent|per\s+cent|pct)\b)/i;
const PERCENT_BEFORE = /百分之\s*$/;

function isAsciiLetter(char: string): boolean {
  return /^[A-Za-z_]$/.test(char);
}

/** Context before and after a numeric run in the masked answer. */
interface Site {
  readonly before: string;
  readonly after: string;
  /** The same context in the answer as written: keywords such as `Node.js` or `fig.` survive there. */
  readonly rawBefore: string;
}

// A value glued to a label is a claim: precision:0.912, hit-rate:87.5%,
// total:1708. After a host name the number is a port (localhost:8080,
// db:5432), so a bare integer counts only after a word naming a quantity.
const LABEL_COLON_BEFORE = /(?:^|[^\w.:-])[A-Za-z][\w-]*:$/;
const QUANTITY_LABEL_COLON_BEFORE = /(?:^|[^\w.:-])(?:total|count|sum|n|rows|lines|files|size|samples|items|records|requests|errors|warnings|passed|failed|skipped|tests|cells|users|tokens|hits|misses|mean|avg|average|median|max|min|latency|elapsed|duration|bytes):$/i;
const DECIMAL = /^\d+[.,]\d+$/;

function isLabelledValue(before: string, after: string, written: string): boolean {
  if (!LABEL_COLON_BEFORE.test(before)) return false;
  return DECIMAL.test(written) || /^\s?[%％]/.test(after) || QUANTITY_LABEL_COLON_BEFORE.test(before);
}

/**
 * Decimals joined by slashes are separate figures (P/R 0.873/0.912), not a
 * date or a path: dates and fractions of counts are written with integers.
 */
function isSlashJoinedDecimal(before: string, after: string, written: string): boolean {
  if (!DECIMAL.test(written)) return false;
  return /\d[.,]\d+\/$/.test(before) || /^\/\d+[.,]\d/.test(after);
}

/** Whether the neighbouring characters make the run `written` a part of a larger token. */
function isPartOfToken({ before, after }: Site, written: string): boolean {
  const prev = before.slice(-1);
  const prev2 = before.slice(-2, -1);
  const next = after.slice(0, 1);
  const next2 = after.slice(1, 2);
  if (isSlashJoinedDecimal(before, after, written)) return false;
  // Identifiers (H100, x86_64, v2), references (#123, @42, GitLab's !42), versions and paths.
  if (isAsciiLetter(prev) || (prev !== '' && '#@!/\\.^'.includes(prev))) return true;
  // Citations like [12].
  if (prev === '[' && next === ']') return true;
  // Dates, ranges and identifiers joined by dashes or tildes: 2024-01-05, 1500–1700, GPT-4.
  if (prev !== '' && '-–—~'.includes(prev) && /[A-Za-z0-9]/.test(prev2)) return true;
  if (next !== '' && '-–—~/'.includes(next) && /\d/.test(next2)) return true;
  // Times, ratios and ports: 10:15, 3:1, localhost:8080, [::1]:8080, :3001. A
  // colon glued to the number after CJK text is punctuation (准确率:0.873).
  if (prev === ':' && (prev2 === '' || /[A-Za-z0-9\]\s]/.test(prev2)) && !isLabelledValue(before, after, written)) return true;
  if (next === ':' && /\d/.test(next2)) return true;
  // File names and version tails: 1708.log, 1.2.3 (a second dot).
  if (next === '.' && /[A-Za-z0-9]/.test(next2)) return true;
  // Identifier tails: 3rd, 100abc, 42_x.
  if (next === '_') return true;
  // Dimensions: 1920x1080, 3840×2160.
  if ((next === 'x' || next === '×') && /\d/.test(next2)) return true;
  if ((prev === 'x' || prev === '×') && /\d/.test(prev2)) return true;
  return false;
}

// The second bound of "between 1.2k and 1.5k" / "介于120毫秒和180毫秒之间".
const BETWEEN_BEFORE = /(?:\bbetween|介于)\s*[$€£¥]?\s*[\d.,]+\s?(?:%|[A-Za-zµμ]{1,4}|[\u4e00-\u9fff]{1,2})?\s*(?:and|和|与|到|至)\s*[$€£¥]?\s*$/i;
// Ranges whose ends carry a unit or percent sign: 0.3%–0.5%, 10 ms – 20 ms, 1.2GB-1.5GB, 1.2k~1.5k.
// A spaced hyphen is a minus (1708 - 1500), so only dashes and tildes may be spaced.
const UNIT_RANGE_AFTER = /^(?:\s?%|\s?[A-Za-zµμ]{1,4})(?:\s?[–—~]\s?|-)[$€£¥]?\d/;
const UNIT_RANGE_BEFORE = /\d(?:\s?%|\s?[A-Za-zµμ]{1,4})(?:\s?[–—~]\s?|-)[$€£¥]?$/;

function isHedged({ rawBefore, after }: Site): boolean {
  const near = rawBefore.slice(-40);
  if (HEDGE_BEFORE.test(near) || HEDGE_AFTER.test(after.slice(0, 12))) return true;
  return BETWEEN_BEFORE.test(near) || UNIT_RANGE_AFTER.test(after) || UNIT_RANGE_BEFORE.test(near);
}

function isReference({ rawBefore, after }: Site): boolean {
  const near = rawBefore.replace(SLASH_CHAIN_TAIL, '').slice(-40);
  if (REFERENCE_BEFORE.test(near) || SOFTWARE_BEFORE.test(near) || SIGNIFICANCE_BEFORE.test(near)) return true;
  if (CJK_VERSION_AFTER.test(after)) return true;
  // A member of a reference list, unless it counts something (line 12, 2315 rows were read).
  if (REFERENCE_LIST_BEFORE.test(rawBefore) && !PLURAL_NOUN_AFTER.test(after)) return true;
  if (CONFIDENCE_AFTER.test(after) || CONFIDENCE_BEFORE.test(near)) return true;
  if (VERSION_PAIR_AFTER.test(after) || VERSION_PAIR_BEFORE.test(near)) return true;
  // Numbered list items and numbered headings: "1. ", "12) ", "## 2.3 ".
  if (LIST_MARKER_BEFORE.test(near) && /^[.)][ \t]/.test(after)) return true;
  if (HEADING_BEFORE.test(near)) return true;
  // Chinese dates: 2024年, 3月, 5日.
  return /^[年月日号]/.test(after);
}

/** The unit written right after the number (`ms`, `GB`, `万`), `''` for none, `undefined` for an identifier tail. */
function unitAfter(after: string): string | undefined {
  const cjk = /^ ?(千万|百万|[千万亿倍天]|毫秒|微秒|纳秒|秒|分钟|小时|字节)/.exec(after);
  if (cjk) return cjk[1];
  const spaced = after.startsWith(' ') ? after.slice(1) : after;
  const match = UNIT_AT_START.exec(spaced);
  if (!match) {
    // Letters glued to the number that are not a unit make it an identifier.
    return /^[A-Za-z]/.test(after) ? undefined : '';
  }
  // `1920 x 1080`, `3 × 417`: a spaced x before a number is a multiplication sign.
  if ((match[0] === 'x' || match[0] === '×') && spaced !== after && /^[x×] \d/.test(spaced)) return '';
  if (scalesOf(match[0]) !== undefined) return match[0];
  // After a space any word may follow ("1708 cells"); glued, it must be a unit.
  return spaced === after ? undefined : '';
}

/** A parsed numeric literal: its absolute value and the size of one unit in its last written digit. */
interface Literal {
  readonly value: number;
  readonly step: number;
  readonly decimals: number;
  readonly integerDigits: number;
}

function parseLiteral(digits: string, exponent: number): Literal {
  const [whole = '', fraction = ''] = digits.replace(/,/g, '').split('.');
  // An integer's trailing zeros may be rounding (1,710 for 1708): its last
  // significant digit sets the precision. Written decimals are kept as is.
  const roundedZeros = fraction === '' && /[1-9]/.test(whole) ? (/0*$/.exec(whole)?.[0].length ?? 0) : 0;
  return {
    value: Math.abs(Number(`${whole}${fraction ? `.${fraction}` : ''}e${exponent}`)),
    step: 10 ** (exponent - fraction.length + roundedZeros),
    decimals: fraction.length,
    integerDigits: whole.replace(/^0+(?=\d)/, '').length,
  };
}

/**
 * The range of values that round to `value` when written with steps of
 * `step`. Both ends are included, so round-half-up and round-half-even
 * writers are both accepted; a tiny margin absorbs binary floating point.
 */
function roundingRange(value: number, step: number, scale: number): ValueRange {
  const half = (step * scale) / 2;
  const margin = step * scale * 1e-9;
  return { lo: value * scale - half - margin, hi: value * scale + half + margin };
}

/** One significant digit and no written decimals: 5000, 50%, 300, 7%. */
function isRoundFigure(literal: Literal): boolean {
  if (literal.decimals > 0) return false;
  if (literal.value < 10) return true;
  const exponent = Math.floor(Math.log10(literal.value));
  return literal.value % 10 ** exponent === 0;
}

// What follows a count: a Chinese measure word (1984 个文档), "of" and a
// number (2048 of 2050), or a plural noun (2048 files, 2026 PDFs); not a verb in -s.
const COUNT_AFTER = new RegExp(String.raw`^(?:\s*[个份条篇行次人名台张项件本位只例字组批块页处种家所笔封首部场轮段颗棵座辆架道题株头匹]|\s+of\s+\d|${PLURAL_NOUN})`);
// Words of date before it keep the year reading even then: in 2019 sales,
// the 2023 results, March 2024 releases, from 2019 to 2023 users, 在 2019
// (not 存在, 现在: words ending in 在; not 找到: 到 and 至 only after a year).
const YEAR_BEFORE = new RegExp(
  String.raw`(?:(?:^|[^\w])(?:in|since|until|till|before|after|during|from|through|years?|fy|circa|c\.|early|mid|late|the|this|that|these|those|last|next|our|its|their|spring|summer|autumn|fall|winter|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)[\s,.-]*|(?:(?:^|[^存现实正所])在|自从|从|截至|截止|直到)\s*|(?:19|20)\d\d\s*(?:,|and|or|to|through|until|[-–]|和|与|、|至|到)\s*)$`,
  'i',
);

/**
 * Four plain digits (no grouping) from 1900 to 2100 with no unit read as a
 * year, unless they count something and no word of date comes before them;
 * percentages never reach here.
 */
function isYear(written: string, literal: Literal, unit: string, site: Site): boolean {
  if (!/^\d{4}$/.test(written) || literal.value < 1900 || literal.value > 2100 || unit !== '') return false;
  return !COUNT_AFTER.test(site.after) || YEAR_BEFORE.test(site.rawBefore.slice(-24));
}

interface RunReading {
  readonly text: string;
  readonly index: number;
  /**
   * The values `text` may stand for, written with `.` as the decimal mark and
   * no grouping: the first is the main reading, the others come from the other
   * separator convention (`1.708` is 1.708 or 1708). Any of them is a source.
   */
  readonly values: readonly string[];
  /**
   * The run read as a list of separate numbers (`120,130,140`, `1 234`), or
   * `undefined` when that reading makes no sense. The claim has a source when
   * every listed number that needs one has one; when none needs one, the
   * list reading asks for nothing and the run is not a claim.
   */
  readonly pieces?: readonly RunReading[];
}

// Spaces (also no-break, narrow no-break and thin) and apostrophes group
// thousands in French, SI and Swiss writing: 1 234 567, 1'234'567.
const SPACE_GROUPED = /^\d{1,3}(?:[ \u00a0\u202f\u2009'’]\d{3})+(?:[.,]\d+)?$/;
const SPACE_SEPARATOR = /[ \u00a0\u202f\u2009'’]/;
// German-style grouping: 1.234,56 (dots group, the comma is the decimal mark).
const DOT_GROUPED_COMMA_DECIMAL = /^[1-9]\d{0,2}\.\d{3},\d+$/;
const DECIMAL_LIST = /^\d+\.\d+(?:,\d+\.\d+)+$/;

function single(text: string, index: number, values: readonly string[] = [text.replace(/,/g, '')]): RunReading {
  return { text, index, values };
}

/** `run` cut at `separator` into readings, offsets kept. */
function splitRun(run: string, index: number, separator: RegExp, read: (piece: string, at: number) => RunReading[]): RunReading[] {
  const readings: RunReading[] = [];
  let offset = index;
  for (const piece of run.split(separator)) {
    readings.push(...read(piece, offset));
    offset += piece.length + 1;
  }
  return readings;
}

/**
 * Split a numeric run into the numbers it holds, in either separator
 * convention. `1,708.5`, `1.234,56` and `1 234 567` are one grouped number;
 * `0,873` and `12,75` are decimals with a comma (or two-number lists); `1.708`
 * is a decimal or a grouped 1708; `3,4,5` is a list; a run with two dots is a
 * version (skipped).
 */
function readRun(run: string, index: number): RunReading[] {
  if (SPACE_SEPARATOR.test(run)) {
    if (!SPACE_GROUPED.test(run)) return splitRun(run, index, SPACE_SEPARATOR, readRun);
    const [, decimals = ''] = /[.,](\d+)$/.exec(run) ?? [];
    const whole = run.slice(0, run.length - (decimals ? decimals.length + 1 : 0)).replace(/\D/g, '');
    const pieces = splitRun(run, index, SPACE_SEPARATOR, readRun);
    return [{ text: run, index, values: [decimals ? `${whole}.${decimals}` : whole], pieces }];
  }
  // Decimals joined by commas are a list (0.873,0.912), not a version.
  if (DECIMAL_LIST.test(run)) return splitRun(run, index, /,/, (piece, at) => [single(piece, at)]);
  const dots = run.split('.').length - 1;
  if (dots > 1) return [];
  if (DOT_GROUPED_COMMA_DECIMAL.test(run)) {
    const [whole = '', decimals = ''] = run.split(',');
    return [{ text: run, index, values: [`${whole.replace('.', '')}.${decimals}`], pieces: splitRun(run, index, /,/, readRun) }];
  }
  if (!run.includes(',')) {
    // 1.708 may be a German 1708.
    return [single(run, index, /^[1-9]\d{0,2}\.\d{3}$/.test(run) ? [run, run.replace('.', '')] : [run])];
  }
  if (GROUPED.test(run)) {
    const plain = run.replace(/,/g, '');
    // 1,708 may be a German 1.708; equal-width groups (120,130,140) may be a list written without spaces.
    const values = /^\d{1,3},\d{3}$/.test(run) ? [plain, run.replace(',', '.')] : [plain];
    const pieces = /^\d{3}(?:,\d{3})+$/.test(run) ? splitRun(run, index, /,/, (piece, at) => [single(piece, at)]) : undefined;
    return [pieces ? { text: run, index, values, pieces } : single(run, index, values)];
  }
  if (/^\d{1,3},\d+$/.test(run)) {
    // 0,873 and 12,75: a decimal comma, or a list of two numbers.
    return [{ text: run, index, values: [run.replace(',', '.')], pieces: splitRun(run, index, /,/, (piece, at) => [single(piece, at)]) }];
  }
  return splitRun(run, index, /,/, (piece, at) => [single(piece, at)]);
}

/** Scales of a unit; a unit word may be capitalised (`1.2 Seconds`), a symbol may not (`M` is not `m`). */
function scalesOf(unit: string): readonly number[] | undefined {
  return UNIT_SCALES.get(unit) ?? (unit.length > 3 ? UNIT_SCALES.get(unit.toLowerCase()) : undefined);
}

function rangesFor(literal: Literal, unit: string, percent: boolean): ValueRange[] {
  const scales = scalesOf(unit) ?? [1];
  const ranges = scales.map((scale) => roundingRange(literal.value, literal.step, scale));
  // 12.5% is sourced by 12.5 as well as by the fraction 0.125.
  if (percent) ranges.push(roundingRange(literal.value, literal.step, 0.01));
  return ranges;
}

function needsSource(literal: Literal, written: string, site: Site, scientific: boolean, unit: string, percent: boolean, minIntegerDigits: number): boolean {
  if (isRoundFigure(literal)) return false;
  if (literal.decimals > 0 || scientific) return true;
  if (percent) return true;
  if (literal.integerDigits < minIntegerDigits) return false;
  return !isYear(written, literal, unit, site);
}

/**
 * The numbers of an answer that need a source: decimals, percentages and
 * integers of `minIntegerDigits` or more digits, with or without a short
 * unit, outside code, URLs and paths, and not a version, date, time,
 * reference, identifier, list number, year, round figure, hedged number or
 * the right result of a calculation written out before it.
 */
export function extractClaims(answer: string, options?: ClaimOptions | null): NumberClaim[] {
  const minIntegerDigits = options?.minIntegerDigits ?? 3;
  const masked = maskUncheckedSpans(answer);
  const derived = derivedResultOffsets(masked);
  const claims: NumberClaim[] = [];
  // The digits of a written exponent (`10^-308`) are part of the number before them.
  let exponentEnd = 0;
  for (const match of masked.matchAll(NUMERIC_RUN)) {
    for (const reading of readRun(match[0], match.index)) {
      if (reading.index < exponentEnd) continue;
      const end = reading.index + reading.text.length;
      exponentEnd = end + (exponentAfter(masked.slice(end, end + 16))?.length ?? 0);
      if (derived.has(reading.index)) continue;
      const claim = claimAt(masked, answer, reading, minIntegerDigits);
      if (claim) claims.push(claim);
    }
  }
  return claims;
}

function claimAt(masked: string, answer: string, reading: RunReading, minIntegerDigits: number): NumberClaim | undefined {
  const start = reading.index;
  let end = start + reading.text.length;
  const written10 = exponentAfter(masked.slice(end, end + 16));
  const exponent = written10?.exponent ?? 0;
  end += written10?.length ?? 0;
  const from = Math.max(0, start - 48);
  const site: Site = { before: masked.slice(from, start), after: masked.slice(end, end + 24), rawBefore: answer.slice(from, start) };
  if (isPartOfToken(site, reading.text) || isReference(site) || isHedged(site)) return undefined;
  const percent = PERCENT_AFTER.test(site.after) || PERCENT_BEFORE.test(site.before);
  const unit = percent ? '' : unitAfter(site.after);
  if (unit === undefined) return undefined;
  // Decades: the 1990s, the 1980’s.
  if (/^(?:19|20)\d0$/.test(reading.text) && /^['’]?s\b/.test(site.after)) return undefined;
  const [main = reading.text, ...others] = reading.values;
  const literal = parseLiteral(main, exponent);
  const written = masked.slice(start, end);
  if (!needsSource(literal, written, site, written10 !== undefined, unit, percent, minIntegerDigits)) return undefined;
  let parts: (readonly ValueRange[])[] = [];
  if (reading.pieces !== undefined) {
    parts = piecesNeedingSource(masked, answer, reading.pieces, minIntegerDigits);
    // Read as a list, nothing here needs a source: stay quiet.
    if (parts.length === 0) return undefined;
  }
  const suffix = percent ? (PERCENT_AFTER.exec(site.after)?.[0] ?? '') : unit && site.after.slice(0, site.after.indexOf(unit) + unit.length);
  if (isImpliedRatio(masked, start, end, roundingRange(literal.value, literal.step, 1), ratioKinds(site, unit, percent))) return undefined;
  const ranges = [literal, ...others.map((value) => parseLiteral(value, exponent))].flatMap((value) => rangesFor(value, unit, percent));
  return {
    text: answer.slice(start, end) + suffix,
    index: start,
    ranges,
    parts,
  };
}

/** The ranges of each piece of a list reading that is a claim in its own right. */
function piecesNeedingSource(masked: string, answer: string, pieces: readonly RunReading[], minIntegerDigits: number): (readonly ValueRange[])[] {
  const parts: (readonly ValueRange[])[] = [];
  for (const piece of pieces) {
    const claim = claimAt(masked, answer, piece, minIntegerDigits);
    if (claim) parts.push(claim.ranges);
  }
  return parts;
}
