//! npm packages: SRI integrity, the user's own `npm` (so `.npmrc`, proxies
//! and auth keep working) and fetching a package as an integrity-checked
//! [`Tree`] from the registry, a `.tgz` file or an extracted directory.

pub mod tarball;

use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine;
use serde::Deserialize;
use sha2::{Digest, Sha256, Sha512};

use rayon::prelude::*;

use crate::tree::{Tree, TreeError};

/// Errors of talking to npm or reading packages.
#[derive(Debug, thiserror::Error)]
pub enum NpmError {
    /// The npm program could not be started.
    #[error("could not run `{program}`")]
    Spawn {
        /// The program.
        program: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// npm exited with an error.
    #[error("`npm {args}` failed ({status}): {stderr}")]
    Failed {
        /// The arguments.
        args: String,
        /// Exit status text.
        status: String,
        /// What npm printed on stderr (last lines).
        stderr: String,
    },
    /// npm printed something unexpected.
    #[error("unexpected output from `npm {args}`: {message}")]
    Output {
        /// The arguments.
        args: String,
        /// What was wrong.
        message: String,
    },
    /// The registry has no such version.
    #[error("`{spec}` is not in the registry")]
    NotFound {
        /// `name@version`.
        spec: String,
    },
    /// The tarball bytes do not match the expected integrity.
    #[error("integrity mismatch for `{package}`: expected `{expected}`, got `{actual}`")]
    IntegrityMismatch {
        /// `name@version`.
        package: String,
        /// The expected SRI.
        expected: String,
        /// The SRI of the bytes received.
        actual: String,
    },
    /// An SRI string without a sha512 hash.
    #[error("integrity `{value}` of `{package}` has no sha512 hash")]
    UnsupportedIntegrity {
        /// `name@version`.
        package: String,
        /// The SRI string.
        value: String,
    },
    /// The package.json of a package is missing or unreadable.
    #[error("`{path}` is not a valid package: {message}")]
    BadPackage {
        /// Where the package came from.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The tarball was refused.
    #[error("refused tarball `{path}`")]
    Tarball {
        /// The tarball.
        path: PathBuf,
        /// Why.
        #[source]
        source: tarball::TarballError,
    },
    /// Reading a directory failed.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Reading a file failed.
    #[error("could not read `{path}`")]
    Io {
        /// The path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl crate::error::Diagnostic for NpmError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        use crate::error::Diagnosis::{Own, Wraps};
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            NpmError::Spawn { .. } => Own(Integrity, "npm_spawn"),
            NpmError::Failed { .. } => Own(Integrity, "npm_failed"),
            NpmError::Output { .. } => Own(Integrity, "npm_output"),
            NpmError::NotFound { .. } => Own(Usage, "not_in_registry"),
            NpmError::IntegrityMismatch { .. } => Own(Integrity, "integrity_mismatch"),
            NpmError::UnsupportedIntegrity { .. } => Own(Integrity, "unsupported_integrity"),
            NpmError::BadPackage { .. } => Own(Usage, "bad_package"),
            NpmError::Tarball { source, .. } => Wraps(source),
            NpmError::Tree(e) => Wraps(e),
            NpmError::Io { .. } => Own(Integrity, "io"),
        }
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            NpmError::Spawn { .. } => "install npm or point `--npm <path>` at it".into(),
            NpmError::IntegrityMismatch { .. } => {
                "the bytes are not what the registry published; do not vendor them".into()
            }
            NpmError::NotFound { spec } => format!(
                "check the version: `npm view {} versions` lists what the registry has",
                spec.rsplit_once('@').map_or(spec.as_str(), |(name, _)| name)
            ),
            NpmError::Failed { .. } => {
                "run the same npm command yourself for its full output; check `.npmrc`, proxy and login".into()
            }
            NpmError::BadPackage { .. } => {
                "give the package a `package.json` with `name` and `version`, or fetch it again from the registry"
                    .into()
            }
            NpmError::Output { .. } => {
                "run the same npm command yourself and check that it prints JSON (npm 7 or later)".into()
            }
            NpmError::UnsupportedIntegrity { .. } => {
                "the registry must publish a sha512 integrity for the package; do not vendor it otherwise".into()
            }
            NpmError::Io { .. } => "check that the file exists, is readable and is a regular file".into(),
            NpmError::Tarball { .. } | NpmError::Tree(_) => return None,
        })
    }
}

/// `sha512-<base64>` of `bytes`, as npm writes it.
pub fn sri_sha512(bytes: &[u8]) -> String {
    let digest = Sha512::digest(bytes);
    format!("sha512-{}", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// Lowercase hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks `bytes` against an SRI string (which may list several hashes;
/// every sha512 one must match, and at least one must be present).
pub fn verify_integrity(package: &str, expected: &str, bytes: &[u8]) -> Result<String, NpmError> {
    let actual = sri_sha512(bytes);
    let sha512s: Vec<&str> = expected.split_whitespace().filter(|h| h.starts_with("sha512-")).collect();
    if sha512s.is_empty() {
        return Err(NpmError::UnsupportedIntegrity { package: package.into(), value: expected.into() });
    }
    // Options after `?` in an SRI entry are not part of the digest.
    if sha512s.iter().any(|h| h.split('?').next() != Some(actual.as_str())) {
        return Err(NpmError::IntegrityMismatch { package: package.into(), expected: expected.into(), actual });
    }
    Ok(actual)
}

/// The user's npm program, run in a fixed working directory.
#[derive(Clone, Debug)]
pub struct Npm {
    program: PathBuf,
    cwd: PathBuf,
}

#[derive(Deserialize)]
struct PackOutput {
    filename: String,
}

impl Npm {
    /// An npm client running `program` in `cwd` (where `.npmrc` is read).
    pub fn new(program: impl Into<PathBuf>, cwd: impl Into<PathBuf>) -> Npm {
        Npm { program: program.into(), cwd: cwd.into() }
    }

    fn run(&self, args: &[&str]) -> Result<Vec<u8>, NpmError> {
        let output = self.spawn(args).map_err(|source| NpmError::Spawn { program: self.program.clone(), source })?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let lines: Vec<&str> = stderr.lines().collect();
            return Err(NpmError::Failed {
                args: args.join(" "),
                status: output.status.to_string(),
                stderr: lines[lines.len().saturating_sub(6)..].join(" | "),
            });
        }
        Ok(output.stdout)
    }

    /// Runs npm, retrying briefly on ETXTBSY: a freshly written npm shim
    /// can still be open for writing in a process that forked meanwhile.
    fn spawn(&self, args: &[&str]) -> std::io::Result<std::process::Output> {
        const TEXT_FILE_BUSY: i32 = 26;
        let mut attempts = 0;
        loop {
            match Command::new(&self.program).args(args).current_dir(&self.cwd).output() {
                Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && attempts < 5 => {
                    attempts += 1;
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                other => return other,
            }
        }
    }

    /// The registry's `dist.integrity` of `name@version`.
    pub fn view_integrity(&self, name: &str, version: &str) -> Result<String, NpmError> {
        let spec = format!("{name}@{version}");
        let args = ["view", spec.as_str(), "dist.integrity", "--json"];
        let stdout = self.run(&args)?;
        if stdout.iter().all(u8::is_ascii_whitespace) {
            return Err(NpmError::NotFound { spec });
        }
        let output = |message: String| NpmError::Output { args: args.join(" "), message };
        match serde_json::from_slice(&stdout).map_err(|e| output(e.to_string()))? {
            serde_json::Value::String(s) => Ok(s),
            other => Err(output(format!("expected one integrity string, got `{other}`"))),
        }
    }

    /// Runs one `npm pack <spec>... --json` for all `specs` into `dest`
    /// (npm is slow to start: one process instead of one per package) and
    /// returns the tarballs' paths in the order of `specs`. Which package a
    /// tarball holds is proven when it is read, not taken from npm's output.
    pub fn pack_specs(&self, specs: &[String], dest: &Path) -> Result<Vec<PathBuf>, NpmError> {
        let dest_str = dest.to_string_lossy().into_owned();
        let mut args: Vec<&str> = vec!["pack"];
        args.extend(specs.iter().map(String::as_str));
        args.extend(["--json", "--pack-destination", dest_str.as_str()]);
        let stdout = self.run(&args)?;
        let output = |message: String| NpmError::Output { args: args.join(" "), message };
        let packed: Vec<PackOutput> = serde_json::from_slice(&stdout).map_err(|e| output(e.to_string()))?;
        if packed.len() != specs.len() {
            return Err(output(format!("expected {} tarball(s), got {}", specs.len(), packed.len())));
        }
        let path = |filename: &str| match Path::new(filename).file_name() {
            Some(name) => Ok(dest.join(name)),
            None => Err(output(format!("bad filename `{filename}`"))),
        };
        packed.iter().map(|one| path(&one.filename)).collect()
    }
}

/// Where a fetched package came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `npm pack` from the registry, integrity checked.
    Registry,
    /// A local `.tgz` file.
    Tarball,
    /// An extracted directory (integrity cannot be checked).
    Directory,
}

impl Origin {
    /// Stable lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Registry => "registry",
            Origin::Tarball => "tarball",
            Origin::Directory => "directory",
        }
    }
}

/// A package read into memory.
#[derive(Clone, Debug)]
pub struct FetchedPackage {
    /// Full npm name from its package.json.
    pub name: String,
    /// Version from its package.json.
    pub version: String,
    /// The files.
    pub tree: Tree,
    /// sha512 SRI of the tarball (`None` for a directory).
    pub integrity: Option<String>,
    /// Where it came from.
    pub origin: Origin,
}

#[derive(Deserialize)]
struct PackageJson {
    name: Option<String>,
    version: Option<String>,
}

/// Name and version from a tree's `package.json`.
pub fn package_identity(tree: &Tree, origin: &Path) -> Result<(String, String), NpmError> {
    let bad = |message: String| NpmError::BadPackage { path: origin.to_path_buf(), message };
    let manifest = tree.get("package.json").ok_or_else(|| bad("no `package.json`".into()))?;
    let parsed: PackageJson =
        serde_json::from_slice(&manifest.bytes).map_err(|e| bad(format!("`package.json` is not valid JSON: {e}")))?;
    match (parsed.name, parsed.version) {
        (Some(n), Some(v)) => Ok((n, v)),
        _ => Err(bad("`package.json` lacks `name` or `version`".into())),
    }
}

/// Reads tarball bytes, checks them against `expected` (when given) and
/// extracts them. `origin` names the tarball in errors.
pub fn fetch_from_tgz_bytes(bytes: &[u8], origin: &Path, expected: Option<&str>) -> Result<FetchedPackage, NpmError> {
    let integrity = match expected {
        Some(exp) => verify_integrity(&origin.display().to_string(), exp, bytes)?,
        None => sri_sha512(bytes),
    };
    let tree = tarball::read_tgz(bytes).map_err(|source| NpmError::Tarball { path: origin.to_path_buf(), source })?;
    let (name, version) = package_identity(&tree, origin)?;
    Ok(FetchedPackage { name, version, tree, integrity: Some(integrity), origin: Origin::Tarball })
}

/// Fetches every `(name, version)` of `packages` through `npm pack` into
/// `scratch`, each checked against the registry's `dist.integrity`: one
/// `npm pack` for all of them (npm takes about half a second to start)
/// while the integrities are asked in parallel. Results keep
/// the order of `packages`. A failed batch (a package missing from the
/// registry, an npm that packs one spec at a time) is redone one package
/// at a time for the packages whose integrity the registry gave, so that
/// each error names its package as npm reported it.
pub fn fetch_all_from_registry(
    npm: &Npm,
    packages: &[(String, String)],
    scratch: &Path,
) -> Vec<Result<FetchedPackage, NpmError>> {
    let specs: Vec<String> = packages.iter().map(|(name, version)| format!("{name}@{version}")).collect();
    let (batch, integrities) = rayon::join(
        || npm.pack_specs(&specs, scratch),
        || packages.par_iter().map(|(name, version)| npm.view_integrity(name, version)).collect::<Vec<_>>(),
    );
    let tarballs: Vec<Result<PathBuf, NpmError>> = match batch {
        Ok(paths) => paths.into_iter().map(Ok).collect(),
        Err(_) => specs
            .par_iter()
            .zip(&integrities)
            .map(|(spec, integrity)| match integrity {
                // One spec packs to one tarball.
                Ok(_) => npm.pack_specs(std::slice::from_ref(spec), scratch).map(|mut paths| paths.remove(0)),
                // Never packed: the integrity's error is the one reported.
                Err(_) => Err(NpmError::NotFound { spec: spec.clone() }),
            })
            .collect(),
    };
    packages
        .iter()
        .zip(integrities)
        .zip(tarballs)
        .map(|(((name, version), integrity), tarball)| {
            integrity.and_then(|expected| read_packed(name, version, &tarball?, &expected))
        })
        .collect()
}

/// Reads (and removes) the tarball `npm pack` wrote for `name@version`,
/// checks it against `expected` (the registry's `dist.integrity`) and that
/// it holds that very package.
pub fn read_packed(name: &str, version: &str, tgz: &Path, expected: &str) -> Result<FetchedPackage, NpmError> {
    let bytes = crate::tree::read_regular(tgz).map_err(|source| NpmError::Io { path: tgz.to_path_buf(), source })?;
    let _ = std::fs::remove_file(tgz);
    let spec = format!("{name}@{version}");
    let mut fetched = fetch_from_tgz_bytes(&bytes, Path::new(&spec), Some(expected))?;
    fetched.origin = Origin::Registry;
    if fetched.name != name || fetched.version != version {
        return Err(NpmError::BadPackage {
            path: PathBuf::from(&spec),
            message: format!("npm returned `{}@{}`", fetched.name, fetched.version),
        });
    }
    Ok(fetched)
}

/// Reads an extracted package directory (e.g. from `node_modules`),
/// skipping what npm adds on install (`node_modules` directories,
/// `.package-lock.json`). Integrity cannot be checked.
pub fn fetch_from_dir(dir: &Path) -> Result<FetchedPackage, NpmError> {
    let installed = |rel: &str, is_dir| {
        is_dir && (rel == "node_modules" || rel.ends_with("/node_modules")) || rel == ".package-lock.json"
    };
    let tree = Tree::read_dir_filtered(dir, |rel, is_dir| !installed(rel, is_dir))?;
    tarball::check_case_collisions(&tree).map_err(|source| NpmError::Tarball { path: dir.to_path_buf(), source })?;
    let (name, version) = package_identity(&tree, dir)?;
    Ok(FetchedPackage { name, version, tree, integrity: None, origin: Origin::Directory })
}

#[cfg(test)]
mod tests {
    use super::{sha256_hex, sri_sha512, verify_integrity};

    #[test]
    fn sri_of_empty_input_is_the_known_value() {
        assert_eq!(
            sri_sha512(b""),
            "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
        );
        assert_eq!(sha256_hex(b"").len(), 64);
    }

    #[test]
    fn differing_sha512_is_refused() {
        let good = sri_sha512(b"a");
        assert!(verify_integrity("p", &good, b"a").is_ok());
        assert!(verify_integrity("p", &good, b"b").is_err());
        assert!(verify_integrity("p", "sha1-abc", b"a").is_err());
    }
}
