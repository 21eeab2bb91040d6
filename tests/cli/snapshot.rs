//! `snapshot`: vendoring through the user's npm, from tarballs and from
//! directories, with the lock file.

use crate::util::{fake_npm, publish, snapshot_from_tarballs, NpmPackage, TestDir};

fn two_packages() -> (NpmPackage, NpmPackage) {
    let a = NpmPackage::new("a", "1.0.0").file("lib/index.js", "export {}\n").exec("bin/a", "#!/bin/sh\n");
    let b = NpmPackage::new("b", "1.0.0").file("README.md", "# b\r\n");
    (a, b)
}

/// A repo declaring forked `a` and carried `b`, both published to a fake
/// registry (`b` with `b_integrity` when given); returns the packages and
/// the fake npm program.
fn registry_repo(b_integrity: Option<&str>) -> (TestDir, NpmPackage, std::path::PathBuf) {
    let dir = TestDir::new();
    dir.declare(&["a"], &["b"], &[]);
    let (a, b) = two_packages();
    publish(&dir, &a, None);
    publish(&dir, &b, b_integrity);
    let npm = fake_npm(&dir);
    (dir, a, npm)
}

#[test]
fn registry_snapshot_goes_through_npm_and_records_the_lock() {
    let (dir, a, npm) = registry_repo(None);
    let run = dir.run(&["--json", "snapshot", "1.0.0", "--npm", npm.to_str().expect("utf8")]);
    run.assert_code(0);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["schema"], "forklayer.snapshot/1");
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["packages"].as_array().expect("packages").len(), 2);
    assert_eq!(dir.read("upstream/VERSION"), b"1.0.0\n");
    assert_eq!(dir.read("upstream/@acme/b/README.md"), b"# b\r\n");
    assert!(crate::util::is_exec(&dir.join("upstream/@acme/a/bin/a")));
    let lock: serde_json::Value = serde_json::from_slice(&dir.read("upstream/forklayer.lock.json")).expect("lock");
    let entry = &lock["packages"]["@acme/a"];
    assert_eq!(entry["integrity"], forklayer::npm::sri_sha512(&a.tgz()));
    assert_eq!(entry["files"]["bin/a"]["mode"], "0755");
    assert_eq!(entry["source"], "registry");
}

#[test]
fn a_snapshot_removes_the_scratch_directory_a_killed_one_left_and_keeps_a_live_ones() {
    let (dir, _, npm) = registry_repo(None);
    let mut gone = std::process::Command::new("true").spawn().expect("spawn");
    gone.wait().expect("wait");
    let leftover = format!(".forklayer-pack-{}", gone.id());
    dir.write(&format!("{leftover}/a-1.0.0.tgz"), "partial");
    dir.write(".forklayer-pack-notapid/keep", "not ours");
    dir.run(&["snapshot", "1.0.0", "--npm", npm.to_str().expect("utf8")]).assert_code(0);
    assert!(!dir.exists(&leftover), "the killed snapshot's scratch is gone");
    assert!(dir.exists(".forklayer-pack-notapid/keep"));
}

#[test]
fn npm_program_can_come_from_the_environment() {
    let (dir, _, npm) = registry_repo(None);
    dir.run_env(&["snapshot", "1.0.0"], &[("FORKLAYER_NPM", &npm)]).assert_code(0);
    assert!(dir.exists("upstream/@acme/a/lib/index.js"));
}

#[test]
fn a_tarball_whose_sha512_differs_from_the_registry_is_refused() {
    let (dir, _, npm) = registry_repo(Some(&forklayer::npm::sri_sha512(b"something else")));
    let run = dir.run(&["snapshot", "1.0.0", "--npm", npm.to_str().expect("utf8")]);
    run.assert_code(3);
    assert!(run.stderr.contains("integrity mismatch for `@acme/b@1.0.0`"), "{}", run.stderr);
    assert!(!dir.exists("upstream"), "nothing may be written");
}

/// npm takes about half a second to start: every package comes from one
/// `npm pack`, and the bytes are still checked against each package's
/// registry integrity.
#[test]
fn a_registry_snapshot_packs_every_package_in_one_npm_call() {
    let (dir, a, npm) = registry_repo(None);
    crate::util::log_npm_calls(&dir);
    dir.run(&["snapshot", "1.0.0", "--npm", npm.to_str().expect("utf8")]).assert_code(0);
    let packs = crate::util::npm_pack_calls(&dir);
    assert_eq!(packs.len(), 1, "{packs:?}");
    assert!(packs[0].starts_with("pack @acme/a@1.0.0 @acme/b@1.0.0 --json"), "{packs:?}");
    let lock: serde_json::Value = serde_json::from_slice(&dir.read("upstream/forklayer.lock.json")).expect("lock");
    assert_eq!(lock["packages"]["@acme/a"]["integrity"], forklayer::npm::sri_sha512(&a.tgz()));
}

/// An npm (or a wrapper around it) that packs one spec at a time fails the
/// one call: each package is then packed on its own, and the snapshot is
/// the same.
#[cfg(unix)]
#[test]
fn an_npm_that_packs_one_package_per_call_still_snapshots() {
    let (dir, _, npm) = registry_repo(None);
    let single = dir.join("fake-npm/one-at-a-time");
    let script = format!(
        "#!/bin/sh\nif [ \"$1\" = pack ] && [ \"$3\" != --json ]; then echo 'one spec only' >&2; exit 1; fi\nexec {} \"$@\"\n",
        npm.display()
    );
    std::fs::write(&single, script).expect("write");
    crate::util::set_mode(&single, true);
    crate::util::log_npm_calls(&dir);
    dir.run(&["snapshot", "1.0.0", "--npm", single.to_str().expect("utf8")]).assert_code(0);
    assert_eq!(crate::util::npm_pack_calls(&dir).len(), 2, "one pack per package after the failed batch");
    assert_eq!(dir.read("upstream/VERSION"), b"1.0.0\n");
    assert_eq!(dir.read("upstream/@acme/b/README.md"), b"# b\r\n");
}

#[test]
fn a_version_missing_from_the_registry_is_a_clear_error() {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    let npm = fake_npm(&dir);
    let run = dir.run(&["snapshot", "9.9.9", "--npm", npm.to_str().expect("utf8")]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("could not fetch `@acme/a`"), "{}", run.stderr);
}

#[test]
fn a_local_tarball_must_match_the_locked_integrity() {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    let a = NpmPackage::new("a", "1.0.0").file("x.js", "x\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&a]).assert_code(0);
    let tampered = a.clone().file("x.js", "evil\n");
    let run = snapshot_from_tarballs(&dir, "1.0.0", &[&tampered]);
    run.assert_code(3);
    assert!(run.stderr.contains("integrity mismatch"), "{}", run.stderr);
    assert_eq!(dir.read("upstream/@acme/a/x.js"), b"x\n");
}

#[test]
fn a_node_modules_directory_is_read_without_install_artifacts_and_with_a_warning() {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    let a = NpmPackage::new("a", "1.0.0").file("x.js", "x\n");
    dir.write_package("nm/node_modules/@acme/a", &a);
    dir.write("nm/node_modules/@acme/a/node_modules/dep/index.js", "dep\n");
    let run = dir.run(&["snapshot", "1.0.0", "--from", "nm"]);
    run.assert_code(0);
    assert!(run.stderr.contains("integrity cannot be checked"), "{}", run.stderr);
    assert!(!dir.exists("upstream/@acme/a/node_modules"));
    let lock: serde_json::Value = serde_json::from_slice(&dir.read("upstream/forklayer.lock.json")).expect("lock");
    assert_eq!(lock["packages"]["@acme/a"]["integrity"], serde_json::Value::Null);
}

#[test]
fn a_wrong_version_or_missing_package_in_local_sources_is_refused() {
    let dir = TestDir::new();
    dir.declare(&["a"], &["b"], &[]);
    let (a, _) = two_packages();
    let run = snapshot_from_tarballs(&dir, "1.0.0", &[&a]);
    run.assert_code(2);
    assert!(run.stderr.contains("`@acme/b` was not found in any `--from` source"), "{}", run.stderr);
    let old = NpmPackage::new("b", "0.9.0");
    let run = snapshot_from_tarballs(&dir, "1.0.0", &[&a, &old]);
    run.assert_code(2);
    assert!(run.stderr.contains("is version `0.9.0`, not `1.0.0`"), "{}", run.stderr);
    assert!(!dir.exists("upstream"));
}

#[test]
fn unmanaged_files_in_upstream_survive_a_new_snapshot() {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    dir.write("upstream/README.md", "about upstream\n");
    let a = NpmPackage::new("a", "1.0.0");
    snapshot_from_tarballs(&dir, "1.0.0", &[&a]).assert_code(0);
    assert_eq!(dir.read("upstream/README.md"), b"about upstream\n");
}

/// A snapshot writes through the undo journal: files that stay the same
/// are not rewritten (same inode, same mtime), a changed one is, and a
/// snapshot that fails halfway leaves `upstream/` as it was.
#[test]
fn a_snapshot_rewrites_only_what_changed_and_fails_without_a_trace() {
    use std::os::unix::fs::MetadataExt;
    let dir = crate::util::TestDir::new();
    dir.declare(&["a", "b"], &[], &[]);
    let a = crate::util::NpmPackage::new("a", "1.0.0").file("x.js", "x\r\n");
    let b = crate::util::NpmPackage::new("b", "1.0.0").file("y.bin", [0u8, 1, 255]);
    crate::util::snapshot_from_tarballs(&dir, "1.0.0", &[&a, &b]).assert_code(0);
    let stat = |rel: &str| {
        let meta = std::fs::metadata(dir.join(rel)).expect("stat");
        (meta.ino(), meta.mtime_nsec(), meta.mtime())
    };
    let kept = stat("upstream/@acme/b/y.bin");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let a2 = crate::util::NpmPackage::new("a", "1.0.1").file("x.js", "x changed\r\n");
    let b1 = crate::util::NpmPackage::new("b", "1.0.1").file("y.bin", [0u8, 1, 255]);
    crate::util::snapshot_from_tarballs(&dir, "1.0.1", &[&a2, &b1]).assert_code(0);
    assert_eq!(stat("upstream/@acme/b/y.bin"), kept, "an unchanged file is not rewritten");
    assert_eq!(dir.read("upstream/@acme/a/x.js"), b"x changed\r\n");
    // One file cannot be written: the snapshot fails and puts back what it changed.
    let before = dir.snapshot_dir("upstream");
    let stuck = dir.join("upstream/@acme/b/y.bin");
    let a3 = crate::util::NpmPackage::new("a", "1.0.2").file("x.js", "x\r\n");
    let b2 = crate::util::NpmPackage::new("b", "1.0.2").file("y.bin", [9u8]);
    crate::util::immutable(&stuck, true);
    let run = crate::util::snapshot_from_tarballs(&dir, "1.0.2", &[&a3, &b2]);
    crate::util::immutable(&stuck, false);
    run.assert_code(3);
    assert_eq!(dir.snapshot_dir("upstream"), before, "upstream/ is as it was");
}

#[cfg(unix)]
#[test]
fn ctrl_c_while_npm_fetches_stops_the_snapshot_with_nothing_written() {
    let (dir, _, npm) = registry_repo(None);
    // A slow npm: the signal arrives while it fetches.
    let slow = crate::util::slow_npm(&dir, &npm, "0.5");
    let before = dir.snapshot_dir(".");
    let args = ["snapshot", "1.0.0", "--npm", slow.to_str().expect("utf8")];
    let (code, stderr) = crate::util::ctrl_c_while_npm_runs(&dir, &args);
    assert_eq!(code, Some(2), "stopped, not killed:\n{stderr}");
    assert!(stderr.contains("interrupted; nothing was changed"), "{stderr}");
    assert!(stderr.contains("help: run the command again"), "{stderr}");
    let after: Vec<_> = dir.snapshot_dir(".").into_iter().filter(|(p, _, _)| !p.ends_with(".forklayer.lock")).collect();
    let before: Vec<_> = before.into_iter().filter(|(p, _, _)| !p.ends_with(".forklayer.lock")).collect();
    assert_eq!(after, before, "no upstream/, no journal, nothing else");
}
