// The range type claims (which build ranges) and ratios (which test them)
// both use; kept apart so that neither imports the other.

/** A closed range of values; a source value inside it rounds to the claim. */
export interface ValueRange {
  readonly lo: number;
  readonly hi: number;
}
