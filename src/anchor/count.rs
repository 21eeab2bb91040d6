//! How often a needle occurs in one fixed text, before a point or from
//! one: scanned with `memchr::memmem` while the scans so far have covered
//! less than [`SCAN_BUDGET`] times the text, then answered by a suffix
//! array of the text ([`super::suffix`]), built once. A text counted a few
//! times is never indexed; a big one counted at every edit is indexed
//! once, so the counts cost at most a constant times the text plus a
//! binary search each, however many there are.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use memchr::memmem::{self, Finder};

use super::suffix::{Found, SuffixIndex};

/// Times its size a text may be scanned by counts before its suffix array
/// is built. Building one costs a few hundred scans of the text, so a text
/// that needs fewer never pays for it, and scanning stays linear.
pub(super) const SCAN_BUDGET: usize = 64;

/// One text and its counts (see the module docs).
pub(super) struct Counter<'t> {
    text: &'t [u8],
    /// Bytes the counts have scanned so far.
    scanned: AtomicUsize,
    /// Bytes they may scan before the suffix array is built; `None`: never
    /// built (tests that compare both ways).
    budget: Option<usize>,
    suffixes: OnceLock<Option<SuffixIndex<'t>>>,
    /// Text positions looked at (bytes scanned, binary-search steps, bytes
    /// indexed), for the tests that hold anchoring and applying linear
    /// without timing them.
    work: AtomicUsize,
}

impl<'t> Counter<'t> {
    /// Counts in `text`, which may be scanned `scan_budget` times its size
    /// before it is indexed (`None`: always scanned).
    pub fn new(text: &'t [u8], scan_budget: Option<usize>) -> Counter<'t> {
        Counter {
            text,
            scanned: AtomicUsize::new(0),
            budget: scan_budget.map(|times| times.saturating_mul(text.len())),
            suffixes: OnceLock::new(),
            work: AtomicUsize::new(0),
        }
    }

    /// Overlapping occurrences of the finder's needle lying wholly inside
    /// `text[..end]`, counted up to `cap`, with the start of one of them.
    pub fn before(&self, finder: &Finder<'_>, end: usize, cap: usize) -> Found {
        match self.index() {
            Some(index) => index.count_before(finder.needle(), end, cap),
            None => self.scan(finder, &self.text[..end], cap),
        }
    }

    /// Overlapping occurrences of the finder's needle starting at `from` or
    /// later, counted up to `cap`, with the start of one of them.
    pub fn from(&self, finder: &Finder<'_>, from: usize, cap: usize) -> Found {
        match self.index() {
            Some(index) => index.count_from(finder.needle(), from, cap),
            None => self.scan(finder, &self.text[from..], cap).offset(from),
        }
    }

    /// See the `work` field.
    pub fn work(&self) -> usize {
        self.work.load(Ordering::Relaxed)
    }

    /// The suffix array, once the scan budget is spent (`None` before, or
    /// when the text is too big for it).
    fn index(&self) -> Option<&SuffixIndex<'t>> {
        if self.scanned.load(Ordering::Relaxed) < self.budget? {
            return None;
        }
        let index = self
            .suffixes
            .get_or_init(|| {
                self.work.fetch_add(self.text.len(), Ordering::Relaxed);
                SuffixIndex::of(self.text)
            })
            .as_ref()?;
        self.work.fetch_add(index.search_steps(), Ordering::Relaxed);
        Some(index)
    }

    fn scan(&self, finder: &Finder<'_>, hay: &[u8], cap: usize) -> Found {
        let found = scan_overlapping(finder, hay, cap);
        let bytes = match found.start {
            Some(start) if found.count == cap => start + finder.needle().len(),
            _ => hay.len(),
        };
        self.scanned.fetch_add(bytes, Ordering::Relaxed);
        self.work.fetch_add(bytes, Ordering::Relaxed);
        found
    }
}

/// Overlapping occurrences in `hay`, up to `cap`, and the start of the
/// last one counted.
pub(super) fn scan_overlapping(finder: &Finder<'_>, hay: &[u8], cap: usize) -> Found {
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
