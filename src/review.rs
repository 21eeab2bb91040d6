//! Unified review diffs (`patches/<pkg>.diff`) in git style, for people:
//! the manifest is what tools apply, the diff is what reviewers read.

use std::collections::BTreeMap;

use similar::{group_diff_ops, DiffOp};

use crate::manifest::as_text;
use crate::tree::{FileEntry, Tree};

/// The review diff of a whole package: every changed, added or deleted
/// file in sorted order, `a/` = upstream, `b/` = fork.
pub fn package_diff(base: &Tree, fork: &Tree) -> String {
    package_diff_with(base, fork, &BTreeMap::new())
}

/// [`package_diff`], taking the hunks of the files in `known` (path →
/// output of [`shared_line_diff`]) instead of diffing them again.
pub fn package_diff_with(base: &Tree, fork: &Tree, known: &BTreeMap<String, String>) -> String {
    let mut paths: Vec<&str> = base.paths().chain(fork.paths()).collect();
    paths.sort_unstable();
    paths.dedup();
    let mut out = String::new();
    for path in paths {
        file_diff(&mut out, path, base.get(path), fork.get(path), known.get(path));
    }
    out
}

/// One line diff of a file present on both sides, for the review (its
/// unified hunks, as [`package_diff`] writes them) and for the anchors (its
/// ops over lines cut after `\n`, see `anchor::lines`).
pub fn shared_line_diff(path: &str, a: &str, b: &str) -> (String, Vec<DiffOp>) {
    text_diff(&format!("a/{path}"), &format!("b/{path}"), a, b)
}

/// The unified hunks (headed `--- from` / `+++ to`) and line ops of `a` → `b`.
fn text_diff(from: &str, to: &str, a: &str, b: &str) -> (String, Vec<DiffOp>) {
    // Lines cut after every `\n` (a lone `\r` stays inside its line, as
    // `git apply` and `patch` read it): the units of the anchors too.
    let (la, lb) = (crate::anchor::cut_lines(a), crate::anchor::cut_lines(b));
    let ops = crate::linediff::diff_units(&as_bytes(&la), &as_bytes(&lb));
    let mut hunks = String::new();
    unified(&mut hunks, from, to, &la, &lb, &ops);
    (hunks, ops)
}

fn as_bytes<'t>(lines: &[&'t str]) -> Vec<&'t [u8]> {
    lines.iter().map(|l| l.as_bytes()).collect()
}

/// Writes the unified hunks of `ops` (3 lines of context) after a `---` /
/// `+++` header. A last line without `\n` is followed by git's `\ No
/// newline at end of file`, so `git apply` and `patch` rebuild it exactly.
fn unified(out: &mut String, from: &str, to: &str, a: &[&str], b: &[&str], ops: &[DiffOp]) {
    let groups = group_diff_ops(ops.to_vec(), 3);
    let mut header = Some((from, to));
    for group in groups.iter().filter(|g| g.iter().any(|op| !matches!(op, DiffOp::Equal { .. }))) {
        if let Some((from, to)) = header.take() {
            out.push_str(&format!("--- {from}\n+++ {to}\n"));
        }
        let (first, last) = (&group[0], &group[group.len() - 1]);
        let (old, new) = (first.old_range().start..last.old_range().end, first.new_range().start..last.new_range().end);
        out.push_str(&format!("@@ -{} +{} @@\n", hunk_range(old), hunk_range(new)));
        for op in group {
            let (old, new) = (&a[op.old_range()], &b[op.new_range()]);
            match op {
                DiffOp::Equal { .. } => push_lines(out, ' ', old),
                _ => {
                    push_lines(out, '-', old);
                    push_lines(out, '+', new);
                }
            }
        }
    }
}

/// A hunk header's `start,len` (1-based; an empty range names the line
/// before it; `,1` left out), as diff and git write it.
fn hunk_range(range: std::ops::Range<usize>) -> String {
    match range.len() {
        0 => format!("{},0", range.start),
        1 => format!("{}", range.start + 1),
        n => format!("{},{n}", range.start + 1),
    }
}

fn push_lines(out: &mut String, tag: char, lines: &[&str]) {
    for line in lines {
        out.push(tag);
        out.push_str(line);
        if !line.ends_with('\n') {
            out.push_str("\n\\ No newline at end of file\n");
        }
    }
}

fn file_diff(out: &mut String, path: &str, old: Option<&FileEntry>, new: Option<&FileEntry>, known: Option<&String>) {
    if old == new {
        return;
    }
    out.push_str(&format!("diff --git a/{path} b/{path}\n"));
    match (old, new) {
        (None, Some(n)) => out.push_str(&format!("new file mode {}\n", n.git_mode())),
        (Some(o), None) => out.push_str(&format!("deleted file mode {}\n", o.git_mode())),
        (Some(o), Some(n)) if o.executable != n.executable => {
            out.push_str(&format!("old mode {}\nnew mode {}\n", o.git_mode(), n.git_mode()));
        }
        _ => {}
    }
    let old_bytes = old.map(|e| e.bytes.as_slice()).unwrap_or_default();
    let new_bytes = new.map(|e| e.bytes.as_slice()).unwrap_or_default();
    if old_bytes == new_bytes {
        return;
    }
    if let Some(hunks) = known {
        out.push_str(hunks);
        return;
    }
    let (from, to) = (
        if old.is_some() { format!("a/{path}") } else { "/dev/null".into() },
        if new.is_some() { format!("b/{path}") } else { "/dev/null".into() },
    );
    match (as_text(old_bytes), as_text(new_bytes)) {
        (Some(a), Some(b)) => out.push_str(&text_diff(&from, &to, a, b).0),
        _ => out.push_str(&format!("Binary files {from} and {to} differ\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::package_diff;
    use crate::tree::{FileEntry, Tree};

    #[test]
    fn diff_names_changed_added_and_binary_files() {
        let mut base = Tree::new();
        base.insert("a.txt", FileEntry::new(b"one\ntwo\n".to_vec())).expect("insert");
        base.insert("bin", FileEntry::new(vec![0, 1])).expect("insert");
        let mut fork = base.clone();
        fork.insert("a.txt", FileEntry::new(b"one\n2\n".to_vec())).expect("insert");
        fork.insert("bin", FileEntry::new(vec![0, 2])).expect("insert");
        fork.insert("new.sh", FileEntry::executable(b"#!/bin/sh\n".to_vec())).expect("insert");
        let diff = package_diff(&base, &fork);
        assert!(diff.contains("--- a/a.txt\n+++ b/a.txt\n"), "{diff}");
        assert!(diff.contains("-two\n+2\n"));
        assert!(diff.contains("Binary files a/bin and b/bin differ"));
        assert!(diff.contains("new file mode 100755"));
    }

    #[test]
    fn one_shared_line_diff_gives_the_same_manifest_and_review_as_two() {
        use crate::genpatches::{generate_manifest, generate_manifest_and_diff};
        use crate::workload::{generate, WorkloadSpec};
        let spec = WorkloadSpec {
            packages: 2,
            files_per_package: 3,
            lines_per_file: 400,
            big_file_lines: 3_000,
            changes_per_thousand: 30,
        };
        let (mut base, mut fork) = generate(&spec, "@s");
        // Windows line ends and a lone `\r` (inside its line, for the review
        // and the anchors alike) must come out the same as well.
        base.insert("@s/pkg-0000/crlf.js", FileEntry::new(b"a\r\nb\r\nc\r\n".to_vec())).expect("insert");
        fork.insert("@s/pkg-0000/crlf.js", FileEntry::new(b"a\r\nB\r\nc\r\n".to_vec())).expect("insert");
        base.insert("@s/pkg-0000/cr.js", FileEntry::new(b"a\rb\nc\rd\n".to_vec())).expect("insert");
        fork.insert("@s/pkg-0000/cr.js", FileEntry::new(b"a\rB\nc\rd\n".to_vec())).expect("insert");
        let (manifest, diff) = generate_manifest_and_diff("@s/all", "1.0.0", &base, &fork).expect("they differ");
        assert_eq!(Some(manifest), generate_manifest("@s/all", "1.0.0", &base, &fork));
        assert_eq!(diff, package_diff(&base, &fork));
        assert!(diff.contains("-b\r\n+B\r\n"), "{diff}");
    }

    /// Applies `diff` with `git apply` to a directory holding `base` and
    /// returns the directory's files afterwards.
    fn git_apply(base: &Tree, diff: &str) -> Tree {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("pkg");
        base.write_to(&root).expect("write base");
        let patch = dir.path().join("review.diff");
        std::fs::write(&patch, diff).expect("write diff");
        let git = |args: &[&str]| {
            std::process::Command::new("git")
                .args(args)
                .arg(&patch)
                .current_dir(&root)
                .env("GIT_CONFIG_NOSYSTEM", "1")
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .output()
                .expect("run git")
        };
        for args in [&["apply", "--check"][..], &["apply"][..]] {
            let out = git(args);
            assert!(out.status.success(), "git {args:?}: {}\n{diff}", String::from_utf8_lossy(&out.stderr));
        }
        Tree::read_dir(&root).expect("read back")
    }

    #[test]
    fn review_diffs_apply_with_git_apply_and_rebuild_the_fork_byte_for_byte() {
        let mut base = Tree::new();
        let mut fork = Tree::new();
        let mut both = |path: &str, a: &[u8], b: &[u8]| {
            base.insert(path, FileEntry::new(a.to_vec())).expect("insert");
            fork.insert(path, FileEntry::new(b.to_vec())).expect("insert");
        };
        both("crlf.js", b"a\r\nb\r\nc\r\nd\r\n", b"a\r\nB\r\nc\r\nd\r\n");
        both("no-eol.js", b"one\ntwo\nthree", b"one\ntwo\nTHREE");
        both("eol-added.js", b"one\ntwo", b"one\ntwo\n");
        both("eol-removed.js", b"one\ntwo\n", b"one\n2");
        both("crlf-no-eol.js", b"x\r\ny\r\nz", b"x\r\nY\r\nz");
        // A lone `\r` is no line end to `git apply`: it stays inside its line.
        both("lone-cr.js", b"a\rb\nc\rd\ne\n", b"a\rB\nc\rd\ne\n");
        both("ends-in-cr.js", b"a\nb\r", b"A\nb\r");
        let lines: String = (0..200).map(|i| format!("line {i}\n")).collect();
        let edited = lines.replace("line 50\n", "line fifty\n").replace("line 150\n", "");
        both("long.js", lines.as_bytes(), edited.as_bytes());
        base.insert("gone.js", FileEntry::new(b"bye\n".to_vec())).expect("insert");
        fork.insert("new.js", FileEntry::new(b"hi\nthere".to_vec())).expect("insert");
        let diff = package_diff(&base, &fork);
        assert_eq!(git_apply(&base, &diff), fork);
    }
}
