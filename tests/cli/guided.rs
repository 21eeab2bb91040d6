//! The guided conflict workflow: `merge --continue`, `merge --abort`,
//! `status`, the conflict memory and the declared pins of the baseline.

use serde_json::Value;

use crate::merge::{
    at_version, b_package, c_package, json, lines, package_json, project, publish_new, reset_hard, state,
};
use crate::util::{commit_all, NpmPackage, TestDir};

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0, 1, 2, 3];

/// A committed project whose merge onto 2.0.0 conflicts in `a/x.js`
/// (text, line 6 edited on both sides) and `a/logo.png` (binary).
pub(crate) fn conflict_project() -> TestDir {
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "index.js"))
        .file("x.js", lines(12, "base"))
        .file("logo.png", PNG)
        .file("index.js", lines(20, "index"));
    let a_fork = a1
        .clone()
        .file("x.js", lines(12, "base").replace("line 6 base", "line 6 fork"))
        .file("logo.png", [PNG, b"fork"].concat())
        .file("index.js", lines(20, "index").replace("line 2 index", "line 2 index (fork)"));
    let dir = project(&a1, &a_fork);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "index.js"))
        .file("x.js", lines(12, "base").replace("line 6 base", "line 6 upstream"))
        .file("logo.png", [PNG, b"upstream"].concat());
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir
}

pub(crate) const RESOLVED_X: &str = "line 6 fork and upstream";

/// Resolves both conflicts the way a person would.
pub(crate) fn resolve(dir: &TestDir) {
    let x = lines(12, "base").replace("line 6 base", RESOLVED_X);
    dir.write("profile/forks/@acme/a/x.js", x);
    std::fs::remove_file(dir.join("profile/forks/@acme/a/logo.png.ours")).expect("rm ours");
    std::fs::rename(dir.join("profile/forks/@acme/a/logo.png.theirs"), dir.join("profile/forks/@acme/a/logo.png"))
        .expect("take theirs");
}

fn status(dir: &TestDir) -> (i32, Value) {
    let run = dir.run(&["--json", "status"]);
    (run.code, json(&run))
}

pub(crate) fn baseline(dir: &TestDir) -> String {
    let text = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    let line = text.lines().find(|l| l.starts_with("baseline")).expect("baseline line");
    line.to_string()
}

#[test]
fn continue_refuses_while_markers_or_copies_remain_then_finishes_the_merge_in_one_step() {
    let dir = conflict_project();
    assert_eq!(
        status(&dir),
        (0, serde_json::json!({"schema": "forklayer.status/1", "ok": true, "state": "clean", "outputs": []}))
    );
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    assert!(dir.exists(".forklayer-merge/state.json"));

    let (code, doc) = status(&dir);
    assert_eq!(code, 1);
    assert_eq!(doc["state"], "merge");
    assert_eq!(doc["merge"]["left"], 2);
    assert_eq!(doc["merge"]["to"], "2.0.0");

    let refused = dir.run(&["merge", "--continue"]);
    refused.assert_code(2);
    for expected in ["`@acme/a/x.js:6` (<<<<<<< fork@1.0.0)", "`@acme/a/logo.png.ours` (conflict copy)"] {
        assert!(refused.stderr.contains(expected), "{expected} in:\n{}", refused.stderr);
    }
    assert!(refused.stderr.contains("help:"), "{}", refused.stderr);
    assert!(baseline(&dir).contains("1.0.0"), "nothing moved while refused");

    resolve(&dir);
    let (_, doc) = status(&dir);
    assert_eq!(doc["merge"]["left"], 0);
    let run = dir.run(&["--json", "merge", "--continue"]);
    run.assert_code(0);
    let doc = json(&run);
    assert_eq!(doc["baseline"]["to"], "2.0.0");
    assert_eq!(doc["check"]["clean"], true);
    assert_eq!(doc["recorded"].as_array().map(Vec::len), Some(2));
    assert_eq!(baseline(&dir), "baseline = \"2.0.0\"");
    assert!(!dir.exists(".forklayer-merge"), "the merge state is gone");
    let manifest = String::from_utf8(dir.read("patches/a.diff")).expect("utf8");
    assert!(manifest.contains(&format!("+{RESOLVED_X}")), "the manifests carry the resolution:\n{manifest}");
    dir.run(&["check"]).assert_code(0);
    assert_eq!(status(&dir).0, 0);
    dir.run(&["merge", "--continue"]).assert_code(2);
}

/// A merge onto 2.0.0 that leaves 18 things to resolve: four marker lines
/// in each of four text files and the two copies of a binary conflict.
fn many_conflicts_project() -> TestDir {
    let files = ["f0.js", "f1.js", "f2.js", "f3.js"];
    let with = |package: NpmPackage, tag: &str| {
        files.iter().fold(package, |p, f| p.file(f, lines(12, "base").replace("line 6 base", tag)))
    };
    let a1 = with(NpmPackage::new("a", "1.0.0"), "line 6 base")
        .file("package.json", package_json("a", "1.0.0", "f0.js"))
        .file("logo.png", PNG);
    let fork = with(a1.clone(), "line 6 fork").file("logo.png", [PNG, b"fork"].concat());
    let dir = project(&a1, &fork);
    let a2 = with(at_version(&a1, "2.0.0"), "line 6 upstream")
        .file("package.json", package_json("a", "2.0.0", "f0.js"))
        .file("logo.png", [PNG, b"upstream"].concat());
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir
}

#[test]
fn continue_names_every_marker_and_copy_left_however_many_there_are() {
    let dir = many_conflicts_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    let (_, doc) = status(&dir);
    let left = doc["merge"]["unresolved"].as_array().expect("unresolved").clone();
    assert_eq!(left.len(), 18, "{doc}");
    let refused = dir.run(&["merge", "--continue"]);
    refused.assert_code(2);
    for item in &left {
        let path = item["path"].as_str().expect("path");
        let expected = match item["line"].as_u64() {
            Some(line) => format!("`{path}:{line}` ({})", item["what"].as_str().expect("what")),
            None => format!("`{path}` (conflict copy)"),
        };
        assert!(refused.stderr.contains(&expected), "{expected} in:\n{}", refused.stderr);
    }
    assert!(!refused.stderr.contains("more"), "nothing is left out:\n{}", refused.stderr);
}

#[test]
fn abort_puts_the_three_directories_and_the_declaration_back_as_committed() {
    let dir = conflict_project();
    let before = state(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    assert_ne!(state(&dir), before);
    let again = dir.run(&["merge", "2.0.0", "--from", "new"]);
    again.assert_code(2);
    assert!(again.stderr.contains("a merge onto `2.0.0` is in progress"), "{}", again.stderr);
    assert!(again.stderr.contains("--abort"), "{}", again.stderr);
    dir.run(&["merge", "--abort"]).assert_code(0);
    assert_eq!(state(&dir), before, "byte for byte as before the merge");
    assert!(!dir.exists(".forklayer-merge"));
    assert_eq!(status(&dir).0, 0);
    let none = dir.run(&["merge", "--abort"]);
    none.assert_code(2);
    assert!(none.stderr.contains("no merge is in progress"), "{}", none.stderr);
    // `--continue` and a version do not go together.
    dir.run(&["merge", "2.0.0", "--continue"]).assert_code(2);
}

#[test]
fn abort_after_committing_the_half_merged_layer_still_puts_back_the_layer_from_before_the_merge() {
    let dir = conflict_project();
    let before = state(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    // `git add -A && git commit` in the middle of the merge: HEAD now holds
    // the markers and copies.
    commit_all(&dir);
    dir.run(&["merge", "--abort"]).assert_code(0);
    assert!(state(&dir) == before, "the layer as the merge found it, not as committed since");
    assert!(!dir.exists(".forklayer-merge"));
}

#[test]
fn status_names_drift_and_a_journal_to_roll_back_without_touching_them() {
    let dir = conflict_project();
    dir.write("profile/forks/@acme/b/index.js", "edited by hand\n");
    let (code, doc) = status(&dir);
    assert_eq!((code, doc["state"].as_str()), (1, Some("drift")));
    assert!(!doc["problems"].as_array().expect("problems").is_empty());
    let text = dir.run(&["status"]);
    assert!(text.stdout.starts_with("drift: "), "{}", text.stdout);
    dir.write(".forklayer-journal-999999.tar", "left by a killed run");
    let (code, doc) = status(&dir);
    assert_eq!((code, doc["state"].as_str()), (1, Some("journal")));
    assert_eq!(doc["journals"], serde_json::json!([".forklayer-journal-999999.tar"]));
    assert!(dir.exists(".forklayer-journal-999999.tar"), "status only reports");
}

pub(crate) fn head(dir: &TestDir) -> git2::Oid {
    let repo = git2::Repository::open(dir.path()).expect("repo");
    let oid = repo.head().expect("head").target().expect("oid");
    oid
}

pub(crate) fn reset_to(dir: &TestDir, oid: git2::Oid) {
    let repo = git2::Repository::open(dir.path()).expect("repo");
    let commit = repo.find_commit(oid).expect("commit");
    repo.reset(commit.as_object(), git2::ResetType::Hard, None).expect("reset");
    reset_hard(dir);
}

/// The layer after an upgrade: fork layer, manifests, declaration.
fn upgraded(dir: &TestDir) -> Vec<(String, Vec<u8>, bool)> {
    let mut all = dir.snapshot_dir("profile/forks");
    all.extend(dir.snapshot_dir("patches"));
    all.push(("forklayer.toml".into(), dir.read("forklayer.toml"), false));
    all
}

#[test]
fn a_resolved_upgrade_replays_from_the_conflict_memory_twice() {
    let dir = conflict_project();
    let original = head(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    dir.run(&["merge", "--continue"]).assert_code(0);
    let resolved = upgraded(&dir);
    let records: Vec<(String, Vec<u8>, bool)> = dir.snapshot_dir("patches/resolutions");
    assert_eq!(records.len(), 2);
    let record: Value =
        serde_json::from_slice(&records.iter().find(|r| r.1.starts_with(b"{")).expect("r").1).expect("record is JSON");
    assert_eq!(record["schema"], "forklayer.resolution/1");

    // Another branch of the same project, without the upgrade but with the
    // committed resolutions.
    reset_to(&dir, original);
    for (path, bytes, _) in &records {
        dir.write(&format!("patches/resolutions/{path}"), bytes);
    }
    commit_all(&dir);
    let with_memory = head(&dir);
    for attempt in 0..2 {
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
        run.assert_code(0);
        let doc = json(&run);
        let files = doc["files"].as_array().expect("files");
        let recalled: Vec<&str> =
            files.iter().filter(|f| f["outcome"] == "resolved").filter_map(|f| f["path"].as_str()).collect();
        assert_eq!(recalled, ["logo.png", "x.js"], "attempt {attempt}");
        assert!(files.iter().all(|f| f["outcome"] != "conflict"));
        let resolution = files.iter().find(|f| f["path"] == "x.js").expect("x.js")["resolution"].clone();
        assert!(resolution.as_str().is_some_and(|r| r.starts_with("patches/resolutions/")), "{resolution}");
        assert!(run.stderr.contains("2 conflict(s) resolved as recorded"), "{}", run.stderr);
        assert_eq!(upgraded(&dir), resolved, "attempt {attempt}: the same upgrade, byte for byte");
        dir.run(&["check"]).assert_code(0);
        reset_to(&dir, with_memory);
    }
}

#[test]
fn one_conflict_resolved_two_ways_is_not_recorded_so_a_replay_asks_again() {
    // `a/one.js` and `a/two.js` are the same file in all three versions:
    // the same conflict (the same three inputs) at two paths.
    let same = |package: NpmPackage, tag: &str| {
        let text = lines(12, "base").replace("line 6 base", tag);
        package.file("one.js", text.clone()).file("two.js", text)
    };
    let a1 =
        same(NpmPackage::new("a", "1.0.0"), "line 6 base").file("package.json", package_json("a", "1.0.0", "one.js"));
    let dir = project(&a1, &same(a1.clone(), "line 6 fork"));
    let a2 =
        same(at_version(&a1, "2.0.0"), "line 6 upstream").file("package.json", package_json("a", "2.0.0", "one.js"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    let original = head(&dir);

    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    let one = lines(12, "base").replace("line 6 base", "line 6 as one.js wants it");
    let two = lines(12, "base").replace("line 6 base", "line 6 as two.js wants it");
    dir.write("profile/forks/@acme/a/one.js", &one);
    dir.write("profile/forks/@acme/a/two.js", &two);
    let run = dir.run(&["--json", "merge", "--continue"]);
    run.assert_code(0);
    let doc = json(&run);
    assert_eq!(doc["unrecorded"], serde_json::json!(["@acme/a/one.js", "@acme/a/two.js"]));
    assert!(run.stderr.contains("resolved differently"), "{}", run.stderr);
    let records = if dir.exists("patches/resolutions") { dir.snapshot_dir("patches/resolutions") } else { vec![] };
    assert_eq!(records, vec![]);

    // Replayed on a branch with whatever was recorded, the merge asks again
    // rather than giving one.js what two.js was resolved to.
    reset_to(&dir, original);
    for (path, bytes, _) in &records {
        dir.write(&format!("patches/resolutions/{path}"), bytes);
    }
    commit_all(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    for file in ["one.js", "two.js"] {
        let text = String::from_utf8(dir.read(&format!("profile/forks/@acme/a/{file}"))).expect("utf8");
        assert!(text.contains("<<<<<<< fork@1.0.0"), "{file}:\n{text}");
    }
}

/// The clean merge project with two pinned files declared.
pub(crate) fn pinned_project(host_pin: &str) -> TestDir {
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "index.js"))
        .file("index.js", lines(20, "a"));
    let a_fork = a1.clone().file("index.js", lines(20, "a").replace("line 2 a", "line 2 a (fork)"));
    let dir = project(&a1, &a_fork);
    dir.write(
        "host/package.json",
        format!("{{\n  \"dependencies\": {{\n    \"@acme/a\":  \"{host_pin}\",\n    \"other\": \"1.0.0\"\n  }}\n}}\n"),
    );
    dir.write(
        "profile/workspace.yaml",
        "# pinned with 1.0.0\noverrides:\n  '@acme/a': 1.0.0  # keep\n  other: 1.0.0\n",
    );
    let mut toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    toml.push_str("\n[[pins]]\nfile = \"host/package.json\"\nkeys = ['dependencies.\"@acme/a\"']\n");
    toml.push_str("\n[[pins]]\nfile = \"profile/workspace.yaml\"\nkeys = ['overrides.\"@acme/a\"']\n");
    dir.write("forklayer.toml", toml);
    commit_all(&dir);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "index.js"))
        .file("index.js", lines(20, "a").replace("line 18 a", "line 18 a v2"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir
}

#[test]
fn a_clean_merge_moves_every_declared_pin_keeping_every_other_byte() {
    let dir = pinned_project("1.0.0");
    let host = String::from_utf8(dir.read("host/package.json")).expect("utf8");
    let yaml = String::from_utf8(dir.read("profile/workspace.yaml")).expect("utf8");
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(0);
    assert_eq!(json(&run)["pins"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        String::from_utf8(dir.read("host/package.json")).expect("utf8"),
        host.replace("\"@acme/a\":  \"1.0.0\"", "\"@acme/a\":  \"2.0.0\"")
    );
    assert_eq!(
        String::from_utf8(dir.read("profile/workspace.yaml")).expect("utf8"),
        yaml.replace("'@acme/a': 1.0.0", "'@acme/a': 2.0.0")
    );
}

#[test]
fn a_pin_that_cannot_be_moved_stops_the_merge_before_anything_is_written() {
    let dir = pinned_project("^0.9.0");
    let before = state(&dir);
    let host = dir.read("host/package.json");
    let run = dir.run(&["merge", "2.0.0", "--from", "new"]);
    run.assert_code(2);
    assert!(run.stderr.contains("cannot move pin `dependencies.\"@acme/a\"` of `host/package.json`"), "{}", run.stderr);
    assert!(run.stderr.contains("help:"), "{}", run.stderr);
    assert_eq!(state(&dir), before);
    assert_eq!(dir.read("host/package.json"), host);
}

/// While a merge waits, `upstream/` is the new version and the fork layer
/// half merged: the other commands say so before what they find, and how
/// to leave that state; once the merge is undone they no longer do.
#[test]
fn commands_run_during_a_merge_say_that_one_is_in_progress() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    let warned = |args: &[&str]| {
        let run = dir.run(args);
        let first = run.stderr.lines().next().unwrap_or_default().to_string();
        assert!(first.starts_with("warning: a merge onto `2.0.0` is in progress"), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("merge --continue") && run.stderr.contains("merge --abort"), "{}", run.stderr);
    };
    warned(&["check"]);
    warned(&["rebuild", "--out", "out"]);
    warned(&["gen-patches"]);
    dir.run(&["merge", "--abort"]).assert_code(0);
    let run = dir.run(&["check"]);
    run.assert_code(0);
    assert!(!run.stderr.contains("in progress"), "{}", run.stderr);
}
