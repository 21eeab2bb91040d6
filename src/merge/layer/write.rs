//! Writing a merge's result as one journaled update, and what a merge with
//! conflicts keeps for `merge --abort`.

use crate::journal::Update;
use crate::layer::Layer;
use crate::merge::git::Repo;
use crate::merge::layer::{DeclarationChange, MergeError};
use crate::merge::pins::PinChange;
use crate::merge::progress::{state_dir, BeforeMerge, MergeState, BEFORE_DIR, DECLARATION_ROLE};
use crate::merge::read_dir_or_empty;
use crate::tree::{FileEntry, Tree, TreeError};

/// Everything a merge writes.
pub(super) struct Written<'a> {
    /// The new upstream directory.
    pub(super) upstream: &'a Tree,
    /// The upstream directory as this merge read it, if it could.
    pub(super) upstream_read: Option<&'a Tree>,
    /// The fork layer as this merge read it.
    pub(super) forks_read: &'a Tree,
    /// The new fork layer.
    pub(super) forks: &'a Tree,
    /// The new `patches/` (clean merges only).
    pub(super) patches: Option<&'a Tree>,
    /// The declaration at the new versions (clean merges only).
    pub(super) declaration: Option<&'a DeclarationChange>,
    /// The pins of the baseline to move (clean merges only).
    pub(super) pins: &'a [PinChange],
    /// The state directory to leave for `--continue` (merges with
    /// conflicts): see [`state_tree`].
    pub(super) state: Option<&'a Tree>,
}

/// Writes the new upstream, the new fork layer and, on a clean merge, the
/// new `patches/` and declaration, all or nothing: only files that change
/// are written, in place, after a journal recorded how to undo them
/// ([`crate::journal`]). Once it starts it runs to the end (or rolls back):
/// Ctrl-C is only looked at between steps.
pub(super) fn write_result(layer: &Layer, written: &Written<'_>) -> Result<(), MergeError> {
    let paths = &layer.paths;
    let Written { upstream, upstream_read, forks_read, forks, patches, declaration, pins, state } = *written;
    let mut update = Update::new(&layer.root);
    // The merge read these directories already: the journal compares
    // against those reads instead of reading them again.
    match upstream_read {
        Some(read) => update.replace_read_dir(&paths.upstream, upstream, read),
        None => update.replace_dir(&paths.upstream, upstream),
    }
    update.replace_read_dir(&paths.forks, forks, forks_read);
    if let Some(patches) = patches {
        update.replace_dir(&paths.patches, patches);
    }
    if let Some(change) = declaration {
        update.replace_file(&change.file, change.text.as_bytes());
    }
    for pin in pins {
        update.replace_file(&pin.file, pin.text.as_bytes());
    }
    if let Some(tree) = state {
        update.replace_dir(&state_dir(&layer.root), tree);
    }
    update.apply()?;
    Ok(())
}

/// The state directory a merge with conflicts leaves: `state`, with what
/// differs from HEAD in the three directories and the declaration as the
/// merge starts (`forks`: the fork layer as read from disk) and the commit
/// HEAD names, and the files to keep for `merge --abort` under
/// [`BEFORE_DIR`].
pub(super) fn state_tree(layer: &Layer, mut state: MergeState, forks: &Tree) -> Result<Tree, MergeError> {
    let mut files = Tree::new();
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    // Pinned, so that what is compared here and the commit recorded are one.
    let head = repo.head_id()?;
    let repo = repo.at_commit(&head)?;
    let mut before = BeforeMerge::default();
    for (role, dir) in [("upstream", &paths.upstream), ("forks", &paths.forks), ("patches", &paths.patches)] {
        let disk = match role {
            "forks" => forks.clone(),
            _ => read_dir_or_empty(dir)?,
        };
        let committed = repo.head_dir(dir)?.unwrap_or_default();
        before.add_dir(role, &disk, &committed, &mut files)?;
    }
    let declaration = &layer.declaration;
    let now =
        crate::tree::read_regular(declaration).map_err(|source| TreeError::Io { path: declaration.clone(), source })?;
    if repo.head_file(declaration)?.as_deref() != Some(now.as_slice()) {
        files.insert(DECLARATION_ROLE, FileEntry::new(now))?;
        before.changed.push(DECLARATION_ROLE.to_string());
    }
    state.before = (!before.is_empty()).then_some(before);
    state.head = Some(head);
    let mut tree = state.to_tree()?;
    for (path, entry) in files.iter() {
        tree.insert(format!("{BEFORE_DIR}/{path}"), entry.clone())?;
    }
    Ok(tree)
}
