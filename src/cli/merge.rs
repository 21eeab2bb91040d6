//! `forklayer merge <new-version> [--from <dir | file.tgz>...] [--dry-run] [--allow-dirty]`

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{json, Map, Value};

use super::{Outcome, RunContext};
use crate::error::ExitStatus;
use crate::merge::file::Outcome as FileOutcome;
use crate::merge::layer::{merge, FileReport, MergeOptions, MergeOutcome};
use crate::npm::Npm;
use crate::snapshot::SnapshotSource;

/// Every outcome, in report order.
const OUTCOMES: [FileOutcome; 8] = [
    FileOutcome::Conflict,
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
Nothing is changed unless everything succeeds: only the files that change are written, behind an undo \
journal (.forklayer-journal-<pid>.tar beside forklayer.toml); a failure puts everything back, and a run \
killed while writing is rolled back by the next forklayer command.

Exit codes:
  0  clean merge: snapshot, fork layer and manifests replaced, rebuild verified,
     layer.baseline of forklayer.toml moved to the new version
  1  conflicts to resolve: snapshot and fork layer replaced, markers and
     <file>.ours/<file>.theirs copies written, manifests untouched
  2  usage, uncommitted changes, missing base, drift, Ctrl-C, or another
     forklayer writing the same project: nothing changed
  3  integrity or I/O failure: nothing changed (a roll back that fails
     keeps its journal and says so)")]
pub struct Args {
    /// The new upstream version, e.g. 0.1.0-rc.9.
    pub version: String,
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

/// Set by Ctrl-C; the merge stops before it starts writing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub(crate) fn exec(ctx: &RunContext, args: Args) -> anyhow::Result<Outcome> {
    let layer =
        ctx.layer(if args.dry_run { crate::exclusive::Access::Read } else { crate::exclusive::Access::Write })?;
    // Without a handler Ctrl-C would kill the process mid-write. A second
    // registration in the same process fails; the first one still works.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let source = if args.from.is_empty() {
        SnapshotSource::Registry(Npm::new(args.npm.clone(), layer.root.clone()))
    } else {
        SnapshotSource::Local(args.from.iter().map(|p| ctx.resolve(p)).collect())
    };
    ctx.reporter.status("Merging", &format!("fork layer onto upstream {}", args.version));
    let options = MergeOptions {
        version: args.version.clone(),
        source,
        dry_run: args.dry_run,
        allow_dirty: args.allow_dirty,
        cancel: Some(&INTERRUPTED),
    };
    let outcome = super::with_context_message(
        merge(&layer, &options).map_err(anyhow::Error::from),
        &format!("merge the fork layer onto upstream `{}`", args.version),
    )?;
    for warning in &outcome.warnings {
        ctx.reporter.warning(warning);
    }
    report_status(ctx, &outcome, args.dry_run);
    let status = if outcome.conflicts() > 0 { ExitStatus::Attention } else { ExitStatus::Success };
    Ok(Outcome::new(status, human_report(&outcome), json_report(ctx, &outcome, args.dry_run)))
}

fn report_status(ctx: &RunContext, outcome: &MergeOutcome, dry_run: bool) {
    let verb = if dry_run { "Would merge" } else { "Merged" };
    ctx.reporter.status(verb, &format!("{} -> {}: {}", outcome.from, outcome.to, summary_line(outcome)));
    if let Some(change) = &outcome.baseline {
        let verb = if dry_run { "Would update" } else { "Updated" };
        let file = ctx.display(&change.file);
        ctx.reporter.status(verb, &format!("`{file}`: baseline {} -> {}", change.from, change.to));
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
        ctx.reporter.note(&format!(
            "resolve the markers, keep one of each <file>.ours/<file>.theirs pair and delete the copies, \
                 set `baseline = \"{}\"` in the declaration, then run `forklayer gen-patches` and `forklayer check`",
            outcome.to
        ));
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
fn human_report(outcome: &MergeOutcome) -> String {
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
        text.push('\n');
    }
    text
}

fn json_report(ctx: &RunContext, outcome: &MergeOutcome, dry_run: bool) -> Value {
    let summary: Map<String, Value> =
        OUTCOMES.iter().map(|o| (o.as_str().to_string(), Value::from(outcome.count(*o)))).collect();
    json!({
        "from": outcome.from,
        "to": outcome.to,
        "dry_run": dry_run,
        "written": outcome.written,
        "conflicts": outcome.conflicts(),
        "summary": summary,
        "files": outcome.files.iter().map(file_json).collect::<Vec<_>>(),
        "manifests": outcome.manifests,
        "warnings": outcome.warnings,
        "baseline": outcome.baseline.as_ref().map(|change| json!({
            "file": ctx.display(&change.file),
            "from": change.from,
            "to": change.to,
        })),
    })
}

fn file_json(file: &FileReport) -> Value {
    let mut value = json!({ "package": file.package, "path": file.path, "outcome": file.outcome.as_str() });
    if let (Some(kind), Some(obj)) = (file.conflict, value.as_object_mut()) {
        obj.insert("conflict".into(), Value::from(kind.as_str()));
        obj.insert("copies".into(), Value::from(file.copies.clone()));
    }
    value
}
