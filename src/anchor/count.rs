//! How often a needle occurs in a fixed text, before a point or from one:
//! scanned with `memchr::memmem` while the scans so far have covered less
//! than [`SCAN_BUDGET`] times the texts counted in, then answered by a
//! suffix array of each text ([`super::suffix`]), built once. Texts counted
//! a few times are never indexed; big ones counted at every edit are
//! indexed once, so the counts cost at most a constant times the texts
//! plus a binary search each, however many there are.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use memchr::memmem::{self, Finder};

use super::suffix::{Found, SuffixIndex};

/// Times its size a text may be scanned by counts before its suffix array
/// is built. Building one costs a few hundred scans of the text, so a text
/// that needs fewer never pays for it, and scanning stays linear.
pub(super) const SCAN_BUDGET: usize = 64;

/// Texts and their counts (see the module docs).
pub(super) struct Counter<'t> {
    texts: Vec<&'t [u8]>,
    /// Bytes the counts have scanned so far.
    scanned: AtomicUsize,
    /// Bytes they may scan before the suffix arrays are built; `None`:
    /// never built (tests that compare both ways).
    budget: Option<usize>,
    /// One per text, all built at once (one per core when there are two).
    suffixes: OnceLock<Option<Vec<SuffixIndex<'t>>>>,
    /// Text positions looked at (bytes scanned, binary-search steps, bytes
    /// indexed), for the tests that hold anchoring and applying linear
    /// without timing them.
    work: AtomicUsize,
}

impl<'t> Counter<'t> {
    /// Counts in `texts`, which may be scanned `scan_budget` times their
    /// size before they are indexed (`None`: always scanned).
    pub fn new(texts: Vec<&'t [u8]>, scan_budget: Option<usize>) -> Counter<'t> {
        let size: usize = texts.iter().map(|text| text.len()).sum();
        Counter {
            texts,
            scanned: AtomicUsize::new(0),
            budget: scan_budget.map(|times| times.saturating_mul(size)),
            suffixes: OnceLock::new(),
            work: AtomicUsize::new(0),
        }
    }

    /// Overlapping occurrences of the finder's needle lying wholly inside
    /// `texts[text][..end]`, counted up to `cap`, with the start of one of
    /// them.
    pub fn before(&self, text: usize, finder: &Finder<'_>, end: usize, cap: usize) -> Found {
        match self.index(text) {
            Some(index) => index.count_before(finder.needle(), end, cap),
            None => self.scan(finder, &self.texts[text][..end], cap),
        }
    }

    /// Overlapping occurrences of the finder's needle starting at `from` or
    /// later in `texts[text]`, counted up to `cap`, with the start of one
    /// of them.
    pub fn from(&self, text: usize, finder: &Finder<'_>, from: usize, cap: usize) -> Found {
        match self.index(text) {
            Some(index) => index.count_from(finder.needle(), from, cap),
            None => self.scan(finder, &self.texts[text][from..], cap).offset(from),
        }
    }

    /// See the `work` field.
    pub fn work(&self) -> usize {
        self.work.load(Ordering::Relaxed)
    }

    /// The suffix array of `texts[text]`, once the scan budget is spent
    /// (`None` before, or when a text is too big for one).
    fn index(&self, text: usize) -> Option<&SuffixIndex<'t>> {
        if self.scanned.load(Ordering::Relaxed) < self.budget? {
            return None;
        }
        let index = &self.suffixes.get_or_init(|| self.build()).as_ref()?[text];
        self.work.fetch_add(index.search_steps(), Ordering::Relaxed);
        Some(index)
    }

    /// The suffix arrays of all texts: the first here, the others on
    /// threads of their own.
    fn build(&self) -> Option<Vec<SuffixIndex<'t>>> {
        self.work.fetch_add(self.texts.iter().map(|text| text.len()).sum(), Ordering::Relaxed);
        let (first, others) = self.texts.split_first()?;
        std::thread::scope(|scope| {
            let others: Vec<_> = others.iter().map(|&text| scope.spawn(move || SuffixIndex::of(text))).collect();
            let mut built = vec![SuffixIndex::of(first)?];
            for other in others {
                built.push(other.join().ok()??);
            }
            Some(built)
        })
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
