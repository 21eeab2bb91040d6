//! The CycloneDX software bill of materials of a release: what it ships,
//! and for each modified package where it came from and how it differs.
//!
//! Three kinds of component:
//!
//! - an upstream package carried unmodified: its npm purl, version,
//!   license and the registry's integrity hash (from the lock file);
//! - a forked package: the same facts of the fork, and a `pedigree` whose
//!   ancestor is the upstream package (purl + integrity) and whose patch
//!   (type `unofficial`) carries the review diff `patches/<pkg>.diff`, with
//!   the anchored manifest's sha256 among its properties;
//! - an own package (the project's plugins and release bundles): its purl,
//!   version and license.
//!
//! [`read_layer`] gathers these facts from a layer's files into an
//! [`SbomInput`]; [`to_json`] turns one into bytes with no I/O. The bytes
//! depend only on the input: no clock, components sorted, and a serial
//! number that is a name-based UUID of the rest of the document.
//!
//! The document is built from serde types of this module: the one Rust
//! CycloneDX library (`cyclonedx-bom` 0.8) writes specifications up to
//! 1.5, and the pedigree this module exists for is best shown with 1.6
//! (see docs/distribution.md).

use std::path::{Path, PathBuf};

use base64::Engine;
use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::layer::Layer;
use crate::lock::{Lock, LockError};
use crate::npm::sha256_hex;

/// The CycloneDX specification version written.
pub const SPEC_VERSION: &str = "1.6";

/// The file name of the SBOM inside a release archive.
pub const SBOM_ENTRY: &str = "sbom.cdx.json";

/// Everything an SBOM says, gathered from a layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SbomInput {
    /// What the SBOM describes (the release).
    pub subject: Subject,
    /// The version of forklayer that wrote it.
    pub tool_version: String,
    /// Every package the release ships.
    pub components: Vec<Component>,
}

/// The thing described: a release of the layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subject {
    /// Its name (the archive's stem).
    pub name: String,
    /// Its version.
    pub version: String,
}

/// An npm package's identity as its package.json and the lock state it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NpmIdentity {
    /// The full npm name (`@scope/name` or `name`).
    pub name: String,
    /// The version.
    pub version: String,
    /// The package.json `license`, when it has one.
    pub license: Option<String>,
}

/// One shipped package and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The package as shipped.
    pub identity: NpmIdentity,
    /// Upstream, fork or own.
    pub origin: Origin,
}

/// Where a shipped package came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Vendored from the registry and shipped unmodified.
    Upstream {
        /// The tarball's SRI integrity (`null` in the lock when vendored
        /// from a directory).
        integrity: Option<String>,
    },
    /// A modified copy of an upstream package.
    Fork {
        /// The upstream package it was made from.
        ancestor: NpmIdentity,
        /// The upstream tarball's SRI integrity.
        integrity: Option<String>,
        /// The patch that turns the ancestor into the fork.
        patch: PatchFiles,
    },
    /// The project's own package (no upstream).
    Own,
}

/// The generated files of a fork's patch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatchFiles {
    /// The review diff's path, relative to the project root.
    pub diff_path: String,
    /// The review diff's bytes.
    pub diff: Vec<u8>,
    /// The anchored manifest's path, relative to the project root.
    pub manifest_path: String,
    /// Lowercase hex sha256 of the manifest's bytes.
    pub manifest_sha256: String,
}

/// Errors of gathering an SBOM's facts.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SbomError {
    /// A file the SBOM describes could not be read.
    #[error("could not read `{}` for the SBOM", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A package.json without a usable `name` or `version`.
    #[error("`{}` of package `{package}` is not usable for the SBOM: {reason}", .path.display())]
    PackageJson {
        /// The declared package.
        package: String,
        /// The package.json.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The lock file does not name a vendored package.
    #[error("the lock file of `upstream/` has no entry for `{package}`")]
    NotLocked {
        /// The package's full name.
        package: String,
    },
    /// The lock file could not be read.
    #[error(transparent)]
    Lock(#[from] LockError),
    /// An integrity value of the lock file is not SRI.
    #[error("the integrity `{integrity}` of `{package}` in the lock file is not an SRI hash")]
    Integrity {
        /// The package's full name.
        package: String,
        /// The value.
        integrity: String,
    },
    /// Two shipped packages have the same name and version.
    #[error("two packages of the release are `{purl}`")]
    Duplicate {
        /// Their purl.
        purl: String,
    },
    /// A forked package has one of its generated patch files but not the other.
    #[error("forked package `{package}` has `{present}` but not `{missing}`")]
    HalfPatch {
        /// The declared package.
        package: String,
        /// The file that exists.
        present: String,
        /// The file that does not.
        missing: String,
    },
}

impl Diagnostic for SbomError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Integrity, Usage};
        match self {
            SbomError::Read { .. } => Own(Integrity, "io"),
            SbomError::PackageJson { .. } => Own(Usage, "bad_package_manifest"),
            SbomError::NotLocked { .. } => Own(Integrity, "upstream_not_locked"),
            SbomError::Lock(err) => Wraps(err),
            SbomError::Integrity { .. } => Own(Integrity, "lock_invalid"),
            SbomError::HalfPatch { .. } => Own(Usage, "patches_stale"),
            SbomError::Duplicate { .. } => Own(Usage, "duplicate_package"),
        }
    }

    fn own_help(&self) -> Option<String> {
        match self {
            SbomError::HalfPatch { .. } => Some("run `forklayer gen-patches` to write both".into()),
            SbomError::NotLocked { .. } | SbomError::Integrity { .. } => {
                Some("re-create `upstream/` with `forklayer snapshot <version>`".into())
            }
            SbomError::PackageJson { .. } => Some("give the package.json a string `name` and `version`".into()),
            SbomError::Duplicate { .. } => {
                Some("give the own package or bundle a name or version of its own in its package.json".into())
            }
            SbomError::Read { .. } | SbomError::Lock(_) => None,
        }
    }
}

/// The facts of the SBOM of `layer`'s release `subject`: its upstream
/// packages (names, versions and integrity from the lock file, licenses
/// from their package.json), its forks with their patches, its own
/// packages and its release bundles.
pub fn read_layer(layer: &Layer, subject: Subject) -> Result<SbomInput, SbomError> {
    let lock = Lock::read(&layer.paths.upstream)?;
    // Each package's files are read on their own (a thousand packages are
    // four thousand reads); the error reported is the first in name order,
    // as a sequential read would find it.
    let read: Vec<_> =
        layer.upstream_packages().into_par_iter().map(|name| read_upstream_package(layer, &lock, name)).collect();
    let mut components = read.into_iter().collect::<Result<Vec<_>, _>>()?;
    let own = layer.own.iter().map(|own| (&own.name, &own.source));
    for (name, dir) in own.chain(layer.release_bundles.iter().map(|bundle| (&bundle.declared, &bundle.dir))) {
        components.push(Component { identity: read_identity(name, &dir.join("package.json"))?, origin: Origin::Own });
    }
    Ok(SbomInput { subject, tool_version: env!("CARGO_PKG_VERSION").to_string(), components })
}

/// A forked or carried package: a fork when its patch files exist, else
/// the upstream package itself.
fn read_upstream_package(layer: &Layer, lock: &Lock, name: &str) -> Result<Component, SbomError> {
    let upstream_json = layer.package_dir(&layer.paths.upstream, name).join("package.json");
    let mut ancestor = read_identity(name, &upstream_json)?;
    let locked =
        lock.packages.get(&ancestor.name).ok_or_else(|| SbomError::NotLocked { package: ancestor.name.clone() })?;
    ancestor.version = locked.version.clone();
    let integrity = locked.integrity.clone();
    let Some(patch) = read_patch(layer, name)? else {
        return Ok(Component { identity: ancestor, origin: Origin::Upstream { integrity } });
    };
    let identity = read_identity(name, &layer.package_dir(&layer.paths.forks, name).join("package.json"))?;
    Ok(Component { identity, origin: Origin::Fork { ancestor, integrity, patch } })
}

/// `patches/<name>.diff` and `.json`, when the package has them (a forked
/// package equal to upstream has neither).
fn read_patch(layer: &Layer, name: &str) -> Result<Option<PatchFiles>, SbomError> {
    let [manifest, diff] = Layer::patch_files(name).map(|file| layer.paths.patches.join(file));
    let shown = |path: &Path| path.strip_prefix(&layer.root).unwrap_or(path).to_string_lossy().replace('\\', "/");
    match (diff.exists(), manifest.exists()) {
        (false, false) => Ok(None),
        (true, true) => Ok(Some(PatchFiles {
            diff_path: shown(&diff),
            diff: read(&diff)?,
            manifest_path: shown(&manifest),
            manifest_sha256: sha256_hex(&read(&manifest)?),
        })),
        (has_diff, _) => {
            let (present, missing) = if has_diff { (&diff, &manifest) } else { (&manifest, &diff) };
            Err(SbomError::HalfPatch { package: name.to_string(), present: shown(present), missing: shown(missing) })
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, SbomError> {
    crate::tree::read_regular(path).map_err(|source| SbomError::Read { path: path.to_path_buf(), source })
}

/// The name, version and license of the package.json at `path`.
fn read_identity(package: &str, path: &Path) -> Result<NpmIdentity, SbomError> {
    let bad = |reason: &str| SbomError::PackageJson {
        package: package.to_string(),
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    let json: serde_json::Value = serde_json::from_slice(&read(path)?).map_err(|_| bad("it is not valid JSON"))?;
    let text = |pointer: &str| json.pointer(pointer).and_then(serde_json::Value::as_str).map(str::to_string);
    let name = text("/name").filter(|n| !n.is_empty()).ok_or_else(|| bad("it has no string `name`"))?;
    let version = text("/version").filter(|v| !v.is_empty()).ok_or_else(|| bad("it has no string `version`"))?;
    // The old object form `{"type": "MIT", "url": ...}` names its license in `type`.
    let license = text("/license").or_else(|| text("/license/type"));
    Ok(NpmIdentity { name, version, license })
}

/// The SBOM as CycloneDX JSON bytes (two-space indentation, final newline).
pub fn to_json(input: &SbomInput) -> Result<Vec<u8>, SbomError> {
    let unnumbered = crate::manifest::canonical_json(&bom(input)?);
    // The serial goes right after `specVersion`, where the serialiser puts
    // the field: inserted as its line instead of serialising the document
    // (megabytes with a thousand diffs) a second time.
    let line = format!("  \"serialNumber\": \"{}\",\n", serial_number(&unnumbered));
    let spec = format!("  \"specVersion\": \"{SPEC_VERSION}\",\n");
    let at = memchr::memmem::find(&unnumbered, spec.as_bytes()).map_or(0, |at| at + spec.len());
    Ok([&unnumbered[..at], line.as_bytes(), &unnumbered[at..]].concat())
}

/// A name-based (version 5) UUID of the document without its serial
/// number: equal documents get equal serials, different ones different.
fn serial_number(document: &[u8]) -> String {
    let namespace = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, b"forklayer:sbom");
    format!("urn:uuid:{}", uuid::Uuid::new_v5(&namespace, document))
}

fn bom(input: &SbomInput) -> Result<Bom, SbomError> {
    let subject_ref = format!("pkg:generic/{}@{}", encode(&input.subject.name), encode(&input.subject.version));
    let mut components: Vec<CdxComponent> = input.components.iter().map(component).collect::<Result<_, _>>()?;
    components.sort_by(|a, b| a.bom_ref.cmp(&b.bom_ref));
    // Two packages of one name and version (an own package named like an
    // upstream one) would share a `bom-ref`, which must be unique.
    if let Some(pair) = components.windows(2).find(|pair| pair[0].bom_ref == pair[1].bom_ref) {
        return Err(SbomError::Duplicate { purl: pair[0].bom_ref.clone().unwrap_or_default() });
    }
    let refs: Vec<String> = components.iter().filter_map(|c| c.bom_ref.clone()).collect();
    let mut dependencies = vec![Dependency { reference: subject_ref.clone(), depends_on: refs.clone() }];
    dependencies.extend(refs.into_iter().map(|reference| Dependency { reference, depends_on: Vec::new() }));
    Ok(Bom {
        bom_format: "CycloneDX",
        spec_version: SPEC_VERSION,
        version: 1,
        metadata: Metadata {
            tools: Tools {
                components: vec![CdxComponent {
                    kind: "application",
                    name: "forklayer".into(),
                    version: input.tool_version.clone(),
                    purl: Some(format!("pkg:cargo/forklayer@{}", encode(&input.tool_version))),
                    ..CdxComponent::default()
                }],
            },
            component: CdxComponent {
                kind: "application",
                bom_ref: Some(subject_ref.clone()),
                name: input.subject.name.clone(),
                version: input.subject.version.clone(),
                purl: Some(subject_ref),
                ..CdxComponent::default()
            },
        },
        components,
        dependencies,
    })
}

fn component(component: &Component) -> Result<CdxComponent, SbomError> {
    let mut cdx = npm_component(&component.identity, true);
    match &component.origin {
        Origin::Upstream { integrity } => {
            cdx.hashes = hashes(&component.identity.name, integrity.as_deref())?;
            cdx.properties = vec![property("forklayer:origin", "upstream")];
        }
        Origin::Fork { ancestor, integrity, patch } => {
            let mut upstream = npm_component(ancestor, false);
            upstream.hashes = hashes(&ancestor.name, integrity.as_deref())?;
            cdx.pedigree = Some(Pedigree {
                ancestors: vec![upstream],
                patches: vec![Patch {
                    kind: "unofficial",
                    diff: Diff { text: attachment(&patch.diff), url: patch.diff_path.clone() },
                }],
                notes: format!(
                    "modified copy of {}@{}; the anchored manifest `{}` (sha256 {}) rebuilds it from the upstream bytes",
                    ancestor.name, ancestor.version, patch.manifest_path, patch.manifest_sha256
                ),
            });
            cdx.properties = vec![
                property("forklayer:origin", "fork"),
                property("forklayer:manifest", &patch.manifest_path),
                property("forklayer:manifest:sha256", &patch.manifest_sha256),
            ];
        }
        Origin::Own => cdx.properties = vec![property("forklayer:origin", "own")],
    }
    Ok(cdx)
}

/// A library component of an npm package; `referenced` gives it a
/// `bom-ref` (an ancestor inside a pedigree has none: its purl may equal
/// the fork's).
fn npm_component(identity: &NpmIdentity, referenced: bool) -> CdxComponent {
    let (group, name) = match identity.name.split_once('/') {
        Some((scope, name)) if scope.starts_with('@') => (Some(scope.to_string()), name.to_string()),
        _ => (None, identity.name.clone()),
    };
    let purl = npm_purl(&identity.name, &identity.version);
    CdxComponent {
        kind: "library",
        bom_ref: referenced.then(|| purl.clone()),
        group,
        name,
        version: identity.version.clone(),
        purl: Some(purl),
        licenses: identity.license.iter().map(|l| license(l)).collect(),
        ..CdxComponent::default()
    }
}

/// `pkg:npm/%40scope/name@version` (the package-url spec's npm type).
pub fn npm_purl(name: &str, version: &str) -> String {
    let path: Vec<String> = name.split('/').map(encode).collect();
    format!("pkg:npm/{}@{}", path.join("/"), encode(version))
}

/// Percent-encodes everything but the characters a purl keeps as they are.
fn encode(text: &str) -> String {
    let kept = |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_' | b'~');
    text.bytes().map(|byte| if kept(byte) { char::from(byte).to_string() } else { format!("%{byte:02X}") }).collect()
}

/// An SPDX expression as such; npm's `UNLICENSED` and `SEE LICENSE IN
/// <file>` are no expressions and go in as names.
fn license(text: &str) -> LicenseChoice {
    if text == "UNLICENSED" || text.starts_with("SEE LICENSE IN") {
        LicenseChoice::License { license: NamedLicense { name: text.to_string() } }
    } else {
        LicenseChoice::Expression { expression: text.to_string() }
    }
}

/// The hashes of an SRI value (`sha512-<base64> ...`), in hex.
fn hashes(package: &str, integrity: Option<&str>) -> Result<Vec<Hash>, SbomError> {
    let Some(integrity) = integrity else { return Ok(Vec::new()) };
    let bad = || SbomError::Integrity { package: package.to_string(), integrity: integrity.to_string() };
    let hash = |token: &str| {
        let (alg, digest) = token.split_once('-').ok_or_else(bad)?;
        let alg = match alg {
            "sha512" => "SHA-512",
            "sha384" => "SHA-384",
            "sha256" => "SHA-256",
            "sha1" => "SHA-1",
            _ => return Err(bad()),
        };
        // SRI allows `?options` after the digest.
        let digest = digest.split('?').next().unwrap_or_default();
        let bytes = base64::engine::general_purpose::STANDARD.decode(digest).map_err(|_| bad())?;
        Ok(Hash { alg, content: bytes.iter().map(|b| format!("{b:02x}")).collect() })
    };
    integrity.split_ascii_whitespace().map(hash).collect()
}

/// The diff as text, or base64 when it is not UTF-8 (bytes are kept).
fn attachment(bytes: &[u8]) -> Attachment {
    let (encoding, content) = match std::str::from_utf8(bytes) {
        Ok(text) => (None, text.to_string()),
        Err(_) => (Some("base64"), base64::engine::general_purpose::STANDARD.encode(bytes)),
    };
    Attachment { content_type: "text/x-diff", encoding, content }
}

fn property(name: &str, value: &str) -> Property {
    Property { name: name.to_string(), value: value.to_string() }
}

// The CycloneDX 1.6 JSON shapes this module writes (fields in the order
// they are written).

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Bom {
    bom_format: &'static str,
    spec_version: &'static str,
    version: u32,
    metadata: Metadata,
    components: Vec<CdxComponent>,
    dependencies: Vec<Dependency>,
}

#[derive(Serialize)]
struct Metadata {
    tools: Tools,
    component: CdxComponent,
}

#[derive(Serialize)]
struct Tools {
    components: Vec<CdxComponent>,
}

#[derive(Default, Serialize)]
struct CdxComponent {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(rename = "bom-ref", skip_serializing_if = "Option::is_none")]
    bom_ref: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<String>,
    name: String,
    version: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hashes: Vec<Hash>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    licenses: Vec<LicenseChoice>,
    #[serde(skip_serializing_if = "Option::is_none")]
    purl: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pedigree: Option<Pedigree>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<Property>,
}

#[derive(Serialize)]
struct Hash {
    alg: &'static str,
    content: String,
}

#[derive(Serialize)]
#[serde(untagged)]
enum LicenseChoice {
    Expression { expression: String },
    License { license: NamedLicense },
}

#[derive(Serialize)]
struct NamedLicense {
    name: String,
}

#[derive(Serialize)]
struct Pedigree {
    ancestors: Vec<CdxComponent>,
    patches: Vec<Patch>,
    notes: String,
}

#[derive(Serialize)]
struct Patch {
    #[serde(rename = "type")]
    kind: &'static str,
    diff: Diff,
}

#[derive(Serialize)]
struct Diff {
    text: Attachment,
    url: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Attachment {
    content_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'static str>,
    content: String,
}

#[derive(Serialize)]
struct Property {
    name: String,
    value: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Dependency {
    #[serde(rename = "ref")]
    reference: String,
    depends_on: Vec<String>,
}

#[cfg(test)]
mod tests;
