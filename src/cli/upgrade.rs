//! `forklayer upgrade [NAME@VERSION...] [--format F] [--project DIR] [--from ...] [--dry-run] [--allow-dirty]`

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::json;

use super::{Context, Outcome, RunContext, UsageError};
use crate::interrupt::{hold_ctrl_c, INTERRUPTED};
use crate::layer::split_versioned;
use crate::patchfmt::Format;
use crate::upgrade::{upgrade, UpgradeOptions};

/// Arguments of `upgrade`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Moves patched packages to new versions with forklayer's three-way merge and \
writes their patches back: what none of the package managers can do for a patch made for an older \
version. Without NAME@VERSION, every package the layer holds at its own version moves to the one \
version the project's lock file now resolves (after a dependency bot bumped it there, say). The \
merge is `forklayer merge NAME@VERSION...`: the new pristine bytes from the registry (or --from), \
every file merged three ways, conflicts recalled from patches/resolutions/ or left with markers; \
on a clean merge the new patches and configuration entries are written into the project as \
`forklayer export` writes them (the old version's patch removed). With nothing to merge, the \
project's patches are still brought in line with the layer (an upgrade killed before its export, a \
`merge` without `export`). A patch or configuration file of the project that the export would \
replace or delete while it has uncommitted changes (a patch edited by hand) is refused before \
anything is merged; --allow-dirty writes over it. Refused while a merge is in progress. FORMAT and \
the project default to `[origin]` of forklayer.toml.

Exit codes:
  0  upgraded (or nothing to upgrade; with --dry-run, what would move)
  1  conflicts to resolve: resolve them, run `forklayer merge --continue`, then `forklayer export`
  2  usage, uncommitted changes (in the layer, or in a project file it would replace), a merge \
in progress, a version the lock file does not resolve to one, a change the \
format cannot express
  3  integrity or I/O failure")]
pub struct Args {
    /// Packages and their new versions, e.g. left-pad@1.3.1 [default: what the lock file resolves].
    #[arg(value_name = "NAME@VERSION")]
    pub targets: Vec<String>,
    /// The package manager: npm, pnpm, yarn, bun or patch-package [default: `origin.format`].
    #[arg(long, value_name = "FORMAT", value_parser = super::import::parse_format)]
    pub format: Option<Format>,
    /// The project whose lock file says the versions and that gets the patches [default:
    /// `origin.project`].
    #[arg(long, value_name = "DIR")]
    pub project: Option<PathBuf>,
    #[command(flatten)]
    pub merge: super::merge::MergeFlags,
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    let target = |arg: &String| match split_versioned(arg) {
        (name, Some(version)) if !name.is_empty() && !version.is_empty() => Ok((name.into(), version.into())),
        _ => Err(UsageError(format!("`{arg}` is not `<name>@<version>`"))),
    };
    let targets: BTreeMap<String, String> = args.targets.iter().map(target).collect::<Result<_, _>>()?;
    let flags = args.merge;
    let layer = ctx.layer(super::access(flags.dry_run))?;
    let (format, project) = super::export::format_and_project(ctx, &layer, args.format, args.project.as_ref())?;
    hold_ctrl_c();
    let options = UpgradeOptions {
        format,
        project: project.clone(),
        targets,
        source: ctx.source(&flags.from, &flags.npm),
        dry_run: flags.dry_run,
        allow_dirty: flags.allow_dirty,
        cancel: Some(&INTERRUPTED),
    };
    let outcome = upgrade(&layer, &options)
        .failed_to(|| format!("upgrade the {format} patches of `{}`", ctx.display(&project)))?;
    let moves: Vec<_> = outcome
        .moves
        .iter()
        .map(|m| json!({"name": m.name, "from": m.from, "to": m.to, "lock_file": m.lock_file}))
        .collect();
    let mut data = json!({"format": format.as_str(), "project": ctx.display(&project), "moves": moves, "conflicts": 0});
    let Some(merged) = &outcome.merge else {
        let at = "every patched package is at the version the lock file resolves";
        let Some(exported) = outcome.export.as_ref().filter(|e| !e.files.is_empty()) else {
            if let Some(exported) = &outcome.export {
                ctx.warn_all(&exported.warnings);
            }
            ctx.reporter.status("Unchanged", &format!("{at}, and `{}` holds its patches", ctx.display(&project)));
            data["export"] = outcome.export.as_ref().map(|e| super::export::data(ctx, format, &project, e)).into();
            return Ok(Outcome::success(String::new(), data));
        };
        // A merge whose export did not run (killed, or `merge` alone).
        let writing = if flags.dry_run { "they would be written" } else { "writing them" };
        ctx.reporter.note(&format!(
            "{at}, but the project's {format} patches are not the layer's yet (a merge whose export did not run): \
             {writing}"
        ));
        super::export::report(ctx, format, &project, exported);
        data["export"] = super::export::data(ctx, format, &project, exported);
        return Ok(Outcome::success(super::export::text(exported), data));
    };
    let verb = if flags.dry_run { "Would move" } else { "Moving" };
    for m in &outcome.moves {
        let why = m.lock_file.as_deref().map(|lock| format!(" (as `{lock}` resolves)")).unwrap_or_default();
        ctx.reporter.status(verb, &format!("{} {} -> {}{why}", m.name, m.from, m.to));
    }
    ctx.warn_all(&merged.warnings);
    let mut text = super::merge::human_report(merged);
    let conflicts = merged.conflicts();
    if conflicts > 0 {
        ctx.reporter.warning(&format!("{conflicts} file(s) need resolving; see the `conflict` lines"));
        if !flags.dry_run {
            ctx.reporter.note(&format!(
                "resolve the markers (keep one of each <file>.ours/<file>.theirs pair), run `forklayer merge --continue`, \
                 then `forklayer export {format}` writes the patches (`forklayer merge --abort` undoes the merge)"
            ));
        }
    }
    if let Some(exported) = &outcome.export {
        super::export::report(ctx, format, &project, exported);
        text.push_str(&super::export::text(exported));
    } else if flags.dry_run && conflicts == 0 {
        ctx.reporter.note("dry run: the merge is clean; the patches would be written back into the project");
    }
    data["conflicts"] = conflicts.into();
    data["merge"] = super::merge::json_report(ctx, merged, flags.dry_run);
    data["export"] = outcome.export.as_ref().map(|e| super::export::data(ctx, format, &project, e)).into();
    Ok(Outcome::clean_or_attention(conflicts == 0, text, data))
}
