use crate::merge::file::{ConflictKind, Outcome};
use crate::merge::package::{merge_package, PackageMergeError};
use crate::merge::text::Labels;
use crate::tree::{FileEntry, Tree};

const LABELS: Labels<'static> = Labels { ours: "fork@1.0.0", base: "upstream@1.0.0", theirs: "upstream@1.1.0" };

fn tree(files: &[(&str, &[u8])]) -> Tree {
    let mut tree = Tree::new();
    for (path, bytes) in files {
        tree.insert(*path, FileEntry::new(bytes.to_vec())).expect("insert");
    }
    tree
}

fn outcomes(base: &Tree, ours: &Tree, theirs: &Tree) -> Vec<(String, Outcome)> {
    let merged = merge_package(base, ours, theirs, &LABELS).expect("merge");
    merged.files().iter().map(|(p, m)| (p.clone(), m.outcome())).collect()
}

#[test]
fn every_path_of_the_three_versions_gets_an_outcome() {
    let base = tree(&[("same", b"s"), ("up", b"1"), ("fork", b"1"), ("gone", b"g"), ("both", b"b")]);
    let ours = tree(&[("same", b"s"), ("up", b"1"), ("fork", b"2"), ("gone", b"g"), ("both", b"B"), ("mine", b"m")]);
    let theirs = tree(&[("same", b"s"), ("up", b"2"), ("fork", b"1"), ("both", b"B"), ("added", b"a")]);
    assert_eq!(
        outcomes(&base, &ours, &theirs),
        [
            ("added", Outcome::New),
            ("both", Outcome::Upstreamed),
            ("fork", Outcome::Kept),
            ("gone", Outcome::Deleted),
            ("mine", Outcome::Kept),
            ("same", Outcome::Unchanged),
            ("up", Outcome::Taken),
        ]
        .map(|(p, o)| (p.to_string(), o))
    );
}

#[test]
fn result_tree_holds_the_merged_files_and_conflict_copies() {
    let base = tree(&[("img.bin", b"\0base"), ("old.js", b"a\n")]);
    let ours = tree(&[("img.bin", b"\0ours"), ("old.js", b"b\n")]);
    let theirs = tree(&[("img.bin", b"\0theirs")]);
    let merged = merge_package(&base, &ours, &theirs, &LABELS).expect("merge");
    let conflicts = merged.files().iter().filter(|(_, m)| m.outcome() == Outcome::Conflict).count();
    assert_eq!(conflicts, 2);
    let kinds: Vec<_> = merged.files().iter().map(|(_, m)| m.conflict()).collect();
    assert_eq!(kinds, [Some(ConflictKind::Binary), Some(ConflictKind::DeletedUpstream)]);
    let paths: Vec<&str> = merged.tree().paths().collect();
    assert_eq!(paths, ["img.bin", "img.bin.ours", "img.bin.theirs", "old.js", "old.js.ours"]);
    assert_eq!(merged.tree().get("img.bin.theirs").map(|e| e.bytes.as_slice()), Some(&b"\0theirs"[..]));
}

#[test]
fn conflict_copy_never_overwrites_a_merged_file() {
    let base = tree(&[("x.bin", b"\0a")]);
    let ours = tree(&[("x.bin", b"\0b")]);
    let theirs = tree(&[("x.bin", b"\0c"), ("x.bin.theirs", b"upstream ships this name")]);
    let err = merge_package(&base, &ours, &theirs, &LABELS).expect_err("must refuse");
    assert!(matches!(err, PackageMergeError::SideFileTaken { ref path } if path == "x.bin.theirs"), "{err}");
}

#[test]
fn file_replaced_by_a_directory_is_refused() {
    let base = tree(&[("lib", b"file")]);
    let ours = tree(&[("lib", b"file, edited")]);
    // Upstream turned the file into a directory; the fork still edits the file.
    let theirs = tree(&[("lib-x", b"1"), ("lib/index.js", b"dir")]);
    let err = merge_package(&base, &ours, &theirs, &LABELS).expect_err("must refuse");
    assert!(
        matches!(err, PackageMergeError::FileDirectoryClash { ref file, ref inner } if file == "lib" && inner == "lib/index.js"),
        "{err}"
    );
}
