use crate::tree::{FileEntry, Tree};

use super::{apply, render, Format, FormatError};

fn tree(files: &[(&str, &[u8])]) -> Tree {
    let mut tree = Tree::new();
    for (path, bytes) in files {
        tree.insert(*path, FileEntry::new(bytes.to_vec())).expect("valid path");
    }
    tree
}
