use std::path::Path;
use std::process::Command;

use crate::merge::text::{is_mergeable_text, merge_text, Labels};

const LABELS: Labels<'static> = Labels { ours: "fork@1.0.0", base: "upstream@1.0.0", theirs: "upstream@1.1.0" };

/// (name, base, ours, theirs, expect a conflict)
const CASES: &[(&str, &str, &str, &str, bool)] = &[
    ("same line changed on both sides", "a\nb\nc\nd\n", "a\nB1\nc\nd\n", "a\nB2\nc\nd\n", true),
    ("adjacent lines", "a\nb\nc\nd\ne\n", "a\nB\nc\nd\ne\n", "a\nb\nC\nd\ne\n", true),
    ("distant lines", "a\nb\nc\nd\ne\nf\n", "A\nb\nc\nd\ne\nf\n", "a\nb\nc\nd\ne\nF\n", false),
    ("identical edits", "a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n", false),
    ("crlf on both sides", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n", "a\r\nX\r\nc\r\n", true),
    ("crlf/lf flip on one side", "a\nb\nc\nd\n", "a\r\nb\r\nc\r\nd\r\n", "a\nb\nc\nD\n", true),
    ("no final newline, last line both", "a\nb\nc", "a\nb\nC1", "a\nb\nC2", true),
    ("no final newline, clean", "a\nb\nc", "A\nb\nc", "a\nb\nc\nd", false),
    (
        "minified one-line file",
        "var a=1;var b=2;var c=3;",
        "var a=10;var b=2;var c=3;",
        "var a=1;var b=2;var c=30;",
        true,
    ),
    ("insertions at the same place", "a\nb\n", "a\nx\nb\n", "a\ny\nb\n", true),
    ("bom kept", "\u{feff}a\nb\n", "\u{feff}a\nB\n", "\u{feff}a\nC\n", true),
    ("empty base, both added", "", "x\ny\n", "x\nz\n", true),
    ("empty base, crlf", "", "x\r\n", "y\r\n", true),
    (
        "several conflicts",
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
        "1\nA\n3\n4\n5\n6\n7\nB\n9\n",
        "1\nC\n3\n4\n5\n6\n7\nD\n9\n",
        true,
    ),
];

fn git_merge_file(dir: &Path, base: &str, ours: &str, theirs: &str) -> Vec<u8> {
    for (name, text) in [("base", base), ("ours", ours), ("theirs", theirs)] {
        std::fs::write(dir.join(name), text).expect("write input");
    }
    let output = Command::new("git")
        .current_dir(dir)
        .args(["merge-file", "--diff3", "-p"])
        .args(["-L", LABELS.ours, "-L", LABELS.base, "-L", LABELS.theirs])
        .args(["ours", "base", "theirs"])
        .output()
        .expect("git merge-file runs");
    // git exits with the number of conflicts, or a negative value on error.
    assert!(output.status.code().is_some_and(|c| (0..=127).contains(&c)), "git failed: {output:?}");
    output.stdout
}

#[test]
fn output_matches_git_merge_file_diff3_byte_for_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    for &(name, base, ours, theirs, conflicted) in CASES {
        let merged = merge_text(base.as_bytes(), ours.as_bytes(), theirs.as_bytes(), &LABELS).expect("merge");
        assert_eq!(merged.conflicted, conflicted, "{name}");
        let expected = git_merge_file(dir.path(), base, ours, theirs);
        assert_eq!(String::from_utf8_lossy(merged.content.as_slice()), String::from_utf8_lossy(&expected), "{name}");
        assert_eq!(merged.content.as_slice(), expected.as_slice(), "{name}");
    }
}

#[test]
fn conflict_markers_carry_the_version_labels() {
    let merged = merge_text(b"a\n", b"b\n", b"c\n", &LABELS).expect("merge");
    assert_eq!(
        merged.content.as_slice(),
        b"<<<<<<< fork@1.0.0\nb\n||||||| upstream@1.0.0\na\n=======\nc\n>>>>>>> upstream@1.1.0\n"
    );
}

#[test]
fn empty_base_with_a_bare_marker_line_in_the_fork_is_left_as_libgit2_wrote_it() {
    let merged = merge_text(b"", b"|||||||\nx\n", b"y\n", &LABELS).expect("merge");
    assert!(merged.conflicted);
    assert!(!merged.content.as_slice().windows(22).any(|w| w == b"||||||| upstream@1.0.0"));
}

#[test]
fn binary_and_non_utf8_bytes_are_not_mergeable_text() {
    assert!(is_mergeable_text(b"plain\r\ntext"));
    assert!(is_mergeable_text("\u{feff}bom".as_bytes()));
    assert!(!is_mergeable_text(b"nul\0byte"));
    assert!(!is_mergeable_text(b"latin1 \xe9"));
}
