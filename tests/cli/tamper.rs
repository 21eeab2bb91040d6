//! A manifest, `upstream/` or the fork layer changed behind forklayer's
//! back: every command that reads it refuses, names the file, and leaves a
//! previous `rebuild --out` exactly as it was.

use crate::util::{snapshot_from_tarballs, NpmPackage, TestDir};

/// A forked package whose manifest patches text, replaces binary content
/// and adds a file, with a previous rebuild in `out/`.
fn repo() -> TestDir {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &["other"], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "let a = 1;\nlet b = 1;\n").file("bin.dat", b"\0\x01");
    let other = NpmPackage::new("other", "1.0.0").file("o.js", "o\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base, &other]).assert_code(0);
    let fork = base.clone().file("a.js", "let a = 2;\nlet b = 1;\n").file("bin.dat", b"\0\x02").file("new.js", "n\n");
    dir.write_package("profile/forks/@acme/pkg", &fork);
    dir.write_package("profile/forks/@acme/other", &other);
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["rebuild", "--out", "out", "--check", "profile/forks"]).assert_code(0);
    dir
}

/// `rebuild --out out` and `check` both fail with `exit`, `code` and a
/// message naming `names`; `out/` is untouched.
fn refused(dir: &TestDir, exit: i32, code: &str, names: &str) {
    let before = dir.snapshot_dir("out");
    for args in [&["rebuild", "--out", "out"][..], &["check"]] {
        crate::errors::fails_helpfully(dir, args, exit, code, names);
    }
    assert_eq!(dir.snapshot_dir("out"), before, "the previous output changed");
}

fn edit_manifest(dir: &TestDir, edit: impl FnOnce(String) -> String) {
    let text = String::from_utf8(dir.read("patches/pkg.json")).expect("utf8");
    let edited = edit(text.clone());
    assert_ne!(edited, text, "the edit changed nothing");
    dir.write("patches/pkg.json", edited);
}

#[test]
fn a_key_named_twice_in_a_manifest_is_refused_not_read_as_the_last_one() {
    let dir = repo();
    // serde_json alone keeps the second `files` and rebuilds `a.js` unpatched.
    edit_manifest(&dir, |t| {
        t.replacen("\"package\": \"@acme/pkg\"", "\"package\": \"@acme/pkg\",\n  \"files\": {}", 1)
    });
    refused(&dir, 2, "invalid_manifest", "the key `files` appears twice");
}

#[test]
fn a_top_level_key_of_another_tool_is_ignored_as_the_format_promises() {
    // Older readers ignore unknown top-level keys (that is how the seed
    // format's tools read the `forklayer` extension); forklayer does the
    // same for keys other tools add there.
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"package\":", "\"generatedBy\": \"another tool\",\n  \"package\":", 1));
    dir.run(&["rebuild", "--out", "out2", "--check", "profile/forks"]).assert_code(0);
    // Not what `gen-patches` writes, so stale, but read, not refused.
    let run = dir.run(&["check"]);
    run.assert_code(1);
    assert!(run.stdout.contains("`pkg.json` is stale") && !run.stderr.contains("invalid_manifest"), "{}", run.stdout);
}

#[test]
fn a_misspelt_key_in_a_manifest_is_refused_not_ignored() {
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"schema\": 1", "\"schema\": 1,\n    \"delted\": [\"a.js\"]", 1));
    refused(&dir, 2, "invalid_manifest", "unknown field `delted`");
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"new\":", "\"nwe\": \"x\",\n        \"new\":", 1));
    refused(&dir, 2, "invalid_manifest", "unknown field `nwe`");
}

#[test]
fn damaged_content_is_the_manifest_s_fault_not_upstream_drift() {
    let dir = repo();
    edit_manifest(&dir, |t| {
        let start = t.find("\"base64\": \"").expect("base64 entry") + "\"base64\": \"".len();
        format!("{}!!{}", &t[..start], &t[start..])
    });
    refused(&dir, 2, "invalid_manifest", "`replaced` entry `bin.dat`: invalid base64");
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"text\": \"n\\n\"", "\"text\": \"n\\n\", \"base64\": \"bg==\"", 1));
    refused(&dir, 2, "invalid_manifest", "`added` entry `new.js`: exactly one of `text` and `base64`");
}

#[test]
fn an_empty_anchor_is_refused_as_anchoring_nothing() {
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"old\": \"= 1;\\nlet\"", "\"old\": \"\"", 1));
    refused(&dir, 2, "invalid_manifest", "replacement #0 of `a.js` has an empty `old`");
}

#[test]
fn an_edited_anchor_over_unchanged_upstream_blames_the_manifest() {
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"old\": \"= 1;\\nlet\"", "\"old\": \"let\"", 1));
    refused(&dir, 2, "drift", "found 2 times");
    let run = dir.run(&["check"]);
    assert!(run.stderr.contains("the manifest itself was edited"), "{}", run.stderr);
    assert!(!run.stderr.contains("the upstream base changed"), "{}", run.stderr);
    // A real upstream change is still named as such.
    let dir = repo();
    dir.write("upstream/@acme/pkg/a.js", "let a = 3;\nlet b = 1;\n");
    let run = dir.run(&["rebuild", "--out", "out"]);
    run.assert_code(2);
    assert!(run.stderr.contains("the upstream base changed"), "{}", run.stderr);
}

#[test]
fn a_manifest_adding_a_file_below_a_file_is_refused_before_anything_is_written() {
    let dir = repo();
    edit_manifest(&dir, |t| {
        t.replacen("\"new.js\": {", "\"a.js/x.js\": {\n        \"text\": \"x\"\n      },\n      \"new.js\": {", 1)
    });
    refused(&dir, 2, "drift", "@acme/pkg/a.js/x.js: would be both a file and a directory (the package has `a.js`)");
}

#[cfg(unix)]
#[test]
fn a_manifest_that_is_not_a_regular_file_is_refused_not_taken_for_none() {
    let outside = TestDir::new();
    for (what, plant) in [
        ("a directory", &(|p: &std::path::Path| std::fs::create_dir(p).expect("mkdir")) as &dyn Fn(&std::path::Path)),
        ("a symbolic link", &|p: &std::path::Path| std::os::unix::fs::symlink("/nonexistent/pkg.json", p).expect("ln")),
        ("a special file", &|p: &std::path::Path| {
            let status = std::process::Command::new("mkfifo").arg(p).status().expect("mkfifo");
            assert!(status.success());
        }),
    ] {
        let dir = repo();
        std::fs::remove_file(dir.join("patches/pkg.json")).expect("rm");
        plant(&dir.join("patches/pkg.json"));
        refused(&dir, 3, "manifest_not_a_file", &format!("patches/pkg.json`, is {what}"));
    }
    // A link to a valid manifest outside the repository is not read either.
    let dir = repo();
    outside.write("pkg.json", dir.read("patches/pkg.json"));
    std::fs::remove_file(dir.join("patches/pkg.json")).expect("rm");
    std::os::unix::fs::symlink(outside.join("pkg.json"), dir.join("patches/pkg.json")).expect("ln");
    refused(&dir, 3, "manifest_not_a_file", "is a symbolic link");
}

#[cfg(unix)]
#[test]
fn a_package_directory_linked_outside_the_repository_is_not_read() {
    let outside = TestDir::new();
    for tree in ["upstream", "profile/forks"] {
        let dir = repo();
        let (package, moved) = (dir.join(&format!("{tree}/@acme/other")), outside.join(&tree.replace('/', "-")));
        std::fs::rename(&package, &moved).expect("move out");
        std::os::unix::fs::symlink(&moved, &package).expect("ln");
        let run = dir.run(&["check"]);
        run.assert_code(3);
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(said.contains(&format!("{tree}/@acme/other` is a symbolic link")), "{tree}:\n{said}");
        let run = dir.run(&["gen-patches"]);
        run.assert_code(3);
        assert!(run.stderr.contains("@acme/other` is a symbolic link"), "{tree}:\n{}", run.stderr);
    }
}

/// `status --json`: exit code, state and problems.
fn status(dir: &TestDir) -> (i32, String, Vec<String>) {
    let run = dir.run(&["--json", "status"]);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    let problems = doc["problems"].as_array().map(|p| p.iter().map(|v| v.as_str().unwrap_or("").to_string()).collect());
    (run.code, doc["state"].as_str().unwrap_or("").to_string(), problems.unwrap_or_default())
}

#[test]
fn status_reports_drift_and_damaged_manifests_as_what_it_found() {
    // A snapshot of a new version whose bytes break the anchors: status
    // says drift and names the file, as it does for every other finding.
    let dir = repo();
    let newer = NpmPackage::new("pkg", "1.1.0").file("a.js", "let a = 9;\nlet b = 9;\n").file("bin.dat", b"\0\x01");
    let other = NpmPackage::new("other", "1.1.0").file("o.js", "o\n");
    snapshot_from_tarballs(&dir, "1.1.0", &[&newer, &other]).assert_code(0);
    let (code, state, problems) = status(&dir);
    assert_eq!((code, state.as_str()), (1, "drift"), "{problems:?}");
    assert!(problems.iter().any(|p| p.starts_with("@acme/pkg/a.js: base file changed")), "{problems:?}");
    // A damaged manifest is found, not a failure to read the status.
    let dir = repo();
    edit_manifest(&dir, |t| t.replacen("\"schema\": 1", "\"schema\": 1,\n    \"delted\": []", 1));
    let (code, state, problems) = status(&dir);
    assert_eq!((code, state.as_str()), (1, "drift"), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("patches/pkg.json") && p.contains("`delted`")), "{problems:?}");
}

#[test]
fn a_lock_file_naming_a_file_twice_is_refused() {
    let dir = repo();
    let lock = String::from_utf8(dir.read("upstream/forklayer.lock.json")).expect("utf8");
    let package = lock.find("\"@acme/pkg\"").expect("package");
    let at = package + lock[package..].find("\"files\": {").expect("files") + "\"files\": {".len();
    // Plain JSON readers keep the second entry, the true one, and pass.
    let planted = "\n        \"a.js\": {\"mode\": \"0644\", \"sha256\": \"00\", \"size\": 1},";
    dir.write("upstream/forklayer.lock.json", format!("{}{planted}{}", &lock[..at], &lock[at..]));
    let run = dir.run(&["check"]);
    run.assert_code(3);
    assert!(run.stderr.contains("forklayer.lock.json`: the key `a.js` appears twice"), "{}", run.stderr);
    assert!(run.stderr.contains("\nhelp: "), "{}", run.stderr);
}

/// `gen-patches` records upstream's bytes as each manifest's base: on an
/// `upstream/` edited behind forklayer's back it would bake the edit into
/// the manifests. It refuses instead, names every differing file (in a
/// forked package, in a carried one, a mode, an added file) and writes
/// nothing.
#[test]
fn gen_patches_refuses_an_upstream_that_no_longer_matches_its_lock() {
    let dir = repo();
    let patches = dir.snapshot_dir("patches");
    dir.write("upstream/@acme/pkg/a.js", "let a = 3;\nlet b = 1;\n");
    dir.write("upstream/@acme/other/o.js", "p\n");
    dir.write("upstream/@acme/pkg/planted.js", "x\n");
    crate::errors::fails_helpfully(&dir, &["gen-patches"], 3, "upstream_not_locked", "`@acme/pkg/a.js` has changed");
    // Each file on a line of its own, and in --json's details.
    let run = dir.run(&["gen-patches"]);
    for named in ["`@acme/other/o.js` has changed", "`@acme/pkg/planted.js` is not in the lock file"] {
        assert!(run.stderr.lines().any(|l| l.trim_start().starts_with(named)), "{named} not in {}", run.stderr);
    }
    let run = dir.run(&["--json", "gen-patches"]);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    assert_eq!(doc["error"]["details"]["problems"].as_array().map(Vec::len), Some(3), "{doc}");
    assert_eq!(dir.snapshot_dir("patches"), patches, "patches/ changed");
    // The vendored bytes put back: it runs, and has nothing to change.
    dir.write("upstream/@acme/pkg/a.js", "let a = 1;\nlet b = 1;\n");
    dir.write("upstream/@acme/other/o.js", "o\n");
    std::fs::remove_file(dir.join("upstream/@acme/pkg/planted.js")).expect("rm");
    dir.run(&["gen-patches"]).assert_code(0);
    assert_eq!(dir.snapshot_dir("patches"), patches, "patches/ changed");
}

#[cfg(unix)]
#[test]
fn gen_patches_refuses_an_upstream_file_whose_mode_changed() {
    let dir = repo();
    crate::util::set_mode(&dir.join("upstream/@acme/pkg/a.js"), true);
    crate::errors::fails_helpfully(&dir, &["gen-patches"], 3, "upstream_not_locked", "`@acme/pkg/a.js` has mode 0755");
}
