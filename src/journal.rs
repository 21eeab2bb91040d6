//! Journaled in-place updates: several directories (and files) replaced
//! together, all or nothing, writing only what changes.
//!
//! Why not build a copy and rename it into place, as [`crate::stage`]
//! does for one directory: a merge replaces thousands of files, and giving
//! each one a new inode is the slowest thing a file system does. On ext4
//! without a journal the inode allocator steps over every recently deleted
//! inode one by one, so a copy written shortly after a checkout cost
//! seconds. Here only files whose bytes or mode change are written, files
//! that stay are rewritten in place (their inode reused), and nothing is
//! copied.
//!
//! All or nothing: before the first change, everything needed to undo the
//! update is written to a journal — the previous bytes and mode of every
//! file it overwrites or deletes, the symbolic links and directories it
//! removes, the files and directories it creates. The journal is a plain
//! tar archive (`journal.json` first, then the saved files under
//! `<target index>/<path>`), written as `.forklayer-journal-<pid>.tmp` in
//! the journal directory (the project root), synced and renamed to
//! `.forklayer-journal-<pid>.tar`. Then the changes are made; removing the
//! journal commits them. A failure rolls back from the journal at once; a
//! run killed midway leaves the journal, and the next forklayer command
//! rolls it back with [`recover`] before it reads anything. Rolling back is
//! idempotent, so a roll back that is itself killed is simply done again.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use crate::error::{Diagnostic, ExitStatus};
use crate::names::{NameError, NameLimits};
use crate::parallel::{map_files_ordered, map_ordered};
use crate::realpath::normalize;
use crate::tree::{check_relative_path, read_with_metadata, FileEntry, Tree, TreeError};

/// `schema` of `journal.json`.
const SCHEMA: &str = "forklayer.journal/1";
/// The first entry of every journal.
const RECORD_ENTRY: &str = "journal.json";
/// Journal file names: `.forklayer-journal-<pid>.tar` (armed) or `.tmp`
/// (still being written: nothing was changed yet).
const PREFIX: &str = ".forklayer-journal-";
const ARMED: &str = ".tar";
const WRITING: &str = ".tmp";
/// The permission bits a roll back restores (no set-id, no sticky bit).
const PLAIN_MODE_BITS: u32 = 0o777;

/// Errors of updating or recovering.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JournalError {
    /// A file system operation failed.
    #[error("could not {action} `{path}`")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// Reading the previous contents failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Ctrl-C came before the update started writing.
    #[error("interrupted; nothing was changed")]
    Interrupted,
    /// A path of the update cannot exist on the target's file system:
    /// refused before anything was written.
    #[error(transparent)]
    Name(Box<NameError>),
    /// Another forklayer process is updating the same project.
    #[error("another forklayer process (pid {pid}) is updating this project (journal `{}`)", .journal.display())]
    Busy {
        /// Its process id.
        pid: u32,
        /// Its journal.
        journal: PathBuf,
    },
    /// A killed update has not been rolled back yet.
    #[error("an interrupted update has not been rolled back yet (journal `{}`)", .journal.display())]
    Pending {
        /// Its journal.
        journal: PathBuf,
    },
    /// A journal cannot be read, so the update it records cannot be undone.
    #[error("the journal `{}` of an interrupted update is damaged: {reason}", .journal.display())]
    Damaged {
        /// The journal.
        journal: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A target path cannot be written into a journal.
    #[error("`{}` cannot be recorded in a journal: its path is not valid UTF-8", .path.display())]
    NonUtf8Target {
        /// The target.
        path: PathBuf,
    },
    /// Every change was made, but removing the journal (the commit) failed:
    /// the next forklayer command would roll the update back.
    #[error(
        "the update was made completely, but its journal `{}` could not be removed; the next forklayer command will roll the update back",
        .journal.display()
    )]
    CommitFailed {
        /// The journal left behind.
        journal: PathBuf,
        /// Why removing it failed.
        #[source]
        source: io::Error,
    },
    /// The update failed and everything it had changed was put back.
    #[error("the update failed; everything it had changed was put back")]
    RolledBack(#[source] Box<JournalError>),
    /// The update failed and putting things back failed too: the journal is
    /// kept so that the next run can try again.
    #[error(
        "the update failed ({failure}) and could not be rolled back: the files it names are half updated, and the journal `{}` that undoes them is kept",
        .journal.display()
    )]
    RollbackFailed {
        /// Why the update failed.
        failure: String,
        /// The journal to roll back from.
        journal: PathBuf,
        /// How to finish the roll back.
        resume: Box<Resume>,
        /// Why rolling back failed.
        #[source]
        source: Box<JournalError>,
    },
    /// Rolling back the journal a killed update left failed: the journal is
    /// kept, and the files it names are still half updated.
    #[error(
        "could not roll back the unfinished update recorded in `{}`: the files it names are still half updated, and the journal is kept",
        .journal.display()
    )]
    RecoveryFailed {
        /// The journal.
        journal: PathBuf,
        /// How to finish the roll back.
        resume: Box<Resume>,
        /// Why rolling back failed.
        #[source]
        source: Box<JournalError>,
    },
}

/// What finishes a roll back that failed: the command to run once its
/// cause is fixed, and how to give the roll back up instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The command that rolls the journal back before anything else.
    command: String,
    /// What to do instead to leave the half-made update behind.
    give_up: String,
}

impl Resume {
    /// For a journal of `journal_dir` written under `prefix` that puts
    /// `targets` back (as recorded: relative to `journal_dir` or absolute).
    fn new(journal_dir: &Path, prefix: &str, journal: &Path, targets: &[String]) -> Resume {
        let shown = |path: &Path| shell_word(&path.display().to_string());
        match prefix.strip_prefix(PREFIX).and_then(|rest| rest.strip_prefix("out-")) {
            Some(name) => {
                let out = journal_dir.join(name.strip_suffix('-').unwrap_or(name));
                Resume {
                    command: format!("forklayer rebuild --out {}", shown(&out)),
                    give_up: format!("delete the output and the journal (`rm -r {} {}`)", shown(&out), shown(journal)),
                }
            }
            None => {
                let targets: Vec<String> = targets.iter().map(|t| shell_word(t)).collect();
                Resume {
                    command: format!("forklayer -C {} check", shown(journal_dir)),
                    give_up: format!(
                        "restore those files from git (`git -C {} checkout -- {}`) and delete the journal (`rm {}`)",
                        shown(journal_dir),
                        targets.join(" "),
                        shown(journal)
                    ),
                }
            }
        }
    }

    fn help(&self) -> String {
        format!(
            "fix the cause above (permissions, free space, a read-only disk), then run `{}`: it finishes the roll \
             back before it reads anything; to give the roll back up instead, {}",
            self.command, self.give_up
        )
    }
}

/// `word` quoted for a POSIX shell when it needs it.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+@=:,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

impl JournalError {
    fn io<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> JournalError + 'a {
        move |source| JournalError::Io { action, path: path.to_path_buf(), source }
    }

    fn damaged(journal: &Path, reason: impl ToString) -> JournalError {
        JournalError::Damaged { journal: journal.to_path_buf(), reason: reason.to_string() }
    }
}

impl Diagnostic for JournalError {
    fn exit_status(&self) -> ExitStatus {
        match self {
            JournalError::Busy { .. }
            | JournalError::Pending { .. }
            | JournalError::NonUtf8Target { .. }
            | JournalError::Interrupted => ExitStatus::Usage,
            JournalError::RolledBack(inner) => inner.exit_status(),
            _ => ExitStatus::Integrity,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            JournalError::Busy { .. } => "busy",
            JournalError::Interrupted => "interrupted",
            JournalError::Pending { .. } => "journal_pending",
            JournalError::Damaged { .. } => "journal_damaged",
            JournalError::RollbackFailed { .. } | JournalError::RecoveryFailed { .. } => "rollback_failed",
            JournalError::CommitFailed { .. } => "commit_failed",
            JournalError::NonUtf8Target { .. } => "non_utf8_name",
            JournalError::Tree(e) => e.code(),
            JournalError::Name(e) => e.code(),
            JournalError::RolledBack(inner) => inner.code(),
            JournalError::Io { .. } => "io",
        }
    }

    fn help(&self) -> Option<String> {
        match self {
            JournalError::Busy { .. } => Some("wait for it to finish; if no such process is running, run again".into()),
            JournalError::Interrupted => Some("run the command again".into()),
            JournalError::Pending { .. } => Some(
                "run any forklayer command (e.g. `forklayer check`): it rolls the interrupted update back first".into(),
            ),
            JournalError::Damaged { .. } => Some(
                "restore the project from git (e.g. `git checkout -- upstream profile/forks patches forklayer.toml`), \
                 then delete the journal; `tar tvf` lists what it saved"
                    .into(),
            ),
            JournalError::RollbackFailed { resume, .. } | JournalError::RecoveryFailed { resume, .. } => {
                Some(resume.help())
            }
            JournalError::NonUtf8Target { .. } => Some("rename the directory to a UTF-8 name".into()),
            JournalError::CommitFailed { journal, .. } => Some(format!(
                "to keep the update, delete the journal by hand (`rm {}`) once the disk works again; \
                 to undo it, run any forklayer command",
                journal.display()
            )),
            JournalError::Tree(e) => e.help(),
            JournalError::Name(e) => e.help(),
            JournalError::RolledBack(inner) => inner.help(),
            JournalError::Io { .. } => {
                Some("check the permissions and free disk space, then run the command again".into())
            }
        }
    }
}

/// What a target becomes.
#[derive(Clone, Copy, Debug)]
enum Next<'a> {
    /// A directory holding exactly these files; the second tree, when
    /// given, is what the caller read from it ([`Update::replace_read_dir`]).
    Dir(&'a Tree, Option<&'a Tree>),
    /// A file with these bytes (its mode is kept).
    File(&'a [u8]),
}

/// A set of directories and files replaced together.
#[derive(Debug)]
pub struct Update<'a> {
    journal_dir: PathBuf,
    /// File-name prefix of this kind of journal ([`PREFIX`] for the project).
    prefix: String,
    /// Whether the journal directory is created when missing (an update
    /// made with [`Update::beside`]: the output may be new, below new
    /// directories).
    make_journal_dir: bool,
    /// When set before the update starts writing, it stops with nothing
    /// changed ([`crate::interrupt`]).
    cancel: Option<&'a AtomicBool>,
    targets: Vec<(PathBuf, Next<'a>)>,
}

/// What tests inject before a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
enum Fault {
    None,
    /// The change fails with an I/O error.
    Fail,
    /// The change fails as the system would with this `errno` (a full
    /// disk, a name too long, a path gone): what a roll back must tell
    /// apart.
    Errno(i32),
    /// The process dies: nothing more happens, not even a roll back.
    Crash,
}

/// A test hook: given the sequence number of a change (applying and
/// rolling back count alike), what goes wrong before it.
type FaultPlan<'f> = &'f (dyn Fn(usize) -> Fault + Sync);

/// Counts every change and injects the faults of a test.
struct Steps<'f> {
    done: AtomicUsize,
    crashed: AtomicBool,
    fault: FaultPlan<'f>,
}

impl<'f> Steps<'f> {
    fn new(fault: FaultPlan<'f>) -> Steps<'f> {
        Steps { done: AtomicUsize::new(0), crashed: AtomicBool::new(false), fault }
    }

    fn next(&self) -> io::Result<()> {
        if self.crashed() {
            return Err(io::Error::other("crashed"));
        }
        match (self.fault)(self.done.fetch_add(1, Ordering::SeqCst)) {
            Fault::None => Ok(()),
            Fault::Fail => Err(io::Error::other("injected failure")),
            Fault::Errno(errno) => Err(io::Error::from_raw_os_error(errno)),
            Fault::Crash => {
                self.crashed.store(true, Ordering::SeqCst);
                Err(io::Error::other("crashed"))
            }
        }
    }

    /// Makes one change, or fails it the way the test asks: an injected
    /// error stands in for the change's own result, so the caller judges
    /// it as it would judge the system's (a removal of a path that cannot
    /// exist is done, whatever said so).
    fn run<T>(&self, change: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        self.next().and_then(|()| change())
    }

    fn crashed(&self) -> bool {
        self.crashed.load(Ordering::SeqCst)
    }
}

fn no_fault(_: usize) -> Fault {
    Fault::None
}

impl<'a> Update<'a> {
    /// An empty update whose journal goes to `journal_dir`.
    pub fn new(journal_dir: &Path) -> Update<'a> {
        Update {
            journal_dir: journal_dir.to_path_buf(),
            prefix: PREFIX.to_string(),
            make_journal_dir: false,
            cancel: None,
            targets: Vec::new(),
        }
    }

    /// An update of directory `target` alone (an output directory named on
    /// the command line, possibly outside any project) whose journal goes
    /// beside it, named after it: see [`recover_beside`]. Missing parent
    /// directories of `target` are created when the update starts and
    /// removed again by its roll back (a failure, or [`recover_beside`]
    /// after a kill).
    pub fn beside(target: &Path) -> Result<Update<'a>, JournalError> {
        let (journal_dir, prefix) = beside_place(target)?;
        Ok(Update { journal_dir, prefix, make_journal_dir: true, cancel: None, targets: Vec::new() })
    }

    /// Stops the update, nothing changed, when `flag` is set before it
    /// starts writing ([`JournalError::Interrupted`]); once it writes, it
    /// finishes.
    pub fn cancelled_by(mut self, flag: &'a AtomicBool) -> Update<'a> {
        self.cancel = Some(flag);
        self
    }

    /// Makes directory `target` hold exactly the files of `tree` (and no
    /// empty directories), creating it if needed.
    pub fn replace_dir(&mut self, target: &Path, tree: &'a Tree) {
        self.targets.push((target.to_path_buf(), Next::Dir(tree, None)));
    }

    /// [`Update::replace_dir`] for a directory this run has read as `read`
    /// (with [`Tree::read_dir`]): a file `tree` holds exactly as `read` does
    /// is left alone without being read again. Every file the update
    /// overwrites or deletes is still read, so the journal saves the bytes
    /// that are there when it starts, whatever `read` says; a file edited
    /// since `read` that the update leaves alone keeps the edit.
    pub fn replace_read_dir(&mut self, target: &Path, tree: &'a Tree, read: &'a Tree) {
        self.targets.push((target.to_path_buf(), Next::Dir(tree, Some(read))));
    }

    /// Replaces the contents of file `target`, keeping its mode.
    pub fn replace_file(&mut self, target: &Path, bytes: &'a [u8]) {
        self.targets.push((target.to_path_buf(), Next::File(bytes)));
    }

    /// Makes every change, or none. Returns the number of changes made
    /// (files written or deleted, directories created or removed; 0 when
    /// everything already is as wanted, and then no journal is written).
    pub fn apply(&self) -> Result<usize, JournalError> {
        self.apply_with(&no_fault)
    }

    fn apply_with(&self, fault: FaultPlan<'_>) -> Result<usize, JournalError> {
        refuse_pending(&self.journal_dir, &self.prefix)?;
        self.check_names()?;
        let made_dirs = if self.make_journal_dir { make_missing_dirs(&self.journal_dir)? } else { Vec::new() };
        // Until the journal is written, what was made for it is removed by
        // hand; afterwards by the journal's roll back.
        let planned = map_ordered(&self.targets, |(path, next)| plan(&self.journal_dir, path, *next))
            .into_iter()
            .collect::<Result<Vec<Plan<'a>>, _>>()
            .and_then(|plans| {
                let changes: usize = plans.iter().map(Plan::changes).sum();
                if changes == 0 {
                    return Ok((plans, 0, None));
                }
                if self.cancel.is_some_and(|flag| flag.load(Ordering::SeqCst)) {
                    return Err(JournalError::Interrupted);
                }
                let journal = write_journal(&self.journal_dir, &self.prefix, &plans, &made_dirs)?;
                Ok((plans, changes, Some(journal)))
            });
        let (plans, changes, journal) = match planned {
            Ok((plans, changes, Some(journal))) => (plans, changes, journal),
            Ok((_, _, None)) => {
                remove_made_dirs(&self.journal_dir, &made_dirs);
                return Ok(0);
            }
            Err(err) => {
                remove_made_dirs(&self.journal_dir, &made_dirs);
                return Err(err);
            }
        };
        let steps = Steps::new(fault);
        let applied = map_ordered(&plans, |plan| plan.apply(&steps));
        if let Some(failure) = applied.into_iter().find_map(Result::err) {
            if steps.crashed() {
                return Err(failure);
            }
            return Err(match roll_back_journal(&journal, &self.journal_dir, None, &steps) {
                Ok(_) => JournalError::RolledBack(Box::new(failure)),
                Err(source) => {
                    let targets: Vec<String> = plans.iter().map(|p| p.record.path.clone()).collect();
                    let resume = Box::new(Resume::new(&self.journal_dir, &self.prefix, &journal, &targets));
                    let failure = failure.to_string();
                    JournalError::RollbackFailed { failure, journal, resume, source: Box::new(source) }
                }
            });
        }
        // Removing the journal commits the update; the fault hook counts it
        // as a step so that tests can make it fail.
        steps
            .next()
            .and_then(|()| fs::remove_file(&journal))
            .map_err(|source| JournalError::CommitFailed { journal, source })?;
        Ok(changes)
    }
}

impl Update<'_> {
    /// Refuses, before anything is written, every path of the update that
    /// the file system it goes to cannot hold: a failure halfway would
    /// leave files written, and their roll back would meet the same name.
    fn check_names(&self) -> Result<(), JournalError> {
        self.check_name_limits().map_err(|e| JournalError::Name(Box::new(e)))
    }

    fn check_name_limits(&self) -> Result<(), NameError> {
        for (target, next) in &self.targets {
            let limits = NameLimits::of(target);
            limits.check(target)?;
            if let Next::Dir(tree, _) = next {
                limits.check_tree(target, tree.paths())?;
            }
        }
        Ok(())
    }
}

/// A journal found and rolled back by [`recover`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovered {
    /// The process that was killed.
    pub pid: u32,
    /// The directories and files put back, as recorded.
    pub targets: Vec<String>,
}

/// Where a journal found on disk may make changes: the directories and
/// files forklayer manages in this project (`upstream/`, the fork layer,
/// `patches/`, the declaration). A journal is a file anyone can plant in a
/// repository, so every path it names is checked against this before
/// anything is touched.
#[derive(Clone, Debug)]
pub struct Scope {
    roots: Vec<PathBuf>,
}

impl Scope {
    /// The given directories and files (and everything below them).
    pub fn new(roots: impl IntoIterator<Item = PathBuf>) -> Scope {
        Scope { roots: roots.into_iter().map(|root| normalize(&root)).collect() }
    }

    /// Whether `path` (symbolic links of its existing part resolved) is one
    /// of the roots or below one.
    fn contains(&self, path: &Path) -> bool {
        let path = normalize(path);
        self.roots.iter().any(|root| path.starts_with(root))
    }
}

/// Whether `journal_dir` holds a journal of any state (a running, killed
/// or never armed update): only then is [`recover`] needed.
pub fn any_journal(journal_dir: &Path) -> bool {
    !journals(journal_dir, PREFIX).is_empty()
}

/// The armed journals in `journal_dir` that a project update left (file
/// names): what the next command that loads the layer rolls back. A
/// journal never armed (`.tmp`) changed nothing and is not listed.
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
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let prefix = format!("{PREFIX}out-");
    let mut found: Vec<OutputJournal> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let journal = entry.file_name().into_string().ok()?;
            let rest = journal.strip_prefix(&prefix)?.strip_suffix(ARMED)?;
            let (directory, pid) = rest.rsplit_once('-')?;
            let pid = pid.parse().ok()?;
            let directory = directory.to_string();
            Some(OutputJournal { journal, directory, pid })
        })
        .collect();
    found.sort_by(|a, b| a.journal.cmp(&b.journal));
    found
}

/// The bytes a killed update saved of file `target` (e.g. the declaration
/// it was rewriting), from the first armed journal of a process that is
/// gone: what the file held before that update.
pub fn saved_file(journal_dir: &Path, target: &Path) -> Result<Option<Vec<u8>>, JournalError> {
    let wanted = record_path(journal_dir, target)?;
    for found in journals(journal_dir, PREFIX).into_iter().filter(|f| f.armed && !f.alive()) {
        let (record, mut saved) = read_journal(&found.path)?;
        let index = record.targets.iter().position(|t| t.file && t.path == wanted);
        if let Some(Saved::File { bytes, .. }) = index.and_then(|i| saved[i].remove("")) {
            return Ok(Some(std::sync::Arc::unwrap_or_clone(bytes)));
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
/// [`Update::beside`] that a killed forklayer left half done. The journal
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
fn beside_place(target: &Path) -> Result<(PathBuf, String), JournalError> {
    let non_utf8 = || JournalError::NonUtf8Target { path: target.to_path_buf() };
    let name = target.file_name().ok_or_else(non_utf8)?.to_str().ok_or_else(non_utf8)?;
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."));
    Ok((dir.to_path_buf(), format!("{PREFIX}out-{name}-")))
}

fn recover_with(
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
            let record = roll_back_journal(&found.path, journal_dir, Some(scope), &steps).map_err(|err| match err {
                JournalError::Damaged { .. } => err,
                source => {
                    // Read again only now, for the message: a journal that
                    // could be rolled back part way can be read.
                    let targets = read_journal(&found.path)
                        .map(|(record, _)| record.targets.into_iter().map(|t| t.path).collect::<Vec<_>>())
                        .unwrap_or_default();
                    let resume = Box::new(Resume::new(journal_dir, prefix, &found.path, &targets));
                    JournalError::RecoveryFailed { journal: found.path.clone(), resume, source: Box::new(source) }
                }
            })?;
            recovered.push(Recovered { pid: found.pid, targets: record.targets.into_iter().map(|t| t.path).collect() });
        } else {
            fs::remove_file(&found.path).map_err(JournalError::io("remove the unused journal", &found.path))?;
        }
    }
    Ok(recovered)
}

/// Whether `path` is in the index of the git repository around it.
fn tracked_by_git(path: &Path) -> bool {
    let Some(dir) = path.parent() else { return false };
    let Ok(repo) = git2::Repository::discover(dir) else { return false };
    let (Some(workdir), Ok(index)) = (repo.workdir(), repo.index()) else { return false };
    let (Ok(workdir), Ok(path)) = (workdir.canonicalize(), path.canonicalize()) else { return false };
    path.strip_prefix(&workdir).is_ok_and(|rel| index.get_path(rel, 0).is_some())
}

/// A journal file in the journal directory.
struct Found {
    path: PathBuf,
    pid: u32,
    armed: bool,
}

impl Found {
    /// A journal of this very process can only be left by an update that
    /// panicked: it is as dead as one of a killed process.
    fn alive(&self) -> bool {
        self.pid != std::process::id() && crate::stage::process_alive(self.pid)
    }
}

fn journals(dir: &Path, prefix: &str) -> Vec<Found> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<Found> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let rest = name.strip_prefix(prefix)?;
            let (pid, armed) = match (rest.strip_suffix(ARMED), rest.strip_suffix(WRITING)) {
                (Some(pid), _) => (pid, true),
                (None, Some(pid)) => (pid, false),
                (None, None) => return None,
            };
            Some(Found { path: entry.path(), pid: pid.parse().ok()?, armed })
        })
        .collect();
    found.sort_by_key(|f| (f.pid, f.armed));
    found
}

/// Refuses to start while a journal is armed: a running update, or a
/// killed one that [`recover`] has not rolled back yet.
fn refuse_pending(dir: &Path, prefix: &str) -> Result<(), JournalError> {
    match journals(dir, prefix).into_iter().find(|f| f.armed) {
        Some(found) if found.alive() => Err(JournalError::Busy { pid: found.pid, journal: found.path }),
        Some(found) => Err(JournalError::Pending { journal: found.path }),
        None => Ok(()),
    }
}

/// `journal.json`: how to undo the update, except the saved contents.
#[derive(Debug, Serialize, Deserialize)]
struct Record {
    schema: String,
    targets: Vec<TargetRecord>,
    /// The directories made to hold the journal (its directory, then its
    /// missing parents, innermost first), each by its inode number: a roll
    /// back removes each that is still that very directory and empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    made_dirs: Vec<u64>,
}

/// The undo information of one target. Paths inside are relative to it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct TargetRecord {
    /// Relative to the journal directory when inside it, else absolute.
    path: String,
    /// A file rather than a directory.
    file: bool,
    /// Whether the target existed.
    existed: bool,
    /// How many of the target's parent directories did not exist either
    /// (created with it, removed with it by a roll back).
    #[serde(default)]
    missing_parents: usize,
    /// Files that did not exist: removed by a roll back.
    created_files: Vec<String>,
    /// Directories that did not exist, parents first.
    created_dirs: Vec<String>,
    /// Directories removed, parents first, with their modes.
    removed_dirs: Vec<RemovedDir>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct RemovedDir {
    path: String,
    mode: u32,
}

/// A file or symbolic link as it was before the update.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Saved {
    File { bytes: std::sync::Arc<Vec<u8>>, mode: u32 },
    Link(PathBuf),
}

/// What was on disk at a path of a target directory.
enum Old {
    File {
        entry: FileEntry,
        mode: u32,
        shared: bool,
    },
    Link(PathBuf),
    /// A file the update keeps as the caller read it (not read again).
    KeptAsRead,
}

/// The previous contents of a target directory.
#[derive(Default)]
struct OldDir {
    existed: bool,
    items: BTreeMap<String, Old>,
    dirs: BTreeMap<String, u32>,
}

/// How a file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WriteKind {
    /// Nothing was there: a new file.
    Create,
    /// A file of `old_len` bytes is there (it was, or one the update
    /// deletes was moved there): overwritten in place, same inode, and cut
    /// to length only when the new bytes are shorter.
    InPlace { old_len: u64 },
    /// A file with other hard links was there: replaced by a new file so
    /// that the other names keep their bytes.
    Replace,
}

/// Everything one target needs: the undo record, the saved contents and
/// the changes.
struct Plan<'a> {
    root: PathBuf,
    record: TargetRecord,
    saved: Vec<(String, Saved)>,
    /// Files and links removed.
    deletes: Vec<String>,
    /// Files the update deletes, moved (`from`, `to`) to where it creates
    /// files, to be overwritten there: a new file costs an inode, which on
    /// some file systems (ext4 after many deletions) is the slowest thing
    /// there is, and a deleted file frees blocks (a discard per file on a
    /// disk mounted with `discard`).
    moves: Vec<(String, String)>,
    /// Files written, in path order.
    writes: Vec<(&'a str, &'a FileEntry, WriteKind)>,
    /// The new bytes of a file target.
    file: Option<&'a [u8]>,
}

impl Plan<'_> {
    fn changes(&self) -> usize {
        self.deletes.len()
            + self.moves.len()
            + self.writes.len()
            + self.record.created_dirs.len()
            + self.record.removed_dirs.len()
            + usize::from(self.file.is_some())
            + usize::from(!self.record.existed)
    }

    fn apply(&self, steps: &Steps<'_>) -> Result<(), JournalError> {
        let root = &self.root;
        if let Some(bytes) = self.file {
            let write = || -> io::Result<()> {
                let mut file = fs::OpenOptions::new().write(true).truncate(true).open(root)?;
                file.write_all(bytes)
            };
            steps.run(write).map_err(JournalError::io("write", root))?;
            return Ok(());
        }
        if !self.record.existed {
            let entries = self.writes.len() + self.record.created_dirs.len();
            steps.run(|| create_root(root, entries)).map_err(JournalError::io("create", root))?;
        }
        // The order matters where old and new disagree about a path: a
        // file where a directory is wanted goes first; a directory where a
        // file is wanted goes after the files moved out of it.
        for rel in &self.deletes {
            let path = root.join(rel);
            steps.run(|| fs::remove_file(&path)).map_err(JournalError::io("remove", &path))?;
        }
        // Creating files and directories is what a disk is slowest at (on
        // ext4 after many deletions each new inode costs a scan in the
        // kernel): spread over the cores. Directories go one depth at a
        // time, so that every parent exists first.
        for dirs in by_depth(&self.record.created_dirs) {
            first_error(map_files_ordered(&dirs, |dir| {
                let path = root.join(dir);
                steps.run(|| fs::create_dir(&path)).map_err(JournalError::io("create", &path))
            }))?;
        }
        for (from, to) in &self.moves {
            let (from, to) = (root.join(from), root.join(to));
            steps.run(|| fs::rename(&from, &to)).map_err(JournalError::io("move", &from))?;
        }
        for dir in self.record.removed_dirs.iter().rev() {
            let path = root.join(&dir.path);
            steps.run(|| fs::remove_dir(&path)).map_err(JournalError::io("remove", &path))?;
        }
        first_error(map_files_ordered(&self.writes, |(rel, entry, kind)| {
            let path = root.join(rel);
            steps.run(|| write_entry(&path, entry, *kind)).map_err(JournalError::io("write", &path))
        }))
    }
}

/// From how many new files and directories a new target directory is
/// placed apart on the disk ([`crate::place`]); a few cost little anywhere.
const PLACE_APART_MIN_ENTRIES: usize = 256;

/// Creates the missing target directory `root` (and its missing parents)
/// for an update that creates `entries` files and directories in it.
fn create_root(root: &Path, entries: usize) -> io::Result<()> {
    if entries >= PLACE_APART_MIN_ENTRIES {
        if let Some(parent) = root.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent)?;
        }
        if crate::place::create_dir_apart(root) {
            return Ok(());
        }
    }
    fs::create_dir_all(root)
}

/// The first failure of changes made in parallel (in path order), if any.
fn first_error(results: Vec<Result<(), JournalError>>) -> Result<(), JournalError> {
    results.into_iter().collect()
}

/// Directories grouped by depth, shallowest first: each group can be
/// created in any order once the groups before it are.
fn by_depth(dirs: &[String]) -> Vec<Vec<&str>> {
    let mut groups: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for dir in dirs {
        groups.entry(dir.matches('/').count()).or_default().push(dir);
    }
    groups.into_values().collect()
}

fn record_path(journal_dir: &Path, target: &Path) -> Result<String, JournalError> {
    let shown = target.strip_prefix(journal_dir).ok().filter(|p| !p.as_os_str().is_empty()).unwrap_or(target);
    shown.to_str().map(str::to_string).ok_or_else(|| JournalError::NonUtf8Target { path: target.to_path_buf() })
}

fn plan<'a>(journal_dir: &Path, target: &Path, next: Next<'a>) -> Result<Plan<'a>, JournalError> {
    let path = record_path(journal_dir, target)?;
    match next {
        Next::File(bytes) => plan_file(target, path, bytes),
        Next::Dir(tree, read) => {
            // What the caller read and the update keeps needs no second read.
            let kept_as_read =
                |rel: &str| read.and_then(|read| read.get(rel)).is_some_and(|was| tree.get(rel) == Some(was));
            let mut plan = plan_dir(target, path, &read_old_dir(target, kept_as_read)?, tree);
            if !plan.record.existed {
                plan.record.missing_parents =
                    target.ancestors().skip(1).take_while(|a| !a.as_os_str().is_empty() && !a.exists()).count();
            }
            Ok(plan)
        }
    }
}

fn plan_file<'a>(target: &Path, path: String, bytes: &'a [u8]) -> Result<Plan<'a>, JournalError> {
    let (old, mode) = read_with_mode(target).map_err(JournalError::io("read", target))?;
    let changed = old != bytes;
    Ok(Plan {
        root: target.to_path_buf(),
        record: TargetRecord { path, file: true, existed: true, ..TargetRecord::default() },
        saved: if changed { vec![(String::new(), Saved::File { bytes: old.into(), mode })] } else { Vec::new() },
        deletes: Vec::new(),
        moves: Vec::new(),
        writes: Vec::new(),
        file: changed.then_some(bytes),
    })
}

fn plan_dir<'a>(target: &Path, path: String, old: &OldDir, tree: &'a Tree) -> Plan<'a> {
    let mut record = TargetRecord { path, existed: old.existed, ..TargetRecord::default() };
    let wanted_dirs = parent_dirs(tree);
    let (mut saved, mut deletes, mut writes) = (Vec::new(), Vec::new(), Vec::new());
    for (rel, item) in &old.items {
        // A file kept as read is one `tree` holds (see `plan`): never gone.
        let gone = match (item, tree.get(rel)) {
            (Old::KeptAsRead, _) | (Old::File { .. }, Some(_)) => None,
            (Old::File { .. } | Old::Link(_), _) => saved_copy(item),
        };
        if let Some(copy) = gone {
            saved.push((rel.clone(), copy));
            deletes.push(rel.clone());
        }
    }
    for (rel, entry) in tree.iter() {
        let kind = match old.items.get(rel) {
            Some(Old::KeptAsRead) => continue,
            Some(item @ Old::File { entry: was, shared, .. }) => {
                // Same bytes and executable bit: what every tree comparison
                // looks at, so nothing to do.
                if was == entry {
                    continue;
                }
                saved.extend(saved_copy(item).map(|copy| (rel.to_string(), copy)));
                if *shared {
                    WriteKind::Replace
                } else {
                    WriteKind::InPlace { old_len: was.bytes.len() as u64 }
                }
            }
            _ => {
                record.created_files.push(rel.to_string());
                WriteKind::Create
            }
        };
        writes.push((rel, entry, kind));
    }
    record.created_dirs = wanted_dirs.iter().filter(|d| !old.dirs.contains_key(*d)).cloned().collect();
    record.removed_dirs = old
        .dirs
        .iter()
        .filter(|(d, _)| !wanted_dirs.contains(*d))
        .map(|(d, mode)| RemovedDir { path: d.clone(), mode: *mode })
        .collect();
    let moves = reuse_deleted_files(old, &wanted_dirs, &mut deletes, &mut writes);
    saved.sort_by(|a, b| a.0.cmp(&b.0));
    Plan { root: target.to_path_buf(), record, saved, deletes, moves, writes, file: None }
}

/// Pairs files the update deletes with files it creates (both in path
/// order) and turns each pair into a move plus an in-place write. A file
/// with other hard links is not reused, nor one whose path is a directory
/// the update creates (it must go before that directory is made), nor a
/// destination where a directory is (it goes only after the moves).
fn reuse_deleted_files(
    old: &OldDir,
    wanted_dirs: &BTreeSet<String>,
    deletes: &mut Vec<String>,
    writes: &mut [(&str, &FileEntry, WriteKind)],
) -> Vec<(String, String)> {
    let reusable = |rel: &String| match old.items.get(rel) {
        Some(Old::File { shared: false, entry, .. }) if !wanted_dirs.contains(rel) => Some(entry.bytes.len() as u64),
        _ => None,
    };
    let mut sources = Vec::new();
    deletes.retain(|rel| match reusable(rel) {
        Some(len) => {
            sources.push((rel.clone(), len));
            false
        }
        None => true,
    });
    let destinations =
        writes.iter_mut().filter(|(rel, _, kind)| *kind == WriteKind::Create && !old.dirs.contains_key(*rel));
    let mut moves = Vec::new();
    let mut unused = sources.into_iter();
    for ((to, _, kind), (from, old_len)) in destinations.zip(unused.by_ref()) {
        *kind = WriteKind::InPlace { old_len };
        moves.push((from, to.to_string()));
    }
    // Deleted files left over are deleted after all.
    deletes.extend(unused.map(|(from, _)| from));
    deletes.sort();
    moves
}

/// What the journal keeps of `item`; `None` for a file kept as read, which
/// the update never changes.
fn saved_copy(item: &Old) -> Option<Saved> {
    match item {
        Old::File { entry, mode, .. } => Some(Saved::File { bytes: entry.bytes.clone(), mode: *mode }),
        Old::Link(to) => Some(Saved::Link(to.clone())),
        Old::KeptAsRead => None,
    }
}

/// Every directory the files of `tree` need, parents before children
/// (a path sorts before every path it is a prefix of).
fn parent_dirs(tree: &Tree) -> BTreeSet<String> {
    let mut dirs = BTreeSet::new();
    for rel in tree.paths() {
        let mut end = rel.len();
        while let Some(slash) = rel[..end].rfind('/') {
            if !dirs.insert(rel[..slash].to_string()) {
                break;
            }
            end = slash;
        }
    }
    dirs
}

/// Reads a target directory: files (bytes, mode, whether other hard links
/// share them), symbolic links and directories. A regular file at a path
/// `kept_as_read` accepts is only listed ([`Old::KeptAsRead`]).
fn read_old_dir(root: &Path, kept_as_read: impl Fn(&str) -> bool) -> Result<OldDir, JournalError> {
    match fs::symlink_metadata(root) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(OldDir::default()),
        Err(e) => return Err(JournalError::Io { action: "read", path: root.to_path_buf(), source: e }),
        Ok(meta) if !meta.is_dir() => return Err(TreeError::NotAFile { path: root.to_path_buf() }.into()),
        Ok(_) => {}
    }
    let mut old = OldDir { existed: true, ..OldDir::default() };
    // Files are read after the walk, on every core.
    let mut files = Vec::new();
    crate::tree::walk(root, |met| -> Result<bool, JournalError> {
        // Refused now, before anything changes, rather than when the
        // journal is read back for a roll back.
        check_relative_path(met.rel)?;
        let (rel, path) = (met.rel.to_string(), met.path);
        // The type comes with the directory listing; only directories
        // need a stat (for their mode).
        if met.file_type.is_dir() {
            let meta = met.entry.metadata().map_err(JournalError::io("read", path))?;
            old.dirs.insert(rel, mode_of(&meta));
            return Ok(true);
        }
        if met.file_type.is_file() && kept_as_read(&rel) {
            old.items.insert(rel, Old::KeptAsRead);
        } else if met.file_type.is_file() {
            files.push((rel, path.to_path_buf()));
        } else if met.file_type.is_symlink() {
            let to = fs::read_link(path).map_err(JournalError::io("read", path))?;
            old.items.insert(rel, Old::Link(to));
        } else {
            return Err(TreeError::NotAFile { path: path.to_path_buf() }.into());
        }
        Ok(false)
    })?;
    let read = map_files_ordered(&files, |(_, path)| read_with_metadata(path).map_err(JournalError::io("read", path)));
    for ((rel, _), read) in files.into_iter().zip(read) {
        let (bytes, meta) = read?;
        let mode = mode_of(&meta);
        let entry = FileEntry::with_mode(bytes, mode & 0o111 != 0);
        old.items.insert(rel, Old::File { entry, mode, shared: link_count(&meta) > 1 });
    }
    Ok(old)
}

fn read_with_mode(path: &Path) -> io::Result<(Vec<u8>, u32)> {
    read_with_metadata(path).map(|(bytes, meta)| (bytes, mode_of(&meta)))
}

#[cfg(unix)]
fn mode_of(meta: &fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn mode_of(meta: &fs::Metadata) -> u32 {
    if meta.is_dir() {
        0o755
    } else {
        0o644
    }
}

#[cfg(unix)]
fn link_count(meta: &fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn link_count(_meta: &fs::Metadata) -> u64 {
    1
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> io::Result<()> {
    // No modes outside Unix.
    Ok(())
}

/// Writes a file of a target directory with mode 0644/0755.
fn write_entry(path: &Path, entry: &FileEntry, kind: WriteKind) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true);
    if kind == WriteKind::Replace {
        fs::remove_file(path)?;
    }
    if matches!(kind, WriteKind::Create | WriteKind::Replace) {
        options.create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, entry.mode());
    }
    let mut file = options.open(path)?;
    file.write_all(&entry.bytes)?;
    // Not truncated first: freeing blocks and allocating them again costs
    // far more than overwriting them.
    let new_len = entry.bytes.len() as u64;
    if matches!(kind, WriteKind::InPlace { old_len } if old_len > new_len) {
        file.set_len(new_len)?;
    }
    // One fstat, no allocation: only a umask or an old mode that differs
    // (set-id and sticky bits included) costs a chmod.
    if cfg!(unix) && mode_of(&file.metadata()?) != entry.mode() {
        set_mode(path, entry.mode())?;
    }
    Ok(())
}

fn journal_path(dir: &Path, prefix: &str, suffix: &str) -> PathBuf {
    dir.join(format!("{prefix}{}{suffix}", std::process::id()))
}

/// Writes the journal of `plans`, synced, and arms it with a rename.
fn write_journal(dir: &Path, prefix: &str, plans: &[Plan<'_>], made_dirs: &[u64]) -> Result<PathBuf, JournalError> {
    let writing = journal_path(dir, prefix, WRITING);
    let armed = journal_path(dir, prefix, ARMED);
    let written = write_tar(&writing, plans, made_dirs).and_then(|()| fs::rename(&writing, &armed));
    if let Err(source) = written {
        let _ = fs::remove_file(&writing);
        return Err(JournalError::Io { action: "write the journal", path: writing, source });
    }
    Ok(armed)
}

/// The write buffer of a journal: the saved bytes go to disk in pieces of
/// this size.
const JOURNAL_BUFFER: usize = 1 << 20;

fn write_tar(path: &Path, plans: &[Plan<'_>], made_dirs: &[u64]) -> io::Result<()> {
    let file = fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    // tar copies each file's bytes in 8 KiB pieces: a buffer that size made
    // one `write` per piece (about 200 for a merge of this project's layer).
    let mut tar = tar::Builder::new(BufWriter::with_capacity(JOURNAL_BUFFER, file));
    let record = Record {
        schema: SCHEMA.to_string(),
        targets: plans.iter().map(|p| p.record.clone()).collect(),
        made_dirs: made_dirs.to_vec(),
    };
    let json = serde_json::to_vec_pretty(&record).map_err(io::Error::other)?;
    append_file(&mut tar, RECORD_ENTRY, &json, 0o644)?;
    for (index, plan) in plans.iter().enumerate() {
        for (rel, saved) in &plan.saved {
            let name = if rel.is_empty() { index.to_string() } else { format!("{index}/{rel}") };
            match saved {
                Saved::File { bytes, mode } => append_file(&mut tar, &name, bytes, *mode)?,
                Saved::Link(to) => {
                    let mut header = tar::Header::new_gnu();
                    header.set_entry_type(tar::EntryType::Symlink);
                    header.set_size(0);
                    header.set_mode(0o777);
                    tar.append_link(&mut header, &name, to)?;
                }
            }
        }
    }
    let file = tar.into_inner()?.into_inner().map_err(io::IntoInnerError::into_error)?;
    // Synced before anything changes: after a crash of the machine the
    // journal is there whenever a change might be.
    file.sync_all()
}

fn append_file<W: Write>(tar: &mut tar::Builder<W>, name: &str, bytes: &[u8], mode: u32) -> io::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(mode);
    header.set_entry_type(tar::EntryType::Regular);
    tar.append_data(&mut header, name, bytes)
}

/// Reads a journal: the record and the saved contents per target.
fn read_journal(journal: &Path) -> Result<(Record, Vec<BTreeMap<String, Saved>>), JournalError> {
    // A FIFO or device planted under a journal's name would block the read.
    if !fs::symlink_metadata(journal).map_err(JournalError::io("read", journal))?.is_file() {
        return Err(JournalError::damaged(journal, "it is not a regular file"));
    }
    let file = fs::File::open(journal).map_err(JournalError::io("read", journal))?;
    let mut archive = tar::Archive::new(io::BufReader::new(file));
    let mut record: Option<Record> = None;
    let mut saved: Vec<BTreeMap<String, Saved>> = Vec::new();
    for entry in archive.entries().map_err(|e| JournalError::damaged(journal, e))? {
        let mut entry = entry.map_err(|e| JournalError::damaged(journal, e))?;
        let name = entry.path().map_err(|e| JournalError::damaged(journal, e))?.to_string_lossy().into_owned();
        let Some(known) = &record else {
            if name != RECORD_ENTRY {
                return Err(JournalError::damaged(journal, format!("starts with `{name}`, not `{RECORD_ENTRY}`")));
            }
            let parsed: Record = serde_json::from_reader(&mut entry).map_err(|e| JournalError::damaged(journal, e))?;
            if parsed.schema != SCHEMA {
                return Err(JournalError::damaged(journal, format!("unknown schema `{}`", parsed.schema)));
            }
            saved = parsed.targets.iter().map(|_| BTreeMap::new()).collect();
            record = Some(parsed);
            continue;
        };
        let (index, rel) = name.split_once('/').unwrap_or((&name, ""));
        let slot = index.parse::<usize>().ok().filter(|i| *i < known.targets.len());
        let Some(slot) = slot else {
            return Err(JournalError::damaged(journal, format!("entry `{name}` names no target")));
        };
        if !rel.is_empty() {
            check_relative_path(rel).map_err(|e| JournalError::damaged(journal, e))?;
        }
        let item = if entry.header().entry_type().is_symlink() {
            let to = entry.link_name().map_err(|e| JournalError::damaged(journal, e))?;
            Saved::Link(to.map(|t| t.into_owned()).unwrap_or_default())
        } else {
            let mode = entry.header().mode().map_err(|e| JournalError::damaged(journal, e))?;
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).map_err(|e| JournalError::damaged(journal, e))?;
            Saved::File { bytes: bytes.into(), mode }
        };
        saved[slot].insert(rel.to_string(), item);
    }
    let record = record.ok_or_else(|| JournalError::damaged(journal, "it is empty"))?;
    for target in &record.targets {
        let paths =
            target.created_files.iter().chain(&target.created_dirs).chain(target.removed_dirs.iter().map(|d| &d.path));
        for rel in paths {
            check_relative_path(rel).map_err(|e| JournalError::damaged(journal, e))?;
        }
    }
    Ok((record, saved))
}

/// Puts back everything the journal recorded, then removes it. `scope`
/// is where a journal found on disk may make changes (`None` for the
/// journal this very process just wrote).
fn roll_back_journal(
    journal: &Path,
    journal_dir: &Path,
    scope: Option<&Scope>,
    steps: &Steps<'_>,
) -> Result<Record, JournalError> {
    let (record, saved) = read_journal(journal)?;
    for (target, saved) in record.targets.iter().zip(&saved) {
        check_target(journal_dir, target, saved, scope).map_err(|reason| JournalError::damaged(journal, reason))?;
    }
    for (target, saved) in record.targets.iter().zip(&saved) {
        roll_back_target(&journal_dir.join(&target.path), target, saved, steps)?;
    }
    fs::remove_file(journal).map_err(JournalError::io("remove the journal", journal))?;
    remove_made_dirs(journal_dir, &record.made_dirs);
    Ok(record)
}

/// Creates `dir` and its missing parents (outermost first) and returns
/// their inode numbers, innermost first, for [`remove_made_dirs`]. One
/// that another process creates meanwhile is not counted as made.
fn make_missing_dirs(dir: &Path) -> Result<Vec<u64>, JournalError> {
    let missing: Vec<&Path> =
        dir.ancestors().take_while(|a| !a.as_os_str().is_empty() && fs::symlink_metadata(a).is_err()).collect();
    let mut made = Vec::new();
    for &path in missing.iter().rev() {
        let identity = match fs::create_dir(path) {
            Ok(()) => fs::symlink_metadata(path).map(|meta| dir_identity(&meta)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(e),
        };
        match identity {
            Ok(Some(ino)) => made.push((path, ino)),
            Ok(None) => made.clear(),
            Err(source) => {
                let made: Vec<u64> = made.iter().rev().map(|(_, ino)| *ino).collect();
                remove_made_dirs(path.parent().unwrap_or(path), &made);
                return Err(JournalError::Io { action: "create", path: path.to_path_buf(), source });
            }
        }
    }
    // Only an unbroken chain ending at `dir` is recorded: the roll back
    // walks up from `dir`.
    if made.last().is_some_and(|(path, _)| *path == dir) {
        Ok(made.iter().rev().map(|(_, ino)| *ino).collect())
    } else {
        Ok(Vec::new())
    }
}

/// Removes, innermost first, the directories [`make_missing_dirs`] made
/// for a journal in `journal_dir`; it stops at the first that is not the
/// recorded directory any more or not empty. A leftover empty directory
/// is harmless, so a failure here is not an error.
fn remove_made_dirs(journal_dir: &Path, made: &[u64]) {
    for (dir, ino) in journal_dir.ancestors().zip(made) {
        let same = fs::symlink_metadata(dir).is_ok_and(|meta| meta.is_dir() && dir_identity(&meta) == Some(*ino));
        if !same || fs::remove_dir(dir).is_err() {
            return;
        }
    }
}

/// The inode number of a directory, what tells the one made by an update
/// from another made later at the same path.
#[cfg(unix)]
fn dir_identity(meta: &fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    Some(meta.ino())
}

#[cfg(not(unix))]
fn dir_identity(_meta: &fs::Metadata) -> Option<u64> {
    None
}

/// Checks, before anything is touched, that rolling `target` back stays
/// where forklayer writes: the target is inside `scope`, no path goes
/// through a symbolic link (on disk or one the roll back recreates), and
/// every recreated link points inside the target, as a link of a package
/// the merge replaced could.
fn check_target(
    journal_dir: &Path,
    target: &TargetRecord,
    saved: &BTreeMap<String, Saved>,
    scope: Option<&Scope>,
) -> Result<(), String> {
    let path = Path::new(&target.path);
    if path.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
        return Err(format!("target `{}` has a `..` component", target.path));
    }
    let root = journal_dir.join(path);
    if scope.is_some_and(|scope| !scope.contains(&root)) {
        return Err(format!("target `{}` is not a directory or file forklayer manages here", target.path));
    }
    if target.file {
        return match saved.keys().find(|rel| !rel.is_empty()) {
            Some(rel) => Err(format!("file target `{}` has an entry `{rel}`", target.path)),
            None => Ok(()),
        };
    }
    let links: BTreeSet<&str> =
        saved.iter().filter(|(_, item)| matches!(item, Saved::Link(_))).map(|(rel, _)| rel.as_str()).collect();
    // Restored after the created paths are gone: a link restored first
    // must not have a restored path below it (before the update, a link
    // had nothing below it).
    let restored = target.removed_dirs.iter().map(|d| &d.path).chain(saved.keys());
    for rel in restored.clone() {
        if let Some(link) = proper_prefixes(rel).find(|prefix| links.contains(prefix)) {
            return Err(format!("`{rel}` would be written through the symbolic link `{link}` it restores"));
        }
    }
    for rel in target.created_files.iter().chain(&target.created_dirs).chain(restored) {
        if rel.is_empty() {
            return Err(format!("directory target `{}` has an unnamed entry", target.path));
        }
        symlink_free(&root, rel).map_err(|e| e.to_string())?;
    }
    for (rel, item) in saved {
        if let Saved::Link(to) = item {
            if !link_stays_inside(rel, to) {
                return Err(format!(
                    "the symbolic link `{rel}` would point outside its directory (`{}`)",
                    to.display()
                ));
            }
        }
    }
    Ok(())
}

/// `a`, `a/b` for `a/b/c`.
fn proper_prefixes(rel: &str) -> impl Iterator<Item = &str> {
    rel.match_indices('/').map(move |(at, _)| &rel[..at])
}

/// Refuses a path of `root` whose existing parents include a symbolic
/// link: writing or removing through it could reach anywhere.
fn symlink_free(root: &Path, rel: &str) -> io::Result<()> {
    for prefix in proper_prefixes(rel) {
        match fs::symlink_metadata(root.join(prefix)) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(io::Error::other(format!(
                    "`{}` goes through the symbolic link `{}`; refusing to write through it",
                    root.join(rel).display(),
                    root.join(prefix).display()
                )));
            }
            Ok(_) => {}
            Err(_) => return Ok(()),
        }
    }
    Ok(())
}

/// Whether link `rel` → `to`, resolved from `rel`'s directory, stays inside
/// the target without going above it.
fn link_stays_inside(rel: &str, to: &Path) -> bool {
    let mut depth = rel.matches('/').count();
    for component in to.components() {
        match component {
            std::path::Component::Normal(_) => depth += 1,
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => match depth.checked_sub(1) {
                Some(up) => depth = up,
                None => return false,
            },
            std::path::Component::RootDir | std::path::Component::Prefix(_) => return false,
        }
    }
    !to.as_os_str().is_empty()
}

/// Undoes the changes of one target, whichever of them were made. Every
/// step tolerates having been done already.
fn roll_back_target(
    root: &Path,
    target: &TargetRecord,
    saved: &BTreeMap<String, Saved>,
    steps: &Steps<'_>,
) -> Result<(), JournalError> {
    if target.file {
        if let Some(item) = saved.get("") {
            steps.run(|| restore_item(root, item)).map_err(JournalError::io("restore", root))?;
        }
        return Ok(());
    }
    // A path the update had not reached yet still holds what was there
    // before (a directory where a file was to be created, a file where a
    // directory was): that is left for the steps below.
    for rel in &target.created_files {
        let path = root.join(rel);
        let remove = || match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => Ok(()),
            _ => symlink_free(root, rel).and_then(|()| fs::remove_file(&path)),
        };
        ignore_missing(steps.run(remove)).map_err(JournalError::io("remove", &path))?;
    }
    for dir in target.created_dirs.iter().rev() {
        let path = root.join(dir);
        let remove = || match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() => symlink_free(root, dir).and_then(|()| fs::remove_dir(&path)),
            _ => Ok(()),
        };
        ignore_missing(steps.run(remove)).map_err(JournalError::io("remove", &path))?;
    }
    for dir in &target.removed_dirs {
        let path = root.join(&dir.path);
        let restore = || -> io::Result<()> {
            symlink_free(root, &dir.path)?;
            match fs::create_dir(&path) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                other => other?,
            }
            set_mode(&path, dir.mode & PLAIN_MODE_BITS)
        };
        steps.run(restore).map_err(JournalError::io("restore", &path))?;
    }
    for (rel, item) in saved {
        let path = root.join(rel);
        let restore = || symlink_free(root, rel).and_then(|()| restore_item(&path, item));
        steps.run(restore).map_err(JournalError::io("restore", &path))?;
    }
    if !target.existed {
        // A run killed while it placed the new directory apart left the
        // holder of that step beside it.
        crate::stage::remove_stale_holders(root);
        for dir in root.ancestors().take(target.missing_parents + 1) {
            ignore_missing(steps.run(|| fs::remove_dir(dir))).map_err(JournalError::io("remove", dir))?;
        }
    }
    Ok(())
}

/// Puts back a saved file or link. A file the update had not reached yet
/// is left alone: a roll back touches only what the update changed (and
/// does not fail on a file it could never write, e.g. an immutable one).
fn restore_item(path: &Path, item: &Saved) -> io::Result<()> {
    match item {
        Saved::File { bytes, mode } => {
            // Set-id and sticky bits never come from a journal: it is a
            // file anyone could have planted.
            let mode = mode & PLAIN_MODE_BITS;
            match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => fs::remove_file(path)?,
                // Untouched by the update: left exactly as it is.
                Ok(meta)
                    if meta.is_file() && mode_of(&meta) & PLAIN_MODE_BITS == mode && fs::read(path)? == **bytes =>
                {
                    return Ok(())
                }
                // Another name of the same file keeps its bytes.
                Ok(meta) if meta.is_file() && link_count(&meta) > 1 => fs::remove_file(path)?,
                _ => {}
            }
            fs::write(path, bytes.as_slice())?;
            set_mode(path, mode)
        }
        Saved::Link(to) => {
            ignore_missing(fs::remove_file(path))?;
            make_symlink(to, path)
        }
    }
}

#[cfg(unix)]
fn make_symlink(to: &Path, path: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(to, path)
}

#[cfg(not(unix))]
fn make_symlink(_to: &Path, path: &Path) -> io::Result<()> {
    Err(io::Error::new(io::ErrorKind::Unsupported, format!("cannot recreate the symbolic link `{}`", path.display())))
}

/// A path that is not there, or cannot be (its parent is a file, or its
/// name is longer than the file system holds), is already as a removal
/// wants it: a roll back never fails on a path that was never created.
fn ignore_missing(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if is_missing(&e) => Ok(()),
        other => other,
    }
}

fn is_missing(e: &io::Error) -> bool {
    matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory | io::ErrorKind::InvalidFilename)
}

#[cfg(test)]
mod tests;
