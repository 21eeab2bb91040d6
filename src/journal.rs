//! Journaled updates: several directories and files replaced together,
//! all or nothing, writing only what changes. This is the one way
//! forklayer writes: `snapshot`, `gen-patches`, `merge` (and its
//! `--continue`/`--abort`), `adopt`, `rebuild --out` and `release` all
//! make their changes as one [`Update`].
//!
//! Only files whose bytes or mode change are written, in place; files that
//! stay are not touched, and nothing is copied. Before the first change,
//! everything needed to undo the update is written to a journal: the
//! previous bytes and mode of every file it overwrites or deletes, the
//! symbolic links and directories it removes, the files and directories it
//! creates. The journal is a plain tar archive ([`record`]: `journal.json`
//! first, then the saved files under `<target index>/<path>`), written as
//! `.forklayer-journal-<pid>.tmp` in the journal directory (the project
//! root), synced and renamed to `.forklayer-journal-<pid>.tar`. Then the
//! changes are made ([`plan`]); removing the journal commits them.
//!
//! One recovery rule: a failure rolls back from the journal at once
//! ([`rollback`]); a run killed midway leaves the journal, and the next
//! forklayer command rolls it back ([`recover`]) before it reads anything.
//! Rolling back is idempotent, so a roll back that is itself killed is
//! simply done again, and a path it cannot find (or that cannot exist) is
//! already as it wants it. Every path is checked against the limits of its
//! file system before anything is written ([`crate::names`]).

mod error;
mod plan;
mod record;
mod recover;
mod rollback;

use std::convert::Infallible;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

pub use error::JournalError;
pub use recover::{
    any_journal, armed_journals, file_before, output_journals, process_alive, recover, recover_beside, FileBefore,
    OutputJournal, Recovered,
};
pub use rollback::Scope;

use crate::names::{NameError, NameLimits};
use crate::tree::{refuse_links_below, Tree, TreeError};
use error::resume_help;
use plan::{plan, Plan};
use record::{journals, make_missing_dirs, remove_made_dirs, write_journal};
use recover::beside_place;
use rollback::roll_back_journal;

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

/// What a target becomes.
#[derive(Clone, Copy, Debug)]
enum Next<'a> {
    /// A directory holding exactly these files; the second tree, when
    /// given, is what the caller read from it ([`Update::replace_read_dir`]).
    Dir(&'a Tree, Option<&'a Tree>),
    /// A file with these bytes (its mode is kept; a new file is 0644).
    File(&'a [u8]),
}

/// A set of directories and files replaced together.
#[derive(Debug)]
pub struct Update<'a> {
    journal_dir: PathBuf,
    /// File-name prefix of this kind of journal ([`PREFIX`] for the project).
    prefix: String,
    /// Below this directory (the project, or the output named on the
    /// command line) no path of a target may go through a symbolic link:
    /// see [`Update::refuse_links`].
    no_links_below: PathBuf,
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

    /// Makes one change to `path` (`action` names it in the error), or
    /// fails it the way the test asks: an injected error stands in for the
    /// change's own result.
    fn run<'p>(
        &self,
        action: &'static str,
        path: &'p Path,
        change: impl FnOnce(&'p Path) -> io::Result<()>,
    ) -> Result<(), JournalError> {
        self.next().and_then(|()| change(path)).map_err(JournalError::io(action, path))
    }

    /// [`Steps::run`] for a removal a roll back makes: a path that is not
    /// there is already removed, whether the system or the test says so
    /// ([`rollback::ignore_missing`]).
    fn remove<'p>(&self, path: &'p Path, removal: impl FnOnce(&'p Path) -> io::Result<()>) -> Result<(), JournalError> {
        rollback::ignore_missing(self.next().and_then(|()| removal(path))).map_err(JournalError::io("remove", path))
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
            no_links_below: journal_dir.to_path_buf(),
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
        let no_links_below = target.to_path_buf();
        Ok(Update { prefix, no_links_below, make_journal_dir: true, ..Update::new(&journal_dir) })
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

    /// Makes file `target` hold `bytes`, keeping its mode. A missing file
    /// is created (0644, with its missing parent directories), and a roll
    /// back removes it again.
    pub fn replace_file(&mut self, target: &Path, bytes: &'a [u8]) {
        self.targets.push((target.to_path_buf(), Next::File(bytes)));
    }

    /// Makes every change, or none. Returns the number of changes made
    /// (files written or deleted, directories created or removed; 0 when
    /// everything already is as wanted, and then no journal is written).
    pub fn apply(&self) -> Result<usize, JournalError> {
        self.apply_with(&no_fault)
    }

    /// [`Update::apply`], then `verify` before the update is committed: when
    /// it finds the result wrong, the update is rolled back from its journal
    /// (the same roll back a failure gets) and its error is returned inside.
    pub fn apply_verified<E>(&self, verify: impl FnOnce() -> Result<(), E>) -> Result<Result<usize, E>, JournalError> {
        self.apply_inner(&no_fault, verify)
    }

    fn apply_with(&self, fault: FaultPlan<'_>) -> Result<usize, JournalError> {
        let Ok(made) = self.apply_inner(fault, || Ok::<(), Infallible>(()))?;
        Ok(made)
    }

    /// Plans, journals and makes the changes; `verify`, once they are made,
    /// says whether to commit them (an error rolls them back).
    fn apply_inner<E>(
        &self,
        fault: FaultPlan<'_>,
        verify: impl FnOnce() -> Result<(), E>,
    ) -> Result<Result<usize, E>, JournalError> {
        refuse_pending(&self.journal_dir, &self.prefix)?;
        self.check_names().map_err(|e| JournalError::Name(Box::new(e)))?;
        self.refuse_links()?;
        let made_dirs = if self.make_journal_dir { make_missing_dirs(&self.journal_dir)? } else { Vec::new() };
        // Until the journal is written, what was made for it is removed by
        // hand; afterwards by the journal's roll back.
        let journaled = (|| {
            let plans = self.targets.par_iter().map(|(path, next)| plan(&self.journal_dir, path, *next));
            let plans = plans.collect::<Result<Vec<Plan<'a>>, _>>()?;
            let changes: usize = plans.iter().map(Plan::changes).sum();
            if changes == 0 {
                return Ok(None);
            }
            if self.cancel.is_some_and(|flag| flag.load(Ordering::SeqCst)) {
                return Err(JournalError::Interrupted);
            }
            let entries: Vec<_> = plans.iter().map(|p| (&p.record, p.saved.as_slice())).collect();
            let journal = write_journal(&self.journal_dir, &self.prefix, &entries, &made_dirs)?;
            Ok(Some((plans, changes, journal)))
        })();
        let Ok(Some((plans, changes, journal))) = journaled else {
            remove_made_dirs(&self.journal_dir, &made_dirs);
            return journaled.map(|_| Ok(0));
        };
        let steps = Steps::new(fault);
        let failure = plans.iter().try_for_each(|plan| plan.apply(&steps)).err();
        if failure.as_ref().is_some_and(|_| steps.crashed()) {
            return Err(failure.unwrap_or(JournalError::Interrupted));
        }
        let refused = if failure.is_none() { verify().err() } else { None };
        if failure.is_some() || refused.is_some() {
            let rolled_back = roll_back_journal(&journal, &self.journal_dir, None, None, &steps);
            return match (failure, rolled_back) {
                (Some(failure), Ok(_)) => Err(JournalError::RolledBack(Box::new(failure))),
                (None, Ok(_)) => Ok(refused.map_or(Ok(0), Err)),
                (failure, Err(source)) => {
                    let targets: Vec<String> = plans.iter().map(|p| p.record.path.clone()).collect();
                    let help = resume_help(&self.journal_dir, &self.prefix, &journal, &targets);
                    let failure = failure.map_or_else(|| "its result was refused".to_string(), |f| f.to_string());
                    Err(JournalError::RollbackFailed { failure, journal, help, source: Box::new(source) })
                }
            };
        }
        // Removing the journal commits the update; the fault hook counts it
        // as a step so that tests can make it fail.
        steps
            .next()
            .and_then(|()| fs::remove_file(&journal))
            .map_err(|source| JournalError::CommitFailed { journal, source })?;
        Ok(Ok(changes))
    }

    /// Refuses, before anything is written, every path of the update that
    /// the file system it goes to cannot hold: a failure halfway would
    /// leave files written, and their roll back would meet the same name.
    fn check_names(&self) -> Result<(), NameError> {
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

impl Update<'_> {
    /// Refuses, before anything is written, a target that is a symbolic
    /// link or lies below one, from the project root (or the output named
    /// on the command line) down: a link a cloned repository planted as
    /// `forklayer.toml` or a pinned file, or in an output directory, would
    /// have the update write outside. A path given as it is (the output
    /// itself, a managed path `--allow-outside-root` accepted outside the
    /// project) is followed as the user named it.
    fn refuse_links(&self) -> Result<(), TreeError> {
        for (target, _) in &self.targets {
            let Ok(rel) = target.strip_prefix(&self.no_links_below) else { continue };
            let parts: Option<Vec<&str>> = rel.components().map(|part| part.as_os_str().to_str()).collect();
            match parts {
                Some(parts) if !parts.is_empty() => refuse_links_below(&self.no_links_below, &parts.join("/"))?,
                _ => {}
            }
        }
        Ok(())
    }
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

#[cfg(test)]
mod tests;
