//! The comparison behind `rebuild --check`: bytes, modes and the set of
//! files of a rebuilt tree against a reference tree.

use serde::Serialize;

use crate::tree::Tree;

/// One difference between a rebuilt tree and a reference tree, named from
/// where the file is: `only_in_rebuild` (the reference lacks it) and
/// `only_in_reference` (the rebuild does not produce it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Difference {
    /// The rebuild has the file; the reference lacks it.
    OnlyInRebuild {
        /// Relative path.
        path: String,
    },
    /// The reference has a file the rebuild does not produce.
    OnlyInReference {
        /// Relative path.
        path: String,
    },
    /// Different bytes.
    Content {
        /// Relative path.
        path: String,
        /// Size rebuilt.
        rebuilt_size: u64,
        /// Size in the reference.
        reference_size: u64,
    },
    /// Same bytes, different executable bit.
    Mode {
        /// Relative path.
        path: String,
        /// Mode rebuilt.
        rebuilt_mode: String,
        /// Mode in the reference.
        reference_mode: String,
    },
}

impl Difference {
    /// This difference with each side named as what it is (`ours` for the
    /// first tree compared, `theirs` for the second): the wording of
    /// `rebuild --check` (`only in rebuild`, `reference`) names neither side
    /// of a carried package or of the registry's tarball.
    pub fn between(&self, ours: &str, theirs: &str) -> String {
        match self {
            Difference::OnlyInRebuild { path } => format!("`{path}` only in {ours}"),
            Difference::OnlyInReference { path } => format!("`{path}` only in {theirs}"),
            Difference::Content { path, rebuilt_size, reference_size } => {
                format!("`{path}` differs ({ours} {rebuilt_size} bytes, {theirs} {reference_size} bytes)")
            }
            Difference::Mode { path, rebuilt_mode, reference_mode } => {
                format!("`{path}` is {rebuilt_mode} in {ours}, {reference_mode} in {theirs}")
            }
        }
    }
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::OnlyInRebuild { path } => {
                write!(f, "only in rebuild: `{path}` (rebuilt, but the reference lacks it)")
            }
            Difference::OnlyInReference { path } => {
                write!(f, "only in reference: `{path}` (the reference has it, the rebuild does not produce it)")
            }
            Difference::Content { path, rebuilt_size, reference_size } => {
                write!(f, "content: `{path}` differs (rebuilt {rebuilt_size} bytes, reference {reference_size} bytes)")
            }
            Difference::Mode { path, rebuilt_mode, reference_mode } => {
                write!(f, "mode: `{path}` is {reference_mode} in the reference, rebuilt {rebuilt_mode}")
            }
        }
    }
}

/// Every difference between `rebuilt` and `reference`, sorted by path.
pub fn compare_trees(rebuilt: &Tree, reference: &Tree) -> Vec<Difference> {
    let mut out = Vec::new();
    for (path, want) in rebuilt.iter() {
        match reference.get(path) {
            None => out.push(Difference::OnlyInRebuild { path: path.into() }),
            Some(have) if have.bytes != want.bytes => out.push(Difference::Content {
                path: path.into(),
                rebuilt_size: want.bytes.len() as u64,
                reference_size: have.bytes.len() as u64,
            }),
            Some(have) if have.executable != want.executable => out.push(Difference::Mode {
                path: path.into(),
                rebuilt_mode: format!("{:04o}", want.mode()),
                reference_mode: format!("{:04o}", have.mode()),
            }),
            Some(_) => {}
        }
    }
    for path in reference.paths().filter(|p| !rebuilt.contains(p)) {
        out.push(Difference::OnlyInReference { path: path.into() });
    }
    out.sort_by(|a, b| diff_path(a).cmp(diff_path(b)));
    out
}

fn diff_path(d: &Difference) -> &str {
    match d {
        Difference::OnlyInRebuild { path }
        | Difference::OnlyInReference { path }
        | Difference::Content { path, .. }
        | Difference::Mode { path, .. } => path,
    }
}
