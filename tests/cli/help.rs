//! `--help` documents the commands and the exit codes.

use crate::util::TestDir;

#[test]
fn top_level_help_lists_commands_and_exit_codes() {
    let run = TestDir::new().run(&["--help"]);
    run.assert_code(0);
    for needle in [
        "snapshot",
        "gen-patches",
        "rebuild",
        "check",
        "merge",
        "release",
        "adopt",
        "Exit codes:",
        "merge conflicts to resolve",
        "101",
    ] {
        assert!(run.stdout.contains(needle), "{needle} missing from:\n{}", run.stdout);
    }
}

#[test]
fn a_bad_flag_is_a_usage_error() {
    TestDir::new().run(&["rebuild", "--nope"]).assert_code(2);
}

#[test]
fn rebuild_without_out_or_check_is_a_usage_error() {
    let dir = TestDir::new();
    dir.declare(&[], &[], &[]);
    let run = dir.run(&["rebuild"]);
    run.assert_code(2);
    assert!(run.stderr.contains("needs `--out <dir>`"), "{}", run.stderr);
}

#[test]
fn a_bad_flag_with_json_still_prints_one_json_document() {
    let run = TestDir::new().run(&["--json", "check", "--nope"]);
    run.assert_code(2);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["error"]["code"], "usage");
    assert_eq!(doc["schema"], "forklayer.check/1");
    assert!(doc["error"]["message"].as_str().is_some_and(|m| m.contains("--nope")), "{doc}");
    assert_eq!(doc["error"]["help"], "run `forklayer check --help`");
}

#[test]
fn every_subcommand_documents_itself() {
    let dir = TestDir::new();
    for (cmd, needle) in [
        ("snapshot", "--from"),
        ("gen-patches", "patches/<pkg>.json"),
        ("rebuild", "--check"),
        ("check", "lock file"),
        ("merge", "--continue"),
        ("merge", "--abort"),
        ("merge", "patches/resolutions/"),
        ("status", "merge --continue"),
        ("sbom", "pedigree"),
        ("completions", "elvish"),
        ("man", "forklayer.1"),
    ] {
        let run = dir.run(&[cmd, "--help"]);
        run.assert_code(0);
        assert!(run.stdout.contains(needle), "`{cmd} --help` lacks {needle}:\n{}", run.stdout);
    }
}

#[test]
fn another_declaration_file_can_be_named() {
    let dir = TestDir::new();
    dir.declare(&[], &[], &[]);
    std::fs::rename(dir.join("forklayer.toml"), dir.join("layer.toml")).expect("mv");
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(run.stderr.contains("could not read the declaration"), "{}", run.stderr);
    assert!(run.stderr.contains("help: run from the repository root"), "{}", run.stderr);
    // An empty layer with no snapshot: the missing lock is an integrity error.
    let run = dir.run(&["--config", "layer.toml", "check"]);
    run.assert_code(3);
    assert!(run.stderr.contains("forklayer.lock.json"), "{}", run.stderr);
}

#[test]
fn overlapping_paths_in_the_declaration_are_refused_before_anything_is_written() {
    let dir = TestDir::new();
    dir.declare(&[], &[], &[]);
    let text = String::from_utf8(dir.read("forklayer.toml"))
        .expect("utf8")
        .replace("patches = \"patches\"", "patches = \"upstream\"");
    dir.write("forklayer.toml", text);
    dir.write("upstream/forklayer.lock.json", "{}\n");
    let run = dir.run(&["gen-patches"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`paths.upstream` (`"), "{}", run.stderr);
    assert!(run.stderr.contains("overlap"), "{}", run.stderr);
    assert_eq!(dir.read("upstream/forklayer.lock.json"), b"{}\n");
}
