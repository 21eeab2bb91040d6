//! Moving `layer.baseline`, and the entries `name@version` of packages at
//! their own version, in the declaration after a clean merge.
//!
//! The declaration is a hand-written, commented file, so it is never
//! re-serialised: `toml_edit` parses it and reports where the baseline's
//! string literal sits, and only those bytes are replaced. Every other
//! byte — comments, spacing, CRLF line ends, key order — stays as it was.

use std::ops::Range;

use toml_edit::{ImDocument, Item, Value};

use crate::splice::splice;

/// Why the baseline could not be located.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BaselineError {
    /// The declaration is not TOML.
    #[error("not valid TOML: {0}")]
    Parse(#[from] toml_edit::TomlError),
    /// `layer.baseline` is not a plain string written in the file.
    #[error("`layer.baseline` is not a string literal forklayer can rewrite")]
    NotAString,
    /// A package's entry is not a plain string of `packages.forked` or
    /// `packages.carried`.
    #[error("the entry of `{name}` in `packages.forked` or `packages.carried` is not a string literal forklayer can rewrite")]
    NoEntry {
        /// The package name.
        name: String,
    },
}

/// The declaration `text` with `layer.baseline` set to `baseline` (when
/// given) and the entry `name@version` of each package of `packages` set
/// to its new version, every other byte unchanged; `None` when nothing
/// changes.
pub fn with_versions(
    text: &str,
    baseline: Option<&str>,
    packages: &std::collections::BTreeMap<String, String>,
) -> Result<Option<String>, BaselineError> {
    let doc = ImDocument::parse(text)?;
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    if let Some(version) = baseline {
        let (current, span) = baseline_literal(&doc)?;
        if current != version {
            edits.push((span, literal(version)));
        }
    }
    for (name, version) in packages {
        let (current, span) = entry_literal(&doc, name)?;
        let next = format!("{name}@{version}");
        if current != next {
            edits.push((span, literal(&next)));
        }
    }
    Ok((!edits.is_empty()).then(|| splice(text, edits)))
}

fn literal(value: &str) -> String {
    Value::from(value).decorated("", "").to_string()
}

/// The entry `name@<version>` of `packages.forked` or `packages.carried`
/// and the byte range of its literal.
fn entry_literal<S: AsRef<str>>(doc: &ImDocument<S>, name: &str) -> Result<(String, Range<usize>), BaselineError> {
    let packages = doc.as_table().get("packages").and_then(Item::as_table_like);
    let lists = ["forked", "carried"].into_iter().filter_map(|key| packages?.get(key)?.as_array());
    for value in lists.flat_map(|list| list.iter()) {
        if let (Some(entry), Some(span)) = (value.as_str(), value.span()) {
            if crate::layer::split_versioned(entry).0 == name {
                return Ok((entry.to_string(), span));
            }
        }
    }
    Err(BaselineError::NoEntry { name: name.to_string() })
}

/// The current baseline and the byte range of its literal (quotes included).
fn baseline_literal<S: AsRef<str>>(doc: &ImDocument<S>) -> Result<(String, Range<usize>), BaselineError> {
    let item = doc.as_table().get("layer").and_then(Item::as_table_like).and_then(|layer| layer.get("baseline"));
    let value = item.and_then(Item::as_value).ok_or(BaselineError::NotAString)?;
    match (value.as_str(), value.span()) {
        (Some(current), Some(span)) => Ok((current.to_string(), span)),
        _ => Err(BaselineError::NotAString),
    }
}

#[cfg(test)]
mod tests;
