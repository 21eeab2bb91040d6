//! Reading a patch file as the package managers read it.
//!
//! A small parser of our own: the crates that parse unified diffs (`diffy`,
//! `patch`, `unidiff`, `gitpatch`) each accept one dialect and apply their
//! own rules, while the five tools split the same text differently: npm 12
//! (jsdiff) knows a file only by its `---`/`+++` lines and ignores git's
//! extended headers, the other four (patch-package's parser and its
//! descendants) decide creation, deletion, renames and modes by the
//! extended headers. Both are modelled here, in one pass over the lines.
//!
//! Hunk bodies are read by the counts of their header, as git and jsdiff
//! do; a line with `\` after a line says that line has no final newline.
//! Lines are split at `\n` only, so a CRLF file's `\r` stays part of each
//! line, as it does in every one of the tools.
//!
//! Patch files come from cloned repositories, so everything that could
//! reach outside the package or create something other than a regular file
//! is refused here, before anything is applied.

use std::borrow::Cow;

use crate::tree::check_relative_path;

use super::{Format, FormatError, MAX_PATCH_BYTES};

/// What a file section of a patch does to its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileChange {
    /// Changes an existing file (hunks, a mode change, or both).
    Modify,
    /// Creates a file.
    Create,
    /// Deletes a file.
    Delete,
    /// Moves a file, then applies any hunks to it.
    Rename {
        /// The path it moves from.
        from: String,
    },
}

/// One file's section of a patch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePatch {
    /// The package-relative path the section acts on (the deleted file for
    /// a deletion, the new path for a rename).
    pub path: String,
    /// What the section does.
    pub change: FileChange,
    /// The mode of `old mode`, if given.
    pub old_mode: Option<u32>,
    /// The mode of `new mode` / `new file mode`, if given.
    pub new_mode: Option<u32>,
    /// The hunks, in order.
    pub hunks: Vec<Hunk>,
    /// The 1-based line of the section's first header in the patch.
    pub line: usize,
}

/// One hunk: its header numbers and its lines, each with its first
/// character (` `, `-`, `+` or `\`) as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    /// The start line in the old file, as written.
    pub old_start: usize,
    /// The number of old lines.
    pub old_len: usize,
    /// The start line in the new file, as written.
    pub new_start: usize,
    /// The number of new lines.
    pub new_len: usize,
    /// The body lines without their `\n`.
    pub lines: Vec<String>,
    /// The 1-based line of the `@@` header in the patch.
    pub line: usize,
}

/// Parses `bytes` as `format` reads a patch file; `patch_path` names it in
/// errors. Unsafe or unsupported content is refused by name.
pub fn parse(format: Format, bytes: &[u8], patch_path: &str) -> Result<Vec<FilePatch>, FormatError> {
    if bytes.len() > MAX_PATCH_BYTES {
        let reason = format!("{} bytes is more than the {MAX_PATCH_BYTES} a patch may have", bytes.len());
        return Err(refused(patch_path, 1, reason));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        // The tools decode patches as UTF-8 and would replace these bytes.
        refused(patch_path, line, "the patch is not valid UTF-8 (the tools would silently alter it)".into())
    })?;
    // Yarn turns every CR of a patch into LF before reading it, so its
    // patches can neither match nor insert a `\r`.
    let yarn = |text: &str| text.replace("\r\n", "\n").replace('\r', "\n");
    let text: Cow<'_, str> = if format == Format::Yarn { yarn(text).into() } else { text.into() };
    let sections = split_sections(format, &text, patch_path)?;
    if format == Format::PatchPackage {
        check_one_package(&sections, patch_path)?;
    }
    if sections.is_empty() && matches!(format, Format::Pnpm | Format::Yarn | Format::Bun) {
        return Err(malformed(patch_path, 1, "the patch holds no change, and the tool refuses an empty patch"));
    }
    if format == Format::Pnpm {
        // pnpm refuses a file's hunks out of order or overlapping.
        let hunks = sections.iter().flat_map(|section| section.hunks.windows(2));
        if let Some([_, next]) = hunks.clone().find(|pair| pair[1].old_start < pair[0].old_start + pair[0].old_len) {
            return Err(malformed(
                patch_path,
                next.line,
                "a hunk before the end of the hunk above it, which pnpm refuses",
            ));
        }
    }
    sections.into_iter().filter_map(|section| interpret(format, section, patch_path).transpose()).collect()
}

/// The raw headers and hunks of one file section.
#[derive(Default)]
struct Section {
    line: usize,
    diff_git: Option<(String, String)>,
    minus: Option<String>,
    plus: Option<String>,
    old_mode: Option<u32>,
    new_mode: Option<u32>,
    new_file_mode: Option<u32>,
    deleted_file_mode: Option<u32>,
    rename_from: Option<String>,
    rename_to: Option<String>,
    hunks: Vec<Hunk>,
}

impl Section {
    fn is_empty(&self) -> bool {
        self.diff_git.is_none() && self.minus.is_none() && self.plus.is_none() && self.hunks.is_empty()
    }
}

fn split_sections(format: Format, text: &str, patch: &str) -> Result<Vec<Section>, FormatError> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut sections = Vec::new();
    let mut current = Section::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let number = i + 1;
        if line.starts_with("GIT binary patch") || (line.starts_with("Binary files ") && line.ends_with(" differ")) {
            return Err(refused(patch, number, "a binary patch (only text files can be patched)".into()));
        }
        if let Some(rest) = line.strip_prefix("diff --git ") {
            if !current.is_empty() {
                sections.push(std::mem::take(&mut current));
            }
            current.line = number;
            let no_paths = || malformed(patch, number, "a `diff --git` line without `a/` and `b/` paths");
            current.diff_git = Some(parse_diff_git(rest).ok_or_else(no_paths)?);
        } else if line.starts_with("--- ") && lines.get(i + 1).is_some_and(|next| next.starts_with("+++ ")) {
            if current.minus.is_some() || !current.hunks.is_empty() {
                sections.push(std::mem::take(&mut current));
            }
            if current.line == 0 {
                current.line = number;
            }
            current.minus = Some(line["--- ".len()..].to_string());
            current.plus = Some(lines[i + 1]["+++ ".len()..].to_string());
            i += 1;
        } else if line.starts_with("@@") {
            if current.line == 0 {
                current.line = number;
            }
            let (hunk, next) = read_hunk(&lines, i, patch)?;
            current.hunks.push(hunk);
            i = next;
            continue;
        } else if !current.hunks.is_empty() && line.starts_with([' ', '+', '-']) && format != Format::Pnpm {
            // Only pnpm skips a hunk line beyond the counts of its header;
            // the other tools refuse the patch.
            return Err(malformed(patch, number, "a hunk line beyond the counts of its hunk's header"));
        } else {
            read_extended_header(line, number, &mut current, patch)?;
        }
        i += 1;
    }
    if !current.is_empty() {
        sections.push(current);
    }
    Ok(sections)
}

fn read_extended_header(line: &str, number: usize, current: &mut Section, patch: &str) -> Result<(), FormatError> {
    let modes = [
        ("old mode ", &mut current.old_mode),
        ("new mode ", &mut current.new_mode),
        ("new file mode ", &mut current.new_file_mode),
        ("deleted file mode ", &mut current.deleted_file_mode),
    ];
    for (prefix, mode) in modes {
        if let Some(value) = line.strip_prefix(prefix) {
            *mode = Some(parse_mode(value.trim(), patch, number)?);
            return Ok(());
        }
    }
    if let Some(value) = line.strip_prefix("rename from ") {
        current.rename_from = Some(value.trim().to_string());
    } else if let Some(value) = line.strip_prefix("rename to ") {
        current.rename_to = Some(value.trim().to_string());
    } else if line.starts_with("copy from ") || line.starts_with("copy to ") {
        return Err(refused(patch, number, "a file copy (none of the tools applies copies)".into()));
    }
    // Anything else (`index`, `similarity index`, `Index:`, `===`, a commit
    // message before the first file) is ignored, as the tools ignore it.
    Ok(())
}

/// Git's modes for a regular file; every other mode (120000 a symbolic
/// link, 160000 a submodule, device and fifo types) is refused.
fn parse_mode(value: &str, patch: &str, line: usize) -> Result<u32, FormatError> {
    let mode = u32::from_str_radix(value, 8)
        .map_err(|_| malformed(patch, line, &format!("`{value}` is not an octal file mode")))?;
    match mode {
        0o100644 | 0o100755 | 0o644 | 0o755 => Ok(mode & 0o777),
        0o120000 => Err(refused(patch, line, format!("mode {value} creates a symbolic link"))),
        0o160000 => Err(refused(patch, line, format!("mode {value} is a git submodule"))),
        _ => Err(refused(patch, line, format!("mode {value} is not a regular file (device, fifo or unknown type)"))),
    }
}

fn parse_diff_git(rest: &str) -> Option<(String, String)> {
    // `a/<path> b/<path>`: the split is ambiguous when a path holds " b/";
    // take the one where both halves are equal, else the first.
    let rest = rest.trim_end();
    let body = rest.strip_prefix("a/")?;
    let splits: Vec<usize> = body.match_indices(" b/").map(|(at, _)| at).collect();
    let pick = splits.iter().copied().find(|&at| body[..at] == body[at + 3..]).or(splits.first().copied())?;
    Some((body[..pick].to_string(), body[pick + 3..].to_string()))
}

fn read_hunk(lines: &[&str], start: usize, patch: &str) -> Result<(Hunk, usize), FormatError> {
    let header = lines[start];
    let number = start + 1;
    let (old_start, old_len, new_start, new_len) = parse_hunk_header(header)
        .ok_or_else(|| malformed(patch, number, &format!("`{header}` is not a hunk header")))?;
    let mut body = Vec::new();
    let (mut old_seen, mut new_seen) = (0usize, 0usize);
    let mut i = start + 1;
    loop {
        let done = old_seen >= old_len && new_seen >= new_len;
        let Some(&line) = lines.get(i) else { break };
        if line.starts_with('\\') {
            if body.is_empty() {
                return Err(malformed(patch, i + 1, "a `\\` line before any hunk line"));
            }
            body.push(line.to_string());
            i += 1;
            continue;
        }
        if done {
            break;
        }
        // The last element after the final `\n` is not a line.
        if line.is_empty() && i + 1 == lines.len() {
            break;
        }
        let (old, new) = match line.as_bytes().first() {
            Some(b' ') | None => (1, 1),
            Some(b'-') => (1, 0),
            Some(b'+') => (0, 1),
            _ => {
                let shown: String = line.chars().take(60).collect();
                return Err(malformed(patch, i + 1, &format!("`{shown}` is no hunk line")));
            }
        };
        old_seen += old;
        new_seen += new;
        // A blank line counts as context, as every one of the tools reads it.
        body.push(if line.is_empty() { " ".to_string() } else { line.to_string() });
        i += 1;
    }
    if old_seen != old_len || new_seen != new_len {
        return Err(malformed(
            patch,
            number,
            &format!("the hunk has {old_seen} old and {new_seen} new lines, its header says {old_len} and {new_len}"),
        ));
    }
    Ok((Hunk { old_start, old_len, new_start, new_len, lines: body, line: number }, i))
}

fn parse_hunk_header(header: &str) -> Option<(usize, usize, usize, usize)> {
    let rest = header.strip_prefix("@@ -")?;
    let (old, rest) = rest.split_once(" +")?;
    let (new, _) = rest.split_once(" @@")?;
    let range = |text: &str| -> Option<(usize, usize)> {
        match text.split_once(',') {
            Some((start, len)) => Some((start.parse().ok()?, len.parse().ok()?)),
            None => Some((text.parse().ok()?, 1)),
        }
    };
    let (old_start, old_len) = range(old)?;
    let (new_start, new_len) = range(new)?;
    Some((old_start, old_len, new_start, new_len))
}

/// Turns a section into what `format` does with it; `None` when the tool
/// skips it (an npm patch section naming no file and holding no hunk).
fn interpret(format: Format, section: Section, patch: &str) -> Result<Option<FilePatch>, FormatError> {
    let line = section.line.max(1);
    let strip = |path: &str| -> Result<String, FormatError> { package_path(format, path, patch, line) };
    if format == Format::Npm {
        // jsdiff: the `---`/`+++` names only; git's extended headers are ignored.
        let name = |raw: &Option<String>| raw.as_deref().map(jsdiff_name).filter(|name| !is_dev_null(name));
        let (path, change) = match (name(&section.minus), name(&section.plus)) {
            (None, None) if section.hunks.is_empty() => return Ok(None),
            (None, None) => return Err(malformed(patch, line, "a hunk for no file (both names are `/dev/null`)")),
            (None, Some(new)) => (new, FileChange::Create),
            (Some(old), None) => (old, FileChange::Delete),
            (Some(_), Some(new)) => (new, FileChange::Modify),
        };
        let path = strip(strip_ab(&path))?;
        return Ok(Some(FilePatch { path, change, old_mode: None, new_mode: None, hunks: section.hunks, line }));
    }
    // patch-package's reading, which pnpm, Yarn and bun share.
    let (diff_from, diff_to) = section.diff_git.unzip();
    let from_path = section.minus.as_deref().map(git_name);
    let to_path = section.plus.as_deref().map(git_name);
    if format == Format::Yarn && section.rename_from.is_some() {
        return Err(malformed(patch, line, "a rename, which Yarn cannot apply (it stops with `Unimplemented`)"));
    }
    let (path, change) = if let Some(from) = section.rename_from {
        let to = section.rename_to.ok_or_else(|| malformed(patch, line, "`rename from` without `rename to`"))?;
        (to, FileChange::Rename { from: strip(&from)? })
    } else {
        // The path each kind of section takes first, and the one it falls back to.
        let (first, second, change, what) = if section.deleted_file_mode.is_some() {
            (diff_from, from_path, FileChange::Delete, "a deletion")
        } else if section.new_file_mode.is_some() {
            (diff_to, to_path, FileChange::Create, "a new file")
        } else {
            (to_path, diff_to, FileChange::Modify, "a file section")
        };
        let path = first.filter(|p| !p.is_empty()).or(second);
        (path.ok_or_else(|| malformed(patch, line, &format!("{what} without a path")))?, change)
    };
    Ok(Some(FilePatch {
        path: strip(&path)?,
        change,
        old_mode: section.old_mode,
        new_mode: section.new_file_mode.or(section.new_mode),
        hunks: section.hunks,
        line,
    }))
}

/// jsdiff's file name: the text before a tab, trimmed, unquoted.
fn jsdiff_name(raw: &str) -> String {
    let name = raw.trim().split('\t').next().unwrap_or("").replace("\\\\", "\\");
    match name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        Some(inner) => inner.to_string(),
        None => name,
    }
}

/// patch-package's name from `--- a/x` / `+++ b/x`: the text after the
/// two-character prefix, trimmed.
fn git_name(raw: &str) -> String {
    raw.get(2..).unwrap_or("").trim().to_string()
}

fn is_dev_null(name: &str) -> bool {
    name.is_empty() || name == "/dev/null" || name.ends_with("/.dev/null") || name == ".dev/null"
}

fn strip_ab(path: &str) -> &str {
    path.strip_prefix("a/").or_else(|| path.strip_prefix("b/")).unwrap_or(path)
}

/// The path inside the package: patch-package writes paths from the project
/// root (`node_modules/<name>/…`); the others from the package root.
fn package_path(format: Format, path: &str, patch: &str, line: usize) -> Result<String, FormatError> {
    if path.starts_with('"') {
        return Err(refused(patch, line, format!("the quoted path `{path}` (git's escaping of unusual names)")));
    }
    let inside = match format {
        Format::PatchPackage => strip_node_modules(path).ok_or_else(|| {
            let reason = format!("`{path}` is not inside `node_modules/<package>/` (it would leave the package)");
            refused(patch, line, reason)
        })?,
        _ => path,
    };
    check_relative_path(inside).map_err(|e| refused(patch, line, format!("{e} (it would leave the package)")))?;
    Ok(inside.to_string())
}

/// patch-package applies a patch from the project root, so one file could
/// reach into several packages; a patch is for one package only.
fn check_one_package(sections: &[Section], patch: &str) -> Result<(), FormatError> {
    let mut first: Option<&str> = None;
    for section in sections {
        let diff_paths = section.diff_git.iter().flat_map(|(a, b)| [a.as_str(), b.as_str()]);
        let names = [&section.minus, &section.plus, &section.rename_from, &section.rename_to];
        let header_paths = names.into_iter().flatten().map(|name| name.get(2..).unwrap_or("").trim());
        for path in diff_paths.chain(header_paths).filter(|p| !p.is_empty() && *p != "ev/null") {
            let Some(inside) = strip_node_modules(path) else { continue };
            let package = &path[..path.len() - inside.len()];
            match first {
                None => first = Some(package),
                Some(seen) if seen == package => {}
                Some(seen) => {
                    let seen = seen.trim_end_matches('/');
                    let reason =
                        format!("`{path}` belongs to another package than `{seen}` (a patch is for one package)");
                    return Err(refused(patch, section.line.max(1), reason));
                }
            }
        }
    }
    Ok(())
}

fn strip_node_modules(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("node_modules/")?;
    let skip = if rest.starts_with('@') { 2 } else { 1 };
    let mut at = 0;
    for _ in 0..skip {
        at += rest[at..].find('/')? + 1;
    }
    Some(&rest[at..])
}

fn malformed(patch: &str, line: usize, reason: &str) -> FormatError {
    FormatError::Malformed { patch: patch.to_string(), line, reason: reason.to_string() }
}

fn refused(patch: &str, line: usize, reason: String) -> FormatError {
    FormatError::Refused { patch: patch.to_string(), line, reason }
}
