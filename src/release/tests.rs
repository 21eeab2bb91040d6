use std::fs;
use std::io::{Cursor, Read};
use std::path::Path;

use crate::release::archive::{civil_from_days, zip_entries, zip_parts};
use crate::release::{
    archive_name, build_release, check_release, collect_contents, head_commit_time, write_release, zip_datetime,
    zip_tree, Built, ReleaseError, ReleaseOptions,
};

/// 2026-11-30T07:00:01Z
const TIMESTAMP: i64 = 1_796_022_001;

fn write(root: &Path, rel: &str, bytes: &[u8]) {
    let path = root.join(rel);
    fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    fs::write(path, bytes).expect("write");
}

#[cfg(unix)]
fn make_executable(root: &Path, rel: &str) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(root.join(rel), fs::Permissions::from_mode(0o775)).expect("chmod");
}

/// A project with everything a release needs plus build inputs it must skip.
fn project(root: &Path) {
    for (rel, text) in [
        ("LICENSE", "MIT\n"),
        ("README.md", "# readme\r\n"),
        ("docs/install.md", "# install\n"),
        ("install.sh", "#!/bin/sh\necho install\n"),
        ("install.ps1", "Write-Host install\r\n"),
        ("tools/verify.mjs", "// verify\n"),
        ("tools/test-all.sh", "#!/bin/sh\n"),
        ("profile/package.json", "{}\n"),
        ("profile/forks/@s/p/lib/index.js", "module.exports = 1;"),
        ("profile/forks/@s/p/node_modules/dep/index.js", "junk\n"),
        ("profile/node_modules/x/index.js", "junk\n"),
        ("host/package.json", "{}\n"),
        ("src/main.rs", "fn main() {}\n"),
        ("Cargo.toml", "[package]\n"),
        ("Cargo.lock", "\n"),
        ("plugins/p/src/index.ts", "export {};\n"),
        ("upstream/VERSION", "1.0.0\n"),
        ("patches/p.json", "{}\n"),
        ("tests/cli/main.rs", "\n"),
    ] {
        write(root, rel, text.as_bytes());
    }
    write(root, "profile/forks/@s/p/icon.png", &[0x89, b'P', b'N', b'G', 0, 0xff]);
    #[cfg(unix)]
    make_executable(root, "install.sh");
}

fn options(root: &Path, out: &Path) -> ReleaseOptions {
    ReleaseOptions {
        name: "dsh-profile-self-checking".into(),
        root: root.to_path_buf(),
        version: "1.2.3-rc.1".into(),
        out_dir: out.to_path_buf(),
        timestamp: TIMESTAMP,
        packages: Vec::new(),
        tarballs: Vec::new(),
        ignored: Vec::new(),
        bundles: Vec::new(),
        sbom: None,
    }
}

fn entry_names(zip: &[u8]) -> Vec<String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).expect("valid zip");
    (0..archive.len()).map(|i| archive.by_index(i).expect("entry").name().expect("name").into_owned()).collect()
}

#[test]
fn release_holds_install_files_and_no_build_inputs() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let Built { zip, entries, .. } = build_release(&options(dir.path(), dir.path())).expect("build");
    let names = entry_names(&zip);
    let top = "dsh-profile-self-checking-1.2.3-rc.1/";
    let expected: Vec<String> = [
        "LICENSE",
        "README.md",
        "docs/install.md",
        "host/package.json",
        "install.ps1",
        "install.sh",
        "profile/forks/@s/p/icon.png",
        "profile/forks/@s/p/lib/index.js",
        "profile/package.json",
        "tools/verify.mjs",
    ]
    .iter()
    .map(|n| format!("{top}{n}"))
    .collect();
    assert_eq!(names, expected);
    assert_eq!(entries, expected.len());
}

#[test]
fn ignored_files_of_the_fork_layer_are_not_shipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    write(dir.path(), "profile/forks/@s/p/README.md", b"# p\n");
    write(dir.path(), "profile/forks/@s/p/lib/README", b"nested\n");
    let mut options = options(dir.path(), dir.path());
    let ignore = crate::ignore::Ignore::new(&["README*"]).expect("valid");
    options.ignored = vec![("profile/forks/@s/p".to_string(), ignore)];
    let names = entry_names(&build_release(&options).expect("build").zip);
    assert!(!names.iter().any(|n| n.contains("/p/README") || n.contains("lib/README")), "{names:?}");
    assert!(names.iter().any(|n| n.ends_with("README.md") && !n.contains("forks")), "the project README stays");
}

#[test]
fn entries_are_sorted_by_byte_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    write(dir.path(), "profile/Zeta", b"z");
    write(dir.path(), "profile/alpha", b"a");
    write(dir.path(), "profile/_under", b"u");
    let zip = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    let names = entry_names(&zip);
    let mut sorted = names.clone();
    sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    assert_eq!(names, sorted);
}

#[test]
fn entries_have_fixed_modes_time_and_made_by_and_no_extra_fields() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let zip = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    let mut archive = zip::ZipArchive::new(Cursor::new(&zip)).expect("valid zip");
    for i in 0..archive.len() {
        let file = archive.by_index(i).expect("entry");
        let name = file.name().expect("name").to_string();
        let expected_mode = if cfg!(unix) && name.ends_with("/install.sh") { 0o100755 } else { 0o100644 };
        assert_eq!(file.unix_mode(), Some(expected_mode), "{name}");
        assert_eq!(file.last_modified(), Some(zip_datetime(TIMESTAMP)), "{name}");
        assert_eq!(file.extra_data().unwrap_or_default(), Vec::<u8>::new(), "{name}");
        let method =
            if name.ends_with(".png") { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
        assert_eq!(file.compression(), method, "{name}");
    }
    // Central directory headers: "version made by" high byte 3 = Unix.
    let central = zip.windows(6).filter(|w| w[..4] == [0x50, 0x4b, 0x01, 0x02]).collect::<Vec<_>>();
    assert_eq!(central.len(), archive.len());
    assert!(central.iter().all(|w| w[5] == 3));
}

#[test]
fn files_of_compressed_formats_are_stored_and_the_rest_deflated() {
    use crate::tree::{FileEntry, Tree};
    let noise: Vec<u8> = (0u32..40_000).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let text = b"let a = 1;\n".repeat(2_000);
    let mut files = Tree::new();
    for name in ["docs/shot.png", "docs/SHOT.PNG", "bundles/p-1.0.0.tgz", "fonts/a.woff2", "docs/png.md", "lib/a.js"] {
        let bytes = if name.ends_with(".md") || name.ends_with(".js") { text.clone() } else { noise.clone() };
        files.insert(name, FileEntry::new(bytes)).expect("insert");
    }
    let zip = zip_tree(&files, "top", 1_700_000_000).expect("zip");
    let mut archive = zip::ZipArchive::new(Cursor::new(&zip)).expect("valid zip");
    for (name, entry) in files.iter() {
        let mut file = archive.by_name(&format!("top/{name}")).expect("entry");
        let stored = !(name.ends_with(".md") || name.ends_with(".js"));
        let expected = if stored { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
        assert_eq!(file.compression(), expected, "{name}");
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).expect("read");
        assert_eq!(bytes, *entry.bytes, "{name}");
    }
    assert!(zip_tree(&files, "top", 1_700_000_000).expect("zip") == zip, "the same bytes again");
}

#[test]
fn contents_survive_byte_for_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let zip = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    let mut archive = zip::ZipArchive::new(Cursor::new(&zip)).expect("valid zip");
    let mut readme = Vec::new();
    archive
        .by_name("dsh-profile-self-checking-1.2.3-rc.1/README.md")
        .expect("readme")
        .read_to_end(&mut readme)
        .expect("read");
    assert_eq!(readme, b"# readme\r\n");
}

#[test]
fn two_builds_of_the_same_tree_are_byte_identical_whatever_the_file_times() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let first = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    // Rewriting files changes their on-disk mtimes, never the archive.
    project(dir.path());
    let second = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    assert_eq!(first, second);
}

#[test]
fn written_release_reports_its_sha256_and_check_agrees() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("dist");
    project(dir.path());
    let written = write_release(&options(dir.path(), &out)).expect("write");
    assert_eq!(written.zip.path, out.join("dsh-profile-self-checking-1.2.3-rc.1.zip"));
    let bytes = fs::read(&written.zip.path).expect("read archive");
    assert_eq!(written.zip.sha256, crate::npm::sha256_hex(&bytes));
    assert_eq!(written.zip.size, bytes.len() as u64);
    let checked = check_release(&options(dir.path(), &out)).expect("check");
    assert_eq!(checked.zip.sha256, written.zip.sha256);
}

#[test]
fn timestamp_changes_the_bytes_but_only_through_the_entry_times() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let mut later = options(dir.path(), dir.path());
    later.timestamp += 86_400;
    let a = build_release(&options(dir.path(), dir.path())).expect("build").zip;
    let b = build_release(&later).expect("build").zip;
    assert_ne!(a, b);
    assert_eq!(a.len(), b.len());
}

#[test]
fn missing_install_script_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    fs::remove_file(dir.path().join("install.ps1")).expect("rm");
    let err = build_release(&options(dir.path(), dir.path())).expect_err("must fail");
    assert!(matches!(&err, ReleaseError::Missing { path, .. } if path == "install.ps1"), "{err}");
}

#[test]
fn version_that_is_not_a_file_name_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    for bad in ["../x", "a/b", "", ".hidden", "1 2"] {
        let mut opts = options(dir.path(), dir.path());
        opts.version = bad.into();
        assert!(matches!(build_release(&opts), Err(ReleaseError::BadVersion { .. })), "{bad:?}");
    }
}

#[test]
fn archive_name_carries_the_version() {
    assert_eq!(archive_name("dsh-profile-self-checking", "0.1.0-rc.8"), "dsh-profile-self-checking-0.1.0-rc.8.zip");
}

#[test]
fn times_before_1980_are_clamped() {
    assert_eq!(zip_datetime(0), zip::DateTime::default());
    assert_eq!(zip_datetime(-5), zip::DateTime::default());
}

#[test]
fn zip_time_is_utc_civil_time_rounded_to_even_seconds() {
    let t = zip_datetime(TIMESTAMP);
    assert_eq!((t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second()), (2026, 11, 30, 7, 0, 0));
    let leap = zip_datetime(951_782_399); // 2000-02-28T23:59:59Z
    assert_eq!((leap.year(), leap.month(), leap.day(), leap.second()), (2000, 2, 28, 58));
}

#[test]
fn civil_dates_match_known_days() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    assert_eq!(civil_from_days(20_787), (2026, 11, 30));
}

#[test]
fn node_modules_anywhere_in_the_profile_is_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    let files = collect_contents(dir.path(), &[]).expect("collect");
    assert!(files.paths().all(|p| !p.split('/').any(|c| c == "node_modules")));
}

#[test]
fn head_commit_time_is_read_from_git() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = git2::Repository::init(dir.path()).expect("init");
    let sig = git2::Signature::new("t", "t@example.invalid", &git2::Time::new(1_700_000_000, 60)).expect("sig");
    let tree_id = repo.index().expect("index").write_tree().expect("tree");
    let tree = repo.find_tree(tree_id).expect("tree");
    repo.commit(Some("HEAD"), &sig, &sig, "initial", &tree, &[]).expect("commit");
    assert_eq!(head_commit_time(dir.path()).expect("time"), 1_700_000_000);
}

#[test]
fn own_packages_replace_the_checkout_copy() {
    let dir = tempfile::tempdir().expect("tempdir");
    project(dir.path());
    write(dir.path(), "profile/forks/@s/own/lib/stale.js", b"stale\n");
    let mut own = crate::tree::Tree::new();
    own.insert("lib/index.js", crate::tree::FileEntry::new(b"fresh\n".to_vec())).expect("insert");
    let mut opts = options(dir.path(), dir.path());
    opts.packages.push(("profile/forks/@s/own".into(), own));
    let zip = build_release(&opts).expect("build").zip;
    let names = entry_names(&zip);
    let top = "dsh-profile-self-checking-1.2.3-rc.1/";
    assert!(names.contains(&format!("{top}profile/forks/@s/own/lib/index.js")), "{names:?}");
    assert!(!names.iter().any(|n| n.ends_with("stale.js")), "{names:?}");
}

#[test]
fn zipping_in_parts_gives_the_bytes_of_one_writer() {
    use crate::tree::FileEntry;
    // This project's own release contents, plus binary, empty and
    // executable entries, cut into parts of every size from one entry each
    // to one part for all.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = collect_contents(root, &[]).expect("contents");
    files.insert("bin/blob", FileEntry::new((0..=255u8).cycle().take(70_000).collect::<Vec<u8>>())).expect("insert");
    files.insert("bin/empty", FileEntry::new(Vec::new())).expect("insert");
    let mut tool = FileEntry::new(b"#!/bin/sh\r\nexit 0".to_vec());
    tool.executable = true;
    files.insert("bin/tool", tool).expect("insert");
    let entries: Vec<_> = files.iter().collect();
    let time = zip_datetime(1_700_000_000);
    let one_writer = zip_entries(&entries, "top", time).expect("zip");
    for part_bytes in [1, 4096, 64 * 1024, 256 * 1024, usize::MAX] {
        let parts = zip_parts(&entries, part_bytes);
        assert_eq!(parts.iter().map(|p| p.len()).sum::<usize>(), entries.len());
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for part in parts {
            let part = zip_entries(part, "top", time).expect("part");
            writer.merge_archive(zip::ZipArchive::new(Cursor::new(part)).expect("read")).expect("merge");
        }
        let joined = writer.finish().expect("finish").into_inner();
        assert!(joined == one_writer, "parts of {part_bytes} bytes give other bytes than one writer");
    }
    assert!(zip_tree(&files, "top", 1_700_000_000).expect("zip") == one_writer);
}
