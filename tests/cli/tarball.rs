//! Tarball safety: crafted archives are refused with a clear error and
//! nothing is written.

use tar::EntryType;

use crate::util::{raw_tgz, RawEntry, TestDir};

const PKG_JSON: &[u8] = b"{\"name\": \"@acme/a\", \"version\": \"1.0.0\"}\n";

fn refused(tgz: Vec<u8>, expected: &str) {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    dir.write("tarballs/a-1.0.0.tgz", tgz);
    let run = dir.run(&["snapshot", "1.0.0", "--from", "tarballs"]);
    run.assert_code(3);
    assert!(run.stderr.contains(expected), "expected {expected:?} in:\n{}", run.stderr);
    assert!(!dir.exists("upstream"), "nothing may be written");
}

fn with(extra: RawEntry) -> Vec<u8> {
    raw_tgz(&[RawEntry::file("package/package.json", PKG_JSON, 0o644), extra])
}

#[test]
fn dot_dot_paths_are_refused() {
    refused(with(RawEntry::file("package/../../evil.js", b"x", 0o644)), "`..` components are not allowed");
}

#[test]
fn absolute_paths_are_refused() {
    refused(with(RawEntry::file("/etc/evil", b"x", 0o644)), "absolute paths are not allowed");
}

#[test]
fn symlinks_are_refused() {
    refused(with(RawEntry::link("package/link", EntryType::Symlink, "/etc/passwd")), "symbolic links are not allowed");
}

#[test]
fn hard_links_are_refused() {
    refused(
        with(RawEntry::link("package/hard", EntryType::Link, "package/package.json")),
        "hard links are not allowed",
    );
}

#[test]
fn case_only_collisions_are_refused() {
    let tgz = raw_tgz(&[
        RawEntry::file("package/package.json", PKG_JSON, 0o644),
        RawEntry::file("package/README.md", b"a", 0o644),
        RawEntry::file("package/readme.md", b"b", 0o644),
    ]);
    refused(tgz, "differ only in case");
}

#[test]
fn corrupt_gzip_is_refused() {
    let mut tgz = with(RawEntry::file("package/a.js", b"x", 0o644));
    let len = tgz.len();
    tgz.truncate(len / 2);
    refused(tgz, "corrupt archive");
}
