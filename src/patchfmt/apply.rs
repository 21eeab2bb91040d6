//! Applying a parsed patch to a pristine package, as each tool applies it.
//!
//! Three placements exist among the five tools (docs/patch-formats.md):
//!
//! - npm 12 applies with jsdiff at fuzz factor 0: every context and removed
//!   line must match exactly (a `\r` included), a hunk may move from its
//!   header's line, searched outward (first down, then up), each later hunk
//!   only below the previous one and starting from the previous hunk's
//!   offset; a patch without `\r` applied to a file with only CRLF endings
//!   is converted first (and the reverse).
//! - patch-package and pnpm compare lines with trailing white space ignored,
//!   and try each hunk at its header's line and then up to 20 lines above
//!   or below, each hunk on its own, all against the unpatched file (pnpm's
//!   native applier observed: 9 lines off applies, 24 lines off fails).
//! - Yarn compares the same way but searches without a limit, from the
//!   header's new-file line plus the offset the previous hunks needed, and
//!   never above the end of the previous hunk. bun's native applier was
//!   observed to accept a hunk whatever its header's line says (24 and 1000
//!   lines off) and to ignore trailing white space, so it is given Yarn's
//!   placement, searching from the header's line (Yarn starts one line
//!   below it): with the context at lines 1 and 10 and a header saying 5,
//!   bun takes line 1; which of two equally near places it picks was not
//!   observed.
//!
//! The tools decode files as UTF-8; a file that is not valid UTF-8 would be
//! altered silently, so a patch that touches one is refused.

use crate::tree::{FileEntry, Tree};

use super::unified::{FileChange, FilePatch, Hunk};
use super::{Format, FormatError};

/// Applies one file section of a patch to `tree`.
pub(super) fn apply_file(format: Format, tree: &mut Tree, file: &FilePatch, patch: &str) -> Result<(), FormatError> {
    let mismatch = |reason: &str| mismatch(patch, file, reason);
    let jsdiff = |text: &str| jsdiff_apply(text, &file.hunks).map_err(|failure| hunk_failed(patch, file, failure));
    match &file.change {
        FileChange::Create => {
            if tree.contains(&file.path) {
                return Err(mismatch("the patch creates it, but the package already has it"));
            }
            let bytes = if format == Format::Npm { jsdiff("")? } else { created_contents(&file.hunks) };
            let executable = format != Format::Npm && file.new_mode.is_some_and(|mode| mode & 0o100 != 0);
            insert(tree, &file.path, FileEntry::with_mode(bytes.into_bytes(), executable), patch)
        }
        FileChange::Delete => {
            let Some(entry) = tree.get(&file.path) else {
                return Err(mismatch("the patch deletes it, but the package does not have it"));
            };
            if format == Format::Npm {
                // npm checks that the file still matches the diff first.
                jsdiff(utf8(entry, file, patch)?)?;
            }
            tree.remove(&file.path);
            Ok(())
        }
        FileChange::Rename { from } => {
            let entry = tree.remove(from).ok_or_else(|| {
                mismatch(&format!("the patch moves it from `{from}`, which the package does not have"))
            })?;
            insert(tree, &file.path, entry, patch)?;
            modify(format, tree, file, patch)
        }
        FileChange::Modify => {
            if !tree.contains(&file.path) {
                return Err(mismatch("the patch changes it, but the package does not have it"));
            }
            modify(format, tree, file, patch)
        }
    }
}

fn modify(format: Format, tree: &mut Tree, file: &FilePatch, patch: &str) -> Result<(), FormatError> {
    let Some(entry) = tree.get(&file.path) else { return Ok(()) };
    // npm reads no mode headers; Yarn reads them but its install was
    // observed to leave an existing file's mode as it was.
    let executable = match (format, file.old_mode, file.new_mode) {
        (Format::Pnpm | Format::Bun | Format::PatchPackage, Some(old), Some(new)) if old != new => new & 0o100 != 0,
        _ => entry.executable,
    };
    let bytes = if file.hunks.is_empty() {
        entry.bytes.as_ref().clone()
    } else {
        let text = utf8(entry, file, patch)?;
        let patched = match format {
            Format::Npm => jsdiff_apply(text, &file.hunks),
            Format::Yarn => splice_apply(text, &file.hunks, Placement::Yarn),
            Format::Bun => splice_apply(text, &file.hunks, Placement::Bun),
            Format::Pnpm | Format::PatchPackage => splice_apply(text, &file.hunks, Placement::PatchPackage),
        };
        patched.map_err(|failure| hunk_failed(patch, file, failure))?.into_bytes()
    };
    insert(tree, &file.path, FileEntry::with_mode(bytes, executable), patch)
}

fn insert(tree: &mut Tree, path: &str, entry: FileEntry, patch: &str) -> Result<(), FormatError> {
    tree.insert(path, entry).map_err(|source| FormatError::Tree { patch: patch.to_string(), source })
}

fn mismatch(patch: &str, file: &FilePatch, reason: &str) -> FormatError {
    FormatError::FileMismatch {
        patch: patch.to_string(),
        file: file.path.clone(),
        line: file.line,
        reason: reason.to_string(),
    }
}

fn utf8<'a>(entry: &'a FileEntry, file: &FilePatch, patch: &str) -> Result<&'a str, FormatError> {
    std::str::from_utf8(&entry.bytes).map_err(|_| {
        mismatch(patch, file, "the file is not valid UTF-8: the tools would decode and rewrite it lossily")
    })
}

/// Which hunk of a file failed, and why.
pub(super) struct HunkFailure {
    index: usize,
    reason: String,
}

fn hunk_failed(patch: &str, file: &FilePatch, failure: HunkFailure) -> FormatError {
    let line = file.hunks.get(failure.index).map_or(file.line, |hunk| hunk.line);
    FormatError::HunkFailed {
        patch: patch.to_string(),
        file: file.path.clone(),
        hunk: failure.index + 1,
        line,
        reason: failure.reason,
    }
}

/// patch-package's contents of a created file: the first hunk's added lines.
fn created_contents(hunks: &[Hunk]) -> String {
    let Some(hunk) = hunks.first() else { return String::new() };
    let parts = parts_of(hunk);
    let Some(first) = parts.first() else { return String::new() };
    let mut text = first.lines.join("\n");
    if !first.no_newline {
        text.push('\n');
    }
    text
}

// ---- patch-package and Yarn: runs of like lines ("parts") spliced in ----

#[derive(Clone, Copy, PartialEq, Eq)]
enum PartKind {
    Context,
    Deletion,
    Insertion,
}

struct Part<'a> {
    kind: PartKind,
    lines: Vec<&'a str>,
    no_newline: bool,
}

fn parts_of(hunk: &Hunk) -> Vec<Part<'_>> {
    let mut parts: Vec<Part<'_>> = Vec::new();
    for line in &hunk.lines {
        let kind = match line.as_bytes().first() {
            Some(b'-') => PartKind::Deletion,
            Some(b'+') => PartKind::Insertion,
            Some(b'\\') => {
                if let Some(last) = parts.last_mut() {
                    last.no_newline = true;
                }
                continue;
            }
            _ => PartKind::Context,
        };
        let content = line.get(1..).unwrap_or("");
        match parts.last_mut() {
            Some(last) if last.kind == kind => last.lines.push(content),
            _ => parts.push(Part { kind, lines: vec![content], no_newline: false }),
        }
    }
    parts
}

enum Edit<'a> {
    Splice { index: usize, delete: usize, insert: &'a [&'a str] },
    Pop,
    PushEmpty,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Placement {
    PatchPackage,
    Yarn,
    /// Yarn's search, from the header's new-file line taken as a line
    /// number (Yarn takes it as an index, one line further down).
    Bun,
}

/// JavaScript's `\s`: Unicode white space without U+0085, plus U+FEFF.
fn js_space(c: char) -> bool {
    (c.is_whitespace() && c != '\u{85}') || c == '\u{feff}'
}

fn same_ignoring_trailing_space(a: &str, b: &str) -> bool {
    a.trim_end_matches(js_space) == b.trim_end_matches(js_space)
}

/// One hunk's edits when its old lines start at `start`, or `None`.
fn evaluate<'a>(parts: &'a [Part<'a>], lines: &[&str], mut start: usize) -> Option<Vec<Edit<'a>>> {
    let mut edits = Vec::new();
    for part in parts {
        match part.kind {
            PartKind::Context | PartKind::Deletion => {
                let have = lines.get(start..start + part.lines.len())?;
                if !have.iter().zip(&part.lines).all(|(have, wanted)| same_ignoring_trailing_space(have, wanted)) {
                    return None;
                }
                start += part.lines.len();
                if part.kind == PartKind::Deletion {
                    edits.push(Edit::Splice { index: start - part.lines.len(), delete: part.lines.len(), insert: &[] });
                    if part.no_newline {
                        edits.push(Edit::PushEmpty);
                    }
                }
            }
            PartKind::Insertion => {
                edits.push(Edit::Splice { index: start, delete: 0, insert: &part.lines });
                if part.no_newline {
                    edits.push(Edit::Pop);
                }
            }
        }
    }
    Some(edits)
}

fn splice_apply(text: &str, hunks: &[Hunk], placement: Placement) -> Result<String, HunkFailure> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    let all_parts: Vec<Vec<Part<'_>>> = hunks.iter().map(parts_of).collect();
    let mut planned = Vec::new();
    // Yarn's running state: the offset earlier hunks needed and where the
    // previous hunk ended.
    let (mut offset, mut floor) = (0isize, 0usize);
    for (index, (hunk, parts)) in hunks.iter().zip(&all_parts).enumerate() {
        let last_start = lines.len() as isize - hunk.old_len as isize;
        let (from, places, limit) = match placement {
            // The header's line, then up to 20 lines above or below it.
            Placement::PatchPackage => {
                let base = hunk.old_start.max(1) as isize - 1;
                (base, (base - 20).max(0)..=(base + 20).min(last_start), " within 20 lines of that place")
            }
            // Any place below the previous hunk: only the places inside the
            // file are listed, so an absurd header line costs nothing.
            Placement::Yarn | Placement::Bun => {
                let header = hunk.new_start.max(1) as isize - isize::from(placement == Placement::Bun);
                let from = (floor as isize).max(header + offset);
                (from, floor as isize..=last_start.max(from).min(lines.len() as isize), " below the previous hunk")
            }
        };
        let found = nearest_first(from, places, true)
            .into_iter()
            .find_map(|at| Some((at, evaluate(parts, &lines, at as usize)?)));
        let Some((at, edits)) = found else {
            let reason =
                format!("its context and removed lines (old line {}) are not in the file{limit}", hunk.old_start);
            return Err(HunkFailure { index, reason });
        };
        offset += at - from;
        floor = at as usize + hunk.old_len;
        planned.push(edits);
    }
    let mut shift = 0isize;
    for edits in &planned {
        for edit in edits {
            match edit {
                Edit::Splice { index, delete, insert } => {
                    let at = (*index as isize + shift).clamp(0, lines.len() as isize) as usize;
                    let end = (at + delete).min(lines.len());
                    lines.splice(at..end, insert.iter().copied());
                    shift += insert.len() as isize - *delete as isize;
                }
                Edit::Pop => {
                    lines.pop();
                }
                Edit::PushEmpty => lines.push(""),
            }
        }
    }
    Ok(lines.join("\n"))
}

/// The places of `range`, nearest to `center` first: patch-package and Yarn
/// walk the distances 0, 1, 2, … trying `center - d` then `center + d`
/// (`lower_first`), jsdiff `center + d` then `center - d`.
fn nearest_first(center: isize, range: std::ops::RangeInclusive<isize>, lower_first: bool) -> Vec<isize> {
    let mut order: Vec<isize> = range.collect();
    order.sort_by_key(|&at| ((at - center).abs(), (at > center) == lower_first));
    order
}

// ---- npm 12: jsdiff's applyPatch at fuzz factor 0 ----

fn only_crlf(text: &str) -> bool {
    text.contains("\r\n")
        && !text.starts_with('\n')
        && !text.as_bytes().windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r')
}

fn only_lf(text: &str) -> bool {
    !text.contains("\r\n") && text.contains('\n')
}

fn patch_is_unix(hunks: &[Hunk]) -> bool {
    !hunks.iter().any(|h| h.lines.iter().any(|l| !l.starts_with('\\') && l.ends_with('\r')))
}

/// Whether hunk line `i` needs no `\r` added for a CRLF file: a `\` line,
/// a line that has one, or the last line of a file without a final newline.
fn keeps_ending(lines: &[String], i: usize) -> bool {
    let line = &lines[i];
    line.starts_with('\\') || line.ends_with('\r') || lines.get(i + 1).is_some_and(|n| n.starts_with('\\'))
}

fn patch_is_win(hunks: &[Hunk]) -> bool {
    hunks.iter().any(|h| h.lines.iter().any(|l| l.ends_with('\r')))
        && hunks.iter().all(|h| (0..h.lines.len()).all(|i| keeps_ending(&h.lines, i)))
}

fn unix_to_win(hunks: &[Hunk]) -> Vec<Vec<String>> {
    let lines = |h: &Hunk| -> Vec<String> {
        let add_cr = |(i, l): (usize, &String)| if keeps_ending(&h.lines, i) { l.clone() } else { format!("{l}\r") };
        h.lines.iter().enumerate().map(add_cr).collect()
    };
    hunks.iter().map(lines).collect()
}

fn win_to_unix(hunks: &[Hunk]) -> Vec<Vec<String>> {
    hunks.iter().map(|h| h.lines.iter().map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect()).collect()
}

fn jsdiff_apply(source: &str, hunks: &[Hunk]) -> Result<String, HunkFailure> {
    if hunks.is_empty() {
        return Ok(source.to_string());
    }
    let bodies: Vec<Vec<String>> = if only_crlf(source) && patch_is_unix(hunks) {
        unix_to_win(hunks)
    } else if only_lf(source) && patch_is_win(hunks) {
        win_to_unix(hunks)
    } else {
        hunks.iter().map(|h| h.lines.clone()).collect()
    };
    let mut lines: Vec<&str> = source.split('\n').collect();
    let last = hunks.len() - 1;
    let eof = |reason: &str| HunkFailure { index: last, reason: reason.to_string() };
    // A `\` after an added line: the new file has no final newline; after
    // a removed line: the old file had none.
    let marked = |sign: char| bodies[last].windows(2).any(|w| w[1].starts_with('\\') && w[0].starts_with(sign));
    let (remove_eofnl, add_eofnl) = (marked('+'), marked('-'));
    match (remove_eofnl, add_eofnl, lines.last() == Some(&"")) {
        (true, true, true) => {
            return Err(eof("it changes a last line without a final newline, but the file ends with one"))
        }
        (true, false, true) => {
            lines.pop();
        }
        (true, false, false) => return Err(eof("it removes the final newline, but the file has none")),
        (false, true, false) => lines.push(""),
        (false, true, true) => return Err(eof("it adds a final newline, but the file has one")),
        (true, true, false) | (false, false, _) => {}
    }
    let mut result: Vec<&str> = Vec::new();
    let mut min_line = 0usize;
    let mut previous_offset = 0isize;
    for (index, (hunk, body)) in hunks.iter().zip(&bodies).enumerate() {
        let old_start = if hunk.old_len == 0 { hunk.old_start + 1 } else { hunk.old_start };
        let max_line = lines.len() as isize - hunk.old_len as isize;
        let start = old_start as isize + previous_offset - 1;
        // A place above `min_line` would overlap the previous hunk.
        let placed = nearest_first(start, min_line as isize..=max_line, false)
            .into_iter()
            .find_map(|at| Some((at as usize, jsdiff_fit(body, &lines, at as usize)?)));
        let Some((at, (patched, old_last))) = placed else {
            return Err(HunkFailure {
                index,
                reason: format!("its context and removed lines (old line {old_start}) do not match the file exactly"),
            });
        };
        result.extend_from_slice(&lines[min_line..at]);
        result.extend(patched);
        min_line = old_last;
        previous_offset = at as isize + 1 - old_start as isize;
    }
    result.extend_from_slice(&lines[min_line.min(lines.len())..]);
    Ok(result.join("\n"))
}

/// A hunk placed at `at` with no mismatch allowed: the lines it produces
/// and the index after the old lines it consumed, trailing context given
/// back so that the next hunk may start in it.
fn jsdiff_fit<'a>(body: &'a [String], lines: &[&'a str], at: usize) -> Option<(Vec<&'a str>, usize)> {
    let mut to = at;
    let mut out: Vec<&'a str> = Vec::new();
    let mut trailing_context = 0usize;
    for line in body {
        let content = line.get(1..).unwrap_or("");
        match line.as_bytes().first() {
            Some(b'\\') => {}
            Some(b'-') => {
                if lines.get(to) != Some(&content) {
                    return None;
                }
                to += 1;
                trailing_context = 0;
            }
            Some(b'+') => {
                out.push(content);
                trailing_context = 0;
            }
            _ => {
                let have = *lines.get(to)?;
                if have != content {
                    return None;
                }
                out.push(have);
                to += 1;
                trailing_context += 1;
            }
        }
    }
    out.truncate(out.len() - trailing_context);
    Some((out, to - trailing_context))
}
