//! `merge`: three-way merge of the fork layer onto a new upstream, for
//! every row of the merge matrix, transactional and reported per file.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::util::{commit_all, fake_npm, publish, snapshot_from_tarballs, NpmPackage, TestDir};

const OWN_LIB: &str = "export const mine = 1;\n";

/// A package.json with the version far enough from the other fields that
/// a version bump and a fork edit do not touch adjacent lines.
pub(crate) fn package_json(short: &str, version: &str, main: &str) -> String {
    format!(
        "{{\n  \"name\": \"@acme/{short}\",\n  \"version\": \"{version}\",\n  \"description\": \"{short}\",\n  \"license\": \"MIT\",\n  \"type\": \"module\",\n  \"main\": \"{main}\"\n}}\n"
    )
}

pub(crate) fn lines(n: usize, tag: &str) -> String {
    (1..=n).map(|i| format!("line {i} {tag}\n")).collect()
}

/// The upstream `a` at 1.0.0 and 2.0.0 and its fork, covering every row
/// of the matrix.
struct Matrix {
    a1: NpmPackage,
    a2: NpmPackage,
    a_fork: NpmPackage,
}

fn matrix() -> Matrix {
    let binary_base: &[u8] = &[0x89, b'P', b'N', b'G', 0, 1, 2, 3];
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "lib/index.js"))
        .file("same-line.js", "a\nb\nc\nd\n")
        .file("adjacent.js", "a\nb\nc\nd\ne\n")
        .file("crlf-flip.js", "one\ntwo\nthree\nfour\n")
        .file("crlf-upstream.js", "one\ntwo\n")
        .file("no-eol.js", "first\nsecond\nlast")
        .file("min.js", "var a=1;var b=2;var c=3;")
        .file("image.png", binary_base)
        .file("fork-deleted.js", "delete me\n")
        .file("upstream-deleted.js", "keep me\n")
        .file("taken.js", "old\n")
        .file("kept.js", "old\n")
        .file("upstreamed.js", "old\n")
        .file("gone.js", "old\n")
        .file("unchanged.js", "same\n")
        .file("merged.js", lines(12, "base"));
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "lib/index.js"))
        .file("same-line.js", "a\nB-upstream\nc\nd\n")
        .file("adjacent.js", "a\nb\nC-upstream\nd\ne\n")
        .file("crlf-flip.js", "one\ntwo\nthree\nFOUR\n")
        .file("crlf-upstream.js", "one\r\ntwo\r\n")
        .file("no-eol.js", "first\nsecond\nlast-upstream")
        .file("min.js", "var a=1;var b=2;var c=30;")
        .file("image.png", [binary_base, b"upstream"].concat())
        .file("fork-deleted.js", "changed upstream\n")
        .without("upstream-deleted.js")
        .file("taken.js", "new upstream\n")
        .file("upstreamed.js", "fixed\n")
        .without("gone.js")
        .file("added.js", "brand new\n")
        .file("merged.js", lines(12, "base").replace("line 12 base", "line 12 upstream"));
    let a_fork = a1
        .clone()
        .file("package.json", package_json("a", "1.0.0", "lib/self-check.js"))
        .file("same-line.js", "a\nB-fork\nc\nd\n")
        .file("adjacent.js", "a\nB-fork\nc\nd\ne\n")
        .file("crlf-flip.js", "one\r\ntwo\r\nthree\r\nfour\r\n")
        .file("no-eol.js", "first\nsecond\nlast-fork")
        .file("min.js", "var a=10;var b=2;var c=3;")
        .file("image.png", [binary_base, b"fork"].concat())
        .without("fork-deleted.js")
        .file("upstream-deleted.js", "changed in the fork\n")
        .file("kept.js", "fork\n")
        .file("upstreamed.js", "fixed\n")
        .file("merged.js", lines(12, "base").replace("line 1 base", "line 1 fork"));
    Matrix { a1, a2, a_fork }
}

/// A copy of `package` published as `version` (its package.json is set by
/// the caller).
pub(crate) fn at_version(package: &NpmPackage, version: &str) -> NpmPackage {
    NpmPackage { version: version.into(), ..package.clone() }
}

/// A committed repository: upstream 1.0.0 of `a` (forked), `b` (forked)
/// and `c` (carried), the fork layer, the manifests and an own package.
pub(crate) fn project(a1: &NpmPackage, a_fork: &NpmPackage) -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["a", "b"], &["c"], &[("mine", "plugins/mine", &["lib", "package.json"])]);
    dir.write(".gitignore", "/tarballs/\n/new/\n/fake-npm/\n");
    let (b1, c1) = (b_package("1.0.0"), c_package("1.0.0"));
    snapshot_from_tarballs(&dir, "1.0.0", &[a1, &b1, &c1]).assert_code(0);
    dir.write_package("profile/forks/@acme/a", a_fork);
    dir.write_package("profile/forks/@acme/b", &b_fork());
    dir.write_package("profile/forks/@acme/c", &c1);
    for root in ["plugins/mine", "profile/forks/@acme/mine"] {
        dir.write(&format!("{root}/lib/index.js"), OWN_LIB);
        dir.write(&format!("{root}/package.json"), "{\"name\": \"@acme/mine\", \"version\": \"0.1.0\"}\n");
    }
    dir.run(&["gen-patches"]).assert_code(0);
    commit_all(&dir);
    dir
}

pub(crate) fn b_package(version: &str) -> NpmPackage {
    NpmPackage::new("b", version).file("index.js", lines(20, "b"))
}

fn b_fork() -> NpmPackage {
    b_package("1.0.0").file("index.js", lines(20, "b").replace("line 3 b", "line 3 b (fork)"))
}

pub(crate) fn c_package(version: &str) -> NpmPackage {
    NpmPackage::new("c", version).file("presets.json", format!("{{\"v\": \"{version}\"}}\n"))
}

/// Writes the new upstream tarballs into `new/`.
pub(crate) fn publish_new(dir: &TestDir, packages: &[&NpmPackage]) {
    for p in packages {
        dir.write(&format!("new/{}", p.tgz_name()), p.tgz());
    }
}

pub(crate) fn json(run: &crate::util::Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", run.stdout))
}

/// `(path, outcome, conflict kind)` of every reported file of `@acme/<pkg>`.
fn outcomes(doc: &Value, pkg: &str) -> Vec<(String, String, String)> {
    let files = doc["files"].as_array().expect("files");
    files
        .iter()
        .filter(|f| f["package"] == format!("@acme/{pkg}"))
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or_default().to_string();
            (s("path"), s("outcome"), s("conflict"))
        })
        .collect()
}

fn row(path: &str, outcome: &str, conflict: &str) -> (String, String, String) {
    (path.into(), outcome.into(), conflict.into())
}

/// Everything the merge may change, to prove a run changed nothing.
pub(crate) fn state(dir: &TestDir) -> Vec<(String, Vec<u8>, bool)> {
    let mut all = Vec::new();
    for root in ["upstream", "profile", "patches"] {
        all.extend(dir.snapshot_dir(root).into_iter().map(|(p, b, x)| (format!("{root}/{p}"), b, x)));
    }
    all.push(("forklayer.toml".into(), dir.read("forklayer.toml"), false));
    all
}

pub(crate) fn top_level(dir: &TestDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("ls")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// What `git merge-file --diff3` writes for the same three inputs.
fn git_merge_file(dir: &Path, base: &[u8], ours: &[u8], theirs: &[u8]) -> Vec<u8> {
    let work = dir.join("git-merge-file");
    std::fs::create_dir_all(&work).expect("mkdir");
    for (name, bytes) in [("base", base), ("ours", ours), ("theirs", theirs)] {
        std::fs::write(work.join(name), bytes).expect("write");
    }
    let out = Command::new("git")
        .current_dir(&work)
        .args(["merge-file", "--diff3", "-p", "-L", "fork@1.0.0", "-L", "upstream@1.0.0", "-L", "upstream@2.0.0"])
        .args(["ours", "base", "theirs"])
        .output()
        .expect("git merge-file");
    assert!(out.status.code().is_some_and(|c| (0..=127).contains(&c)), "{out:?}");
    out.stdout
}

fn file_bytes(package: &NpmPackage, path: &str) -> Vec<u8> {
    package.files.iter().find(|(p, _, _)| p == path).map(|(_, b, _)| b.clone()).unwrap_or_else(|| panic!("{path}"))
}

#[test]
fn every_row_of_the_matrix_gets_its_outcome() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(1);
    let doc = json(&run);
    assert_eq!(doc["schema"], "forklayer.merge/1");
    assert_eq!(doc["ok"], false);
    assert_eq!((doc["from"].as_str(), doc["to"].as_str()), (Some("1.0.0"), Some("2.0.0")));
    assert_eq!(
        outcomes(&doc, "a"),
        [
            row("added.js", "new", ""),
            row("adjacent.js", "conflict", "text"),
            row("crlf-flip.js", "conflict", "text"),
            row("crlf-upstream.js", "taken", ""),
            row("fork-deleted.js", "conflict", "deleted_in_fork"),
            row("gone.js", "deleted", ""),
            row("image.png", "conflict", "binary"),
            row("kept.js", "kept", ""),
            row("merged.js", "merged", ""),
            row("min.js", "conflict", "text"),
            row("no-eol.js", "conflict", "text"),
            row("package.json", "merged", ""),
            row("same-line.js", "conflict", "text"),
            row("taken.js", "taken", ""),
            row("upstream-deleted.js", "conflict", "deleted_upstream"),
            row("upstreamed.js", "upstreamed", ""),
        ]
    );
    assert_eq!(doc["conflicts"], 8);
    assert_eq!(doc["summary"]["unchanged"], 1);
}

#[test]
fn text_conflicts_match_git_merge_file_diff3_byte_for_byte() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    for path in ["same-line.js", "adjacent.js", "crlf-flip.js", "no-eol.js", "min.js"] {
        let expected = git_merge_file(
            dir.path(),
            &file_bytes(&m.a1, path),
            &file_bytes(&m.a_fork, path),
            &file_bytes(&m.a2, path),
        );
        let written = dir.read(&format!("profile/forks/@acme/a/{path}"));
        assert_eq!(String::from_utf8_lossy(&written), String::from_utf8_lossy(&expected), "{path}");
        assert_eq!(written, expected, "{path}");
    }
    let same_line = dir.read("profile/forks/@acme/a/same-line.js");
    assert_eq!(
        same_line,
        b"a\n<<<<<<< fork@1.0.0\nB-fork\n||||||| upstream@1.0.0\nb\n=======\nB-upstream\n>>>>>>> upstream@2.0.0\nc\nd\n"
    );
}

#[test]
fn conflicts_keep_both_versions_and_everything_else_is_merged() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    let patches_before = dir.snapshot_dir("patches");
    let declaration_before = dir.read("forklayer.toml");
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let run = dir.run(&["merge", "2.0.0", "--from", "new"]);
    run.assert_code(1);
    assert!(
        run.stdout.contains("conflict   @acme/a/image.png (binary; copies: image.png.ours, image.png.theirs)"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("forklayer merge --continue"), "{}", run.stderr);
    let fork = |p: &str| dir.read(&format!("profile/forks/@acme/a/{p}"));
    // Binary: the fork file stays, both versions sit next to it.
    assert_eq!(fork("image.png"), file_bytes(&m.a_fork, "image.png"));
    assert_eq!(fork("image.png.ours"), file_bytes(&m.a_fork, "image.png"));
    assert_eq!(fork("image.png.theirs"), file_bytes(&m.a2, "image.png"));
    // Delete/modify in either direction: the surviving version is kept.
    assert!(!dir.exists("profile/forks/@acme/a/fork-deleted.js"));
    assert_eq!(fork("fork-deleted.js.theirs"), b"changed upstream\n");
    assert_eq!(fork("upstream-deleted.js"), b"changed in the fork\n");
    assert_eq!(fork("upstream-deleted.js.ours"), b"changed in the fork\n");
    // Clean rows are merged.
    assert_eq!(fork("added.js"), b"brand new\n");
    assert!(!dir.exists("profile/forks/@acme/a/gone.js"));
    assert_eq!(fork("taken.js"), b"new upstream\n");
    assert_eq!(fork("kept.js"), b"fork\n");
    assert_eq!(fork("crlf-upstream.js"), b"one\r\ntwo\r\n");
    assert_eq!(fork("package.json"), package_json("a", "2.0.0", "lib/self-check.js").as_bytes());
    // The new snapshot is in place; the manifests wait for the resolution.
    assert_eq!(dir.read("upstream/VERSION"), b"2.0.0\n");
    assert_eq!(dir.snapshot_dir("patches"), patches_before);
    // The baseline moves once the conflicts are resolved (`--continue`).
    assert_eq!(dir.read("forklayer.toml"), declaration_before);
}

/// Gives the committed declaration comments, odd spacing and CRLF line
/// ends, which a merge must keep byte for byte. Returns its bytes.
fn hand_written_declaration(dir: &TestDir) -> String {
    let text = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    let text =
        text.replace("baseline = \"1.0.0\"", "# moved by `merge`\nbaseline   =  \"1.0.0\"   # the version we build on");
    let text = format!("# The fork layer, declared once.\n\n{text}\n# end\n").replace('\n', "\r\n");
    dir.write("forklayer.toml", &text);
    commit_all(dir);
    text
}

/// A project with upstream 2.0.0 in `new/` that merges cleanly.
fn clean_merge_project() -> TestDir {
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "lib/index.js"))
        .file("lib/index.js", lines(30, "a"));
    let a_fork = a1.clone().file("lib/index.js", lines(30, "a").replace("line 2 a", "line 2 a (fork)"));
    let dir = project(&a1, &a_fork);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "lib/index.js"))
        .file("lib/index.js", lines(30, "a").replace("line 28 a", "line 28 a v2"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir
}

#[test]
fn a_clean_merge_moves_the_baseline_keeping_every_other_byte() {
    let dir = clean_merge_project();
    let before = hand_written_declaration(&dir);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(0);
    let doc = json(&run);
    assert_eq!(doc["baseline"], serde_json::json!({"file": "forklayer.toml", "from": "1.0.0", "to": "2.0.0"}));
    assert!(run.stderr.contains("`forklayer.toml`: baseline 1.0.0 -> 2.0.0"), "{}", run.stderr);
    let after = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    assert_eq!(after, before.replace("\"1.0.0\"", "\"2.0.0\""));
    assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
    dir.run(&["check"]).assert_code(0);
    // Merging again onto the same version leaves the declaration alone.
    commit_all(&dir);
    let again = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    again.assert_code(0);
    assert_eq!(json(&again)["baseline"], Value::Null);
    assert_eq!(dir.read("forklayer.toml"), after.as_bytes());
}

#[test]
fn a_clean_dry_run_predicts_the_baseline_move_and_writes_nothing() {
    let dir = clean_merge_project();
    hand_written_declaration(&dir);
    let before = state(&dir);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--dry-run"]);
    run.assert_code(0);
    assert_eq!(json(&run)["baseline"], serde_json::json!({"file": "forklayer.toml", "from": "1.0.0", "to": "2.0.0"}));
    assert!(run.stderr.contains("Would update"), "{}", run.stderr);
    assert_eq!(state(&dir), before);
    assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
}

#[test]
fn a_clean_merge_replaces_snapshot_and_manifests_and_passes_check() {
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "lib/index.js"))
        .file("lib/index.js", lines(30, "a"))
        .exec("bin/run", "#!/bin/sh\necho 1\n");
    let a_fork = a1
        .clone()
        .file("package.json", package_json("a", "1.0.0", "lib/self-check.js"))
        .file("lib/index.js", lines(30, "a").replace("line 2 a", "line 2 a (self-check)"))
        .file("lib/self-check.js", "export const on = true;\n");
    let dir = project(&a1, &a_fork);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "lib/index.js"))
        .file("lib/index.js", lines(30, "a").replace("line 28 a", "line 28 a v2"))
        .exec("bin/run", "#!/bin/sh\necho 2\n");
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(0);
    let doc = json(&run);
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["written"], true);
    assert_eq!(doc["manifests"], serde_json::json!(["a", "b"]));
    assert_eq!(dir.read("upstream/VERSION"), b"2.0.0\n");
    let index = String::from_utf8(dir.read("profile/forks/@acme/a/lib/index.js")).expect("utf8");
    assert!(index.contains("line 2 a (self-check)") && index.contains("line 28 a v2"), "{index}");
    assert!(crate::util::is_exec(&dir.join("profile/forks/@acme/a/bin/run")));
    // Carried packages follow upstream; own packages are untouched.
    assert_eq!(dir.read("profile/forks/@acme/c/presets.json"), b"{\"v\": \"2.0.0\"}\n");
    assert_eq!(dir.read("profile/forks/@acme/mine/lib/index.js"), OWN_LIB.as_bytes());
    let manifest: Value = serde_json::from_slice(&dir.read("patches/a.json")).expect("manifest");
    assert_eq!(manifest["builtAgainst"], "2.0.0");
    assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn dry_run_predicts_the_same_report_and_writes_nothing() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let before = state(&dir);
    let dry = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--dry-run"]);
    dry.assert_code(1);
    assert_eq!(state(&dir), before);
    assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
    let real = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    real.assert_code(1);
    let (mut dry, mut real) = (json(&dry), json(&real));
    assert_eq!((dry["dry_run"].take(), dry["written"].take()), (Value::Bool(true), Value::Bool(false)));
    assert_eq!((real["dry_run"].take(), real["written"].take()), (Value::Bool(false), Value::Bool(true)));
    assert_eq!(dry, real);
}

#[test]
fn uncommitted_changes_are_refused_unless_allowed() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir.write("profile/forks/@acme/a/kept.js", "edited, not committed\n");
    let before = state(&dir);
    let run = dir.run(&["merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("uncommitted changes") && run.stderr.contains("profile/forks/@acme/a/kept.js"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--allow-dirty"), "{}", run.stderr);
    assert_eq!(state(&dir), before);
    dir.run(&["merge", "2.0.0", "--from", "new", "--allow-dirty"]).assert_code(1);
    assert_eq!(dir.read("profile/forks/@acme/a/kept.js"), b"edited, not committed\n");
}

/// Runs git in `dir`; its standard output.
fn git(dir: &TestDir, args: &[&str]) -> String {
    let out = Command::new("git").current_dir(dir.path()).args(args).output().expect("git");
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf8")
}

/// The dirty check of `upstream/` compares the files the base reads (a
/// SHA-1 each) and asks git only about those that differ: for every kind of
/// change it must say what `git status` says, including where git calls a
/// differing file unchanged (a line-ending filter, `core.fileMode` off, an
/// ignored file).
#[test]
fn the_dirty_check_of_upstream_agrees_with_git_status_for_every_kind_of_change() {
    const KEPT: &str = "upstream/@acme/a/kept.js";
    let m = matrix();
    type Change = Box<dyn Fn(&TestDir)>;
    let cases: Vec<(&str, bool, Change)> = vec![
        ("nothing", false, Box::new(|_| {})),
        ("edited", true, Box::new(|d| d.write(KEPT, "edited\n"))),
        ("made executable", true, Box::new(|d| crate::util::set_mode(&d.join(KEPT), true))),
        ("deleted", true, Box::new(|d| std::fs::remove_file(d.join(KEPT)).expect("rm"))),
        ("untracked", true, Box::new(|d| d.write("upstream/@acme/a/stray.js", "new\n"))),
        ("untracked outside the packages", true, Box::new(|d| d.write("upstream/NOTES", "new\n"))),
        (
            // More than git is asked about one by one: one status instead.
            "many untracked",
            true,
            Box::new(|d| (0..100).for_each(|i| d.write(&format!("upstream/@acme/a/stray/{i}.js"), "new\n"))),
        ),
        (
            "staged, then put back in the work tree",
            true,
            Box::new(|d| {
                d.write(KEPT, "staged\n");
                git(d, &["add", "upstream"]);
                d.write(KEPT, "old\n");
            }),
        ),
        (
            "ignored",
            false,
            Box::new(|d| {
                d.write(".gitignore", "/tarballs/\n/new/\n/fake-npm/\n/upstream/*.log\n");
                commit_all(d);
                d.write("upstream/debug.log", "noise\n");
            }),
        ),
        ("the same bytes written again", false, Box::new(|d| d.write(KEPT, "old\n"))),
        (
            "CRLF from a line-ending filter",
            false,
            Box::new(|d| {
                d.write(".gitattributes", "/upstream/@acme/a/kept.js text eol=crlf\n");
                commit_all(d);
                // Checked out again by git, through the filter.
                std::fs::remove_file(d.join(KEPT)).expect("rm");
                git(d, &["checkout", "--", KEPT]);
                assert_eq!(d.read(KEPT), b"old\r\n");
            }),
        ),
        (
            "an execute bit with core.fileMode off",
            false,
            Box::new(|d| {
                git(d, &["config", "core.fileMode", "false"]);
                crate::util::set_mode(&d.join(KEPT), true);
            }),
        ),
    ];
    for (what, dirty, change) in cases {
        let dir = project(&m.a1, &m.a_fork);
        publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
        change(&dir);
        let status = git(&dir, &["status", "--porcelain", "--untracked-files=all", "--", "upstream"]);
        if cfg!(unix) {
            assert_eq!(!status.is_empty(), dirty, "{what}: git status says\n{status}");
        }
        let run = dir.run(&["merge", "2.0.0", "--from", "new", "--dry-run"]);
        if status.is_empty() {
            run.assert_code(1);
            continue;
        }
        run.assert_code(2);
        assert!(run.stderr.contains("uncommitted changes"), "{what}: {}", run.stderr);
        // The error names the first ten paths and counts the rest.
        let mut paths: Vec<&str> = status.lines().map(|line| line[3..].trim_matches('"')).collect();
        paths.sort_unstable();
        for path in paths.iter().take(10) {
            assert!(run.stderr.contains(&format!("`{path}`")), "{what}: `{path}` not named in\n{}", run.stderr);
        }
        if paths.len() > 10 {
            let more = format!("and {} more", paths.len() - 10);
            assert!(run.stderr.contains(&more), "{what}: no `{more}` in\n{}", run.stderr);
        }
    }
}

/// From local tarballs the dirty check runs beside the merge, yet a dirty
/// layer is still what a merge reports first: before a missing tarball (a
/// read error), a carried package that differs (a merge error) or
/// conflicts, and nothing is written.
#[test]
fn a_dirty_layer_is_reported_before_whatever_else_goes_wrong() {
    let m = matrix();
    let dirty = |dir: &TestDir| dir.write("profile/forks/@acme/b/index.js", "edited, not committed\n");
    type Setup<'a> = Box<dyn Fn(&TestDir) + 'a>;
    let cases: [(&str, Setup<'_>); 3] = [
        ("a missing tarball", Box::new(|dir| publish_new(dir, &[&m.a2, &b_package("2.0.0")]))),
        (
            "a carried package that differs",
            Box::new(|dir| {
                publish_new(dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
                dir.write("profile/forks/@acme/c/presets.json", "{\"v\": \"mine\"}\n");
                commit_all(dir);
            }),
        ),
        ("conflicts", Box::new(|dir| publish_new(dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]))),
    ];
    for (what, setup) in cases {
        let dir = project(&m.a1, &m.a_fork);
        setup(&dir);
        let clean = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--dry-run"]);
        assert_ne!(json(&clean).get("error").and_then(|e| e.get("code")), Some(&Value::from("dirty")), "{what}");
        assert_ne!(clean.code, 0, "{what}: the layer alone already fails");
        dirty(&dir);
        let before = state(&dir);
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
        run.assert_code(2);
        assert_eq!(json(&run)["error"]["code"], "dirty", "{what}");
        assert_eq!(state(&dir), before, "{what}");
    }
}

/// The base of a merge is the committed upstream, whatever the work tree
/// holds: with `--allow-dirty` an edited (or re-moded) vendored file
/// neither changes the merge nor survives it, and files left as committed
/// give the same result as a clean merge.
#[test]
fn with_allow_dirty_the_base_is_still_the_committed_upstream() {
    let m = matrix();
    let run_on = |edit: bool| {
        let dir = project(&m.a1, &m.a_fork);
        publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
        if edit {
            dir.write("upstream/@acme/a/same-line.js", "a\nEDITED\nc\nd\n");
            dir.write("upstream/@acme/a/upstream-deleted.js", "keep me, edited\n");
            crate::util::set_mode(&dir.join("upstream/@acme/a/min.js"), true);
            dir.write("upstream/@acme/a/stray.js", "not committed\n");
        }
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--allow-dirty"]);
        run.assert_code(1);
        let mut doc = json(&run);
        doc["warnings"].take();
        (doc, state(&dir))
    };
    let (clean, clean_state) = run_on(false);
    let (dirty, dirty_state) = run_on(true);
    assert_eq!(dirty, clean, "the same merge");
    // upstream/ is the new tarballs exactly: every edit is gone, the stray file too.
    assert_eq!(dirty_state, clean_state);
}

#[test]
fn a_failing_fetch_changes_nothing_and_leaves_nothing_behind() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    // `c` is missing from the new upstream.
    publish_new(&dir, &[&m.a2, &b_package("2.0.0")]);
    let before = state(&dir);
    let listing = top_level(&dir);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "package_missing");
    assert_eq!(state(&dir), before);
    assert_eq!(top_level(&dir), listing);
}

#[test]
fn an_integrity_failure_exits_3_and_changes_nothing() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish(&dir, &m.a2, None);
    publish(&dir, &b_package("2.0.0"), Some(&forklayer::npm::sri_sha512(b"tampered")));
    publish(&dir, &c_package("2.0.0"), None);
    let npm = fake_npm(&dir);
    let before = state(&dir);
    let run = dir.run(&["merge", "2.0.0", "--npm", npm.to_str().expect("utf8")]);
    run.assert_code(3);
    assert!(run.stderr.contains("integrity"), "{}", run.stderr);
    assert_eq!(state(&dir), before);
}

#[test]
fn a_modified_carried_package_is_refused() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    dir.write("profile/forks/@acme/c/presets.json", "{\"v\": \"mine\"}\n");
    commit_all(&dir);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let run = dir.run(&["merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert!(run.stderr.contains("carried package `@acme/c`"), "{}", run.stderr);
}

#[test]
fn errors_come_in_the_order_of_the_steps_although_tarballs_are_read_meanwhile() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    // `c` is missing from the new upstream, and the fork layer is dirty:
    // the dirty check comes first.
    publish_new(&dir, &[&m.a2, &b_package("2.0.0")]);
    dir.write("profile/forks/@acme/a/kept.js", "edited, not committed\n");
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "dirty");
    // The committed base is read while the dirty check runs: with no base
    // committed either, the dirty check still speaks first, then the base.
    std::fs::remove_file(dir.join("upstream/VERSION")).expect("rm");
    crate::util::commit_all(&dir);
    dir.write("profile/forks/@acme/a/kept.js", "edited again, not committed\n");
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    assert_eq!(json(&run)["error"]["code"], "dirty", "{}", run.stderr);
    dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--allow-dirty"]).assert_code(2);
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--allow-dirty"]);
    assert_eq!(json(&run)["error"]["code"], "no_base", "{}", run.stderr);
}

#[test]
fn packages_merged_in_parallel_report_the_first_failing_package() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    // `a` is gone from the fork layer and carried `c` is modified: `a`,
    // merged first, is the one reported, every time.
    std::fs::remove_dir_all(dir.path().join("profile/forks/@acme/a")).expect("remove fork");
    dir.write("profile/forks/@acme/c/presets.json", "{\"v\": \"mine\"}\n");
    commit_all(&dir);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let before = state(&dir);
    for _ in 0..5 {
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
        run.assert_code(2);
        assert_eq!(json(&run)["error"]["code"], "fork_missing", "{}", run.stdout);
        assert_eq!(state(&dir), before);
    }
}

#[test]
fn merging_without_a_committed_snapshot_is_a_clear_error() {
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    git2::Repository::init(dir.path()).expect("init");
    dir.write("README.md", "x\n");
    commit_all(&dir);
    publish_new(&dir, &[&NpmPackage::new("a", "2.0.0")]);
    let run = dir.run(&["merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert!(run.stderr.contains("HEAD has no committed snapshot"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn ctrl_c_before_the_write_changes_nothing() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    for p in [&m.a2, &b_package("2.0.0"), &c_package("2.0.0")] {
        publish(&dir, p, None);
    }
    let npm = fake_npm(&dir);
    // A slow npm gives the signal time to arrive mid-fetch.
    let slow = crate::util::slow_npm(&dir, &npm, "0.3");
    let before = state(&dir);
    // Its own process group, signalled as a whole like a terminal's Ctrl-C:
    // npm dies too, and the interruption is what gets reported.
    let (code, stderr) =
        crate::util::ctrl_c_while_npm_runs(&dir, &["merge", "2.0.0", "--npm", slow.to_str().expect("utf8")]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("interrupted; nothing was changed"), "{stderr}");
    assert_eq!(state(&dir), before);
    assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
}

#[test]
fn merge_help_documents_the_exit_codes() {
    let run = TestDir::new().run(&["merge", "--help"]);
    run.assert_code(0);
    for needle in ["--dry-run", "--allow-dirty", "--from", "Exit codes:", "  1  conflicts to resolve", "  3  integrity"]
    {
        assert!(run.stdout.contains(needle), "{needle} missing from:\n{}", run.stdout);
    }
}

#[test]
fn a_target_that_is_a_file_is_refused() {
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    publish_new(&dir, &[&m.a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let before = state(&dir);
    let run = dir.run(&["--json", "--patches", "forklayer.toml", "merge", "2.0.0", "--from", "new", "--allow-dirty"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "unsafe_target");
    assert_eq!(state(&dir), before);
}

/// A package big enough that writing the merge takes a while: `files`
/// source files, each changed upstream in 2.0.0 and the first tenth
/// edited by the fork.
pub(crate) fn big_package(version: &str, files: usize, fork: bool) -> NpmPackage {
    let mut package = NpmPackage::new("a", version).file("package.json", package_json("a", version, "lib/f0.js"));
    for i in 0..files {
        let mut text = lines(30, &format!("f{i}"));
        if version != "1.0.0" {
            text = text.replace("line 30 ", "line 30 upstream ");
        }
        if fork && i % 10 == 0 {
            text = text.replace("line 1 ", "line 1 fork ");
        }
        package = package.file(&format!("lib/d{}/f{i}.js", i % 40), text);
    }
    package
}

/// `kill -9` while the merge writes its result (the moment its journal
/// appears): the next forklayer command rolls the half-written merge back
/// before it reads anything, says so, and a merge run again succeeds.
#[cfg(unix)]
#[test]
fn a_merge_killed_while_writing_is_rolled_back_by_the_next_command() {
    const FILES: usize = 3_000;
    let dir = project(&big_package("1.0.0", FILES, false), &big_package("1.0.0", FILES, true));
    publish_new(&dir, &[&big_package("2.0.0", FILES, false), &b_package("2.0.0"), &c_package("2.0.0")]);
    let before = state(&dir);
    let mut caught = false;
    for _attempt in 0..5 {
        if dir.kill_while_writing(&["merge", "2.0.0", "--from", "new"]).is_none() {
            // Finished (or not started writing) before the signal: undo and retry.
            reset_hard(&dir);
            assert_eq!(state(&dir), before);
            continue;
        }
        caught = true;
        let check = dir.run(&["check"]);
        assert!(check.stderr.contains("rolled back an update that forklayer process"), "{}", check.stderr);
        check.assert_code(0);
        assert_eq!(state(&dir), before, "the killed merge is undone byte for byte");
        assert!(!top_level(&dir).iter().any(|n| n.contains(".forklayer-")), "{:?}", top_level(&dir));
        break;
    }
    assert!(caught, "no run was killed while writing");
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
}

/// Puts the work tree back to HEAD (the test's own undo between attempts).
pub(crate) fn reset_hard(dir: &TestDir) {
    let repo = git2::Repository::open(dir.path()).expect("repo");
    let mut checkout = git2::build::CheckoutBuilder::new();
    checkout.force().remove_untracked(true);
    repo.checkout_head(Some(&mut checkout)).expect("checkout");
}

/// A journal of a forklayer that is still running is not rolled back
/// under its feet: other commands refuse (exit 2) and name the process.
#[cfg(unix)]
#[test]
fn commands_refuse_to_run_while_another_forklayer_is_writing() {
    use std::os::unix::process::CommandExt;
    let m = matrix();
    let dir = project(&m.a1, &m.a_fork);
    let slow = dir.join("fake-npm/slow-npm");
    std::fs::create_dir_all(slow.parent().expect("parent")).expect("mkdir");
    let started = dir.join("fake-npm/started");
    std::fs::write(&slow, format!("#!/bin/sh\ntouch '{}'\nsleep 30\n", started.display())).expect("write");
    crate::util::set_mode(&slow, true);
    let mut running = Command::new(env!("CARGO_BIN_EXE_forklayer"))
        .args(["merge", "2.0.0", "--npm"])
        .arg(&slow)
        .current_dir(dir.path())
        .process_group(0)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    // Written once the merge is past its own start-up (it waits for npm
    // now), as a running merge's journal would be.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !started.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(started.exists(), "the merge never reached npm");
    let journal = format!(".forklayer-journal-{}.tar", running.id());
    dir.write(&journal, "what a running merge is writing");
    let check = dir.run(&["check"]);
    let check_json = dir.run(&["--json", "check"]);
    // The merge and its npm (a sleep) go together.
    Command::new("kill").args(["-KILL", "--", &format!("-{}", running.id())]).status().expect("kill");
    running.wait().expect("wait");
    check.assert_code(2);
    assert!(check.stderr.contains(&format!("another forklayer process (pid {})", running.id())), "{}", check.stderr);
    check_json.assert_code(2);
    assert_eq!(json(&check_json)["error"]["code"], "busy", "{}", check_json.stdout);
    assert_eq!(dir.read(&journal), b"what a running merge is writing");
}
