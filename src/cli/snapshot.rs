//! `forklayer snapshot [<version>] [--from <dir | file.tgz>...]`

use std::path::PathBuf;

use serde_json::json;

use super::{Context, Outcome, RunContext};
use crate::snapshot::{snapshot, Versions};

/// Arguments of `snapshot`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Without --from, the packages are fetched with one `npm pack <name>@<version>... --json` \
(so .npmrc, proxies and auth apply; one call per package if that fails) and each sha512 is checked \
against the registry's dist.integrity (`npm view`). \
A --from source can be a .tgz file, a directory of .tgz files, a package directory or a \
node_modules-style directory (integrity cannot be checked for extracted directories).")]
pub struct Args {
    /// The version of the version family to vendor, e.g. 0.1.0-rc.8 [default: `layer.baseline`];
    /// packages declared as `name@version` are vendored at their own version. During a merge,
    /// the default is what the merge vendored (its new versions).
    pub version: Option<String>,
    /// Read packages from local .tgz files or directories instead of the registry.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub from: Vec<PathBuf>,
    /// The npm program to run.
    #[arg(long, value_name = "PATH", env = "FORKLAYER_NPM", default_value = "npm")]
    pub npm: PathBuf,
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Write)?;
    crate::interrupt::hold_ctrl_c();
    // During a merge, upstream/ holds what the merge vendored: a snapshot
    // without a version vendors that again (what the merge's messages
    // advise when upstream/ was changed since), never the declared
    // versions, which `--continue` has not moved yet.
    let merge = crate::merge::progress::MergeState::read(&layer.root).ok().flatten().filter(|_| args.version.is_none());
    let family = match &merge {
        Some(state) => state.family_version().map(str::to_string).or_else(|| layer.baseline.clone()),
        None => args.version.clone().or_else(|| layer.baseline.clone()),
    };
    let versions = match &merge {
        Some(state) => Versions::of_merge(&layer, family.as_deref(), &state.packages),
        None => Versions::all(&layer, family.as_deref()),
    };
    let shown_version = family.as_deref().map(|v| format!(" @ {v}")).unwrap_or_default();
    if args.from.is_empty() {
        ctx.reporter.status(
            "Fetching",
            &format!("{} packages{shown_version} through `{}`", layer.upstream_packages().len(), args.npm.display()),
        );
    }
    let source = ctx.source(&args.from, &args.npm);
    if args.version.is_some() && layer.baseline.is_none() {
        return Err(super::UsageError(
            "the layer has no version family (`layer.baseline`); its packages are vendored at the versions \
             forklayer.toml gives them: run `forklayer snapshot` without a version"
                .into(),
        )
        .into());
    }
    let outcome = snapshot(&layer, &versions, merge.is_some(), &source).failed_to(|| {
        let what = match (&merge, family.as_deref()) {
            (Some(state), _) => format!("the versions of the merge in progress (`{}`)", state.to),
            (None, Some(v)) => format!("`{v}`"),
            (None, None) => "the declared versions".to_string(),
        };
        format!("snapshot {what} into `{}`", ctx.display(&layer.paths.upstream))
    })?;
    ctx.warn_all(&outcome.warnings);
    let mut text = String::new();
    let mut packages = Vec::new();
    for (name, pkg) in &outcome.lock.packages {
        let bytes: u64 = pkg.files.values().map(|f| f.size).sum();
        let integrity = pkg.integrity.as_deref().unwrap_or("(no integrity)");
        text.push_str(&format!("{name}@{} {} files {bytes} bytes {integrity}\n", pkg.version, pkg.files.len()));
        packages.push(json!({"name": name, "version": pkg.version, "files": pkg.files.len(), "bytes": bytes, "integrity": pkg.integrity, "source": pkg.source}));
    }
    ctx.reporter
        .status("Vendored", &format!("{} packages into `{}`", packages.len(), ctx.display(&layer.paths.upstream)));
    let data = json!({"version": outcome.version, "upstream": ctx.display(&layer.paths.upstream), "packages": packages, "warnings": outcome.warnings});
    Ok(Outcome::success(text, data))
}
