// The range type claims (which build ranges) and ratios (which test them)
// both use; kept apart so that neither imports the other.
export {};
