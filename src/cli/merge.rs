//! `forklayer merge <new-version | name@version>... [--from <dir | file.tgz>...] [--dry-run] [--allow-dirty]`,
//! `forklayer merge --continue`, `forklayer merge --abort`

use std::path::PathBuf;

use serde_json::{json, Map, Value};

use super::{lines, Context, Outcome, RunContext};
use crate::merge::file::Outcome as FileOutcome;
use crate::merge::guided::{abort_merge, continue_merge};
use crate::merge::layer::{merge, DeclarationChange, FileReport, MergeOptions, MergeOutcome, MergeTarget};
use crate::merge::pins::PinChange;

/// Every outcome, in report order.
const OUTCOMES: [FileOutcome; 9] = [
    FileOutcome::Conflict,
    FileOutcome::Resolved,
    FileOutcome::Merged,
    FileOutcome::Taken,
    FileOutcome::Kept,
    FileOutcome::New,
    FileOutcome::Deleted,
    FileOutcome::Upstreamed,
    FileOutcome::Unchanged,
];

/// Arguments of `merge`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Three-way merge: base = the upstream snapshot committed at HEAD, ours = the fork \
layer, theirs = the new upstream (fetched and integrity-checked like `snapshot`). Carried packages follow \
upstream; own packages are not touched. Text edited on both sides gets diff3 conflict markers; binary and \
delete/modify conflicts keep both versions next to the fork file as <file>.ours / <file>.theirs. \
A conflict whose three inputs were resolved before (recorded by `merge --continue` under \
patches/resolutions/, committed) takes the recorded result and is reported as `resolved` (the same \
conflict resolved differently at several paths is not recorded: a later merge asks again). A clean merge \
also moves the pins declared in `[[pins]]` of forklayer.toml. Nothing is changed unless everything succeeds: only the files that change are written, behind an undo \
journal (.forklayer-journal-<pid>.tar beside forklayer.toml); a failure puts everything back, and a run \
killed while writing is rolled back by the next forklayer command.

Exit codes:
  0  clean merge: snapshot, fork layer and manifests replaced, rebuild verified,
     layer.baseline of forklayer.toml moved to the new version
  1  conflicts to resolve: snapshot and fork layer replaced, markers and
     <file>.ours/<file>.theirs copies written, manifests untouched, the
     merge state written to .forklayer-merge/state.json; resolve, then
     `forklayer merge --continue` (or `--abort`); `forklayer status` shows
     what is left
  2  usage, uncommitted changes, missing base, drift, Ctrl-C, or another
     forklayer writing the same project: nothing changed
  3  integrity or I/O failure: nothing changed (a roll back that fails
     keeps its journal and says so)")]
pub struct Args {
    /// What moves: the version family's new version (e.g. 0.1.0-rc.9), and/or packages declared
    /// at their own version, each as <name>@<version> (e.g. left-pad@1.3.1).
    #[arg(value_name = "VERSION | NAME@VERSION", required_unless_present_any = ["resume", "abort"])]
    pub targets: Vec<String>,
    /// Finish a merge that stopped with conflicts, once every marker and
    /// conflict copy is gone: regenerate the manifests, prove the rebuild,
    /// record the resolutions, move the baseline and the pins, run the
    /// round trip.
    #[arg(long = "continue", conflicts_with_all = ["targets", "abort", "from", "dry_run", "allow_dirty"])]
    pub resume: bool,
    /// Undo a merge that stopped with conflicts: upstream/, the fork layer,
    /// patches/ and forklayer.toml back as they were when the merge
    /// started (as committed at HEAD, plus the uncommitted changes a merge
    /// with --allow-dirty ran over). Untracked
    /// files the merge did not write stay (listed as `kept`); edits made
    /// since the merge are discarded (listed as `discarded`).
    #[arg(long, conflicts_with_all = ["targets", "from", "dry_run", "allow_dirty"])]
    pub abort: bool,
    #[command(flatten)]
    pub merge: MergeFlags,
}

/// The flags of a merge onto new upstream bytes, `merge`'s and `upgrade`'s.
#[derive(Debug, clap::Args)]
pub struct MergeFlags {
    /// Read the new upstream from local .tgz files or directories instead of the registry.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub from: Vec<PathBuf>,
    /// Compute and print the report without changing anything.
    #[arg(long)]
    pub dry_run: bool,
    /// Merge even when upstream/, the fork layer or patches/ have uncommitted changes.
    #[arg(long)]
    pub allow_dirty: bool,
    /// The npm program to run.
    #[arg(long, value_name = "PATH", env = "FORKLAYER_NPM", default_value = "npm")]
    pub npm: PathBuf,
}

// Set by Ctrl-C; the merge stops before it starts writing, and finishes
// an update it has started.
use crate::interrupt::{hold_ctrl_c, INTERRUPTED};

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    if args.resume {
        return exec_continue(ctx);
    }
    if args.abort {
        return exec_abort(ctx);
    }
    let target = MergeTarget::parse(&args.targets).map_err(super::UsageError)?;
    let version = target.describe();
    let flags = args.merge;
    let layer = ctx.layer(super::access(flags.dry_run))?;
    hold_ctrl_c();
    // A merge in progress is refused at once: no "Merging" line before it.
    if !matches!(crate::merge::progress::MergeState::read(&layer.root), Ok(Some(_))) {
        ctx.reporter.status("Merging", &format!("fork layer onto upstream {version}"));
    }
    let options = MergeOptions {
        target,
        source: ctx.source(&flags.from, &flags.npm),
        dry_run: flags.dry_run,
        allow_dirty: flags.allow_dirty,
        cancel: Some(&INTERRUPTED),
    };
    let outcome = merge(&layer, &options).failed_to(|| format!("merge the fork layer onto upstream `{version}`"))?;
    ctx.warn_all(&outcome.warnings);
    report_status(ctx, &outcome, flags.dry_run);
    let data = json_report(ctx, &outcome, flags.dry_run);
    Ok(Outcome::clean_or_attention(outcome.conflicts() == 0, human_report(&outcome), data))
}

fn report_status(ctx: &RunContext, outcome: &MergeOutcome, dry_run: bool) {
    let verb = if dry_run { "Would merge" } else { "Merged" };
    ctx.reporter.status(verb, &format!("{} -> {}: {}", outcome.from, outcome.to, summary_line(outcome)));
    report_declaration(ctx, outcome.declaration.as_ref(), &outcome.pins, dry_run);
    let resolved = outcome.count(FileOutcome::Resolved);
    if resolved > 0 {
        ctx.reporter.note(&format!(
            "{resolved} conflict(s) resolved as recorded under patches/resolutions/ (see the `resolved` lines)"
        ));
    }
    let conflicts = outcome.conflicts();
    if conflicts == 0 {
        if !dry_run {
            ctx.reporter.note("manifests regenerated and rebuild verified; run `forklayer check` and commit");
        }
        return;
    }
    let what = if dry_run { "would need" } else { "need" };
    ctx.reporter.warning(&format!("{conflicts} file(s) {what} resolving; see the `conflict` lines"));
    if !dry_run {
        ctx.reporter.note(
            "resolve the markers, keep one of each <file>.ours/<file>.theirs pair and delete the copies, then run \
             `forklayer merge --continue` (or `forklayer merge --abort` to undo the merge)",
        );
    }
}

fn summary_line(outcome: &MergeOutcome) -> String {
    OUTCOMES
        .iter()
        .map(|o| (o, outcome.count(*o)))
        .filter(|(_, n)| *n > 0)
        .map(|(o, n)| format!("{n} {}", o.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per file: `<outcome> <package>/<path>`, conflicts explained.
pub(crate) fn human_report(outcome: &MergeOutcome) -> String {
    let mut text = String::new();
    for file in &outcome.files {
        text.push_str(&format!("{:<10} {}/{}", file.outcome.as_str(), file.package, file.path));
        if let Some(kind) = file.conflict {
            text.push_str(&format!(" ({}", kind.as_str().replace('_', " ")));
            if !file.copies.is_empty() {
                text.push_str(&format!("; copies: {}", file.copies.join(", ")));
            }
            text.push(')');
        }
        if let Some(record) = &file.resolution {
            text.push_str(&format!(" (recorded resolution: patches/{record})"));
        }
        text.push('\n');
    }
    text
}

pub(crate) fn json_report(ctx: &RunContext, outcome: &MergeOutcome, dry_run: bool) -> Value {
    let summary: Map<String, Value> =
        OUTCOMES.iter().map(|o| (o.as_str().to_string(), Value::from(outcome.count(*o)))).collect();
    let data = json!({
        "from": outcome.from,
        "to": outcome.to,
        "dry_run": dry_run,
        "written": outcome.written,
        "conflicts": outcome.conflicts(),
        "summary": summary,
        "files": outcome.files.iter().map(file_json).collect::<Vec<_>>(),
        "manifests": outcome.manifests,
        "warnings": outcome.warnings,
    });
    with_declaration(ctx, data, outcome.declaration.as_ref(), &outcome.pins)
}

/// `data` with what moved in the declaration and the pinned files:
/// `baseline` (`null` when it does not move), `packages` (the entries
/// `name@version`) and `pins`.
fn with_declaration(
    ctx: &RunContext,
    mut data: Value,
    change: Option<&DeclarationChange>,
    pins: &[PinChange],
) -> Value {
    let baseline = match change.and_then(|c| c.baseline.as_ref().map(|b| (c, b))) {
        Some((change, (from, to))) => json!({ "file": ctx.display(&change.file), "from": from, "to": to }),
        None => Value::Null,
    };
    let moves = change.map(|c| c.packages.as_slice()).unwrap_or_default();
    data["baseline"] = baseline;
    data["packages"] = moves.iter().map(|m| json!({ "name": m.npm_name, "from": m.from, "to": m.to })).collect();
    data["pins"] = pins.iter().map(|p| json!({ "file": p.name, "keys": p.keys })).collect();
    data
}

/// `Updated `forklayer.toml`: baseline 1 -> 2, left-pad 1.3.0 -> 1.3.1`,
/// then one line per file whose pins move.
fn report_declaration(ctx: &RunContext, change: Option<&DeclarationChange>, pins: &[PinChange], dry_run: bool) {
    let verb = if dry_run { "Would update" } else { "Updated" };
    if let Some(change) = change {
        let baseline = change.baseline.iter().map(|(from, to)| format!("baseline {from} -> {to}"));
        let packages = change.packages.iter().map(|m| format!("{} {} -> {}", m.npm_name, m.from, m.to));
        let what = baseline.chain(packages).collect::<Vec<_>>().join(", ");
        ctx.reporter.status(verb, &format!("`{}`: {what}", ctx.display(&change.file)));
    }
    for pin in pins {
        ctx.reporter.status(verb, &format!("`{}`: {}", pin.name, pin.keys.join(", ")));
    }
}

/// `merge --continue`.
fn exec_continue(ctx: &RunContext) -> super::CliResult<Outcome> {
    let layer = ctx.layer(crate::exclusive::Access::Write)?;
    hold_ctrl_c();
    let done = continue_merge(&layer, Some(&INTERRUPTED)).failed_to(|| "continue the merge in progress".to_string())?;
    ctx.reporter.status("Merged", &format!("{} -> {}: manifests regenerated, rebuild verified", done.from, done.to));
    report_declaration(ctx, done.declaration.as_ref(), &done.pins, false);
    // The layer's `paths.patches` (`patches` unless the declaration moves it).
    let patches = layer.paths.patches.strip_prefix(&layer.root).unwrap_or(&layer.paths.patches);
    let patches = patches.to_string_lossy().replace('\\', "/");
    if !done.recorded.is_empty() {
        ctx.reporter.status(
            "Recorded",
            &format!(
                "{} resolution(s) under {patches}/resolutions/: commit them, a later merge reuses them",
                done.recorded.len()
            ),
        );
    }
    if !done.unrecorded.is_empty() {
        ctx.reporter.warning(&format!(
            "{} conflict(s) not recorded: the same conflict was resolved differently at several paths (see the \
             `unrecorded` lines); a later merge asks again there",
            done.unrecorded.len()
        ));
    }
    let clean = done.check.is_clean();
    let problems = crate::status::problems(&done.check);
    let text = [
        lines(&done.recorded, |f| format!("recorded   {patches}/{f}")),
        lines(&done.unrecorded, |p| format!("unrecorded {p} (the same conflict was resolved differently elsewhere)")),
        lines(&done.removed, |f| format!("removed    {patches}/{f} (its package no longer differs from upstream)")),
        lines(&done.kept, |f| format!("kept       {patches}/{f} (not committed and not generated: move or delete it)")),
        lines(&problems, |problem| format!("check      {problem}")),
    ]
    .concat();
    super::note_forks_equal_to_upstream(ctx, done.removed.iter().filter_map(|file| file.strip_suffix(".json")));
    if clean {
        ctx.reporter.note("the round trip (`forklayer check`) passes; commit the result");
    } else {
        ctx.reporter.warning("the merge is finished, but `forklayer check` finds problems (see the `check` lines)");
    }
    let in_patches = |files: &[String]| files.iter().map(|file| format!("{patches}/{file}")).collect::<Vec<_>>();
    let data = json!({
        "action": "continue",
        "from": done.from,
        "to": done.to,
        "manifests": done.manifests,
        "recorded": in_patches(&done.recorded),
        "unrecorded": done.unrecorded,
        "removed": in_patches(&done.removed),
        "kept": in_patches(&done.kept),
        "check": { "clean": clean, "problems": problems },
    });
    let data = with_declaration(ctx, data, done.declaration.as_ref(), &done.pins);
    Ok(Outcome::clean_or_attention(clean, text, data))
}

/// `merge --abort`.
fn exec_abort(ctx: &RunContext) -> super::CliResult<Outcome> {
    // The declaration as the merge started (committed, or the uncommitted
    // one it kept) says what to put back: the one in the work tree may have
    // been edited (or broken) during the merge.
    ctx.lock_project(crate::exclusive::Access::Write)?;
    hold_ctrl_c();
    let done = abort_merge(&ctx.config, &ctx.overrides, Some(&INTERRUPTED))
        .failed_to(|| "abort the merge in progress".to_string())?;
    ctx.reporter.status(
        "Aborted",
        &format!(
            "the merge onto {}: upstream/, the fork layer, patches/ and the declaration are as before the merge",
            done.to
        ),
    );
    let text =
        lines(&done.kept, |p| format!("kept       {} (not committed, not written by the merge)", ctx.display(p)))
            + &lines(&done.discarded, |d| format!("discarded  {} ({})", ctx.display(&d.path), d.why));
    if !done.kept.is_empty() {
        ctx.reporter.note(&format!(
            "kept {} file(s) created during the merge that are neither committed nor the merge's (see the `kept` lines)",
            done.kept.len()
        ));
    }
    if !done.discarded.is_empty() {
        ctx.reporter.warning(&format!(
            "discarded the edits made since the merge to {} file(s) (see the `discarded` lines)",
            done.discarded.len()
        ));
    }
    let data = json!({
        "action": "abort",
        "to": done.to,
        "changes": done.changes,
        "kept": done.kept.iter().map(|p| ctx.display(p)).collect::<Vec<_>>(),
        "discarded": done.discarded.iter().map(|d| json!({ "path": ctx.display(&d.path), "why": d.why })).collect::<Vec<_>>(),
    });
    Ok(Outcome::success(text, data))
}

fn file_json(file: &FileReport) -> Value {
    let mut value = json!({ "package": file.package, "path": file.path, "outcome": file.outcome.as_str() });
    if let Some(kind) = file.conflict {
        value["conflict"] = kind.as_str().into();
        value["copies"] = file.copies.clone().into();
    }
    if let Some(record) = &file.resolution {
        value["resolution"] = format!("patches/{record}").into();
    }
    value
}
