//! Checks of the paths a declaration names: each inside the repository,
//! pins in files no other part of the merge writes, the three managed
//! directories apart from each other, release bundles each once.

use std::path::{Path, PathBuf};

use crate::layer::{LayerPaths, OwnPackage, PathOverrides, PinFormat, ReleaseBundle};
use crate::realpath::{inside, normalize};

/// `a/./b/../c` → `a/c`, without touching the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `[release] bundles`: relative, inside the repository, each once, and
/// none an own package's source (that one ships already).
pub(super) fn release_bundles(
    root: &Path,
    declared: Vec<String>,
    own: &[OwnPackage],
    overrides: &PathOverrides,
) -> Result<Vec<ReleaseBundle>, String> {
    let mut bundles: Vec<ReleaseBundle> = Vec::new();
    for entry in declared {
        let rel = entry.trim_end_matches('/');
        crate::tree::check_relative_path(rel).map_err(|e| format!("`release.bundles` entry `{entry}`: {e}"))?;
        let dir = root.join(rel);
        check_inside_root(root, &dir, overrides).map_err(|why| format!("`release.bundles` entry `{entry}` {why}"))?;
        if bundles.iter().any(|b| b.dir == dir) {
            return Err(format!("`release.bundles` lists `{entry}` more than once"));
        }
        if let Some(o) = own.iter().find(|o| o.source == dir) {
            return Err(format!(
                "`release.bundles` entry `{entry}` is the own package `{}`, which every release ships already",
                o.name
            ));
        }
        bundles.push(ReleaseBundle { declared: rel.to_string(), dir });
    }
    Ok(bundles)
}

/// Every path the declaration names (managed paths, own sources, pins,
/// release bundles) must stay inside the repository (after symbolic links
/// are resolved) and out of its `.git`: a cloned repository's declaration
/// must not point forklayer at a user's files. Only `--allow-outside-root`
/// on the command line lifts this.
pub(super) fn check_inside_root(root: &Path, path: &Path, overrides: &PathOverrides) -> Result<(), String> {
    if overrides.allow_outside_root {
        return Ok(());
    }
    match inside(root, path) {
        Ok(rel) if rel.components().next().is_some_and(|c| c.as_os_str() == ".git") => {
            Err("is inside the repository's `.git` directory".into())
        }
        Ok(_) => Ok(()),
        Err(real) => Err(format!(
            "resolves to `{}`, outside the repository `{}`; pass `--allow-outside-root` on the command line if that is really meant",
            real.display(),
            normalize(root).display()
        )),
    }
}

/// A pin lives in a JSON or YAML file that no other part of the merge
/// writes: not the declaration (whose baseline moves by itself), nor a file
/// in `upstream/`, the fork layer or `patches/` (which the merge rewrites).
pub(super) fn check_pin_file(file: &Path, declaration: &Path, paths: &LayerPaths) -> Result<(), String> {
    let real = normalize(file);
    if real == normalize(declaration) {
        return Err("is the declaration itself: `layer.baseline` moves by itself, other keys of it are no pins".into());
    }
    if PinFormat::of(file).is_none() {
        return Err("is neither JSON (`.json`, `.jsonc`) nor YAML (`.yaml`, `.yml`)".into());
    }
    for (key, dir) in paths.named() {
        if real.starts_with(normalize(dir)) {
            return Err(format!(
                "is inside `paths.{key}` (`{}`), which the merge rewrites; declare files outside it",
                dir.display()
            ));
        }
    }
    Ok(())
}

/// `upstream/`, the fork layer and `patches/` are each replaced wholesale:
/// one inside another (or the same) would delete the other's files.
/// Whether one of `a` and `b` is the other or lies inside it (as written,
/// `..` resolved).
fn overlap(a: &Path, b: &Path) -> bool {
    let (la, lb) = (lexical(a), lexical(b));
    la.starts_with(&lb) || lb.starts_with(&la)
}

pub(super) fn check_separate_paths(paths: &LayerPaths) -> Result<(), String> {
    let named = paths.named();
    for (i, (a_name, a)) in named.iter().enumerate() {
        for (b_name, b) in &named[i + 1..] {
            if overlap(a, b) {
                return Err(format!(
                    "`paths.{a_name}` (`{}`) and `paths.{b_name}` (`{}`) overlap; each must be a separate directory (check `--{a_name}`/`--{b_name}` too)",
                    a.display(),
                    b.display()
                ));
            }
        }
    }
    Ok(())
}

/// Refuses an own package that takes files from `upstream/`, the fork
/// layer or `patches/` (its `source` or an `include` is, holds or lies in
/// one of them): copied into the fork layer, the layer would nest itself
/// one level deeper on every `gen-patches`, and never pass `check`.
pub(super) fn check_own_sources(own: &[OwnPackage], paths: &LayerPaths) -> Result<(), String> {
    for o in own {
        for include in &o.include {
            let taken = o.source.join(include);
            if let Some((key, managed)) = paths.named().into_iter().find(|(_, managed)| overlap(&taken, managed)) {
                return Err(format!(
                    "own package `{}`: `include` `{include}` of `source` takes `{}`, which overlaps `paths.{key}` \
                     (`{}`); an own package's files must come from outside `upstream/`, the fork layer and \
                     `patches/`: narrow `source` or `include`",
                    o.name,
                    taken.display(),
                    managed.display()
                ));
            }
        }
    }
    Ok(())
}
