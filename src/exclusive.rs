//! One writer per project: the project lock `.forklayer.lock` beside the
//! declaration.
//!
//! Two forklayer commands writing one project at once (a `merge` and a
//! `gen-patches`, say) would each finish "successfully" and leave manifests
//! that match neither. Every command takes the lock before it reads the
//! declaration: commands that write hold it exclusively, commands that only
//! read share it, so reads never see a half-made update either. The lock
//! is an advisory file lock (`flock`), released by the kernel when the
//! process ends, however it ends: a killed forklayer never leaves the
//! project locked.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::{Diagnosis, Diagnostic, ExitStatus};

/// Name of the lock file, beside the declaration.
pub const LOCK_NAME: &str = ".forklayer.lock";

/// What forklayer keeps beside a project and never commits: the project
/// lock (its pid changes on every command) and undo journals (a tracked
/// one is refused as planted).
pub const LOCAL_FILES: [&str; 2] = [LOCK_NAME, ".forklayer-journal-*"];

/// Why `.gitignore` could not be read.
#[derive(Debug)]
pub enum GitignoreError {
    /// Something other than a regular file has its name.
    NotAFile,
    /// Reading it failed.
    Io(io::Error),
}

/// `.gitignore` at `path` with a line for each of [`LOCAL_FILES`] it lacks
/// (in its own line endings, under one comment line): its new bytes, the
/// old ones (`None`: there was none) and the lines added; `None` when it
/// has them all.
#[allow(clippy::type_complexity)]
pub fn ignore_local_files(
    path: &Path,
) -> Result<Option<(Vec<u8>, Option<Vec<u8>>, Vec<&'static str>)>, GitignoreError> {
    let old = match path.symlink_metadata() {
        Err(_) => None,
        Ok(meta) if meta.is_file() => Some(crate::tree::read_regular(path).map_err(GitignoreError::Io)?),
        Ok(_) => return Err(GitignoreError::NotAFile),
    };
    let text = old.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    let has = |line: &str| text.lines().any(|l| l.trim_end_matches('\r').trim() == line);
    let missing: Vec<&'static str> = LOCAL_FILES.into_iter().filter(|line| !has(line)).collect();
    if missing.is_empty() {
        return Ok(None);
    }
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut new = old.clone().unwrap_or_default();
    if !new.is_empty() && !new.ends_with(b"\n") {
        new.extend_from_slice(eol.as_bytes());
    }
    new.extend_from_slice(format!("# forklayer's project lock and undo journals (never committed){eol}").as_bytes());
    for line in &missing {
        new.extend_from_slice(format!("{line}{eol}").as_bytes());
    }
    Ok(Some((new, old, missing)))
}

/// How a command uses the project.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Reads only (check, rebuild, release, merge --dry-run): shares the lock.
    Read,
    /// Writes upstream/, the fork layer, patches/ or the declaration.
    Write,
}

/// Why the lock could not be taken.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LockError {
    /// Another forklayer holds it.
    #[error("{holder} (lock `{}`)", .path.display())]
    Busy {
        /// Who holds it, in words.
        holder: String,
        /// The lock file.
        path: PathBuf,
    },
    /// Something other than a regular file has the lock's name.
    #[error("the project lock `{}` is not a regular file", .path.display())]
    NotAFile {
        /// The lock file.
        path: PathBuf,
    },
    /// The lock file could not be opened (a symbolic link is refused too).
    #[error("could not open the project lock `{}`", .path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

impl Diagnostic for LockError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        match self {
            LockError::Busy { .. } => Diagnosis::Own(ExitStatus::Usage, "busy"),
            LockError::Io { .. } => Diagnosis::Own(ExitStatus::Integrity, "io"),
            LockError::NotAFile { .. } => Diagnosis::Own(ExitStatus::Integrity, "not_a_file"),
        }
    }

    fn own_help(&self) -> Option<String> {
        Some(match self {
            LockError::Busy { .. } => "wait for it to finish, then run again".into(),
            LockError::Io { .. } | LockError::NotAFile { .. } => format!(
                "`{LOCK_NAME}` must be a regular file of its own (never a symbolic or hard link): delete it and run \
                 again; otherwise check that the project directory is writable"
            ),
        })
    }
}

/// The held lock; dropping it releases it.
#[derive(Debug)]
pub struct ProjectLock {
    file: Option<fs::File>,
    exclusive: bool,
}

impl ProjectLock {
    /// Takes the lock of the project whose declaration lives in `root`,
    /// without waiting: exclusively for a writer; for a reader exclusively
    /// when it is free (so that it may roll back a killed update first,
    /// then [`ProjectLock::share`] it), shared when other readers hold it.
    /// A read-only project directory has no writers to fear: there a
    /// reader goes on without a lock.
    pub fn take(root: &Path, access: Access) -> Result<ProjectLock, LockError> {
        let path = root.join(LOCK_NAME);
        // Never through a symbolic link: a planted `.forklayer.lock` pointing
        // at a user's file would otherwise be truncated to hold the pid.
        let mut options = fs::OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW | libc::O_NONBLOCK);
        let file = match options.open(&path) {
            Ok(file) => file,
            Err(e) if access == Access::Read && read_only(&e) => {
                return Ok(ProjectLock { file: None, exclusive: false })
            }
            Err(source) => return Err(LockError::Io { path, source }),
        };
        // A hard link shares its bytes with another name: the pid written
        // below would overwrite that file.
        let meta = file.metadata().map_err(|source| LockError::Io { path: path.clone(), source })?;
        if !meta.is_file() || crate::tree::link_count(&meta) > 1 {
            return Err(LockError::NotAFile { path });
        }
        let exclusive = match file.try_lock() {
            Ok(()) => Ok(true),
            Err(fs::TryLockError::WouldBlock) if access == Access::Read => file.try_lock_shared().map(|()| false),
            Err(e) => Err(e),
        };
        let exclusive = exclusive.map_err(|e| refused(e, path))?;
        if exclusive && access == Access::Write {
            // The holder's pid, for the message another run prints.
            let mut named = &file;
            let _ = file.set_len(0).and_then(|()| writeln!(named, "{}", std::process::id()));
        }
        Ok(ProjectLock { file: Some(file), exclusive })
    }

    /// Whether no other forklayer can be using the project.
    pub fn is_exclusive(&self) -> bool {
        self.exclusive
    }

    /// Turns a reader's exclusive lock into a shared one, so that several
    /// readers can run at once.
    pub fn share(&mut self, root: &Path) -> Result<(), LockError> {
        let Some(file) = self.file.as_ref().filter(|_| self.exclusive) else { return Ok(()) };
        let path = root.join(LOCK_NAME);
        file.unlock().map_err(|source| LockError::Io { path: path.clone(), source })?;
        self.exclusive = false;
        file.try_lock_shared().map_err(|e| refused(e, path))
    }
}

impl Drop for ProjectLock {
    fn drop(&mut self) {
        // A finished writer no longer names itself; the kernel drops the
        // lock with the file.
        if let Some(file) = self.file.as_ref().filter(|_| self.exclusive) {
            let _ = file.set_len(0);
        }
    }
}

fn read_only(e: &io::Error) -> bool {
    matches!(e.kind(), io::ErrorKind::ReadOnlyFilesystem | io::ErrorKind::PermissionDenied)
}

/// Why the lock at `path` could not be taken.
fn refused(e: fs::TryLockError, path: PathBuf) -> LockError {
    match e {
        fs::TryLockError::WouldBlock => LockError::Busy { holder: holder(&path), path },
        fs::TryLockError::Error(source) => LockError::Io { path, source },
    }
}

/// Who holds the lock: a writer names itself in the file.
fn holder(path: &Path) -> String {
    let pid = fs::read_to_string(path).ok().and_then(|text| text.trim().parse::<u32>().ok());
    match pid {
        Some(pid) if crate::journal::process_alive(pid) => {
            format!("another forklayer process (pid {pid}) is writing this project")
        }
        _ => "other forklayer processes are reading this project".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Access, LockError, ProjectLock};

    #[test]
    fn a_second_writer_is_refused_naming_the_first() {
        let dir = tempfile::tempdir().expect("tempdir");
        let writer = ProjectLock::take(dir.path(), Access::Write).expect("first writer");
        let second = ProjectLock::take(dir.path(), Access::Write).expect_err("second writer");
        let pid = std::process::id();
        assert!(second.to_string().contains(&format!("(pid {pid}) is writing")), "{second}");
        let reader = ProjectLock::take(dir.path(), Access::Read).expect_err("reader while writing");
        assert!(matches!(reader, LockError::Busy { .. }));
        drop(writer);
        ProjectLock::take(dir.path(), Access::Write).expect("free again");
    }

    #[test]
    fn a_planted_lock_link_is_refused_and_its_target_left_alone() {
        let dir = tempfile::tempdir().expect("tempdir");
        let victim = dir.path().join("bashrc");
        std::fs::write(&victim, "export KEEP=1\n").expect("write");
        let project = dir.path().join("repo");
        std::fs::create_dir(&project).expect("mkdir");
        std::os::unix::fs::symlink(&victim, project.join(super::LOCK_NAME)).expect("symlink");
        for access in [Access::Write, Access::Read] {
            assert!(ProjectLock::take(&project, access).is_err());
        }
        assert_eq!(std::fs::read(&victim).expect("read"), b"export KEEP=1\n");
        std::fs::remove_file(project.join(super::LOCK_NAME)).expect("rm");
        let fifo = project.join(super::LOCK_NAME);
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
        let err = ProjectLock::take(&project, Access::Write).expect_err("a FIFO is no lock");
        assert!(matches!(err, LockError::NotAFile { .. }), "{err}");
    }

    #[test]
    fn readers_share_the_lock_and_keep_writers_out() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut first = ProjectLock::take(dir.path(), Access::Read).expect("reader");
        assert!(first.is_exclusive(), "a lone reader may roll back a killed update");
        first.share(dir.path()).expect("share");
        let second = ProjectLock::take(dir.path(), Access::Read).expect("second reader");
        assert!(!second.is_exclusive());
        let writer = ProjectLock::take(dir.path(), Access::Write).expect_err("writer while reading");
        assert!(writer.to_string().contains("reading this project"), "{writer}");
        drop((first, second));
        ProjectLock::take(dir.path(), Access::Write).expect("free again");
    }
}
