//! Reading npm tarballs (`.tgz`) into a [`Tree`], the way npm extracts them
//! but stricter: the first path component is stripped, bytes and the
//! executable bit are kept exactly, and anything unsafe is refused before a
//! single byte is written anywhere (the result is in memory).

use std::collections::BTreeMap;
use std::io::Read;

use flate2::bufread::GzDecoder;
use tar::{Archive, EntryType};

use crate::tree::{check_relative_path, FileEntry, Tree, TreeError};

/// Why a tarball was refused.
#[derive(Debug, thiserror::Error)]
pub enum TarballError {
    /// The gzip or tar framing is broken.
    #[error("corrupt archive: {message}")]
    Corrupt {
        /// What the decoder said.
        message: String,
    },
    /// An entry whose path would escape the package or is not plain.
    #[error("refused entry `{entry}`: {reason}")]
    UnsafeEntry {
        /// The entry name as stored in the archive.
        entry: String,
        /// Why it was refused.
        reason: String,
    },
    /// Two entries whose paths differ only in letter case; they would
    /// overwrite each other on case-insensitive file systems.
    #[error("refused entries `{first}` and `{second}`: their names differ only in case")]
    CaseCollision {
        /// The first path.
        first: String,
        /// The second path.
        second: String,
    },
}

impl crate::error::Diagnostic for TarballError {
    fn exit_status(&self) -> crate::error::ExitStatus {
        crate::error::ExitStatus::Integrity
    }
    fn code(&self) -> &'static str {
        match self {
            TarballError::Corrupt { .. } => "corrupt_archive",
            TarballError::UnsafeEntry { .. } => "unsafe_archive_entry",
            TarballError::CaseCollision { .. } => "case_collision",
        }
    }
    fn help(&self) -> Option<String> {
        Some(match self {
            TarballError::Corrupt { .. } => {
                "the file is damaged or not an npm tarball; fetch it again with `npm pack <name>@<version>`".into()
            }
            TarballError::UnsafeEntry { .. } | TarballError::CaseCollision { .. } => {
                "npm does not publish such archives; do not vendor it, and check where the tarball came from".into()
            }
        })
    }
}

/// Refuse archives that unpack to more than this: npm packages are small,
/// and a gzip bomb must not exhaust memory.
pub const MAX_UNPACKED_BYTES: u64 = 1 << 30;

fn corrupt(err: std::io::Error) -> TarballError {
    TarballError::Corrupt { message: err.to_string() }
}

/// Extracts the files of a gzip-compressed npm tarball into memory.
pub fn read_tgz(bytes: &[u8]) -> Result<Tree, TarballError> {
    read_tgz_limited(bytes, MAX_UNPACKED_BYTES)
}

/// Counts the bytes read through it (the decompressed tar stream).
struct Counting<R> {
    inner: R,
    count: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

/// Size of a tar block; an archive ends with two zero blocks.
const BLOCK: u64 = 512;

/// [`read_tgz`] with a custom limit on the total unpacked size.
pub fn read_tgz_limited(bytes: &[u8], max_unpacked: u64) -> Result<Tree, TarballError> {
    let mut archive = Archive::new(Counting { inner: GzDecoder::new(bytes), count: 0 });
    let mut tree = Tree::new();
    let mut unpacked: u64 = 0;
    // End of the last entry's data, padded to a block.
    let mut entries_end: u64 = 0;
    for entry in archive.entries().map_err(corrupt)? {
        let mut entry = entry.map_err(corrupt)?;
        entries_end = entry.raw_file_position() + entry.size().div_ceil(BLOCK) * BLOCK;
        let raw_name = String::from_utf8(entry.path_bytes().into_owned()).map_err(|e| TarballError::UnsafeEntry {
            entry: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            reason: "name is not valid UTF-8".into(),
        })?;
        let refuse = |reason: &str| TarballError::UnsafeEntry { entry: raw_name.clone(), reason: reason.into() };
        match entry.header().entry_type() {
            EntryType::Regular | EntryType::Continuous => {}
            EntryType::Directory | EntryType::XGlobalHeader | EntryType::XHeader => continue,
            EntryType::Symlink => return Err(refuse("symbolic links are not allowed")),
            EntryType::Link => return Err(refuse("hard links are not allowed")),
            _ => return Err(refuse("only regular files and directories are allowed")),
        }
        let rel = strip_first_component(&raw_name).map_err(&refuse)?;
        let Some(rel) = rel else { continue };
        unpacked = unpacked.saturating_add(entry.size());
        if unpacked > max_unpacked {
            return Err(refuse(&format!("the archive unpacks to more than {max_unpacked} bytes")));
        }
        let executable = entry.header().mode().map_err(corrupt)? & 0o111 != 0;
        let mut data = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
        entry.read_to_end(&mut data).map_err(corrupt)?;
        if tree.contains(&rel) {
            return Err(refuse("the archive contains this file twice"));
        }
        tree.insert(rel, FileEntry { bytes: data, executable }).map_err(|e| match e {
            TreeError::UnsafePath { reason, .. } => refuse(reason),
            other => refuse(&other.to_string()),
        })?;
    }
    check_stream_end(archive.into_inner(), entries_end)?;
    check_case_collisions(&tree)?;
    Ok(tree)
}

/// The tar reader stops at the first zero block, before the gzip trailer:
/// reading on to the end checks the trailer's CRC and length, so a
/// damaged or truncated download is refused instead of half-read. The
/// archive must also end with its two zero blocks and nothing may follow
/// the gzip stream.
fn check_stream_end(mut stream: Counting<GzDecoder<&[u8]>>, entries_end: u64) -> Result<(), TarballError> {
    std::io::copy(&mut stream, &mut std::io::sink()).map_err(corrupt)?;
    if stream.count < entries_end + 2 * BLOCK {
        return Err(TarballError::Corrupt { message: "the tar stream ends without its end-of-archive blocks".into() });
    }
    let trailing = stream.inner.into_inner().len();
    if trailing > 0 {
        return Err(TarballError::Corrupt {
            message: format!("{trailing} bytes of unexpected data after the gzip stream"),
        });
    }
    Ok(())
}

/// npm strips the first component (`package/` by convention, but any name)
/// of every entry. Returns `None` for the top directory itself.
fn strip_first_component(name: &str) -> Result<Option<String>, &'static str> {
    if name.starts_with('/') || name.starts_with('\\') {
        return Err("absolute paths are not allowed");
    }
    if name.as_bytes().get(1) == Some(&b':') {
        return Err("drive-letter paths are not allowed");
    }
    if name.split(['/', '\\']).any(|c| c == "..") {
        return Err("`..` components are not allowed");
    }
    let trimmed = name.trim_start_matches("./");
    let rest = match trimmed.split_once('/') {
        Some((_, rest)) => rest.trim_end_matches('/'),
        None => return Ok(None),
    };
    if rest.is_empty() {
        return Ok(None);
    }
    check_relative_path(rest).map_err(|e| match e {
        TreeError::UnsafePath { reason, .. } => reason,
        _ => "invalid path",
    })?;
    Ok(Some(rest.to_string()))
}

/// Refuses two names that differ only in case (`README.md`/`readme.md`),
/// of files or of the directories on their paths (`Lib/a.js`/`lib/b.js`,
/// `A`/`a/b.js`): a case-insensitive file system would merge or overwrite
/// them.
pub fn check_case_collisions(tree: &Tree) -> Result<(), TarballError> {
    let mut folded: BTreeMap<String, &str> = BTreeMap::new();
    for path in tree.paths() {
        let prefixes = path.match_indices('/').map(|(i, _)| &path[..i]).chain([path]);
        for name in prefixes {
            match folded.get(&name.to_lowercase()) {
                Some(first) if *first != name => {
                    return Err(TarballError::CaseCollision { first: first.to_string(), second: name.to_string() });
                }
                Some(_) => {}
                None => {
                    folded.insert(name.to_lowercase(), name);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::{read_tgz, read_tgz_limited, strip_first_component};

    fn tgz(files: &[(&str, &[u8], u32)]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (path, data, mode) in files {
            let mut header = tar::Header::new_gnu();
            header.set_size(data.len() as u64);
            header.set_mode(*mode);
            header.set_cksum();
            builder.append_data(&mut header, path, *data).expect("append");
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&builder.into_inner().expect("tar")).expect("gz");
        gz.finish().expect("gz")
    }

    #[test]
    fn bytes_and_executable_bits_are_kept() {
        let tree =
            read_tgz(&tgz(&[("package/a.txt", b"a\r\n", 0o644), ("package/bin/x", b"#!", 0o775)])).expect("read");
        assert_eq!(tree.get("a.txt").map(|e| (e.bytes.as_slice(), e.executable)), Some((&b"a\r\n"[..], false)));
        assert_eq!(tree.get("bin/x").map(|e| e.executable), Some(true));
    }

    #[test]
    fn archives_unpacking_beyond_the_limit_are_refused() {
        let bytes = tgz(&[("package/big.bin", &[0u8; 64], 0o644)]);
        assert!(read_tgz_limited(&bytes, 63).is_err());
        assert!(read_tgz_limited(&bytes, 64).is_ok());
    }

    #[test]
    fn first_component_is_stripped_whatever_its_name() {
        assert_eq!(strip_first_component("package/lib/a.js"), Ok(Some("lib/a.js".into())));
        assert_eq!(strip_first_component("node/a.js"), Ok(Some("a.js".into())));
        assert_eq!(strip_first_component("package/"), Ok(None));
    }

    #[test]
    fn case_collisions_of_directories_are_refused() {
        let pkg: (&str, &[u8], u32) = ("package/package.json", b"{}", 0o644);
        for (a, b) in [("package/Lib/a.js", "package/lib/b.js"), ("package/A", "package/a/b.js")] {
            let err = read_tgz(&tgz(&[pkg, (a, b"a", 0o644), (b, b"b", 0o644)])).expect_err("collision");
            assert!(err.to_string().contains("differ only in case"), "{err}");
        }
        assert!(read_tgz(&tgz(&[pkg, ("package/lib/a.js", b"a", 0o644), ("package/lib/b.js", b"b", 0o644)])).is_ok());
    }

    #[test]
    fn escaping_names_are_refused() {
        assert!(strip_first_component("package/../../etc/x").is_err());
        assert!(strip_first_component("/etc/passwd").is_err());
    }
}
