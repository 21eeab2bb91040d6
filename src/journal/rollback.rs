//! Putting back what a journal recorded: every step tolerates having been
//! done already, and nothing is written outside the journal's targets.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, ErrorKind};
use std::path::{Component, Path, PathBuf};

use super::record::{read_journal, remove_made_dirs, Record, Saved, TargetRecord};
use super::{JournalError, Steps, PLAIN_MODE_BITS};
use crate::npm::sha256_hex;
use crate::realpath::normalize;
use crate::tree::{link_count, mode_of, set_mode};

/// Where a journal found on disk may make changes: the directories and
/// files forklayer manages in this project (`upstream/`, the fork layer,
/// `patches/`, the declaration). A journal is a file anyone can plant in a
/// repository, so every path it names is checked against this before
/// anything is touched.
#[derive(Clone, Debug)]
pub struct Scope {
    pub(super) roots: Vec<PathBuf>,
}

impl Scope {
    /// The given directories and files (and everything below them).
    pub fn new(roots: impl IntoIterator<Item = PathBuf>) -> Scope {
        Scope { roots: roots.into_iter().map(|root| normalize(&root)).collect() }
    }

    /// Whether `path` (symbolic links of its existing part resolved) is one
    /// of the roots or below one.
    pub(super) fn contains(&self, path: &Path) -> bool {
        let path = normalize(path);
        self.roots.iter().any(|root| path.starts_with(root))
    }
}

/// Puts back everything the journal recorded, then removes it. `scope`
/// is where a journal found on disk may make changes (`None` for the
/// journal this very process just wrote). `keep`: where the roll back of
/// a killed update copies the files changed since ([`TargetRecord::written`]);
/// the copies made are returned with the record.
pub(super) fn roll_back_journal(
    journal: &Path,
    journal_dir: &Path,
    scope: Option<&Scope>,
    keep: Option<&Path>,
    steps: &Steps<'_>,
) -> Result<(Record, Vec<PathBuf>), JournalError> {
    let (record, saved) = read_journal(journal)?;
    for (target, saved) in record.targets.iter().zip(&saved) {
        check_target(journal_dir, target, saved, scope).map_err(|reason| JournalError::damaged(journal, reason))?;
    }
    let mut kept = Vec::new();
    for (target, saved) in record.targets.iter().zip(&saved) {
        let keep = keep.map(|dir| Keep { dir, target, kept: &mut kept });
        roll_back_target(&journal_dir.join(&target.path), target, saved, keep, steps)?;
    }
    fs::remove_file(journal).map_err(JournalError::io("remove the journal", journal))?;
    remove_made_dirs(journal_dir, &record.made_dirs);
    Ok((record, kept))
}

/// Where the roll back of a killed update copies a file of `target` that
/// holds neither what the update found there nor what it wrote (edited
/// since the kill, or left half written), and the copies made: the roll
/// back puts every file back as it was, and loses none of those bytes.
struct Keep<'k> {
    dir: &'k Path,
    target: &'k TargetRecord,
    kept: &'k mut Vec<PathBuf>,
}

impl Keep<'_> {
    /// Copies the file `rel` of the target (at `path`) aside unless it
    /// holds `before` (what the roll back puts back; `None`: no file) or
    /// what the update wrote there.
    fn changed(&mut self, path: &Path, rel: &str, before: Option<&[u8]>) -> io::Result<()> {
        let Some(written) = &self.target.written else { return Ok(()) };
        if !fs::symlink_metadata(path).is_ok_and(|meta| meta.is_file()) {
            return Ok(());
        }
        let bytes = fs::read(path)?;
        // An empty file the update was writing is its own truncation, cut
        // off by the kill before its one `write` (a write of a page or less
        // is never cut in the middle): nothing anyone wrote there.
        let ours = written.get(rel).is_some_and(|hash| bytes.is_empty() || *hash == sha256_hex(&bytes));
        if before == Some(bytes.as_slice()) || ours {
            return Ok(());
        }
        let target = self.target.path.trim_start_matches('/');
        let rel = if rel.is_empty() { target.to_string() } else { format!("{target}/{rel}") };
        let copy = self.dir.join(&rel);
        // The directory may be planted too: never write through a link.
        let planted = |path: &Path| fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
        if planted(self.dir) || planted(&copy) {
            return Err(io::Error::other(format!(
                "`{}` is a symbolic link; refusing to write through it",
                copy.display()
            )));
        }
        symlink_free(self.dir, &rel)?;
        if let Some(parent) = copy.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&copy, &bytes)?;
        self.kept.push(copy);
        Ok(())
    }
}

/// Checks, before anything is touched, that rolling `target` back stays
/// where forklayer writes: the target is inside `scope`, no path goes
/// through a symbolic link (on disk or one the roll back recreates), and
/// every recreated link points inside the target, as a link of a package
/// the merge replaced could.
fn check_target(
    journal_dir: &Path,
    target: &TargetRecord,
    saved: &BTreeMap<String, Saved>,
    scope: Option<&Scope>,
) -> Result<(), String> {
    let path = Path::new(&target.path);
    if path.components().any(|c| c == Component::ParentDir) {
        return Err(format!("target `{}` has a `..` component", target.path));
    }
    // forklayer never writes into a repository's `.git`: a journal that
    // would is planted, whatever its scope.
    if path.components().any(|c| c.as_os_str() == ".git") {
        return Err(format!("target `{}` lies in `.git`", target.path));
    }
    let root = journal_dir.join(path);
    if scope.is_some_and(|scope| !scope.contains(&root)) {
        return Err(format!("target `{}` is not a directory or file forklayer manages here", target.path));
    }
    if target.file {
        return match saved.keys().find(|rel| !rel.is_empty()) {
            Some(rel) => Err(format!("file target `{}` has an entry `{rel}`", target.path)),
            None => Ok(()),
        };
    }
    let links: BTreeMap<&str, &Path> = saved
        .iter()
        .filter_map(|(rel, item)| if let Saved::Link(to) = item { Some((rel.as_str(), to.as_path())) } else { None })
        .collect();
    // Restored after the created paths are gone: a link restored first
    // must not have a restored path below it (before the update, a link
    // had nothing below it).
    let restored = target.removed_dirs.iter().map(|d| &d.path).chain(saved.keys());
    for rel in restored.clone() {
        if let Some(link) = proper_prefixes(rel).find(|prefix| links.contains_key(prefix)) {
            return Err(format!("`{rel}` would be written through the symbolic link `{link}` it restores"));
        }
    }
    for rel in target.created_files.iter().chain(&target.created_dirs).chain(restored) {
        if rel.is_empty() {
            return Err(format!("directory target `{}` has an unnamed entry", target.path));
        }
        symlink_free(&root, rel).map_err(|e| e.to_string())?;
    }
    match links.into_iter().find(|(rel, to)| !link_stays_inside(rel, to)) {
        Some((rel, to)) => {
            Err(format!("the symbolic link `{rel}` would point outside its directory (`{}`)", to.display()))
        }
        None => Ok(()),
    }
}

/// `a`, `a/b` for `a/b/c`.
fn proper_prefixes(rel: &str) -> impl Iterator<Item = &str> {
    rel.match_indices('/').map(move |(at, _)| &rel[..at])
}

/// Refuses a path of `root` whose existing parents include a symbolic
/// link: writing or removing through it could reach anywhere.
fn symlink_free(root: &Path, rel: &str) -> io::Result<()> {
    for prefix in proper_prefixes(rel) {
        match fs::symlink_metadata(root.join(prefix)) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(io::Error::other(format!(
                    "`{}` goes through the symbolic link `{}`; refusing to write through it",
                    root.join(rel).display(),
                    root.join(prefix).display()
                )));
            }
            Ok(_) => {}
            Err(_) => return Ok(()),
        }
    }
    Ok(())
}

/// Whether link `rel` → `to`, resolved from `rel`'s directory, stays inside
/// the target without going above it.
fn link_stays_inside(rel: &str, to: &Path) -> bool {
    let mut depth = rel.matches('/').count();
    for component in to.components() {
        match component {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => match depth.checked_sub(1) {
                Some(up) => depth = up,
                None => return false,
            },
            Component::RootDir | Component::Prefix(_) => return false,
        }
    }
    !to.as_os_str().is_empty()
}

/// Undoes the changes of one target, whichever of them were made. Every
/// step tolerates having been done already.
fn roll_back_target(
    root: &Path,
    target: &TargetRecord,
    saved: &BTreeMap<String, Saved>,
    mut keep: Option<Keep<'_>>,
    steps: &Steps<'_>,
) -> Result<(), JournalError> {
    let mut keep_changed = |path: &Path, rel: &str, before: Option<&Saved>| match &mut keep {
        Some(keep) => keep.changed(path, rel, before.and_then(Saved::file_bytes)),
        None => Ok(()),
    };
    if target.file {
        if let Some(item) = saved.get("") {
            steps.run("restore", root, |root| {
                keep_changed(root, "", Some(item)).and_then(|()| restore_item(root, item))
            })?;
        }
    } else {
        // A path the update had not reached yet still holds what was there
        // before (a directory where a file was to be created, a file where
        // a directory was): that is left for the steps below.
        for rel in &target.created_files {
            steps.remove(&root.join(rel), |path| match fs::symlink_metadata(path) {
                Ok(meta) if meta.is_dir() => Ok(()),
                _ => symlink_free(root, rel)
                    .and_then(|()| keep_changed(path, rel, None))
                    .and_then(|()| fs::remove_file(path)),
            })?;
        }
        for dir in target.created_dirs.iter().rev() {
            steps.remove(&root.join(dir), |path| match fs::symlink_metadata(path) {
                Ok(meta) if meta.is_dir() => symlink_free(root, dir).and_then(|()| fs::remove_dir(path)),
                _ => Ok(()),
            })?;
        }
        for dir in &target.removed_dirs {
            steps.run("restore", &root.join(&dir.path), |path| {
                symlink_free(root, &dir.path)?;
                match fs::create_dir(path) {
                    Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
                    other => other?,
                }
                set_mode(path, dir.mode & PLAIN_MODE_BITS)
            })?;
        }
        for (rel, item) in saved {
            let restore = |path: &Path| {
                symlink_free(root, rel)
                    .and_then(|()| keep_changed(path, rel, Some(item)))
                    .and_then(|()| restore_item(path, item))
            };
            steps.run("restore", &root.join(rel), restore)?;
        }
    }
    if !target.existed {
        steps.remove(root, |root| match target.file {
            // A directory where the file was to be created is what was there before.
            true if fs::symlink_metadata(root).is_ok_and(|meta| meta.is_dir()) => Ok(()),
            true => keep_changed(root, "", None).and_then(|()| fs::remove_file(root)),
            false => fs::remove_dir(root),
        })?;
        // The parent directories the update made for it, innermost first.
        for dir in root.ancestors().skip(1).take(target.missing_parents) {
            steps.remove(dir, fs::remove_dir)?;
        }
    }
    Ok(())
}

/// Puts back a saved file or link. A file the update had not reached yet
/// is left alone: a roll back touches only what the update changed (and
/// does not fail on a file it could never write, e.g. an immutable one).
fn restore_item(path: &Path, item: &Saved) -> io::Result<()> {
    match item {
        Saved::File { bytes, mode } => {
            // Set-id and sticky bits never come from a journal: it is a
            // file anyone could have planted.
            let mode = mode & PLAIN_MODE_BITS;
            match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => fs::remove_file(path)?,
                // Untouched by the update: left exactly as it is.
                Ok(meta)
                    if meta.is_file() && mode_of(&meta) & PLAIN_MODE_BITS == mode && fs::read(path)? == **bytes =>
                {
                    return Ok(())
                }
                // Another name of the same file keeps its bytes.
                Ok(meta) if meta.is_file() && link_count(&meta) > 1 => fs::remove_file(path)?,
                _ => {}
            }
            fs::write(path, bytes.as_slice())?;
            set_mode(path, mode)
        }
        Saved::Link(to) => {
            ignore_missing(fs::remove_file(path))?;
            make_symlink(to, path)
        }
    }
}

#[cfg(unix)]
fn make_symlink(to: &Path, path: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(to, path)
}

#[cfg(not(unix))]
fn make_symlink(_to: &Path, path: &Path) -> io::Result<()> {
    Err(io::Error::new(ErrorKind::Unsupported, format!("cannot recreate the symbolic link `{}`", path.display())))
}

/// A path that is not there, or cannot be (its parent is a file, or its
/// name is longer than the file system holds), is already as a removal
/// wants it: a roll back never fails on a path that was never created.
pub(super) fn ignore_missing(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory | ErrorKind::InvalidFilename) => {
            Ok(())
        }
        other => other,
    }
}
