//! `merge`: upgrade the fork layer to new upstream versions: the version
//! family to its new version, packages at their own version each to its
//! own ([`MergeTarget`]).
//!
//! The steps, each finished before the next starts (the reads of steps
//! 1–3 run at once, their errors reported in this order):
//!
//! 1. refuse uncommitted changes in `upstream/`, the fork layer and
//!    `patches/` (unless allowed);
//! 2. read the base (the snapshot committed at HEAD) with libgit2;
//! 3. fetch the new upstream into memory, integrity-checked exactly as
//!    `snapshot` does ([`crate::snapshot::fetch_snapshot`]);
//! 4. merge every forked and carried package that moves file by file, in
//!    memory (the others stay as they are);
//! 5. on a clean merge, regenerate the manifests (as `gen-patches` would)
//!    and prove that they rebuild the merged fork layer byte for byte;
//! 6. write the new upstream, the new fork layer (and, on a clean merge,
//!    the manifests and the declaration with `layer.baseline` and the moved
//!    packages' entries at their new versions) as one journaled update ([`crate::journal`]): only the
//!    files that change, after recording how to undo them (never on
//!    `--dry-run`).
//!
//! Any error or an interruption before step 6 leaves the project as it was;
//! a failure in step 6 puts back what was already written, and a run
//! killed in step 6 is rolled back by the next forklayer command.
//!
//! Where each step lives: [`inputs`] (steps 1–3), [`packages`] (step 4:
//! each file's outcome), [`manifests`] (step 5), [`merge`] itself (step
//! 6, and with conflicts [`state_tree`]); [`outcome`] holds what a merge is
//! asked and reports, [`error`] why it stops.

mod error;
mod inputs;
mod manifests;
mod outcome;
mod packages;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::journal::Update;
use crate::layer::Layer;
use crate::merge::git::Repo;
use crate::merge::pins::plan_pins;
use crate::merge::progress::{
    state_dir, tree_digest, BeforeMerge, MergeState, WrittenFiles, BEFORE_DIR, DECLARATION_ROLE, STATE_SCHEMA,
};
use crate::tree::{FileEntry, Tree, TreeError};

pub use self::error::MergeError;
pub(crate) use self::inputs::check_managed_dirs;
use self::inputs::{read_inputs, Base};
pub(crate) use self::manifests::{
    check_carried, manifests, next_patches, plan_declaration, plan_forked, replace_moved, ForkedPackage,
};
pub use self::outcome::{DeclarationChange, FileReport, MergeOptions, MergeOutcome, MergeTarget, PackageMove};
use self::packages::merge_packages;

/// Merges the fork layer of `layer` onto upstream `options.version`.
pub fn merge(layer: &Layer, options: &MergeOptions<'_>) -> Result<MergeOutcome, MergeError> {
    let result = run_merge(layer, options);
    // Ctrl-C also reaches npm, which then fails: the interruption is the
    // cause worth reporting, not npm's error.
    match result {
        Err(_) if check_cancel(options.cancel).is_err() => Err(MergeError::Interrupted),
        other => other,
    }
}

fn run_merge(layer: &Layer, options: &MergeOptions<'_>) -> Result<MergeOutcome, MergeError> {
    if let Some(state) = MergeState::read(&layer.root)? {
        return Err(MergeError::InProgress { to: state.to });
    }
    let moving = options.target.resolve(layer)?;
    let names: Vec<&str> = layer.upstream_packages().into_iter().filter(|name| moving.contains_key(*name)).collect();
    let (Base { from, bases, read: upstream_read, .. }, original_forks, upstream) =
        read_inputs(layer, options, &names, &moving)?;
    let moves: Vec<PackageMove> = names
        .iter()
        .zip(from)
        .map(|(name, from)| PackageMove {
            name: name.to_string(),
            npm_name: layer.full_name(name),
            in_family: layer.upstream.get(*name).is_none_or(|p| p.in_family),
            from,
            to: moving.get(*name).cloned().unwrap_or_default(),
        })
        .collect();
    let mut merged = merge_packages(layer, &moves, bases, &original_forks, &upstream.tree, &upstream.outcome.lock)?;
    let family_to = options.target.family.as_deref();
    let (from_text, to_text) = describe_moves(&moves, family_to);
    // With conflicts the manifests and the declaration move at `merge
    // --continue`, once the user has resolved them.
    let (state, planned, declaration) = if merged.conflicts.is_empty() {
        (None, Some(plan_forked(&merged.forked)?), plan_declaration(layer, family_to, &moves)?)
    } else {
        let state = MergeState {
            schema: STATE_SCHEMA.into(),
            from: from_text.clone(),
            to: to_text.clone(),
            family: family_to.is_some(),
            packages: moves.iter().filter(|m| !m.in_family).map(|m| (m.name.clone(), m.to.clone())).collect(),
            conflicts: std::mem::take(&mut merged.conflicts),
            upstream: Some(tree_digest(&upstream.tree)),
            written: Some(WrittenFiles::new(&upstream.tree, &original_forks, &merged.forks)),
            before: None,
            head: None,
        };
        (Some(state_tree(layer, state, &original_forks)?), None, None)
    };
    // Checked on every merge that moves the family, so that one with
    // conflicts does not stop at `--continue` for a pin it could have
    // named now; moved when clean.
    let pins = plan_pins(layer, layer.baseline.as_deref().zip(family_to))?;
    let pins = if planned.is_some() { pins } else { Vec::new() };
    check_cancel(options.cancel)?;
    if !options.dry_run {
        let paths = &layer.paths;
        let unmoved: Vec<&str> =
            layer.forked.iter().map(String::as_str).filter(|name| !moving.contains_key(*name)).collect();
        let patches = planned.as_ref().map(|planned| next_patches(&paths.patches, planned, &unmoved)).transpose()?;
        // Once the update starts it runs to the end (or rolls back).
        let mut update = Update::new(&layer.root);
        // The merge read these directories already: the journal compares
        // against those reads instead of reading them again.
        match &upstream_read {
            Some(read) => update.replace_read_dir(&paths.upstream, &upstream.tree, read),
            None => update.replace_dir(&paths.upstream, &upstream.tree),
        }
        update.replace_read_dir(&paths.forks, &merged.forks, &original_forks);
        if let Some(patches) = &patches {
            update.replace_dir(&paths.patches, patches);
        }
        replace_moved(&mut update, declaration.as_ref(), &pins);
        if let Some(tree) = &state {
            update.replace_dir(&state_dir(&layer.root), tree);
        }
        update.apply()?;
    }
    Ok(MergeOutcome {
        from: from_text,
        to: to_text,
        moves,
        manifests: planned.as_ref().map(manifests).unwrap_or_default(),
        files: merged.report,
        unchanged: merged.unchanged,
        written: !options.dry_run,
        warnings: upstream.outcome.warnings,
        declaration,
        pins,
    })
}

/// How reports name the versions merged from and to: the family's version
/// (`family`, when it moves), then each other package as `name@version`.
fn describe_moves(moves: &[PackageMove], family: Option<&str>) -> (String, String) {
    let family_from = moves.iter().find(|m| m.in_family).map(|m| m.from.clone());
    let others = moves.iter().filter(|m| !m.in_family);
    let from = family_from.into_iter().chain(others.clone().map(|m| format!("{}@{}", m.name, m.from)));
    let to = family.map(str::to_string).into_iter().chain(others.map(|m| format!("{}@{}", m.name, m.to)));
    (from.collect::<Vec<_>>().join(", "), to.collect::<Vec<_>>().join(", "))
}

/// The state directory a merge with conflicts leaves: `state`, with what
/// differs from HEAD in the three directories and the declaration as the
/// merge starts (`forks`: the fork layer as read from disk) and the commit
/// HEAD names, and the files to keep for `merge --abort` under
/// [`BEFORE_DIR`].
fn state_tree(layer: &Layer, mut state: MergeState, forks: &Tree) -> Result<Tree, MergeError> {
    let mut files = Tree::new();
    let repo = Repo::discover(&layer.root)?;
    // Pinned, so that what is compared here and the commit recorded are one.
    let head = repo.head_id()?;
    let repo = repo.at_commit(&head)?;
    let mut before = BeforeMerge::default();
    for (role, dir) in layer.paths.named() {
        let disk = match role {
            "forks" => forks.clone(),
            _ => Tree::read_dir_or_empty(dir)?,
        };
        let committed = repo.head_dir(dir)?.unwrap_or_default();
        before.add_dir(role, &disk, &committed, &mut files)?;
    }
    let declaration = &layer.declaration;
    let now =
        crate::tree::read_regular(declaration).map_err(|source| TreeError::Io { path: declaration.clone(), source })?;
    if repo.head_file(declaration)?.as_deref() != Some(now.as_slice()) {
        files.insert(DECLARATION_ROLE, FileEntry::new(now))?;
        before.changed.push(DECLARATION_ROLE.to_string());
    }
    state.before = (!before.is_empty()).then_some(before);
    state.head = Some(head);
    let mut tree = state.to_tree()?;
    for (path, entry) in files.iter() {
        tree.insert(format!("{BEFORE_DIR}/{path}"), entry.clone())?;
    }
    Ok(tree)
}

/// [`MergeError::Interrupted`] once the cancel flag is set.
pub(crate) fn check_cancel(cancel: Option<&AtomicBool>) -> Result<(), MergeError> {
    match cancel {
        Some(flag) if flag.load(Ordering::SeqCst) => Err(MergeError::Interrupted),
        _ => Ok(()),
    }
}
