//! Three-way merge of one file: the base (old upstream), ours (the fork) and
//! theirs (the new upstream), each of which may be absent.

use crate::merge::text::{is_mergeable_text, merge_text, Labels, TextMergeError};
use crate::tree::FileEntry;

/// What happened to one file, as shown in the merge report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// Nobody changed the file.
    Unchanged,
    /// Changed only upstream: the new upstream version was taken.
    Taken,
    /// Changed only in the fork: the fork's version was kept.
    Kept,
    /// Changed on both sides and merged line by line without conflict.
    Merged,
    /// Added by the new upstream and adopted.
    New,
    /// Deleted by the new upstream; the fork had not changed it.
    Deleted,
    /// The fork's change is already in the new upstream.
    Upstreamed,
    /// Changed on both sides in a way that needs a person.
    Conflict,
    /// A conflict resolved as recorded in the conflict memory
    /// ([`crate::merge::memory`]).
    Resolved,
}

impl Outcome {
    /// The word used in reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Unchanged => "unchanged",
            Outcome::Taken => "taken",
            Outcome::Kept => "kept",
            Outcome::Merged => "merged",
            Outcome::New => "new",
            Outcome::Deleted => "deleted",
            Outcome::Upstreamed => "upstreamed",
            Outcome::Conflict => "conflict",
            Outcome::Resolved => "resolved",
        }
    }
}

/// Why a file is a [`Outcome::Conflict`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ConflictKind {
    /// Overlapping or adjacent text edits: `diff3` markers were written.
    Text,
    /// Binary or non-UTF-8 content changed on both sides.
    Binary,
    /// The fork deleted the file and the new upstream changed it.
    DeletedInFork,
    /// The fork changed the file and the new upstream deleted it.
    DeletedUpstream,
}

impl ConflictKind {
    /// The word used in reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            ConflictKind::Text => "text",
            ConflictKind::Binary => "binary",
            ConflictKind::DeletedInFork => "deleted_in_fork",
            ConflictKind::DeletedUpstream => "deleted_upstream",
        }
    }
}

/// One side of a conflict, written next to the fork file as `<file>.<side>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The fork's version.
    Ours,
    /// The new upstream version.
    Theirs,
}

impl Side {
    /// The file-name suffix (without the dot).
    pub fn suffix(self) -> &'static str {
        match self {
            Side::Ours => "ours",
            Side::Theirs => "theirs",
        }
    }
}

/// The merge of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileMerge {
    outcome: Outcome,
    conflict: Option<ConflictKind>,
    result: Option<FileEntry>,
    sides: Vec<(Side, FileEntry)>,
}

impl FileMerge {
    fn clean(outcome: Outcome, result: Option<&FileEntry>) -> FileMerge {
        FileMerge { outcome, conflict: None, result: result.cloned(), sides: Vec::new() }
    }

    fn conflicted(kind: ConflictKind, result: Option<FileEntry>, sides: Vec<(Side, FileEntry)>) -> FileMerge {
        FileMerge { outcome: Outcome::Conflict, conflict: Some(kind), result, sides }
    }

    /// A conflict resolved as recorded: `result` is the recorded file
    /// (`None`: the resolution deletes it).
    pub fn resolved(result: Option<FileEntry>) -> FileMerge {
        FileMerge { outcome: Outcome::Resolved, conflict: None, result, sides: Vec::new() }
    }

    /// What happened to the file.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Why the file conflicts, if it does.
    pub fn conflict(&self) -> Option<ConflictKind> {
        self.conflict
    }

    /// The new fork file; `None` when the fork no longer has the file.
    pub fn result(&self) -> Option<&FileEntry> {
        self.result.as_ref()
    }

    /// Versions to write next to the fork file so a person can resolve a
    /// binary or delete/modify conflict; empty otherwise.
    pub fn sides(&self) -> &[(Side, FileEntry)] {
        &self.sides
    }
}

/// Merges one file. `None` means the file does not exist in that version.
///
/// The contents and the executable bit are compared together: a file whose
/// mode alone changed counts as changed.
pub fn merge_file(
    base: Option<&FileEntry>,
    ours: Option<&FileEntry>,
    theirs: Option<&FileEntry>,
    labels: &Labels<'_>,
) -> Result<FileMerge, TextMergeError> {
    let fork_changed = ours != base;
    let upstream_changed = theirs != base;
    Ok(match (fork_changed, upstream_changed) {
        (false, false) => FileMerge::clean(Outcome::Unchanged, ours),
        (false, true) => FileMerge::clean(upstream_only_outcome(base, theirs), theirs),
        (true, false) => FileMerge::clean(Outcome::Kept, ours),
        (true, true) if ours == theirs => FileMerge::clean(Outcome::Upstreamed, theirs),
        (true, true) => merge_both_changed(base, ours, theirs, labels)?,
    })
}

fn upstream_only_outcome(base: Option<&FileEntry>, theirs: Option<&FileEntry>) -> Outcome {
    match (base, theirs) {
        (None, Some(_)) => Outcome::New,
        (Some(_), None) => Outcome::Deleted,
        _ => Outcome::Taken,
    }
}

/// Both sides changed the file differently.
fn merge_both_changed(
    base: Option<&FileEntry>,
    ours: Option<&FileEntry>,
    theirs: Option<&FileEntry>,
    labels: &Labels<'_>,
) -> Result<FileMerge, TextMergeError> {
    let (ours, theirs) = match (ours, theirs) {
        (Some(ours), Some(theirs)) => (ours, theirs),
        (None, Some(theirs)) => {
            let sides = vec![(Side::Theirs, theirs.clone())];
            return Ok(FileMerge::conflicted(ConflictKind::DeletedInFork, None, sides));
        }
        (Some(ours), None) => {
            let sides = vec![(Side::Ours, ours.clone())];
            return Ok(FileMerge::conflicted(ConflictKind::DeletedUpstream, Some(ours.clone()), sides));
        }
        // Both absent means both sides agree, which `merge_file` handles.
        (None, None) => return Ok(FileMerge::clean(Outcome::Upstreamed, None)),
    };
    let executable = merge_executable(base.map(|b| b.executable), ours.executable, theirs.executable);
    if ours.bytes == theirs.bytes {
        // Same contents, only the modes disagree.
        return Ok(FileMerge::clean(Outcome::Merged, Some(&FileEntry { bytes: ours.bytes.clone(), executable })));
    }
    let base_bytes = base.map_or(&[][..], |b| b.bytes.as_slice());
    let all_text = [base_bytes, &ours.bytes, &theirs.bytes].into_iter().all(is_mergeable_text);
    if !all_text {
        let sides = vec![(Side::Ours, ours.clone()), (Side::Theirs, theirs.clone())];
        return Ok(FileMerge::conflicted(ConflictKind::Binary, Some(ours.clone()), sides));
    }
    let text = merge_text(base_bytes, &ours.bytes, &theirs.bytes, labels)?;
    let result = FileEntry::with_mode(text.content, executable);
    Ok(if text.conflicted {
        FileMerge::conflicted(ConflictKind::Text, Some(result), Vec::new())
    } else {
        FileMerge::clean(Outcome::Merged, Some(&result))
    })
}

/// Three-way merge of the executable bit: a side that kept the base's bit
/// yields to the other; with no base the fork wins.
fn merge_executable(base: Option<bool>, ours: bool, theirs: bool) -> bool {
    if base == Some(ours) {
        theirs
    } else {
        ours
    }
}

#[cfg(test)]
mod tests;
