//! Anchored replacements: generate minimal unique `{old, new}` pairs that
//! turn a base text into a fork text, and apply them with drift reports.
//!
//! - [`edits`](diff_edits): the texts are diffed hierarchically into small
//!   edits: lines, then segments of long lines, then tokens. The line diff
//!   can come from the caller ([`generate_from_line_diff`]), so
//!   `gen-patches` and `merge` diff each file's lines once for the anchors
//!   and the review diff.
//! - [`generate`]: each edit's `old` grows from the removed text, token by
//!   token, until it occurs exactly once in the content just before the
//!   edit (the fork up to the edit, the base after it). Edits are anchored
//!   independently, in parallel.
//! - [`apply`]: replacements in order, each `old` exactly once in the
//!   content as patched so far, every failure reported
//!   ([`AnchorFailure`]: counts, nearest candidate, upstream and patched
//!   lines).
//!
//! Both count near and prove far. A count looks only near a point (the
//! seam between the text written and the text still pristine); what it
//! leaves open, that the needle occurs nowhere else, becomes a claim, and
//! all the claims of a file are checked at once with one pass over each
//! text (a private `prove` module: the needles searched for one by one in
//! small files, by one `aho-corasick` automaton otherwise). So
//! counting stays linear in the file size however many edits a file has,
//! and the answers are those of counting in the whole content. Text that
//! repeats so much that the windows or the checks cost more than a
//! multiple of the file is answered by one suffix array of each text
//! (`libsais`) instead; ordinary files never build one.
//!
//! Only an insertion into an empty text has no possible anchor;
//! [`generate`] then returns `None` and the caller replaces the file whole.

mod apply;
mod count;
mod edits;
mod generate;
mod prove;
mod report;
mod suffix;

pub use apply::apply;
pub use count::count_non_overlapping;
pub use edits::{cut_lines, diff_edits, lines, Edit};
pub use generate::{generate, generate_from_line_diff};
pub use report::{excerpt, longest_prefix_match, longest_suffix_match, AnchorFailure, ApplyError};

#[cfg(test)]
mod tests;
