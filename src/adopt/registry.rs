//! The registry's integrity of each vendored package, when it is
//! reachable: its files must then be the vendored ones.

use std::path::Path;

use super::AdoptError;
use crate::npm::{fetch_all_from_registry, Npm, NpmError};
use crate::rebuild::compare_trees;
use crate::tree::Tree;

/// Name of the directory `npm pack` writes to, before the pid.
pub(super) const SCRATCH_PREFIX: &str = ".forklayer-adopt-";

/// A package's integrity from the registry (`None` when it could not be
/// asked), and the warning that says so.
pub(super) type Integrity = (Option<String>, Option<String>);

/// The integrity of each `(full, version, vendored files)` as
/// [`registry_integrity`] finds it, all packages fetched from the registry
/// at once, in order.
pub(super) fn registry_integrities(
    npm: Option<&Npm>,
    packages: &[(String, String, Tree)],
    scratch: &Path,
) -> Vec<Result<Integrity, AdoptError>> {
    let Some(npm) = npm else {
        let offline = |(full, version, _): &(String, String, Tree)| {
            let warning = format!(
                "`{full}@{version}`: not checked against the registry (--offline); its integrity in the lock file is null"
            );
            Ok((None, Some(warning)))
        };
        return packages.iter().map(offline).collect();
    };
    let specs: Vec<(String, String)> =
        packages.iter().map(|(full, version, _)| (full.clone(), version.clone())).collect();
    let fetched = fetch_all_from_registry(npm, &specs, scratch);
    packages
        .iter()
        .zip(fetched)
        .map(|((full, version, vendored), fetched)| registry_integrity(full, version, vendored, fetched))
        .collect()
}

/// The integrity of `full@version` from the registry (`fetched`: what
/// fetching it gave), after proving the registry's tarball holds exactly
/// the vendored files; `None` with a warning when the registry could not
/// be asked.
fn registry_integrity(
    full: &str,
    version: &str,
    vendored: &Tree,
    fetched: Result<crate::npm::FetchedPackage, NpmError>,
) -> Result<Integrity, AdoptError> {
    let spec = format!("{full}@{version}");
    match fetched {
        Ok(fetched) => {
            let differences = compare_trees(&fetched.tree, vendored);
            if !differences.is_empty() {
                return Err(AdoptError::NotRegistryBytes {
                    package: spec,
                    differences: differences.iter().map(|d| d.between("the registry's tarball", "vendored")).collect(),
                });
            }
            Ok((fetched.integrity, None))
        }
        Err(source @ (NpmError::IntegrityMismatch { .. } | NpmError::Tarball { .. } | NpmError::BadPackage { .. })) => {
            Err(AdoptError::Registry { package: spec, source })
        }
        Err(unreachable) => Ok((
            None,
            Some(format!(
                "`{spec}`: the registry could not be asked ({unreachable}); its integrity in the lock file is null"
            )),
        )),
    }
}
