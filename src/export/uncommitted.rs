//! What an export refuses to write over: a fork layer a merge left half
//! done, and files of the project that hold work no commit keeps (a patch
//! edited by hand since it was written, as `npm patch` users do, a
//! configuration file being edited). The latter is asked of the project's
//! git repository with the status check `merge` runs on the layer
//! ([`Repo::dirty_paths`]); a project outside git cannot be asked.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::{patch_dir, ExportError, FileAction, RenderedPackage};
use crate::layer::Layer;
use crate::merge::git::{GitError, Repo};
use crate::patchfmt::{config_files, discover, is_yarn_patch_of, Format, PatchedDependency};

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

/// Refuses while a merge of `layer` waits for `--continue` or `--abort`:
/// its fork layer holds conflict markers, and exported they would replace
/// the project's patches of the old version, which `merge --abort` does
/// not put back.
pub fn refuse_merge_in_progress(layer: &Layer) -> Result<(), ExportError> {
    match crate::merge::progress::MergeState::read(&layer.root) {
        Ok(None) => Ok(()),
        Ok(Some(state)) => Err(ExportError::MergeInProgress { to: Some(state.to) }),
        // A state file that cannot be read still says a merge stopped here.
        Err(_) => Err(ExportError::MergeInProgress { to: None }),
    }
}

/// Refuses (unless `allow_dirty`) to replace or delete the files of
/// `touched` that have uncommitted changes in the project's git
/// repository: an edit made by hand since the file was written would be
/// lost for good. A project in no git repository cannot be asked: each
/// patch file replaced or deleted is named in a warning instead.
pub fn refuse_uncommitted(project: &Path, touched: &[Touched], allow_dirty: bool) -> Result<Vec<String>, ExportError> {
    if allow_dirty {
        return Ok(Vec::new());
    }
    let git = |source| ExportError::Git { project: project.to_path_buf(), source: Box::new(source) };
    match uncommitted(project, touched).map_err(git)? {
        Some(files) if files.is_empty() => Ok(Vec::new()),
        Some(files) => Err(ExportError::Dirty { files }),
        None => Ok(touched
            .iter()
            .filter(|t| t.patch)
            .map(|t| {
                format!(
                    "{}: the project is in no git repository, so forklayer cannot tell whether it holds edits \
                     made by hand (keep a copy of a patch you edit, or carry the edit into the fork layer)",
                    t.describe()
                )
            })
            .collect()),
    }
}

/// The files of `project` that an export after moving `packages` (npm
/// names) to new versions replaces or deletes, as far as they are known
/// before the merge: their patch files in the tool's patch directory (the
/// new version's patch replaces them) and the configuration files that
/// declare them or that the format writes.
pub fn touched_by_moving(
    format: Format,
    project: &Path,
    packages: &BTreeSet<String>,
) -> Result<Vec<Touched>, ExportError> {
    let config_error =
        |source| ExportError::Config { format, project: project.to_path_buf(), source: Box::new(source) };
    let declared = discover(format, project).map_err(config_error)?;
    let dir = format!("{}/", patch_dir(format));
    let mut configs: BTreeSet<String> = config_files(format).iter().map(|rel| rel.to_string()).collect();
    let mut touched = Vec::new();
    for dep in declared.iter().filter(|dep| packages.contains(&dep.name)) {
        configs.insert(dep.declared_in.clone());
        let what = format!("the patch of `{}@{}`", dep.name, dep.version);
        touched.extend(dep.patches.iter().filter(|rel| rel.starts_with(&dir)).map(|rel| Touched {
            path: rel.clone(),
            what: what.clone(),
            deleted: true,
            patch: true,
        }));
    }
    // Files only: patch-package's packages are declared by `patches/` itself.
    configs.retain(|rel| project.join(rel).is_file());
    let config = |path| Touched { path, what: format!("the {format} configuration"), deleted: false, patch: false };
    touched.extend(configs.into_iter().map(config));
    Ok(touched)
}

/// The files `actions` replace or delete, each named for what it is.
pub(super) fn touched_files(
    format: Format,
    actions: &[(String, FileAction)],
    declared: &[PatchedDependency],
    forks: &[RenderedPackage],
) -> Vec<Touched> {
    let mut owners: BTreeMap<&str, String> = BTreeMap::new();
    for dep in declared {
        owners.extend(dep.patches.iter().map(|rel| (rel.as_str(), format!("{}@{}", dep.name, dep.version))));
    }
    for fork in forks {
        owners.extend(fork.patches.iter().map(|(rel, _)| (rel.as_str(), format!("{}@{}", fork.name, fork.version))));
    }
    let dir = format!("{}/", patch_dir(format));
    let touched = |(rel, action): &(String, FileAction)| {
        let patch = rel.starts_with(&dir) || owners.contains_key(rel.as_str());
        let what = match owners.get(rel.as_str()) {
            Some(package) => format!("the patch of `{package}`"),
            None if patch => {
                let file = rel.rsplit('/').next().unwrap_or(rel);
                match forks.iter().find(|f| is_yarn_patch_of(file, &f.name)) {
                    Some(fork) => format!("a patch of `{}` that nothing names any more", fork.name),
                    None => "a patch file".into(),
                }
            }
            None => format!("the {format} configuration"),
        };
        Touched { path: rel.clone(), what, deleted: *action == FileAction::Delete, patch }
    };
    actions.iter().filter(|(_, action)| *action != FileAction::Create).map(touched).collect()
}
