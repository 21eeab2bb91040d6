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
//! re-base). A step takes the one occurrence of `old` straddling the seam,
//! else the last one near the end of the head, else the first one in the
//! rest, and what it does not look at, that `old` occurs nowhere else, is
//! recorded as *obligations*, checked later: that it occurs nowhere wholly
//! inside the head before that place, nor in `orig` after it. Each step is
//! one of three kinds.
//!
//! - **Forward**: the first occurrence in the rest (found by a scan the
//!   cursor then moves past, so the rest is scanned once). The text before
//!   it is copied to `head`, `new` written after it.
//! - **Cut back**: `old` starts inside the head (its left context took in
//!   text an earlier step wrote) and straddles the seam, or lies wholly in
//!   the last few `old`-lengths of the head (found with `rfind`). The head
//!   is cut there and `new` (and any cut text after `old`) written again;
//!   obligations that reach past the cut are checked first, by scanning
//!   their short windows.
//! - **Slow**: anything else (no occurrence, two straddling the seam, an
//!   occurrence deep inside the head, a cut that would cost more than the
//!   content, a step found ambiguous). The obligations are settled, the
//!   content materialised as the new `orig` (a *re-base*), and the step
//!   taken exactly as the definition says: count, find, replace, or report
//!   the failure.
//!
//! Obligations are settled all at once, at the end or before a slow step,
//! as claims ([`refute`]: one pass over the head and one over `orig`, or
//! suffix arrays of both past a work limit). One that fails
//! means its step was in truth not unique (ambiguous, or unique only
//! without overlaps): its step is marked slow and the run goes back to the last re-base (restarts
//! ≤ steps found ambiguous). What `generate` writes, applied to the file
//! it was made from, takes forward and cut-back steps only (a file whose
//! lines all repeat takes one slow step after its first anchor, which
//! spans nearly the whole file), so applying stays linear in the file and
//! the manifest; slow steps cost the file size, as every step of the
//! literal loop does. Results and reports are exactly the literal loop's.

use std::borrow::Cow;

use memchr::memmem::{self, Finder};

use super::count::{count_non_overlapping, scan_across, scan_overlapping, work_limit, Limit, Work};
use super::prove::{refute, Claim};
use super::report::{failure, AnchorFailure, Applied, ApplyError};
use super::suffix::Indexes;
use crate::manifest::Replacement;

/// How far back from the end of the head, in lengths of `old`, a cut-back
/// step looks for an `old` lying wholly inside it; farther back, rewriting
/// the text after it would cost more than the step.
const NEAR_END_ANCHORS: usize = 4;

/// Which text of a settling's [`Indexes`] is the head.
const HEAD: usize = 0;
/// Which is `orig`.
const ORIG: usize = 1;

/// Applies `replacements` in order to `content` (see the module docs).
/// Reports point at lines of `content` (the upstream file the user opens),
/// and also at the patched lines where they differ.
pub fn apply(content: &str, replacements: &[Replacement]) -> Result<String, ApplyError> {
    apply_counting(content, replacements, work_limit).0
}

/// [`apply`] with the given work limit for each settling of claims
/// (see [`Work`]; tests force the suffix arrays or the automaton), and the
/// text positions it looked at (bytes scanned, copied, passed and indexed,
/// matches looked up, binary-search steps), for the tests that hold
/// applying linear without timing it.
pub(super) fn apply_counting(
    content: &str,
    replacements: &[Replacement],
    limit: Limit,
) -> (Result<String, ApplyError>, usize) {
    let mut run = Run {
        upstream: content,
        replacements,
        limit,
        slow: vec![false; replacements.len()],
        applied: Vec::new(),
        failures: Vec::new(),
        work: 0,
    };
    let mut orig = Cow::Borrowed(content);
    let mut first = 0;
    let patched = loop {
        let (applied, failed) = (run.applied.len(), run.failures.len());
        let mut epoch = Epoch::new(&orig);
        let end = epoch.steps(first, &mut run);
        run.work += epoch.work.spent();
        match end {
            End::Done(patched) => break patched,
            End::Rebase(step, content) => (orig, first) = (Cow::Owned(content), step),
            End::Restart => {
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
    /// The [`Work`] limit of a settling.
    limit: Limit,
    /// Steps found ambiguous by a claim: taken slowly.
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
    /// The text written so far: the content is `head ++ orig[cursor..]`.
    head: String,
    cursor: usize,
    /// Sorted by `below`.
    obligations: Vec<Obligation>,
    /// `(step, from)`: the `old` of `step` starts nowhere in `orig[from..]`
    /// (the pristine rest the step saw, after the occurrence it took).
    rest: Vec<(usize, usize)>,
    /// Bytes scanned and copied.
    work: Work,
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
    /// Steps were ambiguous (now marked slow): go back to the last re-base.
    Restart,
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
    /// An earlier step was ambiguous (now marked slow).
    Restart,
}

impl<'o> Epoch<'o> {
    fn new(orig: &'o str) -> Epoch<'o> {
        Epoch { orig, head: String::new(), cursor: 0, obligations: Vec::new(), rest: Vec::new(), work: Work::new(None) }
    }

    /// Takes the steps from `first` on.
    fn steps(&mut self, first: usize, run: &mut Run<'_>) -> End {
        for index in first..run.replacements.len() {
            let old = run.replacements[index].old.as_bytes();
            let place = if run.slow[index] { None } else { self.locate(old) };
            let taken = match place {
                Some(place) => self.take(index, place, run),
                None => Err(Stop::Slow),
            };
            match taken {
                Ok(()) => {}
                Err(Stop::Restart) => return End::Restart,
                // The content is `orig` itself: no re-base needed.
                Err(Stop::Slow) if self.head.is_empty() && self.cursor == 0 => self.exact(index, run),
                Err(Stop::Slow) => {
                    return match self.settle(run) {
                        false => End::Restart,
                        true => End::Rebase(index, self.content()),
                    }
                }
            }
        }
        match self.settle(run) {
            false => End::Restart,
            true => End::Done(self.content()),
        }
    }

    /// Where `old` occurs when a forward or cut-back step can take it: the
    /// one occurrence straddling the seam, else the last one near the end
    /// of the head, else the first one in the rest.
    fn locate(&self, old: &[u8]) -> Option<Place> {
        if old.is_empty() {
            return None;
        }
        let finder = Finder::new(old);
        let (head, rest) = (self.head.as_bytes(), &self.orig.as_bytes()[self.cursor..]);
        let across = scan_across(&finder, head, rest, &self.work);
        match across.count {
            0 => {}
            1 => return across.start.map(Place::Seam),
            _ => return None,
        }
        // Any other occurrence in the head starts before this one.
        let near = head.len().saturating_sub(NEAR_END_ANCHORS * old.len());
        self.work.charge(head.len() - near);
        if let Some(at) = memmem::rfind(&head[near..], old) {
            return Some(Place::Head(near + at));
        }
        // Scanned once: the cursor moves past it.
        scan_overlapping(&finder, rest, 1, &self.work).start.map(|at| Place::Rest(self.cursor + at))
    }

    /// Takes step `index` at `place`.
    fn take(&mut self, index: usize, place: Place, run: &mut Run<'_>) -> Result<(), Stop> {
        let Replacement { old, new } = &run.replacements[index];
        let len = self.head.len();
        // Other occurrences in the rest would start at or after this.
        let from = match place {
            Place::Rest(start) => start + 1,
            Place::Seam(_) | Place::Head(_) => self.cursor,
        };
        if from + old.len() <= self.orig.len() {
            self.rest.push((index, from));
        }
        let (at, after) = match place {
            Place::Rest(start) => {
                let at = len + start - self.cursor;
                self.head.push_str(&self.orig[self.cursor..start]);
                self.head.push_str(new);
                self.work.charge(start - self.cursor + new.len());
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
        self.work.charge(len - at + new.len());
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
        self.work.charge(cost);
        let head = self.head.as_bytes();
        for o in &mut self.obligations[past..] {
            let step_old = reps[o.step].old.as_bytes();
            if memmem::find(&head[window(step_old.len(), o.below)], step_old).is_some() {
                run.slow[o.step] = true;
                return Err(Stop::Restart);
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
        self.work.charge(self.orig.len());
        if count == 1 {
            if let Some(at) = memmem::find(self.orig.as_bytes(), old.as_bytes()) {
                self.head.push_str(&self.orig[..at]);
                self.head.push_str(new);
                self.cursor = at + old.len();
                self.work.charge(at + new.len());
                run.applied.push(Applied { index, at, old_len: old.len(), new_len: new.len() });
                return;
            }
        }
        run.failures.push(failure(run.upstream, self.orig, &run.applied, index, count, old));
    }

    /// Checks every obligation and claim about the rest at once; `false`:
    /// some failed, and their steps are marked slow.
    fn settle(&mut self, run: &mut Run<'_>) -> bool {
        let reps = run.replacements;
        let needle = |step: usize| Cow::Borrowed(reps[step].old.as_bytes());
        let in_head = self.obligations.iter().map(|o| (o.step, Some((HEAD, o.below)), None));
        let in_rest = self.rest.iter().map(|&(step, from)| (step, None, Some((ORIG, from))));
        let (steps, claims): (Vec<usize>, Vec<Claim<'_>>) = in_head
            .chain(in_rest)
            .map(|(step, within, from)| (step, Claim { needle: needle(step), within, from, ahead: None }))
            .unzip();
        let indexes = Indexes::new(vec![self.head.as_bytes(), self.orig.as_bytes()]);
        let work = Work::new((run.limit)(self.head.len() + self.orig.len()));
        let refuted = refute(&claims, &indexes, &work);
        run.work += work.spent();
        let mut held = true;
        for (step, verdict) in steps.into_iter().zip(refuted) {
            if !verdict.holds() {
                run.slow[step] = true;
                held = false;
            }
        }
        self.obligations.clear();
        self.rest.clear();
        held
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
