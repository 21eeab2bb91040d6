//! Reproducible release archives: `<layer name>-<V>.zip` (this project's:
//! `dsh-profile-self-checking-<V>.zip`), and
//! beside it one npm tarball per own package (the dsh plugins, see
//! [`pack`]).
//!
//! A release holds what a user needs to install the profile and nothing that
//! is only needed to build it. The archive bytes depend only on the files
//! and the timestamp passed in: entries are sorted by byte order, every entry
//! gets the same timestamp, modes are normalised to 0644/0755, the "made by"
//! system is always Unix, no extra fields are written, and the deflate
//! backend and level are pinned (`zip` with default features off and
//! `deflate-flate2-zlib-rs`, versions fixed by `Cargo.lock`).

use std::path::{Path, PathBuf};

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::journal::{JournalError, Update};
use crate::npm::sha256_hex;
use crate::tree::{FileEntry, Tree, TreeError};

/// Whether a release item must exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Required,
    Optional,
}

/// What a release holds, relative to the project root. Directories are
/// copied whole except `node_modules`; build inputs (`src/`, `Cargo.*`,
/// `plugins/`, `upstream/`, `patches/`, `tests/`) are never listed.
const CONTENTS: &[(&str, Need)] = &[
    ("LICENSE", Need::Required),
    ("README.md", Need::Required),
    // Its Chinese translation, linked from the top of README.md.
    ("README.zh-CN.md", Need::Optional),
    // User documentation: README.md links to `docs/*.md`.
    ("docs", Need::Required),
    ("host", Need::Optional),
    ("install.ps1", Need::Required),
    ("install.sh", Need::Required),
    ("profile", Need::Required),
    ("tools/install-host.sh", Need::Optional),
    ("tools/verify.mjs", Need::Required),
];

/// What a release holds besides the own packages and the extra bundles,
/// relative to the project root: files, or directories taken whole.
pub fn contents() -> impl Iterator<Item = &'static str> {
    CONTENTS.iter().map(|(path, _)| *path)
}

/// Errors of building a release.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReleaseError {
    /// The version cannot be part of a file name.
    #[error("release version `{version}` may only contain letters, digits, `.`, `-` and `+`")]
    BadVersion {
        /// The refused version.
        version: String,
    },
    /// Something a user needs to install is missing from the project.
    #[error("`{path}` is missing from `{root}`; a release needs it to install the profile")]
    Missing {
        /// The missing item, relative to the root.
        path: String,
        /// The project root.
        root: PathBuf,
    },
    /// A file name the installers would refuse (a tab, a newline or
    /// another control character): `install.sh` reads file lists line by
    /// line, so such a name would break every install of the release.
    #[error("`{path}` has a control character (tab, newline…) in its name; the installers refuse such names")]
    BadName {
        /// The name, with control characters escaped.
        path: String,
    },
    /// A file name Windows cannot hold (a reserved device name, a trailing
    /// dot or space, a character it forbids): the release is unpacked on
    /// Windows too, and `install.ps1` could not install it.
    #[error("`{path}` cannot be unpacked on Windows: {reason}")]
    WindowsName {
        /// The path in the release.
        path: String,
        /// Why Windows cannot hold it.
        reason: String,
    },
    /// The repository's `dist` leads outside it (a planted link).
    #[error("`dist` in the repository leads to `{}`, outside it", .real.display())]
    OutsideOut {
        /// Where it leads.
        real: PathBuf,
    },
    /// Reading the release contents failed.
    #[error("could not read the release contents")]
    Tree(#[from] TreeError),
    /// The HEAD commit time could not be read.
    #[error("could not read the HEAD commit time of the repository at `{root}`")]
    Git {
        /// The project root.
        root: PathBuf,
        /// The underlying error.
        #[source]
        source: git2::Error,
    },
    /// The zip writer failed.
    #[error("could not write zip entry `{entry}`")]
    Zip {
        /// The entry being written.
        entry: String,
        /// The underlying error.
        #[source]
        source: zip::result::ZipError,
    },
    /// Writing the release's files failed (and was rolled back).
    #[error(transparent)]
    Write(#[from] JournalError),
    /// The SBOM could not be built.
    #[error(transparent)]
    Sbom(#[from] crate::sbom::SbomError),
    /// An own package could not be packed as an npm tarball.
    #[error(transparent)]
    Pack(#[from] pack::PackError),
    /// A `[release] bundles` entry is not a package that can be shipped.
    #[error("release bundle `{bundle}`: {reason}")]
    Bundle {
        /// The entry as declared.
        bundle: String,
        /// What is wrong.
        reason: String,
    },
    /// `--check`: two builds of the same tree differ.
    #[error("two builds of `{name}` differ (sha256 `{first}` then `{second}`)")]
    NotReproducible {
        /// The archive name.
        name: String,
        /// sha256 of the first build.
        first: String,
        /// sha256 of the second build.
        second: String,
    },
}

impl Diagnostic for ReleaseError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Attention, Integrity, Usage};
        match self {
            ReleaseError::BadVersion { .. } => Own(Usage, "bad_version"),
            ReleaseError::Missing { .. } => Own(Usage, "release_item_missing"),
            ReleaseError::BadName { .. } | ReleaseError::WindowsName { .. } => Own(Usage, "bad_file_name"),
            ReleaseError::OutsideOut { .. } => Own(Usage, "unsafe_target"),
            ReleaseError::Tree(_) => Own(Integrity, "io"),
            ReleaseError::Git { .. } => Own(Integrity, "git"),
            ReleaseError::Zip { .. } => Own(Integrity, "zip"),
            ReleaseError::Pack(pack::PackError::Manifest { .. }) => Own(Usage, "bad_package_manifest"),
            ReleaseError::Pack(pack::PackError::Tar { .. }) => Own(Integrity, "tar"),
            ReleaseError::Bundle { .. } => Own(Usage, "bad_release_bundle"),
            ReleaseError::NotReproducible { .. } => Own(Attention, "not_reproducible"),
            ReleaseError::Write(e) => Wraps(e),
            ReleaseError::Sbom(e) => Wraps(e),
        }
    }

    fn own_help(&self) -> Option<String> {
        let help = match self {
            ReleaseError::Missing { .. } => "commit the missing file, or run from the project root (`-C <dir>`)",
            ReleaseError::Git { .. } => "set SOURCE_DATE_EPOCH to build outside a git checkout",
            ReleaseError::NotReproducible { .. } => "this is a bug in forklayer: please report it with both archives",
            ReleaseError::BadVersion { .. } => {
                "pass a version such as `1.2.0` or `1.2.0-rc.1` (letters, digits, `.`, `-`, `+`)"
            }
            ReleaseError::BadName { .. } => "rename the file so its name has no control characters",
            ReleaseError::WindowsName { .. } => {
                "rename the file in the fork layer (and its manifest with `forklayer gen-patches`)"
            }
            ReleaseError::OutsideOut { .. } => {
                "pass `--out <dir>` to write the release there on purpose, or remove the `dist` link"
            }
            ReleaseError::Pack(pack::PackError::Manifest { .. }) => {
                "give the package's package.json a `name` and a `version` (its `source` in forklayer.toml)"
            }
            ReleaseError::Pack(pack::PackError::Tar { .. }) => "this is a bug in forklayer: please report it",
            ReleaseError::Bundle { .. } => {
                "a release bundle is a package directory with a package.json that has a `name`, a `version` and a \
                 `files` list of what to ship (build it first); fix it or drop it from `[release] bundles` in \
                 forklayer.toml"
            }
            ReleaseError::Tree(e) => return e.help(),
            ReleaseError::Zip { .. } => {
                "check that the output directory (`--out`) exists, is writable and has free space"
            }
            ReleaseError::Write(_) | ReleaseError::Sbom(_) => return None,
        };
        Some(help.into())
    }
}

/// What to build.
#[derive(Clone, Debug)]
pub struct ReleaseOptions {
    /// The project root (the directory holding `forklayer.toml`).
    pub root: PathBuf,
    /// The archive's name before its version (`layer.name`).
    pub name: String,
    /// The version in the archive name.
    pub version: String,
    /// Where the archive is written.
    pub out_dir: PathBuf,
    /// Timestamp of every entry, in seconds since the Unix epoch; clamped to
    /// the range a zip can carry.
    pub timestamp: i64,
    /// Packages placed at a root-relative directory, replacing whatever the
    /// checkout has there: the project's own packages, assembled from their
    /// build output so the release never ships a stale or missing copy.
    pub packages: Vec<(String, Tree)>,
    /// Own packages shipped beside the archive as npm tarballs: the name
    /// errors use (forklayer.toml's `name`) and the package's files.
    pub tarballs: Vec<(String, Tree)>,
    /// Package directories (root-relative) with the files their declared
    /// `ignore` globs leave out of the fork layer: never shipped.
    pub ignored: Vec<(String, crate::ignore::Ignore)>,
    /// Extra bundles (`[release] bundles`, [`read_bundle`]): packed beside
    /// the archive like `tarballs`, and into it as `bundles/<tarball>` so an
    /// unpacked release installs them without a checkout.
    pub bundles: Vec<(String, Tree)>,
    /// The facts of the release's SBOM ([`crate::sbom`]): written beside
    /// the archive as `<stem>-<V>.cdx.json` and into it as
    /// [`crate::sbom::SBOM_ENTRY`]; rebuilt and compared by `--check`.
    pub sbom: Option<crate::sbom::SbomInput>,
}

/// The directory of the archive that holds the extra bundles' tarballs.
pub const BUNDLES_DIR: &str = "bundles";

/// One written file of a release: the zip or a plugin tarball.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artifact {
    /// Where it was written.
    pub path: PathBuf,
    /// Lowercase hex sha256 of its bytes.
    pub sha256: String,
    /// Size in bytes.
    pub size: u64,
}

/// A written release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    /// The archive.
    pub zip: Artifact,
    /// Number of file entries of the archive.
    pub entries: usize,
    /// The plugin tarballs written beside the archive, in declaration order.
    pub tarballs: Vec<Artifact>,
    /// The SBOM written beside the archive, when the release has one.
    pub sbom: Option<Artifact>,
}

/// A release built in memory, not written yet.
#[derive(Debug)]
struct Built {
    zip: Vec<u8>,
    entries: usize,
    /// `(file name, npm tarball bytes)`.
    tarballs: Vec<(String, Vec<u8>)>,
    sbom: Option<Vec<u8>>,
}

/// `<root>/dist`, the default output directory, unless the repository
/// made it lead elsewhere: a cloned repository must not make a release
/// land in the user's other directories (`--out` says where on purpose).
pub fn default_out_dir(root: &Path) -> Result<PathBuf, ReleaseError> {
    let out = root.join("dist");
    crate::realpath::inside(root, &out).map_err(|real| ReleaseError::OutsideOut { real })?;
    Ok(out)
}

/// The archive file name of release `version` of the layer `name`.
pub fn archive_name(name: &str, version: &str) -> String {
    format!("{name}-{version}.zip")
}

/// The SBOM's file name beside that archive.
pub fn sbom_name(name: &str, version: &str) -> String {
    format!("{name}-{version}.cdx.json")
}

/// The SBOM's bytes, when the release has one. Two packages packing to one
/// tarball are refused first: the later would overwrite the earlier, and
/// the SBOM would refuse them too, but only this check names the bundle.
fn build_sbom(options: &ReleaseOptions) -> Result<Option<Vec<u8>>, ReleaseError> {
    let mut names: Vec<String> = Vec::new();
    for (package, files) in options.tarballs.iter().chain(&options.bundles) {
        let file = pack::tarball_name(package, files)?;
        if names.contains(&file) {
            let reason = format!("it packs to `{file}`, as another package of the release does");
            return Err(ReleaseError::Bundle { bundle: package.to_string(), reason });
        }
        names.push(file);
    }
    Ok(options.sbom.as_ref().map(crate::sbom::to_json).transpose()?)
}

/// Builds the archive and the plugin tarballs and writes them to `out_dir`.
pub fn write_release(options: &ReleaseOptions) -> Result<Release, ReleaseError> {
    store(options, build_both(options)?)
}

/// The archive and every tarball, built side by side (both are mostly
/// deflate): the own packages' tarballs on one thread; the bundles'
/// tarballs, which go into the archive too, packed once for both, then the
/// archive, on this one. The archive's error first when both fail.
fn build_both(options: &ReleaseOptions) -> Result<Built, ReleaseError> {
    let (archive, own) = rayon::join(|| build_release(options), || pack_all(&options.tarballs));
    let mut built = archive?;
    built.tarballs = own?.into_iter().chain(built.tarballs).collect();
    Ok(built)
}

/// Builds the archive and every plugin tarball twice from the files on disk,
/// fails unless both builds of each are byte-identical, then writes them like
/// [`write_release`].
pub fn check_release(options: &ReleaseOptions) -> Result<Release, ReleaseError> {
    let (first, second) = (build_both(options)?, build_both(options)?);
    same_twice(&archive_name(&options.name, &options.version), &first.zip, &second.zip)?;
    for ((name, one), (_, other)) in first.tarballs.iter().zip(&second.tarballs) {
        same_twice(name, one, other)?;
    }
    if let (Some(one), Some(other)) = (&first.sbom, &second.sbom) {
        same_twice(&sbom_name(&options.name, &options.version), one, other)?;
    }
    store(options, first)
}

fn same_twice(name: &str, first: &[u8], second: &[u8]) -> Result<(), ReleaseError> {
    if first == second {
        return Ok(());
    }
    Err(ReleaseError::NotReproducible { name: name.to_string(), first: sha256_hex(first), second: sha256_hex(second) })
}

/// The tarball of each package, in order, named as npm names it.
fn pack_all(packages: &[(String, Tree)]) -> Result<Vec<(String, Vec<u8>)>, ReleaseError> {
    packages
        .iter()
        .map(|(package, files)| Ok((pack::tarball_name(package, files)?, pack::pack(package, files)?)))
        .collect()
}

/// The files `npm pack` would ship of a `[release] bundles` directory:
/// package.json, README.md and LICENSE when present, and every entry of its
/// `files` list (which it must have: without it npm would ship the sources
/// and whatever else lies there). Returns the entry as declared and the
/// files.
pub fn read_bundle(bundle: &crate::layer::ReleaseBundle) -> Result<(String, Tree), ReleaseError> {
    let bad = |reason: String| ReleaseError::Bundle { bundle: bundle.declared.clone(), reason };
    if !bundle.dir.is_dir() {
        return Err(bad(format!("`{}` is not a directory", bundle.dir.display())));
    }
    let manifest = bundle.dir.join("package.json");
    if !manifest.is_file() {
        return Err(bad("it has no package.json".into()));
    }
    let manifest = crate::tree::read_file_entry(&manifest)?;
    // `tarball_name` refuses a package.json that is not JSON.
    let json: serde_json::Value = serde_json::from_slice(&manifest.bytes).unwrap_or_default();
    let mut tree = Tree::new();
    tree.insert("package.json", manifest)?;
    // Name and version first: the clearest message for a bare package.json.
    pack::tarball_name(&bundle.declared, &tree)?;
    let files = json
        .get("files")
        .and_then(serde_json::Value::as_array)
        .filter(|list| !list.is_empty())
        .ok_or_else(|| bad("its package.json has no `files` list".into()))?;
    for always in ["README.md", "LICENSE"] {
        let path = bundle.dir.join(always);
        if path.is_file() {
            tree.insert(always, crate::tree::read_file_entry(&path)?)?;
        }
    }
    for entry in files {
        let text = entry.as_str().ok_or_else(|| bad("its `files` list holds a non-string".into()))?;
        let rel = text.trim_start_matches("./").trim_end_matches('/');
        if rel.contains(['*', '?', '[', '!']) {
            return Err(bad(format!("`files` entry `{text}` is a pattern; list files and directories by name")));
        }
        crate::tree::check_relative_path(rel).map_err(|e| bad(format!("`files` entry `{text}`: {e}")))?;
        let path = bundle.dir.join(rel);
        if path.is_dir() {
            tree.graft(rel, Tree::read_dir(&path)?)?;
        } else if path.is_file() {
            tree.insert(rel, crate::tree::read_file_entry(&path)?)?;
        } else {
            return Err(bad(format!("`files` entry `{text}` does not exist (build the package first)")));
        }
    }
    Ok((bundle.declared.clone(), tree))
}

/// Writes the release's files into `out_dir` as one journaled update (its
/// journal beside `out_dir`): all of them or, after a failure or a kill,
/// none; a release killed earlier into the same `out_dir` is rolled back
/// first.
fn store(options: &ReleaseOptions, built: Built) -> Result<Release, ReleaseError> {
    let zip_name = archive_name(&options.name, &options.version);
    let sbom_file = sbom_name(&options.name, &options.version);
    let outputs = std::iter::once((zip_name.as_str(), built.zip.as_slice()))
        .chain(built.tarballs.iter().map(|(name, bytes)| (name.as_str(), bytes.as_slice())))
        .chain(built.sbom.as_deref().map(|bytes| (sbom_file.as_str(), bytes)));
    crate::journal::recover_beside(&options.out_dir)?;
    let mut update = Update::beside(&options.out_dir)?;
    for (name, bytes) in outputs {
        update.replace_file(&options.out_dir.join(name), bytes);
    }
    update.apply()?;
    let artifact = |name: &str, bytes: &[u8]| Artifact {
        path: options.out_dir.join(name),
        sha256: sha256_hex(bytes),
        size: bytes.len() as u64,
    };
    Ok(Release {
        zip: artifact(&zip_name, &built.zip),
        entries: built.entries,
        tarballs: built.tarballs.iter().map(|(name, bytes)| artifact(name, bytes)).collect(),
        sbom: built.sbom.as_deref().map(|bytes| artifact(&sbom_file, bytes)),
    })
}

/// Reads the release contents below `options.root` and zips them in memory,
/// with the bundles' tarballs it packed into the archive (in declaration
/// order), which also ship beside it, and the SBOM.
fn build_release(options: &ReleaseOptions) -> Result<Built, ReleaseError> {
    let version = &options.version;
    if version.is_empty() || !pack::fits_file_name(version) || version.starts_with('.') {
        return Err(ReleaseError::BadVersion { version: version.to_string() });
    }
    let replaced: Vec<&str> = options.packages.iter().map(|(dir, _)| dir.as_str()).collect();
    // The SBOM (megabytes of JSON with a thousand diffs) is serialised
    // while the contents are read.
    let (files, sbom) = rayon::join(|| collect_contents(&options.root, &replaced), || build_sbom(options));
    let (mut files, sbom) = (files?, sbom?);
    for (dir, package) in &options.packages {
        files.take_subtree(dir);
        files.graft(dir, package.clone())?;
    }
    for (dir, ignore) in &options.ignored {
        let prefix = format!("{dir}/");
        files.retain(|p| !p.strip_prefix(&prefix).is_some_and(|rel| ignore.is_ignored(rel)));
    }
    let bundles = pack_all(&options.bundles)?;
    for (file, bytes) in &bundles {
        files.insert(format!("{BUNDLES_DIR}/{file}"), FileEntry::new(bytes.clone()))?;
    }
    if let Some(sbom) = &sbom {
        files.insert(crate::sbom::SBOM_ENTRY, FileEntry::new(sbom.clone()))?;
    }
    if let Some(bad) = files.paths().find(|p| p.chars().any(char::is_control)) {
        return Err(ReleaseError::BadName { path: bad.escape_debug().to_string() });
    }
    if let Some((path, reason)) = files.paths().find_map(|p| crate::names::windows_problem(p).map(|r| (p, r))) {
        return Err(ReleaseError::WindowsName { path: path.to_string(), reason });
    }
    if let Some((path, reason)) = crate::names::case_problems(files.paths()).into_iter().next() {
        return Err(ReleaseError::WindowsName { path: path.to_string(), reason });
    }
    let top = format!("{}-{}", options.name, options.version);
    let zip = zip_tree(&files, &top, options.timestamp)?;
    Ok(Built { zip, entries: files.len(), tarballs: bundles, sbom })
}

/// The files of a release, keyed by their path relative to `root`, without
/// the directories `replaced` (relative to `root`), whose files the release
/// takes from elsewhere: the own packages, assembled from their sources,
/// are not read from the fork layer only to be dropped.
pub fn collect_contents(root: &Path, replaced: &[&str]) -> Result<Tree, ReleaseError> {
    let mut files = Tree::new();
    for &(item, need) in CONTENTS {
        let path = root.join(item);
        if path.is_dir() {
            let skipped = |rel: &str| {
                rel.rsplit('/').next() == Some("node_modules")
                    || replaced.iter().any(|dir| dir.strip_prefix(item).and_then(|d| d.strip_prefix('/')) == Some(rel))
            };
            let dir = Tree::read_dir_filtered(&path, |rel, is_dir| !(is_dir && skipped(rel)))?;
            files.graft(item, dir)?;
        } else if path.is_file() {
            files.insert(item, crate::tree::read_file_entry(&path)?)?;
        } else if need == Need::Required {
            return Err(ReleaseError::Missing { path: item.to_string(), root: root.to_path_buf() });
        }
    }
    Ok(files)
}

/// The commit time of HEAD in the repository containing `root`, in seconds
/// since the Unix epoch: the default release timestamp.
pub fn head_commit_time(root: &Path) -> Result<i64, ReleaseError> {
    let git = |source| ReleaseError::Git { root: root.to_path_buf(), source };
    let repo = git2::Repository::discover(root).map_err(git)?;
    let commit = repo.head().and_then(|head| head.peel_to_commit()).map_err(git)?;
    Ok(commit.time().seconds())
}

mod archive;
pub mod pack;

pub use archive::{zip_datetime, zip_tree};

#[cfg(test)]
mod tests;
