//! A cloned repository is untrusted input: files planted in it or a
//! declaration pointing elsewhere must never make forklayer touch anything
//! outside the project, and faults (a FIFO, a second writer) are refused
//! cleanly. Each test hashes what it protects before and after.

use std::time::{Duration, Instant};

use crate::util::{disk_state as state, immutable, snapshot_from_tarballs, NpmPackage, TestDir};

/// A small project, and beside it a "home" directory holding a user's file.
fn project() -> (TestDir, TestDir) {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\r\n").file("b.bin", [0u8, 255, 1]);
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 2;\r\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    let home = TestDir::new();
    home.write("settings.json", "{\"keep\": true}\n");
    home.write("notes.diff", "mine\n");
    (dir, home)
}

fn json_code(run: &crate::util::Run) -> String {
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    doc["error"]["code"].as_str().unwrap_or_default().to_string()
}

fn plant_journal(dir: &TestDir, record: serde_json::Value, file: (&str, &[u8])) -> String {
    let name = ".forklayer-journal-99999990.tar".to_string();
    let mut tar = tar::Builder::new(Vec::new());
    let json = serde_json::to_vec(&record).expect("json");
    for (entry, bytes) in [("journal.json", json.as_slice()), file] {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        tar.append_data(&mut header, entry, bytes).expect("append");
    }
    dir.write(&name, tar.into_inner().expect("tar"));
    name
}

#[test]
fn a_planted_journal_pointing_outside_is_refused_and_nothing_changes() {
    let (dir, home) = project();
    let outside = home.path().to_string_lossy().into_owned();
    let records = [
        serde_json::json!({"schema": "forklayer.journal/1", "targets": [{"path": outside, "file": false,
            "existed": true, "created_files": ["settings.json", "notes.diff"], "created_dirs": [], "removed_dirs": []}]}),
        serde_json::json!({"schema": "forklayer.journal/1", "targets": [{"path": "patches/../../x", "file": false,
            "existed": true, "created_files": [], "created_dirs": [], "removed_dirs": []}]}),
    ];
    for record in records {
        let journal = plant_journal(&dir, record, ("0/evil.sh", b"#!/bin/sh\n"));
        let (before, home_before) = (state(dir.path()), state(home.path()));
        let run = dir.run(&["--json", "check"]);
        run.assert_code(3);
        assert_eq!(json_code(&run), "journal_damaged", "{}", run.stdout);
        assert_eq!(state(home.path()), home_before, "nothing outside the project changes");
        assert_eq!(state(dir.path()), before, "nothing inside changes and the journal is kept");
        std::fs::remove_file(dir.join(&journal)).expect("rm");
    }
}

#[test]
fn a_declaration_pointing_outside_is_refused_before_anything_is_read_or_written() {
    let (dir, home) = project();
    let declaration = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    let outside = home.path().to_string_lossy().into_owned();
    let hostile = [
        declaration.replace("patches = \"patches\"", &format!("patches = \"{outside}\"")),
        declaration.replace("upstream = \"upstream\"", "upstream = \"../elsewhere\""),
        declaration.replace("patches = \"patches\"", "patches = \".git/hooks\""),
    ];
    let home_before = state(home.path());
    for text in hostile {
        dir.write("forklayer.toml", &text);
        let before = state(dir.path());
        for args in [&["gen-patches"][..], &["snapshot", "1.0.0"], &["check"]] {
            let run = dir.run(&[&["--json"][..], args].concat());
            run.assert_code(2);
            assert_eq!(json_code(&run), "invalid_declaration", "{args:?}: {}", run.stdout);
        }
        assert_eq!(state(dir.path()), before);
        assert_eq!(state(home.path()), home_before, "a user's settings.json is never removed");
    }
    dir.write("forklayer.toml", &declaration);
    let run = dir.run(&["gen-patches", "--patches", &outside]);
    run.assert_code(2);
    assert!(run.stderr.contains("--allow-outside-root"), "the way out is named:\n{}", run.stderr);
    assert_eq!(state(home.path()), home_before);
}

#[test]
fn an_own_package_source_outside_is_not_copied_into_the_fork_layer() {
    let (dir, home) = project();
    let outside = home.path().to_string_lossy().into_owned();
    dir.declare(&["pkg"], &[], &[("mine", &outside, &["settings.json"])]);
    let before = state(dir.path());
    let run = dir.run(&["gen-patches"]);
    run.assert_code(2);
    assert!(run.stderr.contains("own package `mine`"), "{}", run.stderr);
    assert_eq!(state(dir.path()), before);
    // Only the command line can allow it, for one run.
    dir.run(&["--allow-outside-root", "gen-patches"]).assert_code(0);
    assert!(dir.exists("profile/forks/@acme/mine/settings.json"));
}

/// Runs the binary, killing it if it does not finish in time: a FIFO read
/// would block forever.
fn run_with_deadline(dir: &TestDir, args: &[&str]) -> i32 {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_forklayer"))
        .args(args)
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code().unwrap_or(-1);
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("`forklayer {}` hung", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_fifo_where_a_file_is_expected_is_refused_not_waited_on() {
    for victim in ["upstream/VERSION", "upstream/forklayer.lock.json", "forklayer.toml", "patches/pkg.json"] {
        let (dir, _home) = project();
        std::fs::remove_file(dir.join(victim)).expect("rm");
        let made = std::process::Command::new("mkfifo").arg(dir.join(victim)).status().expect("mkfifo");
        assert!(made.success());
        let code = run_with_deadline(&dir, &["check"]);
        assert!(code == 2 || code == 3, "{victim}: exit {code}");
    }
}

#[test]
fn a_second_writer_is_refused_naming_the_first() {
    let (dir, _home) = project();
    let lock = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(dir.join(".forklayer.lock"))
        .expect("open");
    lock.try_lock().expect("lock");
    // The holder names itself, as a running forklayer does: a live pid.
    let holder = std::process::Command::new("sleep").arg("30").spawn().expect("sleep");
    std::fs::write(dir.join(".forklayer.lock"), format!("{}\n", holder.id())).expect("write");
    let before = state(dir.path());
    for args in [&["gen-patches"][..], &["check"]] {
        let run = dir.run(&[&["--json"][..], args].concat());
        run.assert_code(2);
        assert_eq!(json_code(&run), "busy", "{}", run.stdout);
    }
    assert_eq!(state(dir.path()), before);
    let mut holder = holder;
    let _ = holder.kill();
    let _ = holder.wait();
    drop(lock);
    dir.run(&["gen-patches"]).assert_code(0);
}

#[test]
fn gen_patches_writes_manifests_and_own_copies_together_or_not_at_all() {
    let (dir, _home) = project();
    dir.write("plugins/mine/package.json", "{\"name\": \"mine\"}\n");
    dir.write("plugins/mine/lib/index.js", "export const v = 1;\n");
    dir.declare(&["pkg"], &[], &[("mine", "plugins/mine", &["lib", "package.json"])]);
    dir.run(&["gen-patches"]).assert_code(0);
    // The fork and the own package both change; one own file cannot be written.
    dir.write("profile/forks/@acme/pkg/a.js", "let a = 3;\r\n");
    dir.write("plugins/mine/lib/index.js", "export const v = 2;\n");
    let stuck = dir.join("profile/forks/@acme/mine/lib/index.js");
    let before = state(dir.path());
    immutable(&stuck, true);
    let run = dir.run(&["gen-patches"]);
    immutable(&stuck, false);
    run.assert_code(3);
    assert!(run.stderr.contains("put back"), "{}", run.stderr);
    assert_eq!(state(dir.path()), before, "neither patches/ nor the own copy changed");
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn a_planted_dist_link_does_not_carry_a_release_outside() {
    let (dir, home) = project();
    dir.write("README.md", "# r\n");
    dir.write("LICENSE", "MIT\n");
    dir.write("install.sh", "#!/bin/sh\n");
    dir.write("install.ps1", "\r\n");
    dir.write("tools/verify.mjs", "\n");
    dir.write("profile/package.json", "{}\n");
    std::os::unix::fs::symlink(home.path(), dir.join("dist")).expect("symlink");
    let home_before = state(home.path());
    let run = dir.run(&["--json", "release", "--source-date-epoch", "1700000000"]);
    run.assert_code(2);
    assert_eq!(json_code(&run), "unsafe_target", "{}", run.stdout);
    assert_eq!(state(home.path()), home_before);
}

#[test]
fn a_planted_lock_link_never_truncates_its_target() {
    let (dir, home) = project();
    // The project's earlier runs left a lock file; the attacker's commit
    // replaces it by a link.
    let _ = std::fs::remove_file(dir.join(".forklayer.lock"));
    std::os::unix::fs::symlink(home.join("settings.json"), dir.join(".forklayer.lock")).expect("symlink");
    let home_before = state(home.path());
    for args in [&["gen-patches"][..], &["check"]] {
        let run = dir.run(args);
        assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("help:"), "{}", run.stderr);
    }
    assert_eq!(state(home.path()), home_before, "the user's settings.json keeps its bytes");
}

#[test]
fn a_lock_file_hard_linked_to_a_users_file_is_refused_and_never_truncated() {
    let (dir, home) = project();
    let _ = std::fs::remove_file(dir.join(".forklayer.lock"));
    std::fs::hard_link(home.join("settings.json"), dir.join(".forklayer.lock")).expect("ln");
    let home_before = state(home.path());
    let run = dir.run(&["--json", "gen-patches"]);
    run.assert_code(3);
    assert_eq!(json_code(&run), "not_a_file", "{}", run.stdout);
    assert!(run.stdout.contains("hard link"), "the help says why: {}", run.stdout);
    assert_eq!(state(home.path()), home_before, "the user's settings.json keeps its bytes");
}
