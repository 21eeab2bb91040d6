//! Why an update or a roll back failed, and what to tell the user.

use std::io;
use std::path::{Path, PathBuf};

use super::PREFIX;
use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::names::NameError;
use crate::tree::TreeError;

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
    /// An output with no directory above it to hold its journal (`/`).
    #[error("`{}` has no directory above it to keep the undo journal of its update in", .path.display())]
    NoParent {
        /// The output.
        path: PathBuf,
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
        /// How to finish the roll back ([`resume_help`]).
        help: String,
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
        /// How to finish the roll back ([`resume_help`]).
        help: String,
        /// Why rolling back failed.
        #[source]
        source: Box<JournalError>,
    },
}

/// What finishes a roll back that failed, for a journal of `journal_dir`
/// written under `prefix` that puts `targets` back (as recorded: relative
/// to `journal_dir` or absolute): the command to run once its cause is
/// fixed, and how to give the roll back up instead.
pub(super) fn resume_help(journal_dir: &Path, prefix: &str, journal: &Path, targets: &[String]) -> String {
    let shown = |path: &Path| shell_word(&path.display().to_string());
    let (dir, journal) = (shown(journal_dir), shown(journal));
    let (command, give_up) = match prefix.strip_prefix(PREFIX).and_then(|rest| rest.strip_prefix("out-")) {
        Some(name) => {
            let out = shown(&journal_dir.join(name.strip_suffix('-').unwrap_or(name)));
            let give_up = format!("delete the output and the journal (`rm -r {out} {journal}`)");
            (redo_output(&out), give_up)
        }
        None => {
            // `git checkout` restores nothing when one path is unknown to
            // git (the merge's `.forklayer-merge`, never tracked): those are
            // named apart.
            let (tracked, untracked): (Vec<&String>, Vec<&String>) =
                targets.iter().partition(|t| tracked_by_git(&journal_dir.join(t)));
            let words = |paths: Vec<&String>| paths.iter().map(|t| shell_word(t)).collect::<Vec<_>>().join(" ");
            let mut give_up = String::new();
            if !tracked.is_empty() {
                let tracked = words(tracked);
                give_up.push_str(&format!("restore those files from git (`git -C {dir} checkout -- {tracked}`), "));
            }
            if !untracked.is_empty() {
                give_up.push_str(&format!(
                    "put back by hand what git does not track ({}; `tar -tvf {journal}` lists what the journal saved of them), ",
                    words(untracked)
                ));
            }
            give_up.push_str(&format!("and delete the journal (`rm {journal}`)"));
            (format!("`forklayer -C {dir} check`"), give_up)
        }
    };
    format!(
        "fix the cause above (permissions, free space, a read-only disk), then run {command}: it finishes the roll \
         back before it reads anything; to give the roll back up instead, {give_up}"
    )
}

/// The commands that roll back an update of output `out` (shell-quoted)
/// left by a killed or failed run: the next one writing that output.
fn redo_output(out: &str) -> String {
    format!(
        "the command that wrote `{out}` again (`forklayer rebuild --out {out}`, `forklayer release --out {out}` \
         or `forklayer sbom --out {out}`, whichever it was)"
    )
}

/// The output an output journal (`.forklayer-journal-out-<name>-<pid>.tar`)
/// updates, beside it.
fn output_of_journal(journal: &Path) -> Option<PathBuf> {
    let name = journal.file_name()?.to_str()?.strip_prefix(PREFIX)?.strip_prefix("out-")?;
    let (name, _pid) = name.rsplit_once('-')?;
    Some(journal.with_file_name(name))
}

/// Whether git tracks the file `path`, or, for a directory, a file below
/// it (in the index of the repository around it).
pub(super) fn tracked_by_git(path: &Path) -> bool {
    let Ok(repo) = git2::Repository::discover(path.parent().unwrap_or(path)) else { return false };
    let (Some(workdir), Ok(index)) = (repo.workdir(), repo.index()) else { return false };
    let (Ok(workdir), Ok(path)) = (workdir.canonicalize(), path.canonicalize()) else { return false };
    let Ok(rel) = path.strip_prefix(&workdir) else { return false };
    let rel = rel.to_string_lossy().replace('\\', "/");
    index.iter().any(|entry| {
        let entry = String::from_utf8_lossy(&entry.path);
        rel.is_empty() || entry == rel || entry.strip_prefix(rel.as_str()).is_some_and(|rest| rest.starts_with('/'))
    })
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
    pub(super) fn io<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> JournalError + 'a {
        move |source| JournalError::Io { action, path: path.to_path_buf(), source }
    }

    pub(super) fn damaged(journal: &Path, reason: impl ToString) -> JournalError {
        JournalError::Damaged { journal: journal.to_path_buf(), reason: reason.to_string() }
    }
}

impl Diagnostic for JournalError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Integrity, Usage};
        match self {
            JournalError::Busy { .. } => Own(Usage, "busy"),
            JournalError::Interrupted => Own(Usage, "interrupted"),
            JournalError::Pending { .. } => Own(Usage, "journal_pending"),
            JournalError::Damaged { .. } => Own(Integrity, "journal_damaged"),
            JournalError::RollbackFailed { .. } | JournalError::RecoveryFailed { .. } => {
                Own(Integrity, "rollback_failed")
            }
            JournalError::CommitFailed { .. } => Own(Integrity, "commit_failed"),
            JournalError::NonUtf8Target { .. } => Own(Usage, "non_utf8_name"),
            JournalError::NoParent { .. } => Own(Usage, "unsafe_target"),
            JournalError::Tree(e) => Wraps(e),
            JournalError::Name(e) => Wraps(e.as_ref()),
            JournalError::RolledBack(inner) => Wraps(inner.as_ref()),
            JournalError::Io { .. } => Own(Integrity, "io"),
        }
    }

    fn own_help(&self) -> Option<String> {
        Some(match self {
            JournalError::Busy { .. } => "wait for it to finish; if no such process is running, run again".into(),
            JournalError::Interrupted => "run the command again".into(),
            JournalError::Pending { .. } => {
                "run any forklayer command (e.g. `forklayer check`): it rolls the interrupted update back first".into()
            }
            JournalError::Damaged { .. } => {
                "restore the project from git (e.g. `git checkout -- upstream profile/forks patches forklayer.toml`), \
                 then delete the journal; `tar tvf` lists what it saved"
                    .into()
            }
            JournalError::RollbackFailed { help, .. } | JournalError::RecoveryFailed { help, .. } => help.clone(),
            JournalError::NonUtf8Target { .. } => "rename the directory to a UTF-8 name".into(),
            JournalError::NoParent { .. } => "pass a directory below it, e.g. `/tmp/release`".into(),
            JournalError::CommitFailed { journal, .. } => {
                let undo = match output_of_journal(journal) {
                    Some(out) => format!("run {}", redo_output(&shell_word(&out.display().to_string()))),
                    None => "run any forklayer command".to_string(),
                };
                format!(
                    "to keep the update, delete the journal by hand (`rm {}`) once the disk works again; \
                     to undo it, {undo}",
                    journal.display()
                )
            }
            JournalError::Io { .. } => "check the permissions and free disk space, then run the command again".into(),
            JournalError::Tree(_) | JournalError::Name(_) | JournalError::RolledBack(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{resume_help, JournalError, PREFIX};
    use crate::error::Diagnostic;

    #[test]
    fn giving_up_a_roll_back_restores_from_git_only_what_git_tracks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = git2::Repository::init(dir.path()).expect("git init");
        std::fs::create_dir_all(dir.path().join("patches")).expect("mkdir");
        std::fs::write(dir.path().join("patches/a.json"), "{}").expect("write");
        std::fs::create_dir_all(dir.path().join(".forklayer-merge")).expect("mkdir");
        let mut index = repo.index().expect("index");
        index.add_path(Path::new("patches/a.json")).expect("add");
        index.write().expect("write index");
        let journal = dir.path().join(format!("{PREFIX}7.tar"));
        let targets = ["patches".to_string(), ".forklayer-merge".to_string()];
        let help = resume_help(dir.path(), PREFIX, &journal, &targets);
        assert!(help.contains("checkout -- patches`"), "{help}");
        assert!(help.contains("git does not track (.forklayer-merge;"), "{help}");
        assert!(help.contains(&format!("forklayer -C {} check", dir.path().display())), "{help}");
    }

    #[test]
    fn an_output_whose_commit_failed_is_undone_by_the_command_that_writes_it() {
        let journal = Path::new("/work").join(format!("{PREFIX}out-dist-12.tar"));
        let err = JournalError::CommitFailed { journal, source: std::io::Error::other("EIO") };
        let help = err.help().expect("help");
        assert!(help.contains("`forklayer release --out /work/dist`"), "{help}");
        assert!(!help.contains("any forklayer command"), "{help}");
        let journal = Path::new("/work").join(format!("{PREFIX}12.tar"));
        let err = JournalError::CommitFailed { journal, source: std::io::Error::other("EIO") };
        assert!(err.help().expect("help").contains("run any forklayer command"));
    }
}
