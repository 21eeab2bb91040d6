//! Anchoring: each edit's `old` starts as the text it removes and grows
//! token by token (right, then left, alternating) until it occurs exactly
//! once in the content just before the edit; after
//! [`LINEAR_GROWTH_STEPS`] steps growth doubles, so long repeated
//! neighbourhoods stay O(n log n) to anchor.
//!
//! Edits are applied front to back, so before edit *i* the content is
//! `fork[..start_i] ++ base[start_i'..]`: a patched prefix and a pristine
//! suffix. It is never materialised: the prefix is counted in the fork,
//! the suffix in the base (a [`Counter`]: scans, then one suffix array of
//! each text once they have cost a multiple of the texts), and a small window
//! around the seam catches occurrences that straddle it. Uniqueness is
//! counted with overlapping matches, stricter than the non-overlapping
//! count `apply` requires.

use std::sync::atomic::{AtomicUsize, Ordering};

use memchr::memmem::Finder;
use rayon::prelude::*;
use similar::DiffOp;

use super::count::{scan_overlapping, Counter, SCAN_BUDGET};
use super::edits::{diff_edits, diff_edits_from, is_utf8_continuation, next_token_end, prev_token_start, Edit};
use crate::manifest::Replacement;

/// Token-by-token growth steps before growth turns geometric.
const LINEAR_GROWTH_STEPS: usize = 64;

/// The two texts of one file with their counts ([`BASE`] and [`FORK`]), and
/// how many counts anchoring asked for (for the tests that hold it linear).
struct Texts<'t> {
    counter: Counter<'t>,
    queries: AtomicUsize,
}

/// Which text of [`Texts::counter`] is the base.
const BASE: usize = 0;
/// Which is the fork.
const FORK: usize = 1;

/// Content as it is just before an edit: a patched prefix and a pristine
/// suffix, never concatenated.
struct Split<'s, 't> {
    /// `fork[..start]`.
    prefix: &'t [u8],
    /// `base[start'..]`.
    suffix: &'t [u8],
    /// `start'`.
    suffix_start: usize,
    texts: &'s Texts<'t>,
}

impl Split<'_, '_> {
    /// Overlapping occurrences of `prefix[prefix.len()-left..] ++
    /// suffix[..right]`, counting at most to 2.
    fn count_capped(&self, left: usize, right: usize) -> usize {
        let mut needle = Vec::with_capacity(left + right);
        needle.extend_from_slice(&self.prefix[self.prefix.len() - left..]);
        needle.extend_from_slice(&self.suffix[..right]);
        let finder = Finder::new(&needle);
        // Occurrences straddling the seam can only lie in this window.
        let keep = needle.len().saturating_sub(1);
        let mut window = Vec::with_capacity(2 * keep);
        window.extend_from_slice(&self.prefix[self.prefix.len().saturating_sub(keep)..]);
        window.extend_from_slice(&self.suffix[..keep.min(self.suffix.len())]);
        let mut count = scan_overlapping(&finder, &window, 2).count;
        if count < 2 {
            count += self.texts.counter.before(FORK, &finder, self.prefix.len(), 2 - count).count;
        }
        if count < 2 {
            count += self.texts.counter.from(BASE, &finder, self.suffix_start, 2 - count).count;
        }
        self.texts.queries.fetch_add(1, Ordering::Relaxed);
        count
    }
}

/// Grows context around one edit until its `old` is unique. Returns
/// `(left, right)`: bytes of context taken from the patched prefix and
/// bytes of the suffix (removed text included) covered by `old`.
fn grow_until_unique(split: &Split<'_, '_>, removed: usize) -> Option<(usize, usize)> {
    let (mut left, mut right) = (0usize, removed);
    let mut steps = 0usize;
    let mut grow_right_next = true;
    loop {
        if left + right > 0 && split.count_capped(left, right) == 1 {
            return Some((left, right));
        }
        let can_right = right < split.suffix.len();
        let can_left = left < split.prefix.len();
        if !can_right && !can_left {
            // `old` is the whole content and still not unique: only possible
            // when the content is empty.
            return None;
        }
        let geometric = steps >= LINEAR_GROWTH_STEPS;
        let step_right = (grow_right_next && can_right) || !can_left;
        // Geometric steps cut at byte counts: move each cut to a character
        // boundary, or `old` would not be valid UTF-8 and the whole file
        // would be carried instead of an anchor.
        if step_right {
            right = if geometric {
                let mut end = (right + right.max(16)).min(split.suffix.len());
                while end < split.suffix.len() && is_utf8_continuation(split.suffix[end]) {
                    end += 1;
                }
                end
            } else {
                next_token_end(split.suffix, right)
            };
        } else {
            let pos = split.prefix.len() - left;
            let start = if geometric {
                let mut start = pos.saturating_sub(left.max(16));
                while start > 0 && is_utf8_continuation(split.prefix[start]) {
                    start -= 1;
                }
                start
            } else {
                prev_token_start(split.prefix, pos)
            };
            left = split.prefix.len() - start;
        }
        grow_right_next = !grow_right_next;
        steps += 1;
    }
}

/// Generates replacements turning `base` into `fork`, applied in order.
/// `None` only when no anchor can exist (inserting into an empty text).
pub fn generate(base: &str, fork: &str) -> Option<Vec<Replacement>> {
    generate_counting(base, fork, Some(SCAN_BUDGET)).0
}

/// [`generate`] given the diff `ops` of the [`super::lines`] of `base`
/// and `fork`, e.g. the one the review diff of the file was made from.
pub fn generate_from_line_diff(base: &str, fork: &str, ops: &[DiffOp]) -> Option<Vec<Replacement>> {
    let edits = diff_edits_from(base.as_bytes(), fork.as_bytes(), ops);
    anchor_edits(base, fork, edits, Some(SCAN_BUDGET)).0
}

/// [`generate`] for tests: with the suffix arrays from the first count,
/// or (`indexed = false`) always scanning.
#[cfg(test)]
pub(super) fn generate_with(base: &str, fork: &str, indexed: bool) -> Option<Vec<Replacement>> {
    generate_counting(base, fork, indexed.then_some(0)).0
}

/// [`generate`] with the given scan budget (see [`Counter::new`]), and the
/// work its uniqueness counts took: `(text positions looked at, counts)`.
/// The positions are bytes scanned and indexed and binary-search steps;
/// not the needle and its seam window, which cost its length whatever the
/// file size.
pub(super) fn generate_counting(
    base: &str,
    fork: &str,
    scan_budget: Option<usize>,
) -> (Option<Vec<Replacement>>, (usize, usize)) {
    anchor_edits(base, fork, diff_edits(base.as_bytes(), fork.as_bytes()), scan_budget)
}

/// The replacements of `edits` and the work they took (see
/// [`generate_counting`]).
fn anchor_edits(
    base: &str,
    fork: &str,
    edits: Vec<Edit>,
    scan_budget: Option<usize>,
) -> (Option<Vec<Replacement>>, (usize, usize)) {
    let (a, b) = (base.as_bytes(), fork.as_bytes());
    let texts = Texts { counter: Counter::new(vec![a, b], scan_budget), queries: AtomicUsize::new(0) };
    // The content before edit i depends only on the diff, not on the other
    // anchors, so edits are anchored independently (and in parallel).
    let replacements = edits.par_iter().map(|edit| anchor_edit(a, b, edit, &texts)).collect();
    let work = texts.counter.work();
    (replacements, (work, texts.queries.into_inner()))
}

fn anchor_edit<'t>(a: &'t [u8], b: &'t [u8], edit: &Edit, texts: &Texts<'t>) -> Option<Replacement> {
    let split = Split { prefix: &b[..edit.b.start], suffix: &a[edit.a.start..], suffix_start: edit.a.start, texts };
    let (left, right) = grow_until_unique(&split, edit.a.len())?;
    let old_start = edit.b.start - left;
    let mut old = Vec::with_capacity(left + right);
    old.extend_from_slice(&b[old_start..edit.b.start]);
    old.extend_from_slice(&a[edit.a.start..edit.a.start + right]);
    let mut new = b[old_start..edit.b.end].to_vec();
    new.extend_from_slice(&a[edit.a.end..edit.a.start + right]);
    // Every cut is on a token boundary, hence a UTF-8 boundary; should that
    // ever not hold, the caller falls back to whole-file content.
    Some(Replacement { old: String::from_utf8(old).ok()?, new: String::from_utf8(new).ok()? })
}
