//! `status`: which state the layer is in.
//!
//! In order of precedence: an undo journal a killed forklayer left (the
//! next command that loads the layer rolls it back), a merge in progress (with the
//! conflicts still to resolve, and whatever else would make `merge
//! --continue` refuse), drift (the round trip of `check` finds
//! problems), or clean.

use std::path::Path;

use crate::check::{check, CheckError, CheckReport};
use crate::layer::Layer;
use crate::merge::guided::{continue_blocker, GuidedError};
use crate::merge::progress::{files_left, unresolved, MergeState, StateError, Unresolved};
use crate::tree::{Tree, TreeError};

/// What `status` found.
#[derive(Debug)]
pub enum LayerStatus {
    /// A killed update left these journals (file names in the project root).
    Journal {
        /// The journal files.
        journals: Vec<String>,
    },
    /// A merge stopped with conflicts.
    Merge {
        /// The merge state.
        state: Box<MergeState>,
        /// Conflicted files that still have a marker or a copy.
        left: usize,
        /// The markers and copies left.
        unresolved: Vec<Unresolved>,
        /// Why `merge --continue` would refuse now for another reason
        /// than what is left unresolved (e.g. `upstream/` edited since the
        /// merge); `None` when it would not.
        blocked: Option<Box<GuidedError>>,
    },
    /// The round trip finds problems.
    Drift {
        /// Every problem, as `check` words it.
        problems: Vec<String>,
    },
    /// Everything agrees.
    Clean,
}

/// Errors of `status`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StatusError {
    /// The merge state is unreadable.
    #[error(transparent)]
    State(#[from] StateError),
    /// The fork layer is unreadable.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// `check` could not run.
    #[error(transparent)]
    Check(#[from] CheckError),
}

impl crate::error::Diagnostic for StatusError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        match self {
            StatusError::State(_) => Own(crate::error::ExitStatus::Usage, "merge_state"),
            StatusError::Tree(e) => Wraps(e),
            // Not `Wraps`: the check's details are left out.
            StatusError::Check(e) => Own(e.exit_status(), e.code()),
        }
    }
    fn own_help(&self) -> Option<String> {
        match self {
            StatusError::State(_) => Some("the file is written by `merge`; restore it or remove it".into()),
            StatusError::Tree(_) => None,
            StatusError::Check(e) => e.help(),
        }
    }
}

/// The state of the layer.
pub fn status(root: &Path, layer: &Layer) -> Result<LayerStatus, StatusError> {
    let found = crate::journal::armed_journals(root);
    if !found.is_empty() {
        return Ok(LayerStatus::Journal { journals: found });
    }
    if let Some(state) = MergeState::read(root)? {
        let forks = Tree::read_dir_or_empty(&layer.paths.forks)?;
        let unresolved = unresolved(&state, &forks);
        let left = files_left(&state, &unresolved);
        let blocked = continue_blocker(layer, &state, &forks, !unresolved.is_empty()).map(Box::new);
        return Ok(LayerStatus::Merge { state: Box::new(state), left, unresolved, blocked });
    }
    let report = match check(layer) {
        Ok(report) => report,
        // Anchors that no longer apply (after `snapshot` of a new version,
        // say), a missing package or a damaged manifest are what the layer
        // holds, the state to report, not a failure to read it.
        Err(CheckError::Rebuild(err)) => match err.problems() {
            Some(problems) => return Ok(LayerStatus::Drift { problems }),
            None => return Err(CheckError::Rebuild(err).into()),
        },
        Err(err) => return Err(err.into()),
    };
    Ok(if report.is_clean() { LayerStatus::Clean } else { LayerStatus::Drift { problems: problems(&report) } })
}

/// Every finding of a `check` report, one line each.
pub fn problems(report: &CheckReport) -> Vec<String> {
    let mut all: Vec<String> = report.lock.clone();
    all.extend(report.rebuild.iter().map(ToString::to_string));
    all.extend(report.manifests.iter().cloned());
    all.extend(report.declaration.iter().cloned());
    all.extend(report.pins.iter().map(ToString::to_string));
    all
}
