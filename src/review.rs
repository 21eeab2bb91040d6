//! Unified review diffs (`patches/<pkg>.diff`) in git style, for people:
//! the manifest is what tools apply, the diff is what reviewers read.

use std::collections::BTreeMap;

use similar::{Algorithm, DiffOp, TextDiff};

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
/// Patience ops over lines cut after `\n`, see `anchor::lines`). `None`
/// when a lone `\r` makes the review's lines (which also end at a lone
/// `\r`) differ from the anchors' lines: the two diffs then run apart.
pub fn shared_line_diff(path: &str, a: &str, b: &str) -> Option<(String, Vec<DiffOp>)> {
    let lone_cr = |t: &str| memchr::memchr_iter(b'\r', t.as_bytes()).any(|i| t.as_bytes().get(i + 1) != Some(&b'\n'));
    if lone_cr(a) || lone_cr(b) {
        return None;
    }
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.split_inclusive('\n').collect(), b.split_inclusive('\n').collect());
    let diff = TextDiff::configure().algorithm(Algorithm::Patience).newline_terminated(true).diff_slices(&la, &lb);
    let hunks = diff.unified_diff().context_radius(3).header(&format!("a/{path}"), &format!("b/{path}")).to_string();
    Some((hunks, diff.ops().to_vec()))
}

fn mode_text(entry: &FileEntry) -> &'static str {
    if entry.executable {
        "100755"
    } else {
        "100644"
    }
}

fn file_diff(out: &mut String, path: &str, old: Option<&FileEntry>, new: Option<&FileEntry>, known: Option<&String>) {
    if old == new {
        return;
    }
    out.push_str(&format!("diff --git a/{path} b/{path}\n"));
    match (old, new) {
        (None, Some(n)) => out.push_str(&format!("new file mode {}\n", mode_text(n))),
        (Some(o), None) => out.push_str(&format!("deleted file mode {}\n", mode_text(o))),
        (Some(o), Some(n)) if o.executable != n.executable => {
            out.push_str(&format!("old mode {}\nnew mode {}\n", mode_text(o), mode_text(n)));
        }
        _ => {}
    }
    let old_bytes = old.map(|e| e.bytes.as_slice()).unwrap_or_default();
    let new_bytes = new.map(|e| e.bytes.as_slice()).unwrap_or_default();
    if old_bytes == new_bytes {
        return;
    }
    let (from, to) = (
        if old.is_some() { format!("a/{path}") } else { "/dev/null".into() },
        if new.is_some() { format!("b/{path}") } else { "/dev/null".into() },
    );
    if let Some(hunks) = known {
        out.push_str(hunks);
        return;
    }
    match (as_text(old_bytes), as_text(new_bytes)) {
        (Some(a), Some(b)) => {
            let diff = TextDiff::configure().algorithm(Algorithm::Patience).diff_lines(a, b);
            out.push_str(&diff.unified_diff().context_radius(3).header(&from, &to).to_string());
        }
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
        // Windows line ends and a lone `\r` (which the review cuts at, the
        // anchors not) must come out the same as well.
        base.insert("@s/pkg-0000/crlf.js", FileEntry::new(b"a\r\nb\r\nc\r\n".to_vec())).expect("insert");
        fork.insert("@s/pkg-0000/crlf.js", FileEntry::new(b"a\r\nB\r\nc\r\n".to_vec())).expect("insert");
        base.insert("@s/pkg-0000/cr.js", FileEntry::new(b"a\rb\nc\rd\n".to_vec())).expect("insert");
        fork.insert("@s/pkg-0000/cr.js", FileEntry::new(b"a\rB\nc\rd\n".to_vec())).expect("insert");
        let (manifest, diff) = generate_manifest_and_diff("@s/all", "1.0.0", &base, &fork).expect("they differ");
        assert_eq!(Some(manifest), generate_manifest("@s/all", "1.0.0", &base, &fork));
        assert_eq!(diff, package_diff(&base, &fork));
        assert!(diff.contains("-b\r\n+B\r\n"), "{diff}");
    }
}
