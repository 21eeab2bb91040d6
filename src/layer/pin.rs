//! `[[pins]]`: files whose string values at given keys name the baseline
//! version and move with it ([`crate::merge::pins`]).

use std::path::{Path, PathBuf};

/// A file whose string values at `keys` name the baseline version and
/// move with it ([`crate::merge::pins`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    /// Absolute path of the file.
    pub file: PathBuf,
    /// The file as declared.
    pub name: String,
    /// The keys as declared (TOML dotted keys).
    pub keys: Vec<String>,
    /// Each key split into its segments.
    pub paths: Vec<Vec<String>>,
}

impl Pin {
    /// A pin of `keys` (TOML dotted keys) in `file`.
    pub fn new(file: PathBuf, name: String, keys: Vec<String>) -> Result<Pin, String> {
        if keys.is_empty() {
            return Err("`keys` is empty".into());
        }
        let paths = keys
            .iter()
            .map(|key| {
                toml_edit::Key::parse(key)
                    .map(|parts| parts.iter().map(|k| k.get().to_string()).collect())
                    .map_err(|e| format!("key `{key}` is not a dotted key: {}", e.to_string().trim()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Pin { file, name, keys, paths })
    }
}

/// The file formats a pin may live in, told by the file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinFormat {
    /// JSON (comments and trailing commas tolerated).
    Json,
    /// YAML.
    Yaml,
}

impl PinFormat {
    /// By file extension: `.json`/`.jsonc` are JSON, `.yaml`/`.yml` YAML;
    /// `None` for any other file.
    pub fn of(file: &Path) -> Option<PinFormat> {
        match file.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("json" | "jsonc") => Some(PinFormat::Json),
            Some("yaml" | "yml") => Some(PinFormat::Yaml),
            _ => None,
        }
    }
}
