//! Line-based three-way merge of text, with `diff3`-style conflict markers.
//!
//! The merge itself is libgit2's port of git's xdiff merge (through
//! `git2::merge_file`), so clean results and conflict regions are the ones
//! `git merge-file --diff3` produces, byte for byte: CRLF, BOMs and missing
//! final newlines are passed through untouched and never decoded.

use git2::{MergeFileInput, MergeFileOptions};

/// The names written after the conflict markers (`<<<<<<< ours`,
/// `||||||| base`, `>>>>>>> theirs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labels<'a> {
    /// Label of the fork's version.
    pub ours: &'a str,
    /// Label of the common ancestor.
    pub base: &'a str,
    /// Label of the new upstream version.
    pub theirs: &'a str,
}

/// The result of [`merge_text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMerge {
    /// The merged bytes; conflicting regions carry `diff3` markers.
    pub content: Vec<u8>,
    /// Whether at least one region could not be merged automatically.
    pub conflicted: bool,
}

/// Errors of [`merge_text`].
#[derive(Debug, thiserror::Error)]
#[error("libgit2 could not merge the file contents")]
pub struct TextMergeError {
    #[source]
    source: git2::Error,
}

/// Merges `ours` and `theirs`, both derived from `base`, line by line.
///
/// Behaves like `git merge-file --diff3 -L <ours> -L <base> -L <theirs>`:
/// changes on one side are taken, identical changes on both sides are taken
/// once, and overlapping or adjacent changes become a conflict region showing
/// the ours, base and theirs lines.
pub fn merge_text(base: &[u8], ours: &[u8], theirs: &[u8], labels: &Labels<'_>) -> Result<TextMerge, TextMergeError> {
    // git2 does not initialise libgit2 before `git_merge_file`; without it
    // the call fails with "no error". The init runs once per process.
    libgit2_sys::init();
    let input = |content| {
        let mut input = MergeFileInput::new();
        input.content(content);
        input
    };
    let mut options = MergeFileOptions::new();
    options.ancestor_label(labels.base).our_label(labels.ours).their_label(labels.theirs).style_diff3(true);
    let result = git2::merge_file(&input(base), &input(ours), &input(theirs), Some(&mut options))
        .map_err(|source| TextMergeError { source })?;
    let conflicted = !result.is_automergeable();
    let mut content = result.content().to_vec();
    if conflicted && base.is_empty() {
        content = label_empty_ancestor(content, ours, labels);
    }
    Ok(TextMerge { content, conflicted })
}

/// Adds the base label to the `|||||||` markers of a merge with an empty base.
///
/// libgit2 treats an empty ancestor as "no ancestor" and writes a bare
/// `|||||||` line where `git merge-file` writes `||||||| <base>`. When the
/// fork's own lines contain a bare `|||||||` line the markers cannot be told
/// apart from content, so the output is left as libgit2 wrote it.
fn label_empty_ancestor(content: Vec<u8>, ours: &[u8], labels: &Labels<'_>) -> Vec<u8> {
    if ours.split_inclusive(|&b| b == b'\n').any(is_bare_ancestor_marker) {
        return content;
    }
    let ours_marker = [b"<<<<<<< ".as_slice(), labels.ours.as_bytes()].concat();
    let mut in_ours = false;
    let mut out = Vec::with_capacity(content.len() + labels.base.len() * 2);
    for line in content.split_inclusive(|&b| b == b'\n') {
        if in_ours && is_bare_ancestor_marker(line) {
            out.extend_from_slice(b"||||||| ");
            out.extend_from_slice(labels.base.as_bytes());
            out.extend_from_slice(&line[b"|||||||".len()..]);
            in_ours = false;
            continue;
        }
        if !in_ours && strip_eol(line) == ours_marker.as_slice() {
            in_ours = true;
        }
        out.extend_from_slice(line);
    }
    out
}

fn is_bare_ancestor_marker(line: &[u8]) -> bool {
    strip_eol(line) == b"|||||||"
}

fn strip_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Whether bytes can go through the line merge: valid UTF-8 without NUL
/// bytes. Anything else is treated as binary and never merged line by line.
pub fn is_mergeable_text(bytes: &[u8]) -> bool {
    !bytes.contains(&0) && std::str::from_utf8(bytes).is_ok()
}

#[cfg(test)]
mod tests;
