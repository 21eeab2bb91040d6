//! Drift: manifests that no longer apply fail completely and loudly, with
//! exit code 2, and leave no output tree.

use crate::util::{snapshot_from_tarballs, NpmPackage, TestDir};

fn repo_with_seed_manifest(base_text: &str, manifest: &str) -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", base_text);
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write("patches/pkg.json", manifest);
    dir
}

#[test]
fn a_vanished_anchor_is_reported_with_index_count_and_nearest_line() {
    let dir = repo_with_seed_manifest(
        "line one\nconst mode = 'workspace-write';\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"const mode = 'read-only';","new":"x"}]}}"#,
    );
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("@acme/pkg/a.js"), "{}", run.stderr);
    assert!(run.stderr.contains("replacement #0: not found"), "{}", run.stderr);
    assert!(run.stderr.contains("nearest candidate: upstream line 2"), "{}", run.stderr);
    assert!(!dir.exists("out"), "no output tree may be written");
}

#[test]
fn an_ambiguous_anchor_is_reported_and_every_failure_listed() {
    let dir = repo_with_seed_manifest(
        "a();\na();\nb();\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"a();","new":"x"},{"old":"zzz","new":"y"},{"old":"b();","new":"c();"}]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("error: upstream drifted:\n  @acme/pkg/a.js: 2 replacement(s) no longer apply\n    replacement #0: found 2 times"), "{}", run.stderr);
    assert!(run.stderr.contains("replacement #1: not found"), "{}", run.stderr);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["ok"], false);
    assert_eq!(doc["error"]["code"], "drift");
    assert_eq!(doc["error"]["details"][0]["files"]["a.js"][0]["failures"].as_array().expect("failures").len(), 2);
    assert!(!dir.exists("out"));
}

#[test]
fn a_changed_base_file_is_named_before_anchors() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\nlet b = 2;\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 1;\nlet b = 3;\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    let newer = NpmPackage::new("pkg", "1.0.1").file("a.js", "let a = 10;\nlet b = 2;\n");
    snapshot_from_tarballs(&dir, "1.0.1", &[&newer]).assert_code(0);
    std::fs::create_dir_all(dir.join("out/@acme/keep")).expect("mkdir");
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("a.js: base file changed"), "{}", run.stderr);
    assert!(dir.exists("out/@acme/keep"), "a failed rebuild must not touch the previous output");
}

#[test]
fn a_missing_upstream_package_is_a_drift_error() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "a\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    std::fs::remove_dir_all(dir.join("upstream/@acme/pkg")).expect("rm");
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("upstream package `@acme/pkg` is missing"), "{}", run.stderr);
    assert!(run.stderr.contains("help: run `forklayer snapshot"), "{}", run.stderr);
    assert!(!dir.exists("out"));
}

#[test]
fn rebuild_check_reports_missing_extra_content_and_mode_differences() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "a\n").file("b.js", "b\n").file("c.sh", "c\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    let reference = base.clone().without("a.js").file("b.js", "B\n").exec("c.sh", "c\n").file("extra.js", "e\n");
    dir.write_package("ref/@acme/pkg", &reference);
    let run = dir.run(&["rebuild", "--check", "ref"]);
    run.assert_code(1);
    for needle in [
        "only in rebuild: `@acme/pkg/a.js`",
        "content: `@acme/pkg/b.js`",
        "mode: `@acme/pkg/c.sh`",
        "only in reference: `@acme/pkg/extra.js`",
    ] {
        assert!(run.stdout.contains(needle), "{needle} not in {}", run.stdout);
    }
    let run = dir.run(&["--json", "rebuild", "--check", "ref"]);
    run.assert_code(1);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let kinds: Vec<(&str, &str)> = doc["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|d| (d["kind"].as_str().unwrap_or_default(), d["path"].as_str().unwrap_or_default()))
        .collect();
    assert!(kinds.contains(&("only_in_rebuild", "@acme/pkg/a.js")), "{kinds:?}");
    assert!(kinds.contains(&("only_in_reference", "@acme/pkg/extra.js")), "{kinds:?}");
    // Values are named by their side too: the reference's `c.sh` is
    // executable and its `b.js` is `B\n`; the rebuild keeps upstream's.
    let find = |path: &str| {
        doc["differences"].as_array().and_then(|all| all.iter().find(|d| d["path"] == path)).cloned().expect(path)
    };
    let mode = find("@acme/pkg/c.sh");
    assert_eq!((mode["rebuilt_mode"].as_str(), mode["reference_mode"].as_str()), (Some("0644"), Some("0755")));
    let content = find("@acme/pkg/b.js");
    assert_eq!((content["rebuilt_size"].as_u64(), content["reference_size"].as_u64()), (Some(2), Some(2)));
}

#[test]
fn an_ambiguous_anchor_is_reported_at_the_lines_of_the_upstream_file() {
    // Replacement #0 adds a line, so #1's two matches (upstream lines 3
    // and 5) sit on lines 4 and 6 of the partly patched text.
    let dir = repo_with_seed_manifest(
        "head\nx\ndup();\ny\ndup();\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"head\n","new":"head\nnew\n"},{"old":"dup();","new":"z"}]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("found 2 times"), "{}", run.stderr);
    assert!(
        run.stderr.contains("occurrences at upstream lines 3, 5 (lines 4, 6 of the file as patched"),
        "{}",
        run.stderr
    );
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let failure = &doc["error"]["details"][0]["files"]["a.js"][0]["failures"][0];
    assert_eq!(failure["upstream_lines"], serde_json::json!([3, 5]));
    assert_eq!(failure["patched_lines"], serde_json::json!([4, 6]));
    assert!(failure.get("written_by").is_none(), "both places are upstream text: {failure}");
}

#[test]
fn an_occurrence_in_text_an_earlier_replacement_wrote_is_labelled_in_text_and_json() {
    // #0 writes a second `dup();` at upstream line 1: no upstream line holds
    // it, so the report says whose text it is.
    let dir = repo_with_seed_manifest(
        "head\nx\ndup();\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"head\n","new":"head\ndup();\n"},{"old":"dup();","new":"z"}]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("occurrences at upstream lines 1 (inside the text replacement #0 writes there), 3 (lines 2, 4 of the file as patched"),
        "{}",
        run.stderr
    );
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let failure = &doc["error"]["details"][0]["files"]["a.js"][0]["failures"][0];
    assert_eq!(failure["upstream_lines"], serde_json::json!([1, 3]));
    assert_eq!(failure["written_by"], serde_json::json!([0, null]));
    assert_eq!(failure["nearest"].as_str().map(|n| run.stderr.contains(n)), Some(true), "text and JSON agree");
}

#[test]
fn seed_manifest_drift_does_not_blame_upstream_and_names_built_against() {
    let dir = repo_with_seed_manifest(
        "let a = 1;\n",
        r#"{"package":"@acme/pkg","builtAgainst":"0.9.0","files":{"a.js":[{"old":"let b = 1;","new":"let b = 2;"}]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(!run.stderr.contains("the upstream base changed"), "{}", run.stderr);
    assert!(run.stderr.contains("help: the manifest records no base hashes"), "{}", run.stderr);
    assert!(
        run.stderr.contains("`@acme/pkg`: manifest built against 0.9.0, applied to upstream 1.0.0 (rebuild does not use `builtAgainst`)"),
        "{}",
        run.stderr
    );
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["details"][0]["base_recorded"], false);
    assert_eq!(doc["error"]["details"][0]["built_against"]["built_against"], "0.9.0");
}

#[test]
fn a_built_against_other_than_upstream_is_a_warning_and_a_json_field() {
    let dir = repo_with_seed_manifest(
        "let a = 1;\n",
        r#"{"package":"@acme/pkg","builtAgainst":"0.9.0","files":{"a.js":[{"old":"a = 1","new":"a = 2"}]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(0);
    assert!(
        run.stderr.contains("warning: `@acme/pkg`: manifest built against 0.9.0, applied to upstream 1.0.0"),
        "{}",
        run.stderr
    );
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(
        doc["built_against"],
        serde_json::json!([{"package": "@acme/pkg", "built_against": "0.9.0", "upstream": "1.0.0"}])
    );
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"let a = 2;\n");
}

#[test]
fn rebuild_reads_another_upstream_directory_and_reports_json() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base.clone().file("a.js", "let a = 2;\n"));
    dir.run(&["gen-patches"]).assert_code(0);
    std::fs::rename(dir.join("upstream"), dir.join("pristine")).expect("mv");
    dir.run(&["rebuild", "--out", "out"]).assert_code(2);
    let run = dir.run(&["--json", "rebuild", "--upstream", "pristine", "--out", "out", "--check", "profile/forks"]);
    run.assert_code(0);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["schema"], "forklayer.rebuild/1");
    assert_eq!(doc["ok"], true);
    assert_eq!(doc["differences"], serde_json::json!([]));
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"let a = 2;\n");
}

#[test]
fn a_manifest_from_a_newer_forklayer_is_named_as_such() {
    let dir = repo_with_seed_manifest(
        "let a = 1;\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{},"forklayer":{"schema":2,"added":["a.js"]}}"#,
    );
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "manifest_schema_unsupported");
    assert!(run.stderr.contains("patches/pkg.json` uses extension schema 2"), "{}", run.stderr);
    assert!(run.stderr.contains("help: upgrade forklayer"), "{}", run.stderr);
    assert!(!dir.exists("out"));
}

#[test]
fn missing_packages_and_failing_anchors_are_reported_in_one_run() {
    let dir = TestDir::new();
    dir.declare(&["gone", "pkg"], &["carried"], &[]);
    let pkg = NpmPackage::new("pkg", "1.0.0").file("a.js", "one\n");
    let gone = NpmPackage::new("gone", "1.0.0");
    let carried = NpmPackage::new("carried", "1.0.0");
    snapshot_from_tarballs(&dir, "1.0.0", &[&gone, &pkg, &carried]).assert_code(0);
    dir.write(
        "patches/pkg.json",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"two","new":"2"}]}}"#,
    );
    std::fs::remove_dir_all(dir.join("upstream/@acme/gone")).expect("rm");
    std::fs::remove_dir_all(dir.join("upstream/@acme/carried")).expect("rm");
    let run = dir.run(&["--json", "rebuild", "--out", "out"]);
    run.assert_code(2);
    for needle in [
        "@acme/carried: upstream package is missing",
        "@acme/gone: upstream package is missing",
        "@acme/pkg/a.js: 1 replacement(s) no longer apply",
        "help: vendor the missing packages",
    ] {
        assert!(run.stderr.contains(needle), "{needle} not in:\n{}", run.stderr);
    }
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "drift");
    assert_eq!(doc["error"]["details"].as_array().map(Vec::len), Some(3));
    assert!(!dir.exists("out"));
}

#[test]
fn the_nearest_candidate_is_where_the_longest_prefix_survives() {
    // Half of `old` already matches line 1; the anchor's site is line 3,
    // which keeps all but the last few bytes.
    let dir = repo_with_seed_manifest(
        "function alpha(x) {}\nfiller\nfunction alpha(x) { return x + 1; }\n",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"function alpha(x) { return x + 2; }","new":"y"}]}}"#,
    );
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("nearest candidate: upstream line 3: \"function alpha(x) { return x + 1; }\""),
        "{}",
        run.stderr
    );
}
