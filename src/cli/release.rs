//! `forklayer release [--version V] [--out DIR] [--check]`

use std::path::PathBuf;

use serde_json::json;

use super::UsageError;
use super::{Outcome, RunContext};
use crate::layer::{Layer, OwnPackage};
use crate::rebuild::read_own_package;
use crate::release::{check_release, head_commit_time, read_bundle, write_release, Artifact, ReleaseOptions};
use crate::tree::Tree;

/// Arguments of `release`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Builds <name>-<V>.zip (`layer.name` of forklayer.toml, by default the name of its \
directory; this project's: dsh-profile-self-checking): the profile template (without \
node_modules) with the fork layer, whose own packages (the compiled plugins) are assembled from \
their declared `include` entries, install.sh, install.ps1, tools/verify.mjs, \
host/ and tools/install-host.sh when present, README.md (and README.zh-CN.md when present), LICENSE and the user documentation (docs/). The archive is reproducible: \
sorted entries, one timestamp (SOURCE_DATE_EPOCH, else the HEAD commit time, clamped to 1980), \
modes 0644/0755, Unix \"made by\", no extra fields, pinned deflate. Beside it, one npm tarball per own \
package (`<npm name>-<version>.tgz`, the layout `npm pack` writes: `package/` prefix, files in byte \
order, npm's fixed mtime, modes 0644/0755, pinned gzip), for `dsh plugin --profile <p> add \
./<name>-<version>.tgz`. The extra bundles of forklayer.toml's `[release] bundles` (package \
directories outside the fork layer, each with a package.json `name`, `version` and `files` list) are \
packed the same way, beside the archive and into it as `bundles/<name>-<version>.tgz`. The \
CycloneDX SBOM of the release (`forklayer sbom`) is written beside the archive as \
<name>-<V>.cdx.json and into it as sbom.cdx.json. Prints `<sha256>  <path>` for \
the archive, then for each tarball, then for the SBOM; --check builds each of them twice.

Exit codes:
  0  archive written (and, with --check, reproduced)
  1  --check: two builds differ
  2  usage, or a file the release needs is missing
  3  I/O or git failure")]
pub struct Args {
    /// The version in the archive name [default: `layer.baseline` of forklayer.toml].
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// Where to write the archive [default: dist/ under the project root].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Build twice and fail unless both archives are byte-identical.
    #[arg(long)]
    pub check: bool,
    /// Timestamp of every entry, in seconds since 1970; empty means unset [default: the HEAD commit
    /// time].
    #[arg(long, value_name = "SECONDS", env = "SOURCE_DATE_EPOCH", value_parser = parse_epoch)]
    pub source_date_epoch: Option<Epoch>,
}

/// A `--source-date-epoch` / `SOURCE_DATE_EPOCH` value: seconds, or none
/// for an empty value.
#[derive(Clone, Copy, Debug)]
pub struct Epoch(Option<i64>);

/// The reproducible-builds convention treats an empty `SOURCE_DATE_EPOCH`
/// as unset (CI systems export it empty); anything else must be a whole
/// number of seconds, or clap reports a usage error naming the variable.
fn parse_epoch(text: &str) -> Result<Epoch, String> {
    if text.is_empty() {
        return Ok(Epoch(None));
    }
    text.parse::<i64>().map(|seconds| Epoch(Some(seconds))).map_err(|_| {
        "not a whole number of seconds since 1970; set SOURCE_DATE_EPOCH to one (e.g. `$(git log -1 \
         --format=%ct)`), or leave it empty or unset to use the HEAD commit time"
            .to_string()
    })
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> super::CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Read)?;
    let epoch = args.source_date_epoch.and_then(|epoch| epoch.0);
    let timestamp = epoch.map_or_else(|| head_commit_time(&layer.root), Ok)?;
    // Each own package's sources are read once: they ship as its tarball
    // and as its directory of the profile.
    let version = super::sbom::release_version(&layer, args.version)?;
    let own: Vec<(&OwnPackage, Tree)> = layer
        .own
        .iter()
        .map(|own| Ok((own, read_own_package(own)?)))
        .collect::<Result<_, crate::rebuild::RebuildError>>()?;
    let out_dir = args.out.map_or_else(|| crate::release::default_out_dir(&layer.root), |out| Ok(ctx.resolve(&out)))?;
    crate::guard::check_output_place(&layer, &out_dir)?;
    let options = ReleaseOptions {
        root: layer.root.clone(),
        name: layer.name.clone(),
        version: version.clone(),
        out_dir,
        timestamp,
        tarballs: own.iter().map(|(own, files)| (own.npm_name.clone(), files.clone())).collect(),
        packages: own_packages(&layer, &own)?,
        ignored: ignored_paths(&layer),
        bundles: layer.release_bundles.iter().map(read_bundle).collect::<Result<_, _>>()?,
        sbom: Some(super::sbom::release_sbom(&layer, version.clone())?),
    };
    let release = if args.check { check_release(&options)? } else { write_release(&options)? };
    let shown = ctx.display(&release.zip.path);
    let verb = if args.check { "Verified" } else { "Packaged" };
    let detail = if args.check { ", two builds byte-identical" } else { "" };
    ctx.reporter.status(verb, &format!("`{shown}` ({} files, {} bytes{detail})", release.entries, release.zip.size));
    let mut text = format!("{}  {shown}\n", release.zip.sha256);
    for tarball in release.tarballs.iter().chain(&release.sbom) {
        text.push_str(&format!("{}  {}\n", tarball.sha256, ctx.display(&tarball.path)));
    }
    let artifact = |a: &Artifact| json!({"path": ctx.display(&a.path), "sha256": a.sha256, "size": a.size});
    let data = json!({
        "path": shown,
        "version": options.version,
        "sha256": release.zip.sha256,
        "size": release.zip.size,
        "entries": release.entries,
        "timestamp": options.timestamp,
        "checked": args.check,
        "tarballs": release.tarballs.iter().map(artifact).collect::<Vec<_>>(),
        "sbom": release.sbom.as_ref().map(artifact),
    });
    Ok(Outcome::success(text, data))
}

/// The project's own packages, assembled from their `include` entries (as
/// `gen-patches` copies them; `own` holds each one's files), each with its
/// directory relative to the root.
fn own_packages(layer: &Layer, own: &[(&OwnPackage, Tree)]) -> Result<Vec<(String, Tree)>, UsageError> {
    let forks = layer.paths.forks.display();
    let outside = || UsageError(format!("the fork layer `{forks}` must be inside the project to be released"));
    own.iter().map(|(own, files)| Ok((fork_dir(layer, &own.name).ok_or_else(outside)?, files.clone()))).collect()
}

/// Each upstream package directory of the fork layer (root-relative) with
/// its `ignore` globs, when it has any.
fn ignored_paths(layer: &Layer) -> Vec<(String, crate::ignore::Ignore)> {
    layer
        .upstream_packages()
        .into_iter()
        .filter(|name| !layer.ignore_of(name).is_empty())
        .filter_map(|name| Some((fork_dir(layer, name)?, layer.ignore_of(name).clone())))
        .collect()
}

/// The directory of package `name` in the fork layer, relative to the
/// root with `/` separators; `None` when it is not inside the root.
fn fork_dir(layer: &Layer, name: &str) -> Option<String> {
    let dir = layer.package_dir(&layer.paths.forks, name);
    Some(dir.strip_prefix(&layer.root).ok()?.to_string_lossy().replace('\\', "/"))
}
