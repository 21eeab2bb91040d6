//! Writing a merge's result as one journaled update, and what a merge with
//! conflicts keeps for `merge --abort`.

use crate::journal::Update;
use crate::layer::Layer;
use crate::merge::git::Repo;
use crate::merge::layer::manifests::{next_patches, PlannedPatches};
use crate::merge::layer::packages::LayerMerge;
use crate::merge::layer::{DeclarationChange, MergeError};
use crate::merge::pins::PinChange;
use crate::merge::progress::{state_dir, BeforeMerge, MergeState, BEFORE_DIR, DECLARATION_ROLE};
use crate::tree::{FileEntry, Tree, TreeError};

/// Everything a merge writes.
pub(super) struct Written<'a> {
    /// The new upstream directory.
    pub(super) upstream: &'a Tree,
    /// The upstream directory as this merge read it, if it could.
    pub(super) upstream_read: Option<&'a Tree>,
    /// The fork layer as this merge read it.
    pub(super) forks_read: &'a Tree,
    pub(super) merged: &'a LayerMerge,
    /// The new manifests (clean merges only).
    pub(super) planned: Option<&'a PlannedPatches>,
    /// Forked packages the merge does not move: their manifests stay.
    pub(super) unmoved: &'a [&'a str],
    /// The declaration at the new versions (clean merges only).
    pub(super) declaration: Option<&'a DeclarationChange>,
    /// The pins of the baseline to move (clean merges only).
    pub(super) pins: &'a [PinChange],
    /// The merge state to leave for `--continue` (merges with conflicts).
    pub(super) state: Option<&'a MergeState>,
    /// The files of [`MergeState::before`], kept beside the state.
    pub(super) before: &'a Tree,
}

/// Writes the new upstream, the new fork layer and, on a clean merge, the
/// new `patches/` and declaration, all or nothing: only files that change
/// are written, in place, after a journal recorded how to undo them
/// ([`crate::journal`]). Once it starts it runs to the end (or rolls back):
/// Ctrl-C is only looked at between steps.
pub(super) fn write_result(layer: &Layer, written: &Written<'_>) -> Result<(), MergeError> {
    let paths = &layer.paths;
    let Written { upstream, upstream_read, forks_read, merged, planned, unmoved, declaration, pins, state, before } =
        *written;
    // With conflicts the manifests stay as they are until the conflicts are
    // resolved and `gen-patches` is run.
    let patches = planned.map(|planned| next_patches(&paths.patches, planned, unmoved)).transpose()?;
    let mut update = Update::new(&layer.root);
    // The merge read these directories already: the journal compares
    // against those reads instead of reading them again.
    match upstream_read {
        Some(read) => update.replace_read_dir(&paths.upstream, upstream, read),
        None => update.replace_dir(&paths.upstream, upstream),
    }
    update.replace_read_dir(&paths.forks, &merged.forks, forks_read);
    if let Some(patches) = &patches {
        update.replace_dir(&paths.patches, patches);
    }
    if let Some(change) = declaration {
        update.replace_file(&change.file, change.text.as_bytes());
    }
    for pin in pins {
        update.replace_file(&pin.file, pin.text.as_bytes());
    }
    let mut state_tree = state.map(MergeState::to_tree).transpose()?;
    if let Some(tree) = &mut state_tree {
        for (path, entry) in before.iter() {
            tree.insert(format!("{BEFORE_DIR}/{path}"), entry.clone())?;
        }
    }
    if let Some(tree) = &state_tree {
        update.replace_dir(&state_dir(&layer.root), tree);
    }
    update.apply()?;
    Ok(())
}

/// What differs from HEAD in the three directories and the declaration as
/// the merge starts (`forks`: the fork layer as read from disk), with the
/// files to keep for `merge --abort` added to `files`, and the commit HEAD
/// names.
pub(super) fn before_merge(layer: &Layer, forks: &Tree, files: &mut Tree) -> Result<(BeforeMerge, String), MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    // Pinned, so that what is compared here and the commit recorded are one.
    let head = repo.head_id()?;
    let repo = repo.at_commit(&head)?;
    let mut before = BeforeMerge::default();
    for (role, dir) in [("upstream", &paths.upstream), ("forks", &paths.forks), ("patches", &paths.patches)] {
        let disk = match role {
            "forks" => forks.clone(),
            _ if dir.is_dir() => Tree::read_dir(dir)?,
            _ => Tree::new(),
        };
        let committed = repo.head_dir(dir)?.unwrap_or_default();
        before.add_dir(role, &disk, &committed, files)?;
    }
    let declaration = &layer.declaration;
    let now =
        crate::tree::read_regular(declaration).map_err(|source| TreeError::Io { path: declaration.clone(), source })?;
    if repo.head_file(declaration)?.as_deref() != Some(now.as_slice()) {
        files.insert(DECLARATION_ROLE, FileEntry::new(now))?;
        before.changed.push(DECLARATION_ROLE.to_string());
    }
    Ok((before, head))
}
