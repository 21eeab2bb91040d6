//! `ignore` globs: the fork layer leaves the declared paths out (the JS
//! toolchain's layers omit every README), and every command agrees;
//! `snapshot` and the lock file keep the vendored bytes.

use serde_json::Value;

use crate::util::{commit_all, snapshot_from_tarballs, NpmPackage, TestDir};

/// Declares `pkg` (forked) and `kept` (carried) with `extra` appended to
/// the declaration, vendors 1.0.0 of both (each with READMEs) and writes
/// a fork layer without any README.
fn readme_less_layer(layer_ignore: &str, extra: &str) -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &["kept"], &[]);
    let text = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    let text = text.replace("baseline = \"1.0.0\"\n", &format!("baseline = \"1.0.0\"\n{layer_ignore}"));
    dir.write("forklayer.toml", format!("{text}{extra}"));
    let (pkg, kept) = packages("1.0.0");
    snapshot_from_tarballs(&dir, "1.0.0", &[&pkg, &kept]).assert_code(0);
    dir.write_package(
        "profile/forks/@acme/pkg",
        &pkg.without("README.md").without("docs/README.md").file("lib/a.js", "let a = 2;\n"),
    );
    dir.write_package("profile/forks/@acme/kept", &kept.without("README"));
    dir
}

fn packages(version: &str) -> (NpmPackage, NpmPackage) {
    let pkg = NpmPackage::new("pkg", version)
        .file("README.md", format!("# pkg {version}\n"))
        .file("docs/README.md", "docs\n")
        .file("lib/a.js", "let a = 1;\n");
    let kept = NpmPackage::new("kept", version).file("README", "kept\n").file("index.js", "x\n");
    (pkg, kept)
}

fn json(run: &crate::util::Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", run.stdout))
}

#[test]
fn without_ignore_the_readme_less_layer_fails_every_command() {
    let dir = readme_less_layer("", "");
    let run = dir.run(&["--json", "gen-patches"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "carried_differs");
}

#[test]
fn ignored_paths_are_left_out_by_gen_patches_rebuild_and_check() {
    let dir = readme_less_layer("ignore = [\"README*\"]\n", "");
    dir.run(&["gen-patches"]).assert_code(0);
    let manifest = String::from_utf8(dir.read("patches/pkg.json")).expect("utf8");
    assert!(!manifest.contains("README"), "the manifest must not delete ignored files:\n{manifest}");
    dir.run(&["rebuild", "--check", "profile/forks"]).assert_code(0);
    dir.run(&["rebuild", "--out", "out"]).assert_code(0);
    assert!(!dir.exists("out/@acme/pkg/README.md") && !dir.exists("out/@acme/kept/README"));
    assert!(dir.exists("out/@acme/pkg/lib/a.js"));
    dir.run(&["check"]).assert_code(0);
    // snapshot keeps the ignored bytes, and the lock file still proves them.
    assert!(dir.exists("upstream/@acme/pkg/README.md"));
    dir.write("upstream/@acme/pkg/README.md", "tampered\n");
    let run = dir.run(&["--json", "check"]);
    run.assert_code(3);
    assert!(run.stdout.contains("README.md` has changed"), "{}", run.stdout);
}

#[test]
fn a_package_ignore_adds_to_the_layer_ignore_for_that_package_only() {
    let dir = readme_less_layer("ignore = [\"/README*\"]\n", "\n[packages.ignore]\npkg = [\"docs/\"]\n");
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
    // `docs/` is ignored in `pkg` only: a docs folder in `kept` is compared.
    dir.write("profile/forks/@acme/kept/docs/x.md", "x\n");
    let run = dir.run(&["rebuild", "--check", "profile/forks"]);
    run.assert_code(1);
    assert!(run.stdout.contains("only in reference: `@acme/kept/docs/x.md`"), "{}", run.stdout);
    // ignored files the fork layer happens to hold are not compared
    dir.write("profile/forks/@acme/pkg/docs/notes.md", "mine\n");
    std::fs::remove_file(dir.join("profile/forks/@acme/kept/docs/x.md")).expect("rm");
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn an_ignore_entry_for_an_undeclared_package_or_a_bad_glob_is_a_declaration_error() {
    let dir = readme_less_layer("", "");
    let valid = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write("forklayer.toml", format!("{valid}\n[packages.ignore]\nnope = [\"x\"]\n"));
    let run = dir.run(&["--json", "check"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "invalid_declaration");
    assert!(run.stderr.contains("`packages.ignore` names `nope`"), "{}", run.stderr);
    dir.write("forklayer.toml", valid.replace("[packages]\n", "[packages]\nignore = { pkg = [\"a[b\"] }\n"));
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(run.stderr.contains("invalid ignore pattern `a[b`"), "{}", run.stderr);
}

#[test]
fn a_merge_leaves_ignored_paths_out_instead_of_conflicting() {
    let dir = readme_less_layer("ignore = [\"README*\"]\n", "");
    dir.write(".gitignore", "/tarballs/\n/new/\n");
    dir.run(&["gen-patches"]).assert_code(0);
    commit_all(&dir);
    let (pkg2, kept2) = packages("2.0.0");
    for p in [&pkg2, &kept2] {
        dir.write(&format!("new/{}", p.tgz_name()), p.tgz());
    }
    let run = dir.run(&["--json", "merge", "2.0.0", "--from", "new"]);
    run.assert_code(0);
    let doc = json(&run);
    let files = doc["files"].as_array().cloned().unwrap_or_default();
    assert!(files.iter().all(|f| !f.to_string().contains("README")), "{files:?}");
    assert!(!dir.exists("profile/forks/@acme/pkg/README.md"));
    assert_eq!(dir.read("upstream/@acme/pkg/README.md"), b"# pkg 2.0.0\n");
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn a_manifest_that_patches_an_ignored_file_names_the_glob_not_a_vanished_file() {
    let dir = readme_less_layer("ignore = [\"README*\"]\n", "");
    dir.run(&["gen-patches"]).assert_code(0);
    // `lib/` is ignored after the manifest that patches `lib/a.js` was made.
    let toml = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write("forklayer.toml", format!("{toml}\n[packages.ignore]\npkg = [\"docs/\", \"lib/\"]\n"));
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`ignore` glob `lib/`"), "{}", run.stderr);
    assert!(!run.stderr.contains("gone from the upstream package"), "{}", run.stderr);
    assert!(run.stderr.contains("help: the manifests change files the `ignore` globs"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("lib/a.js").count(), 1, "reported once:\n{}", run.stderr);
    let run = dir.run(&["--json", "check"]);
    assert_ne!(run.code, 0);
    let drift = &json(&run)["error"]["details"][0]["files"]["lib/a.js"];
    assert_eq!(drift, &serde_json::json!([{"kind": "ignored", "pattern": "lib/"}]), "{}", run.stdout);
    assert!(!dir.exists("out"));
}

#[test]
fn a_changed_file_the_ignore_globs_leave_out_is_warned_about_not_lost_silently() {
    let dir = readme_less_layer("ignore = [\"README*\"]\n", "");
    dir.run(&["gen-patches"]).assert_code(0);
    // The layer holds upstream's README unchanged: nothing to say.
    dir.write("profile/forks/@acme/kept/README", "kept\n");
    let run = dir.run(&["check"]);
    run.assert_code(0);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
    // An edited README and an added one are in no manifest or release.
    dir.write("profile/forks/@acme/kept/README", "kept, with my notes\n");
    dir.write("profile/forks/@acme/pkg/lib/README.md", "mine\n");
    for command in ["check", "gen-patches"] {
        let run = dir.run(&[command]);
        run.assert_code(0);
        for path in ["profile/forks/@acme/kept/README", "profile/forks/@acme/pkg/lib/README.md"] {
            assert!(
                run.stderr.contains(&format!("warning: `{path}` is not upstream's, but the `ignore` glob `README*`")),
                "{command}: {path} in\n{}",
                run.stderr
            );
        }
    }
    let run = dir.run(&["--json", "check"]);
    assert_eq!(
        json(&run)["ignored_changes"][0],
        serde_json::json!({"path": "@acme/kept/README", "pattern": "README*"})
    );
}
