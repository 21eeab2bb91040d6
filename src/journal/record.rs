//! The journal file: a tar archive holding `journal.json` (how to undo
//! the update) and the saved bytes of every file it overwrites or deletes.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{JournalError, ARMED, RECORD_ENTRY, SCHEMA, WRITING};
use crate::tree::check_relative_path;

/// A journal file in the journal directory.
pub(super) struct Found {
    pub(super) path: PathBuf,
    pub(super) pid: u32,
    pub(super) armed: bool,
}

impl Found {
    /// A journal of this very process can only be left by an update that
    /// panicked: it is as dead as one of a killed process.
    pub(super) fn alive(&self) -> bool {
        self.pid != std::process::id() && super::process_alive(self.pid)
    }
}

pub(super) fn journals(dir: &Path, prefix: &str) -> Vec<Found> {
    let mut found: Vec<Found> = file_names(dir)
        .filter_map(|name| {
            let rest = name.strip_prefix(prefix)?;
            let (pid, armed) = match rest.strip_suffix(ARMED) {
                Some(pid) => (pid, true),
                None => (rest.strip_suffix(WRITING)?, false),
            };
            Some(Found { path: dir.join(&name), pid: pid.parse().ok()?, armed })
        })
        .collect();
    found.sort_by_key(|f| (f.pid, f.armed));
    found
}

/// The UTF-8 file names in `dir`; none when it cannot be listed.
pub(super) fn file_names(dir: &Path) -> impl Iterator<Item = String> {
    fs::read_dir(dir).into_iter().flatten().filter_map(|entry| entry.ok()?.file_name().into_string().ok())
}

/// `journal.json`: how to undo the update, except the saved contents.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Record {
    pub(super) schema: String,
    pub(super) targets: Vec<TargetRecord>,
    /// The directories made to hold the journal (its directory, then its
    /// missing parents, innermost first), each by its inode number: a roll
    /// back removes each that is still that very directory and empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) made_dirs: Vec<u64>,
}

/// The undo information of one target. Paths inside are relative to it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(super) struct TargetRecord {
    /// Relative to the journal directory when inside it, else absolute.
    pub(super) path: String,
    /// A file rather than a directory.
    pub(super) file: bool,
    /// Whether the target existed.
    pub(super) existed: bool,
    /// How many of the target's parent directories did not exist either
    /// (created with it, removed with it by a roll back).
    #[serde(default)]
    pub(super) missing_parents: usize,
    /// Files that did not exist: removed by a roll back.
    pub(super) created_files: Vec<String>,
    /// Directories that did not exist, parents first.
    pub(super) created_dirs: Vec<String>,
    /// Directories removed, parents first, with their modes.
    pub(super) removed_dirs: Vec<RemovedDir>,
    /// The SHA-256 of every file the update writes (`""` for a file
    /// target). Rolling back a killed update, a file holding neither what
    /// was there before nor this (edited since, or left half written) is
    /// copied aside first. `None` in journals of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) written: Option<BTreeMap<String, String>>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct RemovedDir {
    pub(super) path: String,
    pub(super) mode: u32,
}

/// A file or symbolic link as it was before the update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Saved {
    File { bytes: std::sync::Arc<Vec<u8>>, mode: u32 },
    Link(PathBuf),
}

impl Saved {
    /// The bytes of a saved file (`None` for a link).
    pub(super) fn file_bytes(&self) -> Option<&[u8]> {
        match self {
            Saved::File { bytes, .. } => Some(bytes),
            Saved::Link(_) => None,
        }
    }
}

/// What a journal holds of one target: its undo record and the saved
/// contents.
pub(super) type Entry<'p> = (&'p TargetRecord, &'p [(String, Saved)]);

/// Writes the journal of `targets`, synced, and arms it with a rename.
pub(super) fn write_journal(
    dir: &Path,
    prefix: &str,
    targets: &[Entry<'_>],
    made_dirs: &[u64],
) -> Result<PathBuf, JournalError> {
    let journal_path = |suffix| dir.join(format!("{prefix}{}{suffix}", std::process::id()));
    let (writing, armed) = (journal_path(WRITING), journal_path(ARMED));
    let written = write_tar(&writing, targets, made_dirs).and_then(|()| fs::rename(&writing, &armed));
    if let Err(source) = written {
        let _ = fs::remove_file(&writing);
        return Err(JournalError::Io { action: "write the journal", path: writing, source });
    }
    Ok(armed)
}

fn write_tar(path: &Path, targets: &[Entry<'_>], made_dirs: &[u64]) -> io::Result<()> {
    let file = fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    // tar copies each file's bytes in 8 KiB pieces; the saved bytes go to
    // disk in pieces of 1 MiB instead.
    let mut tar = tar::Builder::new(BufWriter::with_capacity(1 << 20, file));
    let record = Record {
        schema: SCHEMA.to_string(),
        targets: targets.iter().map(|(record, _)| (*record).clone()).collect(),
        made_dirs: made_dirs.to_vec(),
    };
    let json = serde_json::to_vec_pretty(&record).map_err(io::Error::other)?;
    append_file(&mut tar, RECORD_ENTRY, &json, 0o644)?;
    for (index, (_, saved)) in targets.iter().enumerate() {
        for (rel, saved) in saved.iter() {
            let name = if rel.is_empty() { index.to_string() } else { format!("{index}/{rel}") };
            match saved {
                Saved::File { bytes, mode } => append_file(&mut tar, &name, bytes, *mode)?,
                Saved::Link(to) => {
                    let mut header = tar::Header::new_gnu();
                    header.set_entry_type(tar::EntryType::Symlink);
                    header.set_size(0);
                    header.set_mode(0o777);
                    tar.append_link(&mut header, &name, to)?;
                }
            }
        }
    }
    let file = tar.into_inner()?.into_inner().map_err(io::IntoInnerError::into_error)?;
    // Synced before anything changes: after a crash of the machine the
    // journal is there whenever a change might be.
    file.sync_all()
}

fn append_file<W: Write>(tar: &mut tar::Builder<W>, name: &str, bytes: &[u8], mode: u32) -> io::Result<()> {
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(mode);
    header.set_entry_type(tar::EntryType::Regular);
    tar.append_data(&mut header, name, bytes)
}

/// A journal read back: the record and the saved contents per target.
pub(super) type Contents = (Record, Vec<BTreeMap<String, Saved>>);

/// Reads a journal.
pub(super) fn read_journal(journal: &Path) -> Result<Contents, JournalError> {
    // A FIFO or device planted under a journal's name would block the read.
    if !fs::symlink_metadata(journal).map_err(JournalError::io("read", journal))?.is_file() {
        return Err(JournalError::damaged(journal, "it is not a regular file"));
    }
    let file = fs::File::open(journal).map_err(JournalError::io("read", journal))?;
    read_archive(file).map_err(|reason| JournalError::damaged(journal, reason))
}

/// [`read_journal`] once the file is open; every error says what is
/// damaged.
fn read_archive(file: fs::File) -> Result<Contents, Box<dyn std::error::Error>> {
    let mut archive = tar::Archive::new(io::BufReader::new(file));
    let mut record: Option<Record> = None;
    let mut saved: Vec<BTreeMap<String, Saved>> = Vec::new();
    for entry in archive.entries()? {
        let mut entry = entry?;
        let name = entry.path()?.to_string_lossy().into_owned();
        let Some(known) = &record else {
            if name != RECORD_ENTRY {
                return Err(format!("starts with `{name}`, not `{RECORD_ENTRY}`").into());
            }
            let parsed: Record = serde_json::from_reader(&mut entry)?;
            if parsed.schema != SCHEMA {
                return Err(format!("unknown schema `{}`", parsed.schema).into());
            }
            saved = vec![BTreeMap::new(); parsed.targets.len()];
            record = Some(parsed);
            continue;
        };
        let (index, rel) = name.split_once('/').unwrap_or((&name, ""));
        let slot = index.parse::<usize>().ok().filter(|i| *i < known.targets.len());
        let Some(slot) = slot else { return Err(format!("entry `{name}` names no target").into()) };
        if !rel.is_empty() {
            check_relative_path(rel)?;
        }
        let item = if entry.header().entry_type().is_symlink() {
            Saved::Link(entry.link_name()?.map(|t| t.into_owned()).unwrap_or_default())
        } else {
            let mode = entry.header().mode()?;
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes)?;
            Saved::File { bytes: bytes.into(), mode }
        };
        saved[slot].insert(rel.to_string(), item);
    }
    let record = record.ok_or("it is empty")?;
    for target in &record.targets {
        let paths =
            target.created_files.iter().chain(&target.created_dirs).chain(target.removed_dirs.iter().map(|d| &d.path));
        for rel in paths {
            check_relative_path(rel)?;
        }
    }
    Ok((record, saved))
}

/// Creates `dir` and its missing parents (outermost first) and returns
/// their inode numbers, innermost first, for [`remove_made_dirs`]. One
/// that another process creates meanwhile is not counted as made.
pub(super) fn make_missing_dirs(dir: &Path) -> Result<Vec<u64>, JournalError> {
    let missing: Vec<&Path> =
        dir.ancestors().take_while(|a| !a.as_os_str().is_empty() && fs::symlink_metadata(a).is_err()).collect();
    let mut made = Vec::new();
    for &path in missing.iter().rev() {
        let identity = match fs::create_dir(path) {
            Ok(()) => fs::symlink_metadata(path).map(|meta| dir_identity(&meta)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(e),
        };
        // Only an unbroken chain ending at `dir` is recorded: the roll back
        // walks up from `dir`.
        match identity {
            Ok(Some(ino)) => made.push(ino),
            Ok(None) => made.clear(),
            Err(source) => {
                made.reverse();
                remove_made_dirs(path.parent().unwrap_or(path), &made);
                return Err(JournalError::Io { action: "create", path: path.to_path_buf(), source });
            }
        }
    }
    made.reverse();
    Ok(made)
}

/// Removes, innermost first, the directories [`make_missing_dirs`] made
/// for a journal in `journal_dir`; it stops at the first that is not the
/// recorded directory any more or not empty. A leftover empty directory
/// is harmless, so a failure here is not an error.
pub(super) fn remove_made_dirs(journal_dir: &Path, made: &[u64]) {
    for (dir, ino) in journal_dir.ancestors().zip(made) {
        let same = fs::symlink_metadata(dir).is_ok_and(|meta| meta.is_dir() && dir_identity(&meta) == Some(*ino));
        if !same || fs::remove_dir(dir).is_err() {
            return;
        }
    }
}

/// The inode number of a directory, what tells the one made by an update
/// from another made later at the same path.
#[cfg(unix)]
fn dir_identity(meta: &fs::Metadata) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    Some(meta.ino())
}

#[cfg(not(unix))]
fn dir_identity(_meta: &fs::Metadata) -> Option<u64> {
    None
}
