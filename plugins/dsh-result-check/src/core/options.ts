import { ResultCheckError } from './errors.js';

/** Settings of the result check; every key has a default (see {@link DEFAULT_OPTIONS}). */
export interface ResultCheckOptions {
  /** Flag tool failures the answer does not mention. Default `true`. */
  readonly checkFailures: boolean;
  /** Flag numbers no tool output, tool argument or user message contains. Default `true`. */
  readonly checkNumbers: boolean;
  /** Check numbers only when the turn called a tool (plain chat answers are left alone). Default `true`. */
  readonly numbersNeedToolCall: boolean;
  /** Integers with fewer digits than this are not checked. Default `3`. */
  readonly minIntegerDigits: number;
  /** JSON `status` values that mark a tool result as failed; `*` is a wildcard. Default: {@link DEFAULT_FAILURE_STATUSES}. */
  readonly failureStatuses: readonly string[];
  /** Tool names (with `*` wildcards) whose failures are ignored. Default `[]`. */
  readonly ignoreTools: readonly string[];
  /** Leave subagent sessions alone. Default `false`. */
  readonly skipSubagents: boolean;
  /** How many extra steps the check may ask for in one turn. Default `1`. */
  readonly maxNudgesPerTurn: number;
  /** How many numbers one note lists at most. Default `8`. */
  readonly maxListedNumbers: number;
}

/**
 * Failure values of a JSON result's `status`. Compared after lower-casing and
 * turning spaces and dashes into `_`, so `Timed-Out` matches `timed_out`.
 */
export const DEFAULT_FAILURE_STATUSES: readonly string[] = Object.freeze([
  'error*',
  'fail*',
  'blocked*',
  'timeout',
  'timed_out',
  'unavailable',
  'dependency_missing',
  'missing_dependency',
  'cancelled',
  'canceled',
  'aborted',
  'denied',
  'permission_denied',
  'crashed',
  'killed',
]);

export const DEFAULT_OPTIONS: ResultCheckOptions = Object.freeze({
  checkFailures: true,
  checkNumbers: true,
  numbersNeedToolCall: true,
  minIntegerDigits: 3,
  failureStatuses: DEFAULT_FAILURE_STATUSES,
  ignoreTools: Object.freeze([]) as readonly string[],
  skipSubagents: false,
  maxNudgesPerTurn: 1,
  maxListedNumbers: 8,
});

type Key = keyof ResultCheckOptions;

const BOOLEAN_KEYS: readonly Key[] = ['checkFailures', 'checkNumbers', 'numbersNeedToolCall', 'skipSubagents'];
/** Integer settings with their allowed range; the bounds keep a typo from disabling or flooding the check. */
const INTEGER_RANGES: ReadonlyMap<Key, readonly [number, number]> = new Map<Key, readonly [number, number]>([
  ['minIntegerDigits', [1, 15]],
  ['maxNudgesPerTurn', [0, 10]],
  ['maxListedNumbers', [1, 100]],
]);
const LIST_KEYS: readonly Key[] = ['failureStatuses', 'ignoreTools'];
const KNOWN_KEYS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_OPTIONS));

function invalid(key: string, problem: string): ResultCheckError {
  return new ResultCheckError(
    'invalid_config',
    `dsh-result-check: invalid config \`${key}\`: ${problem}; fix or remove it in the plugin's row of cordis.patch.yml`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function readBoolean(key: Key, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(key, `expected true or false, got ${describe(value)}`);
  return value;
}

function readInteger(key: Key, value: unknown, [min, max]: readonly [number, number]): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(key, `expected a whole number from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

function readList(key: Key, value: unknown): readonly string[] {
  if (!Array.isArray(value)) throw invalid(key, `expected a list of strings, got ${describe(value)}`);
  const list = value.map((item: unknown, index) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw invalid(`${key}[${index}]`, `expected a non-empty string, got ${describe(item)}`);
    }
    return item.trim();
  });
  return Object.freeze(list);
}

/**
 * Validate a raw config object and fill in defaults.
 * @param raw - the plugin config; `null` or `undefined` means all defaults.
 *   Keys set to `null` or `undefined` take their default too.
 * @throws {ResultCheckError} `invalid_config` naming the key and the problem.
 */
export function resolveOptions(raw: unknown): ResultCheckOptions {
  if (raw === null || raw === undefined) return DEFAULT_OPTIONS;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('(root)', `expected an object, got ${describe(raw)}`);
  const input = raw as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(input)) {
    if (!KNOWN_KEYS.has(key)) throw invalid(key, `unknown key (known keys: ${[...KNOWN_KEYS].sort().join(', ')})`);
  }
  const resolved: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    const typedKey = key as Key;
    const range = INTEGER_RANGES.get(typedKey);
    if (BOOLEAN_KEYS.includes(typedKey)) resolved[key] = readBoolean(typedKey, value);
    else if (range !== undefined) resolved[key] = readInteger(typedKey, value, range);
    else if (LIST_KEYS.includes(typedKey)) resolved[key] = readList(typedKey, value);
  }
  return Object.freeze(resolved) as unknown as ResultCheckOptions;
}
