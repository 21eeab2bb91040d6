//! What a merge with conflicts leaves for `merge --continue` and
//! `merge --abort`.

use crate::layer::Layer;
use crate::merge::git::Repo;
use crate::merge::layer::MergeError;
use crate::merge::progress::{BeforeMerge, MergeState, BEFORE_DIR, DECLARATION_ROLE};
use crate::merge::read_dir_or_empty;
use crate::tree::{FileEntry, Tree, TreeError};

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
