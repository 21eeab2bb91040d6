//! `merge --abort`: puts `upstream/`, the fork layer, `patches/` and the
//! declaration back as they were before the merge, as one journaled update.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::journal::Update;
use crate::layer::{Layer, LayerError, PathOverrides};
use crate::merge::git::Repo;
use crate::merge::guided::{end_merge, GuidedError};
use crate::merge::layer::{check_cancel, check_managed_dirs, MergeError};
use crate::merge::progress::{entry_hash, state_dir, MergeState, BEFORE_DIR, DECLARATION_ROLE};
use crate::tree::Tree;

/// What `merge --abort` did.
#[derive(Debug)]
pub struct Aborted {
    /// The version the aborted merge was onto.
    pub to: String,
    /// Files written, deleted or created to put everything back.
    pub changes: usize,
    /// Files neither committed nor written by the merge (the user's,
    /// created during the merge): left where they are.
    pub kept: Vec<PathBuf>,
    /// Edits made since the merge that the abort discards.
    pub discarded: Vec<Discarded>,
}

/// A file whose content the abort discards that the merge did not write.
#[derive(Debug)]
pub struct Discarded {
    /// The file.
    pub path: PathBuf,
    /// What happened to it, in words.
    pub why: &'static str,
}

/// `merge --abort` of the project declared by `config`. The paths to put
/// back come from the declaration committed at HEAD (the work tree's may
/// have been edited, or broken, during the merge); without a committed
/// one, from the work tree's. Files that are neither committed nor written
/// by the merge stay, as `git merge --abort` keeps untracked files.
/// Ctrl-C (`cancel`) is looked at until the update starts.
pub fn abort_merge(
    config: &Path,
    overrides: &PathOverrides,
    cancel: Option<&AtomicBool>,
) -> Result<Aborted, GuidedError> {
    let root = config.parent().unwrap_or(Path::new("."));
    let state = MergeState::read(root).map_err(MergeError::from)?.ok_or(GuidedError::NoMerge)?;
    // The files kept from before the merge (uncommitted changes it ran over).
    let before = state.before.clone().unwrap_or_default();
    let before_files = if before.changed.is_empty() {
        Tree::new()
    } else {
        Tree::read_dir(&state_dir(root).join(BEFORE_DIR)).map_err(MergeError::from)?
    };
    let recorded = before.changed.iter().any(|p| p == DECLARATION_ROLE);
    let before_declaration = before_files.get(DECLARATION_ROLE).filter(|_| recorded).map(|e| e.bytes.to_vec());
    // The commit the merge started from, not HEAD: the user may have
    // committed the half-merged layer since (`git add -A && git commit`).
    let started = |repo: Repo| match &state.head {
        Some(head) => repo.at_commit(head),
        None => Ok(repo),
    };
    let declaration = match before_declaration {
        Some(bytes) => Some(bytes),
        None => Repo::discover(root).and_then(started).and_then(|r| r.head_file(config)).map_err(MergeError::from)?,
    };
    let layer = match &declaration {
        Some(bytes) => {
            let text = std::str::from_utf8(bytes).map_err(|e| LayerError::Parse {
                path: config.to_path_buf(),
                message: format!("the committed declaration is not UTF-8: {e}"),
            })?;
            Layer::parse(text, config, root, overrides)?
        }
        None => Layer::load(config, overrides)?,
    };
    let layer = &layer;
    let paths = &layer.paths;
    // Uncommitted changes are not refused: the merge's own are there.
    check_managed_dirs(layer)?;
    let repo = Repo::discover(&layer.root).and_then(started).map_err(MergeError::from)?;
    // A merge writes nothing in `patches/` before `--continue`.
    let nothing = BTreeMap::new();
    let written = state.written.as_ref();
    let dirs = [
        ("upstream", &paths.upstream, written.map(|w| Written { files: &w.upstream, complete: true })),
        ("forks", &paths.forks, written.map(|w| Written { files: &w.forks, complete: false })),
        ("patches", &paths.patches, Some(Written { files: &nothing, complete: false })),
    ];
    let mut aborted = Aborted { to: state.to.clone(), changes: 0, kept: Vec::new(), discarded: Vec::new() };
    let mut trees = Vec::new();
    for (role, dir, written) in dirs {
        let committed = repo.head_dir(dir).map_err(MergeError::from)?.unwrap_or_default();
        let (target, restored) = before.restore_dir(role, committed, &before_files).map_err(MergeError::from)?;
        trees.push((dir, put_back(dir, target, &restored, written, &mut aborted)?));
    }
    if let Some(bytes) = &declaration {
        let now = crate::tree::read_regular(&layer.declaration).ok();
        if now.is_some_and(|now| now != *bytes) {
            aborted.discarded.push(Discarded {
                path: layer.declaration.clone(),
                why: "edited since the merge started; put back as it was then",
            });
        }
    }
    check_cancel(cancel)?;
    let mut update = Update::new(&layer.root);
    for (dir, tree) in &trees {
        update.replace_dir(dir, tree);
    }
    if let Some(bytes) = &declaration {
        update.replace_file(&layer.declaration, bytes);
    }
    aborted.changes = end_merge(update, &layer.root)?;
    aborted.kept.sort();
    aborted.discarded.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(aborted)
}

/// What a merge wrote in one directory (see [`crate::merge::progress::WrittenFiles`]).
#[derive(Clone, Copy)]
struct Written<'a> {
    files: &'a BTreeMap<String, String>,
    /// Whether a file not in `files` was left absent by the merge (rather
    /// than as it was).
    complete: bool,
}

/// What directory `dir` holds after the abort: `committed` (as committed,
/// with the uncommitted changes the merge ran over put back: `restored`,
/// paths inside the directory) plus the files on disk that are neither in
/// it nor written by the merge, which it adds to `report.kept` (and the
/// edits it discards to `report.discarded`). Without a record of what the
/// merge wrote (a state of an older forklayer), exactly `committed`.
fn put_back(
    dir: &Path,
    committed: Tree,
    restored: &BTreeSet<String>,
    written: Option<Written<'_>>,
    report: &mut Aborted,
) -> Result<Tree, GuidedError> {
    let Some(written) = written else { return Ok(committed) };
    let current = Tree::read_dir_or_empty(dir).map_err(MergeError::from)?;
    let mut target = committed.clone();
    for (path, entry) in current.iter() {
        let was = committed.get(path);
        if was == Some(entry) {
            continue;
        }
        let now = entry_hash(Some(entry));
        let recorded = written.files.get(path).map(String::as_str);
        let left = match (recorded, was) {
            (Some(hash), _) => hash.to_string(),
            (None, _) if written.complete => entry_hash(None),
            (None, was) => entry_hash(was),
        };
        let why = match was {
            None if left == entry_hash(None) => {
                if let Some(clash) = target.file_and_directory(path) {
                    return Err(GuidedError::KeptClash { kept: dir.join(path), committed: dir.join(clash) });
                }
                target.insert(path, entry.clone()).map_err(MergeError::from)?;
                report.kept.push(dir.join(path));
                continue;
            }
            _ if left == now => continue,
            None => "edited since the merge wrote it; removed, as it is not committed",
            Some(_) if restored.contains(path) => match recorded {
                Some(_) => "edited since the merge wrote it; put back as it was before the merge",
                None => "edited since the merge started; put back as it was before the merge",
            },
            Some(_) if left == entry_hash(None) => "re-created since the merge deleted it; put back as committed",
            Some(_) if recorded.is_some() => "edited since the merge wrote it; put back as committed",
            Some(_) => "changed since the last commit; put back as committed",
        };
        report.discarded.push(Discarded { path: dir.join(path), why });
    }
    Ok(target)
}
