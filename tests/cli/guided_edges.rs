//! The guided conflict workflow where a maintainer's upgrade goes off the
//! happy path: inputs edited between `merge` and `--continue`, a declaration
//! edited during the merge, tampered conflict memory, pins that are easy to
//! move wrongly, and resolved files that legitimately look like markers.

use serde_json::Value;

use crate::guided::{baseline, conflict_project, head, pinned_project, reset_to, resolve};
use crate::merge::{at_version, b_package, c_package, json, lines, package_json, publish_new, state};
use crate::util::{commit_all, snapshot_from_tarballs, NpmPackage, TestDir};

/// Every file as `state` lists it: path, bytes, executable bit.
type Files = Vec<(String, Vec<u8>, bool)>;

/// One way to tamper with a record of the conflict memory.
type Tamper<'a> = (&'a str, Box<dyn Fn(&TestDir) + 'a>);

/// `state` plus the merge state file, when there is one.
fn everything(dir: &TestDir) -> (Files, Option<Vec<u8>>) {
    let merge_state = dir.exists(".forklayer-merge/state.json").then(|| dir.read(".forklayer-merge/state.json"));
    (state(dir), merge_state)
}

fn error_code(run: &crate::util::Run) -> String {
    json(run)["error"]["code"].as_str().unwrap_or_default().to_string()
}

fn append_to_declaration(dir: &TestDir, text: &str) {
    let mut toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    toml.push_str(text);
    dir.write("forklayer.toml", toml);
}

#[test]
fn continue_refuses_an_upstream_edited_since_the_merge_and_changes_nothing() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    let vendored = dir.read("upstream/@acme/a/index.js");
    dir.write("upstream/@acme/a/index.js", "edited by hand\n");
    let before = everything(&dir);
    let run = dir.run(&["--json", "merge", "--continue"]);
    run.assert_code(2);
    assert_eq!(error_code(&run), "upstream_moved", "{}", run.stdout);
    assert!(run.stdout.contains("@acme/a/index.js"), "names the edited file:\n{}", run.stdout);
    assert_eq!(everything(&dir), before, "nothing written, the merge is still in progress");
    // Put back as the merge vendored it, the merge finishes.
    dir.write("upstream/@acme/a/index.js", vendored);
    dir.run(&["merge", "--continue"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn abort_puts_back_what_the_committed_declaration_names_even_if_the_merge_edited_or_broke_it() {
    let dir = conflict_project();
    let before = state(&dir);
    let toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    // The declaration now names another fork layer: abort must still put
    // back the one the merge wrote.
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write("forklayer.toml", toml.replace("forks = \"profile/forks\"", "forks = \"elsewhere\""));
    dir.run(&["merge", "--abort"]).assert_code(0);
    assert_eq!(state(&dir), before);
    assert!(!dir.exists(".forklayer-merge") && !dir.exists("elsewhere"));
    // A declaration that no longer parses does not stop the abort either.
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write("forklayer.toml", format!("{toml}\nhalf an edit\n"));
    dir.run(&["merge", "--abort"]).assert_code(0);
    assert_eq!(state(&dir), before);
    assert!(!dir.exists(".forklayer-merge"));
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn continue_moves_the_pins_from_the_merged_version_even_after_the_baseline_was_moved_by_hand() {
    let dir = conflict_project();
    dir.write("host/package.json", "{\n  \"dependencies\": {\n    \"@acme/a\": \"1.0.0\"\n  }\n}\n");
    append_to_declaration(&dir, "\n[[pins]]\nfile = \"host/package.json\"\nkeys = ['dependencies.\"@acme/a\"']\n");
    commit_all(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    // What the docs used to ask for: the user moves the baseline himself.
    let toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write("forklayer.toml", toml.replace("baseline = \"1.0.0\"", "baseline = \"2.0.0\""));
    let run = dir.run(&["--json", "merge", "--continue"]);
    run.assert_code(0);
    assert_eq!(json(&run)["pins"][0]["keys"], serde_json::json!(["dependencies.\"@acme/a\""]));
    assert_eq!(
        String::from_utf8(dir.read("host/package.json")).expect("utf8"),
        "{\n  \"dependencies\": {\n    \"@acme/a\": \"2.0.0\"\n  }\n}\n"
    );
    assert_eq!(baseline(&dir), "baseline = \"2.0.0\"");
}

#[test]
fn every_pin_of_a_file_moves_however_many_entries_name_it_and_only_whole_versions_move() {
    let dir = pinned_project("11.0.0 || 1.0.0");
    append_to_declaration(&dir, "\n[[pins]]\nfile = \"./host/package.json\"\nkeys = ['dependencies.other']\n");
    commit_all(&dir);
    let host = String::from_utf8(dir.read("host/package.json")).expect("utf8");
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(0);
    assert_eq!(
        String::from_utf8(dir.read("host/package.json")).expect("utf8"),
        host.replace("\"11.0.0 || 1.0.0\"", "\"11.0.0 || 2.0.0\"")
            .replace("\"other\": \"1.0.0\"", "\"other\": \"2.0.0\""),
    );
    let pins: Vec<Value> = json(&run)["pins"].as_array().expect("pins").clone();
    let host_pins: Vec<&Value> = pins.iter().filter(|p| p["file"] == "host/package.json").collect();
    assert_eq!(host_pins.len(), 1, "one change per file: {pins:?}");
    assert_eq!(host_pins[0]["keys"], serde_json::json!(["dependencies.\"@acme/a\"", "dependencies.other"]));
}

#[test]
fn a_pin_holding_only_a_longer_version_stops_the_merge_before_anything_is_written() {
    for value in ["11.0.0", "1.0.0-rc.1", "^1.0.0.1"] {
        let dir = pinned_project(value);
        let before = state(&dir);
        let host = dir.read("host/package.json");
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
        run.assert_code(2);
        assert_eq!(error_code(&run), "pin", "{value}: {}", run.stdout);
        assert_eq!(state(&dir), before, "{value}");
        assert_eq!(dir.read("host/package.json"), host, "{value}");
    }
}

#[test]
fn a_pin_the_merge_cannot_own_is_an_invalid_declaration() {
    let dir = pinned_project("1.0.0");
    let toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write("host/.npmrc", "dsh=1.0.0\n");
    for (file, expected) in [
        ("forklayer.toml", "is the declaration itself"),
        ("upstream/VERSION.json", "is inside `paths.upstream`"),
        ("profile/forks/@acme/a/package.json", "is inside `paths.forks`"),
        ("patches/pins.json", "is inside `paths.patches`"),
        ("host/.npmrc", "is neither JSON"),
    ] {
        dir.write("forklayer.toml", format!("{toml}\n[[pins]]\nfile = \"{file}\"\nkeys = ['a']\n"));
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new", "--dry-run"]);
        run.assert_code(2);
        assert_eq!(error_code(&run), "invalid_declaration", "{file}: {}", run.stdout);
        assert!(run.stdout.contains(expected), "{file}: {expected} in\n{}", run.stdout);
    }
}

/// A project whose upgrade to 2.0.0 was resolved once, back on 1.0.0 with
/// the committed records; returns it and the commit to reset to.
fn with_memory() -> (TestDir, git2::Oid) {
    let dir = conflict_project();
    let original = head(&dir);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    resolve(&dir);
    dir.run(&["merge", "--continue"]).assert_code(0);
    let records = dir.snapshot_dir("patches/resolutions");
    reset_to(&dir, original);
    for (path, bytes, _) in &records {
        dir.write(&format!("patches/resolutions/{path}"), bytes);
    }
    commit_all(&dir);
    let commit = head(&dir);
    (dir, commit)
}

/// The record of the text conflict of `a/x.js`.
fn text_record(dir: &TestDir) -> (String, Value) {
    for (path, bytes, _) in dir.snapshot_dir("patches/resolutions") {
        let record: Value = serde_json::from_slice(&bytes).expect("record");
        if record["path"] == "x.js" {
            return (format!("patches/resolutions/{path}"), record);
        }
    }
    panic!("no record of x.js");
}

#[test]
fn tampered_records_of_the_conflict_memory_are_refused_before_anything_is_written() {
    let (dir, committed) = with_memory();
    let outside = TestDir::new();
    let (rel, record) = text_record(&dir);
    let tampered: [Tamper<'_>; 4] = [
        (
            "a link to a file outside the repository",
            Box::new(|dir: &TestDir| {
                outside.write("record.json", dir.read(&rel));
                std::fs::remove_file(dir.join(&rel)).expect("rm");
                std::os::unix::fs::symlink(outside.join("record.json"), dir.join(&rel)).expect("symlink");
            }),
        ),
        (
            "a result that still holds this merge's markers",
            Box::new(|dir: &TestDir| {
                let mut r = record.clone();
                r["result"]["text"] = Value::from(format!("<<<<<<< fork@1.0.0\n{}", lines(12, "base")));
                dir.write(&rel, serde_json::to_vec_pretty(&r).expect("json"));
            }),
        ),
        (
            "a path that leaves the package",
            Box::new(|dir: &TestDir| {
                let mut r = record.clone();
                r["path"] = Value::from("../../../x.js");
                dir.write(&rel, serde_json::to_vec_pretty(&r).expect("json"));
            }),
        ),
        (
            "a record of other inputs under this name",
            Box::new(|dir: &TestDir| {
                let mut r = record.clone();
                r["theirs"] = Value::from("absent");
                dir.write(&rel, serde_json::to_vec_pretty(&r).expect("json"));
            }),
        ),
    ];
    for (what, tamper) in &tampered {
        tamper(&dir);
        commit_all(&dir);
        let before = everything(&dir);
        let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
        run.assert_code(2);
        assert_eq!(error_code(&run), "resolution_damaged", "{what}: {}", run.stdout);
        assert!(run.stdout.contains(&rel), "{what}: names the record:\n{}", run.stdout);
        assert_eq!(everything(&dir), before, "{what}: nothing written");
        reset_to(&dir, committed);
    }
    // Untouched, the records resolve the upgrade.
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(0);
}

#[test]
fn a_resolved_file_may_keep_the_separator_lines_its_versions_had() {
    // Markdown: a setext heading underline of exactly seven `=`.
    let doc = |tag: &str| format!("Install\n=======\n\n{}", lines(10, tag));
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "index.js"))
        .file("GUIDE.md", doc("base"));
    let a_fork = a1.clone().file("GUIDE.md", doc("base").replace("line 5 base", "line 5 fork"));
    let dir = crate::merge::project(&a1, &a_fork);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "index.js"))
        .file("GUIDE.md", doc("base").replace("line 5 base", "line 5 upstream"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    let refused = dir.run(&["merge", "--continue"]);
    refused.assert_code(2);
    assert!(refused.stderr.contains("GUIDE.md:"), "{}", refused.stderr);
    let resolved = doc("base").replace("line 5 base", "line 5 fork and upstream");
    dir.write("profile/forks/@acme/a/GUIDE.md", &resolved);
    let status = dir.run(&["--json", "status"]);
    let (code, doc) = (status.code, json(&status));
    assert_eq!((code, doc["merge"]["left"].as_u64()), (1, Some(0)), "{doc}");
    dir.run(&["merge", "--continue"]).assert_code(0);
    assert_eq!(dir.read("profile/forks/@acme/a/GUIDE.md"), resolved.as_bytes());
    // A separator more than the versions had is a marker left.
    let dir2 = crate::merge::project(&a1, &a_fork);
    publish_new(&dir2, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir2.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir2.write("profile/forks/@acme/a/GUIDE.md", format!("{resolved}=======\n"));
    let refused = dir2.run(&["merge", "--continue"]);
    refused.assert_code(2);
    assert!(refused.stderr.contains("`@acme/a/GUIDE.md:14` (=======)"), "{}", refused.stderr);
}

#[test]
fn continue_leaves_ignored_files_out_of_the_manifests_as_gen_patches_does() {
    // The fork layer omits every NOTES file of a package (`layer.ignore`).
    let a1 = NpmPackage::new("a", "1.0.0")
        .file("package.json", package_json("a", "1.0.0", "index.js"))
        .file("NOTES.md", "notes 1\n")
        .file("x.js", lines(12, "base"));
    let a_fork = a1.clone().without("NOTES.md").file("x.js", lines(12, "base").replace("line 6 base", "line 6 fork"));
    let dir = TestDir::new();
    dir.declare(&["a", "b"], &["c"], &[]);
    let toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write(
        "forklayer.toml",
        toml.replace("baseline = \"1.0.0\"\n", "baseline = \"1.0.0\"\nignore = [\"NOTES*\"]\n"),
    );
    dir.write(".gitignore", "/tarballs/\n/new/\n/fake-npm/\n");
    let (b1, c1) = (b_package("1.0.0"), c_package("1.0.0"));
    snapshot_from_tarballs(&dir, "1.0.0", &[&a1, &b1, &c1]).assert_code(0);
    dir.write_package("profile/forks/@acme/a", &a_fork);
    dir.write_package(
        "profile/forks/@acme/b",
        &b1.clone().file("index.js", lines(20, "b").replace("line 3 b", "fork")),
    );
    dir.write_package("profile/forks/@acme/c", &c1);
    dir.run(&["gen-patches"]).assert_code(0);
    commit_all(&dir);
    let a2 = at_version(&a1, "2.0.0")
        .file("package.json", package_json("a", "2.0.0", "index.js"))
        .file("NOTES.md", "notes 2\n")
        .file("x.js", lines(12, "base").replace("line 6 base", "line 6 upstream"));
    publish_new(&dir, &[&a2, &b_package("2.0.0"), &c_package("2.0.0")]);
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write("profile/forks/@acme/a/x.js", lines(12, "base").replace("line 6 base", "line 6 both"));
    dir.run(&["merge", "--continue"]).assert_code(0);
    let manifests = dir.snapshot_dir("patches");
    assert!(!String::from_utf8_lossy(&dir.read("patches/a.json")).contains("NOTES"));
    dir.run(&["gen-patches"]).assert_code(0);
    assert_eq!(dir.snapshot_dir("patches"), manifests, "the manifests gen-patches writes");
    assert!(!dir.exists("profile/forks/@acme/a/NOTES.md"));
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn the_merge_state_stays_out_of_git_whatever_the_project_ignores() {
    let dir = conflict_project();
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    assert!(dir.exists(".forklayer-merge/state.json"));
    let repo = git2::Repository::open(dir.path()).expect("repo");
    let mut options = git2::StatusOptions::new();
    options.include_untracked(true).recurse_untracked_dirs(true);
    let statuses = repo.statuses(Some(&mut options)).expect("status");
    let listed: Vec<String> = statuses.iter().filter_map(|s| s.path().ok().map(str::to_string)).collect();
    assert!(listed.iter().all(|p| !p.starts_with(".forklayer-merge")), "{listed:?}");
    resolve(&dir);
    dir.run(&["merge", "--continue"]).assert_code(0);
    assert!(!dir.exists(".forklayer-merge"));
}

/// A journal whose forklayer still runs (it holds the project lock) is not
/// reported as one a killed run left to roll back.
#[test]
fn status_refuses_while_the_forklayer_writing_a_journal_still_runs() {
    let dir = conflict_project();
    let lock = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(dir.join(".forklayer.lock"))
        .expect("lock file");
    let pid = std::process::id().to_string();
    std::io::Write::write_all(&mut &lock, format!("{pid}\n").as_bytes()).expect("pid");
    lock.lock().expect("hold the lock as a writer does");
    let journal = format!(".forklayer-journal-{pid}.tar");
    dir.write(&journal, "what a running merge is writing");
    let run = dir.run(&["--json", "status"]);
    run.assert_code(2);
    assert_eq!(error_code(&run), "busy", "{}", run.stdout);
    drop(lock);
    // Once it is gone, the journal is one to roll back.
    let run = dir.run(&["--json", "status"]);
    run.assert_code(1);
    assert_eq!(json(&run)["state"], "journal");
    assert!(dir.exists(&journal), "status only reports");
}
