//! Anchoring: each edit's `old` starts as the text it removes and grows
//! token by token (right, then left, alternating) until it occurs exactly
//! once in the content just before the edit; after
//! [`LINEAR_GROWTH_STEPS`] steps growth doubles, so long repeated
//! neighbourhoods stay O(n log n) to anchor.
//!
//! Edits are applied front to back, so before edit *i* the content is
//! `fork[..start_i] ++ base[start_i'..]`: a patched prefix and a pristine
//! suffix, never materialised. Uniqueness (overlapping matches, stricter
//! than the non-overlapping count `apply` requires) is counted near the
//! seam and proved far from it:
//!
//! - A count scans the prefix and the suffix [`FIRST_WINDOW`] bytes beyond
//!   the needle on either side of the seam, outwards from it, stopping at
//!   a second occurrence. Two there are two in the content: growth goes
//!   on. One (its own) stops the growth for now, with a [`Claim`]: that
//!   the needle occurs nowhere in the prefix before the window nor in the
//!   suffix after it.
//! - Once every edit of the file has stopped, all the claims are checked
//!   at once ([`refute`]: one pass over the fork and one over
//!   the base). An edit whose claim is false was in truth not unique at
//!   that step, and growth resumes there. The pass has also followed each
//!   refuting occurrence through the edit's next [`LOOKAHEAD`] steps
//!   ([`Ahead`]): the steps some of them survive are skipped, and from
//!   then on the occurrences that survive them all (normally none) are
//!   listed, so each later step counts exactly by checking the bytes it
//!   adds at each of them, plus the seam.
//!
//! In ordinary code a needle unique that near is unique in the file, so
//! anchoring costs a window per edit and a pass over each text; on text
//! whose lines recur every few hundred lines, a pass over each text still.
//! Every anchor is where counting the whole content would have stopped,
//! whatever the window. Where text repeats more (identical lines, edits
//! in a family of identical needles with occurrences all over the file),
//! windows and checks can cost more: once they have looked at the file's
//! [`Work`] limit, a multiple of the texts, the counts are exact, answered
//! by suffix arrays of both texts, built once.

use std::borrow::Cow;

use memchr::memmem::{Finder, FinderRev};
use rayon::prelude::*;
use similar::DiffOp;

use super::count::{rscan_overlapping, scan_across, scan_overlapping, work_limit, Limit, Work};
use super::edits::{diff_edits, diff_edits_from, is_utf8_continuation, next_token_end, prev_token_start, Edit};
use super::prove::{refute, Ahead, Claim, Verdict};
use super::suffix::Indexes;
use crate::manifest::Replacement;

/// Token-by-token growth steps before growth turns geometric.
const LINEAR_GROWTH_STEPS: usize = 64;
/// Bytes beyond the needle a first count looks at on either side of the
/// seam.
const FIRST_WINDOW: usize = 4096;
/// Growth steps after a claim whose survival the check of the claim
/// follows at each refuting occurrence ([`Ahead`]).
const LOOKAHEAD: usize = 8;
/// At most this many bytes added by them.
const LOOKAHEAD_BYTES: usize = 256;

/// Which text of [`Texts::indexes`] is the base.
const BASE: usize = 0;
/// Which is the fork.
const FORK: usize = 1;

/// How a file is anchored (the tests force each way; the anchors are the
/// same).
#[derive(Clone, Copy)]
pub(super) struct Settings {
    /// Bytes beyond the needle a first count looks at on either side of
    /// the seam (`usize::MAX`: the whole content, no claims).
    pub window: usize,
    /// The limit of the file's [`Work`].
    pub limit: Limit,
}

impl Settings {
    pub const DEFAULT: Settings = Settings { window: FIRST_WINDOW, limit: work_limit };
}

/// The work anchoring took, for the tests that hold it linear.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
pub(super) struct Stats {
    /// Text positions looked at (see [`Work`]).
    pub work: usize,
    /// Rounds of claims checked.
    pub rounds: usize,
}

/// The two texts of one file, with the work of their counts.
struct Texts<'t> {
    indexes: Indexes<'t>,
    work: Work,
}

/// Content as it is just before an edit: a patched prefix and a pristine
/// suffix, never concatenated.
struct Split<'t> {
    /// `fork[..start]`.
    prefix: &'t [u8],
    /// `base[start'..]`.
    suffix: &'t [u8],
    /// `start'`.
    suffix_start: usize,
}

/// Where the growth of one edit's `old` is: `left` bytes of context taken
/// from the patched prefix, `right` bytes of the suffix (removed text
/// included).
#[derive(Clone, Copy)]
struct Growth {
    left: usize,
    right: usize,
    steps: usize,
    grow_right_next: bool,
}

/// An edit whose growth goes on in the next round.
struct Pending {
    edit: usize,
    growth: Growth,
    /// `None`: counted near the seam (exactly, past the work limit).
    /// `Some`: the needle is not unique, and these are its occurrences
    /// wholly inside the prefix or the suffix, its own aside, as
    /// `(text, start)` (see [`grow_listed`]).
    far: Option<Vec<(usize, usize)>>,
}

/// How the growth of an edit stopped.
enum Grown {
    /// Unique (or, `None`, never: the content is empty).
    Done(Option<Growth>),
    /// Unique near the seam; unique if the claim holds.
    Claimed(Growth, Claim<'static>),
}

/// The needle `growth` spans: `prefix[len - left..] ++ suffix[..right]`.
fn needle_of(split: &Split<'_>, growth: &Growth) -> Vec<u8> {
    let mut needle = Vec::with_capacity(growth.left + growth.right);
    needle.extend_from_slice(&split.prefix[split.prefix.len() - growth.left..]);
    needle.extend_from_slice(&split.suffix[..growth.right]);
    needle
}

/// Occurrences of the needle of `growth`, counted up to 2 in the window
/// reaching `window` bytes beyond it on either side of the seam, and the
/// claim about the rest when that count is 1 and the window is not all.
fn count_near(split: &Split<'_>, growth: &Growth, window: usize, texts: &Texts<'_>) -> (usize, Option<Claim<'static>>) {
    let (prefix, suffix) = (split.prefix, split.suffix);
    let needle = needle_of(split, growth);
    let (len, work) = (needle.len(), &texts.work);
    let finder = Finder::new(&needle);
    let mut count = scan_across(&finder, prefix, suffix, work).count;
    let reach = window.saturating_add(len);
    let near_prefix = prefix.len().saturating_sub(reach);
    if count < 2 {
        count += rscan_overlapping(&FinderRev::new(&needle), &prefix[near_prefix..], 2 - count, work).count;
    }
    let near_suffix = reach.min(suffix.len());
    if count < 2 {
        count += scan_overlapping(&finder, &suffix[..near_suffix], 2 - count, work).count;
    }
    if count != 1 || (near_prefix == 0 && near_suffix == suffix.len()) {
        return (count, None);
    }
    let claim = Claim {
        // Occurrences wholly in the prefix, starting before the window.
        within: (near_prefix > 0).then_some((FORK, near_prefix + len - 1)),
        // Occurrences in the suffix, ending after the window.
        from: (near_suffix < suffix.len()).then_some((BASE, split.suffix_start + near_suffix - len + 1)),
        needle: Cow::Owned(needle),
        ahead: Some(ahead_of(split, growth)),
    };
    (count, Some(claim))
}

/// The next [`LOOKAHEAD`] growth steps of `growth` (fewer where the
/// content ends, or past [`LOOKAHEAD_BYTES`]).
fn ahead_of(split: &Split<'_>, growth: &Growth) -> Ahead {
    let (mut next, mut steps) = (*growth, Vec::with_capacity(LOOKAHEAD));
    while steps.len() < LOOKAHEAD && next.advance(split) {
        let step = (next.left - growth.left, next.right - growth.right);
        if step.0 + step.1 > LOOKAHEAD_BYTES {
            break;
        }
        steps.push(step);
    }
    let (before, after) = steps.last().copied().unwrap_or_default();
    let cut = split.prefix.len() - growth.left;
    let mut inside = vec![0..0; 2];
    inside[BASE] = split.suffix_start..split.suffix_start + split.suffix.len();
    inside[FORK] = 0..split.prefix.len();
    Ahead {
        before: split.prefix[cut - before..cut].to_vec(),
        after: split.suffix[growth.right..growth.right + after].to_vec(),
        steps,
        inside,
    }
}

/// Grows `growth`, whose needle is not unique, until it is, counting
/// exactly: `far` holds the needle's occurrences wholly inside the prefix
/// or the suffix (as `(text, start)`), its own aside, and those of a grown
/// needle are among them, so each step checks the bytes it adds at each,
/// and counts anew only the occurrences straddling the seam.
fn grow_listed(split: &Split<'_>, mut growth: Growth, far: Vec<(usize, usize)>, texts: &Texts<'_>) -> Grown {
    let mut found = far;
    // Its own occurrence, unless it straddles the seam.
    if growth.right == 0 {
        found.push((FORK, split.prefix.len() - growth.left));
    } else if growth.left == 0 {
        found.push((BASE, split.suffix_start));
    }
    let texts_of = texts.indexes.texts();
    loop {
        let before = growth;
        if !growth.advance(split) {
            return Grown::Done(None);
        }
        if texts.work.over() {
            return grow(split, growth, 0, texts);
        }
        let needle = needle_of(split, &growth);
        let (grew_left, len) = (growth.left - before.left, before.left + before.right);
        let (added_left, added_right) = (&needle[..grew_left], &needle[grew_left + len..]);
        texts.work.charge(found.len() + needle.len());
        found.retain_mut(|(text, start)| {
            let hay = texts_of[*text];
            // Occurrences in the prefix must end inside it, and those in
            // the suffix start inside it.
            let (floor, ceiling) =
                if *text == FORK { (0, split.prefix.len()) } else { (split.suffix_start, hay.len()) };
            let Some(grown) = start.checked_sub(grew_left).filter(|&grown| grown >= floor) else { return false };
            let end = *start + len + added_right.len();
            let holds = end <= ceiling && &hay[grown..*start] == added_left && &hay[*start + len..end] == added_right;
            *start = grown;
            holds
        });
        if scan_across(&Finder::new(&needle), split.prefix, split.suffix, &texts.work).count + found.len() == 1 {
            return Grown::Done(Some(growth));
        }
    }
}

/// Grows `growth` until its needle is unique near the seam (see the module
/// docs); past the work limit, until it is unique.
fn grow(split: &Split<'_>, mut growth: Growth, window: usize, texts: &Texts<'_>) -> Grown {
    loop {
        if growth.left + growth.right > 0 {
            let exact = texts.work.over();
            match count_near(split, &growth, if exact { 0 } else { window }, texts) {
                (1, None) => return Grown::Done(Some(growth)),
                (1, Some(claim)) if !exact => return Grown::Claimed(growth, claim),
                (1, Some(claim)) if refute(std::slice::from_ref(&claim), &texts.indexes, &texts.work)[0].holds() => {
                    return Grown::Done(Some(growth))
                }
                _ => {}
            }
        }
        if !growth.advance(split) {
            // `old` is the whole content and still not unique: only possible
            // when the content is empty.
            return Grown::Done(None);
        }
    }
}

impl Growth {
    fn new(removed: usize) -> Growth {
        Growth { left: 0, right: removed, steps: 0, grow_right_next: true }
    }

    /// One growth step; `false` when `old` is already the whole content.
    fn advance(&mut self, split: &Split<'_>) -> bool {
        let can_right = self.right < split.suffix.len();
        let can_left = self.left < split.prefix.len();
        if !can_right && !can_left {
            return false;
        }
        let geometric = self.steps >= LINEAR_GROWTH_STEPS;
        let step_right = (self.grow_right_next && can_right) || !can_left;
        // Geometric steps cut at byte counts: move each cut to a character
        // boundary, or `old` would not be valid UTF-8 and the whole file
        // would be carried instead of an anchor.
        if step_right {
            self.right = if geometric {
                let mut end = (self.right + self.right.max(16)).min(split.suffix.len());
                while end < split.suffix.len() && is_utf8_continuation(split.suffix[end]) {
                    end += 1;
                }
                end
            } else {
                next_token_end(split.suffix, self.right)
            };
        } else {
            let pos = split.prefix.len() - self.left;
            let start = if geometric {
                let mut start = pos.saturating_sub(self.left.max(16));
                while start > 0 && is_utf8_continuation(split.prefix[start]) {
                    start -= 1;
                }
                start
            } else {
                prev_token_start(split.prefix, pos)
            };
            self.left = split.prefix.len() - start;
        }
        self.grow_right_next = !self.grow_right_next;
        self.steps += 1;
        true
    }
}

/// Generates replacements turning `base` into `fork`, applied in order.
/// `None` only when no anchor can exist (inserting into an empty text).
pub fn generate(base: &str, fork: &str) -> Option<Vec<Replacement>> {
    generate_counting(base, fork, Settings::DEFAULT).0
}

/// [`generate`] given the diff `ops` of the [`super::lines`] of `base`
/// and `fork`, e.g. the one the review diff of the file was made from.
pub fn generate_from_line_diff(base: &str, fork: &str, ops: &[DiffOp]) -> Option<Vec<Replacement>> {
    let edits = diff_edits_from(base.as_bytes(), fork.as_bytes(), ops);
    anchor_edits(base, fork, &edits, Settings::DEFAULT).0
}

/// [`generate`] anchored as `settings` say, and the work it took.
pub(super) fn generate_counting(base: &str, fork: &str, settings: Settings) -> (Option<Vec<Replacement>>, Stats) {
    anchor_edits(base, fork, &diff_edits(base.as_bytes(), fork.as_bytes()), settings)
}

/// The replacements of `edits` and the work they took.
fn anchor_edits(base: &str, fork: &str, edits: &[Edit], settings: Settings) -> (Option<Vec<Replacement>>, Stats) {
    let (a, b) = (base.as_bytes(), fork.as_bytes());
    let texts = Texts { indexes: Indexes::new(vec![a, b]), work: Work::new((settings.limit)(a.len() + b.len())) };
    let split =
        |edit: &Edit| Split { prefix: &b[..edit.b.start], suffix: &a[edit.a.start..], suffix_start: edit.a.start };
    // The content before edit i depends only on the diff, not on the other
    // anchors, so edits are anchored independently (and in parallel).
    let mut spans: Vec<Option<Growth>> = vec![None; edits.len()];
    let mut pending: Vec<Pending> =
        edits.iter().enumerate().map(|(edit, e)| Pending { edit, growth: Growth::new(e.a.len()), far: None }).collect();
    let mut rounds = 0;
    while !pending.is_empty() {
        rounds += 1;
        let grown: Vec<(usize, Grown)> = std::mem::take(&mut pending)
            .into_par_iter()
            .map(|Pending { edit, growth, far }| {
                let split = split(&edits[edit]);
                match far {
                    None => (edit, grow(&split, growth, settings.window, &texts)),
                    Some(far) => (edit, grow_listed(&split, growth, far, &texts)),
                }
            })
            .collect();
        let (mut claimed, mut claims) = (Vec::new(), Vec::new());
        for (i, grown) in grown {
            match grown {
                Grown::Done(span) => spans[i] = span,
                Grown::Claimed(growth, claim) => {
                    claimed.push((i, growth));
                    claims.push(claim);
                }
            }
        }
        for ((i, mut growth), verdict) in claimed.into_iter().zip(refute(&claims, &texts.indexes, &texts.work)) {
            match verdict {
                Verdict::Holds => spans[i] = Some(growth),
                // A refuting occurrence survives the first `survived` steps.
                Verdict::Occurs { survived, survivors } => {
                    let split = split(&edits[i]);
                    if (0..survived).all(|_| growth.advance(&split)) {
                        pending.push(Pending { edit: i, growth, far: Some(survivors) });
                    }
                }
                // Counted exactly from here (the work is over its limit, or
                // no automaton could be built).
                Verdict::Refuted if growth.advance(&split(&edits[i])) => {
                    pending.push(Pending { edit: i, growth, far: None })
                }
                Verdict::Refuted => {}
            }
        }
    }
    let replacements = edits.iter().zip(spans).map(|(edit, span)| replacement(&split(edit), b, edit, span?)).collect();
    let stats = Stats { work: texts.work.spent(), rounds };
    (replacements, stats)
}

/// The replacement of `edit` whose `old` spans `span`.
fn replacement(split: &Split<'_>, fork: &[u8], edit: &Edit, span: Growth) -> Option<Replacement> {
    let old = needle_of(split, &span);
    let mut new = fork[edit.b.start - span.left..edit.b.end].to_vec();
    new.extend_from_slice(&split.suffix[edit.a.len()..span.right]);
    // Every cut is on a token boundary, hence a UTF-8 boundary; should that
    // ever not hold, the caller falls back to whole-file content.
    Some(Replacement { old: String::from_utf8(old).ok()?, new: String::from_utf8(new).ok()? })
}

#[cfg(test)]
mod tests;
