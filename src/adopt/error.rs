//! Why a repository cannot be adopted, and what to do about it.

use std::path::PathBuf;

use crate::error::{Diagnosis, ExitStatus};
use crate::journal::JournalError;
use crate::manifest::ManifestError;
use crate::npm::NpmError;
use crate::tree::TreeError;

/// Errors of `adopt`; nothing is written when one is returned (except
/// [`AdoptError::CheckFailed`], found after writing and rolled back).
#[derive(Debug, thiserror::Error)]
pub enum AdoptError {
    /// The directory already has a declaration.
    #[error("`{path}` already exists: this is a forklayer repository")]
    AlreadyAdopted {
        /// The declaration.
        path: PathBuf,
    },
    /// The directory is not of the JS toolchain's shape.
    #[error("`{dir}` is not a fork layer of the JS toolchain's shape: {what}")]
    NotJsShape {
        /// The directory.
        dir: PathBuf,
        /// What is missing or unexpected.
        what: String,
    },
    /// A fork with no vendored package, or the other way round.
    #[error("package `{package}` is in `{present}` but not in `{absent}`")]
    Unpaired {
        /// The package (without scope).
        package: String,
        /// Where it is.
        present: String,
        /// Where it is missing.
        absent: String,
    },
    /// A vendored package's `package.json` names another package.
    #[error("`{path}` holds `{found}`, not `{expected}`")]
    WrongPackage {
        /// The package directory.
        path: PathBuf,
        /// Its `name@version`.
        found: String,
        /// What the directory name says.
        expected: String,
    },
    /// A fork that differs from upstream has no manifest.
    #[error("`{package}` differs from upstream in {} file(s) but has no manifest `{manifest}`: {}", differences.len(), differences.join(", "))]
    NoManifest {
        /// Full package name.
        package: String,
        /// The manifest expected.
        manifest: PathBuf,
        /// The differences.
        differences: Vec<String>,
    },
    /// A manifest does not rebuild its fork.
    #[error("`{manifest}` does not rebuild the fork of `{package}`: {}", problems.join("; "))]
    DoesNotRebuild {
        /// Full package name.
        package: String,
        /// The manifest.
        manifest: PathBuf,
        /// What differs or fails.
        problems: Vec<String>,
    },
    /// The profile's `package.json` would not agree with the declaration.
    #[error("`{path}` does not declare the fork layer: {}", problems.join("; "))]
    Dependencies {
        /// The file.
        path: PathBuf,
        /// What check would report.
        problems: Vec<String>,
    },
    /// The registry's tarball holds other files than the vendored package.
    #[error("vendored `{package}` differs from the registry's tarball in {} file(s): {}", differences.len(), differences.join(", "))]
    NotRegistryBytes {
        /// `name@version`.
        package: String,
        /// The differences, each side named.
        differences: Vec<String>,
    },
    /// The registry answered, but its bytes cannot be trusted.
    #[error("could not verify `{package}` against the registry")]
    Registry {
        /// `name@version`.
        package: String,
        /// What went wrong.
        #[source]
        source: NpmError,
    },
    /// Something in the repository would make `check` fail after adopting
    /// (found before anything is written).
    #[error("`{path}` {why}")]
    Stray {
        /// The path, relative to the repository.
        path: String,
        /// What is wrong with it.
        why: String,
        /// What to do.
        help: String,
    },
    /// The declaration adopt wrote does not load (a bug).
    #[error("the declaration adopt wrote is invalid")]
    Declaration(#[from] crate::layer::LayerError),
    /// A manifest could not be read.
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    /// A directory could not be read.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Writing failed (and was rolled back).
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The adopted repository does not pass `check` (a bug: everything it
    /// checks was proved before writing).
    #[error("the adopted repository does not pass `forklayer check`: {}", problems.join("; "))]
    CheckFailed {
        /// What check reported.
        problems: Vec<String>,
    },
}

impl crate::error::Diagnostic for AdoptError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use Diagnosis::{Own, Wraps};
        use ExitStatus::{Bug, Integrity, Usage};
        match self {
            AdoptError::AlreadyAdopted { .. } => Own(Usage, "already_adopted"),
            AdoptError::NotJsShape { .. } | AdoptError::Stray { .. } => Own(Usage, "not_adoptable"),
            AdoptError::Unpaired { .. } => Own(Usage, "unpaired_package"),
            AdoptError::WrongPackage { .. } => Own(Usage, "wrong_package"),
            AdoptError::NoManifest { .. } => Own(Usage, "manifest_missing"),
            AdoptError::DoesNotRebuild { .. } => Own(Usage, "does_not_rebuild"),
            AdoptError::Dependencies { .. } => Own(Usage, "profile_dependencies"),
            AdoptError::NotRegistryBytes { .. } => Own(Integrity, "not_registry_bytes"),
            AdoptError::Registry { source, .. } => Wraps(source),
            AdoptError::Declaration(_) => Own(Bug, "internal"),
            AdoptError::Manifest(e) => Own(e.exit_status(), e.code()),
            AdoptError::Tree(e) => Wraps(e),
            AdoptError::Journal(e) => Wraps(e),
            AdoptError::CheckFailed { .. } => Own(Bug, "check_failed"),
        }
    }
    fn own_help(&self) -> Option<String> {
        let help = match self {
            AdoptError::Registry { .. } | AdoptError::Tree(_) | AdoptError::Journal(_) => return None,
            AdoptError::Stray { help, .. } => return Some(help.clone()),
            AdoptError::AlreadyAdopted { .. } => "run `forklayer check` there; to adopt again, restore the repository as it was before (e.g. `git checkout`), remove `forklayer.toml` and adopt again",
            AdoptError::NotJsShape { .. } => "adopt expects `upstream/VERSION`, `upstream/<scope>/<pkg>/`, `profile/forks/<pkg>/` and `patches/<pkg>.json`; otherwise write forklayer.toml by hand (docs/forklayer.md)",
            AdoptError::Unpaired { .. } => "vendor the package or remove its fork (or the other way round), then adopt again",
            AdoptError::WrongPackage { .. } => "restore the vendored package's bytes, then adopt again",
            AdoptError::NoManifest { .. } => "regenerate the manifests with the JS toolchain (or restore the package's upstream bytes), then adopt again",
            AdoptError::DoesNotRebuild { .. } => "regenerate the manifest with the JS toolchain so it rebuilds the fork, then adopt again",
            AdoptError::Dependencies { .. } => "declare every vendored package as `\"@scope/pkg\": \"file:./forks/pkg\"` in the profile's package.json, and other packages of the scope only at the baseline version (the host; adopt declares it as a pin), then adopt again",
            AdoptError::NotRegistryBytes { .. } => "the vendored bytes are not npm's: re-vendor them with the JS toolchain, then adopt again",
            // A manifest's own help names `gen-patches`, which cannot run
            // before the repository is adopted.
            AdoptError::Manifest(_) => "nothing was written: fix the manifest (the JS toolchain's JSON `{package, builtAgainst, files}`) or regenerate it with the JS toolchain, then adopt again",
            AdoptError::CheckFailed { .. } => "the repository was put back as it was; this is a bug in forklayer: please report it with the repository's shape",
            AdoptError::Declaration(_) => "this is a bug in forklayer; please report it with the repository's shape",
        };
        Some(help.into())
    }
}
