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

use crate::check::{check_dependencies_bytes, expected_profile_dependencies};
use crate::error::ExitStatus;
use crate::ignore::Ignore;
use crate::journal::{JournalError, Update};
use crate::layer::{Layer, PathOverrides, DECLARATION_FILE};
use crate::lock::{lock_files, Lock, LockedPackage, LOCK_FILE, LOCK_SCHEMA, VERSION_FILE};
use crate::manifest::{Manifest, ManifestError};
use crate::npm::{fetch_all_from_registry, package_identity, Npm, NpmError};
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions};
use crate::snapshot::ScratchDir;
use crate::tree::{Tree, TreeError};

/// The README rule of the JS toolchain, written as `layer.ignore`.
pub const README_RULE: &str = "README*";
/// Where the JS toolchain keeps each part, relative to the repository.
const UPSTREAM: &str = "upstream";
/// The JS toolchain's fork layer (no scope folder until adopted).
pub const FORKS: &str = "profile/forks";
const PATCHES: &str = "patches";
const PROFILE_JSON: &str = "profile/package.json";

/// Errors of `adopt`; nothing is written when one is returned (except
/// [`AdoptError::CheckFailed`], found after writing and rolled back).
#[derive(Debug, thiserror::Error)]
pub enum AdoptError {
    /// The directory already has a declaration.
    #[error("`{path}` already exists: this is a forklayer repository")]
    AlreadyAdopted {
        /// The declaration.
        path: PathBuf,
    },
    /// The directory is not of the JS toolchain's shape.
    #[error("`{dir}` is not a fork layer of the JS toolchain's shape: {what}")]
    NotJsShape {
        /// The directory.
        dir: PathBuf,
        /// What is missing or unexpected.
        what: String,
    },
    /// A fork with no vendored package, or the other way round.
    #[error("package `{package}` is in `{present}` but not in `{absent}`")]
    Unpaired {
        /// The package (without scope).
        package: String,
        /// Where it is.
        present: String,
        /// Where it is missing.
        absent: String,
    },
    /// A vendored package's `package.json` names another package.
    #[error("`{path}` holds `{found}`, not `{expected}`")]
    WrongPackage {
        /// The package directory.
        path: PathBuf,
        /// Its `name@version`.
        found: String,
        /// What the directory name says.
        expected: String,
    },
    /// A fork that differs from upstream has no manifest.
    #[error("`{package}` differs from upstream in {} file(s) but has no manifest `{manifest}`: {}", differences.len(), differences.join(", "))]
    NoManifest {
        /// Full package name.
        package: String,
        /// The manifest expected.
        manifest: PathBuf,
        /// The differences.
        differences: Vec<String>,
    },
    /// A manifest does not rebuild its fork.
    #[error("`{manifest}` does not rebuild the fork of `{package}`: {}", problems.join("; "))]
    DoesNotRebuild {
        /// Full package name.
        package: String,
        /// The manifest.
        manifest: PathBuf,
        /// What differs or fails.
        problems: Vec<String>,
    },
    /// The profile's `package.json` would not agree with the declaration.
    #[error("`{path}` does not declare the fork layer: {}", problems.join("; "))]
    Dependencies {
        /// The file.
        path: PathBuf,
        /// What check would report.
        problems: Vec<String>,
    },
    /// The registry's tarball holds other files than the vendored package.
    #[error("vendored `{package}` differs from the registry's tarball in {} file(s): {}", differences.len(), differences.join(", "))]
    NotRegistryBytes {
        /// `name@version`.
        package: String,
        /// The differences, each side named.
        differences: Vec<String>,
    },
    /// The registry answered, but its bytes cannot be trusted.
    #[error("could not verify `{package}` against the registry")]
    Registry {
        /// `name@version`.
        package: String,
        /// What went wrong.
        #[source]
        source: NpmError,
    },
    /// Something in the repository would make `check` fail after adopting
    /// (found before anything is written).
    #[error("`{path}` {why}")]
    Stray {
        /// The path, relative to the repository.
        path: String,
        /// What is wrong with it.
        why: String,
        /// What to do.
        help: String,
    },
    /// The declaration adopt wrote does not load (a bug).
    #[error("the declaration adopt wrote is invalid")]
    Declaration(#[from] crate::layer::LayerError),
    /// A manifest could not be read.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A directory could not be read.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing failed (and was rolled back).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// Writing the declaration failed.
    #[error("could not write `{path}`")]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The adopted repository does not pass `check` (a bug: everything it
    /// checks was proved before writing).
    #[error("the adopted repository does not pass `forklayer check`: {}", problems.join("; "))]
    CheckFailed {
        /// What check reported.
        problems: Vec<String>,
    },
    /// `check` could not run on the adopted repository.
    #[error("could not run `forklayer check` on the adopted repository")]
    Check(#[from] crate::check::CheckError),
}

impl crate::error::Diagnostic for AdoptError {
    fn exit_status(&self) -> ExitStatus {
        match self {
            AdoptError::NotRegistryBytes { .. } | AdoptError::Write { .. } => ExitStatus::Integrity,
            AdoptError::Registry { source, .. } => source.exit_status(),
            AdoptError::Manifest(e) => e.exit_status(),
            AdoptError::Tree(e) => e.exit_status(),
            AdoptError::Journal(e) => e.exit_status(),
            AdoptError::Check(e) => e.exit_status(),
            AdoptError::Declaration(_) => ExitStatus::Bug,
            AdoptError::CheckFailed { .. } => ExitStatus::Bug,
            _ => ExitStatus::Usage,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            AdoptError::AlreadyAdopted { .. } => "already_adopted",
            AdoptError::NotJsShape { .. } => "not_adoptable",
            AdoptError::Unpaired { .. } => "unpaired_package",
            AdoptError::WrongPackage { .. } => "wrong_package",
            AdoptError::NoManifest { .. } => "manifest_missing",
            AdoptError::DoesNotRebuild { .. } => "does_not_rebuild",
            AdoptError::Dependencies { .. } => "profile_dependencies",
            AdoptError::NotRegistryBytes { .. } => "not_registry_bytes",
            AdoptError::Registry { source, .. } => source.code(),
            AdoptError::Declaration(_) => "internal",
            AdoptError::Manifest(e) => e.code(),
            AdoptError::Tree(e) => e.code(),
            AdoptError::Journal(e) => e.code(),
            AdoptError::Write { .. } => "io",
            AdoptError::CheckFailed { .. } => "check_failed",
            AdoptError::Stray { .. } => "not_adoptable",
            AdoptError::Check(e) => e.code(),
        }
    }
    fn help(&self) -> Option<String> {
        match self {
            AdoptError::AlreadyAdopted { .. } => Some(
                "run `forklayer check` there; to adopt again, restore the repository as it was before (e.g. `git checkout`), remove `forklayer.toml` and adopt again"
                    .into(),
            ),
            AdoptError::NotJsShape { .. } => Some(
                "adopt expects `upstream/VERSION`, `upstream/<scope>/<pkg>/`, `profile/forks/<pkg>/` and `patches/<pkg>.json`; otherwise write forklayer.toml by hand (docs/forklayer.md)"
                    .into(),
            ),
            AdoptError::Unpaired { .. } => {
                Some("vendor the package or remove its fork (or the other way round), then adopt again".into())
            }
            AdoptError::WrongPackage { .. } => Some("restore the vendored package's bytes, then adopt again".into()),
            AdoptError::NoManifest { .. } => Some(
                "regenerate the manifests with the JS toolchain (or restore the package's upstream bytes), then adopt again"
                    .into(),
            ),
            AdoptError::DoesNotRebuild { .. } => {
                Some("regenerate the manifest with the JS toolchain so it rebuilds the fork, then adopt again".into())
            }
            AdoptError::Dependencies { .. } => Some(
                "declare every vendored package as `\"@scope/pkg\": \"file:./forks/pkg\"` in the profile's package.json, and other packages of the scope only at the baseline version (the host; adopt declares it as a pin), then adopt again"
                    .into(),
            ),
            AdoptError::NotRegistryBytes { .. } => {
                Some("the vendored bytes are not npm's: re-vendor them with the JS toolchain, then adopt again".into())
            }
            AdoptError::Registry { source, .. } => source.help(),
            AdoptError::Stray { help, .. } => Some(help.clone()),
            // A manifest's own help names `gen-patches`, which cannot run
            // before the repository is adopted.
            AdoptError::Manifest(_) => Some(
                "nothing was written: fix the manifest (the JS toolchain's JSON `{package, builtAgainst, files}`) or regenerate it with the JS toolchain, then adopt again"
                    .into(),
            ),
            AdoptError::Tree(e) => e.help(),
            AdoptError::Journal(e) => e.help(),
            AdoptError::Write { .. } => Some("check that the directory is writable; nothing was changed".into()),
            AdoptError::CheckFailed { .. } => Some(
                "the repository was put back as it was; this is a bug in forklayer: please report it with the repository's shape"
                    .into(),
            ),
            AdoptError::Declaration(_) => {
                Some("this is a bug in forklayer; please report it with the repository's shape".into())
            }
            AdoptError::Check(e) => e.help(),
        }
    }
}

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
#[derive(Clone, Debug, Serialize)]
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
    gitignore: Option<GitignoreEdit>,
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
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

/// What `check` reports, one line per problem.
fn check_problems(report: &crate::check::CheckReport) -> Vec<String> {
    [&report.lock, &report.manifests, &report.declaration]
        .into_iter()
        .flatten()
        .cloned()
        .chain(report.rebuild.iter().map(ToString::to_string))
        .collect()
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
    let ours = crate::tree::read_regular_text(&declaration).is_ok_and(|text| text.starts_with(HEADER));
    if exists && !ours {
        return Ok((false, Vec::new()));
    }
    let mut warnings = Vec::new();
    if crate::journal::any_journal(dir) {
        let scope = crate::journal::Scope::new(
            [DECLARATION_FILE, GITIGNORE, UPSTREAM, FORKS, PATCHES, PROFILE_JSON].into_iter().map(|p| dir.join(p)),
        );
        for recovered in crate::journal::recover(dir, &scope)? {
            let targets: Vec<String> = recovered.targets.iter().map(|t| format!("`{t}`")).collect();
            warnings.push(format!(
                "rolled back what an interrupted adopt (process {}) left unfinished: {} are as they were before it",
                recovered.pid,
                targets.join(", ")
            ));
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
    if let Some((new, _)) = &plan.gitignore {
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
        Ok(report) => check_problems(&report),
        Err(err) => vec![chain(&err)],
    };
    if problems.is_empty() {
        Ok(())
    } else {
        Err(AdoptError::CheckFailed { problems })
    }
}

fn not_shape(dir: &Path, what: impl Into<String>) -> AdoptError {
    AdoptError::NotJsShape { dir: dir.to_path_buf(), what: what.into() }
}

/// Subdirectory names of `path` (`shown` relative to the repository),
/// sorted. A symbolic link among them is refused: adopt reads packages
/// from real directories only (a link may point anywhere, and the
/// journaled update does not write through links).
fn subdirs(dir: &Path, path: &Path, shown: &str) -> Result<Vec<String>, AdoptError> {
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
fn real_dir(dir: &Path, rel: &str) -> Result<(), AdoptError> {
    match dir.join(rel).symlink_metadata() {
        Ok(meta) if meta.file_type().is_symlink() => {
            Err(not_shape(dir, format!("`{rel}` is a symbolic link; adopt reads and writes only real directories")))
        }
        _ => Ok(()),
    }
}

/// Files of the fork layer's root (no package: `check` would report each
/// one) and manifests or review diffs in `patches/` of no package (`check`
/// would report them too) are refused before anything is written.
fn refuse_strays(scope_dir: &Path, forks_dir: &Path, patches: &Tree, names: &[String]) -> Result<(), AdoptError> {
    // `check` calls every entry of `upstream/<scope>/` that is no locked
    // package unlocked vendored bytes.
    let scope_files = Tree::read_dir_filtered(scope_dir, |rel, is_dir| !is_dir || !rel.contains('/'))?;
    if let Some(file) = scope_files.paths().find(|p| !p.contains('/')) {
        let scope = scope_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        return Err(AdoptError::Stray {
            path: format!("{UPSTREAM}/{scope}/{file}"),
            why: "is no package: the scope folder holds only vendored packages, and `forklayer check` would report it"
                .into(),
            help: format!("move it out of `{UPSTREAM}/{scope}/` (or delete it), then adopt again; nothing was written"),
        });
    }
    let root_files = Tree::read_dir_filtered(forks_dir, |_, is_dir| !is_dir)?;
    if let Some(file) = root_files.paths().next() {
        return Err(AdoptError::Stray {
            path: format!("{FORKS}/{file}"),
            why: "is no package: the fork layer holds only packages, and `forklayer check` would report it".into(),
            help: format!("move it out of `{FORKS}/` (or delete it), then adopt again; nothing was written"),
        });
    }
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
    let version = crate::tree::read_regular_text(&upstream_dir.join(VERSION_FILE))
        .map(|text| text.trim().to_string())
        .ok()
        .filter(|v| !v.is_empty())
        .ok_or_else(|| not_shape(dir, "`upstream/VERSION` is missing or empty"))?;
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
    let fork_names = subdirs(dir, &forks_dir, FORKS)?;
    if let Some(scoped) = fork_names.iter().find(|n| n.starts_with('@')) {
        return Err(not_shape(dir, format!("`profile/forks/{scoped}/` is already a scope folder")));
    }
    real_dir(dir, &format!("{UPSTREAM}/{scope}"))?;
    let names = subdirs(dir, &upstream_dir.join(&scope), &format!("{UPSTREAM}/{scope}"))?;
    pair(&names, &fork_names, &format!("upstream/{scope}"), "profile/forks")?;
    pair(&fork_names, &names, "profile/forks", &format!("upstream/{scope}"))?;
    let mut upstream = Tree::read_dir(&upstream_dir)?;
    let forks_before = Tree::read_dir(&forks_dir)?;
    let ignore_patterns = readme_rule(&upstream, &forks_before, &scope);
    let ignore = Ignore::new(&ignore_patterns).map_err(|what| not_shape(dir, what))?;

    let mut outcome = AdoptOutcome {
        scope: scope.clone(),
        version: version.clone(),
        forked: Vec::new(),
        carried: Vec::new(),
        ignore: ignore_patterns,
        integrity: BTreeMap::new(),
        changes: Vec::new(),
        warnings: Vec::new(),
        built_against: Vec::new(),
        ignored_changes: Vec::new(),
        pins: baseline_pins(&dir.join(PROFILE_JSON), &scope, &version, &names),
        written: false,
    };
    let patches = if patches_dir.is_dir() { Tree::read_dir(&patches_dir)? } else { Tree::new() };
    refuse_strays(&upstream_dir.join(&scope), &forks_dir, &patches, &names)?;
    // Where `npm pack` writes, removed however adopt ends (`create_dir`:
    // a name planted in the repository makes this fail instead of filling
    // its target).
    let scratch = ScratchDir(dir.join(format!("{SCRATCH_PREFIX}{}", std::process::id())));
    if npm.is_some() {
        remove_stale_scratch(dir);
        std::fs::create_dir(&scratch.0).map_err(|source| TreeError::Io { path: scratch.0.clone(), source })?;
    }
    let mut locked = BTreeMap::new();
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
            if compare_trees(&base, &fork).is_empty() {
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
            let differences: Vec<String> =
                compare_trees(&base, &fork).iter().map(|d| d.between("upstream", "the fork")).collect();
            if !differences.is_empty() {
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
    for ((full, version, vendored), result) in to_verify.into_iter().zip(verified) {
        let (integrity, warning) = result?;
        outcome.warnings.extend(warning);
        outcome.integrity.insert(full.clone(), integrity.clone());
        let source = if integrity.is_some() { "registry" } else { "directory" }.into();
        locked.insert(full, LockedPackage { files: lock_files(&vendored), source, integrity, version });
    }
    let lock = Lock { packages: locked, schema: LOCK_SCHEMA.into(), version: version.clone() };
    upstream.insert(LOCK_FILE, crate::tree::FileEntry::new(lock.to_canonical_json()))?;
    let checked = outcome.integrity.values().filter(|i| i.is_some()).count();
    outcome.changes.insert(
        0,
        Change::Create {
            path: format!("{UPSTREAM}/{LOCK_FILE}"),
            detail: format!(
                "{} packages from the vendored bytes; integrity from the registry for {checked}, null for {}",
                names.len(),
                names.len() - checked
            ),
        },
    );
    let text = declaration_text(&outcome);
    outcome.changes.insert(
        0,
        Change::Create {
            path: DECLARATION_FILE.into(),
            detail: format!(
                "scope {scope}, baseline {version}, {} forked, {} carried, ignore {}",
                outcome.forked.len(),
                outcome.carried.len(),
                outcome.ignore.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
            ) + &outcome.pins.iter().map(|k| format!(", pin `{k}`")).collect::<String>(),
        },
    );
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

/// What forklayer keeps beside a project and never commits: the project
/// lock (its pid changes on every command) and undo journals (a tracked
/// one is refused as planted).
const LOCAL_FILES: [&str; 2] = [".forklayer.lock", ".forklayer-journal-*"];

/// `.gitignore` with a line for each of [`LOCAL_FILES`] it lacks, in its
/// own line endings, or `None` when it has them all.
/// `.gitignore`'s new bytes, and the old ones (`None`: there was none).
type GitignoreEdit = (Vec<u8>, Option<Vec<u8>>);

fn plan_gitignore(dir: &Path, changes: &mut Vec<Change>) -> Result<Option<GitignoreEdit>, AdoptError> {
    let path = dir.join(GITIGNORE);
    let old = match path.symlink_metadata() {
        Err(_) => None,
        Ok(meta) if meta.is_file() => {
            Some(crate::tree::read_regular(&path).map_err(|source| TreeError::Io { path: path.clone(), source })?)
        }
        Ok(_) => return Err(not_shape(dir, "`.gitignore` is not a regular file")),
    };
    let text = old.as_deref().map(String::from_utf8_lossy).unwrap_or_default();
    let has = |line: &str| text.lines().any(|l| l.trim_end_matches('\r').trim() == line);
    let missing: Vec<&str> = LOCAL_FILES.into_iter().filter(|line| !has(line)).collect();
    if missing.is_empty() {
        return Ok(None);
    }
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut new = old.clone().unwrap_or_default();
    if !new.is_empty() && !new.ends_with(b"\n") {
        new.extend_from_slice(eol.as_bytes());
    }
    new.extend_from_slice(format!("# forklayer's project lock and undo journals (never committed){eol}").as_bytes());
    for line in &missing {
        new.extend_from_slice(format!("{line}{eol}").as_bytes());
    }
    let detail = format!("ignore {}", missing.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", "));
    changes.push(match old {
        Some(_) => Change::Edit { path: GITIGNORE.into(), detail },
        None => Change::Create { path: GITIGNORE.into(), detail },
    });
    Ok(Some((new, old)))
}

const GITIGNORE: &str = ".gitignore";

/// Name of the directory `npm pack` writes to, before the pid.
const SCRATCH_PREFIX: &str = ".forklayer-adopt-";

/// Removes what an adopt killed while asking npm left in the repository:
/// scratch directories of processes that are gone.
fn remove_stale_scratch(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let pid = name.strip_prefix(SCRATCH_PREFIX).and_then(|pid| pid.parse::<u32>().ok());
        if pid.is_some_and(|pid| !crate::journal::process_alive(pid)) {
            // Never follows a link: a planted one is removed, not its target.
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Files of one fork that `ignore` leaves out but whose bytes are not
/// upstream's: adopting drops them from everything forklayer rebuilds or
/// ships, so the user must hear of each (as `check` would tell them
/// later, when the README edit is long forgotten).
fn ignored_changes(ignore: &Ignore, full: &str, vendored: &Tree, fork: &Tree) -> Vec<crate::layer::IgnoredChange> {
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
fn readme_rule(upstream: &Tree, forks: &Tree, scope: &str) -> Vec<String> {
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
fn pair(from: &[String], to: &[String], present: &str, absent: &str) -> Result<(), AdoptError> {
    match from.iter().find(|n| !to.contains(n)) {
        Some(package) => Err(AdoptError::Unpaired {
            package: package.clone(),
            present: present.to_string(),
            absent: absent.to_string(),
        }),
        None => Ok(()),
    }
}

/// The manifest applied to the (README-less) upstream package must give
/// the fork exactly.
fn prove_manifest(full: &str, path: &Path, base: &Tree, fork: &Tree) -> Result<Manifest, AdoptError> {
    let manifest = Manifest::read(path)?;
    let fail = |problems: Vec<String>| AdoptError::DoesNotRebuild {
        package: full.to_string(),
        manifest: path.to_path_buf(),
        problems,
    };
    if manifest.package != full {
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
fn same_as_generated(
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

/// A package's integrity from the registry (`None` when it could not be
/// asked), and the warning that says so.
type Integrity = (Option<String>, Option<String>);

/// The integrity of each `(full, version, vendored files)` as
/// [`registry_integrity`] finds it, all packages fetched from the registry
/// at once, in order.
fn registry_integrities(
    npm: Option<&Npm>,
    packages: &[(String, String, Tree)],
    scratch: &Path,
) -> Vec<Result<Integrity, AdoptError>> {
    let Some(npm) = npm else {
        let offline = |(full, version, _): &(String, String, Tree)| {
            Ok((
                None,
                Some(format!(
                    "`{full}@{version}`: not checked against the registry (--offline); its integrity in the lock file is null"
                )),
            ))
        };
        return packages.iter().map(offline).collect();
    };
    let specs: Vec<(String, String)> =
        packages.iter().map(|(full, version, _)| (full.clone(), version.clone())).collect();
    let fetched = fetch_all_from_registry(npm, &specs, scratch);
    packages
        .iter()
        .zip(fetched)
        .map(|((full, version, vendored), fetched)| registry_integrity(full, version, vendored, fetched))
        .collect()
}

/// The integrity of `full@version` from the registry (`fetched`: what
/// fetching it gave), after proving the registry's tarball holds exactly
/// the vendored files; `None` with a warning when the registry could not
/// be asked.
fn registry_integrity(
    full: &str,
    version: &str,
    vendored: &Tree,
    fetched: Result<crate::npm::FetchedPackage, NpmError>,
) -> Result<Integrity, AdoptError> {
    let spec = format!("{full}@{version}");
    match fetched {
        Ok(fetched) => {
            let differences = compare_trees(&fetched.tree, vendored);
            if !differences.is_empty() {
                return Err(AdoptError::NotRegistryBytes {
                    package: spec,
                    differences: differences.iter().map(|d| d.between("the registry's tarball", "vendored")).collect(),
                });
            }
            Ok((fetched.integrity, None))
        }
        Err(source @ (NpmError::IntegrityMismatch { .. } | NpmError::Tarball { .. } | NpmError::BadPackage { .. })) => {
            Err(AdoptError::Registry { package: spec, source })
        }
        Err(unreachable) => Ok((
            None,
            Some(format!(
                "`{spec}`: the registry could not be asked ({unreachable}); its integrity in the lock file is null"
            )),
        )),
    }
}

/// The profile's `package.json` to write, when it changes.
type ProfileJson = Option<(PathBuf, Vec<u8>)>;

/// The profile's `package.json` (beside the fork layer) with each
/// `file:./forks/<pkg>` dependency (or npm's equivalent spellings
/// `file:forks/<pkg>`, with or without a final `/`) moved to
/// `file:./forks/<scope>/<pkg>`, proved to declare exactly the layer:
/// the file to write when it changes.
fn plan_profile_json(layer: &Layer, forks_dir: &Path, changes: &mut Vec<Change>) -> Result<ProfileJson, AdoptError> {
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
fn baseline_pins(profile_json: &Path, scope: &str, version: &str, vendored: &[String]) -> Vec<String> {
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

fn toml_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| format!("  \"{i}\",\n")).collect();
    format!("[\n{}]", quoted.concat())
}

/// The declaration adopt writes.
fn declaration_text(outcome: &AdoptOutcome) -> String {
    format!(
        "# The fork layer, declared once (written by `forklayer adopt` from the\n\
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
        ignore = toml_list(&outcome.ignore),
        forked = toml_list(&outcome.forked),
        carried = toml_list(&outcome.carried),
    ) + &pins_text(&outcome.pins)
}

/// The `[[pins]]` table of `keys` in the profile's `package.json`.
fn pins_text(keys: &[String]) -> String {
    if keys.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = keys.iter().map(|k| format!("  '{k}',\n")).collect();
    format!(
        "\n# The host pinned at the baseline in the profile: a clean merge moves it.\n\
         [[pins]]\n\
         file = \"{PROFILE_JSON}\"\n\
         keys = [\n{}]\n",
        quoted.concat()
    )
}
