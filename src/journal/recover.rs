//! Finding the journals a killed update left, and rolling them back
//! before anything reads the files they name.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::{resume_help, tracked_by_git};
use super::plan::record_path;
use super::record::{file_names, journals, read_journal, Saved};
use super::rollback::{roll_back_journal, Scope};
use super::{no_fault, FaultPlan, JournalError, Steps, ARMED, PREFIX};

/// A journal found and rolled back by [`recover`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The process that was killed.
    pub pid: u32,
    /// The directories and files put back, as recorded.
    pub targets: Vec<String>,
    /// The copies of files that had changed since the update wrote them
    /// (edited after the kill, or left half written), which the roll back
    /// put back as they were before it.
    pub kept: Vec<PathBuf>,
}

impl Recovered {
    /// The warning that says so: "rolled back {what}: `a`, `b` are as they
    /// were before it".
    pub fn warning(&self, what: std::fmt::Arguments<'_>) -> String {
        let targets: Vec<String> = self.targets.iter().map(|t| format!("`{t}`")).collect();
        let mut warning = format!("rolled back {what}: {} are as they were before it", targets.join(", "));
        if !self.kept.is_empty() {
            let kept: Vec<String> = self.kept.iter().map(|k| format!("`{}`", k.display())).collect();
            warning.push_str(&format!(
                "; files that had changed since it wrote them (edited after it stopped, or left half written) \
                 are kept as {}",
                kept.join(", ")
            ));
        }
        warning
    }
}

/// Whether `journal_dir` holds a journal of any state (a running, killed
/// or never armed update): only then is [`recover`] needed.
pub fn any_journal(journal_dir: &Path) -> bool {
    !journals(journal_dir, PREFIX).is_empty()
}

/// The armed journals in `journal_dir` that a project update left (file
/// names): what the next command that loads the layer rolls back. A
/// journal never armed (`.tmp`) changed nothing and is not listed. Those
/// of `rebuild --out` are [`output_journals`], rolled back by `rebuild` alone.
pub fn armed_journals(journal_dir: &Path) -> Vec<String> {
    let armed = journals(journal_dir, PREFIX).into_iter().filter(|f| f.armed);
    armed.filter_map(|f| f.path.file_name().map(|n| n.to_string_lossy().into_owned())).collect()
}

/// An armed journal of a `rebuild --out <dir>` beside its output
/// directory: only a `rebuild --out` naming that directory rolls it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputJournal {
    /// The journal's file name.
    pub journal: String,
    /// The name of the output directory it updates (beside the journal).
    pub directory: String,
    /// The process that wrote it.
    pub pid: u32,
}

/// The armed journals of `rebuild --out` updates of directories in `dir`.
pub fn output_journals(dir: &Path) -> Vec<OutputJournal> {
    let prefix = format!("{PREFIX}out-");
    let mut found: Vec<OutputJournal> = file_names(dir)
        .filter_map(|journal| {
            let rest = journal.strip_prefix(&prefix)?.strip_suffix(ARMED)?;
            let (directory, pid) = rest.rsplit_once('-')?;
            Some(OutputJournal { pid: pid.parse().ok()?, directory: directory.to_string(), journal })
        })
        .collect();
    found.sort_by(|a, b| a.journal.cmp(&b.journal));
    found
}

/// What file `target` was before an update a killed forklayer left (the
/// first armed journal of a process that is gone naming it).
#[derive(Debug, PartialEq, Eq)]
pub enum FileBefore {
    /// It held these bytes (e.g. the declaration a merge was rewriting).
    Held(Vec<u8>),
    /// The update created it (e.g. the declaration of an `import`): its
    /// roll back removes it.
    Missing,
}

/// [`FileBefore`] of `target`; `None` when no such journal names it.
pub fn file_before(journal_dir: &Path, target: &Path) -> Result<Option<FileBefore>, JournalError> {
    let wanted = record_path(journal_dir, target)?;
    for found in journals(journal_dir, PREFIX).into_iter().filter(|f| f.armed && !f.alive()) {
        let (record, mut saved) = read_journal(&found.path)?;
        let Some(index) = record.targets.iter().position(|t| t.file && t.path == wanted) else { continue };
        if !record.targets[index].existed {
            return Ok(Some(FileBefore::Missing));
        }
        if let Some(Saved::File { bytes, .. }) = saved[index].remove("") {
            return Ok(Some(FileBefore::Held(std::sync::Arc::unwrap_or_clone(bytes))));
        }
    }
    Ok(None)
}

/// Rolls back every update a killed forklayer left in `journal_dir` and
/// removes journals that were never armed. A journal of a running process
/// is an error ([`JournalError::Busy`]). A journal that names anything
/// outside `scope`, writes through a symbolic link, or is tracked by git
/// (an undo journal is never committed, so one that is was planted) is
/// [`JournalError::Damaged`]: it is kept and nothing changes.
pub fn recover(journal_dir: &Path, scope: &Scope) -> Result<Vec<Recovered>, JournalError> {
    recover_with(journal_dir, PREFIX, scope, &no_fault)
}

/// Rolls back an update of directory `target` made with
/// [`crate::journal::Update::beside`] that a killed forklayer left half done. The journal
/// may only change `target` itself: the directory the user named, not one
/// the journal names.
pub fn recover_beside(target: &Path) -> Result<Vec<Recovered>, JournalError> {
    let (journal_dir, prefix) = beside_place(target)?;
    recover_with(&journal_dir, &prefix, &Scope::new([target.to_path_buf()]), &no_fault)
}

/// The directory and file-name prefix of the journals of updates of
/// `target` alone: `.forklayer-journal-out-<name>-<pid>.tar` beside it.
/// The project's scan skips them (what follows its prefix is no pid), and
/// ignore rules written for `.forklayer-journal-*` cover them.
pub(super) fn beside_place(target: &Path) -> Result<(PathBuf, String), JournalError> {
    // A path ending in `..` names its directory only once resolved; `/`
    // has no directory above it to keep the journal in.
    let target = if target.file_name().is_none() { crate::realpath::normalize(target) } else { target.to_path_buf() };
    let name = target.file_name().ok_or_else(|| JournalError::NoParent { path: target.clone() })?;
    let name = name.to_str().ok_or_else(|| JournalError::NonUtf8Target { path: target.clone() })?;
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."));
    Ok((dir.to_path_buf(), format!("{PREFIX}out-{name}-")))
}

/// The directory, beside the journal, where the roll back of the update of
/// process `<pid>` keeps the files that had changed since it wrote them.
const KEPT_PREFIX: &str = ".forklayer-rolled-back-";

pub(super) fn recover_with(
    journal_dir: &Path,
    prefix: &str,
    scope: &Scope,
    fault: FaultPlan<'_>,
) -> Result<Vec<Recovered>, JournalError> {
    let mut recovered = Vec::new();
    for found in journals(journal_dir, prefix) {
        if found.alive() {
            if found.armed {
                return Err(JournalError::Busy { pid: found.pid, journal: found.path });
            }
            continue;
        }
        if tracked_by_git(&found.path) {
            return Err(JournalError::damaged(
                &found.path,
                "it is tracked by git; an undo journal is never committed, so this one was planted or added by mistake",
            ));
        }
        if found.armed {
            let steps = Steps::new(fault);
            let keep = journal_dir.join(format!("{KEPT_PREFIX}{}", found.pid));
            let rolled_back = roll_back_journal(&found.path, journal_dir, Some(scope), Some(&keep), &steps);
            let (record, kept) = rolled_back.map_err(|err| match err {
                JournalError::Damaged { .. } => err,
                source => {
                    // Read again only now, for the message: a journal that
                    // could be rolled back part way can be read.
                    let targets = read_journal(&found.path)
                        .map(|(record, _)| record.targets.into_iter().map(|t| t.path).collect::<Vec<_>>())
                        .unwrap_or_default();
                    let help = resume_help(journal_dir, prefix, &found.path, &targets);
                    JournalError::RecoveryFailed { journal: found.path.clone(), help, source: Box::new(source) }
                }
            })?;
            let targets = record.targets.into_iter().map(|t| t.path).collect();
            recovered.push(Recovered { pid: found.pid, targets, kept });
        } else {
            fs::remove_file(&found.path).map_err(JournalError::io("remove the unused journal", &found.path))?;
        }
    }
    Ok(recovered)
}

/// Whether process `pid` is still a running forklayer. Pids are reused
/// quickly on a busy machine, so a live process counts only when its
/// command name is ours. Without `/proc` there is no way to tell (without
/// unsafe code), and leftovers are treated as stale: two runs writing the
/// same target at once are not supported anyway.
pub fn process_alive(pid: u32) -> bool {
    let proc_root = Path::new("/proc");
    let Ok(own) = fs::read(proc_root.join("self/comm")) else { return false };
    fs::read(proc_root.join(pid.to_string()).join("comm")).is_ok_and(|comm| comm == own)
}
