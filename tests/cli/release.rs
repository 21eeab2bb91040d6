//! `release`: a reproducible zip holding what a user needs to install the
//! profile, and nothing that only builds it; installable once unpacked.

use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::util::{set_mode, TestDir};

pub const EPOCH: &str = "1700000000";
pub const TOP: &str = "dsh-profile-self-checking-1.0.0";
/// The own package's tarball, named as `npm pack` names `@acme/mine@0.3.0`.
const TGZ: &str = "acme-mine-0.3.0.tgz";

/// The lock of the fixture's `upstream/` (what the SBOM reads of it).
const LOCK: &str = r#"{"packages": {"@acme/a": {"files": {}, "integrity": "sha512-H0D8ktokFpR1CXnubPWC8tXX0o4YM13gWrxU0FYOD1MChgxlK/CNVgJSql50IQVG82n7u86MEs/HlXsmUv6adQ==", "source": "registry", "version": "1.0.0"}}, "schema": "forklayer.lock/1", "version": "1.0.0"}"#;

/// A project shaped like this repository: declaration, profile with its
/// fork layer, an own package built from `plugins/`, install files and
/// build inputs the release must leave out.
pub fn project() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[("mine", "plugins/mine", &["lib", "package.json"])]);
    for (rel, text) in [
        ("README.md", "# readme\n"),
        ("docs/guide.md", "# guide\n"),
        ("LICENSE", "MIT\n"),
        ("install.sh", "#!/usr/bin/env bash\necho installed\n"),
        ("install.ps1", "Write-Output installed\r\n"),
        ("tools/verify.mjs", "console.log('ok');\n"),
        ("profile/package.json", "{}\n"),
        ("profile/forks/@acme/a/index.js", "fork\n"),
        ("profile/node_modules/junk/index.js", "junk\n"),
        ("plugins/mine/lib/index.js", "export const mine = 2;\n"),
        ("plugins/mine/package.json", "{\"name\": \"@acme/mine\", \"version\": \"0.3.0\"}\n"),
        ("plugins/mine/src/index.ts", "export const mine = 2;\n"),
        ("upstream/VERSION", "1.0.0\n"),
        ("upstream/forklayer.lock.json", LOCK),
        ("upstream/@acme/a/package.json", "{\"name\": \"@acme/a\", \"version\": \"1.0.0\", \"license\": \"MIT\"}\n"),
        (
            "profile/forks/@acme/a/package.json",
            "{\"name\": \"@acme/a\", \"version\": \"1.0.0\", \"license\": \"MIT\"}\n",
        ),
        ("patches/a.json", "{}\n"),
        ("patches/a.diff", "-upstream\n+fork\n"),
        ("src/main.rs", "fn main() {}\n"),
        ("Cargo.toml", "[package]\n"),
        ("tests/cli/main.rs", "\n"),
    ] {
        dir.write(rel, text);
    }
    set_mode(&dir.join("install.sh"), true);
    dir
}

pub fn entries(zip: &[u8]) -> Vec<(String, Vec<u8>, Option<u32>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).expect("valid zip");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).expect("entry");
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).expect("read");
            (file.name().expect("name").into_owned(), bytes, file.unix_mode())
        })
        .collect()
}

fn sha256(bytes: &[u8]) -> String {
    forklayer::npm::sha256_hex(bytes)
}

#[test]
fn release_prints_the_sha256_of_a_zip_with_only_install_files() {
    let dir = project();
    let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(0);
    let zip = dir.read(&format!("dist/{TOP}.zip"));
    let tgz = dir.read(&format!("dist/{TGZ}"));
    let sbom = dir.read(&format!("dist/{TOP}.cdx.json"));
    assert_eq!(
        run.stdout,
        format!(
            "{}  dist/{TOP}.zip\n{}  dist/{TGZ}\n{}  dist/{TOP}.cdx.json\n",
            sha256(&zip),
            sha256(&tgz),
            sha256(&sbom)
        )
    );
    let names: Vec<String> = entries(&zip).into_iter().map(|(n, _, _)| n).collect();
    let expected: Vec<String> = [
        "LICENSE",
        "README.md",
        "docs/guide.md",
        "install.ps1",
        "install.sh",
        "profile/forks/@acme/a/index.js",
        "profile/forks/@acme/a/package.json",
        "profile/forks/@acme/mine/lib/index.js",
        "profile/forks/@acme/mine/package.json",
        "profile/package.json",
        "sbom.cdx.json",
        "tools/verify.mjs",
    ]
    .iter()
    .map(|n| format!("{TOP}/{n}"))
    .collect();
    assert_eq!(names, expected);
}

#[test]
fn modes_are_normalised_and_the_own_package_comes_from_its_build_output() {
    let dir = project();
    dir.write("profile/forks/@acme/mine/lib/index.js", "stale copy\n");
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    let zip = dir.read(&format!("dist/{TOP}.zip"));
    for (name, bytes, mode) in entries(&zip) {
        let exec = cfg!(unix) && name.ends_with("/install.sh");
        assert_eq!(mode, Some(if exec { 0o100755 } else { 0o100644 }), "{name}");
        if name.ends_with("mine/lib/index.js") {
            assert_eq!(bytes, b"export const mine = 2;\n");
        }
    }
}

/// The checkout's copy of an own package is replaced by the package's
/// build output and never read: what only the copy holds is not shipped,
/// and an entry there that could not be packed (a symbolic link) is no
/// reason to fail.
#[cfg(unix)]
#[test]
fn the_checkouts_copy_of_an_own_package_is_not_read() {
    let dir = project();
    dir.write("profile/forks/@acme/mine/lib/only-in-the-copy.js", "stale\n");
    std::os::unix::fs::symlink("/etc/hostname", dir.join("profile/forks/@acme/mine/lib/link.js")).expect("symlink");
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    let names: Vec<String> =
        entries(&dir.read(&format!("dist/{TOP}.zip"))).into_iter().map(|(name, _, _)| name).collect();
    let mine: Vec<&String> = names.iter().filter(|name| name.contains("/mine/")).collect();
    assert_eq!(
        mine,
        [
            &format!("{TOP}/profile/forks/@acme/mine/lib/index.js"),
            &format!("{TOP}/profile/forks/@acme/mine/package.json")
        ]
    );
}

#[test]
fn two_builds_are_byte_identical_and_check_agrees() {
    let dir = project();
    let first = dir.run(&["release", "--out", "one", "--source-date-epoch", EPOCH]);
    first.assert_code(0);
    // Touching every file (new mtimes) must not change the archive.
    let again = project();
    std::fs::rename(again.join("profile"), dir.join("profile-new")).expect("mv");
    std::fs::remove_dir_all(dir.join("profile")).expect("rm");
    std::fs::rename(dir.join("profile-new"), dir.join("profile")).expect("mv");
    let check = dir.run(&["--json", "release", "--out", "two", "--check", "--source-date-epoch", EPOCH]);
    check.assert_code(0);
    assert_eq!(dir.read(&format!("one/{TOP}.zip")), dir.read(&format!("two/{TOP}.zip")));
    let doc: Value = serde_json::from_str(&check.stdout).expect("json");
    assert_eq!(doc["schema"], "forklayer.release/1");
    assert_eq!(doc["checked"], true);
    assert_eq!(doc["sha256"], sha256(&dir.read(&format!("one/{TOP}.zip"))));
}

#[test]
fn source_date_epoch_comes_from_the_environment_and_changes_only_the_times() {
    let dir = project();
    dir.run_env(&["release", "--out", "a"], &[("SOURCE_DATE_EPOCH", Path::new(EPOCH))]).assert_code(0);
    dir.run_env(&["release", "--out", "b"], &[("SOURCE_DATE_EPOCH", Path::new("1700086400"))]).assert_code(0);
    let (a, b) = (dir.read(&format!("a/{TOP}.zip")), dir.read(&format!("b/{TOP}.zip")));
    assert_ne!(a, b);
    let strip = |zip: &[u8]| entries(zip).into_iter().map(|(n, b, _)| (n, b)).collect::<Vec<_>>();
    assert_eq!(strip(&a), strip(&b));
}

/// Makes `dir` a git repository whose HEAD commit was made at `seconds`.
fn commit_at(dir: &TestDir, seconds: i64) {
    let repo = git2::Repository::init(dir.path()).expect("init");
    let sig = git2::Signature::new("t", "t@example.invalid", &git2::Time::new(seconds, 0)).expect("sig");
    let tree = repo.find_tree(repo.index().expect("index").write_tree().expect("tree")).expect("tree");
    repo.commit(Some("HEAD"), &sig, &sig, "c", &tree, &[]).expect("commit");
}

#[test]
fn without_source_date_epoch_the_head_commit_time_is_used() {
    let dir = project();
    commit_at(&dir, 1_600_000_000);
    dir.run(&["release", "--out", "dist"]).assert_code(0);
    let zip = dir.read(&format!("dist/{TOP}.zip"));
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).expect("zip");
    let time = archive.by_index(0).expect("entry").last_modified().expect("time");
    // 2020-09-13T12:26:40Z
    assert_eq!((time.year(), time.month(), time.day(), time.hour(), time.minute()), (2020, 9, 13, 12, 26));
}

#[test]
fn an_empty_source_date_epoch_means_unset_and_the_head_commit_time_is_used() {
    let dir = project();
    commit_at(&dir, 1_600_000_000);
    dir.run_env(&["release", "--out", "empty"], &[("SOURCE_DATE_EPOCH", Path::new(""))]).assert_code(0);
    dir.run(&["release", "--out", "unset"]).assert_code(0);
    assert_eq!(dir.read(&format!("empty/{TOP}.zip")), dir.read(&format!("unset/{TOP}.zip")));
}

#[test]
fn a_malformed_source_date_epoch_is_a_usage_error_naming_it() {
    let dir = project();
    commit_at(&dir, 1_600_000_000);
    for bad in ["yesterday", "17e8", " 1700000000"] {
        let run = dir.run_env(&["release", "--out", "dist"], &[("SOURCE_DATE_EPOCH", Path::new(bad))]);
        run.assert_code(2);
        assert!(run.stderr.contains(&format!("'{bad}'")), "{}", run.stderr);
        assert!(run.stderr.contains("SOURCE_DATE_EPOCH"), "{}", run.stderr);
        assert!(!dir.exists("dist"));
    }
    // The flag wins over the environment.
    let run = dir.run_env(
        &["release", "--out", "dist", "--source-date-epoch", EPOCH],
        &[("SOURCE_DATE_EPOCH", Path::new("yesterday"))],
    );
    run.assert_code(0);
}

#[test]
fn outside_git_without_source_date_epoch_is_a_clear_error() {
    let dir = project();
    let run = dir.run(&["release", "--out", "dist"]);
    run.assert_code(3);
    assert!(run.stderr.contains("SOURCE_DATE_EPOCH"), "{}", run.stderr);
    assert!(!dir.exists("dist"));
}

#[test]
fn a_missing_install_file_is_a_usage_error_and_writes_nothing() {
    let dir = project();
    std::fs::remove_file(dir.join("tools/verify.mjs")).expect("rm");
    let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(2);
    assert!(run.stderr.contains("`tools/verify.mjs` is missing"), "{}", run.stderr);
    assert!(!dir.exists("dist"));
}

#[test]
fn the_version_flag_names_the_archive() {
    let dir = project();
    let run = dir.run(&["release", "--out", "dist", "--version", "2.0.0-rc.1", "--source-date-epoch", EPOCH]);
    run.assert_code(0);
    assert!(dir.exists("dist/dsh-profile-self-checking-2.0.0-rc.1.zip"));
    dir.run(&["release", "--version", "../evil", "--source-date-epoch", EPOCH]).assert_code(2);
}

/// Extracts `zip` below `dest`, keeping the executable bits.
fn unzip(zip: &[u8], dest: &Path) {
    for (name, bytes, mode) in entries(zip) {
        let path = dest.join(&name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write");
        set_mode(&path, mode.is_some_and(|m| m & 0o111 != 0));
    }
}

fn repository_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_real_release_unpacks_and_installs_into_a_fresh_dsh_home() {
    let work = TestDir::new();
    let out = work.join("dist");
    let run = Command::new(env!("CARGO_BIN_EXE_forklayer"))
        .args(["-C"])
        .arg(repository_root())
        .args(["release", "--source-date-epoch", EPOCH, "--out"])
        .arg(&out)
        .output()
        .expect("run forklayer");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let zip_path = out.join("dsh-profile-self-checking-0.1.0-rc.8.zip");
    // Both plugins and the plugin route's bundle (`[release] bundles`) ship
    // beside the zip as dsh bundles `dsh plugin add` takes.
    for plugin in ["dsh-result-check-0.1.0.tgz", "dsh-proof-0.1.0.tgz", "dsh-self-checking-0.1.0.tgz"] {
        let files = untar(&std::fs::read(out.join(plugin)).expect(plugin));
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert!(names.contains(&"package/cordis.patch.yml"), "{plugin}: {names:?}");
        assert!(names.iter().any(|n| n.starts_with("package/lib/")), "{plugin}: {names:?}");
        let manifest = files.iter().find(|f| f.name == "package/package.json").expect("package.json");
        let manifest: Value = serde_json::from_slice(&manifest.bytes).expect("json");
        assert_eq!(manifest["dsh"]["bundle"]["patch"], "./cordis.patch.yml", "{plugin}");
        assert!(!manifest["name"].as_str().expect("name").starts_with("@deepseek-ai/"), "{plugin}");
    }
    let zip = std::fs::read(&zip_path).expect("read zip");
    for (name, _, _) in entries(&zip) {
        for build_input in ["/src/", "/Cargo.", "/plugins/", "/upstream/", "/patches/", "/tests/", "/node_modules/"] {
            assert!(!name.contains(build_input), "{name} is a build input");
        }
    }
    // The README links to the user documentation; every page ships.
    let names: Vec<String> = entries(&zip).into_iter().map(|(n, _, _)| n).collect();
    // (pages and the images they show, e.g. docs/images/*.png)
    let mut pending = vec![repository_root().join("docs")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("ls docs") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let rel = path.strip_prefix(repository_root()).expect("inside").to_string_lossy().replace('\\', "/");
            assert!(names.iter().any(|n| n.ends_with(&format!("/{rel}"))), "{rel} missing from the release");
        }
    }
    assert!(names.iter().any(|n| n.ends_with("/README.zh-CN.md")), "README.md links to README.zh-CN.md; it must ship");
    // install.sh --plugin-route of the unpacked release takes the bundle from the archive.
    let inside = entries(&zip).into_iter().find(|(n, _, _)| n.ends_with("/bundles/dsh-self-checking-0.1.0.tgz"));
    let beside = std::fs::read(out.join("dsh-self-checking-0.1.0.tgz")).expect("beside");
    assert_eq!(inside.expect("bundles/dsh-self-checking-0.1.0.tgz in the zip").1, beside);
    let unpacked = work.join("unpacked");
    unzip(&zip, &unpacked);
    let top = std::fs::read_dir(&unpacked).expect("ls").next().expect("top dir").expect("entry").path();
    let home = work.join("dsh-home");
    let install = Command::new("bash")
        .arg("install.sh")
        .arg("--dsh-home")
        .arg(&home)
        .current_dir(&top)
        .env_remove("DSH_HOME")
        .output()
        .expect("run install.sh");
    let stderr = String::from_utf8_lossy(&install.stderr);
    assert!(install.status.success(), "install.sh failed:\n{}\n{stderr}", String::from_utf8_lossy(&install.stdout));
    let profile = home.join("profiles/self-checking");
    assert!(profile.join("package.json").is_file(), "{stderr}");
    assert!(profile.join("verify.mjs").is_file(), "{stderr}");
}

#[test]
fn release_help_documents_contents_and_exit_codes() {
    let run = TestDir::new().run(&["release", "--help"]);
    run.assert_code(0);
    for needle in
        ["--version", "--out", "--check", "SOURCE_DATE_EPOCH", "Exit codes:", "  1  --check: two builds differ"]
    {
        assert!(run.stdout.contains(needle), "{needle} missing from:\n{}", run.stdout);
    }
}

#[test]
fn a_file_name_with_a_tab_or_newline_is_refused_at_release_not_at_install() {
    for bad in ["docs/tab\there.md", "profile/forks/@acme/a/new\nline.js"] {
        let dir = project();
        dir.write(bad, "x\n");
        let run = dir.run(&["--json", "release", "--out", "dist", "--source-date-epoch", EPOCH]);
        run.assert_code(2);
        let doc: Value = serde_json::from_str(&run.stdout).expect("json");
        assert_eq!(doc["error"]["code"], "bad_file_name", "{doc}");
        assert!(doc["error"]["help"].is_string(), "{doc}");
        assert!(!dir.exists("dist"), "nothing written");
    }
}

/// One entry of a plugin tarball, with the header fields `npm pack` fixes.
struct TarFile {
    name: String,
    bytes: Vec<u8>,
    mode: u32,
    mtime: u64,
    owner: (u64, u64),
    is_file: bool,
}

fn untar(tgz: &[u8]) -> Vec<TarFile> {
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(tgz));
    archive
        .entries()
        .expect("tar entries")
        .map(|entry| {
            let mut entry = entry.expect("entry");
            let header = entry.header().clone();
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).expect("read");
            TarFile {
                name: entry.path().expect("path").to_string_lossy().into_owned(),
                bytes,
                mode: header.mode().expect("mode"),
                mtime: header.mtime().expect("mtime"),
                owner: (header.uid().expect("uid"), header.gid().expect("gid")),
                is_file: header.entry_type().is_file(),
            }
        })
        .collect()
}

#[test]
fn the_own_package_ships_beside_the_zip_as_an_npm_tarball_of_its_build_output() {
    let dir = project();
    dir.write("plugins/mine/lib/run.sh", "#!/bin/sh\n");
    set_mode(&dir.join("plugins/mine/lib/run.sh"), true);
    dir.write("profile/forks/@acme/mine/lib/index.js", "stale copy\n");
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    let files = untar(&dir.read(&format!("dist/{TGZ}")));
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    // npm pack's layout: `package/` prefix, files only, sorted; only `include`.
    assert_eq!(names, ["package/lib/index.js", "package/lib/run.sh", "package/package.json"]);
    for file in &files {
        assert!(file.is_file, "{}", file.name);
        assert_eq!(file.mtime, 499_162_500, "{}: npm pack's fixed mtime (1985-10-26T08:15:00Z)", file.name);
        assert_eq!(file.owner, (0, 0), "{}", file.name);
        let exec = cfg!(unix) && file.name.ends_with(".sh");
        assert_eq!(file.mode, if exec { 0o755 } else { 0o644 }, "{}", file.name);
    }
    assert_eq!(files[0].bytes, b"export const mine = 2;\n", "from plugins/, not the fork layer's copy");
}

#[test]
fn plugin_tarballs_are_byte_identical_across_builds_and_check_reports_them() {
    let dir = project();
    dir.run(&["release", "--out", "one", "--source-date-epoch", EPOCH]).assert_code(0);
    // Rewriting the package's files (new mtimes, new inodes) and another
    // timestamp change nothing in the tarball: it depends on the files only.
    for rel in ["plugins/mine/lib/index.js", "plugins/mine/package.json"] {
        let bytes = dir.read(rel);
        std::fs::remove_file(dir.join(rel)).expect("rm");
        std::fs::write(dir.join(rel), bytes).expect("write");
    }
    let check = dir.run(&["--json", "release", "--out", "two", "--check", "--source-date-epoch", "1800000000"]);
    check.assert_code(0);
    let tgz = dir.read(&format!("one/{TGZ}"));
    assert_eq!(tgz, dir.read(&format!("two/{TGZ}")));
    let doc: Value = serde_json::from_str(&check.stdout).expect("json");
    assert_eq!(doc["tarballs"][0]["path"], format!("two/{TGZ}"), "{doc}");
    assert_eq!(doc["tarballs"][0]["sha256"], sha256(&tgz), "{doc}");
    assert_eq!(doc["tarballs"][0]["size"], tgz.len(), "{doc}");
}

#[test]
fn an_own_package_without_a_version_is_a_usage_error_naming_it() {
    let dir = project();
    dir.write("plugins/mine/package.json", "{\"name\": \"@acme/mine\"}\n");
    let run = dir.run(&["--json", "release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(2);
    let doc: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "bad_package_manifest", "{doc}");
    assert!(doc["error"]["message"].as_str().expect("message").contains("version"), "{doc}");
    assert!(doc["error"]["help"].as_str().expect("help").contains("package.json"), "{doc}");
}

/// The project with one extra release bundle, `plugins/extra` (npm name
/// `extra-bundle`), declared in `[release] bundles`.
const EXTRA_TGZ: &str = "extra-bundle-2.0.0.tgz";

fn project_with_bundle() -> TestDir {
    let dir = project();
    let declaration = dir.read("forklayer.toml");
    let mut text = String::from_utf8(declaration).expect("utf8");
    text.push_str("\n[release]\nbundles = [\"plugins/extra\"]\n");
    dir.write("forklayer.toml", text);
    for (rel, text) in [
        (
            "plugins/extra/package.json",
            "{\"name\": \"extra-bundle\", \"version\": \"2.0.0\", \"files\": [\"lib/\", \"cordis.patch.yml\"]}\n",
        ),
        ("plugins/extra/lib/index.js", "export const extra = 1;\n"),
        ("plugins/extra/cordis.patch.yml", "- id: extra\n"),
        ("plugins/extra/README.md", "# extra\n"),
        ("plugins/extra/src/index.ts", "export const extra = 1;\n"),
        ("plugins/extra/node_modules/dep/index.js", "dep\n"),
    ] {
        dir.write(rel, text);
    }
    dir
}

#[test]
fn a_release_bundle_ships_beside_the_zip_and_inside_it_with_its_sha256_printed() {
    let dir = project_with_bundle();
    let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(0);
    let (zip, tgz, extra) = (
        dir.read(&format!("dist/{TOP}.zip")),
        dir.read(&format!("dist/{TGZ}")),
        dir.read(&format!("dist/{EXTRA_TGZ}")),
    );
    let sbom = dir.read(&format!("dist/{TOP}.cdx.json"));
    assert_eq!(
        run.stdout,
        format!(
            "{}  dist/{TOP}.zip\n{}  dist/{TGZ}\n{}  dist/{EXTRA_TGZ}\n{}  dist/{TOP}.cdx.json\n",
            sha256(&zip),
            sha256(&tgz),
            sha256(&extra),
            sha256(&sbom)
        )
    );
    // What `npm pack` ships: package.json, the README and the `files` list; no sources, no node_modules.
    let names: Vec<String> = untar(&extra).into_iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        ["package/README.md", "package/cordis.patch.yml", "package/lib/index.js", "package/package.json"]
    );
    // The same bytes inside the archive, where an unpacked release's install.sh finds them.
    let inside = entries(&zip).into_iter().find(|(n, _, _)| *n == format!("{TOP}/bundles/{EXTRA_TGZ}"));
    let (_, bytes, mode) = inside.expect("bundles/ entry in the zip");
    assert_eq!(bytes, extra);
    assert_eq!(mode, Some(0o100644));
    // The bundle's directory itself does not ship in the archive.
    assert!(entries(&zip).iter().all(|(n, _, _)| !n.contains("/plugins/")));
}

#[test]
fn a_release_bundle_is_byte_identical_across_builds_and_check_reports_it() {
    let dir = project_with_bundle();
    dir.run(&["release", "--out", "one", "--source-date-epoch", EPOCH]).assert_code(0);
    for rel in ["plugins/extra/lib/index.js", "plugins/extra/package.json"] {
        let bytes = dir.read(rel);
        std::fs::remove_file(dir.join(rel)).expect("rm");
        std::fs::write(dir.join(rel), bytes).expect("write");
    }
    let check = dir.run(&["--json", "release", "--out", "two", "--check", "--source-date-epoch", EPOCH]);
    check.assert_code(0);
    let extra = dir.read(&format!("one/{EXTRA_TGZ}"));
    assert_eq!(extra, dir.read(&format!("two/{EXTRA_TGZ}")));
    assert_eq!(dir.read(&format!("one/{TOP}.zip")), dir.read(&format!("two/{TOP}.zip")));
    let doc: Value = serde_json::from_str(&check.stdout).expect("json");
    assert_eq!(doc["tarballs"][1]["path"], format!("two/{EXTRA_TGZ}"), "{doc}");
    assert_eq!(doc["tarballs"][1]["sha256"], sha256(&extra), "{doc}");
}

#[test]
fn a_bad_release_bundle_is_a_usage_error_naming_it_and_writes_nothing() {
    let cases: [(&str, &str, &str); 5] = [
        ("plugins/extra/package.json", "{\"name\": \"extra-bundle\", \"files\": [\"lib\"]}\n", "version"),
        ("plugins/extra/package.json", "{\"name\": \"extra-bundle\", \"version\": \"2.0.0\"}\n", "no `files` list"),
        (
            "plugins/extra/package.json",
            "{\"name\": \"extra-bundle\", \"version\": \"2.0.0\", \"files\": [\"dist\"]}\n",
            "`files` entry `dist` does not exist",
        ),
        (
            "plugins/extra/package.json",
            "{\"name\": \"extra-bundle\", \"version\": \"2.0.0\", \"files\": [\"lib/*.js\"]}\n",
            "is a pattern",
        ),
        // Packs to the own package's tarball name.
        (
            "plugins/extra/package.json",
            "{\"name\": \"@acme/mine\", \"version\": \"0.3.0\", \"files\": [\"lib\"]}\n",
            "acme-mine-0.3.0.tgz",
        ),
    ];
    for (rel, text, needle) in cases {
        let dir = project_with_bundle();
        dir.write(rel, text);
        let run = dir.run(&["--json", "release", "--out", "dist", "--source-date-epoch", EPOCH]);
        run.assert_code(2);
        let doc: Value = serde_json::from_str(&run.stdout).expect("json");
        let message = doc["error"]["message"].as_str().expect("message");
        assert!(message.contains("plugins/extra") && message.contains(needle), "{needle}: {doc}");
        assert!(doc["error"]["help"].as_str().expect("help").contains("package.json"), "{doc}");
        assert!(!dir.exists("dist"), "nothing written");
    }
    let dir = project_with_bundle();
    std::fs::remove_file(dir.join("plugins/extra/package.json")).expect("rm");
    let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(2);
    assert!(run.stderr.contains("error: release bundle `plugins/extra`: it has no package.json"), "{}", run.stderr);
    assert!(run.stderr.contains("help: "), "{}", run.stderr);
}

#[test]
fn release_bundles_must_lie_inside_the_repository_once_and_not_be_an_own_package() {
    let mut cases = vec![
        ("[\"../elsewhere\"]", "`..` component"),
        ("[\"plugins/extra\", \"plugins/extra/\"]", "more than once"),
        ("[\"plugins/mine\"]", "the own package `mine`"),
        ("[\"/abs/extra\"]", "absolute"),
    ];
    // A link leading out of the repository (symbolic links need Unix here).
    if cfg!(unix) {
        cases.push(("[\"plugins/out\"]", "outside the repository"));
    }
    for (bundles, needle) in cases {
        let dir = project();
        let elsewhere = TestDir::new();
        elsewhere.write("package.json", "{}\n");
        #[cfg(unix)]
        std::os::unix::fs::symlink(elsewhere.path(), dir.join("plugins/out")).expect("symlink");
        let mut text = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
        text.push_str(&format!("\n[release]\nbundles = {bundles}\n"));
        dir.write("forklayer.toml", text);
        let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
        run.assert_code(2);
        assert!(run.stderr.contains("release.bundles") && run.stderr.contains(needle), "{needle}: {}", run.stderr);
        assert!(!dir.exists("dist"));
    }
    let dir = project();
    let mut text = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    text.push_str("\n[release]\nbundle = [\"plugins/extra\"]\n");
    dir.write("forklayer.toml", text);
    let run = dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]);
    run.assert_code(2);
    assert!(run.stderr.contains("bundle"), "{}", run.stderr);
}

/// `kill -9` while `release` writes its outputs (the moment the journal
/// beside `dist` and the first new file both exist): the next release
/// into `dist` rolls the half-written one back before writing its own,
/// so `dist` holds exactly what that release writes (none of the killed
/// release's files) and no journal is left beside it.
#[cfg(unix)]
#[test]
fn a_release_killed_while_writing_is_rolled_back_by_the_next_release() {
    let dir = project();
    // Incompressible bytes make the write of the zip long enough to be caught.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let noise: Vec<u8> = (0..8 << 20)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    std::fs::create_dir_all(dir.join("profile/assets")).expect("mkdir");
    std::fs::write(dir.join("profile/assets/noise.bin"), &noise).expect("write");
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    let first = dir.snapshot_dir("dist");
    let killed_zip = dir.join("dist/dsh-profile-self-checking-2.0.0.zip");
    let mut caught = false;
    for _attempt in 0..10 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_forklayer"))
            .args(["release", "--out", "dist", "--version", "2.0.0", "--source-date-epoch", EPOCH])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        let journal = dir.join(&format!(".forklayer-journal-out-dist-{}.tar", child.id()));
        while child.try_wait().expect("wait").is_none() && !(journal.exists() && killed_zip.exists()) {}
        child.kill().expect("kill -9");
        child.wait().expect("wait");
        if journal.exists() {
            caught = true;
            break;
        }
        // Finished before the signal: take its files away and try again.
        for name in ["zip", "cdx.json"] {
            let _ = std::fs::remove_file(dir.join(&format!("dist/dsh-profile-self-checking-2.0.0.{name}")));
        }
        assert_eq!(dir.snapshot_dir("dist"), first);
    }
    assert!(caught, "no release was killed while writing");
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    assert_eq!(dir.snapshot_dir("dist"), first, "the killed release's files are gone, the new ones complete");
    let beside: Vec<String> = std::fs::read_dir(dir.path())
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".forklayer-journal"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
}

#[test]
fn an_out_directory_named_by_dot_dot_is_resolved_and_slash_is_refused_for_what_it_is() {
    let dir = project();
    std::fs::create_dir_all(dir.path().join("a/b")).expect("mkdir");
    let run = dir.run(&["release", "--out", "a/b/..", "--source-date-epoch", EPOCH]);
    run.assert_code(0);
    assert!(dir.path().join(format!("a/{TOP}.zip")).is_file(), "{}", run.stderr);
    let run = dir.run(&["release", "--out", "/", "--source-date-epoch", EPOCH]);
    run.assert_code(2);
    assert!(run.stderr.contains("no directory above it") && !run.stderr.contains("UTF-8"), "{}", run.stderr);
    assert!(!std::path::Path::new("/").join(format!("{TOP}.zip")).exists());
}

#[test]
fn a_release_into_upstream_patches_the_fork_layer_or_git_is_refused_and_nothing_is_written() {
    let dir = project();
    std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir");
    let forks = std::fs::read_dir(dir.path().join("profile/forks")).expect("forks").count();
    for out in ["upstream/dist", "patches/dist", "profile/forks/dist", ".git/dist"] {
        let run = dir.run(&["--json", "release", "--out", out, "--source-date-epoch", EPOCH]);
        run.assert_code(2);
        let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
        assert_eq!(doc["error"]["code"], "unsafe_target", "{out}: {doc}");
        assert!(!dir.path().join(out).exists(), "{out}: nothing written");
    }
    assert_eq!(std::fs::read_dir(dir.path().join("profile/forks")).expect("forks").count(), forks);
}

#[test]
fn a_link_planted_in_the_output_directory_is_never_written_through() {
    let dir = project();
    let home = TestDir::new();
    home.write("settings.json", "{\"keep\": true}\n");
    let release = ["--json", "release", "--out", "out", "--source-date-epoch", "1700000000"];
    dir.run(&release).assert_code(0);
    let zip = std::fs::read_dir(dir.join("out"))
        .expect("ls out")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "zip"))
        .expect("a zip");
    std::fs::remove_file(&zip).expect("rm");
    std::os::unix::fs::symlink(home.join("settings.json"), &zip).expect("symlink");
    let run = dir.run(&release);
    run.assert_code(3);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "not_a_file", "{}", run.stdout);
    assert!(run.stdout.contains(zip.file_name().and_then(|n| n.to_str()).expect("name")), "names it");
    assert_eq!(home.read("settings.json"), b"{\"keep\": true}\n", "the user's file keeps its bytes");
}
