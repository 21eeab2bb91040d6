//! Applying replacements: in order, each `old` must occur exactly once
//! (non-overlapping, [`count_non_overlapping`]) in the content as patched
//! so far, and is replaced at that occurrence; a failing one is skipped and
//! reported, and the others are still tried, so that every failure is
//! reported at once.
//!
//! Doing that literally (count, find and replace in the whole content at
//! every step) costs the file size per replacement. Here the content is
//! kept as `head ++ orig[cursor..]`: the text written so far and the rest
//! of a pristine text `orig` (the file, or the content at the last
//! re-base). Each step is one of three kinds.
//!
//! - **Forward**: `old` occurs exactly once (overlapping matches counted)
//!   in the pristine rest, or in the short window straddling the seam.
//!   The rest is counted by a [`Counter`] of `orig` (scans, then one
//!   suffix array of `orig` once scanning has cost a multiple of it). The
//!   text before the occurrence is copied to `head`, `new` written after
//!   it. What is not counted, that `old` occurs nowhere wholly inside the
//!   head, is recorded as an *obligation*, checked later.
//! - **Cut back**: `old` starts inside the head (its left context took in
//!   text an earlier step wrote) and straddles the seam, or lies wholly in
//!   the last few `old`-lengths of the head (found with `rfind`). The head
//!   is cut there and `new` (and any cut text after `old`) written again;
//!   obligations that reach past the cut are checked first, by scanning
//!   their short windows.
//! - **Slow**: anything else (no occurrence, more than one, an `old` that
//!   only the non-overlapping count accepts, an occurrence deep inside the
//!   head, a cut that would cost more than the content). The obligations
//!   are settled (a [`Counter`] of the head), the content materialised as
//!   the new `orig` (a *re-base*), and the step taken exactly as the
//!   definition says: count, find, replace, or report the failure.
//!
//! An obligation that fails means its step was in truth ambiguous: the
//! run goes back to the last re-base and takes that step slowly
//! (restarts ≤ steps found ambiguous). What `generate` writes, applied to
//! the file it was made from, takes forward and cut-back steps only (a
//! file whose lines all repeat takes one slow step after its first
//! anchor, which spans nearly the whole file), so applying stays linear
//! in the file and the manifest; slow steps cost the file size, as every
//! step of the literal loop does. Results and reports are exactly the
//! literal loop's.

use std::borrow::Cow;

use memchr::memmem::{self, Finder};

use super::count::{count_non_overlapping, scan_overlapping, Counter, SCAN_BUDGET};
use super::report::{failure, AnchorFailure, Applied, ApplyError};
use crate::manifest::Replacement;

/// How far back from the end of the head, in lengths of `old`, a cut-back
/// step looks for an `old` lying wholly inside it; farther back, rewriting
/// the text after it would cost more than the step.
const NEAR_END_ANCHORS: usize = 4;

/// Applies `replacements` in order to `content` (see the module docs).
/// Reports point at lines of `content` (the upstream file the user opens),
/// and also at the patched lines where they differ.
pub fn apply(content: &str, replacements: &[Replacement]) -> Result<String, ApplyError> {
    apply_counting(content, replacements, Some(SCAN_BUDGET)).0
}

/// [`apply`] with the given scan budget (see [`Counter::new`]), and the
/// text positions it looked at (bytes scanned, copied and indexed,
/// binary-search steps), for the tests that hold applying linear without
/// timing it.
pub(super) fn apply_counting(
    content: &str,
    replacements: &[Replacement],
    scan_budget: Option<usize>,
) -> (Result<String, ApplyError>, usize) {
    let mut run = Run {
        upstream: content,
        replacements,
        scan_budget,
        slow: vec![false; replacements.len()],
        applied: Vec::new(),
        failures: Vec::new(),
        work: 0,
    };
    let mut orig = Cow::Borrowed(content);
    let mut first = 0;
    let patched = loop {
        let (applied, failed) = (run.applied.len(), run.failures.len());
        match Epoch::new(&orig, run.scan_budget).run(first, &mut run) {
            End::Done(patched) => break patched,
            End::Rebase(step, content) => (orig, first) = (Cow::Owned(content), step),
            End::Restart(step) => {
                run.slow[step] = true;
                run.applied.truncate(applied);
                run.failures.truncate(failed);
            }
        }
    };
    let result = if run.failures.is_empty() {
        Ok(patched)
    } else {
        Err(ApplyError::Drift { failures: run.failures, total: replacements.len() })
    };
    (result, run.work)
}

/// What lasts across re-bases.
struct Run<'r> {
    /// The file the replacements apply to.
    upstream: &'r str,
    replacements: &'r [Replacement],
    /// See [`Counter::new`].
    scan_budget: Option<usize>,
    /// Steps found ambiguous by an obligation: taken slowly.
    slow: Vec<bool>,
    applied: Vec<Applied>,
    failures: Vec<AnchorFailure>,
    /// See [`apply_counting`].
    work: usize,
}

/// The steps from one re-base to the next (or to the end).
struct Epoch<'o> {
    /// The content at the re-base.
    orig: &'o str,
    /// Counts in `orig`.
    counter: Counter<'o>,
    /// The text written so far: the content is `head ++ orig[cursor..]`.
    head: String,
    cursor: usize,
    /// Sorted by `below`.
    obligations: Vec<Obligation>,
}

/// The `old` of `step` occurs nowhere wholly inside `head[..below]` (that
/// part of the head is still what the step saw).
struct Obligation {
    step: usize,
    below: usize,
}

/// How an epoch ends.
enum End {
    /// Every step taken: the patched content.
    Done(String),
    /// Step `.0` is slow: the content before it, to take it from.
    Rebase(usize, String),
    /// Step `.0` was ambiguous: take it slowly, from the last re-base.
    Restart(usize),
}

/// Where a forward or cut-back step found `old`.
enum Place {
    /// At this position of `orig`, in the pristine rest.
    Rest(usize),
    /// At this position of the head, reaching into the rest.
    Seam(usize),
    /// At this position of the head, wholly inside it.
    Head(usize),
}

/// Why a step found in place is not taken that way.
enum Stop {
    /// It is taken slowly.
    Slow,
    /// The obligation of this step failed.
    Restart(usize),
}

impl<'o> Epoch<'o> {
    fn new(orig: &'o str, scan_budget: Option<usize>) -> Epoch<'o> {
        Epoch {
            orig,
            counter: Counter::new(vec![orig.as_bytes()], scan_budget),
            head: String::new(),
            cursor: 0,
            obligations: Vec::new(),
        }
    }

    /// Takes the steps from `first` on.
    fn run(mut self, first: usize, run: &mut Run<'_>) -> End {
        let end = self.steps(first, run);
        run.work += self.counter.work();
        end
    }

    fn steps(&mut self, first: usize, run: &mut Run<'_>) -> End {
        for index in first..run.replacements.len() {
            let old = run.replacements[index].old.as_bytes();
            let place = if run.slow[index] { None } else { self.locate(old, run) };
            let taken = match place {
                Some(place) => self.take(index, place, run),
                None => Err(Stop::Slow),
            };
            match taken {
                Ok(()) => {}
                Err(Stop::Restart(step)) => return End::Restart(step),
                // The content is `orig` itself: no re-base needed.
                Err(Stop::Slow) if self.head.is_empty() && self.cursor == 0 => self.exact(index, run),
                Err(Stop::Slow) => {
                    return match self.settle(run) {
                        Err(step) => End::Restart(step),
                        Ok(()) => End::Rebase(index, self.content()),
                    }
                }
            }
        }
        match self.settle(run) {
            Err(step) => End::Restart(step),
            Ok(()) => End::Done(self.content()),
        }
    }

    /// Where `old` occurs when a forward or cut-back step can take it.
    fn locate(&self, old: &[u8], run: &mut Run<'_>) -> Option<Place> {
        if old.is_empty() {
            return None;
        }
        let finder = Finder::new(old);
        let in_rest = self.counter.from(0, &finder, self.cursor, 2);
        // Occurrences straddling the seam lie in this window.
        let (head, rest) = (self.head.as_bytes(), &self.orig.as_bytes()[self.cursor..]);
        let keep = old.len() - 1;
        let left = head.len().min(keep);
        let mut window = Vec::with_capacity(left + keep);
        window.extend_from_slice(&head[head.len() - left..]);
        window.extend_from_slice(&rest[..keep.min(rest.len())]);
        run.work += window.len();
        let across = scan_overlapping(&finder, &window, 2);
        match (in_rest.count, across.count) {
            (1, 0) => in_rest.start.map(Place::Rest),
            (0, 1) => across.start.map(|at| Place::Seam(head.len() - left + at)),
            (0, 0) => {
                // The last occurrence near the end of the head; any other
                // one starts before it.
                let near = head.len().saturating_sub(NEAR_END_ANCHORS * old.len());
                run.work += head.len() - near;
                memmem::rfind(&head[near..], old).map(|at| Place::Head(near + at))
            }
            _ => None,
        }
    }

    /// Takes step `index` at `place`.
    fn take(&mut self, index: usize, place: Place, run: &mut Run<'_>) -> Result<(), Stop> {
        let Replacement { old, new } = &run.replacements[index];
        let len = self.head.len();
        let (at, after) = match place {
            Place::Rest(start) => {
                let at = len + start - self.cursor;
                self.head.push_str(&self.orig[self.cursor..start]);
                self.head.push_str(new);
                run.work += start - self.cursor + new.len();
                self.cursor = start + old.len();
                if len >= old.len() {
                    self.obligations.push(Obligation { step: index, below: len });
                }
                run.applied.push(Applied { index, at, old_len: old.len(), new_len: new.len() });
                return Ok(());
            }
            // Other occurrences would lie wholly inside the head.
            Place::Seam(at) => {
                self.cut(index, at, len, run)?;
                self.cursor += old.len() - (len - at);
                (at, String::new())
            }
            // Other occurrences would start before this one.
            Place::Head(at) => {
                self.cut(index, at, at + old.len() - 1, run)?;
                (at, self.head[at + old.len()..].to_string())
            }
        };
        run.work += len - at + new.len();
        self.head.truncate(at);
        self.head.push_str(new);
        self.head.push_str(&after);
        run.applied.push(Applied { index, at, old_len: old.len(), new_len: new.len() });
        Ok(())
    }

    /// Before the head is cut at `at` for step `index`, whose `old` must
    /// occur nowhere wholly inside `head[..below]` but there: checks the
    /// occurrences that end past the cut (they are about to be
    /// overwritten), of this `old` and of every obligation reaching past
    /// the cut, which from then on only holds below it.
    fn cut(&mut self, index: usize, at: usize, below: usize, run: &mut Run<'_>) -> Result<(), Stop> {
        let old = run.replacements[index].old.as_bytes();
        let past = self.obligations.partition_point(|o| o.below <= at);
        // The part of `head[..below]` holding the occurrences of a needle of
        // `len` bytes that end past the cut.
        let window = |len: usize, below: usize| (at + 1).saturating_sub(len)..below;
        let reps = run.replacements;
        let cost: usize = window(old.len(), below).len()
            + self.obligations[past..].iter().map(|o| window(reps[o.step].old.len(), o.below).len()).sum::<usize>();
        if cost > self.head.len() + self.orig.len() - self.cursor {
            return Err(Stop::Slow);
        }
        run.work += cost;
        let head = self.head.as_bytes();
        for o in &mut self.obligations[past..] {
            let step_old = reps[o.step].old.as_bytes();
            if memmem::find(&head[window(step_old.len(), o.below)], step_old).is_some() {
                return Err(Stop::Restart(o.step));
            }
            o.below = at;
        }
        if memmem::find(&head[window(old.len(), below)], old).is_some() {
            return Err(Stop::Slow);
        }
        if at >= old.len() {
            self.obligations.push(Obligation { step: index, below: at });
        }
        Ok(())
    }

    /// A slow step on `orig` itself (nothing written yet this epoch).
    fn exact(&mut self, index: usize, run: &mut Run<'_>) {
        let Replacement { old, new } = &run.replacements[index];
        let count = count_non_overlapping(self.orig.as_bytes(), old.as_bytes());
        run.work += self.orig.len();
        if count == 1 {
            if let Some(at) = memmem::find(self.orig.as_bytes(), old.as_bytes()) {
                self.head.push_str(&self.orig[..at]);
                self.head.push_str(new);
                self.cursor = at + old.len();
                run.work += at + new.len();
                run.applied.push(Applied { index, at, old_len: old.len(), new_len: new.len() });
                return;
            }
        }
        run.failures.push(failure(run.upstream, self.orig, &run.applied, index, count, old));
    }

    /// Checks every obligation; `Err(step)`: the first that fails.
    fn settle(&mut self, run: &mut Run<'_>) -> Result<(), usize> {
        let head = Counter::new(vec![self.head.as_bytes()], run.scan_budget);
        let failed = self.obligations.iter().find(|o| {
            let finder = Finder::new(run.replacements[o.step].old.as_bytes());
            head.before(0, &finder, o.below, 1).count > 0
        });
        run.work += head.work();
        match failed {
            Some(o) => Err(o.step),
            None => {
                self.obligations.clear();
                Ok(())
            }
        }
    }

    /// The content: `head ++ orig[cursor..]`.
    fn content(&self) -> String {
        let mut content = String::with_capacity(self.head.len() + self.orig.len() - self.cursor);
        content.push_str(&self.head);
        content.push_str(&self.orig[self.cursor..]);
        content
    }
}

#[cfg(test)]
mod tests;
