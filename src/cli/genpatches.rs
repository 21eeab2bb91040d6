//! `forklayer gen-patches`

use serde_json::json;

use super::{Context, Outcome, RunContext};
use crate::genpatches::gen_patches;

/// Arguments of `gen-patches`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Reads upstream/ and the fork layer, writes patches/<pkg>.json and patches/<pkg>.diff \
for every forked package that differs from upstream, removes those of packages that no longer differ, \
and refreshes the fork layer's copies of own packages from their source. Output is deterministic. \
upstream/ is first proven against its lock file: an upstream/ edited behind forklayer's back is refused \
(exit 3, `upstream_not_locked`) with nothing written.")]
pub struct Args {}

pub(crate) fn exec(ctx: &RunContext, _args: Args) -> super::CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Write)?;
    crate::interrupt::hold_ctrl_c();
    let patches = ctx.display(&layer.paths.patches);
    let outcome = gen_patches(&layer).failed_to(|| format!("generate manifests into `{patches}`"))?;
    for (verb, files) in [("Writing", &outcome.changed), ("Removing", &outcome.removed)] {
        for file in files {
            ctx.reporter.status(verb, &format!("{patches}/{file}"));
        }
    }
    for name in &outcome.own_refreshed {
        ctx.reporter.status("Refreshed", &format!("own package `{}`", layer.npm_name(name)));
    }
    super::note_forks_equal_to_upstream(ctx, outcome.unchanged.iter().map(String::as_str));
    for (path, reason) in &outcome.windows_names {
        ctx.reporter.warning(&format!(
            "`{}` cannot be unpacked on Windows ({reason}); `forklayer release` refuses it, rename it",
            ctx.display(&layer.paths.forks.join(path))
        ));
    }
    let ignored_changes = layer.ignored_changes();
    super::warn_ignored_changes(ctx, &ignored_changes, |path| ctx.display(&layer.paths.forks.join(path)));
    let text = super::lines(&outcome.manifests, |name| format!("patched   {}", layer.full_name(name)))
        + &super::lines(&outcome.unchanged, |name| format!("unchanged {}", layer.full_name(name)));
    let data = json!({
        "patches": patches,
        "manifests": outcome.manifests,
        "unchanged": outcome.unchanged,
        "changed": outcome.changed,
        "removed": outcome.removed,
        "own_refreshed": outcome.own_refreshed,
        "ignored_changes": ignored_changes,
        "windows_names": outcome.windows_names.iter().map(|(path, reason)| json!({"path": path, "reason": reason})).collect::<Vec<_>>(),
    });
    Ok(Outcome::success(text, data))
}
