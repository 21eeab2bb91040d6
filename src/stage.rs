//! Atomic writes of single files (a temporary sibling and a rename), and
//! the clean-up of what a killed run of an older forklayer left beside a
//! directory it replaced by staging a copy and swapping it in.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::tree::TreeError;

pub(crate) fn sibling(target: &Path, tag: &str) -> PathBuf {
    sibling_of(target, tag, std::process::id())
}

pub(crate) fn sibling_of(target: &Path, tag: &str, pid: u32) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let parent = target.parent().unwrap_or_else(|| Path::new("."));
    parent.join(format!(".{name}.forklayer-{tag}-{pid}"))
}

/// Whether process `pid` is still a running forklayer. Pids are reused
/// quickly on a busy machine, so a live process counts only when its
/// command name is ours. Without `/proc` there is no way to tell (without
/// unsafe code), and leftovers are treated as stale: two runs writing the
/// same target at once are not supported anyway.
pub(crate) fn process_alive(pid: u32) -> bool {
    let proc_root = Path::new("/proc");
    let Ok(own) = fs::read(proc_root.join("self/comm")) else { return false };
    fs::read(proc_root.join(pid.to_string()).join("comm")).is_ok_and(|comm| comm == own)
}

/// Pids of the leftovers `.<name>.forklayer-<tag>-<pid>` beside `target`
/// whose process is gone (killed mid-run: `kill -9`, power loss).
fn stale_pids(target: &Path, tag: &str) -> Vec<u32> {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.forklayer-{tag}-");
    let parent = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."));
    let Ok(entries) = fs::read_dir(parent) else { return Vec::new() };
    let mut pids: Vec<u32> = entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.strip_prefix(&prefix)?.parse().ok())
        .filter(|&pid| pid != std::process::id() && !process_alive(pid))
        .collect();
    pids.sort_unstable();
    pids
}

fn remove_any(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Cleans up after an interrupted run on `target`: a previous target that
/// was moved aside but never replaced is put back (a run killed between
/// the two renames that replace a directory), and stale staging
/// directories, moved-aside copies and temporary files are removed.
pub fn recover_interrupted(target: &Path) -> io::Result<()> {
    for pid in stale_pids(target, "old") {
        let old = sibling_of(target, "old", pid);
        if fs::symlink_metadata(target).is_err() {
            fs::rename(&old, target)?;
        } else {
            remove_any(&old)?;
        }
    }
    for tag in ["stage", "tmp"] {
        for pid in stale_pids(target, tag) {
            remove_any(&sibling_of(target, tag, pid))?;
        }
    }
    remove_stale_holders(target);
    Ok(())
}

/// Errors of repairing or replacing a target with a staged copy.
#[derive(Debug, thiserror::Error)]
pub enum StageError {
    /// Preparing or swapping the staging directory failed.
    #[error("could not replace `{target}` atomically")]
    Swap {
        /// The directory being replaced.
        target: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// Writing the staged contents failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
}

impl crate::error::Diagnostic for StageError {
    fn exit_status(&self) -> crate::error::ExitStatus {
        crate::error::ExitStatus::Integrity
    }
    fn code(&self) -> &'static str {
        "io"
    }
    fn help(&self) -> Option<String> {
        match self {
            StageError::Swap { .. } => Some(
                "check the permissions and free disk space of the target's directory; the previous contents are kept"
                    .into(),
            ),
            StageError::Tree(e) => e.help(),
        }
    }
}

/// Removes the holders `.<name>.forklayer-place-<pid>` beside `target` of
/// runs that are gone, as far as they hold only what
/// [`crate::place`] left there.
pub(crate) fn remove_stale_holders(target: &Path) {
    for pid in stale_pids(target, crate::place::HOLDER_TAG) {
        crate::place::remove_leftover_holder(&sibling_of(target, crate::place::HOLDER_TAG, pid));
    }
}

/// Writes a file through a temporary sibling and a rename.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            fs::create_dir_all(parent)?;
        }
    }
    recover_interrupted(path)?;
    let tmp = sibling(path, "tmp");
    fs::write(&tmp, bytes)?;
    fs::rename(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::{recover_interrupted, sibling_of, write_file_atomically};
    use crate::tree::{FileEntry, Tree};

    /// Above Linux's largest possible pid (2^22): never a live process.
    const DEAD_PID: u32 = 99_999_999;

    fn one_file(name: &str) -> Tree {
        let mut tree = Tree::new();
        tree.insert(name, FileEntry::new(name.as_bytes().to_vec())).expect("insert");
        tree
    }

    #[test]
    fn leftovers_of_a_killed_run_are_removed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("out");
        one_file("previous").write_to(&target).expect("write");
        one_file("half").write_to(&sibling_of(&target, "stage", DEAD_PID)).expect("write");
        std::fs::write(sibling_of(&target, "tmp", DEAD_PID), b"half").expect("write");
        // Killed while placing a new output apart (crate::place).
        let holder = sibling_of(&target, crate::place::HOLDER_TAG, DEAD_PID);
        std::fs::create_dir_all(holder.join("inner")).expect("create");
        recover_interrupted(&target).expect("recover");
        assert_eq!(Tree::read_dir(&target).expect("read"), one_file("previous"));
        assert_eq!(std::fs::read_dir(dir.path()).expect("ls").count(), 1, "stale stage, tmp and place are gone");
    }

    #[test]
    fn a_leftover_whose_pid_now_belongs_to_another_program_is_stale() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("out");
        // Pid 1 is alive, but it is not this program.
        one_file("half").write_to(&sibling_of(&target, "stage", 1)).expect("write");
        recover_interrupted(&target).expect("recover");
        assert_eq!(std::fs::read_dir(dir.path()).expect("ls").count(), 0);
    }

    #[test]
    fn a_target_moved_aside_by_a_killed_swap_is_restored() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("out");
        // Killed between `target -> old` and `stage -> target`.
        one_file("previous").write_to(&sibling_of(&target, "old", DEAD_PID)).expect("write");
        one_file("new").write_to(&sibling_of(&target, "stage", DEAD_PID)).expect("write");
        recover_interrupted(&target).expect("recover");
        assert_eq!(Tree::read_dir(&target).expect("previous tree is back"), one_file("previous"));
        assert_eq!(std::fs::read_dir(dir.path()).expect("ls").count(), 1);
    }

    #[test]
    fn a_file_written_atomically_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let target = dir.path().join("a.zip");
        std::fs::write(sibling_of(&target, "tmp", DEAD_PID), b"half").expect("write");
        write_file_atomically(&target, b"new").expect("write");
        write_file_atomically(&target, b"newer").expect("write");
        assert_eq!(std::fs::read(&target).expect("read"), b"newer");
        assert_eq!(std::fs::read_dir(dir.path()).expect("ls").count(), 1);
    }
}
