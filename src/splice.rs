//! Editing a text in place: the declaration, pin files and package
//! managers' configuration are changed by replacing byte ranges, so every
//! byte outside them (comments, layout, line ends) stays as it was.

use std::ops::Range;

/// `text` with each byte range of `edits` (none overlapping, in any order)
/// replaced by its string.
pub fn splice<S: AsRef<str>>(text: &str, edits: impl IntoIterator<Item = (Range<usize>, S)>) -> String {
    let mut edits: Vec<(Range<usize>, S)> = edits.into_iter().collect();
    edits.sort_by_key(|(span, _)| span.start);
    let mut next = String::with_capacity(text.len());
    let mut at = 0;
    for (span, literal) in &edits {
        next.push_str(&text[at..span.start]);
        next.push_str(literal.as_ref());
        at = span.end;
    }
    next.push_str(&text[at..]);
    next
}
