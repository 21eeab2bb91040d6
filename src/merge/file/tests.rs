use crate::merge::file::{merge_file, ConflictKind, FileMerge, Outcome, Side};
use crate::merge::text::Labels;
use crate::tree::FileEntry;

const LABELS: Labels<'static> = Labels { ours: "fork@1.0.0", base: "upstream@1.0.0", theirs: "upstream@1.1.0" };

fn text(s: &str) -> FileEntry {
    FileEntry::new(s.as_bytes().to_vec())
}

fn merge(base: Option<&FileEntry>, ours: Option<&FileEntry>, theirs: Option<&FileEntry>) -> FileMerge {
    merge_file(base, ours, theirs, &LABELS).expect("merge")
}

#[test]
fn untouched_file_is_unchanged() {
    let f = text("a\n");
    let m = merge(Some(&f), Some(&f), Some(&f));
    assert_eq!((m.outcome(), m.result()), (Outcome::Unchanged, Some(&f)));
}

#[test]
fn upstream_only_change_is_taken() {
    let (base, theirs) = (text("a\n"), text("b\n"));
    let m = merge(Some(&base), Some(&base), Some(&theirs));
    assert_eq!((m.outcome(), m.result()), (Outcome::Taken, Some(&theirs)));
}

#[test]
fn fork_only_change_is_kept() {
    let (base, ours) = (text("a\n"), text("b\n"));
    let m = merge(Some(&base), Some(&ours), Some(&base));
    assert_eq!((m.outcome(), m.result()), (Outcome::Kept, Some(&ours)));
}

#[test]
fn fork_deletion_of_an_unchanged_file_is_kept() {
    let base = text("a\n");
    let m = merge(Some(&base), None, Some(&base));
    assert_eq!((m.outcome(), m.result()), (Outcome::Kept, None));
}

#[test]
fn new_upstream_file_is_adopted() {
    let theirs = text("new\n");
    let m = merge(None, None, Some(&theirs));
    assert_eq!((m.outcome(), m.result()), (Outcome::New, Some(&theirs)));
}

#[test]
fn upstream_deletion_of_an_unchanged_file_deletes_it() {
    let base = text("a\n");
    let m = merge(Some(&base), Some(&base), None);
    assert_eq!((m.outcome(), m.result()), (Outcome::Deleted, None));
}

#[test]
fn fork_change_already_upstream_is_upstreamed() {
    let (base, both) = (text("a\n"), text("b\n"));
    let m = merge(Some(&base), Some(&both), Some(&both));
    assert_eq!((m.outcome(), m.result()), (Outcome::Upstreamed, Some(&both)));
}

#[test]
fn fork_deletion_done_upstream_too_is_upstreamed() {
    let base = text("a\n");
    let m = merge(Some(&base), None, None);
    assert_eq!((m.outcome(), m.result()), (Outcome::Upstreamed, None));
}

#[test]
fn distant_edits_on_both_sides_merge() {
    let base = text("a\nb\nc\nd\ne\n");
    let m = merge(Some(&base), Some(&text("A\nb\nc\nd\ne\n")), Some(&text("a\nb\nc\nd\nE\n")));
    assert_eq!((m.outcome(), m.result()), (Outcome::Merged, Some(&text("A\nb\nc\nd\nE\n"))));
}

#[test]
fn package_json_version_bump_merges_with_a_fork_edit() {
    let base = text("{\n  \"name\": \"@s/p\",\n  \"version\": \"1.0.0\",\n  \"main\": \"lib/index.js\",\n  \"files\": [\n    \"lib\"\n  ]\n}\n");
    let ours = text("{\n  \"name\": \"@s/p\",\n  \"version\": \"1.0.0\",\n  \"main\": \"lib/index.js\",\n  \"files\": [\n    \"lib\",\n    \"extra\"\n  ]\n}\n");
    let theirs = text("{\n  \"name\": \"@s/p\",\n  \"version\": \"1.1.0\",\n  \"main\": \"lib/index.js\",\n  \"files\": [\n    \"lib\"\n  ]\n}\n");
    let m = merge(Some(&base), Some(&ours), Some(&theirs));
    let expected = text("{\n  \"name\": \"@s/p\",\n  \"version\": \"1.1.0\",\n  \"main\": \"lib/index.js\",\n  \"files\": [\n    \"lib\",\n    \"extra\"\n  ]\n}\n");
    assert_eq!((m.outcome(), m.result()), (Outcome::Merged, Some(&expected)));
}

#[test]
fn same_line_edits_conflict_with_markers_in_the_fork_file() {
    let m = merge(Some(&text("a\nb\nc\n")), Some(&text("a\nB\nc\n")), Some(&text("a\nX\nc\n")));
    assert_eq!((m.outcome(), m.conflict()), (Outcome::Conflict, Some(ConflictKind::Text)));
    let merged = m.result().expect("fork file kept");
    assert_eq!(
        *merged.bytes,
        b"a\n<<<<<<< fork@1.0.0\nB\n||||||| upstream@1.0.0\nb\n=======\nX\n>>>>>>> upstream@1.1.0\nc\n"
    );
    assert!(m.sides().is_empty());
}

#[test]
fn binary_changed_on_both_sides_conflicts_and_keeps_both_versions() {
    let base = FileEntry::new(vec![0, 1, 2]);
    let ours = FileEntry::new(vec![0, 1, 3]);
    let theirs = FileEntry::new(vec![0, 1, 4]);
    let m = merge(Some(&base), Some(&ours), Some(&theirs));
    assert_eq!((m.outcome(), m.conflict()), (Outcome::Conflict, Some(ConflictKind::Binary)));
    assert_eq!(m.result(), Some(&ours));
    assert_eq!(m.sides(), &[(Side::Ours, ours), (Side::Theirs, theirs)]);
}

#[test]
fn non_utf8_text_changed_on_both_sides_is_a_binary_conflict() {
    let base = FileEntry::new(b"caf\xe9\nb\nc\n".to_vec());
    let ours = FileEntry::new(b"caf\xe9\nB\nc\n".to_vec());
    let theirs = FileEntry::new(b"caf\xe9\nb\nC\n".to_vec());
    let m = merge(Some(&base), Some(&ours), Some(&theirs));
    assert_eq!(m.conflict(), Some(ConflictKind::Binary));
}

#[test]
fn fork_deleted_upstream_modified_conflicts_and_writes_upstream_version() {
    let (base, theirs) = (text("a\n"), text("b\n"));
    let m = merge(Some(&base), None, Some(&theirs));
    assert_eq!(m.conflict(), Some(ConflictKind::DeletedInFork));
    assert_eq!(m.result(), None);
    assert_eq!(m.sides(), &[(Side::Theirs, theirs)]);
}

#[test]
fn fork_modified_upstream_deleted_conflicts_and_keeps_fork_version() {
    let (base, ours) = (text("a\n"), text("b\n"));
    let m = merge(Some(&base), Some(&ours), None);
    assert_eq!(m.conflict(), Some(ConflictKind::DeletedUpstream));
    assert_eq!(m.result(), Some(&ours));
    assert_eq!(m.sides(), &[(Side::Ours, ours)]);
}

#[test]
fn executable_bit_follows_the_side_that_changed_it() {
    let base = text("a\nb\nc\nd\n");
    let ours = FileEntry::executable(b"A\nb\nc\nd\n".to_vec());
    let theirs = text("a\nb\nc\nD\n");
    let m = merge(Some(&base), Some(&ours), Some(&theirs));
    assert_eq!(m.result(), Some(&FileEntry::executable(b"A\nb\nc\nD\n".to_vec())));
}

#[test]
fn mode_only_change_upstream_is_taken() {
    let base = text("#!/bin/sh\n");
    let theirs = FileEntry::executable(b"#!/bin/sh\n".to_vec());
    let m = merge(Some(&base), Some(&base), Some(&theirs));
    assert_eq!((m.outcome(), m.result()), (Outcome::Taken, Some(&theirs)));
}

#[test]
fn both_sides_adding_different_text_conflicts_against_an_empty_base() {
    let m = merge(None, Some(&text("x\n")), Some(&text("y\n")));
    assert_eq!(m.conflict(), Some(ConflictKind::Text));
    assert_eq!(
        *m.result().expect("fork file").bytes,
        b"<<<<<<< fork@1.0.0\nx\n||||||| upstream@1.0.0\n=======\ny\n>>>>>>> upstream@1.1.0\n"
    );
}
