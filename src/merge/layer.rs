//! `merge`: upgrade the whole fork layer to a new upstream version.
//!
//! The steps, each finished before the next starts:
//!
//! 1. refuse uncommitted changes in `upstream/`, the fork layer and
//!    `patches/` (unless allowed);
//! 2. read the base (the snapshot committed at HEAD) with libgit2;
//! 3. fetch the new upstream into memory, integrity-checked exactly as
//!    `snapshot` does ([`crate::snapshot::fetch_snapshot`]);
//! 4. merge every forked and carried package file by file, in memory;
//! 5. on a clean merge, regenerate the manifests (as `gen-patches` would)
//!    and prove that they rebuild the merged fork layer byte for byte;
//! 6. write the new upstream, the new fork layer (and, on a clean merge,
//!    the manifests and the declaration with `layer.baseline` moved to the
//!    new version) as one journaled update ([`crate::journal`]): only the
//!    files that change, after recording how to undo them (never on
//!    `--dry-run`).
//!
//! Any error or an interruption before step 6 leaves the project as it was;
//! a failure in step 6 puts back what was already written, and a run
//! killed in step 6 is rolled back by the next forklayer command.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Diagnostic, ExitStatus};
use crate::genpatches::{generate_manifest_and_diff, is_generated_patch_file};
use crate::guard::{check_managed_dir, GuardError};
use crate::journal::{JournalError, Update};
use crate::layer::Layer;
use crate::lock::VERSION_FILE;
use crate::manifest::Manifest;
use crate::merge::baseline::{with_baseline, BaselineError};
use crate::merge::file::{ConflictKind, Outcome};
use crate::merge::git::{AgainstHead, GitError, Repo};
use crate::merge::memory::{recall, MemoryError};
use crate::merge::package::{merge_package, side_file_path, PackageMerge, PackageMergeError};
use crate::merge::pins::{plan_pins, PinChange, PinError};
use crate::merge::progress::{
    entry_hash, labelled_marker_lines, separator_lines, state_dir, tree_digest, BeforeMerge, ConflictRecord,
    MergeState, StateError, WrittenFiles, BEFORE_DIR, DECLARATION_ROLE, STATE_SCHEMA,
};
use crate::merge::text::Labels;
use crate::parallel::{beside_others, joined, map_ordered, map_owned_heaviest_first, two_then_one};
use crate::rebuild::{apply_manifest, compare_trees, ApplyOptions, Difference};
use crate::snapshot::{fetch_snapshot, FetchedSnapshot, SnapshotError, SnapshotSource};
use crate::tree::{FileEntry, Tree, TreeError};

/// What to merge and how.
#[derive(Debug)]
pub struct MergeOptions<'a> {
    /// The new upstream version.
    pub version: String,
    /// Where the new upstream comes from.
    pub source: SnapshotSource,
    /// Compute and report, write nothing.
    pub dry_run: bool,
    /// Run even when the merged paths have uncommitted changes.
    pub allow_dirty: bool,
    /// Set (e.g. by a Ctrl-C handler) to stop before anything is written.
    pub cancel: Option<&'a AtomicBool>,
}

/// One file the merge did something to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// Full package name.
    pub package: String,
    /// Path inside the package.
    pub path: String,
    /// What happened.
    pub outcome: Outcome,
    /// Why it conflicts, for [`Outcome::Conflict`].
    pub conflict: Option<ConflictKind>,
    /// Conflict copies written next to the fork file (package-relative).
    pub copies: Vec<String>,
    /// The hashes of the three inputs (old upstream, fork, new upstream)
    /// of a conflict or a recalled resolution.
    pub inputs: Option<[String; 3]>,
    /// Lines that are exactly `=======` in a conflicted file's versions:
    /// those of the fork and the new upstream, the ones they share with the
    /// old upstream counted once. That many in the resolved file are
    /// content (a Markdown heading underline), not a marker left.
    pub separators: usize,
    /// The record of the conflict memory used, for [`Outcome::Resolved`]
    /// (relative to `patches/`).
    pub resolution: Option<String>,
}

/// The result of a merge run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOutcome {
    /// The version the layer was built against (the committed snapshot).
    pub from: String,
    /// The new upstream version.
    pub to: String,
    /// Every file that is not [`Outcome::Unchanged`], sorted by package
    /// and path.
    pub files: Vec<FileReport>,
    /// Number of files nobody changed.
    pub unchanged: usize,
    /// Forked packages with a manifest after the merge (clean merges only).
    pub manifests: Vec<String>,
    /// Whether the project was changed (false for `--dry-run`).
    pub written: bool,
    /// Things the user should know (e.g. integrity not checkable).
    pub warnings: Vec<String>,
    /// The move of `layer.baseline` (clean merges whose baseline differs
    /// from the new version; predicted by `--dry-run`).
    pub baseline: Option<BaselineChange>,
    /// The declared pins moved with it (clean merges).
    pub pins: Vec<PinChange>,
}

/// `layer.baseline` of the declaration moved to the new version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaselineChange {
    /// The declaration file.
    pub file: PathBuf,
    /// The baseline before the merge.
    pub from: String,
    /// The new baseline: the merged upstream version.
    pub to: String,
    /// The declaration's new text: the old one with only the baseline
    /// literal replaced.
    pub(crate) text: String,
}

impl MergeOutcome {
    /// Number of files in conflict.
    pub fn conflicts(&self) -> usize {
        self.files.iter().filter(|f| f.outcome == Outcome::Conflict).count()
    }

    /// Number of files with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        if outcome == Outcome::Unchanged {
            return self.unchanged;
        }
        self.files.iter().filter(|f| f.outcome == outcome).count()
    }
}

/// Errors of `merge`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The paths the merge rewrites have uncommitted changes.
    #[error("uncommitted changes in the paths the merge rewrites: {}", list(.paths))]
    Dirty {
        /// The changed paths, relative to the work tree.
        paths: Vec<String>,
    },
    /// HEAD has no vendored snapshot to use as the merge base.
    #[error("HEAD has no committed snapshot of `{what}` to merge from")]
    NoBase {
        /// The missing file or package.
        what: String,
    },
    /// A forked or carried package is missing from the fork layer.
    #[error("`{package}` is missing from the fork layer (expected `{path}`)")]
    MissingFork {
        /// Full package name.
        package: String,
        /// Where it should be.
        path: PathBuf,
    },
    /// A carried package's copy no longer matches the base.
    #[error("carried package `{package}` differs from its committed upstream in {files} file(s)")]
    CarriedModified {
        /// Full package name.
        package: String,
        /// Number of differing files.
        files: usize,
    },
    /// The regenerated manifests do not rebuild the merged fork layer.
    #[error("the regenerated manifest of `{package}` does not rebuild the merged fork: {}", list(.differences))]
    RebuildCheck {
        /// Full package name.
        package: String,
        /// What differs.
        differences: Vec<String>,
    },
    /// The run was interrupted before anything was written.
    #[error("interrupted; nothing was changed")]
    Interrupted,
    /// A directory the merge replaces is not safe to replace.
    #[error(transparent)]
    Guard(#[from] GuardError),
    /// Reading git failed.
    #[error(transparent)]
    Git(#[from] GitError),
    /// Fetching the new upstream failed.
    #[error("could not vendor the new upstream")]
    Snapshot(#[source] SnapshotError),
    /// Merging a package failed.
    #[error("could not merge `{package}`")]
    Package {
        /// Full package name.
        package: String,
        /// Why.
        #[source]
        source: PackageMergeError,
    },
    /// Reading or writing a directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing the result failed (rolled back, or the journal is kept for
    /// the next run to roll back).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// A merge with conflicts is waiting for `--continue` or `--abort`.
    #[error("a merge onto `{to}` is in progress")]
    InProgress {
        /// The version it merges to.
        to: String,
    },
    /// The merge state file cannot be read.
    #[error(transparent)]
    State(#[from] StateError),
    /// A recorded resolution cannot be used.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A declared pin of the baseline cannot be moved.
    #[error(transparent)]
    Pin(#[from] PinError),
    /// `layer.baseline` of the declaration cannot be moved.
    #[error("cannot set `layer.baseline` in `{path}`")]
    Baseline {
        /// The declaration file.
        path: PathBuf,
        /// Why.
        #[source]
        source: BaselineError,
    },
}

fn list(items: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut text = items.iter().take(SHOWN).map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ");
    if items.len() > SHOWN {
        text.push_str(&format!(" and {} more", items.len() - SHOWN));
    }
    text
}

impl Diagnostic for MergeError {
    fn exit_status(&self) -> ExitStatus {
        match self {
            MergeError::Dirty { .. }
            | MergeError::NoBase { .. }
            | MergeError::MissingFork { .. }
            | MergeError::CarriedModified { .. }
            | MergeError::Interrupted
            | MergeError::InProgress { .. }
            | MergeError::State(_)
            | MergeError::Memory(_)
            | MergeError::Pin(_)
            | MergeError::Baseline { .. }
            | MergeError::Package {
                source: PackageMergeError::SideFileTaken { .. } | PackageMergeError::FileDirectoryClash { .. },
                ..
            }
            | MergeError::Git(
                GitError::NoRepository { .. } | GitError::NoHead { .. } | GitError::OutsideWorkTree { .. },
            ) => ExitStatus::Usage,
            MergeError::RebuildCheck { .. } => ExitStatus::Bug,
            MergeError::Guard(e) => e.exit_status(),
            MergeError::Snapshot(e) => e.exit_status(),
            MergeError::Tree(e) => e.exit_status(),
            MergeError::Journal(e) => e.exit_status(),
            MergeError::Git(_) | MergeError::Package { .. } => ExitStatus::Integrity,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            MergeError::Dirty { .. } => "dirty",
            MergeError::NoBase { .. } => "no_base",
            MergeError::MissingFork { .. } => "fork_missing",
            MergeError::CarriedModified { .. } => "carried_differs",
            MergeError::RebuildCheck { .. } => "rebuild_check",
            MergeError::Interrupted => "interrupted",
            MergeError::Git(_) => "git",
            MergeError::Guard(e) => e.code(),
            MergeError::Snapshot(e) => e.code(),
            MergeError::Package { source: PackageMergeError::SideFileTaken { .. }, .. } => "conflict_copy_taken",
            MergeError::Package { source: PackageMergeError::FileDirectoryClash { .. }, .. } => "file_directory_clash",
            MergeError::Package { .. } => "merge",
            MergeError::Tree(e) => e.code(),
            MergeError::Journal(e) => e.code(),
            MergeError::Baseline { .. } => "baseline",
            MergeError::InProgress { .. } => "merge_in_progress",
            MergeError::State(_) => "merge_state",
            MergeError::Memory(_) => "resolution_damaged",
            MergeError::Pin(_) => "pin",
        }
    }

    fn help(&self) -> Option<String> {
        match self {
            MergeError::Dirty { .. } => Some("commit or discard the changes first, or pass `--allow-dirty`".into()),
            MergeError::NoBase { .. } => {
                Some("run `forklayer snapshot <current version>` and commit `upstream/` before merging".into())
            }
            MergeError::CarriedModified { .. } => Some(
                "restore the carried package's upstream bytes, or move it from `carried` to `forked` in forklayer.toml"
                    .into(),
            ),
            MergeError::RebuildCheck { .. } => {
                Some("this is a bug in forklayer; nothing was changed; please report it".into())
            }
            MergeError::Baseline { .. } => Some(
                "write `baseline = \"<version>\"` as a plain string in the `[layer]` table, or merge with `--dry-run` \
                 and edit it by hand"
                    .into(),
            ),
            MergeError::InProgress { .. } => Some(
                "finish it with `forklayer merge --continue` once the conflicts are resolved, or undo it with \
                 `forklayer merge --abort`; `forklayer status` shows what is left"
                    .into(),
            ),
            MergeError::State(_) => Some(format!(
                "the file is written by `merge`; restore it, or remove `{}` and put the project back with `git checkout`",
                crate::merge::progress::STATE_DIR
            )),
            MergeError::Memory(_) => Some(
                "fix or delete the record (it is committed under `patches/resolutions/`) and merge again".into(),
            ),
            MergeError::Pin(e) => Some(e.help()),
            MergeError::Snapshot(e) => e.help(),
            MergeError::Guard(e) => e.help(),
            MergeError::Journal(e) => e.help(),
            MergeError::Git(GitError::NoRepository { .. } | GitError::NoHead { .. }) => {
                Some("merge needs the project in a git repository with the current snapshot committed".into())
            }
            MergeError::Git(GitError::DamagedObject { .. }) => Some(
                "nothing was changed; `git fsck` lists the damaged objects: restore them from another clone \
                 (copy its `.git/objects`, or re-clone), then merge again"
                    .into(),
            ),
            MergeError::Git(_) => {
                Some("check the repository with `git status` and `git fsck`, then merge again".into())
            }
            MergeError::Tree(e) => e.help(),
            MergeError::MissingFork { .. } => Some(
                "restore the package in the fork layer (`git checkout -- <path>`), or remove it from forklayer.toml"
                    .into(),
            ),
            MergeError::Interrupted => Some("nothing was changed; run the merge again".into()),
            MergeError::Package { .. } => {
                Some("nothing was changed; fix the file named above in the fork layer and merge again".into())
            }
        }
    }
}

/// Merges the fork layer of `layer` onto upstream `options.version`.
pub fn merge(layer: &Layer, options: &MergeOptions<'_>) -> Result<MergeOutcome, MergeError> {
    let result = run_merge(layer, options);
    // Ctrl-C also reaches npm, which then fails: the interruption is the
    // cause worth reporting, not npm's error.
    match result {
        Err(_) if check_cancel(options).is_err() => Err(MergeError::Interrupted),
        other => other,
    }
}

fn run_merge(layer: &Layer, options: &MergeOptions<'_>) -> Result<MergeOutcome, MergeError> {
    if let Some(state) = MergeState::read(&layer.root)? {
        return Err(MergeError::InProgress { to: state.to });
    }
    let names = layer.upstream_packages();
    let Inputs { from, bases, upstream_read, forks: original_forks, upstream, dirty_check } =
        read_inputs(layer, options, &names)?;
    let texts = LabelTexts::new(&from, &options.version);
    let sides = Sides { bases, forks: &original_forks, upstream: &upstream.tree };
    let (merged, dirty) = merge_packages(layer, &names, sides, &texts.labels(), &options.version, dirty_check);
    // A dirty layer is named before anything the merge found.
    dirty.transpose()?;
    let mut merged = merged?;
    let mut before_files = Tree::new();
    let state = if merged.conflicts() {
        let written = WrittenFiles::new(&upstream.tree, &original_forks, &merged.forks);
        let mut state = merged.state(&from, &options.version, tree_digest(&upstream.tree), written);
        let (before, head) = before_merge(layer, &original_forks, &mut before_files)?;
        state.before = (!before.is_empty()).then_some(before);
        state.head = Some(head);
        Some(state)
    } else {
        None
    };
    let planned = if merged.conflicts() { None } else { Some(merged.plan_patches(&options.version)?) };
    // With conflicts the baseline moves when the user has resolved them.
    let baseline = if planned.is_some() { plan_baseline(layer, &options.version)? } else { None };
    // Checked on every merge, so that one with conflicts does not stop at
    // `--continue` for a pin it could have named now; moved when clean.
    let pins = plan_pins(layer, &layer.baseline, &options.version)?;
    let pins = if planned.is_some() { pins } else { Vec::new() };
    check_cancel(options)?;
    if !options.dry_run {
        let written = Written {
            upstream: &upstream.tree,
            upstream_read: upstream_read.as_ref(),
            forks_read: &original_forks,
            merged: &merged,
            planned: planned.as_ref(),
            baseline: baseline.as_ref(),
            pins: &pins,
            state: state.as_ref(),
            before: &before_files,
        };
        write_result(layer, &written)?;
    }
    Ok(MergeOutcome {
        from,
        to: options.version.clone(),
        manifests: planned.map(|p| p.manifests()).unwrap_or_default(),
        files: merged.report,
        unchanged: merged.unchanged,
        written: !options.dry_run,
        warnings: upstream.outcome.warnings,
        baseline,
        pins,
    })
}

/// What a merge reads before it merges.
struct Inputs {
    /// The committed version.
    from: String,
    /// The committed files of each package, in `names` order.
    bases: Vec<Option<Tree>>,
    /// The upstream directory as read from disk (`None` when it could not
    /// be read: the merge then reads the base from git alone, and the
    /// journal reads the directory itself).
    upstream_read: Option<Tree>,
    /// The fork layer as read from disk.
    forks: Tree,
    /// The new upstream.
    upstream: FetchedSnapshot,
    /// The dirty check still to run, beside the merge (see
    /// [`read_inputs`]); `None` when it ran already or is not wanted.
    dirty_check: Option<DirtyCheck>,
}

/// The part of the dirty check that a merge from local tarballs runs
/// beside the packages' merges: the status walks of the fork layer and
/// `patches/`, the index against HEAD for `upstream/`, and the changes of
/// `upstream/` the base found (`None`: a status of it too).
struct DirtyCheck {
    upstream_changes: Option<Vec<String>>,
}

impl DirtyCheck {
    /// [`MergeError::Dirty`] when anything the merge rewrites has
    /// uncommitted changes.
    fn run(&self, layer: &Layer) -> Result<(), MergeError> {
        finish_dirty_check(layer, dirty_outside_upstream(layer), self.upstream_changes.as_deref())
    }
}

/// The uncommitted changes of the fork layer and `patches/` (a status walk
/// each) and the staged ones of `upstream/` (the index against HEAD).
fn dirty_outside_upstream(layer: &Layer) -> Result<Vec<String>, MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    let others = repo.dirty_paths(&[&paths.forks, &paths.patches])?;
    let staged = repo.staged_paths(&paths.upstream)?;
    Ok([others, staged].concat())
}

/// Ends the dirty check: `others` (from [`dirty_outside_upstream`]) and the
/// work tree changes of `upstream/` (as the base found them, or from a
/// status when it could not).
fn finish_dirty_check(
    layer: &Layer,
    others: Result<Vec<String>, MergeError>,
    upstream_changes: Option<&[String]>,
) -> Result<(), MergeError> {
    let mut dirty = others?;
    match upstream_changes {
        Some(changed) => dirty.extend(changed.iter().cloned()),
        None => dirty.extend(Repo::discover(&layer.root)?.dirty_paths(&[&layer.paths.upstream])?),
    }
    refuse_dirty_paths(dirty)
}

/// Reads the inputs of the merge: the committed version and base of each
/// package (the committed blobs, taken from `upstream/` on disk where a
/// file there is one, see [`Repo::head_dir_against_disk`]), the fork layer
/// on disk and the new upstream. Local tarballs (read and checked) and the
/// base are read at once, and the fork layer right after whichever of the
/// two ends first, on its thread ([`two_then_one`]; none of it has side
/// effects, so starting before the dirty check is harmless). On two cores
/// that is two threads that each keep a core to the end instead of three
/// taking turns, which left a core idle while the tarballs, the longest
/// read here, ended (`merge` of this project's layer, whole processes,
/// alternated runs: 1.4–1.7 ms less). The registry is asked only once git
/// has been read (dirty check, base), while the fork layer is read, so
/// there the base and the fork layer are read at once.
///
/// The dirty check of `upstream/` comes from the base: the SHA-1 of every
/// file there, which the base needs anyway, tells which files differ from
/// HEAD, and git is asked about those alone (`git status` semantics:
/// filters, `core.fileMode`, ignored files); the index is compared with
/// HEAD on its own. The fork layer and `patches/` get a status walk each.
/// From local tarballs, where all the reading is CPU work on every core,
/// the walks wait for the merge (nothing is written before them): they run
/// as one more job beside the packages ([`merge_packages`]), on the core
/// the biggest package leaves idle. Before the registry is asked they run
/// here, beside the reads.
///
/// Errors come in the order of the steps: dirty check, base, fork layer,
/// new upstream (then the merge's own).
fn read_inputs(layer: &Layer, options: &MergeOptions<'_>, names: &[&str]) -> Result<Inputs, MergeError> {
    let paths = &layer.paths;
    let local = matches!(options.source, SnapshotSource::Local(_));
    let deferred = local && !options.allow_dirty;
    // A refused directory (a file, the repository itself) is refused
    // before anything is read.
    check_managed_dirs(layer)?;
    let read = std::thread::scope(|scope| {
        // These reads fill the cores between them: none splits its own
        // file reads across more threads.
        let read_base = || read_base(layer, names, !options.allow_dirty);
        let read_forks = || beside_others(|| read_forks(&paths.forks));
        let (early, base, forks) = if local {
            let (fetched, base, forks) = two_then_one(
                || beside_others(|| fetch_upstream(layer, options)),
                || beside_others(read_base),
                read_forks,
            );
            (Some(fetched), Read::Done(base), Read::Done(forks))
        } else {
            let forks = scope.spawn(read_forks);
            (None, Read::Running(scope.spawn(move || beside_others(read_base))), Read::Running(forks))
        };
        let git = if options.allow_dirty || deferred {
            base.result()
        } else {
            let others = dirty_outside_upstream(layer);
            let base = base.result();
            let changes = base.as_ref().ok().and_then(|base| base.upstream_changes.as_deref());
            finish_dirty_check(layer, others, changes).and(base)
        };
        let late = (!local && git.is_ok()).then(|| scope.spawn(|| fetch_upstream(layer, options)));
        let forks = forks.result();
        (|| {
            let Base { from, bases, read: upstream_read, upstream_changes } = git?;
            let forks = forks?;
            let upstream = match (early, late) {
                (Some(fetched), _) => fetched?,
                (None, Some(handle)) => joined(handle)?,
                (None, None) => fetch_upstream(layer, options)?,
            };
            let dirty_check = deferred.then_some(DirtyCheck { upstream_changes });
            Ok(Inputs { from, bases, upstream_read, forks, upstream, dirty_check })
        })()
    });
    match read {
        // The dirty check comes first, as if it had run before the reads.
        Err(err) if deferred => DirtyCheck { upstream_changes: None }.run(layer).and(Err(err)),
        read => read,
    }
}

/// One of [`read_inputs`]' reads: finished, or running on its own thread.
enum Read<'scope, T> {
    Done(T),
    Running(std::thread::ScopedJoinHandle<'scope, T>),
}

impl<T> Read<'_, T> {
    /// The read's result, once it has finished.
    fn result(self) -> T {
        match self {
            Read::Done(result) => result,
            Read::Running(handle) => joined(handle),
        }
    }
}

/// What the merge reads from git and `upstream/`.
struct Base {
    /// The committed version.
    from: String,
    /// The committed files of each package, in `names` order.
    bases: Vec<Option<Tree>>,
    /// The upstream directory as read from disk, if it could be.
    read: Option<Tree>,
    /// The paths of `upstream/` whose work tree differs from HEAD, as git
    /// reports them (see [`Repo::confirm_changed`]); `None` when that was
    /// not asked or could not be told from the disk read (the dirty check
    /// then runs a status of the directory).
    upstream_changes: Option<Vec<String>>,
}

/// Reads the committed version and each package's committed files (see
/// [`Base`]); with `check_upstream`, also which files of `upstream/` differ
/// from HEAD.
fn read_base(layer: &Layer, names: &[&str], check_upstream: bool) -> Result<Base, MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    let from = committed_version(&repo, &paths.upstream)?;
    let read = read_upstream(&paths.upstream);
    let against = match &read {
        Some(read) => repo.head_dir_against_disk(&paths.upstream, read)?,
        None => None,
    };
    let prefix = scope_prefix(layer);
    let (bases, upstream_changes) = match (against, &read) {
        (Some(AgainstHead { files, differing }), _) => {
            let bases = names
                .iter()
                .map(|name| Some(files.subtree(&format!("{prefix}{name}"))).filter(|tree| !tree.is_empty()))
                .collect();
            (bases, check_upstream.then(|| repo.confirm_changed(&differing)).flatten())
        }
        // HEAD holds a link below `upstream/`: the packages' own files are
        // still compared one by one.
        (None, Some(read)) => {
            (repo.head_dirs_from_disk(&paths.upstream.join(&layer.scope), names, (read, &prefix))?, None)
        }
        (None, None) => (repo.head_dirs(&paths.upstream.join(&layer.scope), names)?, None),
    };
    Ok(Base { from, bases, read, upstream_changes })
}

/// The upstream directory as it is on disk, to take the committed base
/// from where it is unchanged; `None` when it cannot be read as a tree of
/// files (missing, a link or other non-file inside): the base then comes
/// from git alone, and the errors, if any, from the steps that need it.
fn read_upstream(upstream: &Path) -> Option<Tree> {
    upstream.is_dir().then(|| Tree::read_dir(upstream).ok()).flatten()
}

/// Where the packages' directories are inside the upstream directory:
/// `@scope/`, or nothing for unscoped packages.
fn scope_prefix(layer: &Layer) -> String {
    if layer.scope.is_empty() {
        String::new()
    } else {
        format!("{}/", layer.scope)
    }
}

/// The declaration with `layer.baseline` set to `version`; `None` when it
/// already is.
pub(crate) fn plan_baseline(layer: &Layer, version: &str) -> Result<Option<BaselineChange>, MergeError> {
    let file = &layer.declaration;
    let text = crate::tree::read_regular_text(file).map_err(|source| TreeError::Io { path: file.clone(), source })?;
    let next = with_baseline(&text, version).map_err(|source| MergeError::Baseline { path: file.clone(), source })?;
    Ok(next.map(|text| BaselineChange {
        file: file.clone(),
        from: layer.baseline.clone(),
        to: version.to_string(),
        text,
    }))
}

/// What differs from HEAD in the three directories and the declaration as
/// the merge starts (`forks`: the fork layer as read from disk), with the
/// files to keep for `merge --abort` added to `files`, and the commit HEAD
/// names.
fn before_merge(layer: &Layer, forks: &Tree, files: &mut Tree) -> Result<(BeforeMerge, String), MergeError> {
    let paths = &layer.paths;
    let repo = Repo::discover(&layer.root)?;
    // Pinned, so that what is compared here and the commit recorded are one.
    let head = repo.head_id()?;
    let repo = repo.at_commit(&head)?;
    let mut before = BeforeMerge::default();
    for (role, dir) in [("upstream", &paths.upstream), ("forks", &paths.forks), ("patches", &paths.patches)] {
        let disk = match role {
            "forks" => forks.clone(),
            _ if dir.is_dir() => Tree::read_dir(dir)?,
            _ => Tree::new(),
        };
        let committed = repo.head_dir(dir)?.unwrap_or_default();
        before.add_dir(role, &disk, &committed, files)?;
    }
    let declaration = &layer.declaration;
    let now =
        crate::tree::read_regular(declaration).map_err(|source| TreeError::Io { path: declaration.clone(), source })?;
    if repo.head_file(declaration)?.as_deref() != Some(now.as_slice()) {
        files.insert(DECLARATION_ROLE, FileEntry::new(now))?;
        before.changed.push(DECLARATION_ROLE.to_string());
    }
    Ok((before, head))
}

/// Opens the repository after checking that the three directories may be
/// replaced wholesale (none is the repository itself or a file, e.g. a
/// mistyped `--forks .`). It does not refuse uncommitted changes: its one
/// caller, `merge --abort`, finds the merge's own there (a merge checks
/// for them itself, in [`read_inputs`]).
pub(crate) fn open_repository(layer: &Layer) -> Result<Repo, MergeError> {
    check_managed_dirs(layer)?;
    Ok(Repo::discover(&layer.root)?)
}

/// Refuses any of the three directories that may not be replaced
/// wholesale (a file, the repository itself).
fn check_managed_dirs(layer: &Layer) -> Result<(), MergeError> {
    let paths = &layer.paths;
    for dir in [&paths.upstream, &paths.forks, &paths.patches] {
        check_managed_dir(layer, dir)?;
    }
    Ok(())
}

/// [`MergeError::Dirty`] naming `paths` (sorted, each once), if any.
fn refuse_dirty_paths(mut paths: Vec<String>) -> Result<(), MergeError> {
    paths.sort();
    // Nested directories (a fork layer inside `upstream/`) are reported once.
    paths.dedup();
    if paths.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Dirty { paths })
    }
}

/// Where the three versions of each package come from.
struct Sides<'a> {
    /// The committed snapshot of each package, in `names` order.
    bases: Vec<Option<Tree>>,
    /// The whole fork layer as it is on disk.
    forks: &'a Tree,
    /// The new upstream directory, in memory.
    upstream: &'a Tree,
}

/// Merges every forked and carried package (on as many threads as there
/// are cores, the biggest first; results and errors come in package order,
/// as if one after the other); the rest of the fork layer (own packages,
/// other files) is carried over untouched.
///
/// A forked package that merged cleanly has its manifest made and proved
/// in the same job (see [`LayerMerge::plan_patches`]), so that one big
/// package's merge and manifest run beside the other packages' work
/// rather than in two rounds that each wait for it.
fn merge_packages(
    layer: &Layer,
    names: &[&str],
    sides: Sides<'_>,
    labels: &Labels<'_>,
    version: &str,
    dirty_check: Option<DirtyCheck>,
) -> (Result<LayerMerge, MergeError>, Option<Result<(), MergeError>>) {
    let Sides { bases, forks, upstream } = sides;
    let mut ours = forks.clone();
    let jobs: Vec<PackageJob<'_>> = names
        .iter()
        .zip(bases)
        .map(|(name, base)| {
            let full = layer.full_name(name);
            let fork = take_package(&mut ours, &full);
            PackageJob { name, full, base, fork }
        })
        .collect();
    let context = MergeContext { layer, upstream, labels, version, conflict_seen: AtomicBool::new(false) };
    let jobs = jobs.into_iter().map(Job::Package).chain(dirty_check.map(Job::DirtyCheck)).collect();
    let mut dirty = None;
    let mut packages = Vec::new();
    for done in map_owned_heaviest_first(jobs, Job::weight, |job| match job {
        Job::Package(job) => Done::Package(merge_one(&context, job)),
        Job::DirtyCheck(check) => Done::DirtyCheck(check.run(layer)),
    }) {
        match done {
            Done::Package(package) => packages.push(package),
            Done::DirtyCheck(clean) => dirty = Some(clean),
        }
    }
    (collect_merged(layer, ours, packages), dirty)
}

/// The layer merge from each package's result (in package order) and the
/// rest of the fork layer.
fn collect_merged(
    layer: &Layer,
    mut ours: Tree,
    packages: Vec<Result<PackageDone<'_>, MergeError>>,
) -> Result<LayerMerge, MergeError> {
    let mut merged = LayerMerge::default();
    for package in packages {
        let PackageDone { name, full, kept, package, inputs, recalled, planned } = package?;
        // Ignored files are no part of the merge; any the fork layer holds
        // stay as they are.
        ours.graft(&full, kept)?;
        merged.add(layer, name, package, &inputs, &recalled, planned)?;
    }
    merged.forks.append(ours)?;
    Ok(merged)
}

/// A job of [`merge_packages`]: a package, or the dirty check that waited
/// for the merge.
enum Job<'n> {
    Package(PackageJob<'n>),
    DirtyCheck(DirtyCheck),
}

impl Job<'_> {
    /// Packages by their size; the dirty check goes first, so that it runs
    /// while the biggest package merges on another core.
    fn weight(&self) -> u64 {
        match self {
            Job::Package(job) => job.weight(),
            Job::DirtyCheck(_) => u64::MAX,
        }
    }
}

/// What a [`Job`] gives.
enum Done<'n> {
    Package(Result<PackageDone<'n>, MergeError>),
    DirtyCheck(Result<(), MergeError>),
}

/// What every package's merge job reads.
struct MergeContext<'a> {
    layer: &'a Layer,
    upstream: &'a Tree,
    labels: &'a Labels<'a>,
    /// The new upstream version, named in the manifests.
    version: &'a str,
    /// Set once any package has a conflict: the manifests are then not
    /// written by this merge, and the jobs still to run skip making them.
    conflict_seen: AtomicBool,
}

/// One package to merge: its committed base and its fork files.
struct PackageJob<'n> {
    name: &'n str,
    full: String,
    base: Option<Tree>,
    fork: Option<Tree>,
}

impl PackageJob<'_> {
    /// How much work the job is, roughly: the bytes of its fork files.
    fn weight(&self) -> u64 {
        self.fork.as_ref().map_or(0, Tree::total_bytes)
    }
}

/// One package merged.
struct PackageDone<'n> {
    name: &'n str,
    full: String,
    /// The fork's ignored files, kept as they are.
    kept: Tree,
    package: PackageMerge,
    inputs: BTreeMap<String, ConflictInputs>,
    recalled: BTreeMap<String, String>,
    /// The package's generated `patches/` files, when it is forked.
    planned: Option<Planned>,
}

fn merge_one<'n>(context: &MergeContext<'_>, job: PackageJob<'n>) -> Result<PackageDone<'n>, MergeError> {
    let MergeContext { layer, upstream, labels, version, conflict_seen } = context;
    let PackageJob { name, full, base, fork } = job;
    let ignore = layer.ignore_of(name);
    let base = ignore.filter(base.ok_or_else(|| MergeError::NoBase { what: full.clone() })?);
    let theirs = ignore.filter(upstream.subtree(&full));
    let fork = fork.ok_or_else(|| MergeError::MissingFork {
        package: full.clone(),
        path: layer.package_dir(&layer.paths.forks, name),
    })?;
    let (fork, kept) = split_ignored(fork, ignore);
    if layer.carried.iter().any(|c| c == name) {
        check_carried(&full, &base, &fork)?;
    }
    let mut package = merge_package(&base, &fork, &theirs, labels)
        .map_err(|source| MergeError::Package { package: full.clone(), source })?;
    let inputs = conflict_inputs(&package, [&base, &fork, &theirs]);
    let mut recalled = BTreeMap::new();
    for (path, ConflictInputs { hashes, .. }) in &inputs {
        let [b, o, t] = hashes;
        if let Some((record, resolution)) = recall(&layer.paths.patches, [b.as_str(), o, t])? {
            // A result `--continue` would refuse is no resolution.
            let markers = [
                format!("<<<<<<< {}", labels.ours),
                format!("||||||| {}", labels.base),
                format!(">>>>>>> {}", labels.theirs),
            ];
            let left = resolution.entry().and_then(|e| labelled_marker_lines(&e.bytes, &markers).into_iter().next());
            if let Some((line, marker)) = left {
                return Err(MemoryError::Damaged {
                    path: layer.paths.patches.join(&record),
                    message: format!("its result still holds the conflict marker `{marker}` (line {line})"),
                }
                .into());
            }
            package
                .resolve(path, resolution.entry())
                .map_err(|source| MergeError::Package { package: full.clone(), source })?;
            recalled.insert(path.clone(), record);
        }
    }
    if package.conflicts() > 0 {
        conflict_seen.store(true, Ordering::Relaxed);
    }
    let forked = layer.forked.iter().any(|f| f == name);
    let planned = forked.then(|| {
        if conflict_seen.load(Ordering::Relaxed) {
            let fork = package.tree().clone();
            Planned::Skipped(ForkedPackage { name: name.to_string(), full: full.clone(), theirs: theirs.clone(), fork })
        } else {
            Planned::Made(plan_package(name, &full, &theirs, package.tree(), version))
        }
    });
    Ok(PackageDone { name, full, kept, package, inputs, recalled, planned })
}

/// Everything a merge writes.
struct Written<'a> {
    /// The new upstream directory.
    upstream: &'a Tree,
    /// The upstream directory as this merge read it, if it could.
    upstream_read: Option<&'a Tree>,
    /// The fork layer as this merge read it.
    forks_read: &'a Tree,
    merged: &'a LayerMerge,
    /// The new manifests (clean merges only).
    planned: Option<&'a PlannedPatches>,
    baseline: Option<&'a BaselineChange>,
    /// The pins of the baseline to move (clean merges only).
    pins: &'a [PinChange],
    /// The merge state to leave for `--continue` (merges with conflicts).
    state: Option<&'a MergeState>,
    /// The files of [`MergeState::before`], kept beside the state.
    before: &'a Tree,
}

/// Writes the new upstream, the new fork layer and, on a clean merge, the
/// new `patches/` and declaration, all or nothing: only files that change
/// are written, in place, after a journal recorded how to undo them
/// ([`crate::journal`]). Once it starts it runs to the end (or rolls back):
/// Ctrl-C is only looked at between steps.
fn write_result(layer: &Layer, written: &Written<'_>) -> Result<(), MergeError> {
    let paths = &layer.paths;
    let Written { upstream, upstream_read, forks_read, merged, planned, baseline, pins, state, before } = *written;
    // With conflicts the manifests stay as they are until the conflicts are
    // resolved and `gen-patches` is run.
    let patches = planned.map(|planned| next_patches(&paths.patches, planned)).transpose()?;
    let mut update = Update::new(&layer.root);
    match upstream_read {
        Some(read) => update.replace_read_dir(&paths.upstream, upstream, read),
        None => update.replace_dir(&paths.upstream, upstream),
    }
    // The fork layer was read moments ago: the files the merge keeps need
    // no second read.
    update.replace_read_dir(&paths.forks, &merged.forks, forks_read);
    if let Some(patches) = &patches {
        update.replace_dir(&paths.patches, patches);
    }
    if let Some(change) = baseline {
        update.replace_file(&change.file, change.text.as_bytes());
    }
    for pin in pins {
        update.replace_file(&pin.file, pin.text.as_bytes());
    }
    let mut state_tree = state.map(MergeState::to_tree).transpose()?;
    if let Some(tree) = &mut state_tree {
        for (path, entry) in before.iter() {
            tree.insert(format!("{BEFORE_DIR}/{path}"), entry.clone())?;
        }
    }
    if let Some(tree) = &state_tree {
        update.replace_dir(&state_dir(&layer.root), tree);
    }
    update.apply()?;
    Ok(())
}

fn check_cancel(options: &MergeOptions<'_>) -> Result<(), MergeError> {
    match options.cancel {
        Some(flag) if flag.load(Ordering::SeqCst) => Err(MergeError::Interrupted),
        _ => Ok(()),
    }
}

/// Fetches and verifies the new upstream exactly as `snapshot` does, in
/// memory: the merge reads its packages from there and stages it as is.
fn fetch_upstream(layer: &Layer, options: &MergeOptions<'_>) -> Result<FetchedSnapshot, MergeError> {
    check_cancel(options)?;
    let fetched = fetch_snapshot(layer, &options.version, &options.source).map_err(MergeError::Snapshot)?;
    check_cancel(options)?;
    Ok(fetched)
}

/// The version of the snapshot committed at HEAD.
fn committed_version(repo: &Repo, upstream: &Path) -> Result<String, MergeError> {
    let path = upstream.join(VERSION_FILE);
    let no_base = || MergeError::NoBase { what: repo.relative(&path).unwrap_or_else(|_| path.display().to_string()) };
    let bytes = repo.head_file(&path)?.ok_or_else(no_base)?;
    let version = String::from_utf8_lossy(&bytes).trim().to_string();
    if version.is_empty() {
        return Err(no_base());
    }
    Ok(version)
}

fn read_forks(forks: &Path) -> Result<Tree, MergeError> {
    if forks.is_dir() {
        Ok(Tree::read_dir(forks)?)
    } else {
        Ok(Tree::new())
    }
}

/// Removes the files of package `full` (`<scope>/<name>/…`) from `tree` and
/// returns them relative to the package; `None` when there are none.
fn take_package(tree: &mut Tree, full: &str) -> Option<Tree> {
    let package = tree.take_subtree(full);
    (!package.is_empty()).then_some(package)
}

/// `package` split into the files `ignore` keeps in the merge and those it
/// leaves out.
fn split_ignored(package: Tree, ignore: &crate::ignore::Ignore) -> (Tree, Tree) {
    let mut package = package;
    let mut left_out = Tree::new();
    if ignore.is_empty() {
        return (package, left_out);
    }
    let ignored: Vec<String> = package.paths().filter(|p| ignore.is_ignored(p)).map(str::to_string).collect();
    for path in ignored {
        if let Some(entry) = package.remove(&path) {
            // The path was valid in `package`.
            let _ = left_out.insert(path, entry);
        }
    }
    (package, left_out)
}

pub(crate) fn check_carried(full: &str, base: &Tree, fork: &Tree) -> Result<(), MergeError> {
    let differences = compare_trees(base, fork).len();
    if differences > 0 {
        return Err(MergeError::CarriedModified { package: full.to_string(), files: differences });
    }
    Ok(())
}

/// The hashes of base, fork and new upstream of every conflicted file.
fn conflict_inputs(package: &PackageMerge, sides: [&Tree; 3]) -> BTreeMap<String, ConflictInputs> {
    package
        .files()
        .iter()
        .filter(|(_, merge)| merge.outcome() == Outcome::Conflict)
        .map(|(path, _)| {
            let hashes = sides.map(|side| entry_hash(side.get(path)));
            let [base, ours, theirs] = sides.map(|side| side.get(path).map_or(0, |e| separator_lines(&e.bytes)));
            // As many as a resolution taking both sides' lines can hold.
            let separators = ours.max(theirs).max((ours + theirs).saturating_sub(base));
            (path.clone(), ConflictInputs { hashes, separators })
        })
        .collect()
}

/// What identifies a conflict and what its resolution may hold.
struct ConflictInputs {
    /// The hashes of old upstream, fork and new upstream.
    hashes: [String; 3],
    /// `=======` lines a resolution may hold (see [`FileReport::separators`]).
    separators: usize,
}

/// The marker labels: the fork and both upstream versions.
struct LabelTexts {
    ours: String,
    base: String,
    theirs: String,
}

impl LabelTexts {
    fn new(from: &str, to: &str) -> LabelTexts {
        LabelTexts { ours: format!("fork@{from}"), base: format!("upstream@{from}"), theirs: format!("upstream@{to}") }
    }

    fn labels(&self) -> Labels<'_> {
        Labels { ours: &self.ours, base: &self.base, theirs: &self.theirs }
    }
}

/// The merged layer, built package by package.
#[derive(Default)]
struct LayerMerge {
    /// The new fork layer, paths `<scope>/<pkg>/<file>`.
    forks: Tree,
    /// Changed files, sorted by package and path.
    report: Vec<FileReport>,
    unchanged: usize,
    /// The generated `patches/` files of each forked package, in package
    /// order.
    planned: Vec<Planned>,
}

/// A forked package's generated `patches/` files, as its merge job left
/// them.
enum Planned {
    /// Made and proved.
    Made(Result<PackageManifest, MergeError>),
    /// Not made: a conflict had been seen by then, and a merge with
    /// conflicts writes no manifests. Kept so that they can still be made.
    Skipped(ForkedPackage),
}

/// A forked package after the merge.
pub(crate) struct ForkedPackage {
    /// Name without scope.
    pub(crate) name: String,
    /// `@scope/name`.
    pub(crate) full: String,
    /// The new upstream package.
    pub(crate) theirs: Tree,
    /// The merged fork package.
    pub(crate) fork: Tree,
}

impl LayerMerge {
    fn add(
        &mut self,
        layer: &Layer,
        name: &str,
        package: PackageMerge,
        inputs: &BTreeMap<String, ConflictInputs>,
        recalled: &BTreeMap<String, String>,
        planned: Option<Planned>,
    ) -> Result<(), MergeError> {
        let full = layer.full_name(name);
        for (path, merge) in package.files() {
            if merge.outcome() == Outcome::Unchanged {
                self.unchanged += 1;
                continue;
            }
            self.report.push(FileReport {
                package: full.clone(),
                path: path.clone(),
                outcome: merge.outcome(),
                conflict: merge.conflict(),
                copies: merge.sides().iter().map(|(side, _)| side_file_path(path, *side)).collect(),
                inputs: inputs.get(path).map(|i| i.hashes.clone()),
                separators: inputs.get(path).map_or(0, |i| i.separators),
                resolution: recalled.get(path).cloned(),
            });
        }
        self.planned.extend(planned);
        self.forks.graft(&full, package.into_tree())?;
        Ok(())
    }

    fn conflicts(&self) -> bool {
        self.report.iter().any(|f| f.outcome == Outcome::Conflict)
    }

    /// What `merge --continue` needs to know about this merge.
    fn state(&self, from: &str, to: &str, upstream: String, written: WrittenFiles) -> MergeState {
        let conflicts = self
            .report
            .iter()
            .filter(|f| f.outcome == Outcome::Conflict)
            .map(|f| {
                let [base, ours, theirs] = f.inputs.clone().unwrap_or_default();
                ConflictRecord {
                    package: f.package.clone(),
                    path: f.path.clone(),
                    kind: f.conflict.map(|k| k.as_str().to_string()).unwrap_or_default(),
                    copies: f.copies.clone(),
                    base,
                    ours,
                    theirs,
                    separators: f.separators,
                }
            })
            .collect();
        MergeState {
            schema: STATE_SCHEMA.into(),
            from: from.into(),
            to: to.into(),
            conflicts,
            upstream: Some(upstream),
            written: Some(written),
            before: None,
            head: None,
        }
    }

    /// The generated files of `patches/` for the merged layer (made by the
    /// packages' merge jobs, or now for any that skipped them), as `gen-patches`
    /// writes them (`<pkg>.json` + `<pkg>.diff` per forked package that
    /// differs from upstream), each proved to rebuild its package byte for
    /// byte before anything is written. Errors come in package order.
    fn plan_patches(&mut self, version: &str) -> Result<PlannedPatches, MergeError> {
        let mut planned = PlannedPatches::default();
        for package in std::mem::take(&mut self.planned) {
            planned.add(match package {
                Planned::Made(files) => files?,
                Planned::Skipped(ForkedPackage { name, full, theirs, fork }) => {
                    plan_package(&name, &full, &theirs, &fork, version)?
                }
            });
        }
        Ok(planned)
    }
}

/// The generated `patches/` files of one forked package, `<pkg>.json` and
/// `<pkg>.diff`; `None` when the fork equals upstream.
pub(crate) type PackageManifest = Option<[(String, Vec<u8>); 2]>;

/// The generated files of `patches/` for `forked` on upstream `version`,
/// each manifest proved to rebuild its package byte for byte.
pub(crate) fn plan_forked(forked: &[ForkedPackage], version: &str) -> Result<PlannedPatches, MergeError> {
    let per_package = map_ordered(forked, |ForkedPackage { name, full, theirs, fork }| {
        plan_package(name, full, theirs, fork, version)
    });
    let mut planned = PlannedPatches::default();
    for files in per_package {
        planned.add(files?);
    }
    Ok(planned)
}

/// The generated `patches/` files of one forked package (`name` without
/// scope, `full` with it): its manifest against `theirs`, proved to
/// rebuild `fork` byte for byte, and its review diff.
fn plan_package(
    name: &str,
    full: &str,
    theirs: &Tree,
    fork: &Tree,
    version: &str,
) -> Result<PackageManifest, MergeError> {
    let generated = generate_manifest_and_diff(full, version, theirs, fork);
    verify_rebuild(full, theirs, generated.as_ref().map(|(m, _)| m), fork)?;
    Ok(generated.map(|(m, diff)| {
        [(format!("{name}.json"), m.to_canonical_json()), (format!("{name}.diff"), diff.into_bytes())]
    }))
}

/// File name → bytes of the generated files of `patches/`.
#[derive(Default)]
pub(crate) struct PlannedPatches {
    files: BTreeMap<String, Vec<u8>>,
}

impl PlannedPatches {
    /// Adds one forked package's generated files (none when it equals
    /// upstream).
    fn add(&mut self, files: PackageManifest) {
        self.files.extend(files.into_iter().flatten());
    }

    /// Forked packages that have a manifest.
    pub(crate) fn manifests(&self) -> Vec<String> {
        self.files.keys().filter_map(|f| f.strip_suffix(".json")).map(str::to_string).collect()
    }
}

/// The rebuild check: the manifest applied to the new upstream reproduces
/// the merged fork package byte for byte (no manifest: the fork equals
/// upstream). The manifest's base hashes are not checked again: they were
/// just taken from these very bytes (`check` proves them against the lock).
fn verify_rebuild(full: &str, theirs: &Tree, manifest: Option<&Manifest>, fork: &Tree) -> Result<(), MergeError> {
    let rebuilt = match manifest {
        Some(manifest) => {
            apply_manifest(full, theirs, manifest, ApplyOptions { verify_base: false }).map_err(|drift| {
                MergeError::RebuildCheck {
                    package: full.to_string(),
                    differences: drift.files.keys().cloned().collect(),
                }
            })?
        }
        None => theirs.clone(),
    };
    let differences: Vec<Difference> = compare_trees(&rebuilt, fork);
    if !differences.is_empty() {
        return Err(MergeError::RebuildCheck {
            package: full.to_string(),
            differences: differences.iter().map(ToString::to_string).collect(),
        });
    }
    Ok(())
}

/// The new `patches/`: files forklayer does not generate are kept,
/// generated ones replaced by `planned`. Unlike `gen-patches` it never
/// refreshes own packages: a merge leaves them alone.
pub(crate) fn next_patches(patches: &Path, planned: &PlannedPatches) -> Result<Tree, MergeError> {
    let mut next = if patches.is_dir() {
        Tree::read_dir_filtered(patches, |rel, is_dir| is_dir || !is_generated_patch_file(rel))?
    } else {
        Tree::new()
    };
    for (file, bytes) in &planned.files {
        next.insert(file.clone(), FileEntry::new(bytes.clone()))?;
    }
    Ok(next)
}
