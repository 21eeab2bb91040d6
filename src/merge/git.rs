//! What the merge needs from git, read in-process with libgit2: the
//! committed upstream snapshot (the merge base) and whether the paths the
//! merge rewrites have uncommitted changes.

use std::path::{Component, Path, PathBuf};

use git2::{ObjectType, Repository, StatusOptions, StatusShow};

use crate::tree::{FileEntry, Tree, TreeError};

/// Errors of reading the repository.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GitError {
    /// The project is not inside a git work tree.
    #[error("`{path}` is not inside a git repository with a work tree")]
    NoRepository {
        /// Where the search started.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: git2::Error,
    },
    /// The repository has no commit yet, or HEAD cannot be read.
    #[error("could not read the HEAD commit of `{repo}`")]
    NoHead {
        /// The work tree.
        repo: PathBuf,
        /// The underlying error.
        #[source]
        source: git2::Error,
    },
    /// A path the merge needs lies outside the repository's work tree.
    #[error("`{path}` is outside the git work tree `{repo}`")]
    OutsideWorkTree {
        /// The path.
        path: PathBuf,
        /// The work tree.
        repo: PathBuf,
    },
    /// A committed entry is a symbolic link or submodule, which no npm
    /// package can contain.
    #[error("`{path}` at HEAD is a symbolic link or submodule, not a file")]
    NotAFile {
        /// The entry, relative to the work tree.
        path: String,
    },
    /// Any other libgit2 failure.
    #[error("could not read `{path}` from git")]
    Read {
        /// What was being read.
        path: String,
        /// The underlying error.
        #[source]
        source: git2::Error,
    },
    /// A loose object of the repository does not inflate to its end
    /// (truncated or damaged): libgit2 would spin on it forever.
    #[error("git object {oid} (`{path}`) is damaged: it does not inflate to its end")]
    DamagedObject {
        /// The object id.
        oid: String,
        /// Its loose object file.
        path: PathBuf,
    },
    /// A committed path is not a valid tree path.
    #[error(transparent)]
    Tree(#[from] TreeError),
}

/// How a directory of the work tree, as read from disk, stands against
/// HEAD ([`Repo::head_dir_against_disk`]).
pub struct AgainstHead {
    /// The files below the directory as committed (bytes shared with the
    /// disk read wherever the file there is the committed blob).
    pub files: Tree,
    /// Paths below the directory, relative to the work tree, where the
    /// disk is not what HEAD holds: other bytes or execute bit, missing, or
    /// not committed. Candidates of a dirty check only: git may still call
    /// them unchanged (line-ending filters, `core.fileMode`, ignored
    /// files), so [`Repo::confirm_changed`] asks git about each.
    pub differing: Vec<String>,
}

/// Above this many candidates [`Repo::confirm_changed`] gives up: one
/// status over the directory is then cheaper than one per path.
const MAX_CONFIRMED: usize = 64;

/// The repository holding the project, opened once.
pub struct Repo {
    repo: Repository,
    workdir: PathBuf,
    /// The commit read as "HEAD" when set ([`Repo::at_commit`]).
    commit: Option<git2::Oid>,
}

impl Repo {
    /// Finds the repository containing `path`.
    ///
    /// Objects are read the way git reads them: inflated (zlib's checksum
    /// catches damaged data) but not hashed again on every read with
    /// libgit2's slow collision-detecting SHA-1 (`git fsck` verifies the
    /// hashes).
    pub fn discover(path: &Path) -> Result<Repo, GitError> {
        git2::opts::strict_hash_verification(false);
        let no_repo = |source| GitError::NoRepository { path: path.to_path_buf(), source };
        let repo = Repository::discover(path).map_err(no_repo)?;
        let workdir = repo.workdir().ok_or_else(|| no_repo(git2::Error::from_str("bare repository")))?;
        let workdir = canonical(workdir);
        Ok(Repo { repo, workdir, commit: None })
    }

    /// `path` relative to the work tree, with `/` separators; empty for the
    /// work tree itself.
    pub fn relative(&self, path: &Path) -> Result<String, GitError> {
        let outside = || GitError::OutsideWorkTree { path: path.to_path_buf(), repo: self.workdir.clone() };
        let rel = canonical(path).strip_prefix(&self.workdir).map_err(|_| outside())?.to_path_buf();
        let parts: Vec<&str> = rel
            .components()
            .map(|c| match c {
                Component::Normal(part) => part.to_str().ok_or_else(outside),
                _ => Err(outside()),
            })
            .collect::<Result<_, _>>()?;
        Ok(parts.join("/"))
    }

    /// The files below directory `dir` as committed at HEAD; `None` when HEAD
    /// has no such directory.
    pub fn head_dir(&self, dir: &Path) -> Result<Option<Tree>, GitError> {
        let (Some(parent), Some(name)) = (dir.parent(), dir.file_name().and_then(|n| n.to_str())) else {
            return Ok(None);
        };
        Ok(self.head_dirs(parent, &[name])?.pop().flatten())
    }

    /// The committed files of each directory `parent/<name>` (`None` where
    /// HEAD has no such directory). HEAD and `parent` are resolved once, so
    /// reading a thousand packages costs a thousand tree look-ups, not a
    /// thousand path resolutions.
    pub fn head_dirs(&self, parent: &Path, names: &[&str]) -> Result<Vec<Option<Tree>>, GitError> {
        let rel = self.relative(parent)?;
        let Some(parent_tree) = self.head_subtree(&rel)? else {
            return Ok(names.iter().map(|_| None).collect());
        };
        names
            .iter()
            .map(|name| match self.subtree(&parent_tree, name)? {
                Some(tree) => {
                    let mut files = Tree::new();
                    self.collect(&tree, &join(&rel, name), "", None, &mut files)?;
                    Ok(Some(files))
                }
                None => Ok(None),
            })
            .collect()
    }

    /// Every committed file below `dir`, each taken from `disk` (`dir` as
    /// read from the work tree) where it is the committed blob there, and
    /// the paths where the two differ. A clean directory is then judged by
    /// content, with the SHA-1 per file the base needs anyway, instead of a
    /// second walk by `git status`. `None` when HEAD holds a symbolic link
    /// or submodule below `dir`, which only git can compare.
    pub fn head_dir_against_disk(&self, dir: &Path, disk: &Tree) -> Result<Option<AgainstHead>, GitError> {
        let rel = self.relative(dir)?;
        let mut files = Tree::new();
        if let Some(tree) = self.head_subtree(&rel)? {
            match self.collect(&tree, &rel, "", Some(disk), &mut files) {
                Err(GitError::NotAFile { .. }) => return Ok(None),
                other => other?,
            }
        }
        let full = |path: &str| join(&rel, path);
        // A file taken from disk shares its bytes with the disk read, so
        // the comparison of an unchanged file is a pointer comparison.
        let changed_or_missing = files.iter().filter(|(path, committed)| disk.get(path) != Some(*committed));
        let uncommitted = disk.paths().filter(|path| !files.contains(path));
        let mut differing: Vec<String> =
            changed_or_missing.map(|(path, _)| full(path)).chain(uncommitted.map(full)).collect();
        differing.sort();
        Ok(Some(AgainstHead { files, differing }))
    }

    /// Which of `candidates` (paths relative to the work tree) git reports
    /// as changed, staged or untracked (ignored files excepted), asked path
    /// by path; `None` when there are too many to ask one by one or git
    /// cannot answer for one: the caller then runs [`Repo::dirty_paths`].
    pub fn confirm_changed(&self, candidates: &[String]) -> Option<Vec<String>> {
        if candidates.len() > MAX_CONFIRMED {
            return None;
        }
        let mut changed = Vec::new();
        for path in candidates {
            let status = self.repo.status_file(Path::new(path)).ok()?;
            if status != git2::Status::CURRENT && !status.is_ignored() {
                changed.push(path.clone());
            }
        }
        Some(changed)
    }

    /// Paths below `dir` whose staged version differs from HEAD (the index
    /// against HEAD only, no walk of the work tree), relative to the work
    /// tree.
    pub fn staged_paths(&self, dir: &Path) -> Result<Vec<String>, GitError> {
        let mut options = StatusOptions::new();
        options.show(StatusShow::Index);
        self.status_paths(dir, &mut options)
    }

    /// The directory `rel` below `tree`, if there is one.
    fn subtree(&self, tree: &git2::Tree<'_>, rel: &str) -> Result<Option<git2::Tree<'_>>, GitError> {
        entry_of(tree, rel, ObjectType::Tree)?.map(|entry| self.find_tree(entry.id(), || rel)).transpose()
    }

    /// The directory `rel` (relative to the work tree; empty for the work
    /// tree itself) at HEAD, if there is one.
    fn head_subtree(&self, rel: &str) -> Result<Option<git2::Tree<'_>>, GitError> {
        let head = self.head_tree()?;
        if rel.is_empty() {
            Ok(Some(head))
        } else {
            self.subtree(&head, rel)
        }
    }

    /// The bytes of file `path` at HEAD; `None` when HEAD has no such file.
    pub fn head_file(&self, path: &Path) -> Result<Option<Vec<u8>>, GitError> {
        let rel = self.relative(path)?;
        let Some(entry) = entry_of(&self.head_tree()?, &rel, ObjectType::Blob)? else { return Ok(None) };
        let blob = self.find_blob(entry.id(), || &rel)?;
        Ok(Some(blob.content().to_vec()))
    }

    /// The id of the commit HEAD names (hex).
    pub fn head_id(&self) -> Result<String, GitError> {
        Ok(self.head_commit_id()?.to_string())
    }

    /// Reads commit `id` (hex) wherever the methods here say HEAD: `merge
    /// --abort` puts back the commit the merge started from, which a
    /// commit made during the merge must not replace.
    pub fn at_commit(mut self, id: &str) -> Result<Repo, GitError> {
        let no_head = |source| GitError::NoHead { repo: self.workdir.clone(), source };
        let oid = git2::Oid::from_str(id).map_err(no_head)?;
        self.check_loose(oid)?;
        self.repo.find_commit(oid).map_err(no_head)?;
        self.commit = Some(oid);
        Ok(self)
    }

    fn head_commit_id(&self) -> Result<git2::Oid, GitError> {
        if let Some(oid) = self.commit {
            return Ok(oid);
        }
        let no_head = |source| GitError::NoHead { repo: self.workdir.clone(), source };
        let commit = self.repo.head().and_then(|h| h.resolve()).map_err(no_head)?;
        commit.target().ok_or_else(|| no_head(git2::Error::from_str("HEAD names no commit")))
    }

    fn head_tree(&self) -> Result<git2::Tree<'_>, GitError> {
        let no_head = |source| GitError::NoHead { repo: self.workdir.clone(), source };
        let commit_id = self.head_commit_id()?;
        self.check_loose(commit_id)?;
        let commit = self.repo.find_commit(commit_id).map_err(no_head)?;
        self.check_loose(commit.tree_id())?;
        commit.tree().map_err(no_head)
    }

    /// Tree `oid`, checked first by [`Repo::check_loose`]; libgit2's error
    /// names `path` (computed only then).
    fn find_tree<P: AsRef<str>>(&self, oid: git2::Oid, path: impl FnOnce() -> P) -> Result<git2::Tree<'_>, GitError> {
        self.check_loose(oid)?;
        self.repo.find_tree(oid).map_err(|source| GitError::Read { path: path().as_ref().to_string(), source })
    }

    /// Blob `oid`, as [`Repo::find_tree`] reads a tree.
    fn find_blob<P: AsRef<str>>(&self, oid: git2::Oid, path: impl FnOnce() -> P) -> Result<git2::Blob<'_>, GitError> {
        self.check_loose(oid)?;
        self.repo.find_blob(oid).map_err(|source| GitError::Read { path: path().as_ref().to_string(), source })
    }

    /// Refuses a loose object that does not inflate to its end. libgit2
    /// loops forever on a truncated one, so every object is checked before
    /// libgit2 reads it. Packed objects are read by libgit2's pack code,
    /// which stops on damage.
    fn check_loose(&self, oid: git2::Oid) -> Result<(), GitError> {
        let hex = oid.to_string();
        let path = self.repo.path().join("objects").join(&hex[..2]).join(&hex[2..]);
        let Ok(file) = std::fs::File::open(&path) else { return Ok(()) };
        let mut inflated = flate2::read::ZlibDecoder::new(std::io::BufReader::new(file));
        match std::io::copy(&mut inflated, &mut std::io::sink()) {
            Ok(_) => Ok(()),
            Err(_) => Err(GitError::DamagedObject { oid: hex, path }),
        }
    }

    /// Checks every loose tree object below `rel` at HEAD (what a status
    /// of `rel` reads) before libgit2 reads them.
    fn check_trees(&self, rel: &str) -> Result<(), GitError> {
        let mut pending: Vec<_> = self.head_subtree(rel)?.into_iter().collect();
        while let Some(tree) = pending.pop() {
            for entry in tree.iter().filter(|e| e.kind() == Some(ObjectType::Tree)) {
                pending.push(self.find_tree(entry.id(), || rel)?);
            }
        }
        Ok(())
    }

    /// Adds the files of `tree` (at `prefix` inside the package) to `files`.
    fn collect(
        &self,
        tree: &git2::Tree<'_>,
        rel: &str,
        prefix: &str,
        disk: Option<&Tree>,
        files: &mut Tree,
    ) -> Result<(), GitError> {
        for entry in tree.iter() {
            let name = entry.name().map_err(|source| GitError::Read { path: format!("{rel}/{prefix}"), source })?;
            let path = format!("{prefix}{name}");
            let full = || join(rel, &path);
            match (entry.kind(), entry.filemode()) {
                (Some(ObjectType::Tree), _) => {
                    let subtree = self.find_tree(entry.id(), full)?;
                    self.collect(&subtree, rel, &format!("{path}/"), disk, files)?;
                }
                (Some(ObjectType::Blob), mode @ (0o100644 | 0o100755)) => {
                    let executable = mode == 0o100755;
                    let on_disk = disk
                        .and_then(|tree| tree.get(&path))
                        // An id of another length (a SHA-256 repository) never
                        // matches, and the blob is read from git.
                        .filter(|file| file.executable == executable && entry.id().as_bytes() == file.git_blob_id());
                    let file = match on_disk {
                        Some(file) => file.clone(),
                        None => {
                            let blob = self.find_blob(entry.id(), full)?;
                            FileEntry::with_mode(blob.content(), executable)
                        }
                    };
                    files.insert(path, file)?;
                }
                _ => return Err(GitError::NotAFile { path: full() }),
            }
        }
        Ok(())
    }

    /// Paths below `dirs` with uncommitted changes (staged, unstaged or
    /// untracked, ignored files excepted), relative to the work tree.
    ///
    /// One status per directory: libgit2 walks only below the common
    /// prefix of a status's paths, and that of several directories is
    /// usually the whole work tree.
    pub fn dirty_paths(&self, dirs: &[&Path]) -> Result<Vec<String>, GitError> {
        let mut paths = Vec::new();
        for dir in dirs {
            let mut options = StatusOptions::new();
            options.include_untracked(true).recurse_untracked_dirs(true).include_ignored(false);
            paths.extend(self.status_paths(dir, &mut options)?);
        }
        paths.sort();
        // Nested directories (a fork layer inside `upstream/`) are reported once.
        paths.dedup();
        Ok(paths)
    }

    /// The paths below `dir` a status with `options` reports, ignored files
    /// excepted.
    fn status_paths(&self, dir: &Path, options: &mut StatusOptions) -> Result<Vec<String>, GitError> {
        let rel = self.relative(dir)?;
        self.check_trees(&rel)?;
        options.pathspec(if rel.is_empty() { ".".to_string() } else { rel });
        let statuses =
            self.repo.statuses(Some(options)).map_err(|source| GitError::Read { path: "status".into(), source })?;
        Ok(statuses
            .iter()
            .filter(|s| s.status() != git2::Status::CURRENT && !s.status().is_ignored())
            // Only shown to people, so a non-UTF-8 name may be lossy here.
            .map(|s| String::from_utf8_lossy(s.path_bytes()).into_owned())
            .collect())
    }
}

/// The entry `rel` below `tree`, if there is one of `kind`.
fn entry_of(tree: &git2::Tree<'_>, rel: &str, kind: ObjectType) -> Result<Option<git2::TreeEntry<'static>>, GitError> {
    match tree.get_path(Path::new(rel)) {
        Ok(entry) => Ok((entry.kind() == Some(kind)).then_some(entry)),
        Err(e) if e.code() == git2::ErrorCode::NotFound => Ok(None),
        Err(source) => Err(GitError::Read { path: rel.to_string(), source }),
    }
}

/// `path` below `rel` (both relative to the work tree; `rel` empty for the
/// work tree itself).
fn join(rel: &str, path: &str) -> String {
    if rel.is_empty() {
        path.to_string()
    } else {
        format!("{rel}/{path}")
    }
}

/// `path` with symbolic links and `..` resolved as far as it exists; the
/// missing rest is appended as given.
fn canonical(path: &Path) -> PathBuf {
    if let Ok(resolved) = path.canonicalize() {
        return resolved;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => canonical(parent).join(name),
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests;
