//! Reading the configuration and lock files the tools own, keeping byte
//! ranges so that edits touch only the keys a tool owns.
//!
//! JSON goes through `jsonc-parser` (whose AST keeps each node's byte
//! range; bun.lock has trailing commas), YAML through `saphyr-parser`
//! (events with spans). Versions of a package are looked up in
//! package-lock.json, pnpm-lock.yaml, Berry's yarn.lock and bun.lock.

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

use jsonc_parser::ast::{Object, Value};

use super::{Format, FormatError};

/// A YAML node with the bytes its content spans: from its first byte to
/// the end of its last scalar (or closing bracket), the comments and
/// blank lines after it left out.
#[derive(Debug)]
pub(super) enum Yaml {
    Scalar(String, Range<usize>),
    Map(Vec<(Yaml, Yaml)>, Range<usize>),
    /// A sequence or an alias: nothing the tools keep patches in.
    Other(Range<usize>),
}

impl Yaml {
    pub(super) fn get(&self, key: &str) -> Option<&Yaml> {
        self.entries().iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }

    pub(super) fn as_str(&self) -> Option<&str> {
        match self {
            Yaml::Scalar(value, _) => Some(value),
            _ => None,
        }
    }

    pub(super) fn entries(&self) -> &[(Yaml, Yaml)] {
        match self {
            Yaml::Map(entries, _) => entries,
            _ => &[],
        }
    }

    /// The bytes of the node's content (empty for a missing value, at the
    /// place it would be).
    pub(super) fn span(&self) -> Range<usize> {
        match self {
            Yaml::Scalar(_, span) | Yaml::Map(_, span) | Yaml::Other(span) => span.clone(),
        }
    }
}

/// Parses the first document of `text`; an empty file is an empty mapping.
pub(super) fn parse_yaml(text: &str, path: &Path) -> Result<Yaml, FormatError> {
    use saphyr_parser::{Event, Parser};
    // saphyr counts in characters.
    let byte_of: Vec<usize> = text.char_indices().map(|(byte, _)| byte).collect();
    let byte = |index: usize| byte_of.get(index).copied().unwrap_or(text.len());
    // Each open collection: its items, whether it is a mapping, where it
    // starts and whether it is a flow collection (`{…}`, `[…]`).
    let mut stack: Vec<(Vec<Yaml>, bool, usize, bool)> = Vec::new();
    let mut root = None;
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| FormatError::config(path, format!("not valid YAML: {e}")))?;
        let (start, end) = (byte(span.start.index()), byte(span.end.index()));
        let node = match event {
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let flow = text[start..].starts_with(['{', '[']);
                stack.push((Vec::new(), matches!(event, Event::MappingStart(..)), start, flow));
                continue;
            }
            Event::MappingEnd | Event::SequenceEnd => {
                let Some((items, is_map, start, flow)) = stack.pop() else { continue };
                // A block collection ends where the next token starts,
                // after any comments: its content ends with its last item.
                let last = items.iter().map(|item| item.span().end).max().unwrap_or(start);
                let span = start..if flow { end } else { last };
                if is_map {
                    let mut items = items.into_iter();
                    Yaml::Map(std::iter::from_fn(|| Some((items.next()?, items.next()?))).collect(), span)
                } else {
                    Yaml::Other(span)
                }
            }
            Event::Scalar(value, ..) => Yaml::Scalar(value.to_string(), start..end),
            Event::Alias(..) => Yaml::Other(start..end),
            _ => continue,
        };
        match stack.last_mut() {
            Some((items, ..)) => items.push(node),
            None if root.is_none() => root = Some(node),
            None => {}
        }
    }
    Ok(root.unwrap_or(Yaml::Map(Vec::new(), 0..0)))
}

/// Where `text` puts a YAML anchor (`&name`) or an alias (`*name`): the
/// byte offset of each node that carries one, and whether it is an alias.
pub(super) fn yaml_anchors(text: &str, path: &Path) -> Result<Vec<(usize, bool)>, FormatError> {
    use saphyr_parser::{Event, Parser};
    let byte_of: Vec<usize> = text.char_indices().map(|(byte, _)| byte).collect();
    let mut found = Vec::new();
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| FormatError::config(path, format!("not valid YAML: {e}")))?;
        let (anchor, alias) = match event {
            Event::Alias(..) => (0, true),
            Event::MappingStart(anchor, _) | Event::SequenceStart(anchor, _) | Event::Scalar(_, _, anchor, _) => {
                (anchor, false)
            }
            _ => continue,
        };
        if alias || anchor != 0 {
            found.push((byte_of.get(span.start.index()).copied().unwrap_or(text.len()), alias));
        }
    }
    Ok(found)
}

/// Parses JSON (with the comments and trailing commas bun.lock uses).
pub(super) fn parse_json<'a>(text: &'a str, path: &Path) -> Result<Object<'a>, FormatError> {
    let parsed = jsonc_parser::parse_to_ast(text, &Default::default(), &Default::default())
        .map_err(|e| FormatError::config(path, format!("not valid JSON: {e}")))?;
    match parsed.value {
        Some(Value::Object(object)) => Ok(object),
        _ => Err(FormatError::config(path, "the file does not hold a JSON object")),
    }
}

/// A key written twice in one object of `path`: the tools read JSON with
/// `JSON.parse`, which keeps the last, while forklayer would read (and
/// edit) the first, so neither is taken.
fn duplicate_key(path: &Path, key: &str) -> FormatError {
    FormatError::Unsupported {
        path: path.to_path_buf(),
        reason: format!(
            "the key `{key}` appears twice in one object: JavaScript's `JSON.parse` keeps the last, forklayer would \
             take the first"
        ),
        change: format!("write `{key}` once in that object, keeping the entry the tool should read"),
    }
}

/// The value of `key` in `object` of the file `path`, refused when the key
/// appears more than once.
pub(super) fn json_get<'o, 'a>(
    object: &'o Object<'a>,
    key: &str,
    path: &Path,
) -> Result<Option<&'o Value<'a>>, FormatError> {
    let mut found = object.properties.iter().filter(|p| p.name.as_str() == key);
    match (found.next(), found.next()) {
        (Some(_), Some(_)) => Err(duplicate_key(path, key)),
        (first, _) => Ok(first.map(|p| &p.value)),
    }
}

/// The object at `key` (none when there is none, or it is no object),
/// refused when `key` appears more than once.
pub(super) fn json_object<'o, 'a>(
    object: &'o Object<'a>,
    key: &str,
    path: &Path,
) -> Result<Option<&'o Object<'a>>, FormatError> {
    Ok(json_get(object, key, path)?.and_then(Value::as_object))
}

/// The properties of an object whose every entry is read, refused when
/// one key appears more than once.
pub(super) fn json_entries<'o, 'a>(
    object: &'o Object<'a>,
    path: &Path,
) -> Result<&'o [jsonc_parser::ast::ObjectProp<'a>], FormatError> {
    let mut seen = BTreeSet::new();
    match object.properties.iter().find(|p| !seen.insert(p.name.as_str())) {
        Some(twice) => Err(duplicate_key(path, twice.name.as_str())),
        None => Ok(&object.properties),
    }
}

/// The properties of the object at `key`, none when there is no such object.
fn json_properties<'o, 'a>(
    object: &'o Object<'a>,
    key: &str,
    path: &Path,
) -> Result<&'o [jsonc_parser::ast::ObjectProp<'a>], FormatError> {
    json_object(object, key, path)?.map_or(Ok(&[]), |inner| json_entries(inner, path))
}

/// The string-valued properties of an object, in order, refused when one
/// key appears more than once.
pub(super) fn json_strings(object: &Object<'_>, path: &Path) -> Result<Vec<(String, String)>, FormatError> {
    let properties = json_entries(object, path)?;
    let strings = properties.iter().filter_map(|p| Some((p.name.as_str(), &p.value.as_string_lit()?.value)));
    Ok(strings.map(|(key, value)| (key.to_string(), value.to_string())).collect())
}

/// Reads a file of the project, `None` when it does not exist.
pub(super) fn read_optional(path: &Path) -> Result<Option<String>, FormatError> {
    match std::fs::read(path) {
        Ok(bytes) => {
            String::from_utf8(bytes).map(Some).map_err(|_| FormatError::config(path, "the file is not valid UTF-8"))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(FormatError::io(path)(e)),
    }
}

/// `name@version` → (`name`, `version`), the `@` of a scope left alone.
pub(super) fn split_name_spec(key: &str) -> (&str, Option<&str>) {
    match key.get(1..).and_then(|rest| rest.find('@')) {
        Some(at) => (&key[..at + 1], Some(&key[at + 2..])),
        None => (key, None),
    }
}

/// Whether `spec` is one exact version (`1.2.3`, `1.2.3-rc.1+build`), not a range.
pub(super) fn is_exact_version(spec: &str) -> bool {
    let spec = spec.strip_prefix('v').unwrap_or(spec).strip_prefix('=').unwrap_or(spec);
    let core = spec.split(['-', '+']).next().unwrap_or("");
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads the versions of one package from a lock file's text.
type VersionReader = fn(&str, &Path, &str) -> Result<BTreeSet<String>, FormatError>;

/// Every version of `name` that `project`'s lock file for `format` holds,
/// with the lock file's name (no versions: the project has no lock file or
/// it does not hold the package).
pub fn locked_versions(format: Format, project: &Path, name: &str) -> Result<(String, BTreeSet<String>), FormatError> {
    let (file, reader): (&str, VersionReader) = match format {
        Format::Npm | Format::PatchPackage => ("package-lock.json", npm_versions),
        Format::Pnpm => ("pnpm-lock.yaml", pnpm_versions),
        Format::Yarn => ("yarn.lock", yarn_versions),
        Format::Bun => ("bun.lock", bun_versions),
    };
    let path = project.join(file);
    let versions = read_optional(&path)?.map(|text| reader(&text, &path, name)).transpose()?.unwrap_or_default();
    Ok((file.to_string(), versions))
}

/// Whether `key` of package-lock.json's `packages` is an installed node of
/// package `name` (`node_modules/<name>`, at any depth).
pub(super) fn is_npm_node_of(key: &str, name: &str) -> bool {
    let suffix = format!("node_modules/{name}");
    key == suffix || key.ends_with(&format!("/{suffix}"))
}

fn npm_versions(text: &str, path: &Path, name: &str) -> Result<BTreeSet<String>, FormatError> {
    let root = parse_json(text, path)?;
    let mut versions = BTreeSet::new();
    for prop in json_properties(&root, "packages", path)?.iter().filter(|p| is_npm_node_of(p.name.as_str(), name)) {
        let Some(node) = prop.value.as_object() else { continue };
        let version = json_get(node, "version", path)?.and_then(Value::as_string_lit);
        versions.extend(version.map(|v| v.value.to_string()));
    }
    Ok(versions)
}

/// The version part of `id` (`name@version`) when it names package `name`.
fn version_of<'a>(id: &'a str, name: &str) -> Option<&'a str> {
    match split_name_spec(id) {
        (id_name, Some(spec)) if id_name == name => Some(spec),
        _ => None,
    }
}

fn pnpm_versions(text: &str, path: &Path, name: &str) -> Result<BTreeSet<String>, FormatError> {
    let root = parse_yaml(text, path)?;
    let keys =
        ["packages", "snapshots"].into_iter().flat_map(|section| root.get(section).map_or(&[][..], Yaml::entries));
    Ok(keys
        .filter_map(|(key, _)| version_of(key.as_str()?, name))
        // `1.3.0(patch_hash=…)` in snapshots.
        .map(|spec| spec.split('(').next().unwrap_or(spec).to_string())
        .collect())
}

fn yarn_versions(text: &str, path: &Path, name: &str) -> Result<BTreeSet<String>, FormatError> {
    let root = parse_yaml(text, path)?;
    let prefix = format!("{name}@npm:");
    let resolutions = root.entries().iter().filter_map(|(_, entry)| entry.get("resolution")?.as_str());
    Ok(resolutions.filter_map(|resolution| Some(resolution.strip_prefix(&prefix)?.to_string())).collect())
}

fn bun_versions(text: &str, path: &Path, name: &str) -> Result<BTreeSet<String>, FormatError> {
    let root = parse_json(text, path)?;
    // Each package is `"key": ["name@version", …]`.
    let ids = json_properties(&root, "packages", path)?
        .iter()
        .filter_map(|prop| Some(&prop.value.as_array()?.elements.first()?.as_string_lit()?.value));
    Ok(ids.filter_map(|id| Some(version_of(id, name)?.to_string())).collect())
}

/// Every version of `name` the lock file of `project` installs, under its
/// own name or another (npm's nodes of an alias carry `"name"`; the other
/// lock files name the package itself): what a patch of `name@version`
/// may still be needed for.
pub fn installed_versions(format: Format, project: &Path, name: &str) -> Result<BTreeSet<String>, FormatError> {
    let (_, mut versions) = locked_versions(format, project, name)?;
    if matches!(format, Format::Npm | Format::PatchPackage) {
        let path = project.join("package-lock.json");
        if let Some(text) = read_optional(&path)? {
            let root = parse_json(&text, &path)?;
            for prop in json_properties(&root, "packages", &path)? {
                let Some(node) = prop.value.as_object() else { continue };
                if npm_node_field(node, "name", &path)?.as_deref() == Some(name) {
                    versions.extend(npm_node_field(node, "version", &path)?);
                }
            }
        }
    }
    Ok(versions)
}

fn npm_node_field(node: &Object<'_>, key: &str, path: &Path) -> Result<Option<String>, FormatError> {
    Ok(json_get(node, key, path)?.and_then(Value::as_string_lit).map(|v| v.value.to_string()))
}

/// The versions of package `name` that `project`'s lock file installs
/// under the name `alias` (`"alias": "npm:name@…"`, or `name` itself):
/// npm's nodes `node_modules/<alias>` whose `"name"` is `name` (no
/// `"name"`: the package `alias`), Yarn's entries keyed `<alias>@…` that
/// resolve `name`, pnpm's importers' `<alias>: <name>@<version>`, bun's
/// `packages` entry `<alias>`.
pub fn versions_installed_as(
    format: Format,
    project: &Path,
    alias: &str,
    name: &str,
) -> Result<BTreeSet<String>, FormatError> {
    let (file, _) = locked_versions(format, project, name)?;
    let path = project.join(&file);
    let Some(text) = read_optional(&path)? else { return Ok(BTreeSet::new()) };
    let mut versions = BTreeSet::new();
    match format {
        Format::Npm | Format::PatchPackage => {
            let root = parse_json(&text, &path)?;
            for prop in
                json_properties(&root, "packages", &path)?.iter().filter(|p| is_npm_node_of(p.name.as_str(), alias))
            {
                let Some(node) = prop.value.as_object() else { continue };
                if npm_node_field(node, "name", &path)?.as_deref().unwrap_or(alias) == name {
                    versions.extend(npm_node_field(node, "version", &path)?);
                }
            }
        }
        Format::Yarn => {
            let root = parse_yaml(&text, &path)?;
            for (key, entry) in root.entries() {
                let keys = key.as_str().unwrap_or("");
                let resolution = entry.get("resolution").and_then(Yaml::as_str).unwrap_or("");
                if keys.split(", ").any(|k| k.starts_with(&format!("{alias}@")))
                    && version_of(resolution, name).is_some()
                {
                    versions.extend(entry.get("version").and_then(Yaml::as_str).map(str::to_string));
                }
            }
        }
        Format::Pnpm => {
            let root = parse_yaml(&text, &path)?;
            let importers = root.get("importers").map_or(&[][..], Yaml::entries);
            for (_, importer) in importers {
                for field in ["dependencies", "devDependencies", "optionalDependencies"] {
                    let Some(dep) = importer.get(field).and_then(|deps| deps.get(alias)) else { continue };
                    let id = dep.get("version").and_then(Yaml::as_str).unwrap_or("");
                    // The package's own name records the version alone.
                    let id = if alias == name { id } else { version_of(id, name).unwrap_or("") };
                    let version = id.split('(').next().filter(|v| !v.is_empty()).map(str::to_string);
                    versions.extend(version);
                }
            }
        }
        Format::Bun => {
            let root = parse_json(&text, &path)?;
            let entry = json_properties(&root, "packages", &path)?.iter().find(|p| p.name.as_str() == alias);
            let id = entry.and_then(|p| Some(p.value.as_array()?.elements.first()?.as_string_lit()?.value.to_string()));
            versions.extend(id.as_deref().and_then(|id| version_of(id, name)).map(str::to_string));
        }
    }
    Ok(versions)
}
