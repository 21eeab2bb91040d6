//! `adopt`: take over a fork layer kept by the JS toolchain for dsh.
//!
//! Such a repository holds `upstream/VERSION`, the vendored packages as
//! `upstream/<scope>/<pkg>/`, the fork layer as `profile/forks/<pkg>/`
//! (without the scope folder), seed-format manifests `patches/<pkg>.json`
//! and the toolchain's `verify.mjs` at the root; its layers omit every
//! `README*` of a package. Adopting it:
//!
//! 1. writes `forklayer.toml`: the scope found in `upstream/`, the
//!    baseline from `upstream/VERSION`, every package with a manifest as
//!    `forked`, every other one (byte-identical to upstream) as `carried`,
//!    and the README rule as `layer.ignore`;
//! 2. writes the lock file `upstream/forklayer.lock.json` from the vendored
//!    bytes; each package's tarball integrity comes from the registry when
//!    it is reachable (its files must then be the vendored ones), `null`
//!    with a warning otherwise;
//! 3. moves each fork to `profile/forks/<scope>/<pkg>/` (and the profile's
//!    `file:` dependencies with it);
//! 4. keeps the manifests as they are: they already rebuild.
//!
//! Everything is computed and proved in memory first (every manifest
//! rebuilds its fork exactly, every carried package equals upstream, the
//! profile's dependencies agree); on any error nothing is written.
//! `--dry-run` stops there and lists every change. The writes are one
//! journaled update, and `check` must pass on the result.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::ignore::Ignore;
use crate::journal::Update;
use crate::layer::{Layer, PathOverrides, DECLARATION_FILE};
use crate::lock::{lock_files, vendored_version, Lock, LockedPackage, LOCK_FILE, LOCK_SCHEMA};
use crate::npm::{package_identity, Npm};
use crate::rebuild::compare_trees;
use crate::snapshot::ScratchDir;
use crate::tree::{Tree, TreeError};

mod error;
mod files;
mod registry;
mod shape;

pub use error::AdoptError;
use files::{baseline_pins, declaration_text, plan_gitignore, plan_profile_json};
use registry::{registry_integrities, SCRATCH_PREFIX};
use shape::{
    ignored_changes, not_shape, pair, prove_manifest, read_forks, readme_rule, real_dir, refuse_strays,
    same_as_generated, subdirs,
};

/// The README rule of the JS toolchain, written as `layer.ignore`.
pub const README_RULE: &str = "README*";
/// Where the JS toolchain keeps each part, relative to the repository.
const UPSTREAM: &str = "upstream";
/// The JS toolchain's fork layer (no scope folder until adopted).
pub const FORKS: &str = "profile/forks";
const PATCHES: &str = "patches";
const PROFILE_JSON: &str = "profile/package.json";

/// How `adopt` runs.
#[derive(Debug)]
pub struct AdoptOptions {
    /// The repository to adopt.
    pub dir: PathBuf,
    /// Compute, prove and report; write nothing.
    pub dry_run: bool,
    /// The npm client for integrity look-ups; `None`: record `null`.
    pub npm: Option<Npm>,
}

/// One change adopt makes (or, with `--dry-run`, would make). Paths are
/// relative to the repository.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Change {
    /// A new file.
    Create {
        /// The file.
        path: String,
        /// What it holds.
        detail: String,
    },
    /// A directory moved.
    Move {
        /// Where it was.
        from: String,
        /// Where it goes.
        to: String,
    },
    /// A line of a file rewritten.
    Edit {
        /// The file.
        path: String,
        /// What changes.
        detail: String,
    },
    /// A file kept exactly as it is.
    Keep {
        /// The file.
        path: String,
        /// Why.
        detail: String,
    },
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Change::Create { path, detail } => write!(f, "create {path}: {detail}"),
            Change::Move { from, to } => write!(f, "move   {from} -> {to}"),
            Change::Edit { path, detail } => write!(f, "edit   {path}: {detail}"),
            Change::Keep { path, detail } => write!(f, "keep   {path}: {detail}"),
        }
    }
}

/// What `adopt` found and did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AdoptOutcome {
    /// The npm scope.
    pub scope: String,
    /// `upstream/VERSION`, the new baseline.
    pub version: String,
    /// Packages with a manifest.
    pub forked: Vec<String>,
    /// Packages byte-identical to upstream.
    pub carried: Vec<String>,
    /// `layer.ignore` as written.
    pub ignore: Vec<String>,
    /// Per package (`@scope/pkg`): the registry's integrity, or `null`.
    pub integrity: BTreeMap<String, Option<String>>,
    /// Every change, in the order made.
    pub changes: Vec<Change>,
    /// Things the user should know (integrity not checkable…).
    pub warnings: Vec<String>,
    /// Kept manifests whose `builtAgainst` is not `upstream/VERSION`.
    pub built_against: Vec<crate::rebuild::BuiltAgainst>,
    /// Files of the forks that the `ignore` globs leave out although their
    /// bytes are not upstream's (a README the layer edited or added), as
    /// `check` lists them: nothing carries them once adopted.
    pub ignored_changes: Vec<crate::layer::IgnoredChange>,
    /// Keys of the profile's `package.json` that pin another package of
    /// the scope (the host) at the baseline, declared as `[[pins]]` so a
    /// clean merge moves them.
    pub pins: Vec<String>,
    /// Whether anything was written (false for `--dry-run`).
    pub written: bool,
}

/// Everything adopt will write, computed and proved in memory.
struct Plan {
    outcome: AdoptOutcome,
    declaration: String,
    upstream: Tree,
    forks: Tree,
    /// The profile's `package.json` when it changes.
    profile_json: Option<(PathBuf, Vec<u8>)>,
    /// `.gitignore` when it must learn forklayer's local files.
    gitignore: Option<Vec<u8>>,
}

/// Adopts the repository at `options.dir`.
pub fn adopt(options: &AdoptOptions) -> Result<AdoptOutcome, AdoptError> {
    let dir = &options.dir;
    let (resuming, rolled_back) = resume_interrupted(dir)?;
    let plan = plan(dir, options.npm.as_ref(), resuming)?;
    let mut outcome = plan.outcome.clone();
    outcome.warnings.splice(0..0, rolled_back);
    if options.dry_run {
        return Ok(outcome);
    }
    write(dir, &plan)?;
    outcome.written = true;
    Ok(outcome)
}

/// An error and its causes on one line.
fn chain(err: &dyn std::error::Error) -> String {
    std::iter::successors(Some(err), |e| e.source()).map(ToString::to_string).collect::<Vec<_>>().join(": ")
}

/// The first line of the declaration adopt writes: how a later adopt
/// knows a declaration is one an interrupted run left.
const HEADER: &str = "# The fork layer, declared once (written by `forklayer adopt` from the\n";

/// An adopt killed while writing leaves its declaration and, if it was
/// killed inside the journaled update, the undo journal. Running adopt
/// again rolls that journal back and adopts anew: returns whether the
/// declaration present is such a leftover (its bytes are compared with the
/// new plan), and the warnings of what was rolled back. A declaration
/// adopt did not write, or of a finished adopt, is left to [`plan`] to
/// refuse.
fn resume_interrupted(dir: &Path) -> Result<(bool, Vec<String>), AdoptError> {
    let declaration = dir.join(DECLARATION_FILE);
    let exists = declaration.symlink_metadata().is_ok();
    // A declaration a killed update was writing may be cut short.
    let ours = crate::tree::read_regular_text(&declaration).is_ok_and(|text| text.starts_with(HEADER))
        || crate::journal::file_before(dir, &declaration)? == Some(crate::journal::FileBefore::Missing);
    if exists && !ours {
        return Ok((false, Vec::new()));
    }
    let mut warnings = Vec::new();
    if crate::journal::any_journal(dir) {
        let scope = crate::journal::Scope::new(
            [DECLARATION_FILE, GITIGNORE, UPSTREAM, FORKS, PATCHES, PROFILE_JSON].into_iter().map(|p| dir.join(p)),
        );
        for r in crate::journal::recover(dir, &scope)? {
            warnings.push(r.warning(format_args!("what an interrupted adopt (process {}) left unfinished", r.pid)));
        }
    }
    // The roll back removes a declaration the killed adopt had written.
    let exists = declaration.symlink_metadata().is_ok();
    let locked = dir.join(UPSTREAM).join(LOCK_FILE).symlink_metadata().is_ok();
    Ok((exists && !locked, warnings))
}

/// `.gitignore`, the declaration, `upstream/` (the lock file), the fork
/// layer and the profile's `package.json` as one journaled update, then
/// `check` on what was written before it is committed: everything `check`
/// verifies was proved in memory, so a failure there is a bug, and the
/// journal puts the repository back as it was.
fn write(dir: &Path, plan: &Plan) -> Result<(), AdoptError> {
    let (declaration, gitignore) = (dir.join(DECLARATION_FILE), dir.join(GITIGNORE));
    let mut update = Update::new(dir);
    if let Some(new) = &plan.gitignore {
        update.replace_file(&gitignore, new);
    }
    update.replace_file(&declaration, plan.declaration.as_bytes());
    update.replace_dir(&dir.join(UPSTREAM), &plan.upstream);
    update.replace_dir(&dir.join(FORKS), &plan.forks);
    if let Some((path, bytes)) = &plan.profile_json {
        update.replace_file(path, bytes);
    }
    update.apply_verified(|| check_written(&declaration))??;
    Ok(())
}

/// What `check` says of the adopted repository, as an error when it finds
/// anything.
fn check_written(declaration: &Path) -> Result<(), AdoptError> {
    let layer = Layer::load(declaration, &PathOverrides::default())?;
    let problems = match crate::check::check(&layer) {
        Ok(report) => [&report.lock, &report.manifests, &report.declaration]
            .into_iter()
            .flatten()
            .cloned()
            .chain(report.rebuild.iter().map(ToString::to_string))
            .collect(),
        Err(err) => vec![chain(&err)],
    };
    if problems.is_empty() {
        Ok(())
    } else {
        Err(AdoptError::CheckFailed { problems })
    }
}

fn plan(dir: &Path, npm: Option<&Npm>, resuming: bool) -> Result<Plan, AdoptError> {
    let declaration = dir.join(DECLARATION_FILE);
    let already = || AdoptError::AlreadyAdopted { path: declaration.clone() };
    if declaration.symlink_metadata().is_ok() && !resuming {
        return Err(already());
    }
    for rel in [UPSTREAM, "profile", FORKS, PATCHES] {
        real_dir(dir, rel)?;
    }
    let (upstream_dir, forks_dir, patches_dir) = (dir.join(UPSTREAM), dir.join(FORKS), dir.join(PATCHES));
    let version =
        vendored_version(&upstream_dir).ok_or_else(|| not_shape(dir, "`upstream/VERSION` is missing or empty"))?;
    // It becomes `layer.baseline`, which must be exact.
    crate::layer::check_version(&version)
        .map_err(|why| not_shape(dir, format!("`upstream/VERSION` (`{version}`) {why}")))?;
    let (scopes, others): (Vec<String>, Vec<String>) =
        subdirs(dir, &upstream_dir, UPSTREAM)?.into_iter().partition(|n| n.starts_with('@'));
    let scope = match scopes.as_slice() {
        [one] => one.clone(),
        [] => return Err(not_shape(dir, "`upstream/` has no `@scope` folder")),
        _ => return Err(not_shape(dir, format!("`upstream/` has several scopes: {}", scopes.join(", ")))),
    };
    // An unscoped package beside the scope folder would be left out of the
    // lock file and of every check without a word.
    if let Some(unscoped) = others.iter().find(|n| upstream_dir.join(n).join("package.json").is_file()) {
        return Err(not_shape(
            dir,
            format!("`upstream/{unscoped}/` is a package outside the scope folder `upstream/{scope}/`; forklayer vendors the packages of one scope"),
        ));
    }
    if !forks_dir.is_dir() {
        return Err(not_shape(dir, "`profile/forks/` is missing"));
    }
    let (fork_names, forks_before) = read_forks(dir, &forks_dir, &scope)?;
    let names = subdirs(dir, &upstream_dir.join(&scope), &format!("{UPSTREAM}/{scope}"))?;
    pair(&names, &fork_names, &format!("upstream/{scope}"), "profile/forks")?;
    pair(&fork_names, &names, "profile/forks", &format!("upstream/{scope}"))?;
    let mut upstream = Tree::read_dir(&upstream_dir)?;
    let ignore_patterns = readme_rule(&upstream, &forks_before, &scope);
    let ignore = Ignore::new(&ignore_patterns).map_err(|what| not_shape(dir, what))?;

    let mut outcome = AdoptOutcome {
        scope: scope.clone(),
        version: version.clone(),
        ignore: ignore_patterns,
        pins: baseline_pins(&dir.join(PROFILE_JSON), &scope, &version, &names),
        ..AdoptOutcome::default()
    };
    let patches = Tree::read_dir_or_empty(&patches_dir)?;
    refuse_strays(dir, &scope, &patches, &names)?;
    // Where `npm pack` writes, removed however adopt ends (`create_dir`:
    // a name planted in the repository makes this fail instead of filling
    // its target).
    let scratch = ScratchDir(dir.join(format!("{SCRATCH_PREFIX}{}", std::process::id())));
    if npm.is_some() {
        ScratchDir::remove_stale(dir, SCRATCH_PREFIX);
        std::fs::create_dir(&scratch.0).map_err(|source| TreeError::Io { path: scratch.0.clone(), source })?;
    }
    let mut forks = Tree::new();
    let mut kept = Vec::new();
    // (`@scope/pkg`, version, vendored files): checked against the registry
    // once everything local is proved (npm is slow; packages in parallel).
    let mut to_verify = Vec::new();
    for name in &names {
        let full = format!("{scope}/{name}");
        let package_dir = upstream_dir.join(&scope).join(name);
        let vendored = upstream.subtree(&full);
        let (found_name, found_version) =
            package_identity(&vendored, &package_dir).map_err(|e| not_shape(dir, e.to_string()))?;
        if found_name != full {
            return Err(AdoptError::WrongPackage {
                path: package_dir,
                found: format!("{found_name}@{found_version}"),
                expected: full,
            });
        }
        to_verify.push((full.clone(), found_version, vendored.clone()));
        let fork_tree = forks_before.subtree(name);
        outcome.ignored_changes.extend(ignored_changes(&ignore, &full, &vendored, &fork_tree));
        let (base, fork) = (ignore.filter(vendored), ignore.filter(fork_tree.clone()));
        let manifest_path = crate::rebuild::manifest_path(&patches_dir, name);
        let differences = compare_trees(&base, &fork);
        if manifest_path.is_file() {
            let manifest = prove_manifest(&full, &manifest_path, &base, &fork)?;
            if manifest.built_against != version {
                // Kept as it is: the first thing a user checks, so say it
                // as `check` and `rebuild` will.
                let mismatch = crate::rebuild::BuiltAgainst {
                    package: full.clone(),
                    built_against: manifest.built_against.clone(),
                    upstream: version.clone(),
                };
                outcome.warnings.push(mismatch.to_string());
                outcome.built_against.push(mismatch);
            }
            if differences.is_empty() {
                // gen-patches writes no manifest for it, so check would
                // call the kept one stale.
                return Err(AdoptError::Stray {
                    path: format!("{PATCHES}/{name}.json"),
                    why: format!("changes nothing: the fork of `{full}` equals upstream (`README*` aside), and `forklayer check` would report the manifest"),
                    help: "delete the manifest (the package is then carried as it is), then adopt again; nothing was written".into(),
                });
            }
            if manifest.forklayer.is_some() {
                same_as_generated(name, &full, &version, &base, &fork, &patches)?;
            }
            outcome.forked.push(name.clone());
            kept.push(Change::Keep {
                path: format!("{PATCHES}/{name}.json"),
                detail: "the manifest rebuilds the fork as it is".into(),
            });
        } else {
            if !differences.is_empty() {
                let differences = differences.iter().map(|d| d.between("upstream", "the fork")).collect();
                return Err(AdoptError::NoManifest { package: full, manifest: manifest_path, differences });
            }
            if patches.get(&format!("{name}.diff")).is_some() {
                return Err(AdoptError::Stray {
                    path: format!("{PATCHES}/{name}.diff"),
                    why: format!("is a review diff of `{full}`, which has no manifest (it equals upstream): `forklayer check` would report it"),
                    help: "remove it, then adopt again; nothing was written".into(),
                });
            }
            outcome.carried.push(name.clone());
        }
        forks.graft(&full, fork_tree)?;
        outcome.changes.push(Change::Move { from: format!("{FORKS}/{name}"), to: format!("{FORKS}/{full}") });
    }
    let verified = registry_integrities(npm, &to_verify, &scratch.0);
    let mut locked = BTreeMap::new();
    for ((full, version, vendored), result) in to_verify.into_iter().zip(verified) {
        let (integrity, warning) = result?;
        outcome.warnings.extend(warning);
        outcome.integrity.insert(full.clone(), integrity.clone());
        let source = if integrity.is_some() { "registry" } else { "directory" }.into();
        locked.insert(full, LockedPackage { files: lock_files(&vendored), source, integrity, version });
    }
    let lock = Lock { packages: locked, schema: LOCK_SCHEMA.into(), version: version.clone() };
    upstream.insert(LOCK_FILE, crate::tree::FileEntry::new(lock.to_canonical_json()))?;
    let (checked, count) = (outcome.integrity.values().filter(|i| i.is_some()).count(), names.len());
    let lock_created = Change::Create {
        path: format!("{UPSTREAM}/{LOCK_FILE}"),
        detail: format!(
            "{count} packages from the vendored bytes; integrity from the registry for {checked}, null for {}",
            count - checked
        ),
    };
    let (forked, carried) = (outcome.forked.len(), outcome.carried.len());
    let ignore = outcome.ignore.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
    let pins: String = outcome.pins.iter().map(|k| format!(", pin `{k}`")).collect();
    let declaration_created = Change::Create {
        path: DECLARATION_FILE.into(),
        detail: format!("scope {scope}, baseline {version}, {forked} forked, {carried} carried, ignore {ignore}{pins}"),
    };
    outcome.changes.splice(0..0, [declaration_created, lock_created]);
    let text = declaration_text(&outcome);
    if resuming && crate::tree::read_regular_text(&declaration).ok().as_deref() != Some(text.as_str()) {
        // Not the declaration this adopt writes: edited since, or left by
        // an adopt of other inputs.
        return Err(already());
    }
    let layer = Layer::parse(&text, &declaration, dir, &PathOverrides::default())?;
    let profile_json = plan_profile_json(&layer, &forks_dir, &mut outcome.changes)?;
    outcome.changes.extend(kept);
    if dir.join("verify.mjs").is_file() {
        outcome.changes.push(Change::Keep {
            path: "verify.mjs".into(),
            detail: "the JS toolchain's verifier; `forklayer check` does its work now".into(),
        });
    }
    let gitignore = plan_gitignore(dir, &mut outcome.changes)?;
    Ok(Plan { outcome, declaration: text, upstream, forks, profile_json, gitignore })
}

const GITIGNORE: &str = ".gitignore";
