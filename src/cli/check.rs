//! `forklayer check`

use serde_json::json;

use super::{Outcome, RunContext};
use crate::check::check;
use crate::error::ExitStatus;

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Offline; CI runs it. Verifies that upstream/ matches its lock file (exit 3 if \
not), that rebuilding from upstream/ + patches/ reproduces the fork layer exactly and that regenerating \
the manifests reproduces the committed ones (exit 1 if not), and that the profile's package.json \
declares exactly the layer's packages and every `[[pins]]` value holds `layer.baseline` (exit 2 if \
not). Anchors that no longer apply exit 2.")]
pub struct Args {}

pub(crate) fn exec(ctx: &RunContext, _args: Args) -> super::CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Read)?;
    let report = check(&layer)?;
    for name in &report.seed_manifests {
        ctx.reporter.note(&format!(
            "`{}` is in the seed format and rebuilds the fork layer as it is; `forklayer gen-patches` would rewrite it (with base hashes and a review diff)",
            ctx.display(&crate::rebuild::manifest_path(&layer.paths.patches, name))
        ));
    }
    ctx.warn_all(&report.built_against);
    super::warn_ignored_changes(ctx, &report.ignored_changes, |path| ctx.display(&layer.paths.forks.join(path)));
    let sections: [(&str, Vec<String>); 5] = [
        ("upstream/ vs lock file", report.lock.clone()),
        ("rebuild vs fork layer", report.rebuild.iter().map(|d| d.to_string()).collect()),
        ("manifests", report.manifests.clone()),
        ("profile package.json", report.declaration.clone()),
        ("pins", report.pins.iter().map(ToString::to_string).collect()),
    ];
    let text: String = sections
        .iter()
        .flat_map(|(title, problems)| problems.iter().map(move |problem| format!("{title}: {problem}\n")))
        .collect();
    let status = if !report.lock.is_empty() {
        ExitStatus::Integrity
    } else if !report.declaration.is_empty() || !report.pins.is_empty() {
        ExitStatus::Usage
    } else if !report.rebuild.is_empty() || !report.manifests.is_empty() {
        ExitStatus::Attention
    } else {
        ExitStatus::Success
    };
    if status == ExitStatus::Success {
        let count = layer.all_packages().len();
        ctx.reporter.status("Checked", &format!("{count} packages: upstream, manifests and fork layer agree"));
    } else {
        ctx.reporter.warning("the fork layer does not round-trip; see stdout");
    }
    let data = serde_json::to_value(&report).unwrap_or_else(|_| json!({}));
    Ok(Outcome { status, text, data })
}
