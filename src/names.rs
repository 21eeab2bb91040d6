//! Which file names a file system can hold, checked before anything is
//! written.
//!
//! A name is refused up front when the disk would refuse it halfway: a
//! path component longer than the file system's `NAME_MAX`, or a whole
//! path longer than its `PATH_MAX`, both asked of the file system the
//! target lives on (`pathconf`), not assumed. Writing such a name fails
//! after other files were already written, and the undo of that write
//! would meet the same name again.
//!
//! Releases are also unpacked on Windows: [`windows_problem`] says why a
//! name cannot exist there (reserved device names, trailing dots or
//! spaces, characters Windows forbids), as the installers would refuse it.

use std::path::{Path, PathBuf};

use crate::error::{Diagnosis, Diagnostic, ExitStatus};

/// What the file system under a directory holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameLimits {
    /// The longest path component, in bytes.
    pub name_max: usize,
    /// The longest whole path, in bytes (without the terminating NUL).
    pub path_max: usize,
    /// The existing directory the limits were asked of.
    pub asked: PathBuf,
}

/// Used where the file system gives no answer (POSIX's smallest `NAME_MAX`
/// is 14, but every file system npm runs on holds 255).
const FALLBACK_NAME_MAX: usize = 255;
/// Linux's and most Unix systems' `PATH_MAX`, the NUL included.
const FALLBACK_PATH_MAX: usize = 4096;

impl NameLimits {
    /// The limits of the file system `target` is (or will be) on: asked of
    /// its nearest existing ancestor.
    pub fn of(target: &Path) -> NameLimits {
        let asked = target.ancestors().find(|a| !a.as_os_str().is_empty() && a.exists()).unwrap_or(Path::new("."));
        let (name_max, path_max) = ask(asked);
        NameLimits {
            name_max: name_max.unwrap_or(FALLBACK_NAME_MAX),
            // PATH_MAX counts the terminating NUL.
            path_max: path_max.unwrap_or(FALLBACK_PATH_MAX).saturating_sub(1),
            asked: asked.to_path_buf(),
        }
    }

    /// Refuses `path` (absolute or relative to the working directory) when
    /// one of its components or the whole of it is too long to exist.
    pub fn check(&self, path: &Path) -> Result<(), NameError> {
        for component in path.components() {
            let len = component.as_os_str().len();
            if len > self.name_max {
                return Err(NameError::ComponentTooLong {
                    path: shorten(&path.to_string_lossy()),
                    component: shorten(&component.as_os_str().to_string_lossy()),
                    bytes: len,
                    limit: self.name_max,
                    filesystem: self.asked.clone(),
                });
            }
        }
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let len = absolute.as_os_str().len();
        if len > self.path_max {
            return Err(NameError::PathTooLong {
                path: shorten(&path.to_string_lossy()),
                bytes: len,
                limit: self.path_max,
                filesystem: self.asked.clone(),
            });
        }
        Ok(())
    }

    /// [`NameLimits::check`] for every file of a tree (and so every
    /// directory on their paths) written below `root`.
    pub fn check_tree<'a>(&self, root: &Path, paths: impl IntoIterator<Item = &'a str>) -> Result<(), NameError> {
        paths.into_iter().try_for_each(|rel| self.check(&root.join(rel)))
    }
}

#[cfg(unix)]
fn ask(dir: &Path) -> (Option<usize>, Option<usize>) {
    use nix::unistd::{pathconf, PathconfVar};
    let limit = |var| pathconf(dir, var).ok().flatten().and_then(|n| usize::try_from(n).ok());
    (limit(PathconfVar::NAME_MAX), limit(PathconfVar::PATH_MAX))
}

#[cfg(not(unix))]
fn ask(_dir: &Path) -> (Option<usize>, Option<usize>) {
    // NTFS: 255 UTF-16 units a component, 32,767 with long paths.
    (Some(255), Some(32_767))
}

/// A name the target file system cannot hold.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NameError {
    /// One component is longer than `NAME_MAX`.
    #[error(
        "`{path}` cannot exist on this disk: its name `{component}` is {bytes} bytes, and the file system of `{}` holds names of at most {limit} bytes",
        .filesystem.display()
    )]
    ComponentTooLong {
        /// The whole path, shortened.
        path: String,
        /// The component, shortened.
        component: String,
        /// Its length in bytes.
        bytes: usize,
        /// `NAME_MAX`.
        limit: usize,
        /// Where the limit was asked.
        filesystem: PathBuf,
    },
    /// The whole path is longer than `PATH_MAX`.
    #[error(
        "`{path}` cannot exist on this disk: the path is {bytes} bytes, and the file system of `{}` holds paths of at most {limit} bytes",
        .filesystem.display()
    )]
    PathTooLong {
        /// The path, shortened.
        path: String,
        /// Its absolute length in bytes.
        bytes: usize,
        /// `PATH_MAX` less its NUL.
        limit: usize,
        /// Where the limit was asked.
        filesystem: PathBuf,
    },
}

impl Diagnostic for NameError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        Diagnosis::Own(ExitStatus::Integrity, "name_too_long")
    }
    fn own_help(&self) -> Option<String> {
        Some(
            "nothing was written; shorten the name where it comes from (a package, a manifest, a declaration), \
             or move the repository to a shallower directory or a file system that holds longer names"
                .into(),
        )
    }
}

/// Names longer than this are shortened in messages.
const SHOWN_NAME_CHARS: usize = 120;

/// `name` as it is quoted in a message: a hostile archive's name can be
/// megabytes long.
pub fn shorten(name: &str) -> String {
    if name.chars().count() <= SHOWN_NAME_CHARS {
        return name.to_string();
    }
    let head: String = name.chars().take(SHOWN_NAME_CHARS).collect();
    format!("{head}… ({} bytes in all)", name.len())
}

/// Device names Windows reserves in every directory, whatever the
/// extension (`con.txt` is the console too).
const WINDOWS_RESERVED: &[&str] = &[
    "con", "prn", "aux", "nul", "conin$", "conout$", "com0", "com1", "com2", "com3", "com4", "com5", "com6", "com7",
    "com8", "com9", "com¹", "com²", "com³", "lpt0", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8",
    "lpt9", "lpt¹", "lpt²", "lpt³",
];

/// Characters no Windows file name may hold.
const WINDOWS_FORBIDDEN: &[char] = &['<', '>', ':', '"', '|', '?', '*', '\\'];

/// The longest component NTFS holds, in UTF-16 units.
const WINDOWS_NAME_MAX: usize = 255;

/// Why Windows cannot hold the relative `/`-separated path `rel`, if it
/// cannot: the reason names the offending component.
pub fn windows_problem(rel: &str) -> Option<String> {
    rel.split('/').find_map(windows_component_problem)
}

/// The names among `paths` (relative, `/`-separated) and the directories
/// on their way that differ only in case from one met before
/// (`README.md`/`readme.md`, `Lib/a.js`/`lib/b.js`), each as `(first,
/// second)`: Windows and macOS hold such names as one.
pub fn case_collisions<'p>(paths: impl IntoIterator<Item = &'p str>) -> Vec<(&'p str, &'p str)> {
    let mut folded: std::collections::BTreeMap<String, &str> = std::collections::BTreeMap::new();
    let mut found = Vec::new();
    for path in paths {
        let prefixes = path.match_indices('/').map(|(i, _)| &path[..i]).chain([path]);
        for name in prefixes {
            let first = *folded.entry(name.to_lowercase()).or_insert(name);
            if first != name && !found.contains(&(first, name)) {
                found.push((first, name));
            }
        }
    }
    found
}

/// The names among `paths` that Windows and macOS cannot hold beside
/// another ([`case_collisions`]), each with the reason.
pub fn case_problems<'p>(paths: impl IntoIterator<Item = &'p str>) -> Vec<(&'p str, String)> {
    let reason = |first| format!("it differs only in case from `{first}`, and Windows and macOS hold the two as one");
    case_collisions(paths).into_iter().map(|(first, second)| (second, reason(first))).collect()
}

fn windows_component_problem(name: &str) -> Option<String> {
    if let Some(c) = name.chars().find(|c| WINDOWS_FORBIDDEN.contains(c) || c.is_ascii_control()) {
        let shown =
            if c.is_ascii_control() { format!("control character U+{:04X}", u32::from(c)) } else { format!("`{c}`") };
        return Some(format!("`{}` holds {shown}, which Windows forbids in file names", shorten(name)));
    }
    if name.ends_with('.') || name.ends_with(' ') {
        return Some(format!("`{}` ends with a dot or a space, which Windows drops from file names", shorten(name)));
    }
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ').to_lowercase();
    if WINDOWS_RESERVED.contains(&stem.as_str()) {
        return Some(format!("`{name}` is a device name Windows reserves in every directory"));
    }
    if name.encode_utf16().count() > WINDOWS_NAME_MAX {
        return Some(format!("`{}` is longer than the {WINDOWS_NAME_MAX} characters Windows holds", shorten(name)));
    }
    None
}

#[cfg(test)]
mod tests;
