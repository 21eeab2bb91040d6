//! `adopt`: a repository of the JS toolchain's shape, built here in code
//! (`upstream/VERSION`, `upstream/@acme/<pkg>/`, forks as
//! `profile/forks/<pkg>/` without the scope folder and without READMEs,
//! seed manifests, `verify.mjs`), becomes a forklayer repository in one
//! command, or stays exactly as it was.

use serde_json::Value;

use crate::util::{fake_npm, publish, NpmPackage, Run, TestDir};

const VERSION: &str = "0.1.0-rc.6";

fn upstream_packages() -> Vec<NpmPackage> {
    vec![
        NpmPackage::new("tool", VERSION)
            .file("README.md", "# tool\n")
            .file("lib/index.js", "export const mode = 'read-only';\nexport const x = 1;\n"),
        NpmPackage::new("sandbox", VERSION)
            .file("README.md", "# sandbox\n")
            .file("lib/docs/README", "nested\n")
            .file("lib/policy.js", "const modes = ['read-only', 'danger'];\n")
            .exec("bin/run.sh", "#!/bin/sh\n"),
        NpmPackage::new("presets", VERSION).file("README.md", "# presets\n").file("presets.json", "{}\n"),
    ]
}

/// The JS toolchain's repository: every upstream package vendored, each
/// fork without its READMEs, a seed manifest per modified package.
fn js_toolchain_repo() -> TestDir {
    let dir = TestDir::new();
    dir.write("upstream/VERSION", format!("{VERSION}\n"));
    for package in upstream_packages() {
        dir.write_package(&format!("upstream/{}", package.name), &package);
        let short = package.name.trim_start_matches("@acme/").to_string();
        let fork = match short.as_str() {
            "tool" => package.file("lib/index.js", "export const mode = 'self-checking';\nexport const x = 1;\n"),
            "sandbox" => package.file("lib/policy.js", "const modes = ['read-only', 'self-checking', 'danger'];\n"),
            _ => package,
        };
        dir.write_package(&format!("profile/forks/{short}"), &fork.without("README.md").without("lib/docs/README"));
    }
    dir.write(
        "patches/tool.json",
        r#"{"package":"@acme/tool","builtAgainst":"0.1.0-rc.6","files":{"lib/index.js":[{"old":"'read-only'","new":"'self-checking'"}]}}"#,
    );
    dir.write(
        "patches/sandbox.json",
        r#"{"package":"@acme/sandbox","builtAgainst":"0.1.0-rc.6","files":{"lib/policy.js":[{"old":"'read-only', ","new":"'read-only', 'self-checking', "}]}}"#,
    );
    dir.write("verify.mjs", "// the JS toolchain's verifier\n");
    dir.write(
        "profile/package.json",
        "{\n  \"name\": \"profile\",\n  \"dependencies\": {\n    \"@acme/presets\": \"file:./forks/presets\",\n    \"@acme/sandbox\": \"file:./forks/sandbox\",\n    \"@acme/tool\": \"file:./forks/tool\"\n  }\n}\n",
    );
    dir
}

fn json(run: &Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", run.stdout))
}

/// Every file below `sub` with its bytes, `.forklayer.lock` aside.
fn state(dir: &TestDir, sub: &str) -> Vec<(String, Vec<u8>, bool)> {
    dir.snapshot_dir(sub).into_iter().filter(|(p, _, _)| !p.ends_with(".forklayer.lock")).collect()
}

#[test]
fn adopting_offline_writes_the_declaration_and_lock_moves_the_forks_and_passes_check() {
    let dir = TestDir::new();
    let repo = js_toolchain_repo();
    let patches_before = state(&repo, "patches");
    let run = dir.run(&["--json", "adopt", repo.path().to_str().expect("utf8"), "--offline"]);
    run.assert_code(0);
    let doc = json(&run);
    assert_eq!(doc["scope"], "@acme");
    assert_eq!(doc["version"], VERSION);
    assert_eq!(doc["forked"], serde_json::json!(["sandbox", "tool"]));
    assert_eq!(doc["carried"], serde_json::json!(["presets"]));
    assert_eq!(doc["ignore"], serde_json::json!(["README*"]));
    assert_eq!(doc["integrity"]["@acme/tool"], Value::Null);
    assert!(run.stderr.contains("its integrity in the lock file is null"), "{}", run.stderr);
    let declaration = String::from_utf8(repo.read("forklayer.toml")).expect("utf8");
    for needle in ["scope = \"@acme\"", "baseline = \"0.1.0-rc.6\"", "\"README*\"", "\"presets\""] {
        assert!(declaration.contains(needle), "{needle} not in:\n{declaration}");
    }
    let lock: Value = serde_json::from_slice(&repo.read("upstream/forklayer.lock.json")).expect("lock");
    assert_eq!(lock["packages"]["@acme/tool"]["integrity"], Value::Null);
    assert!(lock["packages"]["@acme/tool"]["files"]["README.md"].is_object(), "the lock covers ignored files too");
    assert!(repo.exists("profile/forks/@acme/tool/lib/index.js") && !repo.exists("profile/forks/tool"));
    assert!(crate::util::is_exec(&repo.join("profile/forks/@acme/sandbox/bin/run.sh")));
    assert_eq!(state(&repo, "patches"), patches_before, "the manifests are kept as they are");
    let profile = String::from_utf8(repo.read("profile/package.json")).expect("utf8");
    assert!(profile.contains("\"@acme/tool\": \"file:./forks/@acme/tool\""), "{profile}");
    let check = repo.run(&["check"]);
    check.assert_code(0);
    assert!(check.stderr.contains("patches/tool.json` is in the seed format"), "{}", check.stderr);
    repo.run(&["rebuild", "--check", "profile/forks"]).assert_code(0);
    // A second adopt refuses: the repository is adopted.
    let again = dir.run(&["--json", "adopt", repo.path().to_str().expect("utf8"), "--offline"]);
    again.assert_code(2);
    assert_eq!(json(&again)["error"]["code"], "already_adopted");
}

/// A README the layer edited (or added) is left out by the README rule
/// like the ones it omits: adopt names each such file, in the dry run too,
/// instead of letting the edit drop out of everything forklayer carries.
#[test]
fn a_readme_the_fork_edited_or_added_is_named_not_dropped_in_silence() {
    let repo = js_toolchain_repo();
    repo.write("profile/forks/tool/README.md", "# tool, forked\n");
    repo.write("profile/forks/sandbox/lib/README", "added by the fork\n");
    // A README kept exactly as upstream's loses nothing: not named.
    repo.write("profile/forks/presets/README.md", "# presets\n");
    let expected = serde_json::json!([
        {"path": "@acme/sandbox/lib/README", "pattern": "README*"},
        {"path": "@acme/tool/README.md", "pattern": "README*"},
    ]);
    let dry = repo.run(&["--json", "adopt", ".", "--dry-run", "--offline"]);
    dry.assert_code(0);
    assert_eq!(json(&dry)["ignored_changes"], expected);
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(0);
    assert_eq!(json(&run)["ignored_changes"], expected);
    for path in ["profile/forks/@acme/tool/README.md", "profile/forks/@acme/sandbox/lib/README"] {
        assert!(run.stderr.contains(&format!("`{path}` is not upstream's")), "{path} not named:\n{}", run.stderr);
    }
    assert!(!run.stderr.contains("presets/README.md"), "{}", run.stderr);
}

/// A manifest forklayer already rewrote (base hashes) comes with its
/// review diff; when the diff is gone, adopt says it is missing rather
/// than that it differs from what gen-patches writes.
#[test]
fn a_forklayer_manifest_without_its_review_diff_names_the_diff_as_missing() {
    let adopted = js_toolchain_repo();
    adopted.run(&["adopt", ".", "--offline"]).assert_code(0);
    adopted.run(&["gen-patches"]).assert_code(0);
    let repo = js_toolchain_repo();
    repo.write("patches/tool.json", adopted.read("patches/tool.json"));
    let before = state(&repo, ".");
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    let message = json(&run)["error"].to_string();
    assert!(message.contains("`patches/tool.diff` is missing"), "{message}");
    assert_eq!(state(&repo, "."), before, "nothing written");
    // With the review diff beside it, the manifest is kept as it is.
    repo.write("patches/tool.diff", adopted.read("patches/tool.diff"));
    repo.run(&["adopt", ".", "--offline"]).assert_code(0);
}

#[test]
fn a_dry_run_lists_every_change_and_writes_nothing() {
    let repo = js_toolchain_repo();
    let before = state(&repo, ".");
    let run = repo.run(&["--json", "adopt", ".", "--dry-run", "--offline"]);
    run.assert_code(0);
    assert_eq!(state(&repo, "."), before);
    let changes: Vec<String> =
        json(&run)["changes"].as_array().expect("changes").iter().map(|c| c.to_string()).collect();
    let expect = [
        r#""action":"create","detail":"scope @acme, baseline 0.1.0-rc.6, 2 forked, 1 carried, ignore `README*`","path":"forklayer.toml""#,
        r#""action":"create""#,
        r#""path":"upstream/forklayer.lock.json""#,
        r#""action":"move","from":"profile/forks/presets","to":"profile/forks/@acme/presets""#,
        r#""action":"move","from":"profile/forks/sandbox","to":"profile/forks/@acme/sandbox""#,
        r#""action":"move","from":"profile/forks/tool","to":"profile/forks/@acme/tool""#,
        r#""action":"edit","detail":"`@acme/tool`: `file:./forks/@acme/tool`","path":"profile/package.json""#,
        r#""action":"keep","detail":"the manifest rebuilds the fork as it is","path":"patches/tool.json""#,
        r#""path":"verify.mjs""#,
        r#""action":"create","detail":"ignore `.forklayer.lock`, `.forklayer-journal-*`","path":".gitignore""#,
    ];
    for needle in expect {
        assert!(changes.iter().any(|c| c.contains(needle)), "{needle} not in {changes:#?}");
    }
    assert_eq!(changes.len(), 1 + 1 + 3 + 3 + 2 + 1 + 1, "{changes:#?}");
    let text = repo.run(&["adopt", ".", "--dry-run", "--offline"]);
    assert!(text.stdout.contains("move   profile/forks/tool -> profile/forks/@acme/tool"), "{}", text.stdout);
    assert!(text.stderr.contains("nothing written"), "{}", text.stderr);
}

#[test]
fn integrity_comes_from_the_registry_when_reachable() {
    let repo = js_toolchain_repo();
    let npm = fake_npm(&repo);
    let packages = upstream_packages();
    for package in &packages[..2] {
        publish(&repo, package, None);
    }
    // What an adopt killed while npm packed left behind (its process is gone).
    let mut gone = std::process::Command::new("true").spawn().expect("spawn");
    gone.wait().expect("wait");
    let leftover = format!(".forklayer-adopt-{}", gone.id());
    repo.write(&format!("{leftover}/tool-0.1.0-rc.6.tgz"), "partial");
    // `presets` is not in this registry: null, with a warning.
    let npm_arg = npm.to_str().expect("utf8");
    crate::util::log_npm_calls(&repo);
    let run = repo.run(&["--json", "adopt", ".", "--npm", npm_arg]);
    run.assert_code(0);
    // The one `npm pack` for all failed on `presets`: the two others are
    // packed again one by one; `presets`, which the registry does not
    // have, is not.
    let packs = crate::util::npm_pack_calls(&repo);
    assert_eq!(packs.len(), 3, "{packs:?}");
    assert!(packs[1..].iter().all(|p| !p.contains("presets")), "{packs:?}");
    let doc = json(&run);
    assert_eq!(doc["integrity"]["@acme/tool"], forklayer::npm::sri_sha512(&packages[0].tgz()));
    assert_eq!(doc["integrity"]["@acme/presets"], Value::Null);
    assert!(run.stderr.contains("`@acme/presets@0.1.0-rc.6`: the registry could not be asked"), "{}", run.stderr);
    let lock: Value = serde_json::from_slice(&repo.read("upstream/forklayer.lock.json")).expect("lock");
    assert_eq!(lock["packages"]["@acme/tool"]["source"], "registry");
    assert_eq!(lock["packages"]["@acme/presets"]["source"], "directory");
    assert!(!repo.exists(&leftover), "a dead adopt's npm scratch directory is cleaned up");
    repo.run(&["check"]).assert_code(0);
}

/// npm takes about half a second to start: adopt packs every package in
/// one call, as snapshot does.
#[test]
fn adopt_packs_every_package_in_one_npm_call() {
    let repo = js_toolchain_repo();
    let npm = fake_npm(&repo);
    for package in upstream_packages() {
        publish(&repo, &package, None);
    }
    crate::util::log_npm_calls(&repo);
    repo.run(&["adopt", ".", "--npm", npm.to_str().expect("utf8")]).assert_code(0);
    let packs = crate::util::npm_pack_calls(&repo);
    assert_eq!(packs.len(), 1, "{packs:?}");
    let lock: Value = serde_json::from_slice(&repo.read("upstream/forklayer.lock.json")).expect("lock");
    for package in upstream_packages() {
        assert_eq!(lock["packages"][&package.name]["integrity"], forklayer::npm::sri_sha512(&package.tgz()));
    }
    repo.run(&["check"]).assert_code(0);
}

#[test]
fn vendored_bytes_that_are_not_the_registrys_are_refused_and_nothing_is_written() {
    let repo = js_toolchain_repo();
    let npm = fake_npm(&repo);
    for package in upstream_packages() {
        let package = if package.name == "@acme/tool" { package.file("lib/index.js", "other\n") } else { package };
        publish(&repo, &package, None);
    }
    let before = state(&repo, ".");
    let run = repo.run(&["--json", "adopt", ".", "--npm", npm.to_str().expect("utf8")]);
    run.assert_code(3);
    assert_eq!(json(&run)["error"]["code"], "not_registry_bytes");
    assert!(
        run.stderr.contains("vendored `@acme/tool@0.1.0-rc.6` differs from the registry's tarball"),
        "{}",
        run.stderr
    );
    // Each side named as what it is (no `rebuild` or `reference` here).
    let vendored = repo.read("upstream/@acme/tool/lib/index.js").len();
    let sides = format!("`lib/index.js` differs (the registry's tarball 6 bytes, vendored {vendored} bytes)");
    assert!(run.stderr.contains(&sides), "{sides} not in:\n{}", run.stderr);
    assert_eq!(state(&repo, "."), before);
}

/// A package without a manifest must equal upstream; what differs is
/// named by side (`upstream`, `the fork`), not in `rebuild --check`'s
/// words, since nothing was rebuilt.
#[test]
fn a_fork_without_a_manifest_names_how_it_differs_from_upstream() {
    let repo = js_toolchain_repo();
    repo.write("profile/forks/presets/presets.json", "{\"edited\": true}\n");
    repo.write("profile/forks/presets/extra.js", "added\n");
    let before = state(&repo, ".");
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    let doc = json(&run);
    assert_eq!(doc["error"]["code"], "manifest_missing");
    let message = doc["error"].to_string();
    for needle in ["`extra.js` only in the fork", "`presets.json` differs (upstream 3 bytes, the fork 17 bytes)"] {
        assert!(message.contains(needle), "{needle} not in:\n{message}");
    }
    assert_eq!(state(&repo, "."), before);
}

#[test]
fn a_manifest_that_does_not_rebuild_its_fork_is_refused_and_nothing_is_written() {
    let repo = js_toolchain_repo();
    repo.write("profile/forks/tool/lib/index.js", "export const mode = 'edited later';\nexport const x = 1;\n");
    let before = state(&repo, ".");
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    let doc = json(&run);
    assert_eq!(doc["error"]["code"], "does_not_rebuild");
    let (rebuilt, fork) = (
        "export const mode = 'self-checking';\nexport const x = 1;\n".len(),
        repo.read("profile/forks/tool/lib/index.js").len(),
    );
    let sides = format!("`lib/index.js` differs (the rebuild {rebuilt} bytes, the fork {fork} bytes)");
    assert!(run.stderr.contains(&sides), "{sides} not in:\n{}", run.stderr);
    assert!(run.stderr.contains("help: regenerate the manifest"), "{}", run.stderr);
    assert_eq!(state(&repo, "."), before);
}

#[test]
fn shapes_adopt_cannot_take_over_are_named() {
    let repo = js_toolchain_repo();
    std::fs::remove_dir_all(repo.join("profile/forks/presets")).expect("rm");
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "unpaired_package");
    assert!(
        run.stderr.contains("package `presets` is in `upstream/@acme` but not in `profile/forks`"),
        "{}",
        run.stderr
    );
    let empty = TestDir::new();
    let run = empty.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "not_adoptable");
    assert!(run.stderr.contains("`upstream/VERSION` is missing"), "{}", run.stderr);
}

/// `upstream/VERSION` becomes `layer.baseline`, which must be an exact
/// version: one with a BOM or a range is named before anything is
/// written (it was written, then refused by the check, exit 101).
#[test]
fn a_vendored_version_that_is_no_exact_version_is_named() {
    for version in ["\u{feff}0.1.0-rc.6\n", "^0.1.0\n"] {
        let repo = js_toolchain_repo();
        repo.write("upstream/VERSION", version);
        let before = whole_tree(&repo);
        let run = repo.run(&["--json", "adopt", ".", "--offline"]);
        run.assert_code(2);
        assert_eq!(json(&run)["error"]["code"], "not_adoptable", "{version:?}: {}", run.stdout);
        assert!(run.stderr.contains("is not an exact version"), "{version:?}: {}", run.stderr);
        let after: Vec<_> = whole_tree(&repo).into_iter().filter(|(p, _, _)| p != ".forklayer.lock").collect();
        assert_eq!(after, before, "{version:?}: nothing written");
    }
}

/// Every file, hidden ones included, with bytes and mode: what a user's
/// `git status` or a tree hash would see.
fn whole_tree(dir: &TestDir) -> Vec<(String, Vec<u8>, bool)> {
    dir.snapshot_dir(".")
}

#[test]
fn a_dry_run_and_a_refusal_leave_no_file_behind_not_even_the_project_lock() {
    let repo = js_toolchain_repo();
    let before = whole_tree(&repo);
    repo.run(&["adopt", ".", "--dry-run", "--offline"]).assert_code(0);
    assert_eq!(whole_tree(&repo), before, "a dry run writes nothing");
    repo.write("profile/forks/tool/lib/index.js", "export const mode = 'edited later';\n");
    let before = whole_tree(&repo);
    repo.run(&["adopt", ".", "--offline"]).assert_code(2);
    assert_eq!(whole_tree(&repo), before, "a refused adopt writes nothing");
    // A successful adopt writes what it lists and nothing else.
    let repo = js_toolchain_repo();
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(0);
    assert!(!repo.exists(".forklayer.lock"), "{:?}", repo.files_below("."));
    assert!(!run.stderr.contains("/./"), "paths are shown without `.` components: {}", run.stderr);
}

/// What `check` would report once adopted (so adopt used to write
/// everything, then fail "with a bug") is refused up front, naming the
/// path, and nothing is written.
#[test]
fn what_check_would_report_after_adopting_is_refused_before_anything_is_written() {
    type Spoil = dyn Fn(&TestDir);
    let cases: [(&str, &Spoil, &str); 6] = [
        (
            "a file at the fork layer's root",
            &|r| r.write("profile/forks/README.md", "# forks\n"),
            "`profile/forks/README.md` is no package",
        ),
        (
            "a manifest of no package",
            &|r| r.write("patches/ghost.json", r#"{"package":"@acme/ghost","builtAgainst":"0.1.0-rc.6","files":{}}"#),
            "`patches/ghost.json` belongs to no vendored package",
        ),
        (
            "a manifest that changes nothing",
            &|r| {
                r.write("patches/presets.json", r#"{"package":"@acme/presets","builtAgainst":"0.1.0-rc.6","files":{}}"#)
            },
            "`patches/presets.json` changes nothing",
        ),
        (
            "a review diff of a carried package",
            &|r| r.write("patches/presets.diff", "--- a\n"),
            "`patches/presets.diff` is a review diff of `@acme/presets`",
        ),
        (
            "a file in the scope folder",
            &|r| r.write("upstream/@acme/.DS_Store", "x"),
            "`upstream/@acme/.DS_Store` is no package",
        ),
        (
            "an unscoped package beside the scope folder",
            &|r| r.write("upstream/lodash/package.json", r#"{"name":"lodash","version":"1.0.0"}"#),
            "`upstream/lodash/` is a package outside the scope folder",
        ),
    ];
    for (what, spoil, message) in cases {
        let repo = js_toolchain_repo();
        spoil(&repo);
        let before = whole_tree(&repo);
        let run = repo.run(&["--json", "adopt", ".", "--offline"]);
        run.assert_code(2);
        assert_eq!(json(&run)["error"]["code"], "not_adoptable", "{what}");
        assert!(run.stderr.contains(message), "{what}: {}", run.stderr);
        assert!(run.stderr.contains("help: "), "{what}: {}", run.stderr);
        assert_eq!(whole_tree(&repo), before, "{what}: nothing is written");
    }
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_for_a_package_directory_is_named() {
    let repo = js_toolchain_repo();
    std::fs::rename(repo.join("profile/forks/presets"), repo.join("elsewhere")).expect("mv");
    std::os::unix::fs::symlink("../../elsewhere", repo.join("profile/forks/presets")).expect("ln");
    let run = repo.run(&["adopt", ".", "--offline"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`profile/forks/presets` is a symbolic link"), "{}", run.stderr);
}

#[test]
fn a_kept_manifest_built_against_another_version_is_a_warning_and_a_json_field() {
    let repo = js_toolchain_repo();
    let manifest = String::from_utf8(repo.read("patches/tool.json")).expect("utf8");
    repo.write(
        "patches/tool.json",
        manifest.replace("\"builtAgainst\":\"0.1.0-rc.6\"", "\"builtAgainst\":\"0.1.0-rc.5\""),
    );
    let run = repo.run(&["--json", "adopt", ".", "--offline", "--dry-run"]);
    run.assert_code(0);
    let warning = "`@acme/tool`: manifest built against 0.1.0-rc.5, applied to upstream 0.1.0-rc.6";
    assert!(run.stderr.contains(warning), "{}", run.stderr);
    let doc = json(&run);
    assert_eq!(
        doc["built_against"],
        serde_json::json!([{"package": "@acme/tool", "built_against": "0.1.0-rc.5", "upstream": "0.1.0-rc.6"}])
    );
}

#[test]
fn npm_spellings_of_the_fork_links_are_moved_too() {
    let repo = js_toolchain_repo();
    let profile = String::from_utf8(repo.read("profile/package.json")).expect("utf8");
    repo.write(
        "profile/package.json",
        profile
            .replace("file:./forks/tool", "file:forks/tool")
            .replace("file:./forks/presets", "file:./forks/presets/"),
    );
    repo.run(&["adopt", ".", "--offline"]).assert_code(0);
    let profile = String::from_utf8(repo.read("profile/package.json")).expect("utf8");
    assert!(profile.contains("\"@acme/tool\": \"file:./forks/@acme/tool\""), "{profile}");
    assert!(profile.contains("\"@acme/presets\": \"file:./forks/@acme/presets\""), "{profile}");
    repo.run(&["check"]).assert_code(0);
}

/// A carried package big enough that the journaled update takes a while.
fn big_repo() -> TestDir {
    let repo = js_toolchain_repo();
    for i in 0..3_000 {
        let text = format!("export const n{i} = {i};\n");
        repo.write(&format!("upstream/@acme/presets/lib/d{}/f{i}.js", i % 30), &text);
        repo.write(&format!("profile/forks/presets/lib/d{}/f{i}.js", i % 30), &text);
    }
    repo
}

/// `kill -9` while adopt writes (its undo journal exists): running adopt
/// again rolls the half-written update back and adopts anew, instead of
/// calling the repository adopted. The declaration an interrupted adopt
/// wrote before its update is taken over the same way.
#[cfg(unix)]
#[test]
fn an_adopt_killed_while_writing_is_rolled_back_and_adopted_by_the_next_adopt() {
    let (repo, journal) = adopt_killed_while_writing(|_| {});
    let again = repo.run(&["adopt", ".", "--offline"]);
    again.assert_code(0);
    assert!(again.stderr.contains("rolled back what an interrupted adopt"), "{}", again.stderr);
    assert!(!journal.exists());
    repo.run(&["check"]).assert_code(0);
    // Killed between writing the declaration and the update.
    let done = js_toolchain_repo();
    done.run(&["adopt", ".", "--offline"]).assert_code(0);
    let repo = js_toolchain_repo();
    repo.write("forklayer.toml", done.read("forklayer.toml"));
    repo.run(&["adopt", ".", "--offline"]).assert_code(0);
    repo.run(&["check"]).assert_code(0);
    // A declaration adopt did not write (or edited since) is never taken over.
    let repo = js_toolchain_repo();
    let edited = String::from_utf8(done.read("forklayer.toml")).expect("utf8").replace("0.1.0-rc.6", "0.1.0-rc.5");
    repo.write("forklayer.toml", edited);
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(2);
    assert_eq!(json(&run)["error"]["code"], "already_adopted");
}

/// `kill -9` while adopt writes, then any other command: the journal an
/// adopt leaves (it created the declaration and edited `.gitignore`) is
/// rolled back there too, not called damaged, and the user's
/// `.gitignore` comes back byte for byte.
#[cfg(unix)]
#[test]
fn an_adopt_killed_while_writing_is_rolled_back_by_any_command() {
    let user_rules = |repo: &TestDir| repo.write(".gitignore", "node_modules/\r\nmy rules\n");
    let before = {
        let repo = big_repo();
        user_rules(&repo);
        whole_tree(&repo)
    };
    let (repo, journal) = adopt_killed_while_writing(user_rules);
    let check = repo.run(&["check"]);
    assert!(check.stderr.contains("rolled back an update"), "{}", check.stderr);
    assert!(!check.stderr.contains("damaged"), "{}", check.stderr);
    assert!(!journal.exists());
    let after: Vec<_> = whole_tree(&repo).into_iter().filter(|(p, _, _)| p != ".forklayer.lock").collect();
    assert_eq!(after, before, "the repository is as it was before adopt");
    repo.run(&["adopt", ".", "--offline"]).assert_code(0);
}

/// Killed while it wrote the declaration (cut short, no header left):
/// the next adopt still knows it for its own.
#[cfg(unix)]
#[test]
fn an_adopt_killed_while_writing_its_declaration_is_adopted_by_the_next_adopt() {
    let (repo, journal) = adopt_killed_while_writing(|_| {});
    repo.write("forklayer.toml", "");
    repo.run(&["adopt", ".", "--offline"]).assert_code(0);
    assert!(!journal.exists());
    repo.run(&["check"]).assert_code(0);
}

/// A [`big_repo`] (after `prepare`) whose adopt was killed while writing,
/// and the journal it left.
#[cfg(unix)]
fn adopt_killed_while_writing(prepare: impl Fn(&TestDir)) -> (TestDir, std::path::PathBuf) {
    for _attempt in 0..5 {
        let repo = big_repo();
        prepare(&repo);
        if let Some(journal) = repo.kill_while_writing(&["adopt", ".", "--offline"]) {
            return (repo, journal);
        }
    }
    panic!("no run was killed while writing");
}

/// npm ships README files in any case; globs are case-sensitive. A layer
/// that omits `readme.md` too gets a rule for that spelling, and only then.
#[test]
fn readme_files_in_another_case_that_the_layer_omits_get_their_own_rule() {
    let repo = js_toolchain_repo();
    repo.write("upstream/@acme/presets/readme.markdown", "# lower\n");
    repo.write("upstream/@acme/tool/Readme.txt", "# title\n");
    repo.write("profile/forks/tool/Readme.txt", "# title\n");
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(0);
    assert_eq!(json(&run)["ignore"], serde_json::json!(["README*", "readme*"]));
    assert_eq!(json(&run)["carried"], serde_json::json!(["presets"]));
    let declaration = String::from_utf8(repo.read("forklayer.toml")).expect("utf8");
    assert!(declaration.contains("  \"readme*\",\n"), "{declaration}");
    repo.run(&["check"]).assert_code(0);
}

/// `adopt <dir>` names the repository relative to where forklayer runs
/// (or to `-C`), like every other path: not only `.` or an absolute path.
#[test]
fn a_relative_repository_path_is_resolved_from_the_working_directory_and_from_dash_c() {
    let parent = TestDir::new();
    let build = |rel: &str| {
        let repo = js_toolchain_repo();
        std::fs::rename(repo.path(), parent.join(rel)).expect("move the repository");
    };
    build("repo");
    let run = parent.run(&["--json", "adopt", "repo", "--offline"]);
    run.assert_code(0);
    assert!(parent.exists("repo/forklayer.toml") && !parent.exists("forklayer.toml"));
    std::fs::create_dir(parent.join("work")).expect("mkdir");
    build("work/other");
    parent.run(&["-C", "work", "adopt", "other", "--offline"]).assert_code(0);
    assert!(parent.exists("work/other/forklayer.toml"));
    parent.run(&["-C", "work/other", "check"]).assert_code(0);
}

#[test]
fn adopt_teaches_git_to_ignore_the_project_lock_and_journals_keeping_the_gitignore_bytes() {
    let repo = js_toolchain_repo();
    // The user's own .gitignore: CRLF, no final newline, one line present.
    repo.write(".gitignore", "node_modules/\r\n.forklayer.lock");
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git").args(args).current_dir(repo.path()).output().expect("git");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q"]);
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(0);
    let edit = json(&run)["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .find(|c| c["path"] == ".gitignore")
        .cloned()
        .expect("a .gitignore change");
    assert_eq!(edit["action"], "edit");
    assert_eq!(edit["detail"], "ignore `.forklayer-journal-*`");
    assert_eq!(
        repo.read(".gitignore"),
        b"node_modules/\r\n.forklayer.lock\r\n# forklayer's project lock and undo journals (never committed)\r\n.forklayer-journal-*\r\n"
    );
    repo.run(&["check"]).assert_code(0);
    assert!(repo.exists(".forklayer.lock"), "check takes the project lock");
    let status = git(&["status", "--porcelain", "--untracked-files=all"]);
    assert!(!status.contains(".forklayer"), "git sees forklayer's local files:\n{status}");
}

#[test]
fn the_host_pinned_at_the_baseline_is_declared_as_a_pin_and_other_scoped_registry_packages_are_refused_clearly() {
    let repo = js_toolchain_repo();
    let profile = String::from_utf8(repo.read("profile/package.json")).expect("utf8");
    let with_host = profile.replace(
        "    \"@acme/tool\": \"file:./forks/tool\"\n",
        &format!("    \"@acme/tool\": \"file:./forks/tool\",\n    \"@acme/dsh\": \"{VERSION}\"\n"),
    );
    repo.write("profile/package.json", &with_host);
    let run = repo.run(&["--json", "adopt", ".", "--offline"]);
    run.assert_code(0);
    assert_eq!(json(&run)["pins"], serde_json::json!(["dependencies.\"@acme/dsh\""]));
    let create = &json(&run)["changes"][0];
    assert!(create["detail"].as_str().is_some_and(|d| d.ends_with(", pin `dependencies.\"@acme/dsh\"`")), "{create}");
    let declaration = String::from_utf8(repo.read("forklayer.toml")).expect("utf8");
    assert!(
        declaration
            .contains("[[pins]]\nfile = \"profile/package.json\"\nkeys = [\n  'dependencies.\"@acme/dsh\"',\n]\n"),
        "{declaration}"
    );
    let check = repo.run(&["check"]);
    check.assert_code(0);

    // A package of the scope at another version is no pin: refused before
    // anything is written, said for adopt (there is no forklayer.toml yet).
    let repo = js_toolchain_repo();
    repo.write("profile/package.json", with_host.replace(&format!("\"{VERSION}\""), "\"^9.0.0\""));
    let before = state(&repo, ".");
    let run = repo.run(&["adopt", ".", "--offline"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("dependency `@acme/dsh` is of the scope but `upstream/` does not vendor it"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("forklayer.toml"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("package.json`").count(), 1, "the file is named once:\n{}", run.stderr);
    assert_eq!(state(&repo, "."), before);
}
