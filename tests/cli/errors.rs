//! Every user-facing error names the file or package and ends with a
//! `help:` line saying what to do, with the documented exit code and a
//! stable `--json` error code.

use crate::util::{snapshot_from_tarballs, NpmPackage, TestDir};

fn repo() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 2;\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    dir
}

/// Runs `args` with `--json` and without; checks exit code, JSON error
/// code, the named subject and the help line.
pub fn fails_helpfully(dir: &TestDir, args: &[&str], exit: i32, code: &str, names: &str) {
    let run = dir.run(args);
    run.assert_code(exit);
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert!(run.stderr.contains(names), "{names:?} not named in:\n{}", run.stderr);
    assert!(run.stderr.contains("\nhelp: "), "no help line in:\n{}", run.stderr);
    let json_args: Vec<&str> = ["--json"].iter().chain(args).copied().collect();
    let run = dir.run(&json_args);
    run.assert_code(exit);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["error"]["code"], code, "{doc}");
    assert!(doc["error"]["help"].is_string(), "{doc}");
}

#[test]
fn a_forked_package_missing_from_the_fork_layer() {
    let dir = repo();
    std::fs::remove_dir_all(dir.join("profile/forks/@acme/pkg")).expect("rm");
    fails_helpfully(&dir, &["gen-patches"], 2, "fork_missing", "`@acme/pkg`");
}

/// An empty directory is what a failed copy leaves, and what a clone of
/// the repository lacks: no fork that deletes the whole package.
#[test]
fn a_forked_package_that_is_an_empty_directory() {
    let dir = repo();
    let manifests = dir.snapshot_dir("patches");
    std::fs::remove_dir_all(dir.join("profile/forks/@acme/pkg")).expect("rm");
    std::fs::create_dir(dir.join("profile/forks/@acme/pkg")).expect("mkdir");
    fails_helpfully(&dir, &["gen-patches"], 2, "fork_missing", "`@acme/pkg`");
    assert_eq!(dir.snapshot_dir("patches"), manifests, "the manifests are kept");
}

#[test]
fn a_missing_check_reference() {
    let dir = repo();
    fails_helpfully(&dir, &["rebuild", "--check", "nowhere"], 2, "reference_missing", "nowhere");
}

#[test]
fn a_manifest_named_after_another_package() {
    let dir = repo();
    let text = String::from_utf8(dir.read("patches/pkg.json")).expect("utf8").replace("@acme/pkg", "@acme/other");
    dir.write("patches/pkg.json", text);
    fails_helpfully(&dir, &["rebuild", "--out", "out"], 2, "wrong_manifest", "patches/pkg.json");
}

#[test]
fn a_symbolic_link_in_the_fork_layer() {
    let dir = repo();
    #[cfg(unix)]
    std::os::unix::fs::symlink("a.js", dir.join("profile/forks/@acme/pkg/link.js")).expect("symlink");
    #[cfg(unix)]
    fails_helpfully(&dir, &["gen-patches"], 3, "not_a_file", "link.js");
}

#[test]
fn a_fork_file_name_no_package_may_hold() {
    let dir = repo();
    dir.write("profile/forks/@acme/pkg/back\\slash.js", "x\n");
    fails_helpfully(&dir, &["gen-patches"], 3, "unsafe_path", "@acme/pkg/back\\slash.js");
}

#[test]
fn the_same_package_in_two_sources() {
    let dir = repo();
    dir.write("again/pkg-1.0.0.tgz", dir.read("tarballs/pkg-1.0.0.tgz"));
    fails_helpfully(&dir, &["snapshot", "1.0.0", "--from", "tarballs", "again"], 2, "duplicate_package", "`@acme/pkg`");
}

/// A stderr nobody reads (a pipe whose reader went away) does not turn a
/// finished command into a crash: status lines, warnings and errors are
/// dropped, the exit code stays the command's own.
#[cfg(unix)]
#[test]
fn a_stderr_nobody_reads_changes_no_exit_code() {
    let dir = repo();
    dir.write("profile/forks/@acme/pkg/a.js", "let a = 3;\n");
    for (args, exit) in [(&["gen-patches"][..], 0), (&["rebuild", "--check", "nowhere"][..], 2)] {
        let shown = dir.run(args);
        shown.assert_code(exit);
        assert!(!shown.stderr.is_empty(), "`{args:?}` prints on stderr, so the test means something");
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_forklayer"))
            .args(args)
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(writer)
            .status()
            .expect("run forklayer");
        assert_eq!(status.code(), Some(exit), "`{args:?}` with a stderr nobody reads");
    }
}
