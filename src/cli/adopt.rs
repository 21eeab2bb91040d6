//! `forklayer adopt <dir> [--dry-run] [--offline] [--npm <path>]`

use std::path::{Component, PathBuf};

use serde_json::json;

use super::{Context, Outcome, RunContext};
use crate::adopt::{adopt, AdoptOptions, FORKS};
use crate::npm::Npm;

/// Arguments of `adopt`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Takes over a fork layer kept by the JS toolchain for dsh: upstream/VERSION, \
upstream/<scope>/<pkg>/, forks as profile/forks/<pkg>/ (no scope folder), seed manifests \
patches/<pkg>.json, verify.mjs at the root. Writes forklayer.toml (the scope and baseline found, \
packages with a manifest as `forked`, byte-identical ones as `carried`, `ignore = [\"README*\"]`), \
the lock file upstream/forklayer.lock.json from the vendored bytes (integrity from the registry \
through npm when reachable, after checking its tarball holds exactly the vendored files; null with a \
warning otherwise or with --offline), moves each fork to profile/forks/<scope>/<pkg>/ (and the \
profile package.json's file: links with it) and keeps the manifests as they are. Everything is proved \
in memory first (each manifest rebuilds its fork, each carried package equals upstream); on any error \
nothing is written. --dry-run lists every change and writes nothing. Ends by running `check`.")]
pub struct Args {
    /// The repository to adopt (relative to -C). Its own id: clap fills a
    /// global argument of the same id (`-C`'s `dir`) with it otherwise.
    #[arg(id = "repository", value_name = "DIR")]
    pub dir: PathBuf,
    /// List every change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Do not ask the registry: every integrity is recorded as null.
    #[arg(long)]
    pub offline: bool,
    /// The npm program to run for integrity look-ups.
    #[arg(long, value_name = "PATH", env = "FORKLAYER_NPM", default_value = "npm")]
    pub npm: PathBuf,
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    // `.` components only make the paths in messages harder to read.
    let dir: PathBuf = ctx.resolve(&args.dir).components().filter(|c| *c != Component::CurDir).collect();
    if !dir.is_dir() {
        return Err(super::UsageError(format!("`{}` is not a directory", dir.display())).into());
    }
    let npm = (!args.offline).then(|| Npm::new(args.npm.clone(), dir.clone()));
    let options = AdoptOptions { dir: dir.clone(), dry_run: args.dry_run, npm };
    // Adopt lists every change it makes and makes no other, so a project
    // lock file it created goes again however adopt ends.
    let result = super::in_new_project(&dir, super::access(args.dry_run), || adopt(&options), |_| true)?;
    let outcome = result.failed_to(|| format!("adopt `{}`", dir.display()))?;
    ctx.warn_all(&outcome.warnings);
    // Named as `check` names them, at the place the file has once adopted.
    super::warn_ignored_changes(ctx, &outcome.ignored_changes, |path| format!("{FORKS}/{path}"));
    let text: String = outcome.changes.iter().map(|change| format!("{change}\n")).collect();
    if outcome.written {
        let (forked, carried, scope, version) =
            (outcome.forked.len(), outcome.carried.len(), &outcome.scope, &outcome.version);
        let adopted = format!("{forked} forked and {carried} carried packages of {scope}@{version}");
        ctx.reporter.status("Adopted", &format!("{adopted}; `forklayer check` passes"));
    } else {
        ctx.reporter.note(&format!("dry run: {} changes listed, nothing written", outcome.changes.len()));
    }
    // Every field of the outcome, and the directory adopted.
    let mut data = serde_json::to_value(&outcome).unwrap_or_else(|_| json!({}));
    data["dir"] = dir.display().to_string().into();
    Ok(Outcome::success(text, data))
}
