//! `forklayer import <format> [PROJECT] [--dry-run] [--from <dir | file.tgz>...] [--npm <path>]`

use std::path::PathBuf;

use serde_json::json;

use super::{Context, Outcome, RunContext};
use crate::import::{import, ImportOptions};
use crate::patchfmt::Format;

/// Arguments of `import`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Makes the current directory (or -C DIR) a forklayer layer from the patches \
PROJECT keeps for its package manager: npm 12 (`patchedDependencies` in package.json, patches/), \
pnpm (`patchedDependencies` in pnpm-workspace.yaml; package.json's `pnpm.patchedDependencies`, \
which pnpm no longer reads, is left out with a warning), yarn (Berry's `patch:` \
protocol, .yarn/patches/), bun (`patchedDependencies`) or patch-package (patches/<name>+<version>.patch, \
several per package applied in their order). A key or file naming an alias (`\"lp\": \
\"npm:left-pad@1.3.0\"`: npm's `lp@1.3.0`, patches/lp+1.3.0.patch) is a patch of the aliased \
package. Version keys that are ranges or bare names are \
resolved against the project's lock file (and said so). Every patch file is read and checked \
before anything is fetched: a path leaving the project or the package, a symbolic link or device, \
a git binary patch or an absurd size is refused by name. The pristine packages come from the \
registry through npm (integrity-checked, like `snapshot`) or from --from; each patch is applied \
exactly as its tool applies it, and one that does not apply names the patch file, the hunk and \
the line. Writes forklayer.toml (each package as `name@version`, `[origin]` naming the format and \
the project), upstream/ with its lock file, the fork layer and the anchored manifests (under \
forklayer/ when the layer is the project itself), as one journaled update that `check` must pass \
before it is kept. --dry-run lists what would be imported and writes nothing.

Exit codes:
  0  imported (or, with --dry-run, importable)
  2  no such patches, a layer or files already there, a patch that does not apply, a version the \
lock file does not resolve
  3  a refused patch, an integrity or I/O failure")]
pub struct Args {
    /// The package manager whose patches to import: npm, pnpm, yarn, bun or patch-package.
    #[arg(value_name = "FORMAT", value_parser = parse_format)]
    pub format: Format,
    /// The project that keeps the patches [default: the current directory, or -C DIR].
    #[arg(id = "project", value_name = "PROJECT")]
    pub project: Option<PathBuf>,
    /// List what would be imported; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Read the pristine packages from local .tgz files or directories instead of the registry.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub from: Vec<PathBuf>,
    /// The npm program to run.
    #[arg(long, value_name = "PATH", env = "FORKLAYER_NPM", default_value = "npm")]
    pub npm: PathBuf,
}

/// A format name as the command line gives it.
pub(crate) fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|_| "one of `npm`, `pnpm`, `yarn`, `bun`, `patch-package`".to_string())
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    let root = ctx.root().to_path_buf();
    let project = args.project.as_ref().map_or_else(|| root.clone(), |p| ctx.resolve(p));
    if !project.is_dir() {
        return Err(super::UsageError(format!("the project `{}` is not a directory", project.display())).into());
    }
    let source = ctx.source(&args.from, &args.npm);
    let options = ImportOptions { format: args.format, project: project.clone(), root, source, dry_run: args.dry_run };
    let run = || {
        crate::interrupt::hold_ctrl_c();
        import(&options)
    };
    // A project lock file this import created goes again unless the
    // import is written (a dry run writes nothing at all).
    let remove = |result: &Result<_, _>| args.dry_run || result.is_err();
    let result = super::in_new_project(&options.root, super::access(args.dry_run), run, remove)?;
    let outcome = result.failed_to(|| format!("import the {} patches of `{}`", args.format, ctx.display(&project)))?;
    ctx.warn_all(&outcome.warnings);
    let text = super::lines(&outcome.packages, |p| {
        let from = p.patches.join(", ");
        format!("imported {}@{} ({} file(s) changed, from {from})", p.name, p.version, p.changed_files)
    });
    let [upstream, forks, patches] = outcome.paths.each_ref().map(|path| ctx.display(path));
    if outcome.written {
        let count = outcome.packages.len();
        let into = format!("`{upstream}`, `{forks}`, `{patches}`");
        ctx.reporter.status("Imported", &format!("{count} package(s) into {into}; `forklayer check` passes"));
        ctx.reporter.note(&format!(
            "commit the layer; `forklayer export {0}` writes it back as {0} patches, `forklayer upgrade` moves it to \
             the versions the project's lock file resolves",
            args.format
        ));
    } else {
        ctx.reporter.note(&format!("dry run: {} package(s) importable, nothing written", outcome.packages.len()));
    }
    let packages: Vec<_> = outcome
        .packages
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "version": p.version,
                "key": p.key,
                "resolved_from": p.resolved_from,
                "patches": p.patches,
                "changed_files": p.changed_files,
            })
        })
        .collect();
    let data = json!({
        "format": args.format.as_str(),
        "project": ctx.display(&project),
        "declaration": ctx.display(&outcome.declaration),
        "upstream": upstream,
        "forks": forks,
        "patches": patches,
        "packages": packages,
        "warnings": outcome.warnings,
        "written": outcome.written,
    });
    Ok(Outcome::success(text, data))
}
