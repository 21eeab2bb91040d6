//! `gen-patches` → `rebuild --check` must reproduce the fork layer byte
//! for byte and mode for mode, for every awkward kind of change.

use crate::util::{snapshot_from_tarballs, NpmPackage, TestDir};

/// Sets up a repo whose only forked package is `base` upstream and `fork`
/// in the fork layer; runs gen-patches, rebuild --check and check, and
/// returns the manifest bytes (if any).
fn round_trip(base: &NpmPackage, fork: &NpmPackage) -> Option<Vec<u8>> {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    snapshot_from_tarballs(&dir, "1.0.0", &[base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", fork);
    dir.run(&["gen-patches"]).assert_code(0);
    let manifest = dir.exists("patches/pkg.json").then(|| dir.read("patches/pkg.json"));
    let run = dir.run(&["rebuild", "--out", "out", "--check", "profile/forks"]);
    run.assert_code(0);
    assert_eq!(dir.snapshot_dir("out"), dir.snapshot_dir("profile/forks"));
    dir.run(&["check"]).assert_code(0);
    // Determinism: a second run produces the same bytes.
    dir.run(&["gen-patches"]).assert_code(0);
    assert_eq!(dir.exists("patches/pkg.json").then(|| dir.read("patches/pkg.json")), manifest);
    manifest
}

fn pkg() -> NpmPackage {
    NpmPackage::new("pkg", "1.0.0")
}

fn changed(base: &NpmPackage, path: &str, bytes: impl AsRef<[u8]>) -> NpmPackage {
    base.clone().file(path, bytes)
}

#[test]
fn crlf_lines_keep_their_carriage_returns() {
    let base = pkg().file("a.js", "one\r\ntwo\r\nthree\r\n");
    round_trip(&base, &changed(&base, "a.js", "one\r\n2\r\nthree\r\n")).expect("manifest");
}

#[test]
fn mixed_line_endings_survive() {
    let base = pkg().file("a.js", "one\r\ntwo\nthree\rfour\n");
    round_trip(&base, &changed(&base, "a.js", "one\r\ntwo\nTHREE\rfour\r\n"));
}

#[test]
fn a_byte_order_mark_is_kept() {
    let base = pkg().file("a.js", "\u{feff}let a = 1;\n");
    round_trip(&base, &changed(&base, "a.js", "\u{feff}let a = 2;\n"));
}

#[test]
fn missing_final_newline_edited_appended_added_and_removed() {
    let base = pkg().file("e.txt", "a\nb").file("p.txt", "a\nb").file("add.txt", "a\nb").file("rm.txt", "a\nb\n");
    let fork =
        base.clone().file("e.txt", "a\nB").file("p.txt", "a\nb\nc").file("add.txt", "a\nb\n").file("rm.txt", "a\nb");
    round_trip(&base, &fork);
}

#[test]
fn pure_deletions_and_insertions_before_line_one() {
    let base = pkg().file("d.js", "1\n2\n3\n4\n").file("i.js", "first\nsecond\n");
    let fork = base.clone().file("d.js", "1\n4\n").file("i.js", "// header\nfirst\nsecond\n");
    round_trip(&base, &fork);
}

#[test]
fn added_deleted_and_empty_files() {
    let base = pkg().file("gone.js", "x\n").file("empty.txt", "").file("to-empty.txt", "content\n");
    let fork = base
        .clone()
        .without("gone.js")
        .file("new/dir/added.js", "added\n")
        .file("empty.txt", "now text\n")
        .file("to-empty.txt", "")
        .file("new-empty.txt", "");
    let manifest = round_trip(&base, &fork).expect("manifest");
    let text = String::from_utf8(manifest).expect("utf8");
    assert!(text.contains("\"deleted\": [\n      \"gone.js\""), "{text}");
}

#[test]
fn binary_files_changed_and_unchanged() {
    let base = pkg().file("img.png", [0x89, b'P', b'N', b'G', 0, 1, 2]).file("same.bin", [0, 0, 1]);
    round_trip(&base, &changed(&base, "img.png", [0x89, b'P', b'N', b'G', 0, 9, 9, 9]));
}

#[test]
fn non_utf8_bytes_changed_and_unchanged() {
    let base = pkg().file("latin1.txt", b"caf\xe9\n").file("same.txt", b"na\xefve\n");
    round_trip(&base, &changed(&base, "latin1.txt", b"caf\xe9s\n"));
}

#[test]
fn executable_scripts_keep_and_change_modes() {
    let base = pkg().exec("bin/run.sh", "#!/bin/sh\necho hi\n").file("tool.sh", "#!/bin/sh\n");
    let fork = base
        .clone()
        .exec("bin/run.sh", "#!/bin/sh\necho hello\n")
        .exec("tool.sh", "#!/bin/sh\n")
        .exec("bin/new.sh", "#!/bin/sh\n");
    round_trip(&base, &fork);
}

#[test]
fn a_package_json_only_change() {
    let base = pkg();
    let fork = base
        .clone()
        .file("package.json", "{\n  \"name\": \"@acme/pkg\",\n  \"version\": \"1.0.0\",\n  \"main\": \"x.js\"\n}\n");
    round_trip(&base, &fork).expect("manifest");
}

#[test]
fn a_package_with_no_change_gets_no_manifest() {
    let base = pkg().file("a.js", "a\n");
    assert!(round_trip(&base, &base).is_none());
}

#[test]
fn repeated_identical_blocks() {
    let block = "function f() {\n  return 1;\n}\n";
    let base = pkg().file("r.js", block.repeat(20));
    let mut fork_text = block.repeat(20);
    let at = block.len() * 13;
    fork_text.replace_range(at..at + block.len(), "function f() {\n  return 2;\n}\n");
    round_trip(&base, &changed(&base, "r.js", fork_text));
}

#[test]
fn a_minified_one_line_file_with_two_edits() {
    let line: String = (0..2000).map(|i| format!("var a{i}=function(b){{return b*{i}}};")).collect();
    let fork_line = line.replace("return b*7}", "return b*70}").replace("var a1999=", "let a1999=");
    let base = pkg().file("min.js", &line);
    let manifest = round_trip(&base, &changed(&base, "min.js", &fork_line)).expect("manifest");
    assert!(manifest.len() < 2_000, "anchors should be small, manifest is {} bytes", manifest.len());
}

#[test]
fn seed_format_manifests_rebuild() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = pkg().file("a.js", "const mode = 'read-only';\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write(
        "patches/pkg.json",
        r#"{"package":"@acme/pkg","builtAgainst":"1.0.0","files":{"a.js":[{"old":"'read-only'","new":"'self-checking'"}]}}"#,
    );
    dir.run(&["rebuild", "--out", "out"]).assert_code(0);
    assert_eq!(dir.read("out/@acme/pkg/a.js"), b"const mode = 'self-checking';\n");
}

/// An own package published under its own npm name (not the layer's
/// scope) lives at `<forks>/<npm name>`, round-trips, and is what the
/// profile's package.json must link.
#[test]
fn an_own_package_under_its_own_npm_name_round_trips() {
    let dir = crate::util::TestDir::new();
    dir.declare(&[], &[], &[("mine", "plugins/mine", &["lib", "package.json"])]);
    let declaration = String::from_utf8(dir.read("forklayer.toml")).expect("utf8");
    dir.write("forklayer.toml", declaration.replace("name = \"mine\"\n", "name = \"mine\"\nnpm_name = \"dsh-mine\"\n"));
    dir.write("plugins/mine/package.json", "{\"name\": \"dsh-mine\"}\n");
    dir.write("plugins/mine/lib/index.js", "export const v = 1;\n");
    dir.write("upstream/VERSION", "1.0.0\n");
    dir.write(
        "upstream/forklayer.lock.json",
        "{\"schema\": \"forklayer.lock/1\", \"version\": \"1.0.0\", \"packages\": {}}\n",
    );
    dir.run(&["gen-patches"]).assert_code(0);
    assert_eq!(dir.read("profile/forks/dsh-mine/lib/index.js"), b"export const v = 1;\n");
    assert!(!dir.exists("profile/forks/@acme/mine"));
    dir.write("profile/package.json", "{\"dependencies\": {\"dsh-mine\": \"file:./forks/dsh-mine\"}}\n");
    dir.run(&["check"]).assert_code(0);
    // A stale copy is caught, and a link the declaration does not know too.
    dir.write("profile/forks/dsh-mine/lib/index.js", "export const v = 0;\n");
    dir.run(&["check"]).assert_code(1);
    dir.run(&["gen-patches"]).assert_code(0);
    dir.write(
        "profile/package.json",
        "{\"dependencies\": {\"dsh-mine\": \"file:./forks/dsh-mine\", \"other\": \"file:./forks/other\"}}\n",
    );
    let run = dir.run(&["check"]);
    run.assert_code(2);
    assert!(run.stdout.contains("`other` is not declared in forklayer.toml"), "{}", run.stdout);
}

/// Ctrl-C during `gen-patches`: before it writes, it stops with nothing
/// changed; once it writes, it finishes. Never killed halfway.
#[cfg(unix)]
#[test]
fn ctrl_c_never_stops_gen_patches_halfway() {
    use crate::merge::big_package;
    let dir = TestDir::new();
    dir.declare(&["a"], &[], &[]);
    snapshot_from_tarballs(&dir, "1.0.0", &[&big_package("1.0.0", 3_000, false)]).assert_code(0);
    dir.write_package("profile/forks/@acme/a", &big_package("1.0.0", 3_000, true));
    let before = dir.snapshot_dir(".");
    for after_ms in [30, 120, 400] {
        let after = std::time::Duration::from_millis(after_ms);
        let (code, stderr) = crate::util::ctrl_c_after(&dir, &["gen-patches"], after);
        match code {
            Some(2) => {
                assert!(stderr.contains("interrupted; nothing was changed"), "{stderr}");
                let now: Vec<_> =
                    dir.snapshot_dir(".").into_iter().filter(|(p, _, _)| !p.ends_with(".forklayer.lock")).collect();
                let was: Vec<_> = before.iter().filter(|(p, _, _)| !p.ends_with(".forklayer.lock")).cloned().collect();
                assert_eq!(now, was, "after {after_ms} ms: nothing written");
            }
            Some(0) => {
                dir.run(&["check"]).assert_code(0);
                return;
            }
            other => panic!("after {after_ms} ms: killed or failed ({other:?}): {stderr}"),
        }
    }
}

#[test]
fn a_forked_package_equal_to_upstream_gets_a_note_to_carry_it() {
    let dir = TestDir::new();
    dir.declare(&["pkg"], &[], &[]);
    let base = NpmPackage::new("pkg", "1.0.0").file("a.js", "a\n");
    snapshot_from_tarballs(&dir, "1.0.0", &[&base]).assert_code(0);
    dir.write_package("profile/forks/@acme/pkg", &base);
    let run = dir.run(&["gen-patches"]);
    run.assert_code(0);
    assert!(run.stdout.contains("unchanged @acme/pkg"), "{}", run.stdout);
    assert!(
        run.stderr.contains("note: `pkg` now equals upstream (no manifest): it can move from `forked` to `carried`"),
        "{}",
        run.stderr
    );
    // A fork that differs gets no such note.
    dir.write("profile/forks/@acme/pkg/a.js", "b\n");
    let run = dir.run(&["gen-patches"]);
    run.assert_code(0);
    assert!(!run.stderr.contains("now equals upstream"), "{}", run.stderr);
}

#[test]
fn a_file_that_becomes_a_directory_and_back() {
    let base = pkg().file("lib/a.js", "a\n").file("lib/b/c.js", "c\n");
    let fork =
        base.clone().without("lib/a.js").file("lib/a.js/inner.js", "i\n").without("lib/b/c.js").file("lib/b", "b\n");
    round_trip(&base, &fork).expect("a manifest");
}
