//! Where each tool declares its patches, read ([`discover`]) and rewritten
//! ([`edit_config`]) touching only the keys the tool owns.
//!
//! - npm 12 and bun: `patchedDependencies` in package.json, keys
//!   `name@version` (npm also takes ranges and bare names; npm names an
//!   aliased dependency by its alias, bun by its package).
//! - pnpm: `patchedDependencies` in pnpm-workspace.yaml; keys `name`,
//!   `name@version`, `name@range`. pnpm 12 no longer reads package.json's
//!   `pnpm.patchedDependencies` ([`pnpm_ignored_patches`]).
//! - Yarn Berry: `patch:<name>@<descriptor>#<path>[&<path>…]` values in
//!   `dependencies`, `devDependencies`, `optionalDependencies` or
//!   `resolutions` of package.json.
//! - patch-package: no configuration, only the names of `patches/*.patch`
//!   (an aliased dependency's by its alias: `lp+1.3.0.patch`).

use std::path::{Path, PathBuf};

use super::lockfile::{
    is_exact_version, json_entries, json_object, json_strings, locked_versions, parse_json, parse_yaml, read_optional,
    split_name_spec, versions_installed_as, yaml_anchors, Yaml,
};
use super::{Format, FormatError};
use workspace::{yaml_anchored, yaml_block, yaml_duplicate, yaml_top_level};

mod edit;
mod workspace;

pub use edit::{config_files, edit_config};

/// A patched package as a project declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatchedDependency {
    /// The package name, with its scope.
    pub name: String,
    /// The key (or, for patch-package, the file name) as written.
    pub key: String,
    /// The exact version the patch applies to.
    pub version: String,
    /// Whether `version` came from the lock file because the key holds a
    /// range or no version.
    pub resolved_from_lock: bool,
    /// The patch files, project-relative with `/`, in the order they apply.
    pub patches: Vec<String>,
    /// The project-relative file that declares it.
    pub declared_in: String,
    /// The name the project installs it under when that is an alias
    /// (`"lp": "npm:left-pad@1.3.0"`): npm's key (`lp@1.3.0`) and
    /// patch-package's file name (`lp+1.3.0.patch`) name the alias.
    pub alias: Option<String>,
}

/// A patched package to declare: its patch files in order, as
/// [`super::render`] returns them (project-relative path with `/`, bytes:
/// npm's lock file records each patch's sha512).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigEntry {
    /// The package name.
    pub name: String,
    /// The exact version.
    pub version: String,
    /// The patch files: project-relative path and contents.
    pub patches: Vec<(String, Vec<u8>)>,
    /// The names the project installs the package under, when one is an
    /// alias (see [`aliases`]); empty: its own name only. npm keys the
    /// patch by each, Yarn patches each such dependency; pnpm and bun key
    /// it by the package's own name, which reaches aliases too.
    pub installed_as: Vec<String>,
}

/// A dependency the project's package.json installs under another name
/// than its package's own: `"lp": "npm:left-pad@1.3.0"` (for Yarn also
/// `"lp": "patch:left-pad@npm%3A1.3.0#…"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The name it is installed under (`lp`).
    pub alias: String,
    /// The package (`left-pad`).
    pub name: String,
    /// The version it installs: the exact one written, else the one
    /// version the lock file records for it (`None`: neither tells).
    pub version: Option<String>,
}

/// Each dependency of `project`'s package.json (`dependencies`,
/// `devDependencies`, `optionalDependencies`): the name it is installed
/// under, the package it installs (another for an alias: `npm:<package>@…`,
/// Yarn's `patch:<package>@npm%3A…`) and the version spec, `npm:` left out.
fn dependencies(project: &Path) -> Result<Vec<(String, String, Option<String>)>, FormatError> {
    let path = project.join("package.json");
    let Some(text) = read_optional(&path)? else { return Ok(Vec::new()) };
    let root = parse_json(&text, &path)?;
    let mut found = Vec::new();
    for field in ["dependencies", "devDependencies", "optionalDependencies"] {
        let Some(object) = json_object(&root, field, &path)? else { continue };
        for (key, value) in json_strings(object, &path)? {
            let descriptor = match (value.strip_prefix("npm:"), parse_yarn_patch(&value)) {
                (Some(descriptor), _) => descriptor.to_string(),
                (None, Some((descriptor, _))) => descriptor,
                (None, None) => format!("{key}@{value}"),
            };
            let (name, spec) = split_name_spec(&descriptor);
            let spec = spec.map(|s| s.strip_prefix("npm:").unwrap_or(s).to_string());
            found.push((key.clone(), name.to_string(), spec));
        }
    }
    Ok(found)
}

/// The exact version `spec` names, if it names one.
fn exact(spec: Option<&str>) -> Option<&str> {
    spec.filter(|s| is_exact_version(s)).map(|s| s.trim_start_matches(['v', '=']))
}

/// The aliases among the dependencies of `project`'s package.json (none
/// without one).
pub fn aliases(format: Format, project: &Path) -> Result<Vec<Alias>, FormatError> {
    let mut found = Vec::new();
    for (alias, name, spec) in dependencies(project)? {
        if name == alias || name.is_empty() {
            continue;
        }
        let version = match exact(spec.as_deref()) {
            Some(exact) => Some(exact.to_string()),
            None => {
                let mut locked = versions_installed_as(format, project, &alias, &name)?.into_iter();
                locked.next().filter(|_| locked.next().is_none())
            }
        };
        found.push(Alias { alias, name, version });
    }
    Ok(found)
}

/// Whether `project`'s package.json depends on `name` under its own name
/// with a spec that may install `version` (any but another exact version).
pub fn depends_on(project: &Path, name: &str, version: &str) -> Result<bool, FormatError> {
    let mut own = dependencies(project)?.into_iter().filter(|(key, package, _)| key == name && package == name);
    Ok(own.any(|(_, _, spec)| exact(spec.as_deref()).is_none_or(|exact| exact == version)))
}

/// npm keys a patch by the name a package is installed under, and
/// patch-package names its file so: a key naming an alias patches the
/// aliased package.
fn unalias(
    format: Format,
    project: &Path,
    mut found: Vec<PatchedDependency>,
) -> Result<Vec<PatchedDependency>, FormatError> {
    if !matches!(format, Format::Npm | Format::PatchPackage) || found.is_empty() {
        return Ok(found);
    }
    let aliases = aliases(format, project)?;
    for dep in &mut found {
        if let Some(alias) = aliases.iter().find(|a| a.alias == dep.name) {
            dep.alias = Some(std::mem::replace(&mut dep.name, alias.name.clone()));
        }
    }
    Ok(found)
}

/// The patched packages `project` declares for `format`, sorted by name
/// and version.
pub fn discover(format: Format, project: &Path) -> Result<Vec<PatchedDependency>, FormatError> {
    let found = match format {
        Format::Npm | Format::Bun => discover_package_json(format, project, &["patchedDependencies"])?,
        Format::Pnpm => discover_pnpm(project)?,
        Format::Yarn => discover_yarn(project)?,
        Format::PatchPackage => discover_patch_package(project)?,
    };
    let mut found = unalias(format, project, found)?;
    found.sort_by(|a, b| (&a.name, &a.version, &a.key).cmp(&(&b.name, &b.version, &b.key)));
    Ok(found)
}

fn read_package_json(project: &Path) -> Result<(PathBuf, String), FormatError> {
    let path = project.join("package.json");
    let text = read_optional(&path)?.ok_or_else(|| FormatError::config(&path, "the project has no package.json"))?;
    Ok((path, text))
}

/// The package `descriptor` (`name@spec`) names, declared under `key` in
/// `config`, with a range or missing version resolved by the lock file.
fn declared_one(
    format: Format,
    project: &Path,
    config: &Path,
    key: &str,
    descriptor: &str,
    patches: Vec<String>,
) -> Result<PatchedDependency, FormatError> {
    let (name, spec) = split_name_spec(descriptor);
    // Yarn's descriptors name the protocol: `left-pad@npm:1.3.0`.
    let spec = spec.map(|s| if format == Format::Yarn { s.strip_prefix("npm:").unwrap_or(s) } else { s });
    let (version, resolved_from_lock) = match spec.filter(|s| is_exact_version(s)) {
        Some(spec) => (spec.trim_start_matches(['v', '=']).to_string(), false),
        None => (resolve(format, project, config, key, name)?, true),
    };
    let declared_in = relative(project, config);
    let (name, key) = (name.to_string(), key.to_string());
    Ok(PatchedDependency { name, key, version, resolved_from_lock, patches, declared_in, alias: None })
}

/// The one version of `name` the lock file holds.
fn resolve(format: Format, project: &Path, config: &Path, key: &str, name: &str) -> Result<String, FormatError> {
    let (lock, versions) = locked_versions(format, project, name)?;
    let unresolved =
        |reason: String| FormatError::Unresolved { config: config.to_path_buf(), key: key.to_string(), reason };
    let mut versions = versions.into_iter();
    match (versions.next(), versions.next()) {
        (Some(only), None) => Ok(only),
        (None, _) => Err(unresolved(format!("`{lock}` holds no version of `{name}`"))),
        (Some(first), Some(second)) => Err(unresolved(format!(
            "`{lock}` holds several versions of `{name}` ({first}, {second}, …), so the key does not name one"
        ))),
    }
}

/// The entries of the object at `keys` (one inside the other) of package.json.
fn discover_package_json(format: Format, project: &Path, keys: &[&str]) -> Result<Vec<PatchedDependency>, FormatError> {
    let (path, text) = read_package_json(project)?;
    let root = parse_json(&text, &path)?;
    let mut object = &root;
    for key in keys {
        let Some(inner) = json_object(object, key, &path)? else { return Ok(Vec::new()) };
        object = inner;
    }
    // npm refuses a project whose entry is no path; skipped, the entry
    // would be dropped by the next export.
    if let Some(entry) = json_entries(object, &path)?.iter().find(|p| p.value.as_string_lit().is_none()) {
        return Err(FormatError::Unsupported {
            path: path.clone(),
            reason: format!("the `{}` entry `{}` is not a string", keys.join("."), entry.name.as_str()),
            change: "write the entry as `\"<name>@<version>\": \"<path of the patch file>\"`".to_string(),
        });
    }
    declared(format, project, &path, json_strings(object, &path)?)
}

fn declared(
    format: Format,
    project: &Path,
    config: &Path,
    entries: Vec<(String, String)>,
) -> Result<Vec<PatchedDependency>, FormatError> {
    let one =
        |(key, patch): (String, String)| declared_one(format, project, config, &key, &key, vec![normalise(&patch)]);
    entries.into_iter().map(one).collect()
}

fn relative(project: &Path, file: &Path) -> String {
    file.strip_prefix(project).unwrap_or(file).to_string_lossy().replace('\\', "/")
}

fn normalise(path: &str) -> String {
    path.trim_start_matches("./").replace('\\', "/")
}

fn discover_pnpm(project: &Path) -> Result<Vec<PatchedDependency>, FormatError> {
    let workspace = project.join("pnpm-workspace.yaml");
    if let Some(text) = read_optional(&workspace)? {
        let root = parse_yaml(&text, &workspace)?;
        if let Some(at) = yaml_top_level(&root, &workspace, "patchedDependencies")? {
            let block = yaml_block(&text, root.entries(), at);
            if yaml_anchors(&text, &workspace)?.iter().any(|(offset, alias)| *alias && block.contains(offset)) {
                return Err(yaml_anchored(&workspace, "patchedDependencies", "an alias (`*`)", "read"));
            }
            let map = &root.entries()[at].1;
            let mut seen = std::collections::BTreeSet::new();
            if let Some(twice) = map.entries().iter().filter_map(|(k, _)| k.as_str()).find(|k| !seen.insert(*k)) {
                return Err(yaml_duplicate(&workspace, twice));
            }
            let pair = |(k, v): &(Yaml, Yaml)| Some((k.as_str()?.to_string(), v.as_str()?.to_string()));
            let entries = map.entries().iter().filter_map(pair).collect();
            return declared(Format::Pnpm, project, &workspace, entries);
        }
    }
    // package.json's `pnpm.patchedDependencies` is no longer read by pnpm
    // (see [`pnpm_ignored_patches`]).
    Ok(Vec::new())
}

/// The entries (key, patch file) of package.json's
/// `pnpm.patchedDependencies`, where older pnpm read its patches: pnpm 12
/// ignores the whole `pnpm` field ("The \"pnpm\" field in package.json is
/// no longer read by pnpm") and installs those packages unpatched.
pub fn pnpm_ignored_patches(project: &Path) -> Result<Vec<(String, String)>, FormatError> {
    let path = project.join("package.json");
    let Some(text) = read_optional(&path)? else { return Ok(Vec::new()) };
    let root = parse_json(&text, &path)?;
    let Some(pnpm) = json_object(&root, "pnpm", &path)? else { return Ok(Vec::new()) };
    let Some(object) = json_object(pnpm, "patchedDependencies", &path)? else { return Ok(Vec::new()) };
    Ok(json_strings(object, &path)?.into_iter().map(|(key, patch)| (key, normalise(&patch))).collect())
}

/// What to tell about [`pnpm_ignored_patches`]: they are not the
/// project's patches for pnpm, and where to move them.
pub fn pnpm_ignored_warning(entries: &[(String, String)], what: &str) -> String {
    let keys: Vec<String> = entries.iter().map(|(key, patch)| format!("`{key}` (`{patch}`)")).collect();
    format!(
        "`package.json` declares {} under `pnpm.patchedDependencies`, which pnpm no longer reads (it warns that the \
         \"pnpm\" field is ignored and installs those packages unpatched): {what}; move the entries to \
         `patchedDependencies` in `pnpm-workspace.yaml` (and delete the `pnpm.patchedDependencies` key) to make pnpm \
         apply them",
        keys.join(", ")
    )
}

const YARN_FIELDS: [&str; 4] = ["dependencies", "devDependencies", "optionalDependencies", "resolutions"];

fn discover_yarn(project: &Path) -> Result<Vec<PatchedDependency>, FormatError> {
    let (path, text) = read_package_json(project)?;
    let root = parse_json(&text, &path)?;
    let mut found: Vec<PatchedDependency> = Vec::new();
    for field in YARN_FIELDS {
        let Some(object) = json_object(&root, field, &path)? else { continue };
        for (key, value) in json_strings(object, &path)? {
            let Some((descriptor, patches)) = parse_yarn_patch(&value) else { continue };
            found.push(declared_one(Format::Yarn, project, &path, &key, &descriptor, patches)?);
        }
    }
    // One patch declared both in a dependency's value and in
    // `resolutions` is one patch; stable, so the dependency's key is kept.
    found.sort_by(|a, b| (&a.name, &a.version).cmp(&(&b.name, &b.version)));
    found.dedup_by(|a, b| a.name == b.name && a.version == b.version && a.patches == b.patches);
    Ok(found)
}

/// `patch:left-pad@npm%3A1.3.0#~/.yarn/patches/x.patch::version=…` →
/// (`left-pad@npm:1.3.0`, its patch files).
fn parse_yarn_patch(value: &str) -> Option<(String, Vec<String>)> {
    let rest = value.strip_prefix("patch:")?;
    let (descriptor, selector) = rest.split_once('#')?;
    let selector = selector.split("::").next().unwrap_or(selector);
    let paths =
        selector.split('&').filter(|p| !p.is_empty()).map(|p| normalise(p.strip_prefix("~/").unwrap_or(p))).collect();
    Some((percent_decode(descriptor), paths))
}

fn percent_decode(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        let hex = tail.get(..2).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        let (decoded, next) = match hex {
            Some(decoded) if byte == b'%' => (decoded, &tail[2..]),
            _ => (byte, tail),
        };
        out.push(decoded);
        rest = next;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn discover_patch_package(project: &Path) -> Result<Vec<PatchedDependency>, FormatError> {
    let dir = project.join("patches");
    let listing = match std::fs::read_dir(&dir) {
        Ok(listing) => listing,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(FormatError::io(&dir)(e)),
    };
    let mut files = Vec::new();
    for entry in listing {
        let file = entry.map_err(FormatError::io(&dir))?.file_name().into_string().ok();
        files.extend(file.filter(|file| file.ends_with(".patch")));
    }
    // Sorted first, so that the first bad name in order is the one reported.
    files.sort();
    let parse = |file: String| {
        let Some((name, version, sequence)) = parse_patch_package_name(&file) else {
            let expected = "not a patch-package file name (`<name>+<version>[+<seq>[+<description>]].patch`)";
            return Err(FormatError::config(&dir.join(&file), expected));
        };
        Ok((name, version, sequence, file))
    };
    let mut parsed = files.into_iter().map(parse).collect::<Result<Vec<_>, _>>()?;
    parsed.sort();
    let mut found: Vec<PatchedDependency> = Vec::new();
    for (name, version, _, file) in parsed {
        let patch = format!("patches/{file}");
        match found.last_mut() {
            Some(last) if last.name == name && last.version == version => last.patches.push(patch),
            _ => found.push(PatchedDependency {
                name,
                key: file,
                version,
                resolved_from_lock: false,
                patches: vec![patch],
                declared_in: "patches".into(),
                alias: None,
            }),
        }
    }
    Ok(found)
}

/// `@scope+name+1.2.3+001+label.dev.patch` → (`@scope/name`, `1.2.3`, 1).
/// Nested packages (`a++b+1.0.0`) patch a dependency of a dependency and
/// are not taken.
fn parse_patch_package_name(file: &str) -> Option<(String, String, u32)> {
    let stem = file.strip_suffix(".patch")?;
    let stem = stem.strip_suffix(".dev").unwrap_or(stem);
    if stem.contains("++") {
        return None;
    }
    let parts: Vec<&str> = stem.split('+').collect();
    // A scope's `/` is written `+` too.
    let name_parts = if stem.starts_with('@') { 2 } else { 1 };
    let (name, rest) = (parts.get(..name_parts)?.join("/"), parts.get(name_parts..)?);
    let version = rest.first()?;
    if !is_exact_version(version) {
        return None;
    }
    let sequence = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Some((name, version.to_string(), sequence))
}

/// The line ending a file uses (CRLF when it has any).
pub(super) fn newline_of(text: &str) -> &'static str {
    if text.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    }
}
