//! Unified review diffs (`patches/<pkg>.diff`) in git style, for people:
//! the manifest is what tools apply, the diff is what reviewers read.

use similar::{Algorithm, TextDiff};

use crate::manifest::as_text;
use crate::tree::{FileEntry, Tree};

/// The review diff of a whole package: every changed, added or deleted
/// file in sorted order, `a/` = upstream, `b/` = fork.
pub fn package_diff(base: &Tree, fork: &Tree) -> String {
    let mut paths: Vec<&str> = base.paths().chain(fork.paths()).collect();
    paths.sort_unstable();
    paths.dedup();
    let mut out = String::new();
    for path in paths {
        file_diff(&mut out, path, base.get(path), fork.get(path));
    }
    out
}

fn mode_text(entry: &FileEntry) -> &'static str {
    if entry.executable {
        "100755"
    } else {
        "100644"
    }
}

fn file_diff(out: &mut String, path: &str, old: Option<&FileEntry>, new: Option<&FileEntry>) {
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
}
