//! The state of a merge in progress: which version it merges to and which
//! files it left in conflict.
//!
//! A merge that stops with conflicts writes `.forklayer-merge/state.json`
//! beside the declaration, in the same journaled update as the merged
//! files (see docs/merge-release.md, "A merge in progress"):
//!
//! ```json
//! { "schema": "forklayer.merge-state/1", "from": "1.0.0", "to": "2.0.0",
//!   "conflicts": [ { "package": "@acme/a", "path": "x.js", "kind": "text",
//!                    "copies": [], "base": "sha256:…", "ours": "sha256:…",
//!                    "theirs": "sha256:…" } ] }
//! ```
//!
//! `merge --continue` and `merge --abort` remove it; `status` reads it.
//! The three hashes identify the conflict's inputs for the conflict memory
//! ([`crate::merge::memory`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::npm::sha256_hex;
use crate::tree::{FileEntry, Tree, TreeError};

/// The directory of the state file, relative to the declaration's directory.
pub const STATE_DIR: &str = ".forklayer-merge";
/// The state file inside [`STATE_DIR`].
pub const STATE_FILE: &str = "state.json";
/// `schema` of the state file.
pub const STATE_SCHEMA: &str = "forklayer.merge-state/1";

/// A merge stopped with conflicts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergeState {
    /// Always [`STATE_SCHEMA`].
    pub schema: String,
    /// The version merged from (the committed snapshot): the family's,
    /// then the moved packages' as `name@version`.
    pub from: String,
    /// The version merged to, named the same way.
    pub to: String,
    /// Whether the version family moves (to the first version of `to`);
    /// only packages at their own version move when not.
    #[serde(default = "moves_family", skip_serializing_if = "is_true")]
    pub family: bool,
    /// Packages at their own version that the merge moves: name → new
    /// version.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub packages: BTreeMap<String, String>,
    /// Every file the merge left in conflict.
    pub conflicts: Vec<ConflictRecord>,
    /// [`tree_digest`] of the `upstream/` the merge wrote: `--continue`
    /// builds the manifests on it, so it must still be that one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upstream: Option<String>,
    /// What the merge wrote, so that `merge --abort` removes only its own
    /// files (and says which edits it discards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written: Option<WrittenFiles>,
    /// What differed from HEAD when the merge started (uncommitted changes
    /// a merge with `--allow-dirty` ran over, an edited declaration), so
    /// that `merge --abort` puts those back instead of the committed files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<BeforeMerge>,
    /// The commit HEAD named when the merge started: `merge --abort` puts
    /// back what it holds, also after a commit made during the merge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
}

/// `from` and `to` name the family's version first, then the packages'.
fn first_version(versions: &str) -> &str {
    versions.split(", ").next().unwrap_or(versions)
}

/// States written before packages could move on their own moved the family.
fn moves_family() -> bool {
    true
}

fn is_true(value: &bool) -> bool {
    *value
}

impl MergeState {
    /// The version family's new version, when the merge moves it.
    pub fn family_version(&self) -> Option<&str> {
        self.family.then(|| first_version(&self.to))
    }

    /// The version family's version before the merge, when it moves.
    pub fn family_from(&self) -> Option<&str> {
        self.family.then(|| first_version(&self.from))
    }

    /// The state directory's contents holding this state.
    pub fn to_tree(&self) -> Result<Tree, TreeError> {
        let mut bytes = serde_json::to_vec_pretty(self).unwrap_or_default();
        bytes.push(b'\n');
        let mut tree = Tree::new();
        tree.insert(STATE_FILE, FileEntry::new(bytes))?;
        // Local state, like git's MERGE_HEAD: `git add -A` during the merge
        // must not commit it, whatever the project's own `.gitignore` says.
        tree.insert(".gitignore", FileEntry::new("# forklayer merge state: never commit it\n*\n"))?;
        Ok(tree)
    }

    /// The merge in progress in the project at `root`, if any.
    pub fn read(root: &Path) -> Result<Option<MergeState>, StateError> {
        let path = state_dir(root).join(STATE_FILE);
        let bytes = match crate::tree::read_regular(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StateError::Read { path, source }),
        };
        let damaged = |message: String| StateError::Damaged { path: path.clone(), message };
        let state: MergeState = serde_json::from_slice(&bytes).map_err(|e| damaged(e.to_string()))?;
        if state.schema != STATE_SCHEMA {
            return Err(damaged(format!("unknown schema `{}`", state.schema)));
        }
        let before = state.before.iter().flat_map(|b| b.changed.iter().chain(&b.absent));
        let conflicts = state.conflicts.iter().flat_map(|c| {
            let package = c.package.trim_start_matches('@');
            std::iter::once(package).chain(std::iter::once(&c.path).chain(&c.copies).map(String::as_str))
        });
        for at in before.map(String::as_str).chain(conflicts) {
            crate::tree::check_relative_path(at).map_err(|e| damaged(e.to_string()))?;
        }
        Ok(Some(state))
    }
}

/// The uncommitted state of the three directories and the declaration
/// when a merge started. Paths are `<role>/<path inside the directory>`,
/// roles `upstream`, `forks` and `patches`, and `declaration` for the
/// declaration itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeforeMerge {
    /// Files that differed from HEAD (content or mode) or were not
    /// committed; their bytes and modes are kept in [`BEFORE_DIR`] inside
    /// the state directory, under the same paths.
    pub changed: Vec<String>,
    /// Committed files that were not on disk.
    pub absent: Vec<String>,
}

/// The folder of the state directory that keeps the files of
/// [`BeforeMerge::changed`].
pub const BEFORE_DIR: &str = "before";

/// The role of the declaration in [`BeforeMerge`] paths.
pub const DECLARATION_ROLE: &str = "declaration";

impl BeforeMerge {
    /// Compares one directory (`role`) on disk with HEAD, adding what
    /// differs to this record and the files to keep to `files`.
    pub fn add_dir(&mut self, role: &str, disk: &Tree, committed: &Tree, files: &mut Tree) -> Result<(), TreeError> {
        for (path, entry) in disk.iter() {
            if committed.get(path) != Some(entry) {
                let at = format!("{role}/{path}");
                files.insert(at.clone(), entry.clone())?;
                self.changed.push(at);
            }
        }
        self.absent.extend(committed.paths().filter(|p| !disk.contains(p)).map(|p| format!("{role}/{p}")));
        Ok(())
    }

    /// Whether nothing differed.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.absent.is_empty()
    }

    /// The directory `role` as it was before the merge: `tree` (as
    /// committed) with the recorded differences (from `files`, the kept
    /// files) applied, and the paths that differed from the committed one.
    pub fn restore_dir(&self, role: &str, mut tree: Tree, files: &Tree) -> Result<(Tree, BTreeSet<String>), TreeError> {
        let prefix = format!("{role}/");
        let mut restored = BTreeSet::new();
        // Removals first: a file that became a directory before the merge
        // (`a` committed, `a/b` on disk) must be gone before `a/b` comes in.
        for at in &self.absent {
            if let Some(path) = at.strip_prefix(&prefix) {
                tree.remove(path);
                restored.insert(path.to_string());
            }
        }
        for at in &self.changed {
            let Some(path) = at.strip_prefix(&prefix) else { continue };
            let entry = files.get(at).ok_or_else(|| TreeError::Io {
                path: PathBuf::from(BEFORE_DIR).join(at),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "a file kept from before the merge is missing",
                ),
            })?;
            tree.insert(path, entry.clone())?;
            restored.insert(path.to_string());
        }
        Ok((tree, restored))
    }
}

/// The files a merge wrote, as [`entry_hash`]es by path inside their
/// directory.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenFiles {
    /// Every file of `upstream/` (the merge replaces it wholesale: a file
    /// not listed was left absent).
    pub upstream: BTreeMap<String, String>,
    /// Every file of the fork layer the merge created, changed or deleted
    /// (`absent`); a file not listed is as it was before the merge.
    pub forks: BTreeMap<String, String>,
}

impl WrittenFiles {
    /// What a merge that wrote `upstream` and turned the fork layer
    /// `before` into `after` wrote.
    pub fn new(upstream: &Tree, before: &Tree, after: &Tree) -> WrittenFiles {
        let upstream = upstream.iter().map(|(path, entry)| (path.to_string(), entry_hash(Some(entry)))).collect();
        let paths: BTreeSet<&str> = before.paths().chain(after.paths()).collect();
        let changed = paths.into_iter().filter(|path| before.get(path) != after.get(path));
        let forks = changed.map(|path| (path.to_string(), entry_hash(after.get(path)))).collect();
        WrittenFiles { upstream, forks }
    }
}

/// `sha256:<hex>` over the paths, modes and contents of every file of
/// `tree`.
pub fn tree_digest(tree: &Tree) -> String {
    let listing: String =
        tree.iter().map(|(path, entry)| format!("{} {:o} {}\n", entry_hash(Some(entry)), entry.mode(), path)).collect();
    format!("sha256:{}", sha256_hex(listing.as_bytes()))
}

/// One conflicted file of a merge in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConflictRecord {
    /// Full package name.
    pub package: String,
    /// Path inside the package.
    pub path: String,
    /// Why it conflicted (`text`, `binary`, `deleted_in_fork`, `deleted_upstream`).
    pub kind: String,
    /// The `<file>.ours` / `<file>.theirs` copies written (package-relative).
    pub copies: Vec<String>,
    /// [`entry_hash`] of the old upstream file.
    pub base: String,
    /// [`entry_hash`] of the fork file before the merge.
    pub ours: String,
    /// [`entry_hash`] of the new upstream file.
    pub theirs: String,
    /// For a text conflict: how many lines that are exactly `=======` its
    /// versions hold (the fork's and the new upstream's, those they share
    /// with the old upstream counted once). A resolved file may keep that
    /// many (a Markdown heading underline, say); more are a marker left.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub separators: usize,
    /// The versions its markers name (`fork@<from>`, `upstream@<to>`):
    /// the package's own, which differ from the merge's `from`/`to` when
    /// it moves on its own or beside the family. `None` in states written
    /// before: the merge's `from`/`to` then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versions: Option<(String, String)>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Lines of `bytes` that are exactly `=======` (CRLF or LF).
pub fn separator_lines(bytes: &[u8]) -> usize {
    bytes.split(|b| *b == b'\n').filter(|line| line.strip_suffix(b"\r").unwrap_or(line) == b"=======").count()
}

/// Errors of reading the state file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The file could not be read.
    #[error("could not read the merge state `{path}`")]
    Read {
        /// The state file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a merge state.
    #[error("the merge state `{path}` is damaged: {message}")]
    Damaged {
        /// The state file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// `sha256:<hex>` of a file's bytes, with `+x` when it is executable;
/// `absent` when the version has no such file.
pub fn entry_hash(entry: Option<&FileEntry>) -> String {
    match entry {
        None => "absent".into(),
        Some(e) => format!("sha256:{}{}", sha256_hex(&e.bytes), if e.executable { "+x" } else { "" }),
    }
}

/// The state directory of the project whose declaration lives in `root`.
pub fn state_dir(root: &Path) -> PathBuf {
    root.join(STATE_DIR)
}

/// Something of the merge that is still unresolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unresolved {
    /// `<package>/<path>` inside the fork layer.
    pub path: String,
    /// 1-based line of a conflict marker; `None` for a conflict copy.
    pub line: Option<usize>,
    /// What is left: the marker line, or `conflict copy`.
    pub what: String,
}

/// The labelled marker lines a merge from `from` to `to` writes.
pub(crate) fn labelled_markers(from: &str, to: &str) -> [String; 3] {
    [format!("<<<<<<< fork@{from}"), format!("||||||| upstream@{from}"), format!(">>>>>>> upstream@{to}")]
}

/// 1-based line and text (without its line end) of each line of `bytes`
/// that starts with one of the `labelled` markers or, with `separators`,
/// is exactly `=======`.
pub fn marker_lines(bytes: &[u8], labelled: &[String], separators: bool) -> Vec<(usize, String)> {
    bytes
        .split(|b| *b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .enumerate()
        .filter(|(_, line)| {
            labelled.iter().any(|m| line.starts_with(m.as_bytes())) || (separators && *line == b"=======")
        })
        .map(|(i, line)| (i + 1, String::from_utf8_lossy(line).into_owned()))
        .collect()
}

/// Markers and copies of the merge `state` still in the fork layer `forks`
/// (paths `<scope>/<pkg>/<file>`). A marker is a line that starts with
/// one of this merge's labelled markers (`<<<<<<< fork@<from>`,
/// `||||||| upstream@<from>`, `>>>>>>> upstream@<to>`, with the
/// package's own versions: [`ConflictRecord::versions`]), anywhere in the
/// conflicted packages, or a `=======` line in a file that had a text
/// conflict and holds more of them than its inputs did.
pub fn unresolved(state: &MergeState, forks: &Tree) -> Vec<Unresolved> {
    let mut found = Vec::new();
    let packages: BTreeMap<&str, Option<&(String, String)>> =
        state.conflicts.iter().map(|c| (c.package.as_str(), c.versions.as_ref())).collect();
    for (package, versions) in packages {
        let (from, to) = versions.map_or((&state.from, &state.to), |(from, to)| (from, to));
        let labelled = labelled_markers(from, to);
        let prefix = format!("{package}/");
        for (path, entry) in forks.iter().filter(|(p, _)| p.starts_with(&prefix)) {
            let text_conflict = state.conflicts.iter().find(|c| {
                c.package == package && c.kind == "text" && path.strip_prefix(&prefix) == Some(c.path.as_str())
            });
            // `=======` lines count as markers only in a file that had a
            // text conflict, and only beyond as many as its inputs hold.
            let separators = text_conflict.is_some_and(|c| separator_lines(&entry.bytes) > c.separators);
            let markers = marker_lines(&entry.bytes, &labelled, separators).into_iter();
            found.extend(markers.map(|(line, what)| Unresolved { path: path.to_string(), line: Some(line), what }));
        }
    }
    for c in &state.conflicts {
        for copy in &c.copies {
            let path = format!("{}/{copy}", c.package);
            if forks.contains(&path) {
                found.push(Unresolved { path, line: None, what: "conflict copy".into() });
            }
        }
    }
    found.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    found
}

/// Conflicted files of `state` that still have a marker or a copy.
pub fn files_left(state: &MergeState, unresolved: &[Unresolved]) -> usize {
    state
        .conflicts
        .iter()
        .filter(|c| {
            let file = format!("{}/{}", c.package, c.path);
            unresolved
                .iter()
                .any(|u| u.path == file || c.copies.iter().any(|copy| u.path == format!("{}/{copy}", c.package)))
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> MergeState {
        MergeState {
            schema: STATE_SCHEMA.into(),
            from: "1.0.0".into(),
            to: "2.0.0".into(),
            family: true,
            packages: BTreeMap::new(),
            upstream: None,
            written: None,
            before: None,
            head: None,
            conflicts: vec![
                ConflictRecord {
                    package: "@a/p".into(),
                    path: "x.js".into(),
                    kind: "text".into(),
                    copies: vec![],
                    base: "absent".into(),
                    ours: "absent".into(),
                    theirs: "absent".into(),
                    separators: 0,
                    versions: None,
                },
                ConflictRecord {
                    package: "@a/p".into(),
                    path: "i.png".into(),
                    kind: "binary".into(),
                    copies: vec!["i.png.ours".into(), "i.png.theirs".into()],
                    base: "absent".into(),
                    ours: "absent".into(),
                    theirs: "absent".into(),
                    separators: 0,
                    versions: None,
                },
            ],
        }
    }

    #[test]
    fn markers_and_copies_are_listed_with_path_and_line() {
        let mut forks = Tree::new();
        let text = "a\n<<<<<<< fork@1.0.0\nb\n||||||| upstream@1.0.0\nc\n=======\nd\n>>>>>>> upstream@2.0.0\n";
        forks.insert("@a/p/x.js", FileEntry::new(text)).expect("insert");
        forks.insert("@a/p/i.png.theirs", FileEntry::new("x")).expect("insert");
        // A `=======` outside a text conflict is not a marker.
        forks.insert("@a/p/README.md", FileEntry::new("Title\n=======\n")).expect("insert");
        let found = unresolved(&state(), &forks);
        let lines: Vec<(&str, Option<usize>)> = found.iter().map(|u| (u.path.as_str(), u.line)).collect();
        assert_eq!(
            lines,
            [
                ("@a/p/i.png.theirs", None),
                ("@a/p/x.js", Some(2)),
                ("@a/p/x.js", Some(4)),
                ("@a/p/x.js", Some(6)),
                ("@a/p/x.js", Some(8))
            ]
        );
        assert_eq!(files_left(&state(), &found), 2);
        let mut resolved = Tree::new();
        resolved.insert("@a/p/x.js", FileEntry::new("a\nd\n")).expect("insert");
        assert!(unresolved(&state(), &resolved).is_empty());
    }

    #[test]
    fn separator_lines_the_inputs_held_are_content() {
        // A Markdown heading underline in both versions of a text conflict.
        let mut state = state();
        state.conflicts[0].separators = 2;
        let mut forks = Tree::new();
        forks.insert("@a/p/x.js", FileEntry::new("Title\r\n=======\r\n\nmore\n=======\n")).expect("insert");
        assert!(unresolved(&state, &forks).is_empty());
        // One more than they held: every such line is listed.
        forks.insert("@a/p/x.js", FileEntry::new("Title\n=======\nmore\n=======\nleft\n=======\n")).expect("insert");
        let lines: Vec<Option<usize>> = unresolved(&state, &forks).iter().map(|u| u.line).collect();
        assert_eq!(lines, [Some(2), Some(4), Some(6)]);
        assert_eq!(separator_lines(b"=======\r\n======= \n========\n="), 1);
    }

    #[test]
    fn the_state_round_trips_through_its_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert_eq!(MergeState::read(dir.path()).expect("read"), None);
        state().to_tree().expect("tree").write_to(&state_dir(dir.path())).expect("write");
        assert_eq!(MergeState::read(dir.path()).expect("read"), Some(state()));
        std::fs::write(state_dir(dir.path()).join(STATE_FILE), "{}").expect("write");
        assert!(MergeState::read(dir.path()).is_err());
    }

    #[test]
    fn the_uncommitted_state_before_a_merge_is_restored_exactly() {
        // A committed file turned into a directory, another removed, one
        // edited, one made executable, one added; the other role untouched.
        let tree = |files: &[(&str, &str, bool)]| {
            let mut tree = Tree::new();
            for (path, text, exec) in files {
                let bytes = text.as_bytes().to_vec();
                let entry = if *exec { FileEntry::executable(bytes) } else { FileEntry::new(bytes) };
                tree.insert(*path, entry).expect("insert");
            }
            tree
        };
        let committed =
            tree(&[("a", "file\n", false), ("gone.js", "x\n", false), ("e.js", "1\n", false), ("run", "#!\n", false)]);
        let disk = tree(&[
            ("a/b", "now a dir\n", false),
            ("e.js", "2\n", false),
            ("run", "#!\n", true),
            ("new.js", "n\n", false),
        ]);
        let (mut before, mut files) = (BeforeMerge::default(), Tree::new());
        before.add_dir("forks", &disk, &committed, &mut files).expect("record");
        let (restored, paths) = before.restore_dir("forks", committed.clone(), &files).expect("restore");
        assert_eq!(restored, disk);
        assert_eq!(paths.len(), 6, "{paths:?}");
        let (other, paths) = before.restore_dir("upstream", committed.clone(), &files).expect("restore");
        assert_eq!((other, paths.len()), (committed, 0));
    }
}
