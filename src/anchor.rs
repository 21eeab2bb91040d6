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
//!   edit (the fork up to the edit, the base after it).
//! - [`apply`]: replacements in order, each `old` exactly once in the
//!   content as patched so far, every failure reported
//!   ([`AnchorFailure`]: counts, nearest candidate, upstream and patched
//!   lines).
//!
//! Both count occurrences the same way (a private `count` module): with
//! `memchr::memmem` while the scans so far have covered less than a
//! multiple of the text, then with one suffix array of it (`libsais`,
//! built once). Counting thus stays linear in the file size however many
//! edits a file has, files with a few edits never pay for the array, and
//! the answers are the same either way. Only an insertion into an empty
//! text has no possible anchor; [`generate`] then returns `None` and the
//! caller replaces the file whole.

mod apply;
mod count;
mod edits;
mod generate;
mod report;
mod suffix;

pub use apply::apply;
pub use count::count_non_overlapping;
pub use edits::{cut_lines, diff_edits, lines, Edit};
pub use generate::{generate, generate_from_line_diff};
pub use report::{excerpt, longest_prefix_match, longest_suffix_match, AnchorFailure, ApplyError};

#[cfg(test)]
mod tests;
