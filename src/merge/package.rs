//! Three-way merge of one package: every path of base, ours and theirs.

use std::collections::BTreeSet;

use crate::merge::file::{merge_file, FileMerge};
use crate::merge::text::{Labels, TextMergeError};
use crate::tree::{FileEntry, Tree, TreeError};

/// Errors of merging one package.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PackageMergeError {
    /// libgit2 failed on a file.
    #[error("could not merge `{path}`")]
    Text {
        /// The file, relative to the package.
        path: String,
        /// The underlying error.
        #[source]
        source: TextMergeError,
    },
    /// A conflict side file would overwrite a file of the merge result.
    #[error("cannot write the conflict copy `{path}`: a file of that name is part of the merge result")]
    SideFileTaken {
        /// The side file, relative to the package.
        path: String,
    },
    /// The merge result has a file where another file needs a directory.
    #[error("`{file}` is a file in one version and a directory holding `{inner}` in another")]
    FileDirectoryClash {
        /// The path that is a file.
        file: String,
        /// A file below it in the other version.
        inner: String,
    },
    /// A path of the result is unsafe (cannot happen with checked inputs).
    #[error(transparent)]
    Tree(#[from] TreeError),
}

/// The merge of one package.
#[derive(Clone, Debug)]
pub struct PackageMerge {
    files: Vec<(String, FileMerge)>,
    tree: Tree,
}

impl PackageMerge {
    /// Every path of the three versions with its merge, sorted by path.
    pub fn files(&self) -> &[(String, FileMerge)] {
        &self.files
    }

    /// The new fork package, conflict side files included.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Takes the new fork package.
    pub fn into_tree(self) -> Tree {
        self.tree
    }

    /// Replaces the conflict of `path` by a recorded resolution: its
    /// result (or its absence) and no conflict copies.
    pub fn resolve(&mut self, path: &str, result: Option<FileEntry>) -> Result<(), PackageMergeError> {
        let Some((_, merge)) = self.files.iter_mut().find(|(p, _)| p == path) else { return Ok(()) };
        for (side, _) in merge.sides() {
            self.tree.remove(&side_file_path(path, *side));
        }
        self.tree.remove(path);
        if let Some(entry) = &result {
            self.tree.insert(path, entry.clone())?;
        }
        *merge = FileMerge::resolved(result);
        Ok(())
    }
}

/// Merges every file of a package. `base` is the old upstream, `ours` the
/// fork and `theirs` the new upstream.
pub fn merge_package(
    base: &Tree,
    ours: &Tree,
    theirs: &Tree,
    labels: &Labels<'_>,
) -> Result<PackageMerge, PackageMergeError> {
    let paths: BTreeSet<&str> = base.paths().chain(ours.paths()).chain(theirs.paths()).collect();
    let mut files = Vec::with_capacity(paths.len());
    let mut tree = Tree::new();
    for path in paths {
        let merge = merge_file(base.get(path), ours.get(path), theirs.get(path), labels)
            .map_err(|source| PackageMergeError::Text { path: path.to_string(), source })?;
        if let Some(result) = merge.result() {
            tree.insert(path, result.clone()).map_err(clash)?;
        }
        files.push((path.to_string(), merge));
    }
    // `<file>.ours` / `<file>.theirs` for binary and delete/modify
    // conflicts, refusing to overwrite anything the merge produced.
    for (path, merge) in &files {
        for (side, entry) in merge.sides() {
            let side_path = side_file_path(path, *side);
            if tree.contains(&side_path) {
                return Err(PackageMergeError::SideFileTaken { path: side_path });
            }
            tree.insert(side_path, entry.clone()).map_err(clash)?;
        }
    }
    Ok(PackageMerge { files, tree })
}

/// A file and a directory of the same name in the result (the tree
/// refuses to hold both) named as the clash it is.
fn clash(err: TreeError) -> PackageMergeError {
    match err {
        TreeError::FileAndDirectory { path, other } => {
            let (file, inner) = if path.starts_with(&format!("{other}/")) { (other, path) } else { (path, other) };
            PackageMergeError::FileDirectoryClash { file, inner }
        }
        other => other.into(),
    }
}

/// Where one side of a conflict is written: next to the fork file.
pub fn side_file_path(path: &str, side: crate::merge::file::Side) -> String {
    format!("{path}.{}", side.suffix())
}

#[cfg(test)]
mod tests;
