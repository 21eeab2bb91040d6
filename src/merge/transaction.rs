//! All-or-nothing replacement of several directories (and files).
//!
//! Each target gets a staging directory (or file) next to it (same file system, so
//! renames are atomic). Nothing outside the staging directories is touched
//! until [`Transaction::commit`], which swaps every target with renames and
//! puts the previous directories back if any rename fails. Dropping an
//! uncommitted transaction removes the staging directories.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::tree::{Tree, TreeError};

/// One directory being replaced.
#[derive(Debug)]
struct Swap {
    target: PathBuf,
    stage: PathBuf,
    backup: PathBuf,
    /// A single file rather than a directory.
    file: bool,
}

impl Swap {
    /// Removes `path`, a copy of this swap's target (staged or backed up).
    fn remove(&self, path: &Path) -> io::Result<()> {
        if self.file {
            fs::remove_file(path)
        } else {
            fs::remove_dir_all(path)
        }
    }
}

/// Errors of preparing or committing a transaction.
#[derive(Debug, thiserror::Error)]
#[error("could not {action} `{path}`")]
pub struct TransactionError {
    action: &'static str,
    path: PathBuf,
    #[source]
    source: io::Error,
}

impl TransactionError {
    fn new<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> TransactionError + 'a {
        move |source| TransactionError { action, path: path.to_path_buf(), source }
    }
}

/// A set of directories replaced together.
#[derive(Debug, Default)]
pub struct Transaction {
    swaps: Vec<Swap>,
    committed: bool,
}

impl Transaction {
    /// An empty transaction.
    pub fn new() -> Transaction {
        Transaction::default()
    }

    /// Creates an empty staging directory that will replace `target` and
    /// returns its path.
    pub fn stage(&mut self, target: &Path) -> Result<PathBuf, TransactionError> {
        let stage = sibling(target, "merge");
        let backup = sibling(target, "backup");
        for stale in [&stage, &backup] {
            if stale.exists() {
                fs::remove_dir_all(stale).map_err(TransactionError::new("remove the stale", stale))?;
            }
        }
        fs::create_dir_all(&stage).map_err(TransactionError::new("create the staging directory", &stage))?;
        self.swaps.push(Swap { target: target.to_path_buf(), stage: stage.clone(), backup, file: false });
        Ok(stage)
    }

    /// Stages `bytes` as the new contents of the existing file `target`,
    /// with `target`'s permissions.
    pub fn stage_file(&mut self, target: &Path, bytes: &[u8]) -> Result<(), TransactionError> {
        let stage = sibling(target, "merge");
        let backup = sibling(target, "backup");
        for stale in [&stage, &backup] {
            if stale.exists() {
                fs::remove_file(stale).map_err(TransactionError::new("remove the stale", stale))?;
            }
        }
        let permissions = fs::metadata(target).map_err(TransactionError::new("read", target))?.permissions();
        // Registered before writing so that a failed write is cleaned up too.
        self.swaps.push(Swap { target: target.to_path_buf(), stage: stage.clone(), backup, file: true });
        fs::write(&stage, bytes).map_err(TransactionError::new("write the staged copy", &stage))?;
        fs::set_permissions(&stage, permissions).map_err(TransactionError::new("set the mode of", &stage))?;
        Ok(())
    }

    /// Swaps every staged directory into place. On failure, every target
    /// already swapped is restored before the error is returned.
    pub fn commit(mut self) -> Result<(), TransactionError> {
        for done in 0..self.swaps.len() {
            if let Err(err) = swap_in(&self.swaps[done]) {
                for swap in self.swaps[..done].iter().rev() {
                    // Best effort: the original error is the one to report.
                    let _ = swap_back(swap);
                }
                return Err(err);
            }
        }
        self.committed = true;
        // Thousands of files to unlink: the backups go in parallel.
        let removed = crate::parallel::map_ordered(&self.swaps, |swap| {
            if swap.backup.exists() {
                swap.remove(&swap.backup).map_err(TransactionError::new("remove the backup", &swap.backup))?;
            }
            Ok(())
        });
        removed.into_iter().collect()
    }
}

impl Drop for Transaction {
    fn drop(&mut self) {
        if !self.committed {
            for swap in &self.swaps {
                let _ = swap.remove(&swap.stage);
            }
        }
    }
}

fn swap_in(swap: &Swap) -> Result<(), TransactionError> {
    let had_target = swap.target.exists();
    if had_target {
        fs::rename(&swap.target, &swap.backup).map_err(TransactionError::new("move aside", &swap.target))?;
    }
    if let Err(source) = fs::rename(&swap.stage, &swap.target) {
        if had_target {
            let _ = fs::rename(&swap.backup, &swap.target);
        }
        return Err(TransactionError { action: "move into place", path: swap.target.clone(), source });
    }
    Ok(())
}

fn swap_back(swap: &Swap) -> io::Result<()> {
    fs::rename(&swap.target, &swap.stage)?;
    if swap.backup.exists() {
        fs::rename(&swap.backup, &swap.target)?;
    }
    Ok(())
}

/// Writes every file of `tree` below the (new, empty) staging directory
/// `stage`. Thousands of files are written per merge, so each directory is
/// created once (the walk is sorted, so a directory's files are adjacent),
/// only executables get an explicit mode (other files are created the way
/// `git checkout` creates them), and a file identical to the one at the
/// same path of `reuse` (the directory being replaced, and its contents)
/// is hard-linked from there instead of written again.
pub fn write_staged(tree: &Tree, stage: &Path, reuse: Option<(&Path, &Tree)>) -> Result<(), TreeError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| TreeError::Io { path, source }
    };
    let mut last_dir: Option<PathBuf> = None;
    for (rel, entry) in tree.iter() {
        let path = stage.join(rel);
        let dir = path.parent().unwrap_or(stage).to_path_buf();
        if last_dir.as_ref() != Some(&dir) {
            fs::create_dir_all(&dir).map_err(io(&dir))?;
            last_dir = Some(dir);
        }
        let linked = match reuse {
            Some((root, old)) if old.get(rel) == Some(entry) => fs::hard_link(root.join(rel), &path).is_ok(),
            _ => false,
        };
        if linked {
            continue;
        }
        fs::write(&path, &entry.bytes).map_err(io(&path))?;
        if entry.executable {
            set_executable(&path).map_err(io(&path))?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn set_executable(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> io::Result<()> {
    // No execute bit outside Unix.
    Ok(())
}

/// `<parent>/.<name>.forklayer-<tag>-<pid>`: hidden, beside the target.
fn sibling(target: &Path, tag: &str) -> PathBuf {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let parent = target.parent().unwrap_or_else(|| Path::new("."));
    parent.join(format!(".{name}.forklayer-{tag}-{}", std::process::id()))
}

#[cfg(test)]
mod tests;
