//! Rewriting the configuration files that declare patches, touching only
//! the keys the tool owns: package.json's `patchedDependencies` (npm, bun)
//! and Yarn's `patch:` values, npm's lock file, pnpm-workspace.yaml
//! ([`super::workspace`]).

use std::path::{Path, PathBuf};

use jsonc_parser::ast::Value;

use super::super::lockfile::{
    is_exact_version, is_npm_node_of, json_entries, json_get, json_object, json_strings, parse_json, read_optional,
    split_name_spec,
};
use super::super::{Format, FormatError};
use super::workspace::set_yaml_top_level;
use super::{newline_of, parse_yarn_patch, read_package_json, ConfigEntry, YARN_FIELDS};
use crate::splice::splice;

/// The configuration files of a project, relative to it, that
/// [`edit_config`] may rewrite for `format`.
pub fn config_files(format: Format) -> &'static [&'static str] {
    match format {
        Format::Npm => &["package.json", "package-lock.json"],
        Format::Bun | Format::Yarn => &["package.json"],
        Format::Pnpm => &["pnpm-workspace.yaml"],
        Format::PatchPackage => &[],
    }
}

/// The new bytes of each configuration file `format` keeps for `entries`,
/// every byte outside the keys the tool owns left as it was.
pub fn edit_config(
    format: Format,
    project: &Path,
    entries: &[ConfigEntry],
) -> Result<Vec<(PathBuf, Vec<u8>)>, FormatError> {
    let mut sorted = entries.to_vec();
    sorted.sort_by(|a, b| (&a.name, &a.version).cmp(&(&b.name, &b.version)));
    match format {
        Format::Npm | Format::Bun => {
            let (path, text) = read_package_json(project)?;
            let pairs = single_patches(format, &path, &sorted)?;
            let value = json_object_text(&pairs, 1, &text);
            let edited = set_root_property(&text, &path, "patchedDependencies", &value)?;
            let mut files = vec![(path, edited.into_bytes())];
            if format == Format::Npm {
                files.extend(edit_npm_lock(project, &sorted)?);
            }
            Ok(files)
        }
        Format::Pnpm => {
            let path = project.join("pnpm-workspace.yaml");
            let text = read_optional(&path)?.unwrap_or_default();
            let pairs = single_patches(format, &path, &sorted)?;
            let edited = set_yaml_top_level(&text, &path, "patchedDependencies", &pairs)?;
            Ok(vec![(path, edited.into_bytes())])
        }
        Format::Yarn => {
            let (path, text) = read_package_json(project)?;
            Ok(vec![(path.clone(), edit_yarn(&text, &path, &sorted)?.into_bytes())])
        }
        Format::PatchPackage => Ok(Vec::new()),
    }
}

fn single_patches(
    format: Format,
    config: &Path,
    entries: &[ConfigEntry],
) -> Result<Vec<(String, String)>, FormatError> {
    let mut pairs = Vec::new();
    for entry in entries {
        let [(only, _)] = entry.patches.as_slice() else {
            let (name, version, count) = (&entry.name, &entry.version, entry.patches.len());
            let reason = format!("{format} takes exactly one patch file for `{name}@{version}`, not {count}");
            return Err(FormatError::config(config, reason));
        };
        let keyed_by = if format == Format::Npm { install_names(entry) } else { vec![entry.name.as_str()] };
        pairs.extend(keyed_by.into_iter().map(|name| (format!("{name}@{}", entry.version), only.clone())));
    }
    Ok(pairs)
}

/// The names `entry`'s package is installed under.
fn install_names(entry: &ConfigEntry) -> Vec<&str> {
    match entry.installed_as.as_slice() {
        [] => vec![entry.name.as_str()],
        names => names.iter().map(String::as_str).collect(),
    }
}

/// The indentation one level of the file uses (that of its first property).
fn indent_unit(text: &str) -> String {
    text.lines()
        .skip(1)
        .find_map(|line| {
            let indent: String = line.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            (!indent.is_empty()).then_some(indent)
        })
        .unwrap_or_else(|| "  ".into())
}

fn json_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}

/// `"key": value` indented `depth` levels in the style of `file`.
fn json_property(file: &str, depth: usize, key: &str, value: &str) -> String {
    format!("{}{}: {value}", indent_unit(file).repeat(depth), json_string(key))
}

/// `{ "k": "v", … }` laid out at `depth` levels in the file's own style.
fn json_object_text(pairs: &[(String, String)], depth: usize, file: &str) -> String {
    if pairs.is_empty() {
        return "{}".into();
    }
    let nl = newline_of(file);
    let body: Vec<String> = pairs.iter().map(|(k, v)| json_property(file, depth + 1, k, &json_string(v))).collect();
    format!("{{{nl}{}{nl}{}}}", body.join(&format!(",{nl}")), indent_unit(file).repeat(depth))
}

/// Replaces the value of a root property, or adds the property at the end.
fn set_root_property(text: &str, path: &Path, key: &str, value: &str) -> Result<String, FormatError> {
    let root = parse_json(text, path)?;
    let (nl, property) = (newline_of(text), json_property(text, 1, key, value));
    Ok(match (json_get(&root, key, path)?, root.properties.last()) {
        (Some(old), _) => splice(text, [(value_range(old), value)]),
        (None, Some(last)) => splice(text, [(last.range.end..last.range.end, format!(",{nl}{property}"))]),
        (None, None) => {
            let open = root.range.start + 1;
            format!("{}{nl}{property}{nl}{}", &text[..open], text[open..].trim_start())
        }
    })
}

fn value_range(value: &Value<'_>) -> std::ops::Range<usize> {
    use jsonc_parser::common::Ranged;
    let range = value.range();
    range.start..range.end
}

/// Points each entry's package at its patch through `patch:`, where Yarn
/// reads it: every value that already declares a patch of the package
/// (a dependency's or a `resolutions` entry's) is rewritten; a package
/// with none gets it in its direct dependency or, when it is no direct
/// dependency, in a `resolutions` entry.
fn edit_yarn(text: &str, path: &Path, entries: &[ConfigEntry]) -> Result<String, FormatError> {
    let mut edited = text.to_string();
    for entry in entries {
        let paths: Vec<String> = entry.patches.iter().map(|(p, _)| format!("~/{p}")).collect();
        let descriptor = format!("{}@npm%3A{}", entry.name, entry.version);
        let value = format!("patch:{descriptor}#{}", paths.join("&"));
        let root = parse_json(&edited, path)?;
        // The patch of another version kept beside this one stays its own.
        let others: Vec<&str> = entries
            .iter()
            .filter(|e| e.name == entry.name && e.version != entry.version)
            .map(|e| e.version.as_str())
            .collect();
        let mut declared = yarn_patch_values(&root, path, entry, &others)?;
        for field in ["dependencies", "devDependencies", "optionalDependencies"] {
            let Some(object) = json_object(&root, field, path)? else { continue };
            for name in &entry.installed_as {
                declared.extend(json_get(object, name, path)?.map(value_range));
            }
        }
        declared.sort_by_key(|range| range.start);
        declared.dedup();
        if !declared.is_empty() {
            edited = splice(&edited, declared.into_iter().map(|range| (range, json_string(&value))));
            continue;
        }
        let mut target = None;
        for field in ["dependencies", "devDependencies", "optionalDependencies"] {
            let Some(object) = json_object(&root, field, path)? else { continue };
            if let Some(old) = json_get(object, &entry.name, path)? {
                target = Some(old);
                break;
            }
        }
        edited = match target {
            Some(old) => splice(&edited, [(value_range(old), json_string(&value))]),
            None => {
                let key = format!("{}@npm:{}", entry.name, entry.version);
                let mut pairs: Vec<(String, String)> = match json_object(&root, "resolutions", path)? {
                    Some(resolutions) => json_strings(resolutions, path)?,
                    None => Vec::new(),
                };
                pairs.retain(|(k, _)| k != &key);
                pairs.push((key, value));
                let object = json_object_text(&pairs, 1, &edited);
                set_root_property(&edited, path, "resolutions", &object)?
            }
        };
    }
    Ok(edited)
}

/// The byte ranges of the values of package.json that declare a `patch:`
/// of `entry`'s package. A `resolutions` key that selects another exact
/// version is refused: the new patch written there would not reach the
/// version exported.
fn yarn_patch_values(
    root: &jsonc_parser::ast::Object<'_>,
    path: &Path,
    entry: &ConfigEntry,
    others: &[&str],
) -> Result<Vec<std::ops::Range<usize>>, FormatError> {
    let mut ranges = Vec::new();
    for field in YARN_FIELDS {
        let Some(object) = json_object(root, field, path)? else { continue };
        for prop in json_entries(object, path)? {
            let Some(current) = prop.value.as_string_lit() else { continue };
            let Some((descriptor, _)) = parse_yarn_patch(&current.value) else { continue };
            let (name, spec) = split_name_spec(&descriptor);
            let spec = spec.map(|spec| spec.strip_prefix("npm:").unwrap_or(spec).trim_start_matches(['v', '=']));
            if name != entry.name || spec.is_some_and(|spec| others.contains(&spec)) {
                continue;
            }
            let key = prop.name.as_str();
            let selected = split_name_spec(key).1.map(|spec| spec.strip_prefix("npm:").unwrap_or(spec));
            if let Some(other) = selected.filter(|spec| field == "resolutions" && is_exact_version(spec)) {
                if other.trim_start_matches(['v', '=']) != entry.version {
                    let (name, version) = (&entry.name, &entry.version);
                    return Err(FormatError::Unsupported {
                        path: path.to_path_buf(),
                        reason: format!(
                            "`resolutions` declares the patch of `{name}` under `{key}`, which selects version \
                             {other}, not the version {version} exported"
                        ),
                        change: format!(
                            "rename the key to `{name}@npm:{version}` (or `{name}`), or remove the entry, then export \
                             again"
                        ),
                    });
                }
            }
            ranges.push(value_range(&prop.value));
        }
    }
    Ok(ranges)
}

/// npm records each patch in package-lock.json (`"patched": {"integrity",
/// "path"}` on every installed node of the package, lockfileVersion 4) and
/// `npm ci` refuses a patch whose sha512 differs, so the lock is edited
/// too when the project has one. Nodes of other versions are left alone.
fn edit_npm_lock(project: &Path, entries: &[ConfigEntry]) -> Result<Option<(PathBuf, Vec<u8>)>, FormatError> {
    let path = project.join("package-lock.json");
    let Some(mut text) = read_optional(&path)? else { return Ok(None) };
    for entry in entries {
        let [(patch, bytes)] = entry.patches.as_slice() else { continue };
        let pairs = [("integrity".to_string(), crate::npm::sri_sha512(bytes)), ("path".to_string(), patch.clone())];
        loop {
            let root = parse_json(&text, &path)?;
            let Some(packages) = json_object(&root, "packages", &path)? else { break };
            let value = json_object_text(&pairs, 3, &text);
            let mut edit = None;
            for prop in json_entries(packages, &path)? {
                let installed = install_names(entry).into_iter().find(|n| is_npm_node_of(prop.name.as_str(), n));
                let (Some(node), Some(installed)) = (prop.value.as_object(), installed) else { continue };
                let version = json_get(node, "version", &path)?.and_then(Value::as_string_lit);
                if version.map(|v| v.value.as_ref()) != Some(entry.version.as_str()) {
                    continue;
                }
                // An alias's node names its package (`"name": "left-pad"`).
                let package = json_get(node, "name", &path)?.and_then(Value::as_string_lit);
                if package.map_or(installed, |p| p.value.as_ref()) != entry.name {
                    continue;
                }
                edit = match json_get(node, "patched", &path)? {
                    Some(current) if text[value_range(current)] == value => continue,
                    Some(current) => Some((value_range(current), value.clone())),
                    None => {
                        let at = node.properties.last().map_or(node.range.start + 1, |p| p.range.end);
                        Some((at..at, format!(",{}{}", newline_of(&text), json_property(&text, 3, "patched", &value))))
                    }
                };
                break;
            }
            let Some((range, with)) = edit else { break };
            text = splice(&text, [(range, with)]);
        }
    }
    // npm moves a lock to version 4 when it records the first patch.
    let root = parse_json(&text, &path)?;
    if let Some(old @ Value::NumberLit(n)) = json_get(&root, "lockfileVersion", &path)? {
        if n.value.parse::<u32>().is_ok_and(|v| v < 4) {
            text = splice(&text, [(value_range(old), "4")]);
        }
    }
    Ok(Some((path, text.into_bytes())))
}
