//! The patch formats of the JS package managers: npm 12, pnpm, Yarn Berry,
//! bun and patch-package.
//!
//! Each of them keeps changes to a dependency as a unified diff plus a
//! configuration entry, and each reads and applies the diff by its own rules
//! (docs/patch-formats.md describes them). This module is the layer under
//! `forklayer import/export/upgrade`:
//!
//! 1. [`discover`] lists the patched packages a project declares, with each
//!    version key resolved against the project's lock file.
//! 2. [`parse`] reads a patch file as the tools read it, refusing unsafe
//!    input (paths that leave the package, links, devices, binary patches,
//!    absurd sizes) by name.
//! 3. [`apply`] applies a patch to the pristine package exactly as the tool
//!    does, in memory.
//! 4. [`render`] writes the patch file(s) a tool would write for a base →
//!    fork pair, refusing what the format cannot express, and checks that
//!    its own output applies back to the fork's bytes.
//! 5. [`edit_config`] gives the new bytes of the configuration files,
//!    editing only the keys the tool owns.
//!
//! Everything works on [`Tree`]s and byte buffers; the only file access is
//! the reading of a project's configuration in [`discover`] and
//! [`edit_config`], which return values and never write.
//!
//! ```
//! use forklayer::patchfmt::{apply, render, Format};
//! use forklayer::tree::{FileEntry, Tree};
//!
//! let mut base = Tree::new();
//! base.insert("index.js", FileEntry::new(b"a\nb\n".to_vec())).expect("valid path");
//! let mut fork = base.clone();
//! fork.insert("index.js", FileEntry::new(b"a\nB".to_vec())).expect("valid path");
//! for format in Format::ALL {
//!     let files = render(format, "left-pad", "1.3.0", &base, &fork).expect("expressible");
//!     let (path, bytes) = &files[0];
//!     assert_eq!(apply(format, &base, bytes, path).expect("applies"), fork);
//! }
//!
//! // Yarn turns every `\r` of a patch into a line break: CRLF lines are
//! // refused by name instead of being written wrong.
//! let mut crlf = base.clone();
//! crlf.insert("index.js", FileEntry::new(b"a\r\nB\r\n".to_vec())).expect("valid path");
//! let refused = render(Format::Yarn, "left-pad", "1.3.0", &base, &crlf).expect_err("not expressible");
//! assert!(refused.to_string().contains("`index.js`"));
//! ```

mod apply;
mod config;
mod lockfile;
mod render;
#[cfg(test)]
mod tests;
pub mod unified;

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::error::{Diagnosis, Diagnostic};
use crate::tree::Tree;

pub use config::{
    aliases, config_files, depends_on, discover, edit_config, pnpm_ignored_patches, pnpm_ignored_warning, Alias,
    ConfigEntry, PatchedDependency,
};
pub use lockfile::{installed_versions, locked_versions, versions_installed_as};
pub use render::{is_yarn_patch_of, render};
pub use unified::{parse, FilePatch, Hunk};

/// One package manager's patch format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// npm 12: `patchedDependencies` in package.json, `patches/<name>@<version>.patch`.
    Npm,
    /// pnpm: `patchedDependencies` in pnpm-workspace.yaml.
    Pnpm,
    /// Yarn Berry: the `patch:` protocol and `.yarn/patches/`.
    Yarn,
    /// bun: `patchedDependencies` in package.json.
    Bun,
    /// patch-package: `patches/<name>+<version>[+<seq>[+<desc>]].patch`.
    PatchPackage,
}

impl Format {
    /// Every format, in a fixed order.
    pub const ALL: [Format; 5] = [Format::Npm, Format::Pnpm, Format::Yarn, Format::Bun, Format::PatchPackage];

    /// The name used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Npm => "npm",
            Format::Pnpm => "pnpm",
            Format::Yarn => "yarn",
            Format::Bun => "bun",
            Format::PatchPackage => "patch-package",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Format, FormatError> {
        Format::ALL
            .into_iter()
            .find(|format| format.as_str() == s)
            .ok_or_else(|| FormatError::UnknownFormat { name: s.to_string() })
    }
}

/// Applies one patch file of `format` to the pristine package, exactly as
/// that tool applies it. `patch_path` names the patch in errors.
pub fn apply(format: Format, pristine: &Tree, patch_bytes: &[u8], patch_path: &str) -> Result<Tree, FormatError> {
    let mut tree = pristine.clone();
    for file in parse(format, patch_bytes, patch_path)? {
        apply::apply_file(format, &mut tree, &file, patch_path)?;
    }
    Ok(tree)
}

/// Applies several patch files in their order (patch-package's sequence).
pub fn apply_in_order(format: Format, pristine: &Tree, patches: &[(String, Vec<u8>)]) -> Result<Tree, FormatError> {
    patches.iter().try_fold(pristine.clone(), |tree, (path, bytes)| apply(format, &tree, bytes, path))
}

/// The largest patch file read: far above any real dependency patch, far
/// below what would exhaust memory.
pub const MAX_PATCH_BYTES: usize = 32 << 20;

/// Reads patch file `rel` of `project` (a path as the project's
/// configuration names it), refusing by name what a cloned repository
/// could plant: an absolute path or one with `..`, a path that leads out
/// of the project through a symbolic link, a link or anything but a
/// regular file, and a file larger than [`MAX_PATCH_BYTES`], before a
/// byte is read.
pub fn read_patch_file(project: &Path, rel: &str) -> Result<Vec<u8>, FormatError> {
    let refuse = |reason: &str| FormatError::Refused { patch: rel.to_string(), line: 0, reason: reason.to_string() };
    crate::tree::check_relative_path(rel).map_err(|_| refuse("the path leaves the project (absolute or with `..`)"))?;
    let path = project.join(rel);
    let meta = path.symlink_metadata().map_err(FormatError::io(&path))?;
    if !meta.is_file() {
        return Err(refuse("it is not a regular file (a symbolic link, directory or device)"));
    }
    if crate::realpath::inside(project, &path).is_err() {
        return Err(refuse("it lies outside the project (a directory on its path is a symbolic link)"));
    }
    if meta.len() > MAX_PATCH_BYTES as u64 {
        return Err(refuse(&format!("{} bytes is more than the {MAX_PATCH_BYTES} a patch may have", meta.len())));
    }
    crate::tree::read_regular(&path).map_err(FormatError::io(&path))
}

/// Errors of reading, applying and writing the package managers' patches.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// A format name that is none of the five.
    #[error("unknown patch format `{name}`")]
    UnknownFormat {
        /// The name given.
        name: String,
    },
    /// A patch that is not a unified diff the tool could read.
    #[error("`{patch}` line {line}: {reason}")]
    Malformed {
        /// The patch file.
        patch: String,
        /// The 1-based line of the patch.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A patch the tools would read but forklayer refuses as unsafe.
    #[error("`{patch}`{}: refused: {reason}", at_line(*.line))]
    Refused {
        /// The patch file.
        patch: String,
        /// The 1-based line of the patch (0: the file as a whole).
        line: usize,
        /// What was refused (a path leaving the package, a link, a device,
        /// a binary patch, an absurd size).
        reason: String,
    },
    /// A hunk that does not apply to the package.
    #[error("`{patch}`: hunk {hunk} (patch line {line}) does not apply to `{file}`: {reason}")]
    HunkFailed {
        /// The patch file.
        patch: String,
        /// The file of the package the hunk is for.
        file: String,
        /// The 1-based number of the hunk within its file.
        hunk: usize,
        /// The 1-based line of the hunk header in the patch.
        line: usize,
        /// Why it does not apply.
        reason: String,
    },
    /// A file operation that does not fit the package (creating a file
    /// that exists, changing one that does not).
    #[error("`{patch}` line {line}: `{file}`: {reason}")]
    FileMismatch {
        /// The patch file.
        patch: String,
        /// The file of the package.
        file: String,
        /// The 1-based line of the file's header in the patch.
        line: usize,
        /// What does not fit.
        reason: String,
    },
    /// A change the format cannot carry.
    #[error("{format} patches cannot express the change to `{file}` of `{package}`: {reason}")]
    CannotExpress {
        /// The format.
        format: Format,
        /// The package.
        package: String,
        /// The file of the package.
        file: String,
        /// What the format lacks.
        reason: String,
    },
    /// A configuration file that cannot be read as the tool reads it.
    #[error("`{}`: {reason}", path.display())]
    Config {
        /// The configuration file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A configuration file the tool accepts, written in a way forklayer
    /// would not read or edit as the tool does (a key written twice, a
    /// YAML anchor or alias where forklayer edits).
    #[error("`{}`: {reason}", path.display())]
    Unsupported {
        /// The configuration file.
        path: PathBuf,
        /// What forklayer does not take.
        reason: String,
        /// What to change in the file.
        change: String,
    },
    /// A version key that the lock file does not resolve to one version.
    #[error("`{key}` in `{}`: {reason}", config.display())]
    Unresolved {
        /// The configuration file holding the key.
        config: PathBuf,
        /// The key as written.
        key: String,
        /// Why it could not be resolved.
        reason: String,
    },
    /// Reading a file failed.
    #[error("could not read `{}`", path.display())]
    Io {
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A tree could not hold a patched file.
    #[error("`{patch}`: the patched package is not a valid tree")]
    Tree {
        /// The patch file.
        patch: String,
        /// The underlying error.
        #[source]
        source: crate::tree::TreeError,
    },
}

/// ` line N`, or nothing for a refusal of the whole file (line 0).
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(" line {line}")
    }
}

impl FormatError {
    pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FormatError + '_ {
        move |source| FormatError::Io { path: path.to_path_buf(), source }
    }

    pub(crate) fn config(path: &Path, reason: impl Into<String>) -> FormatError {
        FormatError::Config { path: path.to_path_buf(), reason: reason.into() }
    }
}

impl Diagnostic for FormatError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        use crate::error::Diagnosis::Own;
        use crate::error::ExitStatus::{Integrity, Usage};
        match self {
            FormatError::UnknownFormat { .. } => Own(Usage, "unknown_patch_format"),
            FormatError::Malformed { .. } => Own(Integrity, "malformed_patch"),
            FormatError::Refused { .. } => Own(Integrity, "refused_patch"),
            FormatError::HunkFailed { .. } => Own(Usage, "hunk_does_not_apply"),
            FormatError::FileMismatch { .. } => Own(Usage, "patch_file_mismatch"),
            FormatError::CannotExpress { .. } => Own(Usage, "format_cannot_express"),
            FormatError::Config { .. } => Own(Usage, "patch_config_invalid"),
            FormatError::Unsupported { .. } => Own(Usage, "patch_config_unsupported"),
            FormatError::Unresolved { .. } => Own(Usage, "patch_version_unresolved"),
            FormatError::Io { .. } => Own(Integrity, "io"),
            FormatError::Tree { .. } => Own(Integrity, "patched_tree_invalid"),
        }
    }

    fn own_help(&self) -> Option<String> {
        Some(match self {
            FormatError::UnknownFormat { .. } => "use one of `npm`, `pnpm`, `yarn`, `bun`, `patch-package`".into(),
            FormatError::Malformed { .. } => "regenerate the patch with the tool's own patch command".into(),
            FormatError::Refused { .. } => {
                "patches may only change regular text files inside the package; remove the refused part".into()
            }
            FormatError::HunkFailed { .. } | FormatError::FileMismatch { .. } => {
                "the patch was made for other bytes of the package: check the version it is declared for".into()
            }
            FormatError::CannotExpress { .. } => {
                "keep that change in a forklayer layer, or export to a format that can carry it".into()
            }
            FormatError::Config { .. } => "fix the file so that the tool itself accepts it".into(),
            FormatError::Unsupported { change, .. } => change.clone(),
            FormatError::Unresolved { .. } => {
                "write the exact version in the key (`name@1.2.3`) or run the tool's install to update the lock file"
                    .into()
            }
            FormatError::Io { .. } => "check that the path exists and its permissions".into(),
            FormatError::Tree { .. } => return None,
        })
    }
}
