//! `forklayer status`

use serde_json::{json, Value};

use super::{lines, Context, Outcome, RunContext};
use crate::error::Diagnostic;
use crate::merge::guided::GuidedError;
use crate::status::{status, LayerStatus};

/// Arguments of `status`.
#[derive(Debug, clap::Args)]
#[command(after_help = "States, first match wins:
  journal  a killed forklayer left an undo journal (.forklayer-journal-<pid>.tar);
           the next command that loads the layer (e.g. `forklayer check`) rolls it
           back (while the forklayer that writes it still runs, status refuses:
           busy, exit 2)
  merge    a merge stopped with conflicts (.forklayer-merge/state.json): lists the
           markers and <file>.ours/<file>.theirs copies left; resolve them, then
           `forklayer merge --continue`, or `forklayer merge --abort`. Anything
           else that would make `--continue` refuse (upstream/ edited since the
           merge, a fork package missing, a pin that cannot move…) is named
           with what to do (`ready` and `blocked` in --json)
  drift    the round trip of `forklayer check` finds problems, or stops at one
           (anchors that no longer apply after a snapshot, a missing package, a
           damaged manifest): each is listed
  clean    everything agrees

A journal never armed (.forklayer-journal-<pid>.tmp) changed nothing and is no
state. A half-written `rebuild --out D` (its journal
.forklayer-journal-out-D-<pid>.tar in the project root) is no state of the
layer either: a `note:` line (`outputs` in --json) names D and the command that
rolls it back, `forklayer rebuild --out D`.

Exit codes: 0 clean, 1 any other state, 2/3 as for every command.")]
pub struct Args {}

pub(crate) fn exec(ctx: &RunContext, _args: Args) -> super::CliResult<Outcome> {
    let root = ctx.root().to_path_buf();
    let journals = crate::journal::armed_journals(&root);
    let found = if journals.is_empty() {
        let layer = ctx.layer(crate::exclusive::Access::Read)?;
        status(&root, &layer).failed_to(|| "read the layer's status".to_string())?
    } else {
        // A journal of a forklayer still running is no journal to roll back:
        // like every reader, refuse (busy, naming it) while it writes.
        // Loading the layer would roll the journal back: report it as it is.
        drop(crate::exclusive::ProjectLock::take(&root, crate::exclusive::Access::Read)?);
        LayerStatus::Journal { journals }
    };
    let (name, mut text, mut data) = match &found {
        LayerStatus::Clean => ("clean", "clean: the fork layer, manifests and upstream/ agree\n".to_string(), json!({})),
        LayerStatus::Journal { journals } => (
            "journal",
            format!(
                "journal to roll back: {} (a killed forklayer left it; the next forklayer command that loads the layer, e.g. `forklayer check`, rolls it back)\n",
                journals.join(", ")
            ),
            json!({ "journals": journals }),
        ),
        LayerStatus::Drift { problems } => (
            "drift",
            format!("drift: {} problem(s); run `forklayer check` for details\n", problems.len())
                + &lines(problems, |p| format!("  {p}")),
            json!({ "problems": problems }),
        ),
        LayerStatus::Merge { state, left, unresolved, blocked } => {
            let mut text = format!(
                "merge in progress: {} -> {}, {left} of {} conflict(s) left\n",
                state.from,
                state.to,
                state.conflicts.len()
            );
            text += &lines(unresolved, |u| {
                format!("  {}{}: {}", u.path, u.line.map(|line| format!(":{line}")).unwrap_or_default(), u.what)
            });
            let blocked = blocked.as_deref().map(blocker);
            if !unresolved.is_empty() {
                text.push_str("resolve them, then run `forklayer merge --continue` (or `forklayer merge --abort`)\n");
            }
            match &blocked {
                Some(b) => {
                    text.push_str(&format!("`forklayer merge --continue` would refuse: {}\n", b["message"].as_str().unwrap_or_default()));
                    if let Some(help) = b["help"].as_str() {
                        text.push_str(&format!("  {help}\n"));
                    }
                }
                None if unresolved.is_empty() => text.push_str("all conflicts resolved: run `forklayer merge --continue`\n"),
                None => {}
            }
            let items: Vec<Value> =
                unresolved.iter().map(|u| json!({ "path": u.path, "line": u.line, "what": u.what })).collect();
            let conflicts: Vec<Value> = state
                .conflicts
                .iter()
                .map(|c| json!({ "package": c.package, "path": c.path, "kind": c.kind, "copies": c.copies }))
                .collect();
            let ready = unresolved.is_empty() && blocked.is_none();
            let data = json!({ "merge": {
                "from": state.from, "to": state.to, "conflicts": conflicts, "left": left, "unresolved": items,
                "ready": ready, "blocked": blocked,
            }});
            ("merge", text, data)
        }
    };
    let outputs = unfinished_outputs(&root);
    let field = |o: &Value, key: &str| o[key].as_str().unwrap_or_default().to_string();
    text += &lines(&outputs, |o| format!("note: {}\n  help: {}", field(o, "message"), field(o, "help")));
    data["outputs"] = outputs.into();
    data["state"] = name.into();
    Ok(Outcome::clean_or_attention(name == "clean", text, data))
}

/// Why `merge --continue` would refuse, as JSON: `code`, `message` (with
/// its causes) and what to do (`help`).
fn blocker(e: &GuidedError) -> Value {
    let mut message = e.to_string();
    for cause in std::iter::successors(std::error::Error::source(e), |c| c.source()) {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(&format!(": {text}"));
        }
    }
    // Said of a command that ran; status only predicts one.
    let help = e.help().map(|h| h.strip_prefix("nothing was changed; ").map(str::to_string).unwrap_or(h));
    json!({ "code": e.code(), "message": message, "help": help })
}

/// Output directories of `rebuild --out` in the project root that a killed
/// (or still running) rebuild left half written: not a state of the layer,
/// and no other command rolls them back, so each is named with the one
/// that does.
fn unfinished_outputs(root: &std::path::Path) -> Vec<Value> {
    crate::journal::output_journals(root)
        .into_iter()
        .map(|o| {
            let running = o.pid != std::process::id() && crate::journal::process_alive(o.pid);
            let (message, help) = if running {
                (
                    format!("`{}` is being written by `rebuild --out` (forklayer process {})", o.directory, o.pid),
                    "wait for it to finish".to_string(),
                )
            } else {
                (
                    format!(
                        "`{}` was left half written by a `rebuild --out` that did not finish (forklayer process {}, killed?; journal `{}`)",
                        o.directory, o.pid, o.journal
                    ),
                    format!("run `forklayer rebuild --out {}` again: it rolls the directory back first", o.directory),
                )
            };
            json!({ "directory": o.directory, "journal": o.journal, "pid": o.pid, "running": running, "message": message, "help": help })
        })
        .collect()
}
