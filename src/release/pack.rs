//! Reproducible npm tarballs of the project's own packages (the dsh
//! plugins), shipped beside the profile zip so a user can run
//! `dsh plugin --profile <p> add ./<name>-<version>.tgz`.
//!
//! The layout is the one `npm pack` writes: a gzipped tar whose entries are
//! `package/<path>`, files only (no directory entries), in byte order of
//! their paths, every entry with the same fixed mtime npm uses
//! (1985-10-26T08:15:00Z), uid/gid 0, no user or group names and mode 0644
//! (0755 for executables). The gzip header carries no name and mtime 0; the
//! deflate level is pinned. The bytes depend only on the package's files.

use std::io::Write;

use flate2::{Compression, GzBuilder};
use tar::{Builder, EntryType, Header};

use crate::tree::Tree;

/// The mtime `npm pack` stamps on every entry (1985-10-26T08:15:00Z).
pub const NPM_PACK_MTIME: u64 = 499_162_500;

/// Deflate level of the tarball. Part of the format: changing it changes
/// every tarball's bytes. Level 6, as the release zip: more effort saves
/// little size (docs/merge-release.md).
const GZIP_LEVEL: u32 = 6;

/// Why a package could not be packed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// The package has no usable `package.json` name and version.
    #[error("`{package}`: {reason}")]
    Manifest {
        /// The package as declared in forklayer.toml.
        package: String,
        /// What is wrong with its package.json.
        reason: String,
    },
    /// Writing the tar stream failed.
    #[error("could not pack `{entry}` of `{package}`")]
    Tar {
        /// The package.
        package: String,
        /// The entry being written.
        entry: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

/// Whether `version` may be part of a file name: letters, digits, `.`, `-`
/// and `+` only.
pub(super) fn fits_file_name(version: &str) -> bool {
    version.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))
}

/// The tarball file name `npm pack` gives the package, from the `name` and
/// `version` of its `package.json`: a scope loses its `@` and its `/`
/// becomes `-` (`@acme/x` 1.0.0 → `acme-x-1.0.0.tgz`).
pub fn tarball_name(package: &str, files: &Tree) -> Result<String, PackError> {
    let bad = |reason: &str| PackError::Manifest { package: package.to_string(), reason: reason.to_string() };
    let manifest = files.get("package.json").ok_or_else(|| bad("its `include` has no package.json"))?;
    let json: serde_json::Value =
        serde_json::from_slice(&manifest.bytes).map_err(|_| bad("its package.json is not valid JSON"))?;
    let field = |key: &str| json.get(key).and_then(serde_json::Value::as_str).filter(|s| !s.is_empty());
    let name = field("name").ok_or_else(|| bad("its package.json has no `name`"))?;
    let version = field("version").ok_or_else(|| bad("its package.json has no `version`"))?;
    if !fits_file_name(version) {
        return Err(bad("its package.json `version` may only contain letters, digits, `.`, `-` and `+`"));
    }
    Ok(format!("{}-{version}.tgz", name.trim_start_matches('@').replace('/', "-")))
}

/// Packs `files` as `npm pack` lays a package out. `package` names it in
/// errors.
pub fn pack(package: &str, files: &Tree) -> Result<Vec<u8>, PackError> {
    let gzip = GzBuilder::new().mtime(0).operating_system(255).write(Vec::new(), Compression::new(GZIP_LEVEL));
    let mut tar = Builder::new(gzip);
    let tar_err =
        |entry: &str, source| PackError::Tar { package: package.to_string(), entry: entry.to_string(), source };
    for (path, entry) in files.iter() {
        let name = format!("package/{path}");
        let mut header = Header::new_ustar();
        header.set_entry_type(EntryType::Regular);
        header.set_mode(entry.mode());
        header.set_uid(0);
        header.set_gid(0);
        header.set_mtime(NPM_PACK_MTIME);
        header.set_size(entry.bytes.len() as u64);
        tar.append_data(&mut header, &name, entry.bytes.as_slice()).map_err(|e| tar_err(&name, e))?;
    }
    let mut gzip = tar.into_inner().map_err(|e| tar_err("(end of archive)", e))?;
    gzip.flush().map_err(|e| tar_err("(gzip)", e))?;
    gzip.finish().map_err(|e| tar_err("(gzip)", e))
}
