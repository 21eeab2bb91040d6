//! `forklayer sbom [--version V] [--out FILE]`

use std::path::PathBuf;

use serde_json::json;

use super::{CliResult, Outcome, RunContext};
use crate::layer::Layer;
use crate::sbom::{read_layer, to_json, SbomInput, Subject};

/// Arguments of `sbom`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Writes the CycloneDX 1.6 JSON SBOM that `forklayer release` puts beside and into \
the archive (the same bytes for the same --version): every upstream package with its purl, version, \
license and the registry's integrity hash (from upstream/forklayer.lock.json); every forked package \
with a `pedigree` naming its upstream ancestor (purl + integrity) and carrying its patch (type \
`unofficial`, the review diff patches/<pkg>.diff as the diff text, the manifest's sha256 as a \
property); every own package and release bundle. No clock goes in: the serial number is a \
name-based UUID of the rest of the document.

Exit codes:
  0  SBOM written
  2  usage (--out names a file that is not a previous SBOM, or one inside upstream/, patches/, the
     fork layer or .git), or a patch file or package.json the SBOM needs is missing or unusable
  3  upstream/ has no usable lock file, or an I/O error")]
pub struct Args {
    /// The release version the SBOM describes [default: `layer.baseline` of forklayer.toml].
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// Write the SBOM to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub(crate) fn exec(ctx: &RunContext, args: Args) -> CliResult<Outcome> {
    let layer = ctx.layer_outside_merge(crate::exclusive::Access::Read)?;
    let version = release_version(&layer, args.version)?;
    let input = release_sbom(&layer, version)?;
    let bytes = to_json(&input)?;
    let components = input.components.len();
    let Some(out) = args.out else {
        // serde_json writes UTF-8 only: nothing is replaced here.
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let data = json!({ "sbom": serde_json::from_slice::<serde_json::Value>(&bytes).unwrap_or_default() });
        return Ok(Outcome::success(text, data));
    };
    let path = ctx.resolve(&out);
    // Only a previous SBOM is replaced: `--out forklayer.toml` is a slip.
    let is_sbom = |bytes: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(bytes).is_ok_and(|doc| doc["bomFormat"] == "CycloneDX")
    };
    crate::guard::check_output_file(&layer, &path, "a CycloneDX SBOM", is_sbom)?;
    // Written like every output: one journaled update, its journal beside
    // the file, rolled back by the next `sbom --out` of the same file if a
    // run is killed.
    crate::journal::recover_beside(&path)?;
    let mut update = crate::journal::Update::beside(&path)?;
    update.replace_file(&path, &bytes);
    update.apply()?;
    let shown = ctx.display(&path);
    ctx.reporter
        .status("Wrote", &format!("`{shown}` (CycloneDX {}, {components} components)", crate::sbom::SPEC_VERSION));
    let sha256 = crate::npm::sha256_hex(&bytes);
    let data = json!({ "path": shown, "sha256": sha256, "components": components });
    Ok(Outcome::success(format!("{sha256}  {shown}\n"), data))
}

/// The facts of the SBOM of the release `forklayer release --version`
/// would build.
pub(crate) fn release_sbom(layer: &Layer, version: String) -> Result<SbomInput, crate::sbom::SbomError> {
    read_layer(layer, Subject { name: layer.name.clone(), version })
}

/// The version a release (and its SBOM) carries: `--version`, by default
/// the version family's `layer.baseline`.
pub(crate) fn release_version(layer: &Layer, given: Option<String>) -> Result<String, super::UsageError> {
    given.or_else(|| layer.baseline.clone()).ok_or_else(|| {
        super::UsageError("the layer has no `layer.baseline` to name the release by; pass `--version <V>`".to_string())
    })
}
