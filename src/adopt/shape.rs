//! Reading the JS toolchain's layout: the scope, the packages and their
//! forks, paired up, and every manifest proved to rebuild its fork.

use std::path::{Path, PathBuf};

use super::{AdoptError, FORKS, PATCHES, README_RULE, UPSTREAM};
use crate::ignore::Ignore;
use crate::manifest::Manifest;
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions};
use crate::tree::{Tree, TreeError};

pub(super) fn not_shape(dir: &Path, what: impl Into<String>) -> AdoptError {
    AdoptError::NotJsShape { dir: dir.to_path_buf(), what: what.into() }
}

/// Subdirectory names of `path` (`shown` relative to the repository),
/// sorted. A symbolic link among them is refused: adopt reads packages
/// from real directories only (a link may point anywhere, and the
/// journaled update does not write through links).
pub(super) fn subdirs(dir: &Path, path: &Path, shown: &str) -> Result<Vec<String>, AdoptError> {
    let io = |source| TreeError::Io { path: path.to_path_buf(), source };
    let mut names = Vec::new();
    for entry in std::fs::read_dir(path).map_err(io)? {
        let entry = entry.map_err(io)?;
        let kind = entry.file_type().map_err(io)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if kind.is_symlink() {
            return Err(not_shape(
                dir,
                format!("`{shown}/{name}` is a symbolic link; adopt reads packages only from real directories"),
            ));
        }
        if kind.is_dir() {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Refuses `rel` (a directory adopt reads and writes) when it is a
/// symbolic link.
pub(super) fn real_dir(dir: &Path, rel: &str) -> Result<(), AdoptError> {
    match dir.join(rel).symlink_metadata() {
        Ok(meta) if meta.file_type().is_symlink() => {
            Err(not_shape(dir, format!("`{rel}` is a symbolic link; adopt reads and writes only real directories")))
        }
        _ => Ok(()),
    }
}

/// The forks, each as `<pkg>/...` whichever way the repository keeps it:
/// `profile/forks/<pkg>/` (the JS toolchain's layout) or
/// `profile/forks/<scope>/<pkg>/` (forklayer's, which some layers already
/// use), or both side by side. A package in both places, or a folder of
/// another scope, is refused: adopt would not know which to take.
pub(super) fn read_forks(dir: &Path, forks_dir: &Path, scope: &str) -> Result<(Vec<String>, Tree), AdoptError> {
    let mut names = Vec::new();
    let mut forks = Tree::new();
    let mut add = |path: PathBuf, name: String| {
        if names.contains(&name) {
            return Err(not_shape(
                dir,
                format!("`{FORKS}/{name}/` and `{FORKS}/{scope}/{name}/` are both forks of `{scope}/{name}`"),
            ));
        }
        forks.graft(&name, Tree::read_dir(&path)?)?;
        names.push(name);
        Ok(())
    };
    for entry in subdirs(dir, forks_dir, FORKS)? {
        if entry == scope {
            let scoped = format!("{FORKS}/{scope}");
            for name in subdirs(dir, &forks_dir.join(scope), &scoped)? {
                add(forks_dir.join(scope).join(&name), name)?;
            }
            refuse_root_files(&forks_dir.join(scope), &scoped, "the fork layer holds only packages")?;
        } else if entry.starts_with('@') {
            return Err(not_shape(
                dir,
                format!("`{FORKS}/{entry}/` is a scope folder, but `{UPSTREAM}/` vendors the packages of `{scope}`"),
            ));
        } else {
            add(forks_dir.join(&entry), entry)?;
        }
    }
    names.sort();
    Ok((names, forks))
}

/// Refuses a file directly in `dir` (shown as `shown`): the folder
/// `holds` packages only, and `check` would report it.
fn refuse_root_files(dir: &Path, shown: &str, holds: &str) -> Result<(), AdoptError> {
    let root_files = Tree::read_dir_filtered(dir, |_, is_dir| !is_dir)?;
    if let Some(file) = root_files.paths().next() {
        return Err(AdoptError::Stray {
            path: format!("{shown}/{file}"),
            why: format!("is no package: {holds}, and `forklayer check` would report it"),
            help: format!("move it out of `{shown}/` (or delete it), then adopt again; nothing was written"),
        });
    }
    Ok(())
}

/// Files of the fork layer's root (no package: `check` would report each
/// one) and manifests or review diffs in `patches/` of no package (`check`
/// would report them too) are refused before anything is written.
pub(super) fn refuse_strays(dir: &Path, scope: &str, patches: &Tree, names: &[String]) -> Result<(), AdoptError> {
    // `check` calls every entry of `upstream/<scope>/` that is no locked
    // package unlocked vendored bytes.
    let scoped = format!("{UPSTREAM}/{scope}");
    refuse_root_files(&dir.join(UPSTREAM).join(scope), &scoped, "the scope folder holds only vendored packages")?;
    refuse_root_files(&dir.join(FORKS), FORKS, "the fork layer holds only packages")?;
    let stray = patches.paths().find(|file| {
        crate::genpatches::is_generated_patch_file(file) && {
            let stem = file.strip_suffix(".json").or_else(|| file.strip_suffix(".diff")).unwrap_or(file);
            !names.iter().any(|n| n == stem)
        }
    });
    if let Some(file) = stray {
        return Err(AdoptError::Stray {
            path: format!("{PATCHES}/{file}"),
            why: "belongs to no vendored package: `forklayer check` would report it".into(),
            help: "remove it (or vendor its package and add its fork), then adopt again; nothing was written".into(),
        });
    }
    Ok(())
}

/// Files of one fork that `ignore` leaves out but whose bytes are not
/// upstream's: adopting drops them from everything forklayer rebuilds or
/// ships, so the user must hear of each (as `check` would tell them
/// later, when the README edit is long forgotten).
pub(super) fn ignored_changes(
    ignore: &Ignore,
    full: &str,
    vendored: &Tree,
    fork: &Tree,
) -> Vec<crate::layer::IgnoredChange> {
    fork.iter()
        .filter_map(|(rel, entry)| {
            let pattern = ignore.matching(rel)?;
            let same = vendored.get(rel).is_some_and(|upstream| upstream.bytes == entry.bytes);
            (!same).then(|| crate::layer::IgnoredChange { path: format!("{full}/{rel}"), pattern: pattern.to_string() })
        })
        .collect()
}

/// The README rule: `README*`, plus `<spelling>*` for each other case
/// spelling of `readme` (`readme.md`, `Readme.txt`) the layer omits where
/// upstream has it, since globs are case-sensitive and npm ships README
/// files in any case.
pub(super) fn readme_rule(upstream: &Tree, forks: &Tree, scope: &str) -> Vec<String> {
    let mut rule = vec![README_RULE.to_string()];
    let prefix = format!("{scope}/");
    for path in upstream.paths().filter_map(|p| p.strip_prefix(&prefix)) {
        let name = path.rsplit('/').next().unwrap_or(path);
        let Some(spelling) = name.get(..6).filter(|s| s.eq_ignore_ascii_case("readme") && *s != "README") else {
            continue;
        };
        let pattern = format!("{spelling}*");
        if forks.get(path).is_none() && !rule.contains(&pattern) {
            rule.push(pattern);
        }
    }
    rule[1..].sort();
    rule
}

/// Every name of `from` must be in `to`.
pub(super) fn pair(from: &[String], to: &[String], present: &str, absent: &str) -> Result<(), AdoptError> {
    let Some(package) = from.iter().find(|n| !to.contains(n)).cloned() else { return Ok(()) };
    Err(AdoptError::Unpaired { package, present: present.to_string(), absent: absent.to_string() })
}

/// The manifest applied to the (README-less) upstream package must give
/// the fork exactly.
pub(super) fn prove_manifest(full: &str, path: &Path, base: &Tree, fork: &Tree) -> Result<Manifest, AdoptError> {
    let manifest = Manifest::read(path)?;
    let fail = |problems: Vec<String>| AdoptError::DoesNotRebuild {
        package: full.to_string(),
        manifest: path.to_path_buf(),
        problems,
    };
    // The JS toolchain writes the package's name with its scope or, in
    // most real repositories, without it (`"package": "dsh-sandbox"`).
    let short = full.rsplit_once('/').map_or(full, |(_, short)| short);
    if manifest.package != full && manifest.package != short {
        return Err(fail(vec![format!("it is for `{}`", manifest.package)]));
    }
    let rebuilt = apply_manifest(full, base, &manifest, ApplyOptions::default()).map_err(|drift| {
        fail(drift.files.iter().flat_map(|(file, ds)| ds.iter().map(move |d| format!("{file}: {d}"))).collect())
    })?;
    let differences = compare_trees(&rebuilt, fork);
    if !differences.is_empty() {
        return Err(fail(differences.iter().map(|d| d.between("the rebuild", "the fork")).collect()));
    }
    Ok(manifest)
}

/// A manifest that carries forklayer's extension (not the seed format) is
/// compared by `check` byte for byte with the one `gen-patches` writes, and
/// so is its review diff: both must be exactly those.
pub(super) fn same_as_generated(
    name: &str,
    full: &str,
    version: &str,
    base: &Tree,
    fork: &Tree,
    patches: &Tree,
) -> Result<(), AdoptError> {
    let Some((manifest, diff)) = crate::genpatches::generate_manifest_and_diff(full, version, base, fork) else {
        return Ok(());
    };
    for (file, bytes) in
        [(format!("{name}.json"), manifest.to_canonical_json()), (format!("{name}.diff"), diff.into_bytes())]
    {
        // A missing review diff is named as missing: "is not what
        // gen-patches writes" sends the user looking for a difference.
        let why = match patches.get(&file) {
            Some(entry) if *entry.bytes == bytes => continue,
            Some(_) => format!("is not what `forklayer gen-patches` writes for `{full}` (the manifest has forklayer's extension, so `forklayer check` compares both files byte for byte)"),
            None => format!("is missing: `forklayer gen-patches` writes it with `{PATCHES}/{name}.json` for `{full}` (the manifest has forklayer's extension, so `forklayer check` expects both files)"),
        };
        return Err(AdoptError::Stray {
            path: format!("{PATCHES}/{file}"),
            why,
            help: format!("`{PATCHES}/{name}.json` was written by forklayer, not by the JS toolchain: restore the JS toolchain's manifest (or the review diff forklayer wrote with it), then adopt again; nothing was written"),
        });
    }
    Ok(())
}
