use std::fs;
use std::path::Path;

use crate::merge::git::{GitError, Repo};
use crate::tree::FileEntry;

/// Commits every file below `root` (like `git add -A && git commit`).
fn commit_all(root: &Path) {
    let repo = git2::Repository::open(root).expect("open");
    let mut index = repo.index().expect("index");
    index.add_all(["*"], git2::IndexAddOption::DEFAULT, None).expect("add");
    index.write().expect("write index");
    let tree = repo.find_tree(index.write_tree().expect("tree")).expect("tree");
    let sig = git2::Signature::new("t", "t@example.invalid", &git2::Time::new(1_700_000_000, 0)).expect("sig");
    let parent = repo.head().ok().and_then(|h| h.peel_to_commit().ok());
    let parents: Vec<&git2::Commit<'_>> = parent.iter().collect();
    repo.commit(Some("HEAD"), &sig, &sig, "commit", &tree, &parents).expect("commit");
}

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    fs::write(path, bytes).expect("write");
}

#[test]
fn head_dir_reads_committed_bytes_and_modes_not_the_work_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    git2::Repository::init(dir.path()).expect("init");
    write(dir.path(), "upstream/@s/p/a.js", b"a\r\n");
    write(dir.path(), "upstream/@s/p/bin/run", b"#!/bin/sh\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let run = dir.path().join("upstream/@s/p/bin/run");
        fs::set_permissions(run, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    commit_all(dir.path());
    write(dir.path(), "upstream/@s/p/a.js", b"changed after the commit\n");
    let repo = Repo::discover(dir.path()).expect("repo");
    let tree = repo.head_dir(&dir.path().join("upstream/@s/p")).expect("read").expect("present");
    assert_eq!(tree.get("a.js"), Some(&FileEntry::new(b"a\r\n".to_vec())));
    let run = tree.get("bin/run").expect("bin/run");
    assert_eq!(run.executable, cfg!(unix));
    assert_eq!(tree.len(), 2);
    assert!(repo.head_dir(&dir.path().join("upstream/@s/missing")).expect("read").is_none());
    assert_eq!(repo.head_file(&dir.path().join("upstream/@s/p/a.js")).expect("read"), Some(b"a\r\n".to_vec()));
}

#[test]
fn dirty_paths_lists_changes_below_the_given_directories_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    git2::Repository::init(dir.path()).expect("init");
    write(dir.path(), "upstream/x", b"1");
    write(dir.path(), "forks/y", b"1");
    write(dir.path(), "other/z", b"1");
    commit_all(dir.path());
    let repo = Repo::discover(dir.path()).expect("repo");
    let dirs = [dir.path().join("upstream"), dir.path().join("forks"), dir.path().join("patches")];
    let dirs: Vec<&Path> = dirs.iter().map(|p| p.as_path()).collect();
    assert!(repo.dirty_paths(&dirs).expect("status").is_empty());
    write(dir.path(), "other/z", b"2");
    assert!(repo.dirty_paths(&dirs).expect("status").is_empty());
    write(dir.path(), "forks/y", b"2");
    write(dir.path(), "patches/new.json", b"{}");
    assert_eq!(repo.dirty_paths(&dirs).expect("status"), ["forks/y", "patches/new.json"]);
}

#[test]
fn a_change_below_nested_directories_is_listed_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    git2::Repository::init(dir.path()).expect("init");
    write(dir.path(), "upstream/sub/x", b"1");
    commit_all(dir.path());
    let repo = Repo::discover(dir.path()).expect("repo");
    write(dir.path(), "upstream/sub/x", b"2");
    let dirs = [dir.path().join("upstream"), dir.path().join("upstream/sub")];
    let dirs: Vec<&Path> = dirs.iter().map(|p| p.as_path()).collect();
    assert_eq!(repo.dirty_paths(&dirs).expect("status"), ["upstream/sub/x"]);
}

#[test]
fn a_directory_outside_any_repository_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inner = dir.path().join("no-repo-here");
    fs::create_dir_all(&inner).expect("mkdir");
    // The temp dir itself may sit inside a repository on some machines, so
    // only a failure of the expected kind, or a repo elsewhere, is accepted.
    match Repo::discover(&inner) {
        Err(GitError::NoRepository { .. }) => {}
        Err(other) => panic!("unexpected error {other}"),
        Ok(repo) => assert!(!repo.workdir.starts_with(dir.path())),
    }
}

/// Halves the loose object file of `oid` (as a disk error or a hostile
/// repository could leave it).
fn truncate_loose(root: &Path, oid: git2::Oid) {
    let hex = oid.to_string();
    let path = root.join(".git/objects").join(&hex[..2]).join(&hex[2..]);
    let bytes = fs::read(&path).expect("a loose object");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("chmod");
    }
    fs::write(&path, &bytes[..bytes.len() / 2]).expect("truncate");
}

/// Runs `read` on another thread and fails the test if it has not returned
/// within a minute (libgit2 alone spins forever on a truncated object).
fn within_a_minute<T: Send + 'static>(read: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(read());
    });
    receive.recv_timeout(std::time::Duration::from_secs(60)).expect("the read returned instead of hanging")
}

#[test]
fn a_truncated_loose_object_is_a_damaged_object_error_not_a_hang() {
    let dir = tempfile::tempdir().expect("tempdir");
    git2::Repository::init(dir.path()).expect("init");
    write(dir.path(), "upstream/@s/p/a.js", &b"let a = 1;\n".repeat(200));
    write(dir.path(), "upstream/@s/p/lib/b.js", &b"let b = 2;\n".repeat(200));
    commit_all(dir.path());
    let git = git2::Repository::open(dir.path()).expect("open");
    let head = git.head().expect("head").peel_to_tree().expect("tree");
    let blob = head.get_path(Path::new("upstream/@s/p/a.js")).expect("a.js").id();
    let lib = head.get_path(Path::new("upstream/@s/p/lib")).expect("lib").id();
    truncate_loose(dir.path(), blob);
    let root = dir.path().to_path_buf();
    let read = within_a_minute(move || Repo::discover(&root).expect("repo").head_dir(&root.join("upstream/@s/p")));
    let err = read.expect_err("damaged");
    assert!(matches!(err, GitError::DamagedObject { .. }), "{err}");
    assert!(err.to_string().contains(&blob.to_string()), "{err}");
    // A truncated tree below a directory the merge checks for changes.
    truncate_loose(dir.path(), lib);
    let root = dir.path().to_path_buf();
    let status = within_a_minute(move || Repo::discover(&root).expect("repo").dirty_paths(&[&root.join("upstream")]));
    assert!(matches!(status, Err(GitError::DamagedObject { .. })), "{:?}", status.err());
}

/// A repository whose HEAD holds package `@s/p` in `upstream/` (a CRLF
/// file, one to edit, an executable `bin/run`, an empty file to lose) and
/// `more` files beside it.
fn committed_upstream(more: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    git2::Repository::init(dir.path()).expect("init");
    let package: [(&str, &[u8]); 4] = [
        ("@s/p/same.js", b"same\r\n"),
        ("@s/p/edited.js", b"v1"),
        ("@s/p/bin/run", b"#!/bin/sh\n"),
        ("@s/p/gone.js", b""),
    ];
    for (rel, bytes) in package.iter().chain(more) {
        write(dir.path(), &format!("upstream/{rel}"), bytes);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let run = dir.path().join("upstream/@s/p/bin/run");
        fs::set_permissions(run, fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    commit_all(dir.path());
    dir
}

#[test]
fn a_directory_against_head_lists_every_file_whose_disk_version_differs_and_keeps_the_committed_files() {
    let dir = committed_upstream(&[("VERSION", b"1.0.0\n")]);
    let repo = Repo::discover(dir.path()).expect("repo");
    let upstream = dir.path().join("upstream");
    let from_git = repo.head_dir(&upstream).expect("read").expect("upstream");
    let mut disk = crate::tree::Tree::new();
    disk.insert("VERSION", FileEntry::new(b"1.0.0\n".to_vec())).expect("insert");
    disk.insert("@s/p/same.js", FileEntry::new(b"same\r\n".to_vec())).expect("insert");
    disk.insert("@s/p/edited.js", FileEntry::new(b"v2".to_vec())).expect("insert");
    disk.insert("@s/p/bin/run", FileEntry::new(b"#!/bin/sh\n".to_vec())).expect("insert");
    disk.insert("@s/p/new.js", FileEntry::new(b"new".to_vec())).expect("insert");
    let against = repo.head_dir_against_disk(&upstream, &disk).expect("read").expect("no links");
    assert_eq!(against.files, from_git, "the committed files, whatever the disk holds");
    let mut expected = vec!["upstream/@s/p/edited.js", "upstream/@s/p/gone.js", "upstream/@s/p/new.js"];
    if cfg!(unix) {
        expected.push("upstream/@s/p/bin/run");
    }
    expected.sort_unstable();
    assert_eq!(against.differing, expected);
    // The same disk as committed: nothing differs.
    let against = repo.head_dir_against_disk(&upstream, &from_git).expect("read").expect("no links");
    assert!(against.differing.is_empty(), "{:?}", against.differing);
}
