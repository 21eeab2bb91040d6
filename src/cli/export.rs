//! `forklayer export [<format>] [PROJECT] [--dry-run]`

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::{Context, Outcome, RunContext, UsageError};
use crate::export::{export, ExportOptions, ExportOutcome};
use crate::layer::Layer;
use crate::patchfmt::Format;

/// Arguments of `export`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Writes every forked package of the layer into PROJECT as the patch file and \
configuration entry its package manager reads: npm 12 (patches/<name>@<version>.patch, \
`patchedDependencies` in package.json, each patch's sha512 in package-lock.json), pnpm \
(`patchedDependencies` in pnpm-workspace.yaml), yarn (.yarn/patches/, the `patch:` protocol in \
package.json), bun (`patchedDependencies`) or patch-package (patches/<name>+<version>.patch). Only \
the keys the tool owns are edited; every other byte of package.json, pnpm-workspace.yaml and the \
lock file stays. The project's other patched packages keep their patches; the patch of an older \
version of a package the layer holds is removed unless the lock file shows the project installs \
that version besides the exported one (then it is kept, with a warning), and for yarn also a patch \
file of such a \
package that neither package.json nor yarn.lock names any more, as `yarn up` leaves it. A package \
installed under an alias (`\"lp\": \"npm:left-pad@1.3.0\"`) is patched where its tool finds it (npm's \
key `lp@1.3.0`, yarn's `patch:` in the `lp` dependency, patches/lp+1.3.0.patch for patch-package). \
package.json's `pnpm.patchedDependencies`, which pnpm no longer reads, is left alone with a \
warning. What the format cannot express (binary files, \
file modes, deletions where unsupported, CRLF lines for yarn) is refused by name before anything \
is written, and every patch is proved to rebuild its fork under the tool's rules. FORMAT and \
PROJECT default to `[origin]` of forklayer.toml (what `import` recorded); PROJECT otherwise to \
the layer's directory. A patch or configuration file it would replace or delete that has \
uncommitted changes in the project's git repository (a patch edited by hand; an untracked file \
that differs) is refused by name unless --allow-dirty; in a project outside git each patch file \
replaced or deleted is named in a warning. Refused while a merge is in progress (`forklayer merge \
--continue` or `--abort` first). Run the tool's install afterwards (`pnpm install`, `yarn install`, \
`bun install`; `npm ci` takes the export as it is).

Exit codes:
  0  exported (or, with --dry-run, exportable)
  2  a change the format cannot express, a configuration the tool would not accept, uncommitted \
changes in a file it would replace or delete, a merge in progress
  3  upstream/ not matching its lock file, a configuration file or patch directory that is a \
symbolic link (never written through), an I/O failure")]
pub struct Args {
    /// The package manager to write for: npm, pnpm, yarn, bun or patch-package [default: `origin.format`].
    #[arg(value_name = "FORMAT", value_parser = super::import::parse_format)]
    pub format: Option<Format>,
    /// The project to write into [default: `origin.project`, else the layer's directory].
    #[arg(id = "project", value_name = "PROJECT")]
    pub project: Option<PathBuf>,
    /// List what would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Replace or delete patch and configuration files of the project even when they have
    /// uncommitted changes.
    #[arg(long)]
    pub allow_dirty: bool,
}

/// The format and project of an `export` or `upgrade`: given, or the
/// layer's `[origin]` (whose project must lie inside the layer's
/// repository unless `--allow-outside-root`).
pub(crate) fn format_and_project(
    ctx: &RunContext,
    layer: &Layer,
    format: Option<Format>,
    project: Option<&PathBuf>,
) -> super::CliResult<(Format, PathBuf)> {
    let format = format.or(layer.origin.as_ref().map(|origin| origin.format)).ok_or_else(|| {
        UsageError("name the format (npm, pnpm, yarn, bun, patch-package): forklayer.toml has no `[origin]`".into())
    })?;
    let project = match (project, &layer.origin) {
        (Some(project), _) => ctx.resolve(project),
        (None, Some(origin)) => {
            if !ctx.overrides.allow_outside_root && crate::realpath::inside(&layer.root, &origin.project).is_err() {
                return Err(UsageError(format!(
                    "`origin.project` (`{}`) lies outside the layer's directory; name the project on the command line",
                    origin.declared
                ))
                .into());
            }
            origin.project.clone()
        }
        (None, None) => layer.root.clone(),
    };
    if !project.is_dir() {
        return Err(UsageError(format!("the project `{}` is not a directory", project.display())).into());
    }
    Ok((format, project))
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    // A merge in progress is refused by `export` itself (nothing to warn of first).
    let layer = ctx.layer(super::access(args.dry_run))?;
    let (format, project) = format_and_project(ctx, &layer, args.format, args.project.as_ref())?;
    crate::interrupt::hold_ctrl_c();
    let options =
        ExportOptions { format, project: project.clone(), dry_run: args.dry_run, allow_dirty: args.allow_dirty };
    let outcome = export(&layer, &options)
        .failed_to(|| format!("export the layer as {format} patches into `{}`", ctx.display(&project)))?;
    report(ctx, format, &project, &outcome);
    Ok(Outcome::success(text(&outcome), data(ctx, format, &project, &outcome)))
}

/// The status lines and warnings of an export.
pub(crate) fn report(ctx: &RunContext, format: Format, project: &Path, outcome: &ExportOutcome) {
    ctx.warn_all(&outcome.warnings);
    let shown = ctx.display(project);
    let patched = outcome.packages.iter().filter(|p| !p.patches.is_empty()).count();
    if outcome.written {
        ctx.reporter.status("Exported", &format!("{patched} package(s) as {format} patches into `{shown}`"));
        let install = match format {
            Format::Npm => "npm install",
            Format::Pnpm => "pnpm install",
            Format::Yarn => "yarn install",
            Format::Bun => "bun install",
            Format::PatchPackage => "npm install (patch-package runs in postinstall)",
        };
        ctx.reporter.note(&format!("run `{install}` in `{shown}` to install the patched packages"));
    } else if outcome.files.is_empty() {
        ctx.reporter.status("Unchanged", &format!("`{shown}` holds the layer as {format} patches already"));
    } else {
        ctx.reporter.note(&format!("dry run: {} file(s) would change, nothing written", outcome.files.len()));
    }
}

/// One line per file: `<action> <path>`.
pub(crate) fn text(outcome: &ExportOutcome) -> String {
    outcome.files.iter().map(|(path, action)| format!("{:<7} {path}\n", action.as_str())).collect()
}

/// The `--json` document's data of an export.
pub(crate) fn data(ctx: &RunContext, format: Format, project: &Path, outcome: &ExportOutcome) -> Value {
    json!({
        "format": format.as_str(),
        "project": ctx.display(project),
        "packages": outcome.packages.iter().map(|p| json!({"name": p.name, "version": p.version, "patches": p.patches})).collect::<Vec<_>>(),
        "kept": outcome.kept,
        "files": outcome.files.iter().map(|(path, action)| json!({"path": path, "action": action.as_str()})).collect::<Vec<_>>(),
        "warnings": outcome.warnings,
        "written": outcome.written,
    })
}
