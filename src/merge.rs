//! Three-way merge of the fork layer onto a new upstream.
pub mod baseline;
pub mod file;
pub mod git;
pub mod guided;
pub mod layer;
pub mod memory;
pub mod package;
pub mod pins;
pub mod progress;
pub mod text;

use std::path::Path;

use crate::tree::{Tree, TreeError};

/// The files below `dir`; none when it is not a directory.
pub(crate) fn read_dir_or_empty(dir: &Path) -> Result<Tree, TreeError> {
    if dir.is_dir() {
        Tree::read_dir(dir)
    } else {
        Ok(Tree::new())
    }
}
