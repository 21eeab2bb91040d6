//! `import`: make a forklayer layer from the patches a package manager
//! keeps (npm 12, pnpm, Yarn Berry, bun, patch-package).
//!
//! 1. [`crate::patchfmt::discover`] lists the patched packages the project
//!    declares, a version key that is a range or a bare name resolved
//!    against the project's lock file;
//! 2. every patch file is read and parsed before anything is fetched:
//!    paths that leave the project or the package, links, devices, binary
//!    patches and absurd sizes are refused by name
//!    ([`crate::patchfmt::read_patch_file`], [`crate::patchfmt::parse`]);
//! 3. the pristine packages are fetched and integrity-checked exactly as
//!    `snapshot` does ([`crate::snapshot::fetch_snapshot`]);
//! 4. each package's patches are applied in order, as its tool applies
//!    them ([`crate::patchfmt::apply_in_order`]): a hunk that does not
//!    apply is an error naming the patch file, the hunk and the line;
//! 5. the layer (declaration with `[origin]`, `upstream/` and its lock, the
//!    fork layer, the anchored manifests, `.gitignore`) is written as one
//!    journaled update, and `check` must pass on it before it is committed.
//!
//! Nothing is written unless every step succeeded; `--dry-run` stops
//! before step 5.

use std::path::{Path, PathBuf};

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::genpatches::generate_manifest_and_diff;
use crate::journal::{JournalError, Update};
use crate::layer::{Layer, LayerError, PathOverrides, DECLARATION_FILE};
use crate::patchfmt::{apply_in_order, discover, parse, read_patch_file, Format, FormatError, PatchedDependency};
use crate::snapshot::{fetch_snapshot, SnapshotError, SnapshotSource, Versions};
use crate::tree::{FileEntry, Tree, TreeError};

/// How `import` runs.
#[derive(Debug)]
pub struct ImportOptions {
    /// The package manager whose patches are read.
    pub format: Format,
    /// The project that keeps them.
    pub project: PathBuf,
    /// The directory that becomes the layer (may be the project itself).
    pub root: PathBuf,
    /// Where the pristine packages come from.
    pub source: SnapshotSource,
    /// Compute and prove everything, write nothing.
    pub dry_run: bool,
}

/// One package imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedPackage {
    /// Its npm name.
    pub name: String,
    /// The exact version its patches apply to.
    pub version: String,
    /// The key the project declares it under.
    pub key: String,
    /// Where the version came from when the key holds a range or none:
    /// the lock file's name.
    pub resolved_from: Option<String>,
    /// Its patch files in the order they apply, project-relative.
    pub patches: Vec<String>,
    /// Files the patches add, change or delete.
    pub changed_files: usize,
}

/// What `import` did (or, with `--dry-run`, would do).
#[derive(Clone, Debug)]
pub struct ImportOutcome {
    /// The declaration written.
    pub declaration: PathBuf,
    /// `upstream/`, the fork layer and `patches/` of the new layer.
    pub paths: [PathBuf; 3],
    /// Every package, sorted by name.
    pub packages: Vec<ImportedPackage>,
    /// Things to know (versions resolved from the lock file, integrity not
    /// checkable, an interrupted import rolled back).
    pub warnings: Vec<String>,
    /// Whether anything was written (false for `--dry-run`).
    pub written: bool,
}

/// Errors of `import`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// The directory is a layer already.
    #[error("`{}` exists already", .path.display())]
    Exists {
        /// The declaration found.
        path: PathBuf,
    },
    /// A directory the layer needs holds files already.
    #[error("`{}` exists and is not empty; the imported layer needs it", .path.display())]
    Occupied {
        /// The directory.
        path: PathBuf,
    },
    /// The project declares no patch of that format.
    #[error("`{}` declares no {format} patches", .project.display())]
    NoPatches {
        /// The project.
        project: PathBuf,
        /// The format looked for.
        format: Format,
        /// Patches declared where the tool no longer reads them (pnpm:
        /// package.json's `pnpm.patchedDependencies`), told in the help.
        ignored: Option<String>,
    },
    /// One package is patched at two versions, or declared twice.
    #[error("`{name}` is patched more than once ({})", .keys.join(", "))]
    Twice {
        /// The package.
        name: String,
        /// The keys that name it.
        keys: Vec<String>,
    },
    /// Reading the project's configuration failed.
    #[error("could not read the {format} patches of `{}`", .project.display())]
    Discover {
        /// The format.
        format: Format,
        /// The project.
        project: PathBuf,
        /// Why.
        #[source]
        source: Box<FormatError>,
    },
    /// A patch of a package cannot be read, is refused or does not apply.
    #[error("the patches of `{package}@{version}` cannot be imported")]
    Patch {
        /// The package.
        package: String,
        /// Its version.
        version: String,
        /// Why (naming the patch file, hunk and line).
        #[source]
        source: Box<FormatError>,
    },
    /// Fetching the pristine packages failed.
    #[error("could not fetch the pristine packages")]
    Fetch(#[source] SnapshotError),
    /// The declaration written would not load (a bug).
    #[error(transparent)]
    Declaration(#[from] LayerError),
    /// Building a tree failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing failed and was rolled back.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// `check` found the written layer wrong, and it was rolled back.
    #[error("the imported layer does not pass `forklayer check`: {}", .problems.join("; "))]
    CheckFailed {
        /// What `check` found.
        problems: Vec<String>,
    },
}

impl Diagnostic for ImportError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Bug, Usage};
        match self {
            ImportError::Exists { .. } => Own(Usage, "layer_exists"),
            ImportError::Occupied { .. } => Own(Usage, "directory_occupied"),
            ImportError::NoPatches { .. } => Own(Usage, "no_patches"),
            ImportError::Twice { .. } => Own(Usage, "patched_twice"),
            ImportError::Discover { source, .. } | ImportError::Patch { source, .. } => {
                Own(source.exit_status(), source.code())
            }
            ImportError::Fetch(e) => Wraps(e),
            ImportError::Declaration(_) | ImportError::CheckFailed { .. } => Own(Bug, "internal"),
            ImportError::Tree(e) => Wraps(e),
            ImportError::Journal(e) => Wraps(e),
        }
    }

    fn own_help(&self) -> Option<String> {
        let advice = match self {
            ImportError::Exists { .. } => "the directory is a forklayer layer already: `forklayer export <format>` \
                                           writes it back as patches, `forklayer upgrade` moves it; import into \
                                           another directory with `-C <dir>`"
                .to_string(),
            ImportError::Occupied { .. } => "import into an empty directory with `-C <dir>`, or move that one".into(),
            ImportError::NoPatches { ignored: Some(ignored), .. } => ignored.clone(),
            ImportError::NoPatches { format, .. } => {
                let command = match format {
                    Format::PatchPackage => "npx patch-package <pkg>".to_string(),
                    tool => format!("{tool} patch <pkg>"),
                };
                format!("make a patch with the tool first (`{command}`), or name the format the project uses")
            }
            ImportError::Twice { .. } => {
                "a layer holds each package once: keep the patch of one version in the project".into()
            }
            ImportError::Discover { source, .. } | ImportError::Patch { source, .. } => source.help()?,
            ImportError::Declaration(_) | ImportError::CheckFailed { .. } => {
                "this is a bug in forklayer, please report it".into()
            }
            ImportError::Fetch(_) | ImportError::Tree(_) | ImportError::Journal(_) => return None,
        };
        Some(format!("nothing was written; {advice}"))
    }
}

impl ImportError {
    /// How an error of `dep`'s patches is told.
    fn patch(dep: &PatchedDependency) -> impl Fn(FormatError) -> ImportError + Copy + '_ {
        |e| ImportError::Patch { package: dep.name.clone(), version: dep.version.clone(), source: Box::new(e) }
    }
}

/// Where an imported layer keeps its parts, relative to it: beside the
/// project's own `patches/` when the project holds the layer, so that the
/// two never meet.
fn layer_dirs(inside_project: bool) -> [&'static str; 3] {
    if inside_project {
        ["forklayer/upstream", "forklayer/forks", "forklayer/patches"]
    } else {
        ["upstream", "forks", "patches"]
    }
}

/// Imports the patches of `options.project` into a new layer at
/// `options.root`.
pub fn import(options: &ImportOptions) -> Result<ImportOutcome, ImportError> {
    let root = &options.root;
    let inside_project = crate::realpath::normalize(root) == crate::realpath::normalize(&options.project);
    let dirs = layer_dirs(inside_project);
    let declaration = root.join(DECLARATION_FILE);
    let mut warnings = roll_back_interrupted(root)?;
    if declaration.symlink_metadata().is_ok() {
        return Err(ImportError::Exists { path: declaration });
    }
    for dir in dirs.iter().map(|d| root.join(d)) {
        if std::fs::read_dir(&dir).is_ok_and(|mut entries| entries.next().is_some()) {
            return Err(ImportError::Occupied { path: dir });
        }
    }
    // Writing through a link would put the layer (or the ignore rules)
    // outside the project.
    for rel in dirs.iter().copied().chain([".gitignore"]) {
        crate::tree::refuse_links_below(root, rel)?;
    }
    let discover_error = |source| ImportError::Discover {
        format: options.format,
        project: options.project.clone(),
        source: Box::new(source),
    };
    let discovered = discover(options.format, &options.project).map_err(discover_error)?;
    if options.format == Format::Pnpm {
        let ignored = crate::patchfmt::pnpm_ignored_patches(&options.project).map_err(discover_error)?;
        if !ignored.is_empty() {
            let warning = crate::patchfmt::pnpm_ignored_warning(&ignored, "import leaves them out, as pnpm does");
            if discovered.is_empty() {
                let (project, format) = (options.project.clone(), options.format);
                return Err(ImportError::NoPatches { project, format, ignored: Some(warning) });
            }
            warnings.push(warning);
        }
    }
    let packages = one_per_package(&discovered, &options.project, options.format)?;
    let text = declaration_text(options, &dirs, &packages);
    let layer = Layer::parse(&text, &declaration, root, &PathOverrides::default())?;
    let fetched = fetch_snapshot(&layer, &Versions::all(&layer, None), &options.source).map_err(ImportError::Fetch)?;
    warnings.extend(fetched.outcome.warnings.iter().cloned());
    let mut forks = Tree::new();
    let mut patches = Tree::new();
    let mut imported = Vec::new();
    for package in &packages {
        let dep = &package.declared;
        let pristine = fetched.tree.subtree(&dep.name);
        let fork = apply_in_order(options.format, &pristine, &package.patches).map_err(ImportError::patch(dep))?;
        if let Some((manifest, diff)) = generate_manifest_and_diff(&dep.name, &dep.version, &pristine, &fork) {
            let [json, diff_file] = Layer::patch_files(&dep.name);
            patches.insert(json, FileEntry::new(manifest.to_canonical_json()))?;
            patches.insert(diff_file, FileEntry::new(diff.into_bytes()))?;
        }
        if let Some(lock) = &package.resolved_from {
            warnings.push(format!(
                "`{}` is declared as `{}`, which names no exact version: imported at {}, the version `{lock}` resolves \
                 it to",
                dep.name, dep.key, dep.version
            ));
        }
        imported.push(ImportedPackage {
            name: dep.name.clone(),
            version: dep.version.clone(),
            key: dep.key.clone(),
            resolved_from: package.resolved_from.clone(),
            patches: dep.patches.clone(),
            changed_files: crate::rebuild::compare_trees(&pristine, &fork).len(),
        });
        forks.graft(&dep.name, fork)?;
    }
    let paths = [layer.paths.upstream.clone(), layer.paths.forks.clone(), layer.paths.patches.clone()];
    let mut outcome = ImportOutcome { declaration, paths, packages: imported, warnings, written: false };
    if options.dry_run {
        return Ok(outcome);
    }
    write(&layer, &text, [&fetched.tree, &forks, &patches])?;
    outcome.written = true;
    Ok(outcome)
}

/// A patched package with its patch files read and parsed.
struct ReadPackage {
    declared: PatchedDependency,
    /// The lock file its version came from, when the key named none.
    resolved_from: Option<String>,
    patches: Vec<(String, Vec<u8>)>,
}

/// Each package once, with its patch files read and parsed (so that an
/// unsafe patch is refused before anything is fetched).
fn one_per_package(
    discovered: &[PatchedDependency],
    project: &Path,
    format: Format,
) -> Result<Vec<ReadPackage>, ImportError> {
    if discovered.is_empty() {
        return Err(ImportError::NoPatches { project: project.to_path_buf(), format, ignored: None });
    }
    let mut packages = Vec::new();
    // `discover` sorts by name: the declarations of a package are adjacent.
    for group in discovered.chunk_by(|a, b| a.name == b.name) {
        let twice = || {
            let keys = group.iter().map(|d| format!("`{}` in `{}`", d.key, d.declared_in)).collect();
            ImportError::Twice { name: group[0].name.clone(), keys }
        };
        // The same change declared for the package and for its alias
        // (npm's `left-pad@1.3.0` and `lp@1.3.0`, patch-package's
        // `left-pad+1.3.0.patch` and `lp+1.3.0.patch`) is one patch.
        let mut read = Vec::new();
        for declared in group {
            if declared.version != group[0].version {
                return Err(twice());
            }
            let patch_error = ImportError::patch(declared);
            let (mut patches, mut parsed) = (Vec::new(), Vec::new());
            for rel in &declared.patches {
                let bytes = read_patch_file(project, rel).map_err(patch_error)?;
                parsed.push(parse(format, &bytes, rel).map_err(patch_error)?);
                patches.push((rel.clone(), bytes));
            }
            read.push((declared, patches, parsed));
        }
        if read.iter().any(|(_, _, parsed)| *parsed != read[0].2) {
            return Err(twice());
        }
        // The package's own name first: its key is the one reported.
        let own = read.iter().position(|(d, _, _)| d.alias.is_none()).unwrap_or(0);
        let (declared, patches, _) = read.swap_remove(own);
        let lock = || crate::patchfmt::locked_versions(format, project, &declared.name).ok();
        let resolved_from = declared.resolved_from_lock.then(lock).flatten().map(|(file, _)| file);
        packages.push(ReadPackage { declared: declared.clone(), resolved_from, patches });
    }
    Ok(packages)
}

/// The declaration of the imported layer.
fn declaration_text(options: &ImportOptions, dirs: &[&str; 3], packages: &[ReadPackage]) -> String {
    let project = match crate::realpath::relative_to(&options.root, &options.project) {
        rel if rel.as_os_str().is_empty() => ".".to_string(),
        rel => rel.to_string_lossy().replace('\\', "/"),
    };
    let quoted = |text: &str| toml_edit::Value::from(text).decorated("", "").to_string();
    let entries: String = packages
        .iter()
        .map(|p| format!("  {},\n", quoted(&format!("{}@{}", p.declared.name, p.declared.version))))
        .collect();
    let format = options.format;
    format!(
        "# The fork layer, declared once (written by `forklayer import {format}` from the\n\
         # patches of the project `{project}`). `forklayer export {format}` writes it back as\n\
         # {format} patches; `forklayer upgrade` carries it to the versions the\n\
         # project's lock file resolves.\n\
         \n\
         [layer]\n\
         name = {name}\n\
         \n\
         [paths]\n\
         upstream = {up}\n\
         forks = {forks}\n\
         patches = {patches}\n\
         \n\
         [packages]\n\
         # Each at its own version, named in full, as the patches name them.\n\
         forked = [\n{entries}]\n\
         \n\
         [origin]\n\
         format = {format_literal}\n\
         project = {project_literal}\n",
        name = quoted(&layer_name(&options.project, &options.root)),
        up = quoted(dirs[0]),
        forks = quoted(dirs[1]),
        patches = quoted(dirs[2]),
        format_literal = quoted(format.as_str()),
        project_literal = quoted(&project),
    )
}

/// `<project's package name>-patches` (a scope's `@` left out, its `/`
/// written `-`), or the layer directory's name.
fn layer_name(project: &Path, root: &Path) -> String {
    let from_package = crate::tree::read_regular(&project.join("package.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|json| json.get("name")?.as_str().map(str::to_string))
        .map(|name| format!("{}-patches", name.trim_start_matches('@').replace('/', "-")))
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || "-._".contains(c)));
    from_package.unwrap_or_else(|| {
        let dir = crate::realpath::normalize(root);
        let dir = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let name: String =
            dir.chars().map(|c| if c.is_ascii_alphanumeric() || "-._".contains(c) { c } else { '-' }).collect();
        match name.trim_start_matches('.') {
            "" => "forklayer".to_string(),
            name => name.to_string(),
        }
    })
}

/// What an import may have left half written when it was killed: its
/// journal rolls back the declaration, `.gitignore` and the layer's
/// directories (either layout).
fn roll_back_interrupted(root: &Path) -> Result<Vec<String>, ImportError> {
    if !crate::journal::any_journal(root) {
        return Ok(Vec::new());
    }
    let dirs = layer_dirs(true).into_iter().chain(layer_dirs(false)).map(|d| root.join(d));
    let scope = crate::journal::Scope::new(
        [root.join(DECLARATION_FILE), root.join(".gitignore"), root.join("forklayer")].into_iter().chain(dirs),
    );
    let recovered = crate::journal::recover(root, &scope)?;
    Ok(recovered
        .iter()
        .map(|r| r.warning(format_args!("what an interrupted forklayer (process {}) left unfinished", r.pid)))
        .collect())
}

/// The declaration, `.gitignore`, `upstream/`, the fork layer and the
/// manifests as one journaled update, kept only if `check` passes on it.
fn write(layer: &Layer, text: &str, [upstream, forks, patches]: [&Tree; 3]) -> Result<(), ImportError> {
    let root = &layer.root;
    let gitignore = root.join(".gitignore");
    let ignored = crate::exclusive::ignore_local_files(&gitignore).map_err(|e| match e {
        crate::exclusive::GitignoreError::NotAFile => TreeError::Io {
            path: gitignore.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"),
        },
        crate::exclusive::GitignoreError::Io(source) => TreeError::Io { path: gitignore.clone(), source },
    })?;
    let mut update = Update::new(root).cancelled_by(&crate::interrupt::INTERRUPTED);
    update.replace_file(&layer.declaration, text.as_bytes());
    if let Some((new, _, _)) = &ignored {
        update.replace_file(&gitignore, new);
    }
    update.replace_dir(&layer.paths.upstream, upstream);
    update.replace_dir(&layer.paths.forks, forks);
    update.replace_dir(&layer.paths.patches, patches);
    update.apply_verified(|| check_written(&layer.declaration))??;
    Ok(())
}

/// `check` on the written layer, as an error when it finds anything.
fn check_written(declaration: &Path) -> Result<(), ImportError> {
    let layer = Layer::load(declaration, &PathOverrides::default())?;
    let report = crate::check::check(&layer).map_err(|e| ImportError::CheckFailed { problems: vec![e.to_string()] })?;
    let problems = crate::status::problems(&report);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ImportError::CheckFailed { problems })
    }
}
