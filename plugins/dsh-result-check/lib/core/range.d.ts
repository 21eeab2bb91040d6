/** A closed range of values; a source value inside it rounds to the claim. */
export interface ValueRange {
    readonly lo: number;
    readonly hi: number;
}
