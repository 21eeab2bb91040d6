//! What the guided workflow must never do to a maintainer: `merge --abort`
//! deleting files they created meanwhile, Ctrl-C killing `--continue` or
//! `--abort` halfway through their write, `status` promising a
//! `--continue` that will refuse, and `check` passing with pins that are
//! not at the baseline.

use serde_json::Value;

use crate::guided::{baseline, conflict_project, pinned_project, resolve};
use crate::merge::{
    at_version, b_package, big_package, c_package, json, lines, package_json, project, publish_new, state, top_level,
};
#[cfg(unix)]
use crate::util::{ctrl_c, spawn_in_own_group};
use crate::util::{NpmPackage, TestDir};

const A: &str = "profile/forks/@acme/a";

/// [`conflict_project`] where upstream 2.0.0 also drops `old.js`, a file
/// the fork left alone: the merge deletes it from the fork layer.
fn conflict_project_with_a_deletion() -> TestDir {
    let png: &[u8] = &[0x89, b'P', b'N', b'G', 0, 1, 2, 3];
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "index.js"))
        .file("x.js", lines(12, "base"))
        .file("old.js", "old\n")
        .file("logo.png", png)
        .file("index.js", lines(20, "index"));
    let a_fork = a1
        .clone()
        .file("x.js", lines(12, "base").replace("line 6 base", "line 6 fork"))
        .file("logo.png", [png, b"fork"].concat());
    let dir = project(&a1, &a_fork);
    let a2 = at_version(&a1, "2.0.0")
        .without("old.js")
        .file("package.json", package_json("a", "2.0.0", "index.js"))
        .file("x.js", lines(12, "base").replace("line 6 base", "line 6 upstream"))
        .file("logo.png", [png, b"upstream"].concat());
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir
}

/// Files the user creates during the merge, none committed nor the merge's.
const MINE: [(&str, &str); 4] = [
    ("profile/forks/@acme/a/NOTES.md", "my notes on the upgrade\n"),
    ("profile/forks/scratch/try.js", "an experiment\n"),
    ("patches/upgrade-plan.txt", "plan\n"),
    ("upstream/diff-of-interest.txt", "kept for later\n"),
];

fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("array").iter().map(|v| v.as_str().expect("string").to_string()).collect()
}

#[test]
fn abort_keeps_the_files_the_user_created_and_names_every_edit_it_discards() {
    let dir = conflict_project_with_a_deletion();
    let before = state(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    assert!(!dir.exists(&format!("{A}/old.js")), "the merge deleted it");
    for (path, text) in MINE {
        dir.write(path, text);
    }
    // Edits to files the merge wrote, and one it deleted, re-created.
    dir.write(&format!("{A}/x.js"), "half resolved\n");
    dir.write(&format!("{A}/logo.png.ours"), "edited copy\n");
    dir.write(&format!("{A}/old.js"), "brought back by hand\n");
    // A committed file the merge did not touch, edited meanwhile.
    dir.write("profile/forks/@acme/b/index.js", "edited during the merge\n");

    let run = dir.run(&["--json", "merge", "--abort"]);
    run.assert_code(0);
    let doc = json(&run);
    let mut mine: Vec<&str> = MINE.iter().map(|(p, _)| *p).collect();
    mine.sort();
    assert_eq!(strings(&doc["kept"]), mine, "{doc}");
    for (path, text) in MINE {
        assert_eq!(dir.read(path), text.as_bytes(), "{path} survives the abort");
    }
    let discarded: Vec<(String, String)> = doc["discarded"]
        .as_array()
        .expect("discarded")
        .iter()
        .map(|d| (d["path"].as_str().expect("path").to_string(), d["why"].as_str().expect("why").to_string()))
        .collect();
    let why = |path: &str| discarded.iter().find(|(p, _)| p == path).map(|(_, w)| w.as_str()).unwrap_or("");
    assert_eq!(discarded.len(), 4, "{discarded:?}");
    assert!(why(&format!("{A}/x.js")).contains("edited since the merge wrote it; put back as committed"));
    assert!(why(&format!("{A}/logo.png.ours")).contains("removed, as it is not committed"));
    assert!(why(&format!("{A}/old.js")).contains("re-created since the merge deleted it"));
    assert!(why("profile/forks/@acme/b/index.js").contains("put back as committed"));
    assert!(run.stderr.contains("discarded the edits made since the merge to 4 file(s)"), "{}", run.stderr);

    // Everything else is exactly as committed.
    for (path, _) in MINE {
        std::fs::remove_file(dir.join(path)).expect("rm");
    }
    std::fs::remove_dir(dir.join("profile/forks/scratch")).expect("rmdir");
    assert_eq!(state(&dir), before);
    assert!(!dir.exists(".forklayer-merge"));
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn abort_lists_what_it_kept_and_discarded_in_its_text_report() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write(&format!("{A}/NOTES.md"), "mine\n");
    dir.write(&format!("{A}/x.js"), "half resolved\n");
    let run = dir.run(&["merge", "--abort"]);
    run.assert_code(0);
    assert!(
        run.stdout.contains(&format!("kept       {A}/NOTES.md (not committed, not written by the merge)")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(&format!("discarded  {A}/x.js (edited since the merge wrote it; put back as committed)")),
        "{}",
        run.stdout
    );
    assert_eq!(dir.read(&format!("{A}/NOTES.md")), b"mine\n");
}

#[test]
fn abort_refuses_a_kept_file_in_the_way_of_a_committed_one_and_changes_nothing() {
    let dir = conflict_project_with_a_deletion();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    // Where the merge deleted the file `old.js`, the user made a directory.
    dir.write(&format!("{A}/old.js/notes.txt"), "mine\n");
    let before = (state(&dir), dir.read(".forklayer-merge/state.json"));
    let run = dir.run(&["--json", "merge", "--abort"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "kept_clash", "{}", run.stdout);
    assert!(run.stdout.contains("old.js/notes.txt"), "{}", run.stdout);
    assert_eq!((state(&dir), dir.read(".forklayer-merge/state.json")), before, "nothing changed");
    std::fs::remove_dir_all(dir.join(&format!("{A}/old.js"))).expect("rm");
    dir.run(&["merge", "--abort"]).assert_code(0);
}

/// A merge onto 2.0.0 of a package of `files` source files that stops with
/// one text conflict (`x.js`): `--continue` and `--abort` have work to do.
fn big_conflict_project(files: usize) -> TestDir {
    let x = |tag: &str| lines(12, "base").replace("line 6 base", tag);
    let a1 = big_package("1.0.0", files, false).file("x.js", lines(12, "base"));
    let fork = big_package("1.0.0", files, true).file("x.js", x("line 6 fork"));
    let dir = project(&a1, &fork);
    let a2 = big_package("2.0.0", files, false).file("x.js", x("line 6 upstream"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir
}

/// Runs `forklayer <args>` in its own process group and sends the group
/// SIGINT (a terminal's Ctrl-C) once its journaled update has started (its
/// journal exists, or the merge state is already gone). Returns exit code
/// and stderr.
#[cfg(unix)]
fn interrupt_while_writing(dir: &TestDir, args: &[&str]) -> (Option<i32>, String) {
    let mut child = spawn_in_own_group(dir, args);
    let journal = dir.join(&format!(".forklayer-journal-{}.tar", child.id()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !journal.exists() && dir.exists(".forklayer-merge") && std::time::Instant::now() < deadline {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
    }
    ctrl_c(&child);
    let out = child.wait_with_output().expect("wait");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[cfg(unix)]
#[test]
fn ctrl_c_once_continue_or_abort_writes_does_not_stop_them_halfway() {
    let dir = big_conflict_project(2_000);
    dir.write("profile/forks/@acme/a/x.js", lines(12, "base").replace("line 6 base", "line 6 both"));
    let (code, stderr) = interrupt_while_writing(&dir, &["merge", "--continue"]);
    assert_eq!(code, Some(0), "finished despite Ctrl-C:\n{stderr}");
    assert!(!dir.exists(".forklayer-merge"));
    assert_eq!(baseline(&dir), "baseline = \"2.0.0\"");
    assert!(!top_level(&dir).iter().any(|n| n.starts_with(".forklayer-journal")), "{:?}", top_level(&dir));
    dir.run(&["check"]).assert_code(0);

    let dir = big_conflict_project(2_000);
    let (code, stderr) = interrupt_while_writing(&dir, &["merge", "--abort"]);
    assert_eq!(code, Some(0), "finished despite Ctrl-C:\n{stderr}");
    assert!(!dir.exists(".forklayer-merge"));
    assert_eq!(baseline(&dir), "baseline = \"1.0.0\"");
    assert!(!top_level(&dir).iter().any(|n| n.starts_with(".forklayer-journal")), "{:?}", top_level(&dir));
    dir.run(&["check"]).assert_code(0);
}

/// Ctrl-C while `--continue` or `--abort` still reads and plans: they stop
/// before writing, say so, and the merge is still in progress. (A signal
/// that arrives once they write is held, as above.)
#[cfg(unix)]
#[test]
fn ctrl_c_before_continue_or_abort_writes_changes_nothing() {
    let dir = big_conflict_project(3_000);
    dir.write("profile/forks/@acme/a/x.js", lines(12, "base").replace("line 6 base", "line 6 both"));
    let before = (state(&dir), dir.read(".forklayer-merge/state.json"));
    for args in [["merge", "--continue"], ["merge", "--abort"]] {
        let (code, stderr) = crate::util::ctrl_c_after(&dir, &args, std::time::Duration::from_millis(50));
        match code {
            Some(2) => {
                assert!(stderr.contains("interrupted; nothing was changed"), "{args:?}: {stderr}");
                assert_eq!((state(&dir), dir.read(".forklayer-merge/state.json")), before, "{args:?}");
            }
            // Already writing when the signal came: it finished.
            Some(0) => {
                assert!(!dir.exists(".forklayer-merge"), "{args:?}");
                return;
            }
            other => panic!("{args:?}: killed or failed ({other:?}): {stderr}"),
        }
        assert!(!top_level(&dir).iter().any(|n| n.starts_with(".forklayer-journal")), "{:?}", top_level(&dir));
    }
}

#[test]
fn status_says_when_continue_would_refuse_an_upstream_edited_since_the_merge() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write("upstream/@acme/a/index.js", "edited by hand\n");
    // Conflicts left: both are reported.
    let doc = json(&dir.run(&["--json", "status"]));
    assert_eq!(doc["merge"]["blocked"]["code"], "upstream_moved", "{doc}");
    assert_eq!(doc["merge"]["ready"], false);
    resolve(&dir);
    let run = dir.run(&["--json", "status"]);
    run.assert_code(1);
    let doc = json(&run);
    assert_eq!(doc["merge"]["left"], 0);
    assert_eq!(doc["merge"]["ready"], false, "{doc}");
    let blocked = &doc["merge"]["blocked"];
    assert_eq!(blocked["code"], "upstream_moved");
    assert!(blocked["message"].as_str().is_some_and(|m| m.contains("@acme/a/index.js")), "{blocked}");
    assert!(blocked["help"].as_str().is_some_and(|h| h.contains("forklayer snapshot 2.0.0")), "{blocked}");
    let text = dir.run(&["status"]);
    assert!(!text.stdout.contains("all conflicts resolved"), "{}", text.stdout);
    assert!(
        text.stdout.contains("`forklayer merge --continue` would refuse: `upstream/` is no longer"),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("forklayer merge --abort"), "{}", text.stdout);
    dir.run(&["merge", "--continue"]).assert_code(2);
    // Vendored again, status and `--continue` agree that it can go on.
    dir.write("upstream/@acme/a/index.js", lines(20, "index"));
    let doc = json(&dir.run(&["--json", "status"]));
    assert_eq!((doc["merge"]["ready"].clone(), doc["merge"]["blocked"].clone()), (Value::Bool(true), Value::Null));
    assert!(dir.run(&["status"]).stdout.contains("all conflicts resolved: run `forklayer merge --continue`"));
    dir.run(&["merge", "--continue"]).assert_code(0);
}

#[test]
fn status_names_every_other_reason_continue_would_refuse() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    // A marker of this merge left in a file that had no conflict.
    let index = dir.read(&format!("{A}/index.js"));
    dir.write(&format!("{A}/index.js"), [&index[..], b"<<<<<<< fork@1.0.0\n"].concat());
    let run = dir.run(&["--json", "status"]);
    let doc = json(&run);
    assert_eq!((doc["merge"]["left"].as_u64(), doc["merge"]["ready"].as_bool()), (Some(0), Some(false)), "{doc}");
    assert!(!dir.run(&["status"]).stdout.contains("all conflicts resolved"));
    dir.run(&["merge", "--continue"]).assert_code(2);
    dir.write(&format!("{A}/index.js"), &index);
    // A forked package gone from the fork layer.
    std::fs::remove_dir_all(dir.join("profile/forks/@acme/b")).expect("rm");
    let doc = json(&dir.run(&["--json", "status"]));
    assert_eq!(doc["merge"]["blocked"]["code"], "fork_missing", "{doc}");
    let refused = dir.run(&["--json", "merge", "--continue"]);
    refused.assert_code(2);
    assert_eq!(json(&refused)["error"]["code"], "fork_missing");
}

#[test]
fn check_reports_a_pin_that_is_not_the_baseline() {
    let dir = pinned_project("1.0.0");
    dir.run(&["check"]).assert_code(0);
    dir.write("host/package.json", "{\n  \"dependencies\": {\n    \"@acme/a\": \"0.9.0\"\n  }\n}\n");
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(
        run.stdout.contains(
            "pins: `host/package.json`: pin `dependencies.\"@acme/a\"` is `0.9.0`, which does not hold the baseline `1.0.0`"
        ),
        "{}",
        run.stdout
    );
    let doc = json(&dir.run(&["--json", "check"]));
    assert_eq!(
        doc["pins"],
        serde_json::json!([{
            "file": "host/package.json",
            "key": "dependencies.\"@acme/a\"",
            "found": "0.9.0",
            "baseline": "1.0.0",
            "problem": doc["pins"][0]["problem"],
        }]),
        "{doc}"
    );
    // A key with no string value, and a pinned file that is gone.
    dir.write("host/package.json", "{\"dependencies\": {}}\n");
    std::fs::remove_file(dir.join("profile/workspace.yaml")).expect("rm");
    let run = dir.run(&["--json", "check"]);
    run.assert_code(2);
    let pins = json(&run)["pins"].clone();
    assert_eq!(pins.as_array().map(Vec::len), Some(2), "{pins}");
    assert!(pins[0]["problem"].as_str().is_some_and(|p| p.contains("has no string value")), "{pins}");
    assert_eq!(pins[1]["file"], "profile/workspace.yaml");
    assert!(pins[1]["problem"].as_str().is_some_and(|p| p.contains("cannot be read")), "{pins}");
    // `status` names them as drift.
    let doc = json(&dir.run(&["--json", "status"]));
    assert_eq!(doc["state"], "drift");
}

#[test]
fn continue_keeps_an_untracked_file_named_like_a_manifest_and_names_the_manifests_it_removes() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    dir.write("patches/notes.json", "{\"mine\": true}\n");
    // `b` resolved back to upstream: its committed manifest goes.
    dir.write("profile/forks/@acme/b/index.js", lines(20, "b"));
    let run = dir.run(&["--json", "merge", "--continue"]);
    // The round trip lists the file the layer does not generate.
    run.assert_code(1);
    let doc = json(&run);
    assert_eq!(strings(&doc["kept"]), ["patches/notes.json"], "{doc}");
    assert_eq!(strings(&doc["removed"]), ["patches/b.diff", "patches/b.json"], "{doc}");
    assert!(doc["check"]["problems"].to_string().contains("notes.json"), "{doc}");
    assert_eq!(dir.read("patches/notes.json"), b"{\"mine\": true}\n");
    assert!(!dir.exists("patches/b.json") && !dir.exists(".forklayer-merge"));
}

#[test]
fn abort_after_allow_dirty_puts_back_the_uncommitted_changes_the_merge_ran_over() {
    let dir = conflict_project_with_a_deletion();
    // Uncommitted before the merge: an edit to a file the merge will
    // rewrite (the conflicted `x.js`), an edit to one it leaves alone, a
    // committed file removed, an untracked file, an edited upstream file,
    // an edited manifest and a comment added to the declaration.
    dir.write(&format!("{A}/x.js"), lines(12, "base").replace("line 6 base", "line 6 fork, more"));
    dir.write("profile/forks/@acme/b/index.js", "work in progress\n");
    std::fs::remove_file(dir.join(&format!("{A}/logo.png"))).expect("rm");
    dir.write(&format!("{A}/TODO.md"), "untracked, from before the merge\n");
    dir.write("upstream/@acme/b/index.js", "a local experiment on upstream\n");
    let manifest = std::fs::read_dir(dir.join("patches"))
        .expect("patches")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .find(|name| name.ends_with(".json"))
        .expect("a manifest");
    let mut edited = dir.read(&format!("patches/{manifest}"));
    edited.extend_from_slice(b" ");
    dir.write(&format!("patches/{manifest}"), edited);
    let mut declaration = dir.read("forklayer.toml");
    declaration.extend_from_slice(b"# a note not committed yet\n");
    dir.write("forklayer.toml", declaration);
    let before = state(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(2);
    dir.run(&["merge", "2.0.0", "--from", "new", "--allow-dirty"]).assert_code(1);
    assert_ne!(state(&dir), before, "the merge wrote its result");

    let run = dir.run(&["--json", "merge", "--abort"]);
    run.assert_code(0);
    let doc = json(&run);
    // Nothing was edited since the merge: nothing is discarded, and every
    // uncommitted change is back, byte for byte and mode for mode.
    assert_eq!(doc["discarded"], Value::Array(Vec::new()), "{doc}");
    assert_eq!(state(&dir), before);
    assert!(!dir.exists(".forklayer-merge"));

    // Edited again during a second merge: the abort says it puts back the
    // state from before the merge, not the committed one.
    dir.run(&["merge", "2.0.0", "--from", "new", "--allow-dirty"]).assert_code(1);
    dir.write("profile/forks/@acme/b/index.js", "edited during the merge\n");
    let run = dir.run(&["merge", "--abort"]);
    run.assert_code(0);
    assert!(
        run.stdout.contains(
            "discarded  profile/forks/@acme/b/index.js (edited since the merge started; put back as it was before the merge)"
        ),
        "{}",
        run.stdout
    );
    assert_eq!(state(&dir), before);
}
