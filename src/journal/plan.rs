//! What an update changes: the target as it is on disk, compared with
//! what it becomes, and the changes that make it so.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::record::{RemovedDir, Saved, TargetRecord};
use super::{JournalError, Next, Steps};
use crate::npm::sha256_hex;
use crate::tree::{check_relative_path, link_count, mode_of, read_with_metadata, set_mode, FileEntry, Tree, TreeError};

/// What was on disk at a path of a target directory.
enum Old {
    File {
        entry: FileEntry,
        mode: u32,
        shared: bool,
    },
    Link(PathBuf),
    /// A file the update keeps as the caller read it (not read again).
    KeptAsRead,
}

/// The previous contents of a target directory.
#[derive(Default)]
struct OldDir {
    existed: bool,
    items: BTreeMap<String, Old>,
    dirs: BTreeMap<String, u32>,
}

/// How a file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WriteKind {
    /// Nothing was there: a new file.
    Create,
    /// A file is there: overwritten in place.
    Overwrite,
    /// A file with other hard links was there: replaced by a new file so
    /// that the other names keep their bytes.
    Replace,
}

/// Everything one target needs: the undo record, the saved contents and
/// the changes.
pub(super) struct Plan<'a> {
    pub(super) root: PathBuf,
    pub(super) record: TargetRecord,
    pub(super) saved: Vec<(String, Saved)>,
    /// Files and links removed.
    pub(super) deletes: Vec<String>,
    /// Files written, in path order.
    pub(super) writes: Vec<(&'a str, &'a FileEntry, WriteKind)>,
    /// The new bytes of a file target.
    pub(super) file: Option<&'a [u8]>,
    /// The mode of a file target with other hard links: it is replaced by
    /// a new file with that mode, so that the other names keep their bytes.
    pub(super) replace_shared: Option<u32>,
}

impl Plan<'_> {
    pub(super) fn changes(&self) -> usize {
        self.deletes.len()
            + self.writes.len()
            + self.record.created_dirs.len()
            + self.record.removed_dirs.len()
            + usize::from(self.file.is_some())
            + usize::from(!self.record.existed)
    }

    pub(super) fn apply(&self, steps: &Steps<'_>) -> Result<(), JournalError> {
        let root = &self.root;
        if let Some(bytes) = self.file {
            return steps.run("write", root, |root| {
                if !self.record.existed {
                    if let Some(parent) = root.parent().filter(|p| !p.as_os_str().is_empty()) {
                        fs::create_dir_all(parent)?;
                    }
                    return write_entry(root, &FileEntry::new(bytes.to_vec()), WriteKind::Create);
                }
                if let Some(mode) = self.replace_shared {
                    fs::remove_file(root)?;
                    fs::OpenOptions::new().write(true).create_new(true).open(root)?.write_all(bytes)?;
                    return set_mode(root, mode);
                }
                let mut file = fs::OpenOptions::new().write(true).truncate(true).open(root)?;
                file.write_all(bytes)
            });
        }
        if !self.record.existed {
            steps.run("create", root, fs::create_dir_all)?;
        }
        // The order matters where old and new disagree about a path: a
        // file where a directory is wanted goes first; a directory where a
        // file is wanted goes after the files in it.
        for rel in &self.deletes {
            steps.run("remove", &root.join(rel), fs::remove_file)?;
        }
        // Sorted, so every parent comes before its children.
        for dir in &self.record.created_dirs {
            steps.run("create", &root.join(dir), fs::create_dir)?;
        }
        for dir in self.record.removed_dirs.iter().rev() {
            steps.run("remove", &root.join(&dir.path), fs::remove_dir)?;
        }
        self.writes.par_iter().try_for_each(|(rel, entry, kind)| {
            steps.run("write", &root.join(rel), |path| write_entry(path, entry, *kind))
        })
    }
}

pub(super) fn record_path(journal_dir: &Path, target: &Path) -> Result<String, JournalError> {
    let shown = target.strip_prefix(journal_dir).ok().filter(|p| !p.as_os_str().is_empty()).unwrap_or(target);
    shown.to_str().map(str::to_string).ok_or_else(|| JournalError::NonUtf8Target { path: target.to_path_buf() })
}

pub(super) fn plan<'a>(journal_dir: &Path, target: &Path, next: Next<'a>) -> Result<Plan<'a>, JournalError> {
    let path = record_path(journal_dir, target)?;
    let mut plan = match next {
        Next::File(bytes) => plan_file(target, path, bytes)?,
        Next::Dir(tree, read) => {
            // What the caller read and the update keeps needs no second read.
            let kept_as_read =
                |rel: &str| read.and_then(|read| read.get(rel)).is_some_and(|was| tree.get(rel) == Some(was));
            plan_dir(target, path, &read_old_dir(target, kept_as_read)?, tree)
        }
    };
    let written = plan.writes.par_iter().map(|(rel, entry, _)| (rel.to_string(), sha256_hex(&entry.bytes)));
    let mut written: BTreeMap<String, String> = written.collect();
    written.extend(plan.file.map(|bytes| (String::new(), sha256_hex(bytes))));
    plan.record.written = Some(written);
    if !plan.record.existed {
        // Created with the target, removed with it by a roll back.
        let missing = |a: &Path| !a.as_os_str().is_empty() && !a.exists();
        plan.record.missing_parents = target.ancestors().skip(1).take_while(|a| missing(a)).count();
    }
    Ok(plan)
}

fn plan_file<'a>(target: &Path, path: String, bytes: &'a [u8]) -> Result<Plan<'a>, JournalError> {
    let (existed, saved, file, replace_shared) = match read_with_metadata(target) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => (false, Vec::new(), Some(bytes), None),
        Err(source) => return Err(JournalError::Io { action: "read", path: target.to_path_buf(), source }),
        Ok((old, _)) if old == bytes => (true, Vec::new(), None, None),
        Ok((old, meta)) => {
            let shared = (link_count(&meta) > 1).then(|| mode_of(&meta));
            let saved = Saved::File { bytes: old.into(), mode: mode_of(&meta) };
            (true, vec![(String::new(), saved)], Some(bytes), shared)
        }
    };
    let record = TargetRecord { path, file: true, existed, ..TargetRecord::default() };
    let root = target.to_path_buf();
    Ok(Plan { root, record, saved, deletes: Vec::new(), writes: Vec::new(), file, replace_shared })
}

fn plan_dir<'a>(target: &Path, path: String, old: &OldDir, tree: &'a Tree) -> Plan<'a> {
    let mut record = TargetRecord { path, existed: old.existed, ..TargetRecord::default() };
    let wanted_dirs = parent_dirs(tree);
    let (mut saved, mut deletes, mut writes) = (Vec::new(), Vec::new(), Vec::new());
    for (rel, item) in &old.items {
        // A file kept as read is one `tree` holds (see `plan`): never gone.
        let gone = matches!(item, Old::Link(_)) || !tree.contains(rel);
        if let Some(copy) = saved_copy(item).filter(|_| gone) {
            saved.push((rel.clone(), copy));
            deletes.push(rel.clone());
        }
    }
    for (rel, entry) in tree.iter() {
        let kind = match old.items.get(rel) {
            Some(Old::KeptAsRead) => continue,
            Some(item @ Old::File { entry: was, shared, .. }) => {
                // Same bytes and executable bit: what every tree comparison
                // looks at, so nothing to do.
                if was == entry {
                    continue;
                }
                saved.extend(saved_copy(item).map(|copy| (rel.to_string(), copy)));
                if *shared {
                    WriteKind::Replace
                } else {
                    WriteKind::Overwrite
                }
            }
            _ => {
                record.created_files.push(rel.to_string());
                WriteKind::Create
            }
        };
        writes.push((rel, entry, kind));
    }
    record.created_dirs = wanted_dirs.iter().filter(|d| !old.dirs.contains_key(*d)).cloned().collect();
    record.removed_dirs = old
        .dirs
        .iter()
        .filter(|(d, _)| !wanted_dirs.contains(*d))
        .map(|(d, mode)| RemovedDir { path: d.clone(), mode: *mode })
        .collect();
    saved.sort_by(|a, b| a.0.cmp(&b.0));
    Plan { root: target.to_path_buf(), record, saved, deletes, writes, file: None, replace_shared: None }
}

/// What the journal keeps of `item`; `None` for a file kept as read, which
/// the update never changes.
fn saved_copy(item: &Old) -> Option<Saved> {
    match item {
        Old::File { entry, mode, .. } => Some(Saved::File { bytes: entry.bytes.clone(), mode: *mode }),
        Old::Link(to) => Some(Saved::Link(to.clone())),
        Old::KeptAsRead => None,
    }
}

/// Every directory the files of `tree` need, parents before children
/// (a path sorts before every path it is a prefix of).
pub(super) fn parent_dirs(tree: &Tree) -> BTreeSet<String> {
    let mut dirs = BTreeSet::new();
    for rel in tree.paths() {
        let mut end = rel.len();
        while let Some(slash) = rel[..end].rfind('/') {
            if !dirs.insert(rel[..slash].to_string()) {
                break;
            }
            end = slash;
        }
    }
    dirs
}

/// Reads a target directory: files (bytes, mode, whether other hard links
/// share them), symbolic links and directories. A regular file at a path
/// `kept_as_read` accepts is only listed ([`Old::KeptAsRead`]).
fn read_old_dir(root: &Path, kept_as_read: impl Fn(&str) -> bool) -> Result<OldDir, JournalError> {
    match fs::symlink_metadata(root) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(OldDir::default()),
        Err(e) => return Err(JournalError::Io { action: "read", path: root.to_path_buf(), source: e }),
        Ok(meta) if !meta.is_dir() => return Err(TreeError::NotAFile { path: root.to_path_buf() }.into()),
        Ok(_) => {}
    }
    let mut old = OldDir { existed: true, ..OldDir::default() };
    // Files are read after the walk, on every core.
    let mut files = Vec::new();
    crate::tree::walk(root, |met| -> Result<bool, JournalError> {
        // Refused now, before anything changes, rather than when the
        // journal is read back for a roll back.
        check_relative_path(met.rel)?;
        let (rel, path) = (met.rel.to_string(), met.path);
        // The type comes with the directory listing; only directories
        // need a stat (for their mode).
        if met.file_type.is_dir() {
            let meta = met.entry.metadata().map_err(JournalError::io("read", path))?;
            old.dirs.insert(rel, mode_of(&meta));
            return Ok(true);
        }
        if met.file_type.is_file() && kept_as_read(&rel) {
            old.items.insert(rel, Old::KeptAsRead);
        } else if met.file_type.is_file() {
            files.push((rel, path.to_path_buf()));
        } else if met.file_type.is_symlink() {
            let to = fs::read_link(path).map_err(JournalError::io("read", path))?;
            old.items.insert(rel, Old::Link(to));
        } else {
            return Err(TreeError::NotAFile { path: path.to_path_buf() }.into());
        }
        Ok(false)
    })?;
    let read = |path: &Path| read_with_metadata(path).map_err(JournalError::io("read", path));
    let files: Vec<_> = files.into_par_iter().map(|(rel, path)| (rel, read(&path))).collect();
    for (rel, read) in files {
        let (bytes, meta) = read?;
        let mode = mode_of(&meta);
        let entry = FileEntry::with_mode(bytes, mode & 0o111 != 0);
        old.items.insert(rel, Old::File { entry, mode, shared: link_count(&meta) > 1 });
    }
    Ok(old)
}

/// Writes a file of a target directory with mode 0644/0755.
fn write_entry(path: &Path, entry: &FileEntry, kind: WriteKind) -> io::Result<()> {
    if kind == WriteKind::Replace {
        fs::remove_file(path)?;
    }
    let overwrite = kind == WriteKind::Overwrite;
    let mut file = fs::OpenOptions::new().write(true).truncate(overwrite).create_new(!overwrite).open(path)?;
    file.write_all(&entry.bytes)?;
    // The mode is set whatever the umask or the old mode was (set-id and
    // sticky bits included): 0644 or 0755, as npm writes them.
    if cfg!(unix) && mode_of(&file.metadata()?) != entry.mode() {
        set_mode(path, entry.mode())?;
    }
    Ok(())
}
