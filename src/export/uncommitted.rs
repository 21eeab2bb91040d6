//! The files of the project an export replaces or deletes that hold work
//! no commit keeps: a patch edited by hand since it was written (as `npm
//! patch` users do), a configuration file being edited. Asked of the
//! project's git repository with the status check `merge` runs on the
//! layer ([`Repo::dirty_paths`]); a project outside git cannot be asked.

use std::collections::BTreeSet;
use std::path::Path;

use crate::merge::git::{GitError, Repo};

/// A file of the project an export replaces or deletes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touched {
    /// Project-relative, with `/`.
    pub path: String,
    /// What it is: `the patch of left-pad@1.3.0`, `the npm configuration`.
    pub what: String,
    /// Whether the export deletes it (else replaces it).
    pub deleted: bool,
    /// Whether it is a patch file (else a configuration file, of which an
    /// export keeps every byte outside the keys the tool owns).
    pub patch: bool,
}

impl Touched {
    /// `` `patches/x.patch` (the patch of x@1.0.0, which the export deletes) ``
    pub fn describe(&self) -> String {
        let verb = if self.deleted { "deletes" } else { "rewrites" };
        format!("`{}` ({}, which the export {verb})", self.path, self.what)
    }
}

/// The files of `touched` with uncommitted changes in the git repository
/// holding `project`, in `touched` order; `None` when the project is in no
/// git repository. A patch file counts when staged, changed or untracked
/// (in a repository without a commit every one is); a configuration file
/// only when committed and changed since: of a file never committed (a
/// project being set up) the export keeps every byte outside the tool's
/// keys.
pub fn uncommitted(project: &Path, touched: &[Touched]) -> Result<Option<Vec<Touched>>, GitError> {
    if touched.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let repo = match Repo::discover(project) {
        Ok(repo) => repo,
        Err(GitError::NoRepository { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let paths: Vec<_> = touched.iter().map(|t| project.join(&t.path)).collect();
    let dirty: BTreeSet<String> = match repo.dirty_paths(&paths.iter().map(|p| p.as_path()).collect::<Vec<_>>()) {
        Ok(dirty) => dirty.into_iter().collect(),
        Err(GitError::NoHead { .. }) => return Ok(Some(touched.iter().filter(|t| t.patch).cloned().collect())),
        Err(e) => return Err(e),
    };
    let mut found = Vec::new();
    for (file, path) in touched.iter().zip(&paths) {
        if dirty.contains(&repo.relative(path)?) && (file.patch || repo.head_file(path)?.is_some()) {
            found.push(file.clone());
        }
    }
    Ok(Some(found))
}
