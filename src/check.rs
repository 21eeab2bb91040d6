//! `check`: the offline round trip CI runs. `upstream/` matches its lock
//! file; rebuilding from `upstream/` + `patches/` reproduces the fork
//! layer exactly (own packages included, so their copies match their
//! source); regenerating the manifests reproduces the committed ones; and
//! the profile's `package.json` declares exactly the layer's packages; and
//! every pin declared in `[[pins]]` holds `layer.baseline`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::genpatches::{is_generated_patch_file, plan_patches, upstream_version, GenError};
use crate::layer::Layer;
use crate::lock::{Lock, LockError};
use crate::manifest::Manifest;
use crate::rebuild::{
    built_against_mismatches, compare_trees, read_vendored_package, rebuild_layer, Difference, RebuildError,
};
use crate::tree::{Tree, TreeError};

/// Everything `check` found wrong, by area.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CheckReport {
    /// `upstream/` does not match its lock file (integrity).
    pub lock: Vec<String>,
    /// The rebuilt layer differs from the fork layer.
    pub rebuild: Vec<Difference>,
    /// Regenerated manifests differ from the committed ones.
    pub manifests: Vec<String>,
    /// The profile's `package.json` disagrees with the declaration.
    pub declaration: Vec<String>,
    /// Declared pins (`[[pins]]`) that do not hold `layer.baseline`.
    pub pins: Vec<crate::merge::pins::PinMismatch>,
    /// Seed-format manifests (the JS toolchain's, e.g. kept by `adopt`)
    /// accepted as they are: they rebuild the fork layer (step 2 proves
    /// it), though `gen-patches` would write them differently.
    pub seed_manifests: Vec<String>,
    /// Manifests whose `builtAgainst` is not `upstream/VERSION` (a
    /// warning: rebuilding does not use it).
    pub built_against: Vec<crate::rebuild::BuiltAgainst>,
    /// Files of the fork layer that differ from upstream although the
    /// `ignore` globs leave them out (a warning: nothing carries them).
    pub ignored_changes: Vec<crate::layer::IgnoredChange>,
}

impl CheckReport {
    /// Whether everything agrees.
    pub fn is_clean(&self) -> bool {
        self.lock.is_empty()
            && self.rebuild.is_empty()
            && self.manifests.is_empty()
            && self.declaration.is_empty()
            && self.pins.is_empty()
    }
}

/// Errors that stop `check` before it can compare.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The lock file is missing or invalid.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// Rebuilding failed (drift, missing package…).
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
    /// Regenerating failed.
    #[error(transparent)]
    Gen(#[from] GenError),
    /// A directory could not be read.
    #[error(transparent)]
    Tree(#[from] TreeError),
}

impl crate::error::Diagnostic for CheckError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        match self {
            CheckError::Lock(e) => Wraps(e),
            CheckError::Rebuild(e) => Wraps(e),
            // Not `Wraps`: gen-patches' details are left out.
            CheckError::Gen(e) => Own(e.exit_status(), e.code()),
            CheckError::Tree(e) => Wraps(e),
        }
    }
    fn own_help(&self) -> Option<String> {
        match self {
            CheckError::Gen(e) => e.help(),
            _ => None,
        }
    }
}

/// Runs every check and reports all findings at once.
pub fn check(layer: &Layer) -> Result<CheckReport, CheckError> {
    let mut report = CheckReport { lock: check_lock(layer)?, ..CheckReport::default() };
    if !report.lock.is_empty() {
        // Everything else is computed from upstream/; with untrustworthy
        // bytes its findings would only be noise.
        return Ok(report);
    }
    report.built_against = built_against_mismatches(layer, &layer.paths.upstream, &layer.paths.patches);
    report.ignored_changes = layer.ignored_changes();
    let rebuilt = rebuild_layer(layer, &layer.paths.upstream, &layer.paths.patches)?;
    let forks = Tree::read_dir_or_empty(&layer.paths.forks)?;
    let forks = layer.without_ignored(forks);
    report.rebuild = compare_trees(&rebuilt, &forks);
    (report.manifests, report.seed_manifests) = check_manifests(layer)?;
    report.declaration = check_profile_dependencies(layer);
    report.pins = crate::merge::pins::check_pins(layer);
    Ok(report)
}

fn check_lock(layer: &Layer) -> Result<Vec<String>, CheckError> {
    let upstream = &layer.paths.upstream;
    let lock = Lock::read(upstream)?;
    let mut problems = Vec::new();
    // `upstream/VERSION` holds the version family's version; a layer
    // without a family has none.
    if layer.baseline.is_some() {
        match upstream_version(upstream) {
            Ok(v) => problems.extend(lock.version_mismatch(&v)),
            Err(e) => problems.push(e.to_string()),
        }
    }
    // A merge in progress has vendored its new versions; `--continue`
    // moves the declaration to them.
    let merge = crate::merge::progress::MergeState::read(&layer.root).ok().flatten();
    for package in layer.upstream.values().filter(|p| !p.in_family) {
        let Some(locked) = lock.version_of(&package.npm_name).filter(|locked| *locked != package.version) else {
            continue;
        };
        let (name, declared) = (&package.npm_name, &package.version);
        if merge.as_ref().and_then(|m| m.packages.get(&package.name)).is_some_and(|to| to == locked) {
            problems.push(format!(
                "`{name}` is declared at `{declared}` and `upstream/` holds `{locked}`, the version the merge in \
                 progress moves it to: `forklayer merge --continue` moves the declaration once the conflicts are \
                 resolved, `forklayer merge --abort` puts `upstream/` back"
            ));
        } else {
            problems.push(format!(
                "`{name}` is declared at `{declared}` but `upstream/` holds `{locked}`; run `forklayer snapshot` \
                 (or merge it: `forklayer merge {}@{declared}`)",
                package.name
            ));
        }
    }
    for name in layer.upstream_packages() {
        match read_vendored_package(layer, upstream, name) {
            Ok(tree) => problems.extend(lock.verify_tree(&layer.full_name(name), &tree)),
            Err(e) => problems.push(e.to_string()),
        }
    }
    for name in lock.packages.keys().filter(|n| layer.upstream_named(n).is_none()) {
        problems.push(format!("`{name}` is in the lock file but not declared"));
    }
    for name in undeclared_entries(layer, upstream)? {
        problems.push(format!("`{name}` is in `upstream/` but not in the lock file"));
    }
    Ok(problems)
}

/// Entries of `upstream/<scope>/` (each scope the layer's packages use)
/// that are no declared package: vendored bytes nobody locked.
fn undeclared_entries(layer: &Layer, upstream: &Path) -> Result<Vec<String>, CheckError> {
    let mut extra = Vec::new();
    for scope in layer.upstream_roots().into_iter().filter(|root| root.starts_with('@')) {
        let scope_dir = upstream.join(scope);
        let Ok(entries) = std::fs::read_dir(&scope_dir) else { continue };
        for entry in entries {
            let entry = entry.map_err(|source| TreeError::Io { path: scope_dir.clone(), source })?;
            let name = format!("{scope}/{}", entry.file_name().to_string_lossy());
            if layer.upstream_named(&name).is_none() {
                extra.push(name);
            }
        }
    }
    extra.sort();
    Ok(extra)
}

/// Regenerated manifests against the committed ones: the problems, and the
/// committed seed-format manifests accepted in place of regenerated ones.
fn check_manifests(layer: &Layer) -> Result<(Vec<String>, Vec<String>), CheckError> {
    let planned = plan_patches(layer)?;
    let patches = &layer.paths.patches;
    let committed = Tree::read_dir_or_empty(patches)?;
    let seed = seed_manifests(&planned, &committed, patches);
    let mut problems = Vec::new();
    for (file, bytes) in &planned {
        let package = file.strip_suffix(".json").or_else(|| file.strip_suffix(".diff")).unwrap_or(file);
        if seed.iter().any(|s| s == package) {
            continue;
        }
        match committed.get(file) {
            None => problems.push(format!("`{file}` is missing; run `forklayer gen-patches`")),
            Some(entry) if *entry.bytes != *bytes => {
                problems.push(format!("`{file}` is stale; run `forklayer gen-patches`"))
            }
            Some(_) => {}
        }
    }
    for file in committed.paths().filter(|p| is_generated_patch_file(p) && !planned.contains_key(*p)) {
        problems.push(format!("`{file}` is not generated by the fork layer; run `forklayer gen-patches` to remove it"));
    }
    Ok((problems, seed))
}

/// Forked packages whose committed manifest is in the seed format (no
/// `forklayer` extension) where a regenerated one is planned. Such a
/// manifest is kept as it is: it carries no review diff, and whether it
/// rebuilds the fork layer is what the rebuild comparison proves.
fn seed_manifests(planned: &BTreeMap<String, Vec<u8>>, committed: &Tree, patches: &Path) -> Vec<String> {
    planned
        .keys()
        .filter_map(|file| file.strip_suffix(".json"))
        .filter(|name| {
            let file = format!("{name}.json");
            committed
                .get(&file)
                .and_then(|entry| Manifest::from_json(&entry.bytes, &patches.join(&file)).ok())
                .is_some_and(|manifest| manifest.forklayer.is_none())
        })
        .map(str::to_string)
        .collect()
}

/// The `dependencies` the profile's `package.json` must declare: every
/// forked, carried and own package as a `file:` link into the fork layer.
pub fn expected_profile_dependencies(layer: &Layer) -> BTreeMap<String, String> {
    let into_forks = forks_link_prefix(layer);
    layer
        .all_packages()
        .into_iter()
        .map(|name| {
            let full = layer.npm_name(name);
            let link = format!("{into_forks}{full}");
            (full, link)
        })
        .collect()
}

/// `file:./<forks>/`: how the profile's `package.json` links into the fork
/// layer.
fn forks_link_prefix(layer: &Layer) -> String {
    let forks_name = layer.paths.forks.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    format!("file:./{forks_name}/")
}

/// `<forks>/../package.json`, the profile's.
fn profile_json(layer: &Layer) -> Option<std::path::PathBuf> {
    layer.paths.forks.parent().map(|p| p.join("package.json"))
}

/// Compares `<forks>/../package.json` (when it exists) with the
/// declaration.
pub fn check_profile_dependencies(layer: &Layer) -> Vec<String> {
    let Some(path) = profile_json(layer).filter(|path| path.is_file()) else { return Vec::new() };
    let shown = path.strip_prefix(&layer.root).unwrap_or(&path).display().to_string();
    match crate::tree::read_regular(&path) {
        Ok(bytes) => check_dependencies_bytes(layer, &shown, &bytes),
        Err(e) => vec![format!("could not read `{shown}`: {e}")],
    }
}

/// [`check_profile_dependencies`] on the bytes of the profile's
/// `package.json` (`shown` names it in problems).
pub fn check_dependencies_bytes(layer: &Layer, shown: &str, bytes: &[u8]) -> Vec<String> {
    let parsed: serde_json::Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(e) => return vec![format!("`{shown}` is not valid JSON: {e}")],
    };
    let empty = serde_json::Map::new();
    let deps = parsed.get("dependencies").and_then(|d| d.as_object()).unwrap_or(&empty);
    let expected = expected_profile_dependencies(layer);
    let mut problems = Vec::new();
    for (name, link) in &expected {
        match deps.get(name).and_then(|v| v.as_str()) {
            Some(have) if have == link => {}
            Some(have) => {
                problems.push(format!("`{shown}`: dependency `{name}` is `{have}`; set it to `\"{name}\": \"{link}\"`"))
            }
            None => problems.push(format!("`{shown}`: dependency `{name}` is missing; add `\"{name}\": \"{link}\"`")),
        }
    }
    let scope_prefix = layer.scope.as_ref().map(|scope| format!("{scope}/"));
    let into_forks = forks_link_prefix(layer);
    // A package of the scope pinned by a declared `[[pins]]` key (the host
    // the layer is made for) is meant to come from the registry.
    let profile_json = profile_json(layer);
    let pinned: Vec<&str> = layer
        .pins
        .iter()
        .filter(|pin| Some(&pin.file) == profile_json.as_ref())
        .flat_map(|pin| &pin.paths)
        .filter_map(|path| match path.as_slice() {
            [section, name] if section == "dependencies" => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let stray = |(name, link): &(&String, &serde_json::Value)| {
        let links_into_forks = link.as_str().is_some_and(|l| l.starts_with(&into_forks));
        let registry_pin = !links_into_forks && pinned.contains(&name.as_str());
        (scope_prefix.as_ref().is_some_and(|prefix| name.starts_with(prefix)) || links_into_forks)
            && !expected.contains_key(*name)
            && !registry_pin
    };
    for (name, _) in deps.iter().filter(stray) {
        problems
            .push(format!("`{shown}`: dependency `{name}` is not declared in forklayer.toml; remove it or declare it"));
    }
    problems
}
