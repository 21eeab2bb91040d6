/** A value that has exactly one canonical JSON serialisation. */
export type CanonicalValue = null | boolean | number | string | readonly CanonicalValue[] | {
    readonly [key: string]: CanonicalValue | undefined;
};
/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no insignificant
 * whitespace, `undefined` members omitted, strings and numbers in the
 * ECMAScript `JSON.stringify` form (which is fully specified, so equal values
 * give equal bytes on every engine). Non-finite numbers, `undefined` array
 * items and non-plain values are rejected instead of being silently coerced:
 * a record that cannot be hashed faithfully must not get an evidence id.
 */
export declare function canonicalJson(value: unknown): string;
/** Plain code-unit order, independent of locale. */
export declare function compareCodeUnits(a: string, b: string): number;
