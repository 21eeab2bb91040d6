//! Writing the patch file a tool would write for a base → fork pair.
//!
//! The line diff comes from `similar`; this module only lays its hunks out
//! in each tool's dialect (docs/patch-formats.md): npm 12 writes jsdiff's
//! `--- a/x\t` headers with four lines of context and no git headers; pnpm,
//! bun and Yarn write git's extended headers (`diff --git`, `new file mode`,
//! `deleted file mode`, full `index` hashes) with three lines of context,
//! pnpm and bun leaving a deleted file's lines out; patch-package writes the
//! same with paths from the project root (`a/node_modules/<name>/…`) and
//! short hashes.
//!
//! What a format cannot carry is refused by name before anything is
//! returned, and every rendered patch is applied back with [`super::apply`]
//! to prove it gives the fork's bytes under that tool's rules.

use std::collections::BTreeSet;

use similar::{Algorithm, ChangeTag, TextDiff};

use crate::tree::{FileEntry, Tree};

use super::{Format, FormatError};

/// The patch file(s) `format` would write for `base` → `fork` of
/// `package@version`, as (project-relative path, bytes); no file when the
/// trees are equal.
pub fn render(
    format: Format,
    package: &str,
    version: &str,
    base: &Tree,
    fork: &Tree,
) -> Result<Vec<(String, Vec<u8>)>, FormatError> {
    let changed = changes(base, fork);
    if changed.is_empty() {
        return Ok(Vec::new());
    }
    let mut text = String::new();
    for change in &changed {
        check_expressible(format, package, change)?;
        render_change(format, package, change, &mut text);
    }
    let bytes = text.into_bytes();
    let path = patch_file_name(format, package, version, &bytes);
    let applied = super::apply(format, base, &bytes, &path).map_err(|e| {
        cannot(format, package, "", &format!("the rendered patch does not apply under the tool's rules: {e}"))
    })?;
    if let Some(change) = changes(&applied, fork).first() {
        let reason = if format == Format::Yarn {
            "Yarn reads every `\\r` of a patch as a line break, so it cannot write CRLF lines or a change only in trailing white space"
        } else {
            "the tool would not reproduce these exact bytes (a change only in trailing white space, which its matching ignores)"
        };
        return Err(cannot(format, package, change.path, reason));
    }
    Ok(vec![(path, bytes)])
}

/// Where `format` keeps the patch of `package@version`, relative to the
/// project root.
pub fn patch_file_name(format: Format, package: &str, version: &str, bytes: &[u8]) -> String {
    match format {
        Format::Npm => format!("patches/{package}@{version}.patch"),
        Format::Pnpm => format!("patches/{}@{version}.patch", package.replace('/', "__")),
        Format::Bun => format!("patches/{}@{version}.patch", package.replace('/', "%2F")),
        Format::Yarn => {
            let hash = crate::npm::sha256_hex(bytes);
            format!(".yarn/patches/{}-npm-{version}-{}.patch", package.replace('/', "-"), &hash[..10])
        }
        Format::PatchPackage => format!("patches/{}+{version}.patch", package.replace('/', "+")),
    }
}

/// Whether `file_name` is what Yarn names a patch of `package` at some
/// version (`<name, / as ->-npm-<version>-<10 hex>.patch`, as
/// [`patch_file_name`] writes it).
pub fn is_yarn_patch_of(file_name: &str, package: &str) -> bool {
    let prefix = format!("{}-npm-", package.replace('/', "-"));
    let Some(rest) = file_name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".patch")) else {
        return false;
    };
    let Some((version, hash)) = rest.rsplit_once('-') else { return false };
    version.starts_with(|c: char| c.is_ascii_digit()) && hash.len() == 10 && hash.bytes().all(|b| b.is_ascii_hexdigit())
}

struct Change<'a> {
    path: &'a str,
    old: Option<&'a FileEntry>,
    new: Option<&'a FileEntry>,
}

fn changes<'a>(base: &'a Tree, fork: &'a Tree) -> Vec<Change<'a>> {
    let paths: BTreeSet<&str> = base.paths().chain(fork.paths()).collect();
    paths
        .into_iter()
        .filter_map(|path| {
            let (old, new) = (base.get(path), fork.get(path));
            (old != new).then_some(Change { path, old, new })
        })
        .collect()
}

fn cannot(format: Format, package: &str, file: &str, reason: &str) -> FormatError {
    FormatError::CannotExpress {
        format,
        package: package.to_string(),
        file: file.to_string(),
        reason: reason.to_string(),
    }
}

fn check_expressible(format: Format, package: &str, change: &Change<'_>) -> Result<(), FormatError> {
    let refuse = |reason: &str| Err(cannot(format, package, change.path, reason));
    for entry in [change.old, change.new].into_iter().flatten() {
        if std::str::from_utf8(&entry.bytes).is_err() {
            return refuse("it is binary or not UTF-8 (the tools decode patched files as UTF-8 text)");
        }
    }
    if format == Format::Npm && change.path == "package.json" {
        return refuse("npm leaves the package's own package.json out of patches (it resolves the unpatched manifest)");
    }
    let control = change.path.chars().any(char::is_control);
    if format == Format::Npm && control {
        // jsdiff ends a file name at a tab.
        return refuse("npm cannot name a file holding a tab or another control character in a patch");
    }
    if format == Format::Pnpm && (control || change.path.contains('"')) {
        // git quotes such a name, and pnpm's parser does not read quoted names.
        return refuse("pnpm cannot read a file name holding `\"`, a tab or another control character in a patch");
    }
    let mode_changed = change.old.zip(change.new).is_some_and(|(old, new)| old.executable != new.executable);
    match (change.old, change.new, format) {
        (None, Some(new), Format::Npm) if new.executable => {
            refuse("npm patches carry no file modes (a new file is never executable)")
        }
        (_, _, Format::Npm) if mode_changed => {
            refuse("npm patches carry no file modes (a patched file keeps its mode)")
        }
        (_, _, Format::Yarn) if mode_changed => {
            refuse("Yarn's install leaves an existing file's mode as it was (`old mode`/`new mode` has no effect)")
        }
        _ => Ok(()),
    }
}

fn text_of(entry: Option<&FileEntry>) -> &str {
    entry.map_or("", |e| std::str::from_utf8(&e.bytes).unwrap_or(""))
}

fn render_change(format: Format, package: &str, change: &Change<'_>, out: &mut String) {
    let npm = format == Format::Npm;
    let path = match format {
        Format::PatchPackage => format!("node_modules/{package}/{}", change.path),
        _ => change.path.to_string(),
    };
    // npm writes jsdiff's `--- a/x\t` names and no git headers.
    if !npm && !git_headers(format, &path, change, out) {
        return;
    }
    let tab = if npm { "\t" } else { "" };
    let name = |entry: Option<&FileEntry>, side: &str| entry.map_or("/dev/null".into(), |_| format!("{side}/{path}"));
    out.push_str(&format!("--- {}{tab}\n+++ {}{tab}\n", name(change.old, "a"), name(change.new, "b")));
    let context = if npm { 4 } else { 3 };
    hunks(text_of(change.old), text_of(change.new), context, npm, out);
}

/// Git's extended headers of a change; false when no hunks follow them.
fn git_headers(format: Format, path: &str, change: &Change<'_>, out: &mut String) -> bool {
    // patch-package writes git's short hashes.
    let hash_len = if format == Format::PatchPackage { 7 } else { 40 };
    let hash = |entry: Option<&FileEntry>| {
        let mut hash =
            entry.map_or_else(|| "0".repeat(40), |e| e.git_blob_id().iter().map(|b| format!("{b:02x}")).collect());
        hash.truncate(hash_len);
        hash
    };
    out.push_str(&format!("diff --git a/{path} b/{path}\n"));
    let mut same_mode = String::new();
    match (change.old, change.new) {
        (None, Some(new)) => out.push_str(&format!("new file mode {}\n", new.git_mode())),
        (Some(old), None) => out.push_str(&format!("deleted file mode {}\n", old.git_mode())),
        (Some(old), Some(new)) if old.executable != new.executable => {
            out.push_str(&format!("old mode {}\nnew mode {}\n", old.git_mode(), new.git_mode()));
            if old.bytes == new.bytes {
                return false;
            }
        }
        (Some(_), Some(new)) => same_mode = format!(" {}", new.git_mode()),
        (None, None) => return false,
    }
    out.push_str(&format!("index {}..{}{same_mode}\n", hash(change.old), hash(change.new)));
    // pnpm and bun write a deletion without its lines; an empty file
    // created or deleted has none.
    let lineless_deletion = change.new.is_none() && matches!(format, Format::Pnpm | Format::Bun);
    let no_lines = text_of(change.old).is_empty() && text_of(change.new).is_empty();
    !(lineless_deletion || no_lines)
}

/// The hunks of a line diff; `jsdiff_counts` writes `,1` counts as jsdiff
/// does where git leaves them out.
fn hunks(old: &str, new: &str, context: usize, jsdiff_counts: bool, out: &mut String) {
    let diff = TextDiff::configure().algorithm(Algorithm::Myers).diff_lines(old, new);
    for group in diff.grouped_ops(context) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else { continue };
        let range = |start: usize, end: usize| range_text(start, (start..end).len(), jsdiff_counts);
        let old = range(first.old_range().start, last.old_range().end);
        let new = range(first.new_range().start, last.new_range().end);
        out.push_str(&format!("@@ -{old} +{new} @@\n"));
        // A replacement's removed lines come before its added ones.
        for change in group.iter().flat_map(|op| diff.iter_changes(op)) {
            push_line(change.tag(), change.value(), out);
        }
    }
}

fn range_text(start: usize, len: usize, always_count: bool) -> String {
    let first = if len == 0 { start } else { start + 1 };
    if len == 1 && !always_count {
        format!("{first}")
    } else {
        format!("{first},{len}")
    }
}

fn push_line(tag: ChangeTag, line: &str, out: &mut String) {
    let (body, end) = match line.strip_suffix('\n') {
        Some(body) => (body, "\n"),
        None => (line, "\n\\ No newline at end of file\n"),
    };
    out.push_str(&format!("{tag}{body}{end}"));
}
