//! Moving `layer.baseline` in the declaration after a clean merge.
//!
//! The declaration is a hand-written, commented file, so it is never
//! re-serialised: `toml_edit` parses it and reports where the baseline's
//! string literal sits, and only those bytes are replaced. Every other
//! byte — comments, spacing, CRLF line ends, key order — stays as it was.

use std::ops::Range;

use toml_edit::{ImDocument, Item, Value};

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
}

/// The declaration `text` with `layer.baseline` set to `version`, every
/// other byte unchanged; `None` when the baseline already is `version`.
pub fn with_baseline(text: &str, version: &str) -> Result<Option<String>, BaselineError> {
    let doc = ImDocument::parse(text)?;
    let (current, span) = baseline_literal(&doc)?;
    if current == version {
        return Ok(None);
    }
    let literal = Value::from(version).decorated("", "").to_string();
    let mut next = String::with_capacity(text.len() + literal.len());
    next.push_str(&text[..span.start]);
    next.push_str(&literal);
    next.push_str(&text[span.end..]);
    Ok(Some(next))
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
