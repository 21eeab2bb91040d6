//! The files adopt writes besides the layer: the declaration, the
//! profile's `package.json` and `.gitignore`.

use std::path::{Path, PathBuf};

use super::shape::not_shape;
use super::{AdoptError, AdoptOutcome, Change, FORKS, GITIGNORE, HEADER, PATCHES, PROFILE_JSON, UPSTREAM};
use crate::check::{check_dependencies_bytes, expected_profile_dependencies};
use crate::layer::Layer;
use crate::tree::TreeError;

/// The bytes of `.gitignore` taught forklayer's local files
/// ([`crate::exclusive::ignore_local_files`]), or `None` when it knows them all.
pub(super) fn plan_gitignore(dir: &Path, changes: &mut Vec<Change>) -> Result<Option<Vec<u8>>, AdoptError> {
    let path = dir.join(GITIGNORE);
    let Some((new, old, missing)) = crate::exclusive::ignore_local_files(&path).map_err(|e| match e {
        crate::exclusive::GitignoreError::NotAFile => not_shape(dir, "`.gitignore` is not a regular file"),
        crate::exclusive::GitignoreError::Io(source) => TreeError::Io { path: path.clone(), source }.into(),
    })?
    else {
        return Ok(None);
    };
    let detail = format!("ignore {}", missing.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", "));
    changes.push(match old {
        Some(_) => Change::Edit { path: GITIGNORE.into(), detail },
        None => Change::Create { path: GITIGNORE.into(), detail },
    });
    Ok(Some(new))
}

/// The profile's `package.json` (beside the fork layer) with each
/// `file:./forks/<pkg>` dependency (or npm's equivalent spellings
/// `file:forks/<pkg>`, with or without a final `/`) moved to
/// `file:./forks/<scope>/<pkg>`, proved to declare exactly the layer:
/// the file to write when it changes.
pub(super) fn plan_profile_json(
    layer: &Layer,
    forks_dir: &Path,
    changes: &mut Vec<Change>,
) -> Result<Option<(PathBuf, Vec<u8>)>, AdoptError> {
    let Some(path) = forks_dir.parent().map(|p| p.join("package.json")).filter(|p| p.is_file()) else {
        return Ok(None);
    };
    let text = crate::tree::read_regular_text(&path).map_err(|source| TreeError::Io { path: path.clone(), source })?;
    let forks_name = forks_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let shown = path.strip_prefix(&layer.root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
    let mut next = text.clone();
    for (full, link) in expected_profile_dependencies(layer) {
        let short = full.rsplit('/').next().unwrap_or(&full);
        let mut moved = false;
        for (dot, slash) in [("./", ""), ("./", "/"), ("", ""), ("", "/")] {
            let old = format!("\"file:{dot}{forks_name}/{short}{slash}\"");
            if next.contains(&old) {
                next = next.replace(&old, &format!("\"{link}\""));
                moved = true;
            }
        }
        if moved {
            changes.push(Change::Edit { path: shown.clone(), detail: format!("`{full}`: `{link}`") });
        }
    }
    // Said for adopt: no forklayer.toml exists yet, and the file is named
    // once, by the error.
    let prefix = format!("`{shown}`: ");
    let problems: Vec<String> = check_dependencies_bytes(layer, &shown, next.as_bytes())
        .into_iter()
        .map(|problem| {
            problem.strip_prefix(&prefix).unwrap_or(&problem).replace(
                " is not declared in forklayer.toml; remove it or declare it",
                " is of the scope but `upstream/` does not vendor it, and it is no pin of the baseline \
                 (a registry dependency is accepted only at exactly the baseline version)",
            )
        })
        .collect();
    if !problems.is_empty() {
        return Err(AdoptError::Dependencies { path, problems });
    }
    Ok((next != text).then(|| (path, next.into_bytes())))
}

/// Keys (`dependencies."@scope/dsh"`) of the profile's `package.json` whose
/// package is of the scope but not vendored (`vendored`: its short names)
/// and whose value is the baseline (`0.1.0-rc.6`, `^0.1.0-rc.6`…): the
/// host the layer is made for, pinned where `check` expects only links.
pub(super) fn baseline_pins(profile_json: &Path, scope: &str, version: &str, vendored: &[String]) -> Vec<String> {
    let Ok(text) = crate::tree::read_regular_text(profile_json) else { return Vec::new() };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else { return Vec::new() };
    let mut keys = Vec::new();
    for section in ["dependencies", "peerDependencies"] {
        let Some(deps) = json.get(section).and_then(serde_json::Value::as_object) else { continue };
        for (name, value) in deps {
            let Some(short) = name.strip_prefix(scope).and_then(|rest| rest.strip_prefix('/')) else { continue };
            let at_baseline = value.as_str().is_some_and(|v| v.trim_start_matches(['^', '~', '=']) == version);
            if at_baseline && !vendored.iter().any(|v| v == short) {
                keys.push(format!("{section}.\"{name}\""));
            }
        }
    }
    keys
}

/// A TOML array of `items`, one a line, each between `quote`s (`'` for
/// literal strings, which hold the `"` of a pin's key as it is).
fn toml_list(items: &[String], quote: char) -> String {
    format!("[\n{}]", items.iter().map(|i| format!("  {quote}{i}{quote},\n")).collect::<String>())
}

/// The declaration adopt writes.
pub(super) fn declaration_text(outcome: &AdoptOutcome) -> String {
    format!(
        "{HEADER}\
         # JS toolchain's layout; see docs/forklayer.md).\n\
         \n\
         [layer]\n\
         scope = \"{scope}\"\n\
         baseline = \"{version}\"\n\
         # The JS toolchain's layers omit every README of a package.\n\
         ignore = {ignore}\n\
         \n\
         [paths]\n\
         upstream = \"{UPSTREAM}\"\n\
         forks = \"{FORKS}\"\n\
         patches = \"{PATCHES}\"\n\
         \n\
         [packages]\n\
         # Modified upstream packages: each has patches/<pkg>.json.\n\
         forked = {forked}\n\
         # Upstream packages carried byte-identical.\n\
         carried = {carried}\n",
        scope = outcome.scope,
        version = outcome.version,
        ignore = toml_list(&outcome.ignore, '"'),
        forked = toml_list(&outcome.forked, '"'),
        carried = toml_list(&outcome.carried, '"'),
    ) + &pins_text(&outcome.pins)
}

/// The `[[pins]]` table of `keys` in the profile's `package.json`.
fn pins_text(keys: &[String]) -> String {
    if keys.is_empty() {
        return String::new();
    }
    format!(
        "\n# The host pinned at the baseline in the profile: a clean merge moves it.\n\
         [[pins]]\n\
         file = \"{PROFILE_JSON}\"\n\
         keys = {}\n",
        toml_list(keys, '\'')
    )
}
