//! Finishing or undoing a merge that stopped with conflicts:
//! `merge --continue` and `merge --abort`.
//!
//! `--continue` refuses while a conflict marker or a conflict copy of the
//! merge is left in the fork layer. Otherwise it regenerates the manifests
//! of the new upstream from the resolved fork layer, proves that each one
//! rebuilds its package byte for byte, records every resolution in the
//! conflict memory ([`crate::merge::memory`]), and writes the manifests,
//! the records, `layer.baseline` and the declared pins
//! ([`crate::merge::pins`]) while removing the merge state, as one
//! journaled update. Then it runs the round trip of `check` on the result.
//!
//! `--abort` puts `upstream/`, the fork layer, `patches/` and the
//! declaration back as they were before the merge (as committed at HEAD,
//! plus the uncommitted changes a merge with `--allow-dirty` ran over,
//! which the merge kept beside its state) and removes the merge state,
//! also as one journaled update. Untracked files the merge did not write
//! (the state records what it wrote) stay, as `git merge --abort` keeps
//! them; edits made since the merge that it discards are reported.
//!
//! Both hold Ctrl-C like `merge`: it stops them until their update starts.

mod abort;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::check::{check, CheckError, CheckReport};
use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::genpatches::is_generated_patch_file;
use crate::journal::Update;
use crate::layer::{Layer, LayerError};
use crate::lock::{Lock, VERSION_FILE};
use crate::merge::git::Repo;
use crate::merge::layer::{
    check_cancel, check_carried, manifests, next_patches, plan_declaration, plan_forked, replace_moved,
    DeclarationChange, ForkedPackage, MergeError, PackageMove,
};
use crate::merge::memory::{conflict_key, remember, Resolution};
use crate::merge::pins::{plan_pins, PinChange};
use crate::merge::progress::{state_dir, tree_digest, MergeState, Unresolved};
use crate::tree::{read_regular_text, Tree, TreeError};

pub use self::abort::{abort_merge, Aborted, Discarded};

/// Errors of `merge --continue` and `merge --abort`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GuidedError {
    /// There is no merge in progress.
    #[error("no merge is in progress (no `{}`)", crate::merge::progress::STATE_DIR)]
    NoMerge,
    /// Conflict markers or copies are left.
    #[error("{} conflict marker(s) or copies of the merge onto `{to}` are left:{}", .items.len(), describe(.items))]
    Unresolved {
        /// The version merged to.
        to: String,
        /// What is left, with path and line.
        items: Vec<Unresolved>,
    },
    /// `upstream/` is no longer the version the merge vendored.
    #[error("`upstream/{VERSION_FILE}` says `{found}`, but the merge in progress is onto `{to}`")]
    UpstreamMoved {
        /// The version in `upstream/`.
        found: String,
        /// The version merged to.
        to: String,
    },
    /// `upstream/` is no longer the snapshot the merge wrote.
    #[error("`upstream/` is no longer the snapshot the merge onto `{to}` vendored: {}", if .changes.is_empty() { "edited since (its lock file too)".to_string() } else { list(.changes) })]
    UpstreamEdited {
        /// The version merged to.
        to: String,
        /// What differs from the lock file, when it says.
        changes: Vec<String>,
    },
    /// A file `--abort` would keep sits where a committed file goes back.
    #[error("`{}` was created during the merge where the committed `{}` goes back", .kept.display(), .committed.display())]
    KeptClash {
        /// The file created during the merge.
        kept: PathBuf,
        /// The committed file in its way.
        committed: PathBuf,
    },
    /// The declaration to abort with does not load.
    #[error(transparent)]
    Declaration(#[from] LayerError),
    /// A merge step failed.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// The round trip after writing failed to run.
    #[error(transparent)]
    Check(#[from] CheckError),
}

fn list(items: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut text: Vec<String> = items.iter().take(SHOWN).cloned().collect();
    if items.len() > SHOWN {
        text.push(format!("and {} more", items.len() - SHOWN));
    }
    text.join("; ")
}

/// Every item on a line of its own: `--continue` promises to name each
/// marker and copy left, so none is cut off (the person resolving them
/// needs the whole list, as `status` gives it).
fn describe(items: &[Unresolved]) -> String {
    items
        .iter()
        .map(|u| match u.line {
            Some(line) => format!("\n`{}:{line}` ({})", u.path, u.what),
            None => format!("\n`{}` ({})", u.path, u.what),
        })
        .collect()
}

impl Diagnostic for GuidedError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::Usage;
        match self {
            GuidedError::NoMerge => Own(Usage, "no_merge"),
            GuidedError::Unresolved { .. } => Own(Usage, "unresolved"),
            GuidedError::UpstreamMoved { .. } | GuidedError::UpstreamEdited { .. } => Own(Usage, "upstream_moved"),
            GuidedError::KeptClash { .. } => Own(Usage, "kept_clash"),
            GuidedError::Declaration(e) => Wraps(e),
            GuidedError::Merge(e) => Wraps(e),
            // Not `Wraps`: the check's details are left out.
            GuidedError::Check(e) => Own(e.exit_status(), e.code()),
        }
    }

    fn own_help(&self) -> Option<String> {
        match self {
            GuidedError::NoMerge => Some("start one with `forklayer merge <version>`".into()),
            GuidedError::Unresolved { .. } => Some(
                "edit each file to its resolved content (no marker lines left) and keep one of each \
                 <file>.ours/<file>.theirs pair by moving it over <file> (or deleting both), then run \
                 `forklayer merge --continue` again; `forklayer merge --abort` undoes the merge"
                    .into(),
            ),
            GuidedError::UpstreamMoved { to, .. } | GuidedError::UpstreamEdited { to, .. } => {
                // A merge of the family alone is `snapshot <version>`; one that
                // moves packages on their own is what `snapshot` without a
                // version vendors during a merge.
                let snapshot = match to.contains('@') {
                    false => format!("`forklayer snapshot {to}`"),
                    true => format!("`forklayer snapshot`, which during a merge vendors its versions, `{to}`"),
                };
                Some(format!(
                    "nothing was changed; the manifests are built on `upstream/`: vendor it again as the merge did \
                     ({snapshot}, with the same `--from` if the merge had one), or undo the merge with `forklayer \
                     merge --abort`"
                ))
            }
            GuidedError::KeptClash { .. } => Some(
                "nothing was changed; move that file (or directory) somewhere else, then run `forklayer merge \
                 --abort` again"
                    .into(),
            ),
            GuidedError::Check(e) => e.help(),
            GuidedError::Declaration(_) | GuidedError::Merge(_) => None,
        }
    }

    fn own_details(&self) -> Option<serde_json::Value> {
        match self {
            GuidedError::Unresolved { items, .. } => Some(serde_json::Value::from(
                items
                    .iter()
                    .map(|u| serde_json::json!({ "path": u.path, "line": u.line, "what": u.what }))
                    .collect::<Vec<_>>(),
            )),
            _ => None,
        }
    }
}

/// What `merge --continue` did.
#[derive(Debug)]
pub struct Continued {
    /// The version merged from.
    pub from: String,
    /// The version merged to.
    pub to: String,
    /// Forked packages with a manifest.
    pub manifests: Vec<String>,
    /// The declaration moved to the merged versions.
    pub declaration: Option<DeclarationChange>,
    /// The pins moved.
    pub pins: Vec<PinChange>,
    /// Records of the conflict memory written (relative to `patches/`).
    pub recorded: Vec<String>,
    /// Conflicts not recorded (`<package>/<path>`): the same three inputs
    /// were resolved differently at these paths, so no record could say
    /// which resolution a later merge should take.
    pub unrecorded: Vec<String>,
    /// Committed manifests removed: their packages no longer differ from
    /// upstream (relative to `patches/`).
    pub removed: Vec<String>,
    /// Files of `patches/` named like manifests that git does not track
    /// and the layer does not generate: kept (relative to `patches/`).
    pub kept: Vec<String>,
    /// The round trip of `check` on the result.
    pub check: CheckReport,
}

/// `merge --continue`. Ctrl-C (`cancel`) is looked at until the update
/// starts; once it does, it runs to the end.
pub fn continue_merge(layer: &Layer, cancel: Option<&AtomicBool>) -> Result<Continued, GuidedError> {
    let state = MergeState::read(&layer.root).map_err(MergeError::from)?.ok_or(GuidedError::NoMerge)?;
    let forks = Tree::read_dir_or_empty(&layer.paths.forks).map_err(MergeError::from)?;
    let left = crate::merge::progress::unresolved(&state, &forks);
    if !left.is_empty() {
        return Err(GuidedError::Unresolved { to: state.to, items: left });
    }
    let (patches, mut continued) = plan_continue(layer, &state, &forks)?;
    check_cancel(cancel)?;
    let mut update = Update::new(&layer.root);
    update.replace_dir(&layer.paths.patches, &patches);
    replace_moved(&mut update, continued.declaration.as_ref(), &continued.pins);
    end_merge(update, &layer.root)?;
    let moved = layer.with_versions(state.family_version(), &state.packages);
    continued.check = check(&moved)?;
    Ok(continued)
}

/// Applies `update` with the merge state removed as its last change: how
/// `--continue` and `--abort` end. Returns the number of changes.
fn end_merge(mut update: Update<'_>, root: &Path) -> Result<usize, MergeError> {
    static EMPTY: Tree = Tree::new();
    let state = state_dir(root);
    update.replace_dir(&state, &EMPTY);
    let changes = update.apply()?;
    // The update empties the directory but keeps it.
    let _ = std::fs::remove_dir(&state);
    Ok(changes)
}

/// Why `merge --continue` would refuse now (`None`: it would go ahead),
/// as `status` reports it. `forks` is the fork layer on disk; `unresolved`
/// what [`crate::merge::progress::unresolved`] found in it.
pub fn continue_blocker(layer: &Layer, state: &MergeState, forks: &Tree, unresolved: bool) -> Option<GuidedError> {
    // An edited `upstream/` is worth knowing while conflicts are left too.
    if unresolved {
        return vendored_upstream(layer, state).err();
    }
    plan_continue(layer, state, forks).err()
}

/// `upstream/` as the merge in progress vendored it, and its lock file if
/// it reads; an error when its versions or (when the state records it) its
/// bytes are no longer that.
fn vendored_upstream(layer: &Layer, state: &MergeState) -> Result<(Tree, Option<Lock>), GuidedError> {
    let paths = &layer.paths;
    if let Some(family) = state.family_version() {
        let path = paths.upstream.join(VERSION_FILE);
        let text = read_regular_text(&path).map_err(|source| MergeError::from(TreeError::Io { path, source }))?;
        let found = text.trim().to_string();
        if found != family {
            return Err(GuidedError::UpstreamMoved { found, to: state.to.clone() });
        }
    }
    let lock = Lock::read(&paths.upstream).ok();
    let unreadable =
        || GuidedError::UpstreamEdited { changes: vec!["its lock file is unreadable".into()], to: state.to.clone() };
    if !state.packages.is_empty() {
        let lock = lock.as_ref().ok_or_else(unreadable)?;
        for (name, version) in &state.packages {
            let found = lock.version_of(&layer.full_name(name)).unwrap_or_default();
            if found != version {
                let found = format!("{name}@{found}");
                return Err(GuidedError::UpstreamMoved { found, to: state.to.clone() });
            }
        }
    }
    let upstream = Tree::read_dir(&paths.upstream).map_err(MergeError::from)?;
    if state.upstream.as_ref().is_some_and(|digest| *digest != tree_digest(&upstream)) {
        // What of `upstream/` its lock file disagrees with.
        let lock = lock.as_ref().ok_or_else(unreadable)?;
        let full_names = layer.upstream_packages().into_iter().map(|name| layer.full_name(name));
        let changes = full_names.flat_map(|full| lock.verify_tree(&full, &upstream.subtree(&full))).collect();
        return Err(GuidedError::UpstreamEdited { changes, to: state.to.clone() });
    }
    Ok((upstream, lock))
}

/// The new `patches/`, with the manifests of the resolved fork layer (each
/// proved to rebuild) and the records of the conflict memory, and what
/// `merge --continue` reports, the round trip of `check` still to run;
/// the manifests are built on [`vendored_upstream`].
fn plan_continue(layer: &Layer, state: &MergeState, forks: &Tree) -> Result<(Tree, Continued), GuidedError> {
    let (upstream, lock) = vendored_upstream(layer, state)?;
    let paths = &layer.paths;
    let mut forked = Vec::new();
    for name in layer.upstream_packages() {
        let full = layer.full_name(name);
        // As `gen-patches` and the merge read them: without ignored files.
        let ignore = layer.ignore_of(name);
        let theirs = ignore.filter(upstream.subtree(&full));
        let fork = ignore.filter(forks.subtree(&full));
        if fork.is_empty() {
            return Err(MergeError::MissingFork { package: full, path: layer.package_dir(&paths.forks, name) }.into());
        }
        if layer.carried.iter().any(|c| c == name) {
            check_carried(&full, &theirs, &fork)?;
        } else {
            let version = lock.as_ref().and_then(|lock| lock.version_of(&full)).map(str::to_string);
            let version = version.or_else(|| state.family_version().map(str::to_string)).unwrap_or_default();
            forked.push(ForkedPackage { name: name.to_string(), full, version, theirs, fork });
        }
    }
    let planned = plan_forked(&forked)?;
    let moves: Vec<PackageMove> = state
        .packages
        .iter()
        .map(|(name, to)| PackageMove {
            name: name.clone(),
            npm_name: layer.full_name(name),
            in_family: false,
            from: layer.version_of(name).unwrap_or_default().to_string(),
            to: to.clone(),
        })
        .collect();
    let declaration = plan_declaration(layer, state.family_version(), &moves)?;
    let pins = plan_pins(layer, state.family_from().zip(state.family_version())).map_err(MergeError::from)?;
    let mut patches = next_patches(&paths.patches, &planned, &[])?;
    let (removed, kept) = left_out_patches(layer, &mut patches)?;
    let (recorded, unrecorded) = record_resolutions(&mut patches, state, forks)?;
    let (from, to) = (state.from.clone(), state.to.clone());
    let manifests = manifests(&planned);
    let check = CheckReport::default();
    Ok((patches, Continued { from, to, manifests, declaration, pins, recorded, unrecorded, removed, kept, check }))
}

/// Records each conflict's resolution in the conflict memory of `patches`.
/// Returns the records written and the conflicts left unrecorded (as
/// `<package>/<path>`): a record is keyed by the three inputs alone, so the
/// same conflict met at several paths and resolved differently has no one
/// resolution; recording either would hand it to the other path on a
/// replay, so neither is recorded and a later merge asks again.
fn record_resolutions(
    patches: &mut Tree,
    state: &MergeState,
    forks: &Tree,
) -> Result<(Vec<String>, Vec<String>), GuidedError> {
    let mut by_key: BTreeMap<String, (Resolution, Vec<String>, bool)> = BTreeMap::new();
    for c in &state.conflicts {
        let at = format!("{}/{}", c.package, c.path);
        let record =
            Resolution::new(&c.package, &c.path, &c.kind, [c.base.as_str(), &c.ours, &c.theirs], forks.get(&at));
        let key = conflict_key(&c.base, &c.ours, &c.theirs);
        let (first, paths, agree) = by_key.entry(key).or_insert_with(|| (record.clone(), Vec::new(), true));
        *agree &= first.result == record.result;
        paths.push(at);
    }
    let (mut recorded, mut unrecorded) = (Vec::new(), Vec::new());
    for (record, paths, agree) in by_key.into_values() {
        if agree {
            recorded.push(remember(patches, &record).map_err(MergeError::from)?);
        } else {
            unrecorded.extend(paths);
        }
    }
    recorded.sort();
    unrecorded.sort();
    Ok((recorded, unrecorded))
}

/// The files of `patches/` named like manifests that `next` (the new
/// `patches/`) leaves out: those committed are removed (manifests of
/// packages that no longer differ from upstream, as `gen-patches` removes
/// them); those git does not track were made during the merge by someone
/// else than forklayer and go back into `next` (then `check` lists them).
fn left_out_patches(layer: &Layer, next: &mut Tree) -> Result<(Vec<String>, Vec<String>), GuidedError> {
    let dir = &layer.paths.patches;
    let current = Tree::read_dir_or_empty(dir).map_err(MergeError::from)?;
    let left_out: Vec<(&str, &crate::tree::FileEntry)> =
        current.iter().filter(|(path, _)| is_generated_patch_file(path) && !next.contains(path)).collect();
    let (mut removed, mut kept) = (Vec::new(), Vec::new());
    if left_out.is_empty() {
        return Ok((removed, kept));
    }
    let committed = Repo::discover(&layer.root).and_then(|repo| repo.head_dir(dir)).map_err(MergeError::from)?;
    for (path, entry) in left_out {
        if committed.as_ref().is_some_and(|tree| tree.contains(path)) {
            removed.push(path.to_string());
        } else {
            next.insert(path, entry.clone()).map_err(MergeError::from)?;
            kept.push(path.to_string());
        }
    }
    Ok((removed, kept))
}
