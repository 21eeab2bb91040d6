//! The hierarchical diff behind the anchors: the changes from a base text
//! to a fork text as small edits in base order. Lines first, then, inside
//! each changed hunk, "segments" (split after `;`, `,`, `{`, `}`, which
//! keeps minified one-line files cheap), both with the near-linear
//! [`crate::linediff`], and finally tokens (runs of word characters, runs
//! of blanks, single punctuation; at most `TOKEN_REFINE_LIMIT` per hunk)
//! with `similar`'s Myers (no deadline, so results never depend on machine
//! speed). Token boundaries are always UTF-8 character boundaries.

use std::ops::Range;

use similar::{capture_diff_slices, Algorithm, DiffOp};

/// Hunks with more tokens than this are not refined further (the token
/// diff is O(N·D); above this size a coarser replacement is cheaper).
const TOKEN_REFINE_LIMIT: usize = 6_000;
/// Equal gaps shorter than this between two edits are folded into one
/// replacement: one readable anchor beats several tiny ones.
const MERGE_GAP: usize = 8;

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
    while start < text.len() {
        let end = next_token_end(text, start);
        out.push(&text[start..end]);
        start = end;
    }
    out
}

/// Splits after every byte for which `cut` holds (the byte stays in the
/// unit before the cut).
fn split_after(text: &[u8], cut: impl Fn(u8) -> bool) -> Vec<&[u8]> {
    text.split_inclusive(|&b| cut(b)).collect()
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
    let ends = units.iter().scan(0, |pos, u| {
        *pos += u.len();
        Some(*pos)
    });
    std::iter::once(0).chain(ends).collect()
}

/// The changed hunks of the diff `ops` of two unit sequences, as byte
/// ranges relative to the start of the texts the units were cut from.
///
/// Hunks are taken as the gaps between `Equal` runs only: the positions
/// `similar`'s compaction reports for the other side of a pure `Delete` or
/// `Insert` are not always consistent, while equal runs must be. Each
/// equal run is verified; should one ever not hold, the whole range
/// becomes one hunk (coarser, never wrong).
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
    diff_edits_from(base, fork, &crate::linediff::diff_units(&lines(base), &lines(fork)))
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
    // Lines end after every `\n`, and at the end of a last line without one.
    let bytes = text.as_ref();
    let mut ends: Vec<usize> = memchr::memchr_iter(b'\n', bytes).map(|at| at + 1).collect();
    if ends.last().copied().unwrap_or(0) < bytes.len() {
        ends.push(bytes.len());
    }
    let mut start = 0;
    ends.into_iter()
        .map(|end| {
            let line = &text[start..end];
            start = end;
            line
        })
        .collect()
}

/// [`diff_edits`] given the diff `ops` of the [`lines`] of `base`
/// and `fork` (computed once for the anchors and the review diff).
pub(super) fn diff_edits_from(base: &[u8], fork: &[u8], ops: &[DiffOp]) -> Vec<Edit> {
    let mut out = Vec::new();
    for hunk in hunks_of(ops, &lines(base), &lines(fork)) {
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
    for hunk in hunks_of(&crate::linediff::diff_units(&sa, &sb), &sa, &sb) {
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

/// Where the token starting at `pos` ends.
pub(super) fn next_token_end(text: &[u8], pos: usize) -> usize {
    let Some(&first) = text.get(pos) else { return pos };
    let c = class(first);
    let run = if c == Class::Other { 0 } else { text[pos + 1..].iter().take_while(|&&b| class(b) == c).count() };
    pos + 1 + run
}

/// Where the token ending at `pos` starts.
pub(super) fn prev_token_start(text: &[u8], pos: usize) -> usize {
    if pos == 0 {
        return 0;
    }
    let c = class(text[pos - 1]);
    let run = if c == Class::Other { 0 } else { text[..pos - 1].iter().rev().take_while(|&&b| class(b) == c).count() };
    pos - 1 - run
}

/// Whether `byte` continues a UTF-8 character (a cut before it would
/// split the character).
pub(super) fn is_utf8_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}
