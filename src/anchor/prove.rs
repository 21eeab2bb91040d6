//! Claims that a needle occurs nowhere in part of a text, checked many at
//! once: what a count near a point leaves open (anchoring) or what a step
//! taken in place assumes (applying).
//!
//! All the claims on a few texts are checked with one Aho–Corasick
//! automaton (overlapping matches, so every occurrence is seen) and one
//! pass over each text, in parallel: each match is looked up among the
//! claims of its needle, and every occurrence that refutes a claim is
//! listed. A needle longer than [`PIECE`] bytes is searched for by a piece
//! of it and compared whole where that occurs, since the automaton costs
//! far more per byte to build than to run (and pieces of one length match
//! at most once per text position). Where the texts times the pieces are
//! under [`SEARCH_ALONE`] bytes (a small file, few edits) no automaton is
//! built: each piece is searched for on its own, with the same matches.
//! On text that
//! repeats, pieces occur everywhere and many claims share them; once the
//! [`Work`] reaches its limit the pass stops, and the suffix arrays of the
//! texts ([`Indexes`]) answer every claim in time that does not depend on
//! how the text repeats.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use aho_corasick::{AhoCorasick, MatchKind};
use memchr::memmem;
use rayon::prelude::*;

use super::count::Work;
use super::suffix::Indexes;

/// The most bytes of a needle the automaton searches for.
const PIECE: usize = 32;
/// Matches looked up between two looks at the work limit.
const WORK_STRIDE: usize = 1 << 14;
/// Up to this many bytes of text times pieces, each piece is searched for
/// on its own: on small files (most of a layer) building an automaton
/// costs more than the searches it saves.
const SEARCH_ALONE: usize = 1 << 18;

/// That `needle` (not empty) occurs nowhere wholly inside `texts[t][..end]`
/// (`within: Some((t, end))`) and starts nowhere at or after `start` in
/// `texts[t]` (`from: Some((t, start))`).
pub(super) struct Claim<'n> {
    pub needle: Cow<'n, [u8]>,
    pub within: Option<(usize, usize)>,
    pub from: Option<(usize, usize)>,
    /// How the needle grows next, when it does (anchoring).
    pub ahead: Option<Ahead>,
}

/// The next growth steps of a claim's needle: the bytes they add before
/// and after it, and how many of each the first `j` have added
/// (`steps[j - 1]`). Where an occurrence refutes the claim, the pass also
/// finds how many of these steps it survives, while the text around it is
/// at hand: on text that repeats, a needle unique near its edit may occur
/// all over the file, and checking each occurrence again at every later
/// step would cost its occurrences at every step.
pub(super) struct Ahead {
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    pub steps: Vec<(usize, usize)>,
    /// Where a grown occurrence must lie, for each text.
    pub inside: Vec<Range<usize>>,
}

impl Ahead {
    /// The steps an occurrence at `start` of `hay` (`texts[text]`) of a
    /// needle of `len` bytes survives. The steps add bytes on both sides
    /// (never fewer than the step before), so it is the last one whose
    /// bytes after the needle match, and before it too.
    fn survived(&self, text: usize, hay: &[u8], start: usize, len: usize) -> usize {
        let inside = &self.inside[text];
        let after = hay.get(start + len..inside.end).unwrap_or_default();
        let matched_after = common_prefix(&self.after, after);
        let last = self.steps.partition_point(|&(_, after)| after <= matched_after);
        let Some(&(need, _)) = self.steps[..last].last() else { return 0 };
        let before = hay.get(start.saturating_sub(need).max(inside.start)..start).unwrap_or_default();
        let matched_before = common_suffix(&self.before[self.before.len() - need..], before);
        self.steps[..last].partition_point(|&(before, _)| before <= matched_before)
    }
}

/// How many bytes `a` and `b` agree on from the front.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    agreement(a, b, false)
}

/// How many bytes `a` and `b` agree on from the back.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    agreement(a, b, true)
}

/// How many bytes `a` and `b` agree on from the front, or the back,
/// compared a word at a time (the pass compares the context of many
/// occurrences).
fn agreement(a: &[u8], b: &[u8], back: bool) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = if back { (&a[a.len() - n..], &b[b.len() - n..]) } else { (&a[..n], &b[..n]) };
    let words = n / 8;
    for w in 0..words {
        let at = if back { n - 8 * (w + 1) } else { 8 * w };
        let diff = u64::from_le_bytes(word(&a[at..at + 8])) ^ u64::from_le_bytes(word(&b[at..at + 8]));
        if diff != 0 {
            // Little-endian: the first byte is the lowest.
            let same = if back { diff.leading_zeros() } else { diff.trailing_zeros() } / 8;
            return 8 * w + same as usize;
        }
    }
    let rest = n - 8 * words;
    let same = |x: &(&u8, &u8)| x.0 == x.1;
    8 * words
        + if back {
            a[..rest].iter().rev().zip(b[..rest].iter().rev()).take_while(same).count()
        } else {
            a[n - rest..].iter().zip(&b[n - rest..]).take_while(same).count()
        }
}

/// An 8-byte chunk as an array.
fn word(chunk: &[u8]) -> [u8; 8] {
    let mut word = [0; 8];
    word.copy_from_slice(chunk);
    word
}

impl Claim<'_> {
    /// Whether an occurrence at `start` of `texts[text]` would refute it.
    fn refuted_at(&self, text: usize, start: usize) -> bool {
        let len = self.needle.len();
        self.within.is_some_and(|(t, end)| t == text && start + len <= end)
            || self.from.is_some_and(|(t, from)| t == text && start >= from)
    }

    fn on(&self, text: usize) -> bool {
        self.within.is_some_and(|(t, _)| t == text) || self.from.is_some_and(|(t, _)| t == text)
    }
}

/// What the checks found about a claim.
pub(super) enum Verdict {
    Holds,
    /// Refuted by the automaton: of the claim's steps ahead, how many some
    /// refuting occurrence survives, and as `(text, start)` the occurrences
    /// of the grown needle that survive them all.
    Occurs {
        survived: usize,
        survivors: Vec<(usize, usize)>,
    },
    /// Refuted by the suffix arrays, which do not list occurrences.
    Refuted,
}

impl Verdict {
    pub fn holds(&self) -> bool {
        matches!(self, Verdict::Holds)
    }
}

/// What `claims` hold in the texts of `indexes`: one pass over each text
/// some claim is on (each piece searched for on its own where the texts
/// and pieces are few, else one automaton), or the suffix arrays once
/// `work` is over its limit (before or during the passes).
pub(super) fn refute(claims: &[Claim<'_>], indexes: &Indexes<'_>, work: &Work) -> Vec<Verdict> {
    refute_searching_alone(claims, indexes, work, SEARCH_ALONE)
}

/// [`refute`], searching for each piece on its own up to `alone` bytes of
/// text times pieces (tests take both ways on the same claims).
fn refute_searching_alone(claims: &[Claim<'_>], indexes: &Indexes<'_>, work: &Work, alone: usize) -> Vec<Verdict> {
    if claims.is_empty() {
        return Vec::new();
    }
    if !work.over() {
        if let Some(verdicts) = by_pass(claims, indexes.texts(), work, alone) {
            return verdicts;
        }
    }
    claims.iter().map(|claim| if by_index(claim, indexes, work) { Verdict::Refuted } else { Verdict::Holds }).collect()
}

/// Where the piece of each claim's needle starts: its first or its last
/// [`PIECE`] bytes, whichever fewer claims share. Every match of a piece is
/// looked up among the claims that share it, and on text that repeats the
/// distinct ends of needles are where they differ (the middle of `") return
/// s;\n}\n// 45"` is in many needles and on every fourth line).
fn piece_offsets(claims: &[Claim<'_>]) -> Vec<usize> {
    let ends = |needle: &[u8]| [0, needle.len().saturating_sub(PIECE)];
    let mut shared: HashMap<&[u8], usize> = HashMap::new();
    for claim in claims {
        let [front, back] = ends(&claim.needle);
        *shared.entry(piece(&claim.needle, front)).or_default() += 1;
        if back != front {
            *shared.entry(piece(&claim.needle, back)).or_default() += 1;
        }
    }
    claims
        .iter()
        .map(|claim| {
            let [front, back] = ends(&claim.needle);
            let sharing = |at: usize| shared.get(piece(&claim.needle, at)).copied().unwrap_or_default();
            if sharing(back) < sharing(front) {
                back
            } else {
                front
            }
        })
        .collect()
}

/// The piece of `needle` from `at`.
fn piece(needle: &[u8], at: usize) -> &[u8] {
    &needle[at..(at + PIECE).min(needle.len())]
}

/// One pass over each text some claim is on. `None`: stopped at the work
/// limit (or no automaton could be built).
fn by_pass(claims: &[Claim<'_>], texts: &[&[u8]], work: &Work, alone: usize) -> Option<Vec<Verdict>> {
    // The pieces, each once, with the claims whose needle holds it.
    let offsets = piece_offsets(claims);
    let mut ids: HashMap<&[u8], usize> = HashMap::new();
    let (mut pieces, mut owners): (Vec<&[u8]>, Vec<Vec<usize>>) = (Vec::new(), Vec::new());
    for (index, (claim, &at)) in claims.iter().zip(&offsets).enumerate() {
        let piece = piece(&claim.needle, at);
        let id = *ids.entry(piece).or_insert_with(|| {
            pieces.push(piece);
            owners.push(Vec::new());
            pieces.len() - 1
        });
        owners[id].push(index);
    }
    work.charge(claims.iter().map(|claim| claim.needle.len().min(PIECE)).sum());
    // The texts some claim is on: the only ones the pass reads.
    let read: Vec<bool> = (0..texts.len()).map(|text| claims.iter().any(|claim| claim.on(text))).collect();
    let searched: usize = texts.iter().zip(&read).filter(|(_, &read)| read).map(|(text, _)| text.len()).sum();
    let automaton = if pieces.len().saturating_mul(searched) <= alone {
        None
    } else {
        Some(AhoCorasick::builder().match_kind(MatchKind::Standard).build(&pieces).ok()?)
    };
    // Per text and claim: the steps ahead a refuting occurrence survives
    // (`None`: no such occurrence), and the survivors.
    let passes: Vec<Option<Pass>> = (0..texts.len())
        .into_par_iter()
        .map(|text| {
            let mut pass = Pass { survived: vec![None; claims.len()], survivors: Vec::new() };
            if !read[text] {
                return Some(pass);
            }
            let hay = texts[text];
            work.charge(hay.len());
            let mut looked = 0;
            // (piece, where it starts): every occurrence of every piece. The
            // searches one by one scan the text once per piece, which
            // `alone` bounds.
            let found: Box<dyn Iterator<Item = (usize, usize)>> = match &automaton {
                Some(automaton) => Box::new(
                    automaton.find_overlapping_iter(hay).map(|found| (found.pattern().as_usize(), found.start())),
                ),
                None => Box::new(
                    pieces.iter().enumerate().flat_map(|(id, piece)| occurrences(hay, piece).map(move |at| (id, at))),
                ),
            };
            for (id, at) in found {
                for &index in &owners[id] {
                    let claim = &claims[index];
                    looked += 1;
                    let Some(start) = at.checked_sub(offsets[index]) else { continue };
                    if !claim.refuted_at(text, start) {
                        continue;
                    }
                    let needle: &[u8] = &claim.needle;
                    if needle.len() > PIECE {
                        looked += needle.len();
                        if hay.get(start..start + needle.len()) != Some(needle) {
                            continue;
                        }
                    }
                    let survived = match &claim.ahead {
                        Some(ahead) => {
                            let survived = ahead.survived(text, hay, start, needle.len());
                            looked += survived;
                            if survived == ahead.steps.len() {
                                let before = ahead.steps.last().map_or(0, |&(before, _)| before);
                                pass.survivors.push((index, start - before));
                            }
                            survived
                        }
                        None => 0,
                    };
                    let best = &mut pass.survived[index];
                    *best = Some(best.map_or(survived, |best| best.max(survived)));
                }
                if looked >= WORK_STRIDE {
                    work.charge(std::mem::take(&mut looked));
                    if work.over() {
                        return None;
                    }
                }
            }
            work.charge(looked);
            Some(pass)
        })
        .collect();
    let mut verdicts: Vec<Verdict> = claims.iter().map(|_| Verdict::Holds).collect();
    for (text, pass) in passes.into_iter().enumerate() {
        let pass = pass?;
        for (verdict, survived) in verdicts.iter_mut().zip(pass.survived) {
            let Some(survived) = survived else { continue };
            match verdict {
                Verdict::Occurs { survived: best, .. } => *best = (*best).max(survived),
                _ => *verdict = Verdict::Occurs { survived, survivors: Vec::new() },
            }
        }
        for (index, start) in pass.survivors {
            if let Verdict::Occurs { survivors, .. } = &mut verdicts[index] {
                survivors.push((text, start));
            }
        }
    }
    Some(verdicts)
}

/// Where `piece` (not empty) starts in `hay`, overlapping occurrences
/// included, as the automaton finds them.
fn occurrences<'h>(hay: &'h [u8], piece: &'h [u8]) -> impl Iterator<Item = usize> + 'h {
    let finder = memmem::Finder::new(piece);
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + finder.find(hay.get(from..)?)?;
        from = at + 1;
        Some(at)
    })
}

/// What the pass over one text found.
struct Pass {
    /// Per claim: the most steps ahead a refuting occurrence survives.
    survived: Vec<Option<usize>>,
    /// `(claim, start)`: the grown occurrences that survive them all.
    survivors: Vec<(usize, usize)>,
}

fn by_index(claim: &Claim<'_>, indexes: &Indexes<'_>, work: &Work) -> bool {
    let needle: &[u8] = &claim.needle;
    if needle.is_empty() {
        return true;
    }
    let texts = indexes.texts();
    let scan = |hay: &[u8]| {
        work.charge(hay.len());
        memmem::find(hay, needle).is_some()
    };
    claim.within.is_some_and(|(text, end)| match indexes.get(text, work) {
        Some(index) => index.count_before(needle, end, 1).count > 0,
        None => scan(&texts[text][..end]),
    }) || claim.from.is_some_and(|(text, from)| match indexes.get(text, work) {
        Some(index) => index.count_from(needle, from, 1).count > 0,
        None => scan(texts[text].get(from..).unwrap_or_default()),
    })
}

#[cfg(test)]
mod tests;
