//! Editing `pnpm-workspace.yaml`: the top-level `patchedDependencies`
//! block, changed line by line so that every other byte stays (comments,
//! blank lines, document markers, the entries it does not change).

use std::path::Path;

use super::super::lockfile::{parse_yaml, split_name_spec, yaml_anchors, Yaml};
use super::super::FormatError;
use super::newline_of;
use crate::splice::splice;

fn yaml_scalar(text: &str) -> String {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"._/-+%@".contains(&b))
        && !text.starts_with(['@', '-', '%']);
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "''"))
    }
}

/// Sets the top-level mapping `key:` of a YAML file to `pairs` (sorted by
/// key), touching only the lines of its entries: an entry already there
/// with the same key and value keeps its bytes (quoting, comment on its
/// line) and place, a new one takes the place of the entry of the same
/// package it replaces (else its place in key order), and every comment,
/// blank line and document marker stays. A key with no block mapping (a
/// flow mapping, nothing) gets its lines, up to the end of its value,
/// rewritten; a missing key is added after the last top-level entry.
pub(super) fn set_yaml_top_level(
    text: &str,
    path: &Path,
    key: &str,
    pairs: &[(String, String)],
) -> Result<String, FormatError> {
    let nl = newline_of(text);
    let line = |indent: &str, (k, v): &(String, String)| format!("{indent}{}: {}{nl}", yaml_scalar(k), yaml_scalar(v));
    let block = || {
        let empty = if pairs.is_empty() { " {}" } else { "" };
        format!("{key}:{empty}{nl}{}", pairs.iter().map(|pair| line("  ", pair)).collect::<String>())
    };
    let root = parse_yaml(text, path)?;
    let entries = root.entries();
    let Some(at) = yaml_top_level(&root, path, key)? else {
        let at = append_at(text, &root);
        let separator = if at == 0 || text[..at].ends_with('\n') { "" } else { nl };
        return Ok(splice(text, [(at..at, format!("{separator}{}", block()))]));
    };
    // An anchor in the block would change what its aliases stand for, and
    // an alias in it would be replaced by what it stood for.
    let range = yaml_block(text, entries, at);
    if yaml_anchors(text, path)?.iter().any(|(offset, _)| range.contains(offset)) {
        return Err(yaml_anchored(path, key, "a YAML anchor (`&`) or alias (`*`)", "rewrite"));
    }
    let (name, value) = &entries[at];
    let start = line_start(text, name.span().start);
    // A block mapping: the key starts its line.
    if !text[start..name.span().start].bytes().all(|b| b == b' ') {
        return Err(FormatError::config(path, format!("`{key}` is not a plain top-level key")));
    }
    let end = lines_end(text, name.span().end.max(value.span().end));
    match value {
        Yaml::Map(items, span) if !items.is_empty() && !text[span.start..].starts_with('{') => {
            let key_line = start..lines_end(text, name.span().end);
            Ok(splice(text, edit_block_entries(text, items, pairs, &line, key_line, &format!("{key}: {{}}{nl}"))))
        }
        _ => Ok(splice(text, [(start..end, block())])),
    }
}

/// The edits that make the entries `items` of a block mapping hold
/// `pairs`, one per entry (its lines; nothing else is touched); with no
/// pair left, `key_line` becomes `empty`.
fn edit_block_entries(
    text: &str,
    items: &[(Yaml, Yaml)],
    pairs: &[(String, String)],
    line: &dyn Fn(&str, &(String, String)) -> String,
    key_line: std::ops::Range<usize>,
    empty: &str,
) -> Vec<(std::ops::Range<usize>, String)> {
    struct Entry<'a> {
        lines: std::ops::Range<usize>,
        /// Where the comment lines right above it start (new entries go
        /// there, leaving the comment by its entry).
        lead: usize,
        indent: &'a str,
        key: Option<&'a str>,
        /// What the entry's lines become.
        with: Option<String>,
        /// New entries written before it.
        before: String,
    }
    let mut bound = key_line.end;
    let mut existing: Vec<Entry<'_>> = Vec::new();
    for (k, v) in items {
        let first = line_start(text, k.span().start);
        let lines = first..lines_end(text, k.span().end.max(v.span().end));
        let mut lead = first;
        while lead > bound {
            let above = line_start(text, lead - 1);
            if !text[above..lead].trim_start().starts_with('#') {
                break;
            }
            lead = above;
        }
        bound = lines.end;
        let indent = &text[first..k.span().start];
        let indent = if indent.bytes().all(|b| b == b' ') { indent } else { "  " };
        existing.push(Entry { lines, lead, indent, key: k.as_str(), with: None, before: String::new() });
    }
    let same = |(k, v): &(Yaml, Yaml), (key, value): &(String, String)| {
        k.as_str() == Some(key.as_str()) && v.as_str() == Some(value.as_str())
    };
    let mut new = Vec::new();
    for pair in pairs {
        let kept = items.iter().zip(&existing).position(|(item, entry)| entry.with.is_none() && same(item, pair));
        match kept {
            Some(at) => existing[at].with = Some(text[existing[at].lines.clone()].to_string()),
            None => new.push(pair),
        }
    }
    let package = |key: &str| split_name_spec(key).0.to_string();
    let mut after_last = String::new();
    for pair in new {
        let replaced = existing.iter().position(|e| e.with.is_none() && e.key.map(package) == Some(package(&pair.0)));
        if let Some(entry) = replaced.map(|at| &mut existing[at]) {
            entry.with = Some(line(entry.indent, pair));
            continue;
        }
        match existing.iter_mut().find(|e| e.key.is_some_and(|k| k > pair.0.as_str())) {
            Some(entry) => entry.before.push_str(&line(entry.indent, pair)),
            None => after_last.push_str(&line(existing.last().map_or("  ", |e| e.indent), pair)),
        }
    }
    if let Some(last) = existing.last_mut() {
        last.with = Some(format!("{}{after_last}", last.with.take().unwrap_or_default()));
    }
    let mut edits: Vec<_> = existing
        .into_iter()
        .map(|e| {
            let with = format!("{}{}{}", e.before, &text[e.lead..e.lines.start], e.with.unwrap_or_default());
            (e.lead..e.lines.end, with)
        })
        .filter(|(lines, with)| text[lines.clone()] != *with)
        .collect();
    if pairs.is_empty() {
        edits.push((key_line, empty.to_string()));
    }
    edits
}

/// Where a new top-level key goes: at the end, or before a document
/// marker (`...`, `---`) after the last top-level entry, so that it stays
/// in the document the tool reads.
fn append_at(text: &str, root: &Yaml) -> usize {
    if root.entries().is_empty() {
        return text.len();
    }
    let mut at = lines_end(text, root.span().end);
    while at < text.len() {
        let next = line_end(text, at);
        let line = &text[at..next];
        if line.starts_with("...") || line.starts_with("---") {
            return at;
        }
        at = next;
    }
    text.len()
}

/// The index of the top-level `key` among the root's entries, refused
/// when the key appears twice (pnpm refuses such a file; forklayer would
/// read the first).
pub(super) fn yaml_top_level(root: &Yaml, path: &Path, key: &str) -> Result<Option<usize>, FormatError> {
    let mut found = root.entries().iter().enumerate().filter(|(_, (k, _))| k.as_str() == Some(key));
    match (found.next(), found.next()) {
        (Some(_), Some(_)) => Err(yaml_duplicate(path, key)),
        (first, _) => Ok(first.map(|(at, _)| at)),
    }
}

/// The bytes of the top-level entry `at`: from its key's line to the line
/// of the next top-level key.
pub(super) fn yaml_block(text: &str, entries: &[(Yaml, Yaml)], at: usize) -> std::ops::Range<usize> {
    let start = line_start(text, entries[at].0.span().start);
    let end = entries.get(at + 1).map_or(text.len(), |(k, _)| line_start(text, k.span().start));
    start..end
}

pub(super) fn yaml_duplicate(path: &Path, key: &str) -> FormatError {
    FormatError::Unsupported {
        path: path.to_path_buf(),
        reason: format!("the key `{key}` appears twice in one mapping"),
        change: format!("write `{key}` once in that mapping, keeping the entry pnpm should read"),
    }
}

pub(super) fn yaml_anchored(path: &Path, key: &str, what: &str, verb: &str) -> FormatError {
    FormatError::Unsupported {
        path: path.to_path_buf(),
        reason: format!("the top-level `{key}` block holds {what}, which forklayer does not {verb}"),
        change: format!(
            "write the `{key}` block out in full, without YAML anchors (`&name`) or aliases (`*name`), and repeat \
             its entries where an alias used them"
        ),
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// The end of the line holding byte `at`, past its newline.
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// The end of the lines of a content that ends at `end` (past the
/// newline of the line holding its last byte).
fn lines_end(text: &str, end: usize) -> usize {
    if end > 0 && text.as_bytes()[end - 1] == b'\n' {
        end
    } else {
        line_end(text, end)
    }
}
