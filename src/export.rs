//! `export`: write the layer back into a project as the patch files and
//! configuration entries of its package manager (npm 12, pnpm, Yarn
//! Berry, bun, patch-package), so that the tool's own install produces the
//! fork's bytes.
//!
//! 1. every forked package's base is proved against the lock file, and its
//!    patch is rendered in the tool's dialect
//!    ([`crate::patchfmt::render`]): what the format cannot express
//!    (binary files, file modes, deletions where unsupported, CRLF lines
//!    for Yarn) is refused by name, and each patch is applied back under
//!    the tool's rules to prove it gives the fork's bytes;
//! 2. the project's other patched packages keep their patches; patch
//!    files of the layer's packages that the new ones replace (an older
//!    version's) are removed, unless the project installs that version
//!    besides the exported one (an alias, a nested dependency), and so
//!    are Yarn patch files of those packages that nothing names any more
//!    (`yarn up` moves a dependency off its `patch:` and leaves the file
//!    behind); a package
//!    installed under an alias gets its patch where its tool looks for it
//!    ([`install_names`]); package.json's `pnpm.patchedDependencies`, which
//!    pnpm no longer reads, and its files are left alone;
//! 3. the configuration files are edited only at the keys the tool owns
//!    ([`crate::patchfmt::edit_config`]), every other byte kept;
//! 4. everything is one journaled update in the project, kept only if the
//!    project, read back as the tool reads it, rebuilds every fork.
//!
//! Nothing is written unless every package can be expressed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::genpatches::read_fork_package;
use crate::journal::{Scope, Update};
use crate::layer::Layer;
use crate::lock::Lock;
use crate::patchfmt::{
    aliases, apply_in_order, config_files, depends_on, discover, edit_config, installed_versions, is_yarn_patch_of,
    locked_versions, pnpm_ignored_patches, pnpm_ignored_warning, read_patch_file, render, versions_installed_as, Alias,
    ConfigEntry, Format, FormatError, PatchedDependency,
};
use crate::rebuild::{compare_trees, read_vendored_package};
use crate::tree::{FileEntry, Tree, TreeError};

mod error;
mod uncommitted;
pub use self::error::ExportError;
use self::uncommitted::touched_files;
pub use self::uncommitted::{refuse_merge_in_progress, refuse_uncommitted, touched_by_moving, Touched};

/// How `export` runs.
#[derive(Debug)]
pub struct ExportOptions {
    /// The package manager to write for.
    pub format: Format,
    /// The project to write into.
    pub project: PathBuf,
    /// Compute and prove everything, write nothing.
    pub dry_run: bool,
    /// Replace or delete files of the project that have uncommitted
    /// changes.
    pub allow_dirty: bool,
}

/// What happens to one file of the project.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileAction {
    /// A new file.
    Create,
    /// An existing file with new bytes.
    Update,
    /// A file removed (an older version's patch).
    Delete,
}

impl FileAction {
    /// The word reports use.
    pub fn as_str(self) -> &'static str {
        match self {
            FileAction::Create => "create",
            FileAction::Update => "update",
            FileAction::Delete => "delete",
        }
    }

    /// What writing `after` over `before` (`None`: no file) does, if anything.
    fn of(before: Option<&[u8]>, after: &[u8]) -> Option<FileAction> {
        match before {
            Some(before) if before == after => None,
            Some(_) => Some(FileAction::Update),
            None => Some(FileAction::Create),
        }
    }
}

/// One package exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedPackage {
    /// Its npm name.
    pub name: String,
    /// The version its patch applies to.
    pub version: String,
    /// Its patch files, project-relative (none when the fork equals
    /// upstream).
    pub patches: Vec<String>,
}

/// What `export` did (or, with `--dry-run`, would do).
#[derive(Clone, Debug, Default)]
pub struct ExportOutcome {
    /// The layer's forked packages.
    pub packages: Vec<ExportedPackage>,
    /// Patched packages of the project the layer does not hold, kept as
    /// they are (`name@version`).
    pub kept: Vec<String>,
    /// Every file that changes, project-relative, sorted.
    pub files: Vec<(String, FileAction)>,
    /// Things to know.
    pub warnings: Vec<String>,
    /// Whether anything was written (false for `--dry-run`).
    pub written: bool,
}

/// Where a format's tool keeps its patches, project-relative: the only
/// directories `export` removes a file from.
fn patch_dir(format: Format) -> &'static str {
    match format {
        Format::Yarn => ".yarn/patches",
        _ => "patches",
    }
}

/// Refuses a symbolic link (or a special file) where `export` writes in
/// `project` for `format` (the tool's patch directory, its configuration
/// files) or on the way there from `project`: writing through it would
/// change a file outside the project (a cloned repository's
/// `package.json` linked to a user's file). Checked before anything is
/// read or written.
pub fn refuse_links(format: Format, project: &Path) -> Result<(), TreeError> {
    // Named without a `.` component (`-C app` with the project `.`).
    let project: PathBuf = project.components().collect();
    for rel in std::iter::once(patch_dir(format)).chain(config_files(format).iter().copied()) {
        crate::tree::refuse_links_below(&project, rel)?;
    }
    Ok(())
}

/// Every file or directory an `export` of any format may change in
/// `project`: what the roll back of a killed export may touch.
pub fn export_scope(project: &Path) -> Vec<PathBuf> {
    ["package.json", "package-lock.json", "pnpm-workspace.yaml", "patches", ".yarn/patches"]
        .into_iter()
        .map(|rel| project.join(rel))
        .collect()
}

/// Exports the forked packages of `layer` into `options.project`.
pub fn export(layer: &Layer, options: &ExportOptions) -> Result<ExportOutcome, ExportError> {
    let (format, project) = (options.format, &options.project);
    refuse_merge_in_progress(layer)?;
    refuse_links(format, project)?;
    let mut warnings = roll_back_interrupted(layer, project)?;
    refuse_overlap(layer, format, project)?;
    let mut forks = rendered_packages(layer, format)?;
    let config_error = |source| ExportError::Config { format, project: project.clone(), source: Box::new(source) };
    let aliases = aliases(format, project).map_err(config_error)?;
    for fork in &mut forks {
        fork.installed_as = install_names(format, project, fork, &aliases, &mut warnings).map_err(config_error)?;
        if format == Format::PatchPackage && !fork.installed_as.is_empty() {
            // patch-package finds a package by its directory: an alias's
            // patch is named by the alias and reaches into its directory.
            let mut patches = Vec::new();
            for name in &fork.installed_as {
                patches.extend(render_package(format, fork, name)?);
            }
            fork.patches = patches;
        }
    }
    for fork in &forks {
        // npm and pnpm then fail, bun installs the package unpatched, and
        // Yarn moves the dependency to the patched version.
        // Only a warning: a lock file it cannot read is the tool's to report.
        let Ok((lock_file, _)) = locked_versions(format, project, &fork.name) else { continue };
        let Ok(locked) = installed_versions(format, project, &fork.name) else { continue };
        let (name, version) = (&fork.name, &fork.version);
        if locked.is_empty() {
            warnings.push(format!(
                "`{lock_file}` installs no `{name}`: the patch is unused until the project depends on \
                 {name}@{version} (npm 12 then refuses every install: a patch that matches no installed package)"
            ));
        } else if !locked.contains(&fork.version) {
            let locked: Vec<&str> = locked.iter().map(String::as_str).collect();
            warnings.push(format!(
                "`{lock_file}` resolves `{name}` to {}, not to {version}, the version the layer patches: the tool \
                 will not use the patch until the project installs {name}@{version} (or move the layer with \
                 `forklayer upgrade`)",
                locked.join(", ")
            ));
        }
    }
    let declared = discover(format, project).map_err(config_error)?;
    let held: BTreeMap<&str, &str> = forks.iter().map(|f| (f.name.as_str(), f.version.as_str())).collect();
    let mut entries = Vec::new();
    let mut kept = Vec::new();
    let mut stale: BTreeSet<String> = BTreeSet::new();
    // Patches of another version of a held package that the project still
    // installs (through an alias, as a nested dependency), by version.
    let mut still: BTreeMap<(&str, &str), (Vec<&str>, &str, String)> = BTreeMap::new();
    for dep in &declared {
        let id = format!("{}@{}", dep.name, dep.version);
        if let Some(&version) = held.get(dep.name.as_str()) {
            let installed = if dep.version == version {
                None
            } else {
                still_installed(format, project, &dep.name, [&dep.version, version], &aliases).map_err(config_error)?
            };
            let Some(source) = installed else {
                if is_newer(&dep.version, version) {
                    let (name, newer, held) = (dep.name.clone(), dep.version.clone(), version.to_string());
                    return Err(ExportError::NewerInProject { name, newer, held, patch: dep.patches.join("`, `") });
                }
                stale.extend(dep.patches.iter().cloned());
                continue;
            };
            let key = (dep.name.as_str(), dep.version.as_str());
            let entry = still.entry(key).or_insert_with(|| (Vec::new(), dep.declared_in.as_str(), source));
            entry.0.extend(dep.patches.iter().map(String::as_str));
        }
        let patches = read_patches(project, dep).map_err(config_error)?;
        if !kept.contains(&id) {
            kept.push(id);
        }
        let installed_as = dep.alias.iter().cloned().collect();
        entries.push(ConfigEntry { name: dep.name.clone(), version: dep.version.clone(), patches, installed_as });
    }
    for ((name, old), (patches, declared_in, source)) in still {
        let version = held.get(name).copied().unwrap_or_default();
        // patch-package declares a patch by its file alone.
        let entry = match format {
            Format::PatchPackage => String::new(),
            _ => format!(" with its entry in `{declared_in}`"),
        };
        warnings.push(format!(
            "`{}` patches `{name}@{old}`, which `{source}` says the project still installs besides the layer's \
             {version}: it is kept{entry} (remove it by hand once the project no longer installs {name}@{old})",
            patches.join("`, `"),
        ));
    }
    if format == Format::Yarn {
        let held: BTreeSet<&str> = held.keys().copied().collect();
        stale.extend(unused_yarn_patches(project, &held, &declared)?);
    }
    let written: BTreeMap<String, Vec<u8>> = forks.iter().flat_map(|f| f.patches.iter().cloned()).collect();
    if format == Format::Pnpm {
        let ignored = pnpm_ignored_patches(project).map_err(config_error)?;
        if !ignored.is_empty() {
            refuse_overwriting_ignored(project, &ignored, &written).map_err(config_error)?;
            stale.retain(|rel| !ignored.iter().any(|(_, patch)| patch == rel));
            warnings.push(pnpm_ignored_warning(&ignored, "export leaves that key and the files it names as they are"));
        }
    }
    stale.retain(|rel| !written.contains_key(rel));
    for fork in forks.iter().filter(|f| !f.patches.is_empty()) {
        let (name, version, patches) = (fork.name.clone(), fork.version.clone(), fork.patches.clone());
        let installed_as = fork.installed_as.clone();
        entries.push(ConfigEntry { name, version, patches, installed_as });
    }
    let configs = edit_config(format, project, &entries).map_err(config_error)?;
    let dir = patch_dir(format);
    let (outside, stale): (Vec<String>, Vec<String>) =
        stale.into_iter().partition(|rel| !rel.starts_with(&format!("{dir}/")));
    for rel in outside {
        warnings.push(format!(
            "`{rel}` patched an older version of a package the layer holds; it lies outside `{dir}/`, so it is left \
             in place (remove it by hand)"
        ));
    }
    let plan = Plan::new(project, dir, &written, &stale, configs)?;
    let touched = touched_files(format, &plan.actions, &declared, &forks);
    warnings.extend(refuse_uncommitted(project, &touched, options.allow_dirty)?);
    let exported = |f: &RenderedPackage| {
        let patches = f.patches.iter().map(|(rel, _)| rel.clone()).collect();
        ExportedPackage { name: f.name.clone(), version: f.version.clone(), patches }
    };
    let mut outcome = ExportOutcome {
        packages: forks.iter().map(exported).collect(),
        kept,
        files: plan.actions.clone(),
        warnings,
        written: false,
    };
    if options.dry_run || plan.actions.is_empty() {
        return Ok(outcome);
    }
    let mut update = Update::new(project).cancelled_by(&crate::interrupt::INTERRUPTED);
    update.replace_dir(&project.join(dir), &plan.patches);
    for (path, bytes) in &plan.configs {
        update.replace_file(path, bytes);
    }
    update.apply_verified(|| verify_export(format, project, &forks))??;
    outcome.written = true;
    Ok(outcome)
}

/// Refuses to write other bytes into a patch file that package.json's
/// `pnpm.patchedDependencies` (which pnpm no longer reads) names: export
/// leaves that key and its files alone.
fn refuse_overwriting_ignored(
    project: &Path,
    ignored: &[(String, String)],
    written: &BTreeMap<String, Vec<u8>>,
) -> Result<(), FormatError> {
    for (key, patch) in ignored {
        let Some(bytes) = written.get(patch) else { continue };
        if crate::tree::read_regular(&project.join(patch)).is_ok_and(|before| &before == bytes) {
            continue;
        }
        return Err(FormatError::Unsupported {
            path: project.join("package.json"),
            reason: format!(
                "`pnpm.patchedDependencies` (which pnpm no longer reads) names `{patch}` for `{key}`, and the export \
                 would write the layer's patch over that file"
            ),
            change: format!(
                "move `{key}` to `patchedDependencies` in `pnpm-workspace.yaml` (the export then replaces it) or \
                 remove it from `pnpm.patchedDependencies`, then export again"
            ),
        });
    }
    Ok(())
}

/// Whether npm version `version` is newer than `than` (semver order);
/// a version that is no semver is not.
fn is_newer(version: &str, than: &str) -> bool {
    match (semver::Version::parse(version), semver::Version::parse(than)) {
        (Ok(version), Ok(than)) => version > than,
        _ => false,
    }
}

/// Where the project says it installs `name@old` besides the layer's
/// `name@version` (an alias, a nested dependency): its lock file (at any
/// place, under any name), else package.json's aliases naming `old`
/// exactly. `None` when it does not, and when it does not install
/// `version` yet either (an upgrade ahead of the lock file: the layer's
/// patch replaces the old one, and the lock file moves with the next
/// install).
fn still_installed(
    format: Format,
    project: &Path,
    name: &str,
    [old, version]: [&str; 2],
    aliases: &[Alias],
) -> Result<Option<String>, FormatError> {
    let installed = installed_versions(format, project, name)?;
    if !installed.is_empty() {
        let both = installed.contains(old) && installed.contains(version);
        return Ok(both.then_some(locked_versions(format, project, name)?.0));
    }
    let aliased = |v: &str| aliases.iter().any(|a| a.name == name && a.version.as_deref() == Some(v));
    let both = aliased(old) && (aliased(version) || depends_on(project, name, version)?);
    Ok(both.then(|| "package.json".to_string()))
}

/// The names the project installs `fork`'s package under when one is an
/// alias at the fork's version (npm keys its patch, patch-package names its
/// file and Yarn declares it by them; pnpm and bun reach aliases through
/// the package's own name): the aliases of that version, and the own name
/// when the project installs it too. Empty: the own name alone.
fn install_names(
    format: Format,
    project: &Path,
    fork: &RenderedPackage,
    aliases: &[Alias],
    warnings: &mut Vec<String>,
) -> Result<Vec<String>, FormatError> {
    if !matches!(format, Format::Npm | Format::Yarn | Format::PatchPackage) {
        return Ok(Vec::new());
    }
    let (name, version) = (&fork.name, &fork.version);
    let mut names = Vec::new();
    for alias in aliases.iter().filter(|a| &a.name == name) {
        match &alias.version {
            Some(installed) if installed == version => names.push(alias.alias.clone()),
            Some(_) => {}
            None => {
                let (lock_file, _) = locked_versions(format, project, name)?;
                warnings.push(format!(
                    "`package.json` installs `{name}` as `{alias}`, at a version neither it nor `{lock_file}` names \
                     exactly: {format} finds a patch of an alias by the alias, so `{alias}` does not get the patch of \
                     {name}@{version}; write the version (`\"{alias}\": \"npm:{name}@{version}\"`) or install once to \
                     record it in `{lock_file}`, then export again",
                    alias = alias.alias
                ));
            }
        }
    }
    if names.is_empty() {
        return Ok(names);
    }
    let own = versions_installed_as(format, project, name, name)?;
    if own.contains(version) || own.is_empty() && depends_on(project, name, version)? {
        names.insert(0, name.clone());
    }
    Ok(names)
}

/// The patch files of `dep`, read, in order.
fn read_patches(project: &Path, dep: &PatchedDependency) -> Result<Vec<(String, Vec<u8>)>, FormatError> {
    dep.patches.iter().map(|rel| Ok((rel.clone(), read_patch_file(project, rel)?))).collect()
}

/// The files of `.yarn/patches/` Yarn named for a package the layer holds
/// that neither package.json nor yarn.lock names: `yarn up` moves a
/// dependency off its `patch:` and leaves the file behind. A file yarn.lock
/// still names (a workspace's dependency) stays.
fn unused_yarn_patches(
    project: &Path,
    held: &BTreeSet<&str>,
    declared: &[PatchedDependency],
) -> Result<Vec<String>, ExportError> {
    let dir = project.join(patch_dir(Format::Yarn));
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ExportError::Tree(TreeError::Io { path, source })
    };
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(&dir)(e)),
    };
    let lock_path = project.join("yarn.lock");
    let lock = match crate::tree::read_regular(&lock_path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(io(&lock_path)(e)),
    };
    let named: BTreeSet<&str> = declared.iter().flat_map(|d| d.patches.iter().map(String::as_str)).collect();
    let mut unused = Vec::new();
    for entry in entries {
        let entry = entry.map_err(io(&dir))?;
        let Ok(name) = entry.file_name().into_string() else { continue };
        let rel = format!("{}/{name}", patch_dir(Format::Yarn));
        if entry.file_type().is_ok_and(|t| t.is_file())
            && held.iter().any(|package| is_yarn_patch_of(&name, package))
            && !named.contains(rel.as_str())
            && !lock.contains(&name)
        {
            unused.push(rel);
        }
    }
    unused.sort();
    Ok(unused)
}

/// A forked package with its rendered patch.
struct RenderedPackage {
    name: String,
    version: String,
    base: Tree,
    fork: Tree,
    /// (project-relative path, bytes) of each patch file.
    patches: Vec<(String, Vec<u8>)>,
    /// See [`install_names`].
    installed_as: Vec<String>,
}

/// Every forked package's patch in `format`, its base proved against the
/// lock file first.
fn rendered_packages(layer: &Layer, format: Format) -> Result<Vec<RenderedPackage>, ExportError> {
    let upstream = &layer.paths.upstream;
    let lock = Lock::read(upstream)?;
    let mut rendered = Vec::new();
    for name in &layer.forked {
        let npm_name = layer.full_name(name);
        let vendored = read_vendored_package(layer, upstream, name)?;
        let problems = lock.verify_tree(&npm_name, &vendored);
        if !problems.is_empty() {
            return Err(ExportError::NotLocked { problems });
        }
        let version = lock.version_of(&npm_name).unwrap_or_default().to_string();
        let base = layer.ignore_of(name).filter(vendored);
        let fork = read_fork_package(layer, &layer.paths.forks, name)?;
        let mut package =
            RenderedPackage { name: npm_name, version, base, fork, patches: Vec::new(), installed_as: Vec::new() };
        package.patches = render_package(format, &package, &package.name)?;
        rendered.push(package);
    }
    Ok(rendered)
}

/// The patch of `package` for the install name `name` (its own, or for
/// patch-package an alias's).
fn render_package(
    format: Format,
    package: &RenderedPackage,
    name: &str,
) -> Result<Vec<(String, Vec<u8>)>, ExportError> {
    let (version, base, fork) = (&package.version, &package.base, &package.fork);
    render(format, name, version, base, fork).map_err(|source| ExportError::Render {
        format,
        package: package.name.clone(),
        version: version.clone(),
        source: Box::new(source),
    })
}

/// What the export writes: the tool's patch directory as it will be, the
/// configuration files, and each changed file's action.
struct Plan {
    patches: Tree,
    configs: Vec<(PathBuf, Vec<u8>)>,
    actions: Vec<(String, FileAction)>,
}

impl Plan {
    fn new(
        project: &Path,
        dir: &str,
        written: &BTreeMap<String, Vec<u8>>,
        stale: &[String],
        configs: Vec<(PathBuf, Vec<u8>)>,
    ) -> Result<Plan, ExportError> {
        let root = project.join(dir);
        let mut patches = Tree::read_dir_or_empty(&root)?;
        let mut actions = Vec::new();
        for rel in stale {
            if let Some(inside) = rel.strip_prefix(&format!("{dir}/")) {
                if patches.remove(inside).is_some() {
                    actions.push((rel.clone(), FileAction::Delete));
                }
            }
        }
        for (rel, bytes) in written {
            let inside = rel.strip_prefix(&format!("{dir}/")).unwrap_or(rel);
            let before = patches.get(inside).map(|entry| entry.bytes.as_slice());
            actions.extend(FileAction::of(before, bytes).map(|action| (rel.clone(), action)));
            patches.insert(inside, FileEntry::new(bytes.clone()))?;
        }
        let mut changed = Vec::new();
        for (path, bytes) in configs {
            let before = crate::tree::read_regular(&path).ok();
            let Some(action) = FileAction::of(before.as_deref(), &bytes) else { continue };
            let rel = path.strip_prefix(project).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            actions.push((rel, action));
            changed.push((path, bytes));
        }
        actions.sort();
        Ok(Plan { patches, configs: changed, actions })
    }
}

/// Refuses an export whose patch directory or configuration files would be
/// the layer's own directories (a project exported into itself with the
/// layer's `patches/` where the tool keeps its patches).
fn refuse_overlap(layer: &Layer, format: Format, project: &Path) -> Result<(), ExportError> {
    let managed = [&layer.paths.upstream, &layer.paths.forks, &layer.paths.patches];
    let ours = [project.join(patch_dir(format)), project.join("package.json"), project.join("pnpm-workspace.yaml")];
    for path in ours {
        let real = crate::realpath::normalize(&path);
        for dir in managed {
            let dir_real = crate::realpath::normalize(dir);
            if real.starts_with(&dir_real) || dir_real.starts_with(&real) {
                return Err(ExportError::Overlap { format, path, managed: dir.clone() });
            }
        }
    }
    Ok(())
}

/// Rolls back an export a killed forklayer left in `project` (not the
/// layer's own root: its journals are rolled back when the layer is
/// loaded). Every command that loads a layer does so for its `[origin]`.
pub(crate) fn roll_back_interrupted(layer: &Layer, project: &Path) -> Result<Vec<String>, ExportError> {
    let same = crate::realpath::normalize(project) == crate::realpath::normalize(&layer.root);
    if same || !crate::journal::any_journal(project) {
        return Ok(Vec::new());
    }
    let recovered = crate::journal::recover(project, &Scope::new(export_scope(project)))?;
    Ok(recovered
        .iter()
        .map(|r| r.warning(format_args!("an export that forklayer process {} left unfinished", r.pid)))
        .collect())
}

/// The project as written, read back as the tool reads it: every exported
/// package's patches rebuild its fork.
fn verify_export(format: Format, project: &Path, forks: &[RenderedPackage]) -> Result<(), ExportError> {
    let failed = |package: &str, reason: &dyn std::fmt::Display| ExportError::Verify {
        package: package.to_string(),
        reason: reason.to_string(),
    };
    let declared = discover(format, project).map_err(|e| failed("*", &e))?;
    for fork in forks {
        // Each declaration of the version (the package's own name, its
        // aliases) must rebuild the fork; patches of other versions kept
        // beside it are the project's own.
        let found: Vec<_> = declared.iter().filter(|d| d.name == fork.name && d.version == fork.version).collect();
        if fork.patches.is_empty() != found.is_empty() {
            let reason = format!("the project does not declare the patch of version {} as written", fork.version);
            return Err(failed(&fork.name, &reason));
        }
        let mut sets = Vec::new();
        for dep in &found {
            sets.push(read_patches(project, dep).map_err(|e| failed(&fork.name, &e))?);
        }
        if sets.is_empty() {
            sets.push(Vec::new());
        }
        for patches in &sets {
            let rebuilt = apply_in_order(format, &fork.base, patches).map_err(|e| failed(&fork.name, &e))?;
            if let Some(first) = compare_trees(&rebuilt, &fork.fork).first() {
                return Err(failed(&fork.name, first));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
