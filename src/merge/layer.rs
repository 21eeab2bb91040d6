//! `merge`: upgrade the whole fork layer to a new upstream version.
//!
//! The steps, each finished before the next starts (the reads of steps
//! 1–3 run at once, their errors reported in this order):
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
//!
//! Where each step lives: [`inputs`] (steps 1–3), [`packages`] (step 4:
//! each file's outcome), [`manifests`] (step 5), [`write`] (step 6);
//! [`outcome`] holds what a merge is asked and reports, [`error`] why it
//! stops.

mod error;
mod inputs;
mod manifests;
mod outcome;
mod packages;
mod write;

use std::sync::atomic::Ordering;

use crate::layer::Layer;
use crate::merge::pins::plan_pins;
use crate::merge::progress::{tree_digest, MergeState, WrittenFiles};
use crate::tree::Tree;

pub use self::error::MergeError;
pub(crate) use self::inputs::open_repository;
use self::inputs::{read_inputs, Inputs};
pub(crate) use self::manifests::{check_carried, next_patches, plan_baseline, plan_forked, ForkedPackage};
pub use self::outcome::{BaselineChange, FileReport, MergeOptions, MergeOutcome};
use self::packages::{merge_packages, LabelTexts, Sides};
use self::write::{before_merge, write_result, Written};

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
    let Inputs { from, bases, upstream_read, forks: original_forks, upstream } = read_inputs(layer, options, &names)?;
    let texts = LabelTexts::new(&from, &options.version);
    let sides = Sides { bases, forks: &original_forks, upstream: &upstream.tree };
    let merged = merge_packages(layer, &names, sides, &texts.labels())?;
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
    // With conflicts the manifests are made by `merge --continue`, once
    // the user has resolved them.
    let planned = if merged.conflicts() { None } else { Some(plan_forked(&merged.forked, &options.version)?) };
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

/// [`MergeError::Interrupted`] once the cancel flag is set.
fn check_cancel(options: &MergeOptions<'_>) -> Result<(), MergeError> {
    match options.cancel {
        Some(flag) if flag.load(Ordering::SeqCst) => Err(MergeError::Interrupted),
        _ => Ok(()),
    }
}
