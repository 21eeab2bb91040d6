//! Names the disk cannot hold (issue 29): a component over the file
//! system's `NAME_MAX`, a path over its `PATH_MAX`, and names Windows
//! reserves. Each is refused before anything is written, names the entry,
//! where it came from and the limit, and leaves the repository byte for
//! byte as it was, with every later command working.

use std::io::Write;
use std::path::Path;

use flate2::write::GzEncoder;
use flate2::Compression;
use forklayer::names::NameLimits;

use crate::util::{disk_state, snapshot_from_tarballs, NpmPackage, TestDir};

/// [`disk_state`] but for the project lock (which every command creates)
/// and git's own files.
fn state(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut state = disk_state(root);
    state.retain(|(rel, _)| rel != ".forklayer.lock" && rel != ".git" && !rel.starts_with(".git/"));
    state
}

/// A `.tgz` whose entries may have names of any length (GNU long-name
/// records, as `npm pack` would write past 100 bytes).
fn tgz_with(name: &str, version: &str, files: &[(String, &[u8])]) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    let manifest = format!("{{\"name\": \"{name}\", \"version\": \"{version}\"}}\n");
    let all = std::iter::once(("package.json".to_string(), manifest.as_bytes()))
        .chain(files.iter().map(|(p, b)| (p.clone(), *b)));
    for (path, bytes) in all {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(tar::EntryType::Regular);
        tar.append_data(&mut header, format!("package/{path}"), bytes).expect("append");
    }
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(&tar.into_inner().expect("tar")).expect("gz");
    gz.finish().expect("gz")
}

/// A vendored, forked and patched project at 1.0.0.
fn project() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\r\n").file("b.js", "let b = 1;");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 2;\r\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    dir
}

/// Twelve ordinary files that change, then the hostile one: a write that
/// fails on it halfway would have rewritten the others first.
fn hostile_files(hostile: String) -> Vec<(String, &'static [u8])> {
    let mut files: Vec<(String, &'static [u8])> = (0..12).map(|i| (format!("f{i:02}.js"), &b"changed\n"[..])).collect();
    files.push((hostile, b"boom\n"));
    files
}

/// A relative path of exactly `len` bytes whose every name fits: under a
/// repository's `upstream/@acme/pkg/` it is longer than `PATH_MAX`, while
/// the archive's own name (`package/` and it) stays within the 4 KiB a
/// tarball may name.
fn path_of_length(len: usize) -> String {
    let mut path = String::new();
    while path.len() + 201 < len {
        path.push_str(&"p".repeat(200));
        path.push('/');
    }
    path.push_str(&"q".repeat(len - path.len()));
    path
}

fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"))
}

/// Every later command works: nothing was left to roll back.
fn assert_commands_work(dir: &TestDir) {
    dir.run(&["check"]).assert_code(0);
    let status = dir.run(&["status"]);
    status.assert_code(0);
    assert!(status.stdout.starts_with("clean"), "{}", status.stdout);
    assert!(!state(dir.path()).iter().any(|(p, _)| p.contains(".forklayer-journal-")));
}

#[test]
fn an_over_long_name_in_a_tarball_is_refused_naming_entry_archive_and_limit_and_nothing_changes() {
    let dir = project();
    // `merge` works on a committed layer.
    crate::util::commit_all(&dir);
    let limits = NameLimits::of(dir.path());
    let cases = [
        // One component over NAME_MAX.
        ("z".repeat(limits.name_max + 1), format!("at most {} bytes", limits.name_max)),
        // Every component fits, the whole path does not (PATH_MAX).
        (path_of_length(limits.path_max - 20), format!("paths of at most {} bytes", limits.path_max)),
    ];
    for (hostile, limit) in cases {
        dir.write("new/pkg-2.0.0.tgz", tgz_with("@acme/pkg", "2.0.0", &hostile_files(hostile.clone())));
        let before = state(dir.path());
        for args in [&["snapshot", "2.0.0", "--from", "new"][..], &["merge", "2.0.0", "--from", "new"]] {
            let run = dir.run(&[&["--json"][..], args].concat());
            run.assert_code(3);
            let doc = json(&run.stdout);
            assert_eq!(doc["error"]["code"], "unsafe_archive_entry", "{args:?}: {}", run.stdout);
            let said = format!("{} {}", doc["error"]["message"], doc["error"]["causes"]);
            assert!(said.contains(&format!("package/{}", &hostile[..40])), "{args:?}: the entry: {said}");
            assert!(said.contains("new/pkg-2.0.0.tgz"), "{args:?}: the archive: {said}");
            assert!(said.contains(&limit), "{args:?}: the limit: {said}");
            assert!(doc["error"]["help"].as_str().is_some_and(|h| h.contains("nothing was written")), "{}", run.stdout);
            assert_eq!(state(dir.path()), before, "{args:?}: byte for byte as before");
            assert_commands_work(&dir);
        }
    }
}

#[test]
fn a_from_directory_whose_names_fit_its_own_disk_but_not_under_the_repository_is_refused() {
    // The repository lives deep, the `--from` directory shallow: the same
    // relative name fits there and is too long under `upstream/`.
    let outer = TestDir::new();
    let limits = NameLimits::of(outer.path());
    let mut deep = outer.path().to_path_buf();
    while deep.as_os_str().len() < limits.path_max - 1200 {
        deep.push("r".repeat(150));
    }
    std::fs::create_dir_all(&deep).expect("a deep repository");
    let dir_rel = deep.strip_prefix(outer.path()).expect("below").to_string_lossy().into_owned();
    let repo = |rel: &str| format!("{dir_rel}/{rel}");
    outer.write(&repo("forklayer.toml"), String::from_utf8(project_declaration()).expect("utf8"));
    let hostile = (0..6).map(|i| format!("{i:0>190}")).collect::<Vec<_>>().join("/");
    let source = outer.join("src/pkg");
    for (path, bytes) in hostile_files(hostile.clone())
        .into_iter()
        .chain([("package.json".to_string(), &b"{\"name\": \"@acme/pkg\", \"version\": \"1.0.0\"}\n"[..])])
    {
        let file = source.join(&path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(file, bytes).expect("the --from directory holds it");
    }
    let before = state(&deep);
    let run = outer.run(&["-C", &dir_rel, "--json", "snapshot", "1.0.0", "--from", &source.to_string_lossy()]);
    run.assert_code(3);
    let doc = json(&run.stdout);
    assert_eq!(doc["error"]["code"], "unsafe_archive_entry", "{}", run.stdout);
    assert!(doc.to_string().contains("src/pkg"), "names the directory it came from: {}", run.stdout);
    assert_eq!(state(&deep), before);
}

fn project_declaration() -> Vec<u8> {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    dir.read("forklayer.toml")
}

#[test]
fn a_manifest_adding_a_file_the_disk_cannot_hold_is_refused_by_rebuild_with_nothing_written() {
    let dir = project();
    let limits = NameLimits::of(dir.path());
    let name = "m".repeat(limits.name_max + 1);
    let manifest = serde_json::json!({
        "package": "@acme/pkg", "builtAgainst": "1.0.0", "files": {},
        "forklayer": {"schema": 1, "added": {name.clone(): {"text": "added\n"}}}
    });
    dir.write("patches/pkg.json", serde_json::to_vec_pretty(&manifest).expect("json"));
    let before = state(dir.path());
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(3);
    let doc = json(&run.stdout);
    assert_eq!(doc["error"]["code"], "name_too_long", "{}", run.stdout);
    assert!(doc.to_string().contains(&name[..40]), "{}", run.stdout);
    assert_eq!(state(dir.path()), before, "no `out/`, no journal");
}

/// [`project`] with what a release ships besides the fork layer.
fn release_project() -> TestDir {
    let dir = project();
    for (rel, text) in [
        ("README.md", "# readme\n"),
        ("LICENSE", "MIT\n"),
        ("docs/guide.md", "# guide\n"),
        ("install.sh", "#!/usr/bin/env bash\n"),
        ("install.ps1", "Write-Output installed\r\n"),
        ("tools/verify.mjs", "\n"),
        ("profile/package.json", "{}\n"),
    ] {
        dir.write(rel, text);
    }
    dir
}

/// `gen-patches` warns that `rel` of the fork cannot be unpacked on
/// Windows, for `reason`, and `release` refuses it, writing nothing.
fn assert_warned_and_refused(dir: &TestDir, rel: &str, reason: &str) {
    let run = dir.run(&["gen-patches"]);
    run.assert_code(0);
    assert!(
        run.stderr.contains(&format!("warning: `profile/forks/@acme/pkg/{rel}` cannot be unpacked on Windows"))
            && run.stderr.contains(reason),
        "{rel}: {}",
        run.stderr
    );
    let before = state(dir.path());
    let run = dir.run(&["--json", "release", "--out", "dist", "--source-date-epoch", "1"]);
    run.assert_code(2);
    let doc = json(&run.stdout);
    assert_eq!(doc["error"]["code"], "bad_file_name", "{}", run.stdout);
    assert!(doc["error"]["message"].as_str().is_some_and(|m| m.contains(rel) && m.contains(reason)), "{}", run.stdout);
    assert_eq!(state(dir.path()), before, "no release written");
}

#[test]
fn names_windows_cannot_hold_are_warned_by_gen_patches_and_refused_by_release() {
    let dir = release_project();
    for (rel, reason) in
        [("lib/aux.js", "device name"), ("con", "device name"), ("notes.", "dot or a space"), ("why?.md", "forbids")]
    {
        dir.write(&format!("profile/forks/@acme/pkg/{rel}"), "windows cannot hold this\n");
        assert_warned_and_refused(&dir, rel, reason);
        std::fs::remove_file(dir.join(&format!("profile/forks/@acme/pkg/{rel}"))).expect("rm");
        dir.run(&["gen-patches"]).assert_code(0);
    }
}

#[test]
fn names_that_differ_only_in_case_are_warned_by_gen_patches_and_refused_by_release() {
    let dir = release_project();
    for (first, second) in [("Notes.md", "notes.md"), ("Lib/a.js", "lib/b.js")] {
        dir.write(&format!("profile/forks/@acme/pkg/{first}"), "one\n");
        dir.write(&format!("profile/forks/@acme/pkg/{second}"), "two\n");
        assert_warned_and_refused(&dir, second.split('/').next().unwrap_or(second), "differs only in case");
        std::fs::remove_file(dir.join(&format!("profile/forks/@acme/pkg/{second}"))).expect("rm");
        dir.run(&["gen-patches"]).assert_code(0);
        dir.run(&["--json", "release", "--out", "dist", "--source-date-epoch", "1"]).assert_code(0);
    }
}

/// A journal as a killed update of `upstream/@acme/pkg` leaves it: it
/// created `created` (the update died before, or because of, them).
fn plant_journal(dir: &TestDir, created: &[&str]) -> String {
    let record = serde_json::json!({"schema": "forklayer.journal/1", "targets": [{
        "path": "upstream/@acme/pkg", "file": false, "existed": true,
        "created_files": created, "created_dirs": [], "removed_dirs": []}]});
    let name = ".forklayer-journal-99999991.tar".to_string();
    let mut tar = tar::Builder::new(Vec::new());
    let json = serde_json::to_vec(&record).expect("json");
    let mut header = tar::Header::new_gnu();
    header.set_size(json.len() as u64);
    header.set_mode(0o644);
    tar.append_data(&mut header, "journal.json", json.as_slice()).expect("append");
    dir.write(&name, tar.into_inner().expect("tar"));
    name
}

#[test]
fn a_roll_back_that_meets_a_name_that_cannot_exist_finishes_and_the_repository_is_as_before() {
    let limits = NameLimits::of(std::env::temp_dir().as_path());
    let long = "z".repeat(limits.name_max + 1);
    let deep = path_of_length(limits.path_max + 1);
    for created in [
        vec![long.as_str()],
        vec![deep.as_str()],
        vec!["lib/aux.js", "con"],
        vec![long.as_str(), "a.js/below", "gone.js"],
    ] {
        let dir = project();
        let before = state(dir.path());
        let journal = plant_journal(&dir, &created);
        let run = dir.run(&["check"]);
        run.assert_code(0);
        assert!(run.stderr.contains("rolled back an update"), "{}", run.stderr);
        assert!(!dir.exists(&journal));
        assert_eq!(state(dir.path()), before, "{created:?}");
        assert_commands_work(&dir);
    }
}

#[test]
fn a_failed_roll_back_keeps_its_journal_and_says_exactly_what_to_run() {
    let dir = project();
    let journal = plant_journal(&dir, &["created.js"]);
    dir.write("upstream/@acme/pkg/created.js", "left by the killed update\n");
    // Even root cannot remove a file from an immutable directory.
    let pkg = dir.join("upstream/@acme/pkg");
    crate::util::immutable(&pkg, true);
    let run = dir.run(&["--json", "check"]);
    crate::util::immutable(&pkg, false);
    run.assert_code(3);
    let doc = json(&run.stdout);
    assert_eq!(doc["error"]["code"], "rollback_failed", "{}", run.stdout);
    let message = doc["error"]["message"].as_str().expect("message");
    assert!(message.contains("half updated") && message.contains("journal is kept"), "{message}");
    let help = doc["error"]["help"].as_str().expect("help");
    assert!(!help.contains("nothing was changed"), "{help}");
    let command = format!("forklayer -C {} check", dir.path().display());
    assert!(help.contains(&command) && help.contains(&format!("rm {}", dir.join(&journal).display())), "{help}");
    // The way out it names works.
    dir.run(&["check"]).assert_code(0);
    assert!(!dir.exists("upstream/@acme/pkg/created.js") && !dir.exists(&journal));
}

#[test]
fn a_directory_given_to_dash_c_that_does_not_exist_is_a_usage_error_naming_it() {
    let dir = TestDir::new();
    for (arg, what) in [("missing", "does not exist"), ("file", "is not a directory")] {
        if arg == "file" {
            dir.write("file", "x");
        }
        for command in [&["check"][..], &["status"], &["snapshot", "1.0.0"], &["gen-patches"], &["adopt", "."]] {
            let run = dir.run(&[&["-C", arg, "--json"][..], command].concat());
            run.assert_code(2);
            let doc = json(&run.stdout);
            assert_eq!(doc["error"]["code"], "usage", "{}", run.stdout);
            let message = doc["error"]["message"].as_str().expect("message");
            assert!(message.contains(&format!("`{arg}`")) && message.contains(what), "{message}");
            assert!(!message.contains("lock"), "{message}");
        }
    }
    assert_eq!(state(dir.path()), vec![("file".to_string(), b"x".to_vec())], "nothing was created");
}
