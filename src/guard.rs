//! Where forklayer may replace a directory wholesale.
//!
//! Every write makes a whole directory what the command computed (through
//! the undo journal, [`crate::journal`]), so a target that is the
//! repository itself, a file, or a directory of unrelated content would be
//! destroyed by a mistyped option. These checks run before anything is
//! read or written.

use std::path::{Path, PathBuf};

use crate::layer::Layer;
use crate::realpath::normalize;

/// Why a target directory was refused.
#[derive(Debug, thiserror::Error)]
pub enum GuardError {
    /// The target exists and is not a directory.
    #[error("`{path}` is a file, not a directory")]
    NotADirectory {
        /// The target.
        path: PathBuf,
    },
    /// The target holds files that are not a fork layer.
    #[error("`{path}` is not empty and not a fork layer (it holds `{entry}`), so replacing it would delete that")]
    Occupied {
        /// The target.
        path: PathBuf,
        /// The first entry that is not the layer's scope directory.
        entry: String,
    },
    /// The target is inside a directory forklayer manages.
    #[error("`{path}` is inside `{managed}`, which forklayer manages")]
    InsideManaged {
        /// The target.
        path: PathBuf,
        /// The managed directory.
        managed: PathBuf,
    },
    /// The output file exists and is not one forklayer writes there.
    #[error("`{path}` exists and is not {what}, so replacing it would lose it")]
    NotAnOutput {
        /// The target.
        path: PathBuf,
        /// What the command writes, e.g. "a CycloneDX SBOM".
        what: &'static str,
    },
    /// The target is the declaration's directory or one of its parents.
    #[error("`{path}` contains the declaration `{declaration}`; replacing it would delete the repository")]
    ContainsDeclaration {
        /// The target.
        path: PathBuf,
        /// The declaration's directory.
        declaration: PathBuf,
    },
}

impl crate::error::Diagnostic for GuardError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Usage, "unsafe_target")
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            GuardError::NotADirectory { .. } | GuardError::Occupied { .. } => {
                "pass a new or empty directory, or one a previous `rebuild --out` wrote".into()
            }
            GuardError::NotAnOutput { .. } => {
                "pass a new file name, or the file a previous run of the same command wrote".into()
            }
            GuardError::InsideManaged { .. } | GuardError::ContainsDeclaration { .. } => {
                "pass a directory outside the repository's `upstream/`, `patches/` and fork layer, e.g. `/tmp/forks`"
                    .into()
            }
        })
    }
}

/// Checks that `rebuild --out <out>` may replace `out`: it is new, empty
/// or holds only the layer's package directories (a previous output), and it
/// is neither inside `upstream/`, `patches/`, the fork layer or an own
/// package's source nor an ancestor of the declaration.
pub fn check_output_dir(layer: &Layer, out: &Path) -> Result<(), GuardError> {
    let target = normalize(out);
    refuse_repository(layer, out, &target)?;
    refuse_managed(layer, out, &target)?;
    // A previous output holds the upstream packages' scope directories (or
    // the unscoped packages themselves) and the own packages.
    let tops: Vec<&str> =
        layer.own.iter().filter_map(|o| o.npm_name.split('/').next()).chain(layer.upstream_roots()).collect();
    refuse_foreign_contents(out, |name| tops.contains(&name))
}

/// Checks that a command may write its output file `out` (`sbom --out`):
/// it is not inside `upstream/`, `patches/`, the fork layer, an own
/// package's source or `.git`, and it is new or holds such an output
/// already (`is_output`), never the declaration or another file.
pub fn check_output_file(
    layer: &Layer,
    out: &Path,
    what: &'static str,
    is_output: impl Fn(&[u8]) -> bool,
) -> Result<(), GuardError> {
    check_output_place(layer, out)?;
    match std::fs::read(out) {
        Ok(bytes) if !is_output(&bytes) => Err(GuardError::NotAnOutput { path: out.to_path_buf(), what }),
        Err(_) if out.exists() => Err(GuardError::NotAnOutput { path: out.to_path_buf(), what }),
        _ => Ok(()),
    }
}

/// Checks that an output (`release --out`, `sbom --out`) goes nowhere
/// forklayer or git keeps its own files: not inside `upstream/`,
/// `patches/`, the fork layer, an own package's source or `.git`.
pub fn check_output_place(layer: &Layer, out: &Path) -> Result<(), GuardError> {
    let target = normalize(out);
    refuse_managed(layer, out, &target)?;
    let git = normalize(&layer.root.join(".git"));
    if target.starts_with(&git) {
        return Err(GuardError::InsideManaged { path: out.to_path_buf(), managed: layer.root.join(".git") });
    }
    Ok(())
}

/// Refuses a target below `upstream/`, `patches/`, the fork layer or an
/// own package's source.
fn refuse_managed(layer: &Layer, shown: &Path, target: &Path) -> Result<(), GuardError> {
    let own_sources = layer.own.iter().map(|own| &own.source);
    for managed in [&layer.paths.upstream, &layer.paths.patches, &layer.paths.forks].into_iter().chain(own_sources) {
        let managed_real = normalize(managed);
        if target != managed_real && target.starts_with(&managed_real) {
            return Err(GuardError::InsideManaged { path: shown.to_path_buf(), managed: managed.clone() });
        }
    }
    Ok(())
}

/// Checks that a managed directory (`upstream/`, `patches/`, possibly
/// overridden on the command line) may be replaced: it is not a file and
/// not the repository itself.
pub fn check_managed_dir(layer: &Layer, dir: &Path) -> Result<(), GuardError> {
    refuse_repository(layer, dir, &normalize(dir))?;
    if dir.exists() && !dir.is_dir() {
        return Err(GuardError::NotADirectory { path: dir.to_path_buf() });
    }
    Ok(())
}

fn refuse_repository(layer: &Layer, shown: &Path, target: &Path) -> Result<(), GuardError> {
    if normalize(&layer.root).starts_with(target) {
        return Err(GuardError::ContainsDeclaration { path: shown.to_path_buf(), declaration: layer.root.clone() });
    }
    Ok(())
}

fn refuse_foreign_contents(dir: &Path, allowed: impl Fn(&str) -> bool) -> Result<(), GuardError> {
    if !dir.exists() {
        return Ok(());
    }
    if !dir.is_dir() {
        return Err(GuardError::NotADirectory { path: dir.to_path_buf() });
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
    let foreign = entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned());
    match foreign.filter(|name| !allowed(name)).min() {
        Some(entry) => Err(GuardError::Occupied { path: dir.to_path_buf(), entry }),
        None => Ok(()),
    }
}
