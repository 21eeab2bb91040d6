//! `check`: the offline round trip, including lock integrity, stale
//! manifests, own packages and the profile's package.json.

use crate::util::{snapshot_from_tarballs, NpmPackage, TestDir};

/// A repo with one forked, one carried and one own package, consistent.
fn consistent_repo() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["f"], &["c"], &[("own", "plugins/own", &["lib", "package.json"])]);
    let f = NpmPackage::new("f", "1.0.0").file("a.js", "let mode = 'a';\n");
    let c = NpmPackage::new("c", "1.0.0").file("c.js", "c\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&f, &c]).assert_code(0);
    dir.write_package("profile/forks/@acme/f", &f.clone().file("a.js", "let mode = 'b';\n"));
    dir.write_package("profile/forks/@acme/c", &c);
    dir.write("plugins/own/package.json", "{\"name\": \"@acme/own\"}\n");
    dir.write("plugins/own/lib/index.js", "export {}\n");
    dir.write("plugins/own/src/index.ts", "not shipped\n");
    dir.write(
        "profile/package.json",
        r#"{"dependencies": {
  "@acme/c": "file:./forks/@acme/c",
  "@acme/f": "file:./forks/@acme/f",
  "@acme/own": "file:./forks/@acme/own",
  "left-pad": "1.0.0"
}}"#,
    );
    dir.run(&["gen-patches"]).assert_code(0);
    dir
}

#[test]
fn a_consistent_layer_passes_and_own_packages_are_copied_from_include() {
    let dir = consistent_repo();
    assert!(dir.exists("profile/forks/@acme/own/lib/index.js"));
    assert!(!dir.exists("profile/forks/@acme/own/src"));
    let run = dir.run(&["--json", "check"]);
    run.assert_code(0);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["schema"], "forklayer.check/1");
    assert_eq!(doc["ok"], true);
}

#[test]
fn a_touched_upstream_file_is_an_integrity_error() {
    let dir = consistent_repo();
    dir.write("upstream/@acme/c/c.js", "tampered\n");
    let run = dir.run(&["check"]);
    run.assert_code(3);
    assert!(run.stdout.contains("`@acme/c/c.js` has changed"), "{}", run.stdout);
}

#[test]
fn a_fork_edited_without_gen_patches_is_reported() {
    let dir = consistent_repo();
    dir.write("profile/forks/@acme/f/a.js", "let mode = 'c';\n");
    let run = dir.run(&["check"]);
    run.assert_code(1);
    assert!(run.stdout.contains("content: `@acme/f/a.js` differs"), "{}", run.stdout);
    assert!(run.stdout.contains("`f.json` is stale"), "{}", run.stdout);
}

#[test]
fn an_own_package_copy_that_differs_from_its_source_is_reported() {
    let dir = consistent_repo();
    dir.write("plugins/own/lib/index.js", "export const x = 1;\n");
    let run = dir.run(&["check"]);
    run.assert_code(1);
    assert!(run.stdout.contains("@acme/own/lib/index.js"), "{}", run.stdout);
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn profile_dependencies_must_match_the_declaration() {
    let dir = consistent_repo();
    dir.write(
        "profile/package.json",
        r#"{"dependencies": {"@acme/f": "file:./forks/@acme/f", "@acme/c": "^1.0.0", "@acme/stray": "1"}}"#,
    );
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(
        run.stdout.contains("dependency `@acme/own` is missing; add `\"@acme/own\": \"file:./forks/@acme/own\"`"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("dependency `@acme/c` is `^1.0.0`"), "{}", run.stdout);
    assert!(run.stdout.contains("`@acme/stray` is not declared"), "{}", run.stdout);
}

#[test]
fn a_carried_package_that_differs_is_refused_by_gen_patches() {
    let dir = consistent_repo();
    dir.write("profile/forks/@acme/c/c.js", "changed\n");
    let run = dir.run(&["gen-patches"]);
    run.assert_code(2);
    assert!(run.stderr.contains("carried package `@acme/c` differs from upstream"), "{}", run.stderr);
    assert!(run.stderr.contains("help: move the package"), "{}", run.stderr);
}

#[test]
fn manifests_of_packages_that_no_longer_differ_are_removed() {
    let dir = consistent_repo();
    assert!(dir.exists("patches/f.json"));
    dir.write("profile/forks/@acme/f/a.js", "let mode = 'a';\n");
    dir.run(&["gen-patches"]).assert_code(0);
    assert!(!dir.exists("patches/f.json"));
    assert!(!dir.exists("patches/f.diff"));
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn paths_can_be_overridden_and_the_directory_chosen_with_dash_c() {
    let dir = consistent_repo();
    std::fs::rename(dir.join("patches"), dir.join("other-patches")).expect("mv");
    let outside = TestDir::new();
    let root = dir.path().to_str().expect("utf8");
    outside.run(&["-C", root, "--patches", "other-patches", "check"]).assert_code(0);
    outside.run(&["-C", root, "check"]).assert_code(1);
}

#[test]
fn an_invalid_declaration_names_the_file_and_exits_2() {
    let dir = TestDir::new();
    dir.write("forklayer.toml", "[layer]\nscope = \"acme\"\n");
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(run.stderr.contains("invalid declaration"), "{}", run.stderr);
    assert!(run.stderr.contains("forklayer.toml"), "{}", run.stderr);
}

#[test]
fn an_undeclared_directory_in_upstream_is_an_integrity_error() {
    let dir = consistent_repo();
    dir.write("upstream/@acme/stray/index.js", "x\n");
    dir.write("upstream/@acme/notes.txt", "x\n");
    let run = dir.run(&["check"]);
    run.assert_code(3);
    assert!(run.stdout.contains("`@acme/stray` is in `upstream/` but not in the lock file"), "{}", run.stdout);
    assert!(run.stdout.contains("`@acme/notes.txt` is in `upstream/`"), "{}", run.stdout);
}
