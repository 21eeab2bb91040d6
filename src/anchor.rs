//! Anchored replacements: generate minimal unique `{old, new}` pairs that
//! turn a base text into a fork text, and apply them with drift reports.
//!
//! ## Generation
//!
//! 1. The texts are diffed hierarchically: lines first, then, inside each
//!    changed hunk, "segments" (split after `;`, `,`, `{`, `}` — this keeps
//!    minified one-line files cheap), both with the near-linear
//!    [`crate::linediff`], and finally tokens (runs of word characters,
//!    runs of whitespace, single punctuation; at most
//!    `TOKEN_REFINE_LIMIT` per hunk) with `similar`'s Myers (no deadline,
//!    so results never depend on machine speed). Token boundaries are
//!    always UTF-8 character boundaries.
//! 2. Edits are applied front to back. Before edit *i* the content is
//!    `fork[..start_i] ++ base[start_i'..]`: an already patched prefix and
//!    a pristine suffix. The edit's `old` starts as the removed text and
//!    grows token by token (right, then left, alternating) until it occurs
//!    exactly once in that content. After 64 token steps growth doubles, so
//!    long repeated neighbourhoods stay O(n log n) to anchor.
//! 3. Counting never materialises the content: the prefix and suffix are
//!    searched separately with `memchr::memmem` (stopping at the second
//!    hit) and a small window around their seam catches occurrences that
//!    straddle it. Uniqueness is checked with overlapping matches, which is
//!    stricter than the non-overlapping count [`apply`] uses. In files of
//!    64 KiB and more, once the counts have scanned `GRAM_SCAN_BUDGET`
//!    times the base and the fork, a q-gram index of both (built once per
//!    file) answers them from the bucket of the needle's rarest 8-byte
//!    gram; once the counts it declines (short needles, crowded grams)
//!    have scanned `SCAN_BUDGET` times the texts, suffix arrays of both
//!    (`anchor/suffix.rs`) answer those too, short needles and files whose
//!    lines repeat included, by binary searches and range minima, so
//!    anchoring stays linear in the file size (same answers as a scan).
//! 4. The line diff can come from the caller (`generate_from_line_diff`),
//!    so `gen-patches` and `merge` diff each file's lines once for the
//!    anchors and the review diff.
//!
//! [`apply`] applies big files with many replacements front to back (a
//! patched prefix and a pristine rest, both indexed) and falls back to the
//! general loop at the first replacement that does not fit that shape.
//!
//! Only an insertion into an empty text has no possible anchor;
//! [`generate`] then returns `None` and the caller replaces the file whole.

use std::cmp::Reverse;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use memchr::memmem;
use serde::Serialize;
use similar::{capture_diff_slices, Algorithm, DiffOp};

use crate::manifest::Replacement;
use index::{Found, GramIndex};
use suffix::SuffixIndex;

mod index;
mod suffix;

/// Hunks with more tokens than this are not refined further (the token
/// diff is O(N·D); above this size a coarser replacement is cheaper).
const TOKEN_REFINE_LIMIT: usize = 6_000;
/// Equal gaps shorter than this between two edits are folded into one
/// replacement: one readable anchor beats several tiny ones.
const MERGE_GAP: usize = 8;
/// Token-by-token growth steps before growth turns geometric.
const LINEAR_GROWTH_STEPS: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Word,
    Space,
    Other,
}

fn class(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'$' | 0x80..=0xff => Class::Word,
        b' ' | b'\t' => Class::Space,
        _ => Class::Other,
    }
}

/// Splits into tokens: runs of word bytes (UTF-8 sequences included), runs
/// of blanks, and every other byte alone.
fn tokens(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=text.len() {
        let boundary = i == text.len() || {
            let (p, c) = (class(text[i - 1]), class(text[i]));
            p != c || p == Class::Other
        };
        if boundary && start < i {
            out.push(&text[start..i]);
            start = i;
        }
    }
    out
}

/// Splits after every byte for which `cut` holds (the byte stays in the
/// unit before the cut).
fn split_after(text: &[u8], cut: impl Fn(u8) -> bool) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        if cut(b) {
            out.push(&text[start..=i]);
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// One change: `base[a]` becomes `fork[b]` (byte ranges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// Range in the base.
    pub a: Range<usize>,
    /// Range in the fork.
    pub b: Range<usize>,
}

fn offsets(units: &[&[u8]]) -> Vec<usize> {
    let mut out = Vec::with_capacity(units.len() + 1);
    let mut pos = 0;
    out.push(0);
    for u in units {
        pos += u.len();
        out.push(pos);
    }
    out
}

/// Diffs two unit sequences and returns the changed hunks as byte ranges
/// relative to the start of the texts the units were cut from.
///
/// Hunks are taken as the gaps between `Equal` runs only: the positions
/// `similar`'s compaction reports for the other side of a pure `Delete` or
/// `Insert` are not always consistent, while equal runs must be. Each
/// equal run is verified; should one ever not hold, the whole range
/// becomes one hunk (coarser, never wrong).
fn unit_hunks(a: &[&[u8]], b: &[&[u8]]) -> Vec<Edit> {
    hunks_of(&crate::linediff::diff_units(a, b), a, b)
}

/// [`unit_hunks`] of a diff already computed.
fn hunks_of(ops: &[DiffOp], a: &[&[u8]], b: &[&[u8]]) -> Vec<Edit> {
    let (oa, ob) = (offsets(a), offsets(b));
    let whole = || vec![Edit { a: 0..oa[a.len()], b: 0..ob[b.len()] }];
    let mut hunks = Vec::new();
    let (mut pa, mut pb) = (0usize, 0usize);
    for &op in ops {
        let DiffOp::Equal { old_index, new_index, len } = op else { continue };
        let consistent = old_index >= pa
            && new_index >= pb
            && old_index + len <= a.len()
            && new_index + len <= b.len()
            && a[old_index..old_index + len] == b[new_index..new_index + len];
        if !consistent {
            return whole();
        }
        if old_index > pa || new_index > pb {
            hunks.push(Edit { a: oa[pa]..oa[old_index], b: ob[pb]..ob[new_index] });
        }
        (pa, pb) = (old_index + len, new_index + len);
    }
    if pa < a.len() || pb < b.len() {
        hunks.push(Edit { a: oa[pa]..oa[a.len()], b: ob[pb]..ob[b.len()] });
    }
    hunks
}

fn shift(edits: Vec<Edit>, da: usize, db: usize) -> impl Iterator<Item = Edit> {
    edits.into_iter().map(move |e| Edit { a: e.a.start + da..e.a.end + da, b: e.b.start + db..e.b.end + db })
}

/// The changes from `base` to `fork`, as small edits in base order.
pub fn diff_edits(base: &[u8], fork: &[u8]) -> Vec<Edit> {
    let (la, lb) = (lines(base), lines(fork));
    edits_of_line_diff(base, fork, (&la, &lb), &crate::linediff::diff_units(&la, &lb))
}

/// A text cut after every `\n`: the units of the line diff.
pub fn lines(text: &[u8]) -> Vec<&[u8]> {
    cut_lines(text)
}

/// [`lines`] of bytes or of a `str` (cut after a `\n`, always a character
/// boundary).
pub fn cut_lines<T>(text: &T) -> Vec<&T>
where
    T: ?Sized + AsRef<[u8]> + std::ops::Index<std::ops::Range<usize>, Output = T>,
{
    let mut start = 0;
    line_ends(text.as_ref())
        .into_iter()
        .map(|end| {
            let line = &text[start..end];
            start = end;
            line
        })
        .collect()
}

/// Where each line of `text` ends (exclusive): after every `\n`, and at
/// the end of a last line without one. Found with `memchr` (a byte-wise
/// scan was a fifth of the time to generate a manifest for a 444 KB file).
fn line_ends(text: &[u8]) -> Vec<usize> {
    let mut ends: Vec<usize> = memchr::memchr_iter(b'\n', text).map(|at| at + 1).collect();
    if ends.last().copied().unwrap_or(0) < text.len() {
        ends.push(text.len());
    }
    ends
}

/// [`diff_edits`] given the diff `ops` of the [`lines`] of `base`
/// and `fork` (computed once for the anchors and the review diff).
fn diff_edits_from(base: &[u8], fork: &[u8], ops: &[DiffOp]) -> Vec<Edit> {
    edits_of_line_diff(base, fork, (&lines(base), &lines(fork)), ops)
}

/// The edits of the line diff `ops` between `base` and `fork`, cut into
/// `lines` (each side's [`lines`], cut once by the caller).
fn edits_of_line_diff(base: &[u8], fork: &[u8], lines: (&[&[u8]], &[&[u8]]), ops: &[DiffOp]) -> Vec<Edit> {
    let (la, lb) = lines;
    let mut out = Vec::new();
    for hunk in hunks_of(ops, la, lb) {
        let (ha, hb) = (&base[hunk.a.clone()], &fork[hunk.b.clone()]);
        out.extend(shift(refine_segments(ha, hb), hunk.a.start, hunk.b.start));
    }
    merge_close(out)
}

fn refine_segments(a: &[u8], b: &[u8]) -> Vec<Edit> {
    let whole = || vec![Edit { a: 0..a.len(), b: 0..b.len() }];
    if a.is_empty() || b.is_empty() {
        return whole();
    }
    if a.len() + b.len() <= TOKEN_REFINE_LIMIT {
        return refine_tokens(a, b).unwrap_or_else(whole);
    }
    let seg_cut = |c: u8| matches!(c, b';' | b',' | b'{' | b'}' | b'\n');
    let (sa, sb) = (split_after(a, seg_cut), split_after(b, seg_cut));
    let mut out = Vec::new();
    for hunk in unit_hunks(&sa, &sb) {
        let (ha, hb) = (&a[hunk.a.clone()], &b[hunk.b.clone()]);
        let refined = if ha.is_empty() || hb.is_empty() { None } else { refine_tokens(ha, hb) };
        let edits = refined.unwrap_or_else(|| vec![Edit { a: 0..ha.len(), b: 0..hb.len() }]);
        out.extend(shift(edits, hunk.a.start, hunk.b.start));
    }
    out
}

fn refine_tokens(a: &[u8], b: &[u8]) -> Option<Vec<Edit>> {
    let (ta, tb) = (tokens(a), tokens(b));
    if ta.len() + tb.len() > TOKEN_REFINE_LIMIT {
        return None;
    }
    Some(hunks_of(&capture_diff_slices(Algorithm::Myers, &ta, &tb), &ta, &tb))
}

/// Folds edits separated by less than [`MERGE_GAP`] equal bytes.
fn merge_close(edits: Vec<Edit>) -> Vec<Edit> {
    let mut out: Vec<Edit> = Vec::with_capacity(edits.len());
    for e in edits {
        match out.last_mut() {
            Some(last) if e.a.start - last.a.end < MERGE_GAP => {
                last.a.end = e.a.end;
                last.b.end = e.b.end;
            }
            _ => out.push(e),
        }
    }
    out
}

/// Content as it is just before an edit: a patched prefix and a pristine
/// suffix, never concatenated.
struct Split<'s, 't> {
    prefix: &'t [u8],
    suffix: &'t [u8],
    /// For big files: indexes of the fork (which `prefix` starts) and of
    /// the base (which `suffix` ends).
    index: Option<&'s TextIndexes<'t>>,
    /// Work done so far (see [`Split::count_capped`]), for the tests that
    /// keep anchoring linear without timing it.
    work: &'s Work,
}

/// The indexes of one file's base and fork texts, each built only once
/// scanning has cost a multiple of the texts: q-gram indexes (after
/// [`GRAM_SCAN_BUDGET`] times; they answer needles of 8 bytes or more whose
/// rarest gram is not crowded) and suffix arrays (after [`SCAN_BUDGET`]
/// times; they answer every needle without scanning). A
/// big file with a few edits never pays for either, and scanning stays
/// bounded by a multiple of the file size.
struct TextIndexes<'t> {
    base: &'t [u8],
    fork: &'t [u8],
    /// The q-gram indexes (base, fork).
    grams: OnceLock<Option<(GramIndex, GramIndex)>>,
    /// Bytes scanned so far by counts no index answered.
    scanned: AtomicUsize,
    /// Bytes those counts may scan before the q-gram indexes are built.
    gram_budget: usize,
    /// Bytes those counts may scan before the suffix arrays are built.
    budget: usize,
    /// The suffix arrays (base, fork).
    suffixes: OnceLock<Option<(SuffixIndex<'t>, SuffixIndex<'t>)>>,
}

/// Times the size of base and fork that counts may scan before the q-gram
/// indexes are built. Building one costs as much as over a hundred
/// `memmem` scans of its text (a cache miss per position: 2.9 ms against
/// 17 µs for this project's 444 KB bundle, in-process), so a big file with
/// a few edits (the usual fork: one edit in that bundle) is faster scanned.
const GRAM_SCAN_BUDGET: usize = 16;

/// Times the size of base and fork that counts may scan before the suffix
/// arrays are built: building one costs about 26 ns a byte (some 250
/// `memmem` scans of the text), so files whose counts scan less never pay
/// for it, and scanning stays linear.
const SCAN_BUDGET: usize = 64;

impl<'t> TextIndexes<'t> {
    fn of(base: &'t [u8], fork: &'t [u8], scan_budget: usize) -> Option<TextIndexes<'t>> {
        if base.len().max(fork.len()) < index::MIN_INDEXED_LEN {
            return None;
        }
        Some(TextIndexes {
            base,
            fork,
            grams: OnceLock::new(),
            scanned: AtomicUsize::new(0),
            gram_budget: GRAM_SCAN_BUDGET * (base.len() + fork.len()),
            budget: scan_budget * (base.len() + fork.len()),
            suffixes: OnceLock::new(),
        })
    }

    /// The q-gram indexes (base, fork) once their scan budget is spent.
    fn grams(&self) -> Option<&(GramIndex, GramIndex)> {
        self.once_scanned(self.gram_budget, &self.grams, GramIndex::of)
    }

    /// The suffix arrays (base, fork) once the scan budget is spent.
    fn suffixes(&self) -> Option<&(SuffixIndex<'t>, SuffixIndex<'t>)> {
        self.once_scanned(self.budget, &self.suffixes, SuffixIndex::of)
    }

    /// The pair in `slot`, built by `build` from base and fork (one per
    /// core when there are two) once counts have scanned `budget` bytes.
    fn once_scanned<'s, T: Send>(
        &self,
        budget: usize,
        slot: &'s OnceLock<Option<(T, T)>>,
        build: impl Fn(&'t [u8]) -> Option<T> + Sync,
    ) -> Option<&'s (T, T)> {
        if self.scanned.load(Ordering::Relaxed) < budget {
            return None;
        }
        slot.get_or_init(|| {
            std::thread::scope(|scope| {
                let fork = scope.spawn(|| build(self.fork));
                let base = build(self.base);
                base.zip(fork.join().ok().flatten())
            })
        })
        .as_ref()
    }
}

impl Split<'_, '_> {
    /// Overlapping occurrences of `prefix[prefix.len()-left..] ++
    /// suffix[..right]`, counting at most to 2.
    fn count_capped(&self, left: usize, right: usize) -> usize {
        let tail = &self.prefix[self.prefix.len() - left..];
        let head = &self.suffix[..right];
        let len = left + right;
        let mut needle = Vec::with_capacity(len);
        needle.extend_from_slice(tail);
        needle.extend_from_slice(head);
        let finder = memmem::Finder::new(&needle);
        // Work units (see [`Work`]): one per q-gram index answer (at most
        // 512 candidates), the binary-search steps of a suffix array, the
        // bytes a scan covers.
        let mut work = 0;
        let scan = |hay: &[u8], cap: usize, work: &mut usize| {
            let found = scan_overlapping(&finder, hay, cap);
            let bytes = if found.count < cap { hay.len() } else { found.start.map_or(hay.len(), |s| s + len) };
            *work += bytes;
            if let Some(ix) = self.index {
                ix.scanned.fetch_add(bytes, Ordering::Relaxed);
            }
            found.count
        };
        // Occurrences straddling the seam can only lie in this window.
        let keep = len.saturating_sub(1);
        let mut window = Vec::with_capacity(2 * keep);
        window.extend_from_slice(&self.prefix[self.prefix.len().saturating_sub(keep)..]);
        window.extend_from_slice(&self.suffix[..keep.min(self.suffix.len())]);
        let mut count = count_overlapping(&finder, &window, 2);
        if count < 2 {
            let cap = 2 - count;
            let (fork_end, ix) = (self.prefix.len(), self.index);
            let grams = ix.and_then(|ix| Some((ix, &ix.grams()?.1)));
            count += match grams.and_then(|(ix, fork)| fork.count(ix.fork, &needle, 0, fork_end, cap)) {
                Some(found) => {
                    work += 1;
                    found.count
                }
                None => match ix.and_then(TextIndexes::suffixes) {
                    Some((_, fork)) => {
                        work += fork.search_steps();
                        fork.count_before(&needle, fork_end, cap).count
                    }
                    None => scan(self.prefix, cap, &mut work),
                },
            };
        }
        if count < 2 {
            let cap = 2 - count;
            let ix = self.index;
            let base_start = ix.map_or(0, |ix| ix.base.len() - self.suffix.len());
            let base_end = base_start + self.suffix.len();
            let grams = ix.and_then(|ix| Some((ix, &ix.grams()?.0)));
            count += match grams.and_then(|(ix, base)| base.count(ix.base, &needle, base_start, base_end, cap)) {
                Some(found) => {
                    work += 1;
                    found.count
                }
                None => match ix.and_then(TextIndexes::suffixes) {
                    Some((base, _)) => {
                        work += base.search_steps();
                        base.count_from(&needle, base_start, cap).count
                    }
                    None => scan(self.suffix, cap, &mut work),
                },
            };
        }
        self.work.units.fetch_add(work, Ordering::Relaxed);
        self.work.queries.fetch_add(1, Ordering::Relaxed);
        count
    }
}

fn count_overlapping(finder: &memmem::Finder<'_>, hay: &[u8], cap: usize) -> usize {
    scan_overlapping(finder, hay, cap).count
}

/// Overlapping occurrences in `hay`, up to `cap`, and the start of the
/// last one counted.
fn scan_overlapping(finder: &memmem::Finder<'_>, hay: &[u8], cap: usize) -> Found {
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

fn next_token_end(text: &[u8], pos: usize) -> usize {
    let Some(&first) = text.get(pos) else { return pos };
    let c = class(first);
    if c == Class::Other {
        return pos + 1;
    }
    let mut end = pos + 1;
    while end < text.len() && class(text[end]) == c {
        end += 1;
    }
    end
}

fn prev_token_start(text: &[u8], pos: usize) -> usize {
    if pos == 0 {
        return 0;
    }
    let c = class(text[pos - 1]);
    if c == Class::Other {
        return pos - 1;
    }
    let mut start = pos - 1;
    while start > 0 && class(text[start - 1]) == c {
        start -= 1;
    }
    start
}

fn is_utf8_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
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

/// [`generate`] for tests: on big files with the suffix arrays from
/// the first count, or (`indexed = false`) always scanning.
#[cfg(test)]
fn generate_with(base: &str, fork: &str, indexed: bool) -> Option<Vec<Replacement>> {
    generate_counting(base, fork, indexed.then_some(0)).0
}

/// What the uniqueness counts of anchoring looked at: text positions
/// (binary-search steps, candidates compared, bytes a scan covered; not
/// the needle and its seam window, which cost its length whatever the file
/// size) and how many counts there were. Kept for the tests that hold
/// anchoring linear without timing it.
struct Work {
    units: AtomicUsize,
    queries: AtomicUsize,
    /// See [`SCAN_BUDGET`]; `None`: no indexes, always scan.
    scan_budget: Option<usize>,
}

impl Work {
    fn new(scan_budget: Option<usize>) -> Work {
        Work { units: AtomicUsize::new(0), queries: AtomicUsize::new(0), scan_budget }
    }
}

/// [`generate`] with the given scan budget (see [`Work`]), and the work its
/// uniqueness counts took: `(units, queries)`.
fn generate_counting(base: &str, fork: &str, scan_budget: Option<usize>) -> (Option<Vec<Replacement>>, (usize, usize)) {
    let work = Work::new(scan_budget);
    let replacements = anchor_edits(base, fork, diff_edits(base.as_bytes(), fork.as_bytes()), &work);
    (replacements, (work.units.into_inner(), work.queries.into_inner()))
}

/// [`generate`] given the diff `ops` of the [`lines`] of `base`
/// and `fork`, e.g. the one the review diff of the file was made from.
pub fn generate_from_line_diff(base: &str, fork: &str, ops: &[DiffOp]) -> Option<Vec<Replacement>> {
    anchor_edits(base, fork, diff_edits_from(base.as_bytes(), fork.as_bytes(), ops), &Work::new(Some(SCAN_BUDGET)))
}

fn anchor_edits(base: &str, fork: &str, edits: Vec<Edit>, work: &Work) -> Option<Vec<Replacement>> {
    let (a, b) = (base.as_bytes(), fork.as_bytes());
    let indexes = work.scan_budget.and_then(|budget| TextIndexes::of(a, b, budget));
    let indexes = indexes.as_ref();
    // The content before edit i depends only on the diff, not on the other
    // anchors, so edits are anchored independently (and in parallel).
    let anchored = if edits.len() >= PARALLEL_EDITS {
        crate::parallel::map_ordered(&edits, |edit| anchor_edit(a, b, edit, indexes, work))
    } else {
        edits.iter().map(|edit| anchor_edit(a, b, edit, indexes, work)).collect()
    };
    anchored.into_iter().collect()
}

/// Edits per file from which anchoring runs on several threads.
const PARALLEL_EDITS: usize = 64;

fn anchor_edit<'t>(
    a: &'t [u8],
    b: &'t [u8],
    edit: &Edit,
    index: Option<&TextIndexes<'t>>,
    work: &Work,
) -> Option<Replacement> {
    let split = Split { prefix: &b[..edit.b.start], suffix: &a[edit.a.start..], index, work };
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

/// Where an anchor no longer applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnchorFailure {
    /// Index of the replacement in its file's list.
    pub index: usize,
    /// Non-overlapping occurrences found: 0 = gone, >1 = ambiguous.
    pub count: usize,
    /// The start of `old`, shortened for display.
    pub excerpt: String,
    /// The nearest candidate location, e.g. `line 12: "…"` (a line of the
    /// upstream file).
    pub nearest: Option<String>,
    /// Lines of the upstream file (1-based) the report points at: every
    /// occurrence of an ambiguous `old` (at most 3), or the nearest
    /// candidate of a missing one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upstream_lines: Vec<usize>,
    /// The same places in the file as patched by the earlier replacements
    /// of the list, where `apply` looked; only when they differ from
    /// `upstream_lines`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub patched_lines: Vec<usize>,
    /// Per entry of `upstream_lines`: the index of the earlier replacement
    /// whose `new` text holds that place (it is not in the upstream file;
    /// the line is where that replacement starts), or `None`. Only when
    /// some entry is inside such text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub written_by: Vec<Option<usize>>,
}

impl std::fmt::Display for AnchorFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.count == 0 { "not found".to_string() } else { format!("found {} times", self.count) };
        write!(f, "replacement #{}: {what}: old = {}", self.index, self.excerpt)?;
        if let Some(near) = &self.nearest {
            write!(f, "; nearest candidate: {near}")?;
        }
        Ok(())
    }
}

/// Errors of applying replacements.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// One or more anchors failed; all of them are listed.
    #[error("{} of {} replacements no longer apply", failures.len(), total)]
    Drift {
        /// Every failing replacement.
        failures: Vec<AnchorFailure>,
        /// Number of replacements of the file.
        total: usize,
    },
}

impl crate::error::Diagnostic for ApplyError {
    fn exit_status(&self) -> crate::error::ExitStatus {
        crate::error::ExitStatus::Usage
    }
    fn code(&self) -> &'static str {
        "drift"
    }
}

/// Shortens `text` to at most `max` characters for reports, as a JSON-style
/// quoted string so whitespace and line ends stay visible.
pub fn excerpt(text: &str, max: usize) -> String {
    let short: String = text.chars().take(max).collect();
    let mut quoted = serde_json::to_string(&short).unwrap_or_default();
    if short.len() < text.len() {
        quoted.push('…');
    }
    quoted
}

fn line_of(content: &[u8], pos: usize) -> usize {
    memchr::memchr_iter(b'\n', &content[..pos]).count() + 1
}

fn line_text(content: &str, line: usize) -> &str {
    content.split('\n').nth(line - 1).unwrap_or("")
}

/// The longest prefix of `needle` that occurs in `hay`: `(length, first
/// position)`. Occurrence is monotone in the length (a prefix of an
/// occurring prefix occurs), so a binary search over lengths finds it with
/// O(log n) substring searches.
pub fn longest_prefix_match(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    longest_match(needle.len(), |len| memmem::find(hay, &needle[..len]))
}

/// The longest suffix of `needle` that occurs in `hay`: `(length, first
/// position)`.
pub fn longest_suffix_match(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    longest_match(needle.len(), |len| memmem::find(hay, &needle[needle.len() - len..]))
}

/// The largest `len` in `1..=max` for which `find(len)` hits, given that
/// hits are monotone (every shorter length hits too).
fn longest_match(max: usize, find: impl Fn(usize) -> Option<usize>) -> Option<(usize, usize)> {
    let mut best = find(1.min(max)).filter(|_| max > 0).map(|pos| (1, pos))?;
    let (mut lo, mut hi) = (2usize, max);
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        match find(mid) {
            Some(pos) => {
                best = (mid, pos);
                lo = mid + 1;
            }
            None => hi = mid - 1,
        }
    }
    Some(best)
}

/// Shortest prefix or suffix worth pointing at as a candidate.
const MIN_CANDIDATE: usize = 4;

/// For a missing anchor: the position (in `content`) of the longest prefix
/// or suffix of `old` that still occurs (the longer of the two; the prefix
/// on a tie). When it occurs more than once, the occurrence nearest to the
/// longest piece of the other end of `old` wins (then the first).
fn nearest_candidate(content: &[u8], old: &[u8]) -> Option<usize> {
    let prefix = longest_prefix_match(content, old).filter(|(len, _)| *len >= MIN_CANDIDATE);
    let suffix = longest_suffix_match(content, old).filter(|(len, _)| *len >= MIN_CANDIDATE);
    match (prefix, suffix) {
        (Some((p, _)), Some((s, _))) if p >= s => Some(best_prefix_site(content, old, p)),
        (_, Some((s, _))) => Some(best_suffix_site(content, old, s)),
        (Some((p, _)), None) => Some(best_prefix_site(content, old, p)),
        (None, None) => None,
    }
}

/// Occurrences weighed per candidate: enough for any real file.
const MAX_SITES: usize = 64;

/// How far past `old`'s own length the rest of it is looked for around a
/// site: the edit that broke the anchor may have grown the text.
fn site_window(old: &[u8]) -> usize {
    2 * old.len() + 16
}

/// Among the occurrences of `old[..len]`, the one followed most closely by
/// the longest suffix of `old`.
fn best_prefix_site(hay: &[u8], old: &[u8], len: usize) -> usize {
    let tail_after = |pos: usize| {
        let window = &hay[pos + len..(pos + site_window(old)).min(hay.len())];
        // Longer is better, then nearer.
        longest_suffix_match(window, &old[len..]).map_or((0, Reverse(0)), |(n, at)| (n, Reverse(at)))
    };
    best_site(memmem::find_iter(hay, &old[..len]).take(MAX_SITES), tail_after)
}

/// Among the occurrences of `old[old.len()-len..]`, the one preceded most
/// closely by the longest prefix of `old`.
fn best_suffix_site(hay: &[u8], old: &[u8], len: usize) -> usize {
    let head_before = |pos: usize| {
        let window = &hay[(pos + len).saturating_sub(site_window(old))..pos];
        let gap = |n: usize, at: usize| window.len().saturating_sub(at + n);
        longest_prefix_match(window, &old[..old.len() - len])
            .map_or((0, Reverse(0)), |(n, at)| (n, Reverse(gap(n, at))))
    };
    best_site(memmem::find_iter(hay, &old[old.len() - len..]).take(MAX_SITES), head_before)
}

/// The site with the highest score (the first on a tie).
fn best_site<S: Ord>(sites: impl Iterator<Item = usize>, score: impl Fn(usize) -> S) -> usize {
    let mut best: Option<(usize, S)> = None;
    for site in sites {
        let s = score(site);
        if best.as_ref().is_none_or(|(_, b)| s > *b) {
            best = Some((site, s));
        }
    }
    best.map_or(0, |(site, _)| site)
}

/// One replacement applied so far: where (in the content as it was just
/// before it) and how long the text was before and after.
struct Applied {
    /// Index of the replacement in its file's list.
    index: usize,
    at: usize,
    old_len: usize,
    new_len: usize,
}

/// Maps a position of the patched content back to the upstream content by
/// undoing the earlier replacements, last first. A position inside text an
/// earlier replacement wrote maps to where that replacement started; the
/// index of the first (earliest) such replacement is returned with it.
fn upstream_position(applied: &[Applied], pos: usize) -> (usize, Option<usize>) {
    applied.iter().rev().fold((pos, None), |(pos, written_by), a| {
        if pos >= a.at + a.new_len {
            (pos - a.new_len + a.old_len, written_by)
        } else if pos >= a.at {
            (a.at, Some(a.index))
        } else {
            (pos, written_by)
        }
    })
}

/// Where positions of the patched content are: upstream lines, patched
/// lines (empty when the same), and the replacements whose text holds them
/// (empty when none).
struct Located {
    upstream: Vec<usize>,
    patched: Vec<usize>,
    written_by: Vec<Option<usize>>,
}

fn located(upstream: &[u8], patched: &[u8], applied: &[Applied], positions: &[usize]) -> Located {
    let mapped: Vec<(usize, Option<usize>)> = positions.iter().map(|&p| upstream_position(applied, p)).collect();
    let up: Vec<usize> = mapped.iter().map(|&(p, _)| line_of(upstream, p)).collect();
    let now: Vec<usize> = positions.iter().map(|&p| line_of(patched, p)).collect();
    let written_by: Vec<Option<usize>> = mapped.iter().map(|&(_, w)| w).collect();
    Located {
        patched: if now == up { Vec::new() } else { now },
        written_by: if written_by.iter().all(Option::is_none) { Vec::new() } else { written_by },
        upstream: up,
    }
}

/// `line`, labelled when the place is inside an earlier replacement's text.
fn upstream_line_label(line: usize, written_by: Option<usize>) -> String {
    match written_by {
        Some(index) => format!("{line} (inside the text replacement #{index} writes there)"),
        None => line.to_string(),
    }
}

fn join_lines(lines: &[usize]) -> String {
    lines.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

fn failure(upstream: &str, current: &str, applied: &[Applied], index: usize, count: usize, old: &str) -> AnchorFailure {
    let (hay, needle) = (current.as_bytes(), old.as_bytes());
    let positions: Vec<usize> = if count == 0 {
        nearest_candidate(hay, needle).into_iter().collect()
    } else {
        memmem::find_iter(hay, needle).take(3).collect()
    };
    let Located { upstream: upstream_lines, patched: patched_lines, written_by } =
        located(upstream.as_bytes(), hay, applied, &positions);
    let after = match patched_lines.as_slice() {
        [] => String::new(),
        lines => format!(
            " (line{} {} of the file as patched by the replacements before #{index})",
            if lines.len() == 1 { "" } else { "s" },
            join_lines(lines)
        ),
    };
    let labelled: Vec<String> = upstream_lines
        .iter()
        .enumerate()
        .map(|(i, &line)| upstream_line_label(line, written_by.get(i).copied().flatten()))
        .collect();
    let nearest = match upstream_lines.as_slice() {
        [] => None,
        [line] if count == 0 => {
            // Inside text an earlier replacement wrote, the upstream line
            // does not hold the candidate: quote the patched line.
            let quoted = match (written_by.first().copied().flatten(), patched_lines.first()) {
                (Some(_), Some(&now)) => line_text(current, now),
                (Some(_), None) => line_text(current, *line),
                (None, _) => line_text(upstream, *line),
            };
            Some(format!("upstream line {}: {}{after}", labelled[0], excerpt(quoted.trim(), 80)))
        }
        _ => {
            // Only the first few are located; say how many more there are.
            let more = match count.saturating_sub(labelled.len()) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            Some(format!("occurrences at upstream lines {}{more}{after}", labelled.join(", ")))
        }
    };
    AnchorFailure { index, count, excerpt: excerpt(old, 60), nearest, upstream_lines, patched_lines, written_by }
}

/// Applies `replacements` in order to `content`. Each `old` must occur
/// exactly once (non-overlapping) in the content as patched so far; a
/// failing one is skipped and reported, and the others are still tried so
/// that every failure is reported at once. Reports point at lines of
/// `content` (the upstream file the user opens), and also at the patched
/// lines where they differ.
pub fn apply(content: &str, replacements: &[Replacement]) -> Result<String, ApplyError> {
    apply_with(content, replacements, true)
}

/// [`apply`], taking the linear path on big files or (`indexed = false`,
/// for tests) always the general one.
fn apply_with(content: &str, replacements: &[Replacement], indexed: bool) -> Result<String, ApplyError> {
    let (mut current, mut applied) = (content.to_string(), Vec::new());
    let mut done = 0;
    if indexed && content.len() >= index::MIN_INDEXED_LEN && replacements.len() >= FRONT_TO_BACK_MIN_REPLACEMENTS {
        if let Some(front) = apply_front_to_back(content, replacements) {
            (current, applied, done) = front;
        }
    }
    let mut failures = Vec::new();
    for (index, rep) in replacements.iter().enumerate().skip(done) {
        let count = count_non_overlapping(current.as_bytes(), rep.old.as_bytes());
        if count == 1 {
            if let Some(pos) = memmem::find(current.as_bytes(), rep.old.as_bytes()) {
                current.replace_range(pos..pos + rep.old.len(), &rep.new);
                applied.push(Applied { index, at: pos, old_len: rep.old.len(), new_len: rep.new.len() });
                continue;
            }
        }
        failures.push(failure(content, &current, &applied, index, count, &rep.old));
    }
    if failures.is_empty() {
        Ok(current)
    } else {
        Err(ApplyError::Drift { failures, total: replacements.len() })
    }
}

/// Replacements from which [`apply`] takes [`apply_front_to_back`] on a
/// big file. Fewer cost at most three scans each in the general loop
/// (count, find, move the tail), less than indexing the file twice (over
/// a hundred scans' worth each, see [`GRAM_SCAN_BUDGET`]).
const FRONT_TO_BACK_MIN_REPLACEMENTS: usize = 32;

/// The linear path of [`apply`] for big files: replacements are applied
/// while each occurs exactly once and ends past the text already written
/// (what `generate` produces: edits front to back, `new` starting with the
/// left context `old` took from the patched text). The content is then
/// `out ++ content[cursor..]`, a growing patched prefix and a pristine
/// suffix, both indexed, so each uniqueness check costs about the length
/// of `old` instead of the whole file, and each replacement appends instead
/// of rewriting the string. Returns the content so far, the replacements
/// applied and how many; [`apply`] goes on from there the general way (an
/// ambiguous or missing anchor, a replacement going backwards), so results
/// and reports are exactly those of the general loop alone.
///
/// In a file whose lines repeat, every gram of an anchor can be crowded in
/// the patched prefix, and the q-gram index declines. Scanning the prefix
/// then would make the pass quadratic, so such a step is taken on the
/// strength of the pristine side alone and its "nowhere in the prefix" is
/// checked once the pass ends, against a suffix array of the final prefix
/// (every earlier prefix is a prefix of it). The first step that fails the
/// check, and everything after it, is undone and left to the general loop.
fn apply_front_to_back(content: &str, replacements: &[Replacement]) -> Option<(String, Vec<Applied>, usize)> {
    let mut current: Option<Vec<u8>> = None;
    let mut applied = Vec::new();
    // Bytes the checks of deferred steps may scan before the path gives up.
    let mut budget = DEFERRED_SCAN_BUDGET * (content.len() + replacements.iter().map(|r| r.old.len()).sum::<usize>());
    for _ in 0..MAX_FRONT_TO_BACK_PASSES {
        let before = applied.len();
        let text = current.as_deref().unwrap_or(content.as_bytes());
        current = Some(front_to_back_pass(text, replacements, &mut applied, &mut budget)?);
        if applied.len() == before || applied.len() == replacements.len() {
            break;
        }
    }
    let done = applied.len();
    // Cuts fall where a valid UTF-8 `old` matched valid UTF-8 text, so on
    // character boundaries; should that ever not hold, start over.
    String::from_utf8(current?).ok().map(|current| (current, applied, done))
}

/// Passes [`apply_front_to_back`] makes at most. A pass ends where a
/// replacement lies wholly inside the text already written, which
/// generated anchors do only after an anchor that had to take in most of
/// the file (the first edit of a file whose lines all repeat); the next
/// pass starts over on the content as patched so far. Each pass indexes
/// the whole content, so a manifest that keeps stepping back is left to
/// the general loop after a few.
const MAX_FRONT_TO_BACK_PASSES: usize = 4;

/// Times the content and the anchors that the windows of deferred checks
/// (see [`Deferred`]) may scan before [`apply_front_to_back`] gives up and
/// leaves the file to the general loop. Generated anchors scan each window
/// about once.
const DEFERRED_SCAN_BUDGET: usize = 8;

/// A step taken while the q-gram index could not rule its `old` out of the
/// patched prefix: it stands only if `old` occurs nowhere wholly inside
/// `out[..below]`, where `out[..below]` is still the prefix the step saw.
struct Deferred {
    step: usize,
    below: usize,
}

/// One pass of [`apply_front_to_back`] over `orig`, from the first
/// replacement not in `applied` yet; returns the content after it. `None`
/// when `orig` is too big to index, or when a step taken turned out not to
/// be unique (the caller then starts over the general way, so its report is
/// exactly the general loop's).
///
/// A step whose `old` starts inside the written text (its left context took
/// in text the previous step wrote, or that step's right context took in
/// this step's edit) cuts the written text back to where `old` starts and
/// writes `new` from there.
fn front_to_back_pass(
    orig: &[u8],
    replacements: &[Replacement],
    applied: &mut Vec<Applied>,
    budget: &mut usize,
) -> Option<Vec<u8>> {
    let orig_index = GramIndex::of(orig)?;
    let pristine = Pristine { text: orig, grams: &orig_index, suffixes: OnceLock::new() };
    let mut out_index = GramIndex::with_capacity(orig.len() + orig.len() / 4)?;
    let mut out: Vec<u8> = Vec::with_capacity(orig.len() + orig.len() / 4);
    let mut cursor = 0usize;
    let mut deferred: Vec<Deferred> = Vec::new();
    for (step, rep) in replacements.iter().enumerate().skip(applied.len()) {
        let (old, new) = (rep.old.as_bytes(), rep.new.as_bytes());
        let Some(found) = unique_start(&out, &out_index, &pristine, cursor, old) else { break };
        let (start, end, written) = (found.start, found.start + old.len(), out.len());
        if end <= written && written - end > 2 * old.len() {
            // Writing the rest again would cost more than the step itself:
            // the next pass starts from here.
            break;
        }
        if let Some(below) = found.unchecked_below {
            deferred.push(Deferred { step, below });
        }
        if start < written {
            // Text written after `old` (the previous step's right context
            // reached past this one's end) is written again after `new`.
            let after = out[end.min(written)..].to_vec();
            *budget = budget.checked_sub(after.len())?;
            check_before_cut(&out, &mut deferred, start, replacements, budget)?;
            out_index.truncate(&out, start);
            out.truncate(start);
            out.extend_from_slice(new);
            out.extend_from_slice(&after);
        } else {
            out.extend_from_slice(&orig[cursor..cursor + start - written]);
            out.extend_from_slice(new);
        }
        cursor += end.saturating_sub(written);
        out_index.extend(&out);
        applied.push(Applied { index: step, at: start, old_len: old.len(), new_len: new.len() });
    }
    if !deferred.is_empty() {
        let prefix = SuffixIndex::of(&out)?;
        if deferred.iter().any(|d| prefix.count_before(replacements[d.step].old.as_bytes(), d.below, 1).count > 0) {
            return None;
        }
    }
    out.extend_from_slice(&orig[cursor..]);
    Some(out)
}

/// Before the written text is cut back to `cut`: every deferred step whose
/// prefix reaches past the cut is checked for occurrences that end past
/// it (they are about to be overwritten), and from then on only needs
/// checking below the cut. `None` when one occurs or the scan budget is
/// spent.
fn check_before_cut(
    out: &[u8],
    deferred: &mut [Deferred],
    cut: usize,
    replacements: &[Replacement],
    budget: &mut usize,
) -> Option<()> {
    // `below` never decreases along the list but for its last entry (a step
    // just taken inside the written text, about to cut), so the steps
    // reaching past the cut are that entry and a tail of the others.
    let (others, last) = deferred.split_at_mut(deferred.len().saturating_sub(1));
    for d in last.iter_mut().chain(others.iter_mut().rev().take_while(|d| d.below > cut)) {
        if d.below <= cut {
            continue;
        }
        let old = replacements[d.step].old.as_bytes();
        let window = &out[(cut + 1).saturating_sub(old.len())..d.below];
        *budget = budget.checked_sub(window.len())?;
        if memmem::find(window, old).is_some() {
            return None;
        }
        d.below = cut;
    }
    Some(())
}

/// The pristine text of [`apply_front_to_back`], with its q-gram index and,
/// built the first time that index declines, its suffix array.
struct Pristine<'t> {
    text: &'t [u8],
    grams: &'t GramIndex,
    suffixes: OnceLock<Option<SuffixIndex<'t>>>,
}

impl Pristine<'_> {
    /// Overlapping occurrences of `needle` starting at `from` or later, up
    /// to `cap`.
    fn count_from(&self, needle: &[u8], from: usize, cap: usize) -> Found {
        if let Some(found) = self.grams.count(self.text, needle, from, self.text.len(), cap) {
            return found;
        }
        match self.suffixes.get_or_init(|| SuffixIndex::of(self.text)) {
            Some(suffixes) => suffixes.count_from(needle, from, cap),
            None => scan_overlapping(&memmem::Finder::new(needle), &self.text[from..], cap).offset(from),
        }
    }
}

/// Where `old` occurs in `out ++ orig[cursor..]`, and what is still to be
/// checked before that occurrence counts as the only one.
struct UniqueStart {
    start: usize,
    /// `Some(below)`: the occurrence is the only one if `old` occurs
    /// nowhere wholly inside `out[..below]` (the index of `out` declined).
    unchecked_below: Option<usize>,
}

/// Where `old` starts in `out ++ orig[cursor..]` when it occurs there
/// exactly once (overlapping occurrences counted, so a unique one is also
/// the only non-overlapping one). When the index of `out` declines, the
/// occurrence is looked for outside `out` and then near the end of `out`
/// (where a generated anchor that lies inside it is), and what the index
/// could not say is left to the caller as `unchecked_below`.
fn unique_start(
    out: &[u8],
    out_index: &GramIndex,
    orig: &Pristine<'_>,
    cursor: usize,
    old: &[u8],
) -> Option<UniqueStart> {
    if old.is_empty() {
        return None;
    }
    let finder = memmem::Finder::new(old);
    let rest = &orig.text[cursor..];
    let in_out = out_index.count(out, old, 0, out.len(), 2);
    let in_rest = orig.count_from(old, cursor, 2).offset_from(cursor, out.len());
    // Occurrences straddling the seam lie in this window.
    let keep = old.len() - 1;
    let left = out.len().min(keep);
    let mut window = Vec::with_capacity(2 * keep);
    window.extend_from_slice(&out[out.len() - left..]);
    window.extend_from_slice(&rest[..keep.min(rest.len())]);
    let across = scan_overlapping(&finder, &window, 2).offset(out.len() - left);
    let checked = |start: Option<usize>| start.map(|start| UniqueStart { start, unchecked_below: None });
    let unchecked = |start: usize, below: usize| Some(UniqueStart { start, unchecked_below: Some(below) });
    match (in_out.map(|found| found.count), in_rest, across) {
        (Some(1), Found { count: 0, .. }, Found { count: 0, .. }) => checked(in_out.and_then(|found| found.start)),
        (Some(0), Found { count: 1, start }, Found { count: 0, .. })
        | (Some(0), Found { count: 0, .. }, Found { count: 1, start }) => checked(start),
        (None, Found { count: 1, start: Some(start) }, Found { count: 0, .. })
        | (None, Found { count: 0, .. }, Found { count: 1, start: Some(start) }) => unchecked(start, out.len()),
        (None, Found { count: 0, .. }, Found { count: 0, .. }) => {
            // The last occurrence inside `out`, if it lies within reach of
            // where the pass writes; any other one starts before it.
            let near = out.len().saturating_sub(NEAR_END_ANCHORS * old.len());
            let start = near + memmem::rfind(&out[near..], old)?;
            unchecked(start, start + old.len() - 1)
        }
        _ => None,
    }
}

/// How far back from the end of the written text, in lengths of `old`,
/// [`unique_start`] looks for an anchor lying inside it. A pass rewrites
/// no more than that anyway (see [`front_to_back_pass`]).
const NEAR_END_ANCHORS: usize = 4;

/// Non-overlapping occurrences of `needle` (an empty needle counts as
/// ambiguous unless the haystack is empty too).
pub fn count_non_overlapping(hay: &[u8], needle: &[u8]) -> usize {
    if needle.is_empty() {
        return if hay.is_empty() { 1 } else { 2 };
    }
    memmem::find_iter(hay, needle).count()
}

#[cfg(test)]
mod tests;
