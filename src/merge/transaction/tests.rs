use std::fs;
use std::path::Path;

use crate::merge::transaction::Transaction;

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).expect("ls").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn setup(root: &Path) {
    for (dir, text) in [("a", "old a"), ("b", "old b")] {
        fs::create_dir_all(root.join(dir)).expect("mkdir");
        fs::write(root.join(dir).join("f"), text).expect("write");
    }
}

#[test]
fn commit_replaces_every_target_and_leaves_no_staging() {
    let dir = tempfile::tempdir().expect("tempdir");
    setup(dir.path());
    let mut tx = Transaction::new();
    for name in ["a", "b", "c"] {
        let stage = tx.stage(&dir.path().join(name)).expect("stage");
        fs::write(stage.join("f"), format!("new {name}")).expect("write");
    }
    tx.commit().expect("commit");
    assert_eq!(listing(dir.path()), ["a", "b", "c"]);
    for name in ["a", "b", "c"] {
        assert_eq!(fs::read_to_string(dir.path().join(name).join("f")).expect("read"), format!("new {name}"));
    }
}

#[test]
fn dropping_an_uncommitted_transaction_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    setup(dir.path());
    let mut tx = Transaction::new();
    let stage = tx.stage(&dir.path().join("a")).expect("stage");
    fs::write(stage.join("f"), "new").expect("write");
    drop(tx);
    assert_eq!(listing(dir.path()), ["a", "b"]);
    assert_eq!(fs::read_to_string(dir.path().join("a/f")).expect("read"), "old a");
}

#[test]
fn a_failing_swap_restores_the_targets_already_swapped() {
    let dir = tempfile::tempdir().expect("tempdir");
    setup(dir.path());
    let mut tx = Transaction::new();
    let stage_a = tx.stage(&dir.path().join("a")).expect("stage");
    fs::write(stage_a.join("f"), "new a").expect("write");
    let stage_b = tx.stage(&dir.path().join("b")).expect("stage");
    // Losing the second staging directory makes its swap fail.
    fs::remove_dir_all(&stage_b).expect("rm");
    assert!(tx.commit().is_err());
    assert_eq!(listing(dir.path()), ["a", "b"]);
    assert_eq!(fs::read_to_string(dir.path().join("a/f")).expect("read"), "old a");
    assert_eq!(fs::read_to_string(dir.path().join("b/f")).expect("read"), "old b");
}

#[test]
fn staged_writes_keep_bytes_and_the_executable_bit() {
    use crate::merge::transaction::write_staged;
    use crate::tree::{FileEntry, Tree};
    let dir = tempfile::tempdir().expect("tempdir");
    let mut tree = Tree::new();
    tree.insert("a/b/c.txt", FileEntry::new(b"c\r\n".to_vec())).expect("insert");
    tree.insert("a/run", FileEntry::executable(b"#!/bin/sh\n".to_vec())).expect("insert");
    tree.insert("z", FileEntry::new(Vec::new())).expect("insert");
    write_staged(&tree, dir.path(), None).expect("write");
    let read = Tree::read_dir(dir.path()).expect("read");
    assert_eq!(read.get("a/b/c.txt"), tree.get("a/b/c.txt"));
    assert_eq!(read.get("z"), tree.get("z"));
    assert_eq!(read.get("a/run").map(|e| e.executable), Some(cfg!(unix)));
}

#[test]
fn identical_files_are_linked_from_the_directory_being_replaced() {
    use crate::merge::transaction::write_staged;
    use crate::tree::{FileEntry, Tree};
    let dir = tempfile::tempdir().expect("tempdir");
    let old_root = dir.path().join("old");
    let mut old = Tree::new();
    old.insert("same.txt", FileEntry::new(b"same".to_vec())).expect("insert");
    old.insert("changed.txt", FileEntry::new(b"before".to_vec())).expect("insert");
    write_staged(&old, &old_root, None).expect("write old");
    let mut new = Tree::new();
    new.insert("same.txt", FileEntry::new(b"same".to_vec())).expect("insert");
    new.insert("changed.txt", FileEntry::new(b"after".to_vec())).expect("insert");
    let stage = dir.path().join("stage");
    write_staged(&new, &stage, Some((&old_root, &old))).expect("write new");
    // Removing the old directory (as the swap does) leaves the new intact.
    fs::remove_dir_all(&old_root).expect("rm");
    assert_eq!(Tree::read_dir(&stage).expect("read"), new);
}

#[test]
fn a_staged_file_is_swapped_with_the_directories_keeping_its_mode() {
    let dir = tempfile::tempdir().expect("tempdir");
    setup(dir.path());
    let decl = dir.path().join("decl.toml");
    fs::write(&decl, "old\n").expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&decl, fs::Permissions::from_mode(0o600)).expect("chmod");
    }
    let mut tx = Transaction::new();
    fs::write(tx.stage(&dir.path().join("a")).expect("stage").join("f"), "new a").expect("write");
    tx.stage_file(&decl, b"new\n").expect("stage file");
    tx.commit().expect("commit");
    assert_eq!(listing(dir.path()), ["a", "b", "decl.toml"]);
    assert_eq!(fs::read(&decl).expect("read"), b"new\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(fs::metadata(&decl).expect("stat").permissions().mode() & 0o777, 0o600);
    }
}

#[test]
fn an_uncommitted_or_failed_file_swap_leaves_the_file_as_it_was() {
    let dir = tempfile::tempdir().expect("tempdir");
    setup(dir.path());
    let decl = dir.path().join("decl.toml");
    fs::write(&decl, "old\n").expect("write");
    let mut tx = Transaction::new();
    tx.stage_file(&decl, b"new\n").expect("stage file");
    drop(tx);
    assert_eq!(listing(dir.path()), ["a", "b", "decl.toml"]);
    assert_eq!(fs::read(&decl).expect("read"), b"old\n");
    // The file swaps first; the lost staging directory after it fails.
    let mut tx = Transaction::new();
    tx.stage_file(&decl, b"new\n").expect("stage file");
    let stage_b = tx.stage(&dir.path().join("b")).expect("stage");
    fs::remove_dir_all(&stage_b).expect("rm");
    assert!(tx.commit().is_err());
    assert_eq!(listing(dir.path()), ["a", "b", "decl.toml"]);
    assert_eq!(fs::read(&decl).expect("read"), b"old\n");
}
