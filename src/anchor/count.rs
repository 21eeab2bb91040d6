//! Counting occurrences, and the work budget of anchoring and applying.
//!
//! Uniqueness is asked with overlapping matches (stricter than the
//! non-overlapping count `apply` requires to be 1), near a point: scanned
//! with `memchr::memmem` outwards from it, stopping at the second match.
//! Whatever such a scan does not cover is left to a [`super::prove`] claim.
//! [`Work`] counts the text positions looked at, so that the tests can hold
//! anchoring and applying linear without timing them, and bounds them: past
//! its limit the claims are answered by suffix arrays
//! ([`super::suffix`]), whose cost does not depend on how the text repeats.

use std::sync::atomic::{AtomicUsize, Ordering};

use memchr::memmem::{self, Finder, FinderRev};

/// Occurrences counted (up to a cap) and where one of them starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Found {
    /// Overlapping occurrences, at most the cap asked for.
    pub count: usize,
    /// The start of one occurrence (the last one counted), when there is one.
    pub start: Option<usize>,
}

/// Times the size of its texts a file's counts and proofs may look at
/// positions before the rest is answered by suffix arrays: building one
/// costs a few hundred scans of its text, so work within this bound never
/// pays for one, and work beyond it stays linear.
const WORK_BUDGET: usize = 64;
/// Positions any file may look at, however small: a small file with many
/// edits costs little either way, and is not indexed for it.
const WORK_FLOOR: usize = 1 << 22;

/// The limit of a [`Work`] on texts of the given size in all (`None`: no
/// limit, for the tests that compare the ways of counting).
pub(super) type Limit = fn(usize) -> Option<usize>;

/// The default [`Limit`].
pub(super) fn work_limit(size: usize) -> Option<usize> {
    Some(size.saturating_mul(WORK_BUDGET).saturating_add(WORK_FLOOR))
}

/// Text positions looked at so far, and how many may be (`None`: no
/// limit, for the tests that compare the ways of counting).
pub(super) struct Work {
    spent: AtomicUsize,
    limit: Option<usize>,
}

impl Work {
    pub fn new(limit: Option<usize>) -> Work {
        Work { spent: AtomicUsize::new(0), limit }
    }

    pub fn charge(&self, units: usize) {
        self.spent.fetch_add(units, Ordering::Relaxed);
    }

    /// Whether the limit is reached: from then on, suffix arrays answer.
    pub fn over(&self) -> bool {
        self.limit.is_some_and(|limit| self.spent() >= limit)
    }

    pub fn spent(&self) -> usize {
        self.spent.load(Ordering::Relaxed)
    }
}

/// Overlapping occurrences of the finder's (non-empty) needle in `hay`, up
/// to `cap`, from the front, and the start of the last one counted;
/// charges the bytes looked at.
pub(super) fn scan_overlapping(finder: &Finder<'_>, hay: &[u8], cap: usize, work: &Work) -> Found {
    let mut found = Found::default();
    let mut from = 0;
    while found.count < cap && from <= hay.len() {
        match finder.find(&hay[from..]) {
            Some(i) => {
                found.count += 1;
                found.start = Some(from + i);
                from += i + 1;
            }
            None => break,
        }
    }
    work.charge(match found.start {
        Some(start) if found.count == cap => start + finder.needle().len(),
        _ => hay.len(),
    });
    found
}

/// Occurrences of the finder's (non-empty) needle straddling the seam of
/// `left ++ right`, counted up to 2 (they can only lie within the needle's
/// length but one on either side), with the start of the last one counted
/// in `left ++ right`.
pub(super) fn scan_across(finder: &Finder<'_>, left: &[u8], right: &[u8], work: &Work) -> Found {
    let keep = finder.needle().len() - 1;
    let cut = left.len().saturating_sub(keep);
    let mut seam = Vec::with_capacity(2 * keep);
    seam.extend_from_slice(&left[cut..]);
    seam.extend_from_slice(&right[..keep.min(right.len())]);
    let found = scan_overlapping(finder, &seam, 2, work);
    Found { start: found.start.map(|at| cut + at), ..found }
}

/// [`scan_overlapping`] from the back of `hay`: the start of the last one
/// counted is the lowest.
pub(super) fn rscan_overlapping(finder: &FinderRev<'_>, hay: &[u8], cap: usize, work: &Work) -> Found {
    let mut found = Found::default();
    let keep = finder.needle().len().saturating_sub(1);
    let mut end = hay.len();
    while found.count < cap && !finder.needle().is_empty() {
        match finder.rfind(&hay[..end]) {
            // The next one starts before this one (and may overlap it).
            Some(at) => {
                found.count += 1;
                found.start = Some(at);
                end = at + keep;
            }
            None => break,
        }
    }
    work.charge(match found.start {
        Some(start) if found.count == cap => hay.len() - start,
        _ => hay.len(),
    });
    found
}

/// Non-overlapping occurrences of `needle` (an empty needle counts as
/// ambiguous unless the haystack is empty too): the count [`super::apply`]
/// requires to be 1.
pub fn count_non_overlapping(hay: &[u8], needle: &[u8]) -> usize {
    if needle.is_empty() {
        return if hay.is_empty() { 1 } else { 2 };
    }
    memmem::find_iter(hay, needle).count()
}
