//! `upgrade`: carry the patches of a package manager to new versions of
//! their packages with forklayer's three-way merge, then write them back.
//!
//! The case it is made for: a dependency bot bumped a patched package in
//! the lock file, and the patch made for the old version no longer applies.
//!
//! 1. the targets: the versions given, or, for every package the layer
//!    holds at its own version, the one version the project's lock file
//!    now resolves (a package the lock file holds at several versions, none
//!    the layer's, is refused by name);
//! 2. `merge` moves those packages ([`crate::merge::layer::merge`]): the
//!    new pristine bytes from the registry, a three-way merge of every
//!    file, conflicts recalled from the conflict memory or left for
//!    `merge --continue`, the declaration's entries moved;
//! 3. on a clean merge, `export` writes the new patches and configuration
//!    entries into the project ([`crate::export::export`]).
//!
//! With conflicts it stops after step 2 (exit 1): resolve them, run
//! `forklayer merge --continue`, then `forklayer export`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::export::{export, ExportError, ExportOptions, ExportOutcome};
use crate::layer::Layer;
use crate::merge::layer::{merge, MergeError, MergeOptions, MergeOutcome, MergeTarget};
use crate::patchfmt::{locked_versions, Format, FormatError};
use crate::snapshot::SnapshotSource;
use crate::tree::TreeError;

/// How `upgrade` runs.
#[derive(Debug)]
pub struct UpgradeOptions<'a> {
    /// The package manager of the project.
    pub format: Format,
    /// The project whose lock file says the versions and that gets the
    /// patches back.
    pub project: PathBuf,
    /// Package → new version; empty: what the lock file resolves.
    pub targets: BTreeMap<String, String>,
    /// Where the new pristine packages come from.
    pub source: SnapshotSource,
    /// Merge and export nothing, report what would happen.
    pub dry_run: bool,
    /// Merge even with uncommitted changes in the layer.
    pub allow_dirty: bool,
    /// Set by Ctrl-C.
    pub cancel: Option<&'a AtomicBool>,
}

/// One package the lock file moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockMove {
    /// The package as the layer names it.
    pub name: String,
    /// The layer's version.
    pub from: String,
    /// The version to move to.
    pub to: String,
    /// The lock file that says so (`None`: given on the command line).
    pub lock_file: Option<String>,
}

/// What `upgrade` did.
#[derive(Debug)]
pub struct UpgradeOutcome {
    /// The packages that move.
    pub moves: Vec<LockMove>,
    /// The merge, when anything moved.
    pub merge: Option<MergeOutcome>,
    /// The export, after a clean merge that was written.
    pub export: Option<ExportOutcome>,
}

/// Errors of `upgrade`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UpgradeError {
    /// The lock file cannot be read.
    #[error("could not read the versions `{lock_file}` resolves")]
    Lock {
        /// The lock file.
        lock_file: String,
        /// Why.
        #[source]
        source: Box<FormatError>,
    },
    /// The lock file holds several versions of a package, none the layer's.
    #[error("`{lock_file}` holds `{name}` at several versions ({}), none the layer's {current}", .versions.join(", "))]
    Ambiguous {
        /// The package.
        name: String,
        /// The layer's version.
        current: String,
        /// The lock file.
        lock_file: String,
        /// The versions it holds.
        versions: Vec<String>,
    },
    /// A file the export writes is a symbolic link or special file:
    /// refused before the merge, so nothing is written.
    #[error(transparent)]
    Target(TreeError),
    /// The merge failed.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// The export after it failed (the merge is written).
    #[error("the layer is merged, but writing its patches back failed")]
    Export(#[source] ExportError),
    /// Refused before anything was merged or written: a merge in
    /// progress, project files with uncommitted changes, or the export
    /// of an upgrade with nothing to merge.
    #[error(transparent)]
    Refused(ExportError),
}

impl Diagnostic for UpgradeError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        match self {
            UpgradeError::Lock { source, .. } => Diagnosis::Wraps(source.as_ref()),
            UpgradeError::Ambiguous { .. } => Diagnosis::Own(ExitStatus::Usage, "patch_version_unresolved"),
            UpgradeError::Target(e) => Diagnosis::Wraps(e),
            UpgradeError::Merge(e) => Diagnosis::Wraps(e),
            UpgradeError::Export(e) => Diagnosis::Own(e.exit_status(), e.code()),
            UpgradeError::Refused(e) => Diagnosis::Wraps(e),
        }
    }

    fn own_help(&self) -> Option<String> {
        match self {
            UpgradeError::Lock { .. } | UpgradeError::Target(_) | UpgradeError::Merge(_) | UpgradeError::Refused(_) => {
                None
            }
            UpgradeError::Ambiguous { name, .. } => {
                Some(format!("name the version to move to: `forklayer upgrade {name}@<version>`"))
            }
            UpgradeError::Export(e) => Some(format!(
                "the merged layer is written; fix the cause, then run `forklayer export`{}",
                e.help().map(|h| format!(" ({h})")).unwrap_or_default()
            )),
        }
    }
}

/// The packages of `layer` at their own version whose version the
/// project's lock file no longer holds, each with the one it does.
pub fn lock_moves(layer: &Layer, format: Format, project: &std::path::Path) -> Result<Vec<LockMove>, UpgradeError> {
    let mut moves = Vec::new();
    for package in layer.upstream.values().filter(|p| !p.in_family) {
        let (lock_file, versions) = locked_versions(format, project, &package.npm_name).map_err(|source| {
            UpgradeError::Lock { lock_file: format!("the {format} lock file"), source: Box::new(source) }
        })?;
        if versions.is_empty() || versions.contains(&package.version) {
            continue;
        }
        let mut versions: Vec<String> = versions.into_iter().collect();
        if versions.len() > 1 {
            return Err(UpgradeError::Ambiguous {
                name: package.npm_name.clone(),
                current: package.version.clone(),
                lock_file,
                versions,
            });
        }
        moves.push(LockMove {
            name: package.name.clone(),
            from: package.version.clone(),
            to: versions.remove(0),
            lock_file: Some(lock_file),
        });
    }
    Ok(moves)
}

/// The npm name of the package the layer names `name` (short or full).
fn npm_name(layer: &Layer, name: &str) -> Option<String> {
    let package = layer.upstream.get(name).or_else(|| layer.upstream_named(name));
    package.map(|p| p.npm_name.clone())
}

/// Moves the layer's packages to their new versions and writes their
/// patches back into the project.
pub fn upgrade(layer: &Layer, options: &UpgradeOptions<'_>) -> Result<UpgradeOutcome, UpgradeError> {
    // Before the lock file is read against a layer whose `upstream/` is
    // the merge's new version already.
    crate::export::refuse_merge_in_progress(layer).map_err(UpgradeError::Refused)?;
    let moves = if options.targets.is_empty() {
        lock_moves(layer, options.format, &options.project)?
    } else {
        // The version the layer holds the package at now.
        let from = |name: &String| {
            let package = layer.upstream.get(name).or_else(|| layer.upstream_named(name));
            package.map(|p| p.version.clone()).unwrap_or_default()
        };
        let target = |(name, to): (&String, &String)| LockMove {
            name: name.clone(),
            from: from(name),
            to: to.clone(),
            lock_file: None,
        };
        options.targets.iter().map(target).collect()
    };
    let (format, project) = (options.format, &options.project);
    let export_options =
        ExportOptions { format, project: project.clone(), dry_run: options.dry_run, allow_dirty: options.allow_dirty };
    if moves.is_empty() {
        // Nothing to merge, but the project may still declare the patches
        // of the versions before a merge whose export did not run (an
        // upgrade killed between the two, a `merge` without `export`):
        // the export finishes it, and writes nothing when they are in line.
        let exported = export(layer, &export_options).map_err(UpgradeError::Refused)?;
        return Ok(UpgradeOutcome { moves, merge: None, export: Some(exported) });
    }
    // Before the merge writes the layer, as export would refuse them after.
    crate::export::refuse_links(format, project).map_err(UpgradeError::Target)?;
    let moving = moves.iter().filter_map(|m| npm_name(layer, &m.name)).collect();
    let touched = crate::export::touched_by_moving(format, project, &moving).map_err(UpgradeError::Refused)?;
    // A project in no git repository is warned of by the export.
    crate::export::refuse_uncommitted(project, &touched, options.allow_dirty).map_err(UpgradeError::Refused)?;
    let packages = moves.iter().map(|m| (m.name.clone(), m.to.clone())).collect();
    let merge_options = MergeOptions {
        target: MergeTarget { family: None, packages },
        source: options.source.clone(),
        dry_run: options.dry_run,
        allow_dirty: options.allow_dirty,
        cancel: options.cancel,
    };
    let merged = merge(layer, &merge_options)?;
    if merged.conflicts() > 0 || options.dry_run {
        return Ok(UpgradeOutcome { moves, merge: Some(merged), export: None });
    }
    let moved = layer.with_versions(None, &merged.moves.iter().map(|m| (m.name.clone(), m.to.clone())).collect());
    let exported = export(&moved, &export_options).map_err(UpgradeError::Export)?;
    Ok(UpgradeOutcome { moves, merge: Some(merged), export: Some(exported) })
}
