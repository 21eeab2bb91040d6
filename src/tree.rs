//! A package as an in-memory tree: relative path → bytes + executable bit.
//!
//! Paths are relative, use `/` as separator, never contain `.`/`..` or empty
//! components and are kept in a [`BTreeMap`], so every walk is sorted by byte
//! order and every output built from a tree is deterministic. Contents are
//! raw bytes: nothing is decoded, so CRLF, BOMs and missing final newlines
//! survive every round trip.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

/// One file of a [`Tree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// The exact file contents, shared: a copy of a tree (the fork layer
    /// as read and as merged, a package taken out of a snapshot) shares
    /// the bytes instead of copying them.
    pub bytes: Arc<Vec<u8>>,
    /// Whether any execute bit is set (npm normalises modes to 0644/0755).
    pub executable: bool,
}

impl FileEntry {
    /// A non-executable file.
    pub fn new(bytes: impl Into<Vec<u8>>) -> Self {
        FileEntry::with_mode(bytes, false)
    }

    /// An executable file.
    pub fn executable(bytes: impl Into<Vec<u8>>) -> Self {
        FileEntry::with_mode(bytes, true)
    }

    /// A file with the given execute bit.
    pub fn with_mode(bytes: impl Into<Vec<u8>>, executable: bool) -> Self {
        FileEntry { bytes: Arc::new(bytes.into()), executable }
    }

    /// The npm-style mode of this entry: `0o755` or `0o644`.
    pub fn mode(&self) -> u32 {
        if self.executable {
            0o755
        } else {
            0o644
        }
    }

    /// The mode git records for this file: `100755` or `100644`.
    pub fn git_mode(&self) -> &'static str {
        if self.executable {
            "100755"
        } else {
            "100644"
        }
    }

    /// The id git gives these bytes as a blob: the SHA-1 of
    /// `blob <length>\0` and the bytes.
    pub fn git_blob_id(&self) -> [u8; 20] {
        use sha1::{Digest, Sha1};
        let mut hasher = Sha1::new();
        hasher.update(format!("blob {}\0", self.bytes.len()).as_bytes());
        hasher.update(&self.bytes[..]);
        hasher.finalize().into()
    }
}

/// Errors of reading, building or writing trees.
#[derive(Debug, thiserror::Error)]
pub enum TreeError {
    /// A path that would escape the tree or is not a plain relative path.
    #[error("unsafe path `{path}`: {reason}")]
    UnsafePath {
        /// The offending path.
        path: String,
        /// Why it was refused.
        reason: &'static str,
    },
    /// A symbolic link or other special file where only files and
    /// directories are allowed.
    #[error("`{path}` is a symbolic link or special file; only regular files and directories are supported")]
    NotAFile {
        /// The offending path on disk.
        path: PathBuf,
    },
    /// A file at `path` and another file below it (`a` and `a/b`).
    #[error("`{path}` would be both a file and a directory (`{other}` is there)")]
    FileAndDirectory {
        /// The file that could not be added.
        path: String,
        /// The file of the tree it collides with.
        other: String,
    },
    /// A file name that is not valid UTF-8.
    #[error("file name `{path}` is not valid UTF-8")]
    NonUtf8Name {
        /// The offending path on disk.
        path: PathBuf,
    },
    /// Reading from or writing to disk failed.
    #[error("could not access `{path}`")]
    Io {
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

impl crate::error::Diagnostic for TreeError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        let code = match self {
            TreeError::UnsafePath { .. } => "unsafe_path",
            TreeError::NotAFile { .. } => "not_a_file",
            TreeError::FileAndDirectory { .. } => "file_and_directory",
            TreeError::NonUtf8Name { .. } => "non_utf8_name",
            TreeError::Io { .. } => "io",
        };
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Integrity, code)
    }
    fn own_help(&self) -> Option<String> {
        let help = match self {
            TreeError::UnsafePath { .. } => "use plain relative paths inside the package",
            TreeError::NotAFile { .. } => {
                "replace it with a regular file or directory (for a symbolic link, a copy of what it points to): \
                 packages hold only files and directories, and forklayer writes through no link"
            }
            TreeError::NonUtf8Name { .. } => "rename the file to a UTF-8 name",
            TreeError::FileAndDirectory { .. } => {
                "a package cannot hold a file and a directory of the same name: keep one of them"
            }
            TreeError::Io { .. } => "check that the path exists, its permissions and the free disk space",
        };
        Some(help.into())
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> TreeError + '_ {
    move |source| TreeError::Io { path: path.to_path_buf(), source }
}

/// Checks that `path` is a plain relative `/`-separated path inside a tree.
pub fn check_relative_path(path: &str) -> Result<(), TreeError> {
    let refuse = |reason| Err(TreeError::UnsafePath { path: path.to_string(), reason });
    if path.is_empty() {
        return refuse("empty path");
    }
    if path.starts_with('/') || path.starts_with('\\') {
        return refuse("absolute path");
    }
    if matches!(path.as_bytes(), [drive, b':', ..] if drive.is_ascii_alphabetic()) {
        return refuse("drive-letter path");
    }
    if path.contains('\\') {
        return refuse("backslash in path");
    }
    if path.contains('\0') {
        return refuse("NUL byte in path");
    }
    for component in path.split('/') {
        match component {
            "" => return refuse("empty path component"),
            "." => return refuse("`.` component"),
            ".." => return refuse("`..` component"),
            _ => {}
        }
    }
    Ok(())
}

/// A set of files keyed by relative path, walked in sorted order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    files: BTreeMap<String, FileEntry>,
}

impl Tree {
    /// An empty tree.
    pub const fn new() -> Self {
        Tree { files: BTreeMap::new() }
    }

    /// Adds or replaces a file after checking its path. A file where the
    /// tree has a directory (`a` when `a/b` is there), or below one of its
    /// files (`a/b` when `a` is there), is refused: no disk holds both, so
    /// writing such a tree would fail halfway.
    pub fn insert(&mut self, path: impl Into<String>, entry: FileEntry) -> Result<(), TreeError> {
        let path = path.into();
        check_relative_path(&path)?;
        if !self.files.contains_key(&path) {
            if let Some(other) = self.file_and_directory(&path) {
                return Err(TreeError::FileAndDirectory { path, other });
            }
        }
        self.files.insert(path, entry);
        Ok(())
    }

    /// A file of the tree that a new file at `path` would collide with: one
    /// where `path` needs a directory, or one below `path`.
    pub fn file_and_directory(&self, path: &str) -> Option<String> {
        if let Some((i, _)) = path.match_indices('/').find(|&(i, _)| self.files.contains_key(&path[..i])) {
            return Some(path[..i].to_string());
        }
        let below = format!("{path}/");
        let (first, _) = self.files.range(below.clone()..).next()?;
        first.starts_with(&below).then(|| first.clone())
    }

    /// The file at `path`.
    pub fn get(&self, path: &str) -> Option<&FileEntry> {
        self.files.get(path)
    }

    /// Removes and returns the file at `path`.
    pub fn remove(&mut self, path: &str) -> Option<FileEntry> {
        self.files.remove(path)
    }

    /// Whether the tree has a file at `path`.
    pub fn contains(&self, path: &str) -> bool {
        self.files.contains_key(path)
    }

    /// Files in sorted path order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &FileEntry)> {
        self.files.iter().map(|(p, e)| (p.as_str(), e))
    }

    /// Paths in sorted order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether the tree has no files.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// A copy of the files below `prefix/`, relative to it (a range of the
    /// sorted map, not a scan of the whole tree).
    pub fn subtree(&self, prefix: &str) -> Tree {
        let start = format!("{prefix}/");
        let files = self
            .files
            .range(start.clone()..)
            .take_while(|(path, _)| path.starts_with(&start))
            .map(|(path, entry)| (path[start.len()..].to_string(), entry.clone()))
            .collect();
        Tree { files }
    }

    /// Removes the files below `prefix/` and returns them relative to it
    /// (what [`Tree::subtree`] copies, moved out instead).
    pub fn take_subtree(&mut self, prefix: &str) -> Tree {
        let taken = self.subtree(prefix);
        for path in taken.paths() {
            self.files.remove(&format!("{prefix}/{path}"));
        }
        taken
    }

    /// Keeps only the files whose path `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&str) -> bool) {
        self.files.retain(|path, _| keep(path));
    }

    /// Moves every file of `other` into this tree, at the same paths.
    pub fn append(&mut self, other: Tree) -> Result<(), TreeError> {
        other.files.into_iter().try_for_each(|(path, entry)| self.insert(path, entry))
    }

    /// Moves every file of `other` under `prefix/` into this tree.
    pub fn graft(&mut self, prefix: &str, other: Tree) -> Result<(), TreeError> {
        other.files.into_iter().try_for_each(|(path, entry)| self.insert(format!("{prefix}/{path}"), entry))
    }

    /// The files below `dir` as [`Tree::read_dir`] reads them; none when it
    /// is not a directory.
    pub fn read_dir_or_empty(dir: &Path) -> Result<Tree, TreeError> {
        if dir.is_dir() {
            Tree::read_dir(dir)
        } else {
            Ok(Tree::new())
        }
    }

    /// Reads every regular file below `root`. Symbolic links and special
    /// files are refused; they cannot be part of a package.
    pub fn read_dir(root: &Path) -> Result<Tree, TreeError> {
        Tree::read_dir_filtered(root, |_, _| true)
    }

    /// Like [`Tree::read_dir`], but `keep(relpath, is_dir)` decides whether
    /// an entry (and, for a directory, everything below it) is read.
    pub fn read_dir_filtered(root: &Path, mut keep: impl FnMut(&str, bool) -> bool) -> Result<Tree, TreeError> {
        // Walk first, then read the files on every core: reading thousands
        // of small files is mostly system-call time, which threads overlap.
        let mut files = Vec::new();
        walk(root, |met| {
            if met.file_type.is_dir() {
                Ok(keep(met.rel, true))
            } else if met.file_type.is_file() {
                if keep(met.rel, false) {
                    files.push((met.rel.to_string(), met.path.to_path_buf()));
                }
                Ok(false)
            } else {
                Err(TreeError::NotAFile { path: met.path.to_path_buf() })
            }
        })?;
        let entries: Vec<_> = files.into_par_iter().map(|(rel, path)| (rel, read_file_entry(&path))).collect();
        let mut tree = Tree::new();
        for (rel, entry) in entries {
            tree.insert(rel, entry?)?;
        }
        Ok(tree)
    }

    /// Writes every file below `root`, creating directories as needed and
    /// setting modes to 0644/0755. Existing files are overwritten: this is
    /// for scratch directories and tests; everything forklayer writes into
    /// a repository goes through [`crate::journal`].
    pub fn write_to(&self, root: &Path) -> Result<(), TreeError> {
        fs::create_dir_all(root).map_err(io_err(root))?;
        for (rel, entry) in &self.files {
            let path = root.join(rel);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io_err(parent))?;
            }
            // Whatever the umask and whatever mode a file it overwrites had.
            fs::write(&path, entry.bytes.as_slice())
                .and_then(|()| set_mode(&path, entry.mode()))
                .map_err(io_err(&path))?;
        }
        Ok(())
    }
}

/// One entry met by [`walk`].
pub struct Met<'a> {
    /// Its `/`-separated path relative to the root of the walk.
    pub rel: &'a str,
    /// Where it is.
    pub path: &'a Path,
    /// What it is, from the directory listing (a link is not followed).
    pub file_type: fs::FileType,
    /// The listing's entry, for a `stat` when one is needed.
    pub entry: &'a fs::DirEntry,
}

/// Visits every entry below directory `root` (in no particular order):
/// `visit` returns whether to go into a directory it met. Names that are
/// not UTF-8 are refused. The walk only lists directories; what to read
/// is up to the caller (typically later, on every core).
pub fn walk<E: From<TreeError>>(root: &Path, mut visit: impl FnMut(&Met<'_>) -> Result<bool, E>) -> Result<(), E> {
    let mut pending = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = pending.pop() {
        for entry in fs::read_dir(&dir).map_err(io_err(&dir))? {
            let entry = entry.map_err(io_err(&dir))?;
            let path = entry.path();
            let name = entry.file_name().into_string().map_err(|_| TreeError::NonUtf8Name { path: path.clone() })?;
            let rel = if prefix.is_empty() { name } else { format!("{prefix}/{name}") };
            let file_type = entry.file_type().map_err(io_err(&path))?;
            let descend = visit(&Met { rel: &rel, path: &path, file_type, entry: &entry })?;
            if descend && file_type.is_dir() {
                pending.push((path, rel));
            }
        }
    }
    Ok(())
}

/// Refuses a symbolic link (or a special file) at `base/rel` or on the
/// way there from `base`: a package directory or its scope folder planted
/// as a link (`upstream/@scope/pkg -> /elsewhere`) would otherwise be read
/// as if its target were vendored there. A missing part is not an error;
/// the caller reports what is missing.
pub fn refuse_links_below(base: &Path, rel: &str) -> Result<(), TreeError> {
    let mut path = base.to_path_buf();
    for component in rel.split('/') {
        path.push(component);
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.is_dir() || meta.is_file() => {}
            Ok(_) => return Err(TreeError::NotAFile { path }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(TreeError::Io { path, source: e }),
        }
    }
    Ok(())
}

/// Reads one file with its executable bit.
pub fn read_file_entry(path: &Path) -> Result<FileEntry, TreeError> {
    let (bytes, meta) = read_with_metadata(path).map_err(io_err(path))?;
    Ok(FileEntry::with_mode(bytes, mode_of(&meta) & 0o111 != 0))
}

/// Reads a file that must be a regular file (or a link to one). A FIFO,
/// a device or a socket planted where forklayer expects a file would make
/// a plain read block forever or never end, so those are refused before
/// they are opened.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() { "a directory" } else { "not a regular file (a FIFO, socket or device)" };
        return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("`{}` is {what}", path.display())));
    }
    fs::read(path)
}

/// [`read_regular`] as UTF-8 text; invalid UTF-8 is an error, never replaced.
pub fn read_regular_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_regular(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// A file's bytes and metadata, with one open and one fstat: the size
/// hint, the mode and the link count come together.
pub(crate) fn read_with_metadata(path: &Path) -> io::Result<(Vec<u8>, fs::Metadata)> {
    let file = fs::File::open(path)?;
    let meta = file.metadata()?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // Through `Take`: `File::read_to_end` would ask for the size and the
    // position again (one fstat and one lseek more per file).
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok((bytes, meta))
}

/// The permission bits of a file or directory (set-id and sticky bits
/// included).
#[cfg(unix)]
pub(crate) fn mode_of(meta: &fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

/// How many names (hard links) the file has.
#[cfg(unix)]
pub(crate) fn link_count(meta: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
pub(crate) fn link_count(_meta: &fs::Metadata) -> u64 {
    1
}

/// Windows has no modes: files read there are never executable.
#[cfg(not(unix))]
pub(crate) fn mode_of(meta: &fs::Metadata) -> u32 {
    if meta.is_dir() {
        0o755
    } else {
        0o644
    }
}

#[cfg(unix)]
pub(crate) fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
pub(crate) fn set_mode(_path: &Path, _mode: u32) -> io::Result<()> {
    // No modes outside Unix.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_relative_path, FileEntry, Tree};

    #[test]
    fn a_file_and_a_directory_of_the_same_name_never_meet() {
        let mut tree = Tree::new();
        tree.insert("a/b", FileEntry::new("x")).expect("first");
        assert!(tree.insert("a", FileEntry::new("y")).is_err(), "a file where a directory is");
        assert!(tree.insert("a/b/c", FileEntry::new("y")).is_err(), "a file below a file");
        // Neighbours that only share a prefix are not below it.
        for fine in ["a.js", "a-b", "ab", "a/bc", "a/b.d/e"] {
            tree.insert(fine, FileEntry::new("z")).unwrap_or_else(|e| panic!("{fine}: {e}"));
        }
        tree.insert("a/b", FileEntry::new("replaced")).expect("replacing a file stays possible");
        tree.remove("a/b");
        tree.insert("a/b/c", FileEntry::new("now a directory")).expect("after the file is gone");
    }

    #[test]
    fn unsafe_paths_are_refused() {
        for bad in ["", "/etc/passwd", "a/../b", "..", "./a", "a//b", "C:/x", "a\\b"] {
            assert!(check_relative_path(bad).is_err(), "{bad:?} accepted");
        }
        assert!(check_relative_path("lib/index.js").is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn written_modes_are_0644_and_0755_also_over_existing_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("old"), "x").expect("write");
        std::fs::set_permissions(dir.path().join("old"), std::fs::Permissions::from_mode(0o600)).expect("chmod");
        let mut tree = Tree::new();
        for (path, executable) in [("a/x", true), ("a/y", false), ("b/z", false), ("old", true)] {
            let entry =
                if executable { FileEntry::executable(b"#!\n".to_vec()) } else { FileEntry::new(b"d".to_vec()) };
            tree.insert(path, entry).expect("insert");
        }
        tree.write_to(dir.path()).expect("write");
        let mode = |p: &str| std::fs::metadata(dir.path().join(p)).expect("stat").permissions().mode() & 0o777;
        assert_eq!([mode("a/x"), mode("a/y"), mode("b/z"), mode("old")], [0o755, 0o644, 0o644, 0o755]);
        assert_eq!(Tree::read_dir(dir.path()).expect("read"), tree);
    }

    /// Files whose bytes are their paths, around package `@s/a`.
    fn prefixed_tree() -> Tree {
        let mut tree = Tree::new();
        for path in ["@s/a/x", "@s/a/y/z", "@s/a-b/x", "@s/ab", "@s/a.js"] {
            tree.insert(path, FileEntry::new(path.as_bytes().to_vec())).expect("insert");
        }
        tree
    }

    fn assert_is_package_a(sub: &Tree) {
        assert_eq!(sub.paths().collect::<Vec<_>>(), ["x", "y/z"]);
        assert_eq!(sub.get("y/z").map(|e| e.bytes.to_vec()), Some(b"@s/a/y/z".to_vec()));
    }

    #[test]
    fn subtree_is_the_files_below_a_prefix_only() {
        assert_is_package_a(&prefixed_tree().subtree("@s/a"));
    }

    #[test]
    fn take_subtree_moves_the_files_below_a_prefix_only() {
        let mut tree = prefixed_tree();
        let taken = tree.take_subtree("@s/a");
        assert_is_package_a(&taken);
        assert_eq!(tree.paths().collect::<Vec<_>>(), ["@s/a-b/x", "@s/a.js", "@s/ab"]);
        tree.append(taken).expect("append");
        assert_eq!(tree.paths().collect::<Vec<_>>(), ["@s/a-b/x", "@s/a.js", "@s/ab", "x", "y/z"]);
    }

    #[test]
    fn directory_round_trip_keeps_bytes_and_modes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut tree = Tree::new();
        tree.insert("bin/run", FileEntry::executable(b"#!/bin/sh\r\n".to_vec())).expect("insert");
        tree.insert("data.bin", FileEntry::new(vec![0, 255, 254])).expect("insert");
        tree.write_to(dir.path()).expect("write");
        assert_eq!(Tree::read_dir(dir.path()).expect("read"), tree);
    }
}
