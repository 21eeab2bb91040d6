//! The release archive's zip format: entries in tree order with fixed
//! times and modes, so the same files give the same bytes on every
//! machine. Runs of entries are deflated on every core into small archives
//! that are then joined raw, in order: the bytes are those of one writer
//! writing every entry (`zipping_in_parts_gives_the_bytes_of_one_writer`).

use std::io::{Cursor, Write};

use rayon::prelude::*;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipWriter};

use super::ReleaseError;
use crate::tree::{FileEntry, Tree};

/// Deflate level used for every entry. Part of the archive format: changing
/// it changes every release's bytes. Level 6 is where more effort stops
/// paying in size (docs/merge-release.md).
const DEFLATE_LEVEL: i64 = 6;

/// The earliest time a zip entry can carry (1980-01-01T00:00:00Z).
const ZIP_EPOCH: i64 = 315_532_800;

/// The latest time a zip entry can carry (2107-12-31T23:59:58Z).
const ZIP_END: i64 = 4_354_819_198;

/// Zips `files` under the top-level directory `top`, every entry stamped
/// with `timestamp`. Entries come out in byte order of their names because
/// [`Tree`] walks in that order. Deflate is most of a release's time, so
/// it runs in parts on every core, as the module documentation says.
pub fn zip_tree(files: &Tree, top: &str, timestamp: i64) -> Result<Vec<u8>, ReleaseError> {
    let time = zip_datetime(timestamp);
    let entries: Vec<(&str, &FileEntry)> = files.iter().collect();
    let parts: Vec<_> =
        zip_parts(&entries, ZIP_PART_BYTES).into_par_iter().map(|part| zip_entries(part, top, time)).collect();
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let part_err = |source| ReleaseError::Zip { entry: "(part of the archive)".into(), source };
    for part in parts {
        writer.merge_archive(zip::ZipArchive::new(Cursor::new(part?)).map_err(part_err)?).map_err(part_err)?;
    }
    finish(writer)
}

fn finish(writer: ZipWriter<Cursor<Vec<u8>>>) -> Result<Vec<u8>, ReleaseError> {
    let cursor = writer.finish().map_err(|source| ReleaseError::Zip { entry: "(central directory)".into(), source })?;
    Ok(cursor.into_inner())
}

/// Uncompressed bytes per part that [`zip_tree`] compresses on one core.
pub(super) const ZIP_PART_BYTES: usize = 256 * 1024;

/// `entries` cut into runs of about `part_bytes` (at least one entry each).
pub(super) fn zip_parts<'e>(
    entries: &'e [(&'e str, &'e FileEntry)],
    part_bytes: usize,
) -> Vec<&'e [(&'e str, &'e FileEntry)]> {
    let mut parts = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (i, (_, entry)) in entries.iter().enumerate() {
        bytes += entry.bytes.len();
        if bytes >= part_bytes {
            parts.push(&entries[start..=i]);
            (start, bytes) = (i + 1, 0);
        }
    }
    if start < entries.len() || parts.is_empty() {
        parts.push(&entries[start..]);
    }
    parts
}

/// A zip archive of `entries` alone.
pub(super) fn zip_entries(entries: &[(&str, &FileEntry)], top: &str, time: DateTime) -> Result<Vec<u8>, ReleaseError> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (path, entry) in entries {
        let name = format!("{top}/{path}");
        let zip_err = |source| ReleaseError::Zip { entry: name.clone(), source };
        writer.start_file(name.as_str(), entry_options(path, entry, time)).map_err(zip_err)?;
        writer.write_all(&entry.bytes).map_err(|e| zip_err(e.into()))?;
    }
    finish(writer)
}

fn entry_options(name: &str, entry: &FileEntry, time: DateTime) -> SimpleFileOptions {
    let options = SimpleFileOptions::default()
        .system(System::Unix)
        .last_modified_time(time)
        .unix_permissions(entry.mode())
        .large_file(false);
    if is_compressed_format(name) {
        options.compression_method(CompressionMethod::Stored)
    } else {
        options.compression_method(CompressionMethod::Deflated).compression_level(Some(DEFLATE_LEVEL))
    }
}

/// File name endings of formats that are compressed already. Such entries
/// are stored: deflate would spend its slowest work on them for almost
/// nothing. Chosen by name alone, so the archive's bytes still follow from
/// its files.
const COMPRESSED_FORMATS: &[&str] = &[
    ".7z", ".br", ".bz2", ".gif", ".gz", ".jpeg", ".jpg", ".png", ".tgz", ".webp", ".woff", ".woff2", ".xz", ".zip",
    ".zst",
];

/// Whether `name` ends like a [`COMPRESSED_FORMATS`] file (any case).
fn is_compressed_format(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    COMPRESSED_FORMATS.iter().any(|ending| lower.ends_with(ending))
}

/// The zip timestamp for `seconds` since the Unix epoch (UTC), clamped to
/// 1980-01-01..2107-12-31 and rounded down to even seconds as zip requires.
pub fn zip_datetime(seconds: i64) -> DateTime {
    let seconds = seconds.clamp(ZIP_EPOCH, ZIP_END);
    let (days, rem) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (rem / 3600, rem % 3600 / 60, rem % 60);
    // The clamp above keeps every field inside the zip range.
    DateTime::from_date_and_time(year as u16, month as u8, day as u8, hour as u8, minute as u8, second as u8)
        .unwrap_or_default()
}

/// Gregorian (year, month, day) of a day count since 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
pub(super) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
