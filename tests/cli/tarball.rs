//! Tarball safety: crafted archives are refused with a clear error and
//! nothing is written.

use tar::EntryType;

use crate::util::{raw_tgz, RawEntry, TestDir};

const PKG_JSON: &[u8] = b"{\"name\": \"@acme/a\", \"version\": \"1.0.0\"}\n";

fn refused(tgz: Vec<u8>, expected: &str) {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    dir.write("tarballs/a-1.0.0.tgz", tgz);
    let run = dir.run(&["snapshot", "1.0.0", "--from", "tarballs"]);
    run.assert_code(3);
    assert!(run.stderr.contains(expected), "expected {expected:?} in:\n{}", run.stderr);
    assert!(run.stderr.contains("\nhelp: "), "no help line in:\n{}", run.stderr);
    assert!(!dir.exists("upstream"), "nothing may be written");
}

fn with(extra: RawEntry) -> Vec<u8> {
    raw_tgz(&[RawEntry::file("package/package.json", PKG_JSON, 0o644), extra])
}

#[test]
fn dot_dot_paths_are_refused() {
    refused(with(RawEntry::file("package/../../evil.js", b"x", 0o644)), "`..` components are not allowed");
}

#[test]
fn absolute_paths_are_refused() {
    refused(with(RawEntry::file("/etc/evil", b"x", 0o644)), "absolute paths are not allowed");
}

#[test]
fn symlinks_are_refused() {
    refused(with(RawEntry::link("package/link", EntryType::Symlink, "/etc/passwd")), "symbolic links are not allowed");
}

#[test]
fn hard_links_are_refused() {
    refused(
        with(RawEntry::link("package/hard", EntryType::Link, "package/package.json")),
        "hard links are not allowed",
    );
}

#[test]
fn case_only_collisions_are_refused() {
    let tgz = raw_tgz(&[
        RawEntry::file("package/package.json", PKG_JSON, 0o644),
        RawEntry::file("package/README.md", b"a", 0o644),
        RawEntry::file("package/readme.md", b"b", 0o644),
    ]);
    refused(tgz, "differ only in case");
}

#[test]
fn a_file_and_a_directory_of_the_same_name_are_refused_as_an_archive_not_a_disk_error() {
    for (first, second) in [("package/lib", "package/lib/a.js"), ("package/lib/a.js", "package/lib")] {
        let tgz = raw_tgz(&[
            RawEntry::file("package/package.json", PKG_JSON, 0o644),
            RawEntry::file(first, b"x", 0o644),
            RawEntry::file(second, b"y", 0o644),
        ]);
        refused(tgz, "would be both a file and a directory");
    }
}

#[test]
fn corrupt_gzip_is_refused() {
    let mut tgz = with(RawEntry::file("package/a.js", b"x", 0o644));
    let len = tgz.len();
    tgz.truncate(len / 2);
    refused(tgz, "corrupt archive");
}

fn gunzip(tgz: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(tgz), &mut out).expect("gunzip");
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, bytes).expect("gz");
    gz.finish().expect("gz finish")
}

#[test]
fn a_gzip_checksum_mismatch_is_refused() {
    let mut tgz = with(RawEntry::file("package/a.js", b"x", 0o644));
    let crc_at = tgz.len() - 8;
    tgz[crc_at] ^= 1;
    refused(tgz, "checksum");
}

#[test]
fn a_gzip_stream_cut_before_its_trailer_is_refused() {
    let mut tgz = with(RawEntry::file("package/a.js", b"x", 0o644));
    tgz.truncate(tgz.len() - 4);
    refused(tgz, "corrupt archive");
}

#[test]
fn data_after_the_gzip_stream_is_refused() {
    let mut tgz = with(RawEntry::file("package/a.js", b"x", 0o644));
    tgz.extend_from_slice(b"appended");
    refused(tgz, "after the gzip stream");
}

#[test]
fn a_tar_stream_without_its_end_blocks_is_refused() {
    let tar = gunzip(&with(RawEntry::file("package/a.js", b"x", 0o644)));
    let end = tar.iter().rposition(|&b| b != 0).expect("data") / 512 * 512 + 512;
    refused(gzip(&tar[..end]), "end-of-archive");
}
