//! `forklayer rebuild --out <dir> [--check <dir>]`

use std::path::PathBuf;

use serde_json::json;

use super::{Outcome, RunContext};
use crate::realpath::normalize;
use crate::rebuild::{
    built_against_mismatches, compare_trees, rebuild_into, rebuild_layer, recover_output, RebuildError,
};
use crate::tree::Tree;

/// Arguments of `rebuild`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Forked packages are patched from upstream bytes + manifests, carried packages \
are copied, own packages are copied from their source. Nothing is written to --out unless the whole \
rebuild succeeds. --check compares the result with a reference tree (bytes, modes, files `only in \
rebuild` and `only in reference`) and exits 1 when they differ; files the declaration's `ignore` globs \
leave out are not compared. A manifest whose `builtAgainst` is not upstream/VERSION is a warning \
(`built_against` in --json): rebuild applies the anchors to whatever upstream/ holds. Use the global \
--upstream/--patches to read other directories.")]
pub struct Args {
    /// Write the rebuilt fork layer here (all or nothing, only what differs).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Compare the rebuilt layer with this reference tree.
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Read)?;
    let (upstream, patches) = (&layer.paths.upstream, &layer.paths.patches);
    let out = args.out.map(|out| ctx.resolve(&out));
    let reference = args.check.map(|reference| ctx.resolve(&reference));
    if let Some(reference) = reference.as_ref().filter(|r| !r.is_dir()) {
        return Err(RebuildError::NoReference { path: reference.clone() }.into());
    }
    if let (Some(out), Some(reference)) = (&out, &reference) {
        // Writing the reference first would replace the tree to be checked
        // (and any edits in it) and then compare the output with itself.
        if normalize(out) == normalize(reference) {
            return Err(RebuildError::OutIsReference { path: out.clone() }.into());
        }
    }
    let built_against = built_against_mismatches(&layer, upstream, patches);
    ctx.warn_all(&built_against);
    let mut written_changes = None;
    let tree = match &out {
        Some(out) => {
            let (tree, changes, recovered) = rebuild_into(&layer, upstream, patches, out)?;
            report_recovered(ctx, &recovered);
            let written = match changes {
                0 => "it already held them: nothing written".to_string(),
                1 => "1 change written".to_string(),
                n => format!("{n} changes written"),
            };
            ctx.reporter.status("Rebuilt", &format!("{} files into `{}` ({written})", tree.len(), ctx.display(out)));
            written_changes = Some(changes);
            tree
        }
        None if reference.is_some() => rebuild_layer(&layer, upstream, patches)?,
        None => return Err(super::UsageError("`rebuild` needs `--out <dir>`, `--check <dir>` or both".into()).into()),
    };
    let Some(reference) = &reference else {
        let out = out.as_ref().map(|out| ctx.display(out));
        let data = json!({"files": tree.len(), "out": out, "changes": written_changes, "built_against": built_against});
        return Ok(Outcome::success(String::new(), data));
    };
    report_recovered(ctx, &recover_output(reference)?);
    let differences = compare_trees(&tree, &layer.without_ignored(Tree::read_dir(reference)?));
    let text: String = differences.iter().map(|d| format!("{d}\n")).collect();
    if differences.is_empty() {
        ctx.reporter.status("Checked", &format!("{} files identical to `{}`", tree.len(), ctx.display(reference)));
    } else {
        ctx.reporter.warning(&format!("{} difference(s) from `{}`", differences.len(), ctx.display(reference)));
    }
    let data = json!({
        "files": tree.len(),
        "reference": ctx.display(reference),
        "differences": differences,
        "built_against": built_against,
    });
    Ok(Outcome::clean_or_attention(differences.is_empty(), text, data))
}

/// Warns about output directories that a killed `rebuild --out` left
/// half written and that were put back as they were before it.
fn report_recovered(ctx: &RunContext, recovered: &[crate::journal::Recovered]) {
    for found in recovered {
        for target in &found.targets {
            ctx.reporter.warning(&format!(
                "rolled back `{target}`, which `rebuild --out` (forklayer process {}) left unfinished (killed?): it is as it was before",
                found.pid
            ));
        }
    }
}
