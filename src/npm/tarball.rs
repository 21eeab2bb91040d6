//! Reading npm tarballs (`.tgz`) into a [`Tree`], the way npm extracts them
//! but stricter: the first path component is stripped, bytes and the
//! executable bit are kept exactly, and anything unsafe is refused before a
//! single byte is written anywhere (the result is in memory).

use std::io::Read;

use flate2::bufread::GzDecoder;
use tar::{Archive, EntryType};

use crate::names::shorten;
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
    /// The archive unpacks to more than the limit.
    #[error("refused archive: it unpacks to more than {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
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
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        let code = match self {
            TarballError::Corrupt { .. } => "corrupt_archive",
            TarballError::UnsafeEntry { .. } => "unsafe_archive_entry",
            TarballError::CaseCollision { .. } => "case_collision",
            TarballError::TooLarge { .. } => "archive_too_large",
        };
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Integrity, code)
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            TarballError::Corrupt { .. } => {
                "the file is damaged or not an npm tarball; fetch it again with `npm pack <name>@<version>`".into()
            }
            TarballError::UnsafeEntry { .. } | TarballError::CaseCollision { .. } | TarballError::TooLarge { .. } => {
                "npm does not publish such archives; do not vendor it, and check where the tarball came from".into()
            }
        })
    }
}

/// Refuse archives that unpack to more than this: npm packages are small,
/// and a gzip bomb must not exhaust memory. Every byte of the decompressed
/// stream counts: headers, name records, directory entries and padding.
pub const MAX_UNPACKED_BYTES: u64 = 1 << 30;

/// The longest entry name accepted (PATH_MAX): a name record is read into
/// memory whole, so its size is checked before it is read.
pub const MAX_NAME_BYTES: u64 = 4096;

/// The largest pax extended header accepted.
pub const MAX_PAX_BYTES: u64 = 64 * 1024;

fn corrupt(message: impl ToString) -> TarballError {
    TarballError::Corrupt { message: message.to_string() }
}

/// Extracts the files of a gzip-compressed npm tarball into memory.
pub fn read_tgz(bytes: &[u8]) -> Result<Tree, TarballError> {
    read_tgz_limited(bytes, MAX_UNPACKED_BYTES)
}

/// Counts the bytes read through it (the decompressed tar stream) and
/// fails once they pass the limit, whatever part of the archive they
/// belong to.
struct Counting<R> {
    inner: R,
    count: std::rc::Rc<std::cell::Cell<u64>>,
    limit: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let count = self.count.get() + n as u64;
        self.count.set(count);
        if count > self.limit {
            return Err(std::io::Error::other(format!("the archive unpacks to more than {} bytes", self.limit)));
        }
        Ok(n)
    }
}

/// How many decompressed bytes are inflated at a time.
const INFLATE_CHUNK: usize = 64 * 1024;

/// Size of a tar block; an archive ends with two zero blocks.
const BLOCK: u64 = 512;

/// Gives the next entry `name`, from a GNU long-name record or a pax
/// `path` record.
fn set_name(pending: &mut Option<Vec<u8>>, name: Vec<u8>) -> Result<(), TarballError> {
    if pending.replace(name).is_some() {
        return Err(corrupt("two long-name records describe the same entry"));
    }
    Ok(())
}

/// Reads a name or metadata record whose size was checked first.
fn read_record<R: Read>(entry: &mut tar::Entry<'_, R>, limit: u64, what: &str) -> Result<Vec<u8>, TarballError> {
    if entry.size() > limit {
        return Err(TarballError::UnsafeEntry {
            entry: format!("({what})"),
            reason: format!("a {what} of {} bytes; the limit is {limit}", entry.size()),
        });
    }
    let mut data = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
    entry.read_to_end(&mut data).map_err(corrupt)?;
    Ok(data)
}

/// Handles the records that describe the next entry (GNU long names, pax
/// headers) the way tar readers agree on, with every size capped. Returns
/// `true` when `entry` was such a record.
fn read_extension<R: Read>(entry: &mut tar::Entry<'_, R>, name: &mut Option<Vec<u8>>) -> Result<bool, TarballError> {
    match entry.header().entry_type() {
        EntryType::GNULongName => {
            let mut data = read_record(entry, MAX_NAME_BYTES, "long-name record")?;
            while data.last() == Some(&0) {
                data.pop();
            }
            set_name(name, data)?;
        }
        EntryType::GNULongLink => {
            // Only links have link names, and links are refused.
            read_record(entry, MAX_NAME_BYTES, "long-link record")?;
        }
        EntryType::XHeader => {
            let data = read_record(entry, MAX_PAX_BYTES, "pax header")?;
            for extension in tar::PaxExtensions::new(&data) {
                let extension = extension.map_err(corrupt)?;
                match extension.key_bytes() {
                    b"path" => set_name(name, extension.value_bytes().to_vec())?,
                    // A size that disagrees with the header's is how an
                    // archive shows different files to different readers;
                    // npm packages never need one (it is for files > 8 GiB).
                    b"size" => return Err(corrupt("pax `size` records are not supported")),
                    _ => {}
                }
            }
        }
        EntryType::XGlobalHeader => {
            read_record(entry, MAX_PAX_BYTES, "pax global header")?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// [`read_tgz`] with a custom limit on the total unpacked size.
pub fn read_tgz_limited(bytes: &[u8], max_unpacked: u64) -> Result<Tree, TarballError> {
    let count = std::rc::Rc::new(std::cell::Cell::new(0));
    let stream = Counting { inner: GzDecoder::new(bytes), count: count.clone(), limit: max_unpacked };
    // tar reads a 512-byte header at a time: inflating into a large buffer
    // instead is about twice as fast.
    let mut archive = Archive::new(std::io::BufReader::with_capacity(INFLATE_CHUNK, stream));
    let too_large = || TarballError::TooLarge { limit: max_unpacked };
    let result = read_entries(&mut archive);
    if count.get() > max_unpacked {
        return Err(too_large());
    }
    let (tree, entries_end) = result?;
    match check_stream_end(archive.into_inner(), entries_end) {
        Err(_) if count.get() > max_unpacked => return Err(too_large()),
        other => other?,
    }
    check_case_collisions(&tree)?;
    Ok(tree)
}

/// The files of the archive, and where the last entry's data ends.
fn read_entries<R: Read>(archive: &mut Archive<R>) -> Result<(Tree, u64), TarballError> {
    let mut tree = Tree::new();
    // End of the last entry's data, padded to a block.
    let mut entries_end: u64 = 0;
    let mut long_name = None;
    // Raw entries: long names and pax headers are read here, with their
    // sizes checked before a byte of them is held in memory.
    for entry in archive.entries().map_err(corrupt)?.raw(true) {
        let mut entry = entry.map_err(corrupt)?;
        entries_end = entry.raw_file_position() + entry.size().div_ceil(BLOCK) * BLOCK;
        if read_extension(&mut entry, &mut long_name)? {
            continue;
        }
        let name_bytes = long_name.take().unwrap_or_else(|| entry.path_bytes().into_owned());
        if name_bytes.len() as u64 > MAX_NAME_BYTES {
            return Err(TarballError::UnsafeEntry {
                entry: shorten(&String::from_utf8_lossy(&name_bytes)),
                reason: format!("a name of {} bytes; the limit is {MAX_NAME_BYTES}", name_bytes.len()),
            });
        }
        let raw_name = String::from_utf8(name_bytes).map_err(|e| TarballError::UnsafeEntry {
            entry: shorten(&String::from_utf8_lossy(e.as_bytes())),
            reason: "name is not valid UTF-8".into(),
        })?;
        let refuse = |reason: &str| TarballError::UnsafeEntry { entry: shorten(&raw_name), reason: reason.into() };
        let is_dir = match entry.header().entry_type() {
            EntryType::Regular | EntryType::Continuous => false,
            EntryType::Directory => true,
            EntryType::Symlink => return Err(refuse("symbolic links are not allowed")),
            EntryType::Link => return Err(refuse("hard links are not allowed")),
            _ => return Err(refuse("only regular files and directories are allowed")),
        };
        // Directory entries are checked like files: nothing is created
        // for them, but an archive naming `../x` is not an npm package.
        let rel = strip_first_component(&raw_name).map_err(&refuse)?;
        let Some(rel) = rel.filter(|_| !is_dir) else { continue };
        let executable = entry.header().mode().map_err(corrupt)? & 0o111 != 0;
        let mut data = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
        entry.read_to_end(&mut data).map_err(corrupt)?;
        if tree.contains(&rel) {
            return Err(refuse("the archive contains this file twice"));
        }
        tree.insert(rel, FileEntry::with_mode(data, executable)).map_err(|e| match e {
            TreeError::UnsafePath { reason, .. } => refuse(reason),
            other => refuse(&other.to_string()),
        })?;
    }
    if long_name.is_some() {
        return Err(corrupt("a long-name record describes no entry"));
    }
    Ok((tree, entries_end))
}

/// The tar reader stops at the first zero block, before the gzip trailer:
/// reading on to the end checks the trailer's CRC and length, so a
/// damaged or truncated download is refused instead of half-read. The
/// archive must also end with its two zero blocks and nothing may follow
/// the gzip stream.
fn check_stream_end(
    mut stream: std::io::BufReader<Counting<GzDecoder<&[u8]>>>,
    entries_end: u64,
) -> Result<(), TarballError> {
    std::io::copy(&mut stream, &mut std::io::sink()).map_err(corrupt)?;
    let stream = stream.into_inner();
    if stream.count.get() < entries_end + 2 * BLOCK {
        return Err(corrupt("the tar stream ends without its end-of-archive blocks"));
    }
    let trailing = stream.inner.into_inner().len();
    if trailing > 0 {
        return Err(corrupt(format!("{trailing} bytes of unexpected data after the gzip stream")));
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
    match crate::names::case_collisions(tree.paths()).first() {
        Some((first, second)) => Err(TarballError::CaseCollision { first: shorten(first), second: shorten(second) }),
        None => Ok(()),
    }
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

    fn gz(tar: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(tar).expect("gz");
        gz.finish().expect("gz")
    }

    /// A raw 512-byte header: name, mode, size and type, checksummed.
    fn header(name: &[u8], size: u64, kind: u8) -> Vec<u8> {
        let mut block = vec![0u8; 512];
        block[..name.len()].copy_from_slice(name);
        block[100..107].copy_from_slice(b"0000644");
        block[124..135].copy_from_slice(format!("{size:011o}").as_bytes());
        block[156] = kind;
        block[257..263].copy_from_slice(b"ustar ");
        block[263..265].copy_from_slice(b" \0");
        block[148..156].copy_from_slice(b"        ");
        let sum: u32 = block.iter().map(|b| u32::from(*b)).sum();
        block[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
        block
    }

    fn padded(data: &[u8]) -> Vec<u8> {
        let mut out = data.to_vec();
        out.resize(data.len().div_ceil(512) * 512, 0);
        out
    }

    #[test]
    fn every_byte_of_the_stream_counts_against_the_limit() {
        let bytes = tgz(&[("package/big.bin", &[0u8; 64], 0o644)]);
        // header + one data block + two end blocks
        assert!(read_tgz_limited(&bytes, 4 * 512).is_ok());
        let err = read_tgz_limited(&bytes, 64).expect_err("headers count too");
        assert!(err.to_string().contains("more than 64 bytes"), "{err}");
        // Data carried by a directory entry, and zero blocks after the end.
        let mut tar = header(b"package/dir/", 4096, b'5');
        tar.extend(vec![7u8; 4096]);
        tar.extend(header(b"package/a", 1, b'0'));
        tar.extend(padded(b"a"));
        tar.extend(vec![0u8; 64 * 512]);
        let err = read_tgz_limited(&gz(&tar), 16 * 512).expect_err("counted");
        assert!(matches!(err, super::TarballError::TooLarge { .. }), "{err}");
        assert!(read_tgz_limited(&gz(&tar), 128 * 512).is_ok());
    }

    #[test]
    fn directory_entries_escaping_the_package_are_refused() {
        for name in [&b"package/../../etc/"[..], b"/etc/", b"package/a/../../../x/"] {
            let mut tar = header(name, 0, b'5');
            tar.extend(vec![0u8; 1024]);
            let err = read_tgz(&gz(&tar)).expect_err("refused");
            assert!(matches!(err, super::TarballError::UnsafeEntry { .. }), "{err}");
        }
    }

    #[test]
    fn a_huge_long_name_record_is_refused_before_it_is_read_and_quoted_short() {
        let size = 128 << 20;
        let mut tar = header(b"././@LongLink", size, b'L');
        // Only the header: the size alone must refuse it.
        tar.extend(vec![b'a'; 4096]);
        let err = read_tgz(&gz(&tar)).expect_err("refused");
        assert!(err.to_string().contains("long-name record of 134217728 bytes"), "{err}");
        // A name that is long but not absurd still works, as do pax paths.
        let long = format!("package/{}/file.js", "d".repeat(300));
        let mut tar = header(b"././@LongLink", long.len() as u64 + 1, b'L');
        tar.extend(padded(format!("{long}\0").as_bytes()));
        tar.extend(header(b"package/short", 2, b'0'));
        tar.extend(padded(b"hi"));
        let pax_path = format!("package/{}/pax.js", "p".repeat(200));
        let record = format!("{} path={pax_path}\n", pax_path.len() + 7 + 4);
        let record = format!("{} path={pax_path}\n", record.len());
        tar.extend(header(b"PaxHeader", record.len() as u64, b'x'));
        tar.extend(padded(record.as_bytes()));
        tar.extend(header(b"package/x", 1, b'0'));
        tar.extend(padded(b"x"));
        tar.extend(vec![0u8; 1024]);
        let tree = read_tgz(&gz(&tar)).expect("long names");
        assert!(tree.contains(&long["package/".len()..]), "{:?}", tree.paths().collect::<Vec<_>>());
        assert!(tree.contains(&pax_path["package/".len()..]), "{:?}", tree.paths().collect::<Vec<_>>());
    }

    #[test]
    fn a_long_hostile_name_is_quoted_shortened() {
        let name = format!("package/{}/../x", "n".repeat(3000));
        let mut tar = header(b"././@LongLink", name.len() as u64, b'L');
        tar.extend(padded(name.as_bytes()));
        tar.extend(header(b"ignored", 0, b'0'));
        tar.extend(vec![0u8; 1024]);
        let err = read_tgz(&gz(&tar)).expect_err("refused").to_string();
        assert!(err.len() < 400 && err.contains("bytes in all"), "{err}");
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
