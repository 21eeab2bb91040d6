//! Write targets: `rebuild --out` replaces its target wholesale, so only a new or
//! empty directory, or a previous output, may be named.

use crate::util::{immutable, snapshot_from_tarballs, NpmPackage, TestDir};

fn repo() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[("own", "plugins/own", &["package.json"])]);
    dir.write("plugins/own/package.json", "{\"name\": \"@acme/own\"}\n");
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 2;\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    dir
}

#[test]
fn the_repository_itself_is_refused_and_left_intact() {
    let dir = repo();
    let root = dir.path().to_string_lossy().into_owned();
    let before = dir.snapshot_dir(".");
    for out in [root.as_str(), ".", "profile/..", "patches/.."] {
        let run = dir.run(&["rebuild", "--out", out]);
        run.assert_code(2);
        assert!(run.stderr.contains("contains the declaration"), "{out}: {}", run.stderr);
        assert!(run.stderr.contains("help: "), "{}", run.stderr);
    }
    assert_eq!(dir.snapshot_dir("."), before, "nothing may change");
}

#[test]
fn a_file_is_refused_and_kept() {
    let dir = repo();
    dir.write("notes.txt", "mine\n");
    let run = dir.run(&["--json", "rebuild", "--out", "notes.txt"]);
    run.assert_code(2);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "unsafe_target");
    assert_eq!(dir.read("notes.txt"), b"mine\n");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("ls")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.contains("forklayer-"))
        .collect();
    assert!(leftovers.is_empty(), "staging leftovers: {leftovers:?}");
}

#[test]
fn a_directory_of_other_files_is_refused_and_kept() {
    let dir = repo();
    dir.write("elsewhere/important.txt", "keep\n");
    let run = dir.run(&["rebuild", "--out", "elsewhere"]);
    run.assert_code(2);
    assert!(run.stderr.contains("holds `important.txt`"), "{}", run.stderr);
    assert_eq!(dir.read("elsewhere/important.txt"), b"keep\n");
}

#[test]
fn paths_inside_upstream_patches_or_the_fork_layer_are_refused() {
    let dir = repo();
    for out in ["upstream/out", "patches/out", "profile/forks/out", "upstream", "plugins/own/out"] {
        dir.run(&["rebuild", "--out", out]).assert_code(2);
        assert!(!dir.exists(out) || out == "upstream", "{out} was written");
    }
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn a_previous_output_an_empty_directory_and_the_fork_layer_are_replaced() {
    let dir = repo();
    std::fs::create_dir_all(dir.join("empty")).expect("mkdir");
    for out in ["out", "out", "empty", "profile/forks"] {
        dir.run(&["rebuild", "--out", out]).assert_code(0);
        assert_eq!(dir.read(&format!("{out}/@acme/pkg/a.js")), b"let a = 2;\n");
    }
}

#[test]
fn out_and_check_naming_the_same_directory_is_refused() {
    let dir = repo();
    dir.write("profile/forks/@acme/pkg/a.js", "let a = 3; // not in the manifest yet\n");
    let run = dir.run(&["rebuild", "--out", "profile/forks", "--check", "./profile/forks"]);
    run.assert_code(2);
    assert!(run.stderr.contains("name the same directory"), "{}", run.stderr);
    assert!(run.stderr.contains("help: write the rebuild elsewhere"), "{}", run.stderr);
    assert_eq!(dir.read("profile/forks/@acme/pkg/a.js"), b"let a = 3; // not in the manifest yet\n");
}

#[test]
fn patches_or_upstream_overrides_naming_the_repository_are_refused() {
    let dir = repo();
    dir.write("package.json", "{\"name\": \"mine\"}\n");
    let root = dir.path().to_string_lossy().into_owned();
    let before = dir.snapshot_dir(".");
    for args in
        [vec!["gen-patches", "--patches", &root], vec!["snapshot", "1.0.0", "--upstream", &root, "--from", "tarballs"]]
    {
        let run = dir.run(&args);
        run.assert_code(2);
        assert!(run.stderr.contains("overlap"), "{}", run.stderr);
    }
    assert_eq!(dir.snapshot_dir("."), before, "nothing may change");
}

/// Inode numbers of every file below `rel`, by path.
#[cfg(unix)]
fn inodes(dir: &TestDir, rel: &str) -> Vec<(String, u64)> {
    use std::os::unix::fs::MetadataExt;
    let files = dir.files_below(rel).into_iter();
    files.map(|(rel, path)| (rel, std::fs::metadata(&path).expect("stat").ino())).collect()
}

fn leftovers(dir: &TestDir) -> Vec<String> {
    std::fs::read_dir(dir.path())
        .expect("ls")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.contains("forklayer-"))
        .collect()
}

#[cfg(unix)]
#[test]
fn a_rebuild_into_its_previous_output_rewrites_only_what_differs_in_place() {
    let dir = repo();
    dir.run(&["rebuild", "--out", "out"]).assert_code(0);
    let before = inodes(&dir, "out");
    // Hand edits and a stray file in the previous output.
    dir.write("out/@acme/pkg/a.js", "edited by hand\r\n");
    dir.write("out/@acme/pkg/stray.bin", [0u8, 255, 1]);
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(0);
    assert!(run.stderr.contains("(2 changes written)"), "a.js rewritten, stray.bin removed:\n{}", run.stderr);
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"let a = 2;\n");
    assert!(!dir.exists("out/@acme/pkg/stray.bin"), "a file the rebuild does not produce is removed");
    assert_eq!(inodes(&dir, "out"), before, "every file kept its inode: nothing was created anew");
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    // Unchanged output: nothing written at all.
    let mtime = std::fs::metadata(dir.join("out/@acme/pkg/a.js")).expect("stat").modified().expect("mtime");
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(0);
    assert!(run.stderr.contains("(it already held them: nothing written)"), "{}", run.stderr);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["changes"], 0);
    let again = std::fs::metadata(dir.join("out/@acme/pkg/a.js")).expect("stat").modified().expect("mtime");
    assert_eq!(mtime, again, "an unchanged file is not rewritten");
}

/// An undo journal as a `rebuild --out out` killed midway leaves it: `out`
/// held `a.js` (its previous bytes are saved) and the rebuild had created
/// `half.js` and overwritten `a.js` when it died.
fn plant_killed_rebuild(dir: &TestDir, previous_a_js: &[u8]) -> String {
    let record = serde_json::json!({
        "schema": "forklayer.journal/1",
        "targets": [{
            "path": "out", "file": false, "existed": true,
            "created_files": ["@acme/pkg/half.js"], "created_dirs": [], "removed_dirs": [],
        }],
    });
    let mut tar = tar::Builder::new(Vec::new());
    for (name, bytes) in
        [("journal.json", serde_json::to_vec(&record).expect("json")), ("0/@acme/pkg/a.js", previous_a_js.to_vec())]
    {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(tar::EntryType::Regular);
        tar.append_data(&mut header, name, bytes.as_slice()).expect("append");
    }
    let name = ".forklayer-journal-out-out-99999999.tar".to_string();
    dir.write(&name, tar.into_inner().expect("tar"));
    dir.write("out/@acme/pkg/a.js", "half written");
    dir.write("out/@acme/pkg/half.js", "half");
    name
}

#[test]
fn a_killed_rebuild_is_rolled_back_by_the_next_rebuild_naming_that_directory() {
    let dir = repo();
    dir.run(&["rebuild", "--out", "out"]).assert_code(0);
    let journal = plant_killed_rebuild(&dir, b"let a = 2;\n");
    // Project commands leave another kind of journal alone.
    dir.run(&["check"]).assert_code(0);
    assert!(dir.exists(&journal));
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(0);
    assert!(run.stderr.contains("rolled back `out`"), "{}", run.stderr);
    assert!(!dir.exists(&journal));
    assert!(!dir.exists("out/@acme/pkg/half.js"));
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"let a = 2;\n");
}

#[test]
fn a_killed_rebuild_of_the_reference_is_rolled_back_before_it_is_compared() {
    let dir = repo();
    dir.run(&["rebuild", "--out", "out"]).assert_code(0);
    plant_killed_rebuild(&dir, b"let a = 2;\n");
    let run = dir.run(&["rebuild", "--check", "out"]);
    run.assert_code(0);
    assert!(run.stderr.contains("rolled back `out`"), "{}", run.stderr);
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"let a = 2;\n");
}

#[cfg(unix)]
#[test]
fn an_output_named_through_a_link_or_dotdot_is_written_where_it_resolves() {
    let dir = repo();
    std::fs::create_dir_all(dir.join("real")).expect("mkdir");
    std::os::unix::fs::symlink("real", dir.join("link")).expect("symlink");
    dir.run(&["rebuild", "--out", "link"]).assert_code(0);
    assert!(std::fs::symlink_metadata(dir.join("link")).expect("stat").file_type().is_symlink(), "the link is kept");
    assert_eq!(dir.read("real/@acme/pkg/a.js"), b"let a = 2;\n");
    dir.run(&["rebuild", "--out", "real/@acme/.."]).assert_code(0);
    dir.run(&["rebuild", "--out", "link", "--check", "profile/forks"]).assert_code(0);
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
}

#[test]
fn an_output_below_missing_directories_creates_them_and_a_failure_leaves_none() {
    let dir = repo();
    dir.run(&["rebuild", "--out", "new/deeper/out"]).assert_code(0);
    assert_eq!(dir.read("new/deeper/out/@acme/pkg/a.js"), b"let a = 2;\n");
    assert!(leftovers(&dir).is_empty() && !dir.exists("new/deeper/.forklayer-journal-out-out"));
    // A directory that cannot be written below: an error, and none of the
    // missing directories is left behind.
    std::fs::create_dir_all(dir.join("locked")).expect("mkdir");
    immutable(&dir.join("locked"), true);
    let run = dir.run(&["rebuild", "--out", "locked/a/b/out"]);
    immutable(&dir.join("locked"), false);
    run.assert_code(3);
    assert!(run.stderr.contains("help: "), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(dir.join("locked")).expect("ls").count(), 0);
}
