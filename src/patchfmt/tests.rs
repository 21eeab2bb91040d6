use std::path::Path;

use crate::error::{Diagnostic, ExitStatus};
use crate::tree::{FileEntry, Tree};

use super::{apply, discover, edit_config, render, ConfigEntry, Format, FormatError};

fn tree(files: &[(&str, &[u8])]) -> Tree {
    let mut tree = Tree::new();
    for (path, bytes) in files {
        tree.insert(*path, FileEntry::new(bytes.to_vec())).expect("valid path");
    }
    tree
}

fn round_trip(base: &Tree, fork: &Tree) {
    for format in Format::ALL {
        let files = render(format, "@scope/pkg", "1.0.0", base, fork).unwrap_or_else(|e| panic!("{format}: {e}"));
        let (path, bytes) = &files[0];
        assert_eq!(&apply(format, base, bytes, path).unwrap_or_else(|e| panic!("{format}: {e}")), fork, "{format}");
    }
}

#[test]
fn every_format_round_trips_added_deleted_changed_and_empty_files() {
    let base = tree(&[("a.js", b"one\ntwo\nthree\n"), ("gone.txt", b"bye\n"), ("empty-gone", b""), ("last", b"x\ny")]);
    let fork =
        tree(&[("a.js", b"one\n2\nthree\n"), ("new/file.txt", b"no newline"), ("empty-new", b""), ("last", b"x\ny\n")]);
    round_trip(&base, &fork);
}

#[test]
fn a_final_newline_removed_round_trips() {
    round_trip(&tree(&[("i.js", b"a\nb\n")]), &tree(&[("i.js", b"a\nb")]));
}

#[test]
fn crlf_lines_are_refused_by_yarn_and_kept_by_the_others() {
    let base = tree(&[("c.txt", b"a\r\nb\r\n")]);
    let fork = tree(&[("c.txt", b"a\r\nB\r\n")]);
    for format in [Format::Npm, Format::Pnpm, Format::Bun, Format::PatchPackage] {
        let files = render(format, "p", "1.0.0", &base, &fork).expect("expressible");
        assert_eq!(apply(format, &base, &files[0].1, &files[0].0).expect("applies"), fork, "{format}");
    }
    let err = render(Format::Yarn, "p", "1.0.0", &base, &fork).expect_err("yarn turns CR into LF");
    assert!(matches!(&err, FormatError::CannotExpress { file, .. } if file == "c.txt"), "{err}");
}

#[test]
fn binary_files_and_npm_modes_are_refused_by_name() {
    let base = tree(&[("a.bin", b"\xff\x00")]);
    let fork = tree(&[("a.bin", b"\xfe\x00")]);
    let err = render(Format::Pnpm, "p", "1.0.0", &base, &fork).expect_err("binary");
    assert_eq!(err.code(), "format_cannot_express");
    assert!(err.to_string().contains("`a.bin`"), "{err}");
    let mut exec = Tree::new();
    exec.insert("bin/run", FileEntry::executable(b"#!/bin/sh\n".to_vec())).expect("path");
    let err = render(Format::Npm, "p", "1.0.0", &Tree::new(), &exec).expect_err("npm has no modes");
    assert!(err.to_string().contains("`bin/run`"), "{err}");
    let files = render(Format::PatchPackage, "p", "1.0.0", &Tree::new(), &exec).expect("patch-package has modes");
    assert_eq!(apply(Format::PatchPackage, &Tree::new(), &files[0].1, &files[0].0).expect("applies"), exec);
}

#[test]
fn a_hunk_that_does_not_apply_names_the_patch_the_hunk_and_the_line() {
    let base = tree(&[("a.js", b"one\ntwo\n")]);
    let patch = b"--- a/a.js\t\n+++ b/a.js\t\n@@ -1,2 +1,2 @@\n one\n-TWO\n+2\n";
    let err = apply(Format::Npm, &base, patch, "patches/p@1.0.0.patch").expect_err("context differs");
    match &err {
        FormatError::HunkFailed { patch, file, hunk, line, .. } => {
            assert_eq!((patch.as_str(), file.as_str(), *hunk, *line), ("patches/p@1.0.0.patch", "a.js", 1, 3));
        }
        other => panic!("{other}"),
    }
    assert_eq!(err.exit_status(), ExitStatus::Usage);
}

#[test]
fn a_hunk_line_beyond_the_header_counts_and_an_empty_patch_are_refused_where_the_tool_refuses_them() {
    let base = tree(&[("a.js", b"one\ntwo\n")]);
    let git = "diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n@@ -1,2 +1,3 @@\n one\n+1.5\n two\n+stray\n";
    let npm = "--- a/a.js\t\n+++ b/a.js\t\n@@ -1,2 +1,3 @@\n one\n+1.5\n two\n+stray\n";
    for format in Format::ALL {
        let patch = if format == Format::Npm { npm } else { git };
        let result = apply(format, &base, patch.as_bytes(), "p.patch");
        if format == Format::Pnpm {
            assert_eq!(result.expect("pnpm skips the line"), tree(&[("a.js", b"one\n1.5\ntwo\n")]));
        } else {
            let err = result.expect_err("refused");
            let line = if format == Format::Npm { "line 7" } else { "line 8" };
            assert!(err.to_string().contains(line), "{format}: {err}");
        }
        let empty = apply(format, &base, b"", "p.patch");
        match format {
            Format::Pnpm | Format::Yarn | Format::Bun => {
                assert!(empty.expect_err("refused").to_string().contains("no change"), "{format}")
            }
            Format::Npm | Format::PatchPackage => assert_eq!(empty.expect("no change"), base, "{format}"),
        }
    }
}

#[test]
fn names_a_tool_cannot_read_in_a_patch_are_refused_for_that_tool_only() {
    let base = tree(&[("a.js", b"1\n")]);
    for (name, refusing) in [("quote\"q.txt", vec![Format::Pnpm]), ("tab\there.txt", vec![Format::Npm, Format::Pnpm])] {
        let fork = tree(&[("a.js", b"1\n"), (name, b"new\n")]);
        for format in Format::ALL {
            let rendered = render(format, "@scope/pkg", "1.0.0", &base, &fork);
            match rendered {
                Err(FormatError::CannotExpress { file, .. }) if refusing.contains(&format) => assert_eq!(file, name),
                Ok(_) if !refusing.contains(&format) => {}
                other => panic!("{format} {name:?}: {other:?}"),
            }
        }
    }
}

#[test]
fn bun_searches_from_the_header_line_and_yarn_from_the_line_below_it() {
    let lines: Vec<String> = (1..=12).map(|n| if n == 1 || n == 10 { "X".into() } else { format!("{n}") }).collect();
    let base = tree(&[("c.txt", format!("{}\n", lines.join("\n")).as_bytes())]);
    let patch = b"diff --git a/c.txt b/c.txt\n--- a/c.txt\n+++ b/c.txt\n@@ -5,1 +5,2 @@\n X\n+new\n";
    let inserted_after = |format: Format| {
        let out = apply(format, &base, patch, "p.patch").unwrap_or_else(|e| panic!("{format}: {e}"));
        let text = String::from_utf8(out.get("c.txt").expect("file").bytes.to_vec()).expect("utf-8");
        text.lines().position(|line| line == "new").expect("inserted")
    };
    // Line 1 is 4 lines from the header's 5, line 10 is 5 from it and 4
    // from the line below it.
    assert_eq!(inserted_after(Format::Bun), 1);
    assert_eq!(inserted_after(Format::Yarn), 10);
}

#[test]
fn a_rename_is_refused_for_yarn_only() {
    let base = tree(&[("a.js", b"1\n")]);
    let patch = b"diff --git a/a.js b/b.js\nsimilarity index 100%\nrename from a.js\nrename to b.js\n";
    for format in [Format::Pnpm, Format::Bun] {
        assert_eq!(apply(format, &base, patch, "p.patch").expect("renamed"), tree(&[("b.js", b"1\n")]), "{format}");
    }
    let err = apply(Format::Yarn, &base, patch, "p.patch").expect_err("refused");
    assert!(err.to_string().contains("Yarn cannot apply"), "{err}");
}

#[test]
fn pnpm_refuses_hunks_out_of_order_or_overlapping() {
    let base = tree(&[("a.js", b"1\n2\n3\n4\n5\n6\n")]);
    let head = "diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n";
    let ordered = format!("{head}@@ -1,2 +1,3 @@\n 1\n+x\n 2\n@@ -5,2 +6,3 @@\n 5\n+y\n 6\n");
    let swapped = format!("{head}@@ -5,2 +5,3 @@\n 5\n+y\n 6\n@@ -1,2 +1,3 @@\n 1\n+x\n 2\n");
    let overlapping = format!("{head}@@ -1,2 +1,3 @@\n 1\n+x\n 2\n@@ -2,2 +3,3 @@\n 2\n+y\n 3\n");
    assert!(apply(Format::Pnpm, &base, ordered.as_bytes(), "p.patch").is_ok());
    for patch in [swapped, overlapping] {
        let err = apply(Format::Pnpm, &base, patch.as_bytes(), "p.patch").expect_err("refused");
        assert!(err.to_string().contains("line 8"), "{err}");
    }
}

#[test]
fn patch_package_ignores_trailing_white_space_and_moves_hunks_up_to_twenty_lines() {
    let mut text = String::new();
    for i in 0..30 {
        text.push_str(&format!("line {i}\n"));
    }
    let base = tree(&[("f", text.as_bytes())]);
    // Written for "line 20 " at line 6: 15 lines off, trailing space differs.
    let patch = b"diff --git a/node_modules/p/f b/node_modules/p/f\n--- a/node_modules/p/f\n+++ b/node_modules/p/f\n@@ -6,1 +6,1 @@\n-line 20 \n+LINE 20\n";
    let patched = apply(Format::PatchPackage, &base, patch, "patches/p+1.0.0.patch").expect("within 20 lines");
    let bytes = &patched.get("f").expect("f").bytes;
    assert!(String::from_utf8_lossy(bytes).contains("line 19\nLINE 20\nline 21"));
    let err = apply(Format::Npm, &base, b"--- a/f\t\n+++ b/f\t\n@@ -6,1 +6,1 @@\n-line 20 \n+LINE 20\n", "x.patch");
    assert!(err.is_err(), "npm matches exactly");
}

#[test]
fn unsafe_patches_are_refused_before_anything_is_applied() {
    let base = tree(&[("a", b"x\n")]);
    let cases: [(&[u8], &str); 6] = [
        (b"diff --git a/../x b/../x\nnew file mode 100644\n--- /dev/null\n+++ b/../x\n@@ -0,0 +1 @@\n+x\n", "`..`"),
        (
            b"diff --git a//etc/x b//etc/x\nnew file mode 100644\n--- /dev/null\n+++ b//etc/x\n@@ -0,0 +1 @@\n+x\n",
            "absolute",
        ),
        (
            b"diff --git a/l b/l\nnew file mode 120000\n--- /dev/null\n+++ b/l\n@@ -0,0 +1 @@\n+/etc/passwd\n",
            "symbolic link",
        ),
        (b"diff --git a/d b/d\nnew file mode 020644\n", "device"),
        (b"diff --git a/a b/a\nindex 1..2\nGIT binary patch\nliteral 1\n", "binary"),
        (
            b"diff --git a/C:/x b/C:/x\nnew file mode 100644\n--- /dev/null\n+++ b/C:/x\n@@ -0,0 +1 @@\n+x\n",
            "drive-letter",
        ),
    ];
    for (patch, what) in cases {
        let err = apply(Format::Pnpm, &base, patch, "patches/p.patch").expect_err(what);
        assert_eq!(err.code(), "refused_patch", "{what}: {err}");
        assert!(err.to_string().contains(what), "{what}: {err}");
        assert_eq!(err.exit_status(), ExitStatus::Integrity);
    }
    let outside = b"diff --git a/other/x b/other/x\n--- a/other/x\n+++ b/other/x\n@@ -1 +1 @@\n-x\n+y\n";
    let err = apply(Format::PatchPackage, &base, outside, "patches/p+1.0.0.patch").expect_err("not under node_modules");
    assert_eq!(err.code(), "refused_patch");
    let two = b"diff --git a/node_modules/p/a b/node_modules/p/a\n--- a/node_modules/p/a\n+++ b/node_modules/p/a\n@@ -1 +1 @@\n-x\n+y\ndiff --git a/node_modules/q/a b/node_modules/q/a\n--- a/node_modules/q/a\n+++ b/node_modules/q/a\n@@ -1 +1 @@\n-x\n+y\n";
    let err = apply(Format::PatchPackage, &base, two, "patches/p+1.0.0.patch").expect_err("two packages");
    assert!(err.to_string().contains("another package"), "{err}");
    let huge = vec![b'+'; super::MAX_PATCH_BYTES + 1];
    assert_eq!(apply(Format::Npm, &base, &huge, "big.patch").expect_err("size").code(), "refused_patch");
    let not_utf8 = b"--- a/a\t\n+++ b/a\t\n@@ -1 +1 @@\n-x\n+\xff\n";
    assert_eq!(apply(Format::Npm, &base, not_utf8, "u.patch").expect_err("utf-8").code(), "refused_patch");
}

#[test]
fn pnpm_and_bun_deletions_without_lines_delete_and_npm_skips_them() {
    let base = tree(&[("gone.js", b"x\n"), ("keep", b"k\n")]);
    let patch = b"diff --git a/gone.js b/gone.js\ndeleted file mode 100644\nindex 587be6b..0000000\n";
    for format in [Format::Pnpm, Format::Bun, Format::Yarn] {
        assert_eq!(apply(format, &base, patch, "p.patch").expect("deletes"), tree(&[("keep", b"k\n")]), "{format}");
    }
    assert_eq!(apply(Format::Npm, &base, patch, "p.patch").expect("jsdiff sees no file"), base);
}

fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (rel, text) in files {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
        std::fs::write(path, text).expect("write");
    }
    dir
}

fn read(dir: &Path, rel: &str) -> String {
    std::fs::read_to_string(dir.join(rel)).expect("read")
}

#[test]
fn discover_resolves_ranges_and_bare_names_against_the_lock_file_and_says_so() {
    let dir = project(&[
        ("package.json", "{\n  \"patchedDependencies\": {\n    \"left-pad@^1.0.0\": \"patches/a.patch\",\n    \"@t/m@1.2.5\": \"patches/b.patch\"\n  }\n}\n"),
        ("package-lock.json", "{\"packages\": {\"\": {}, \"node_modules/left-pad\": {\"version\": \"1.3.0\"}}}"),
    ]);
    let found = discover(Format::Npm, dir.path()).expect("discovers");
    let got: Vec<(&str, &str, bool)> =
        found.iter().map(|d| (d.name.as_str(), d.version.as_str(), d.resolved_from_lock)).collect();
    assert_eq!(got, [("@t/m", "1.2.5", false), ("left-pad", "1.3.0", true)]);
    let pnpm = project(&[
        ("pnpm-workspace.yaml", "packages: []\npatchedDependencies:\n  left-pad: patches/left-pad.patch\n"),
        ("pnpm-lock.yaml", "lockfileVersion: '9.0'\npackages:\n  left-pad@1.3.0:\n    resolution: {integrity: x}\n"),
    ]);
    let found = discover(Format::Pnpm, pnpm.path()).expect("discovers");
    assert_eq!((found[0].version.as_str(), found[0].resolved_from_lock), ("1.3.0", true));
    let missing = project(&[("package.json", "{\"patchedDependencies\": {\"left-pad\": \"p.patch\"}}")]);
    assert_eq!(discover(Format::Bun, missing.path()).expect_err("no lock").code(), "patch_version_unresolved");
}

#[test]
fn discover_reads_yarn_patch_protocol_and_patch_package_sequences() {
    let yarn = project(&[(
        "package.json",
        "{\"dependencies\": {\"@t/m\": \"patch:@t/m@npm%3A1.2.5#~/.yarn/patches/t-m.patch\"}}",
    )]);
    let found = discover(Format::Yarn, yarn.path()).expect("discovers");
    assert_eq!((found[0].name.as_str(), found[0].version.as_str()), ("@t/m", "1.2.5"));
    assert_eq!(found[0].patches, [".yarn/patches/t-m.patch"]);
    let pp = project(&[
        ("patches/left-pad+1.3.0+002+second.patch", ""),
        ("patches/left-pad+1.3.0+001+initial.patch", ""),
        ("patches/@t+m+1.2.5.patch", ""),
    ]);
    let found = discover(Format::PatchPackage, pp.path()).expect("discovers");
    assert_eq!(found[0].name, "@t/m");
    assert_eq!(
        found[1].patches,
        ["patches/left-pad+1.3.0+001+initial.patch", "patches/left-pad+1.3.0+002+second.patch"]
    );
}

#[test]
fn edit_config_changes_only_the_keys_the_tool_owns() {
    let package = "{\r\n\t\"name\": \"x\",\r\n\t\"dependencies\": { \"left-pad\": \"^1.3.0\" },\r\n\t\"patchedDependencies\": {\"old@1.0.0\": \"patches/old.patch\"},\r\n\t\"z\": [1, 2]\r\n}\r\n";
    let dir = project(&[
        ("package.json", package),
        (
            "pnpm-workspace.yaml",
            "# keep me\npackages:\n  - a\npatchedDependencies:\n  old: x.patch\nonlyBuiltDependencies: []\n",
        ),
    ]);
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), b"patch".to_vec())],
        installed_as: Vec::new(),
    }];
    let edited = edit_config(Format::Npm, dir.path(), &entries).expect("edits");
    let text = String::from_utf8(edited[0].1.clone()).expect("utf-8");
    assert_eq!(
        text,
        "{\r\n\t\"name\": \"x\",\r\n\t\"dependencies\": { \"left-pad\": \"^1.3.0\" },\r\n\t\"patchedDependencies\": {\r\n\t\t\"left-pad@1.3.0\": \"patches/left-pad@1.3.0.patch\"\r\n\t},\r\n\t\"z\": [1, 2]\r\n}\r\n"
    );
    let edited = edit_config(Format::Pnpm, dir.path(), &entries).expect("edits");
    assert_eq!(
        String::from_utf8(edited[0].1.clone()).expect("utf-8"),
        "# keep me\npackages:\n  - a\npatchedDependencies:\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\nonlyBuiltDependencies: []\n"
    );
    let edited = edit_config(Format::Yarn, dir.path(), &entries).expect("edits");
    let text = String::from_utf8(edited[0].1.clone()).expect("utf-8");
    assert!(text.contains("{ \"left-pad\": \"patch:left-pad@npm%3A1.3.0#~/patches/left-pad@1.3.0.patch\" }"), "{text}");
    assert_eq!(
        text.replace("\"patch:left-pad@npm%3A1.3.0#~/patches/left-pad@1.3.0.patch\"", "\"^1.3.0\""),
        read(dir.path(), "package.json")
    );
    assert!(edit_config(Format::PatchPackage, dir.path(), &entries).expect("nothing").is_empty());
}

#[test]
fn formats_parse_from_their_names() {
    for format in Format::ALL {
        assert_eq!(format.as_str().parse::<Format>().expect("known"), format);
    }
    assert_eq!("git".parse::<Format>().expect_err("unknown").code(), "unknown_patch_format");
}

#[test]
fn npm_export_records_each_patch_s_sha512_in_package_lock() {
    let lock = "{\n  \"lockfileVersion\": 3,\n  \"packages\": {\n    \"\": {\"name\": \"x\"},\n    \"node_modules/left-pad\": {\n      \"version\": \"1.3.0\",\n      \"license\": \"WTFPL\"\n    },\n    \"node_modules/a/node_modules/left-pad\": {\n      \"version\": \"1.0.0\"\n    }\n  }\n}\n";
    let dir = project(&[("package.json", "{}\n"), ("package-lock.json", lock)]);
    let patch = b"--- a/x\t\n".to_vec();
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), patch.clone())],
        installed_as: Vec::new(),
    }];
    let edited = edit_config(Format::Npm, dir.path(), &entries).expect("edits");
    assert_eq!(edited.len(), 2);
    let text = String::from_utf8(edited[1].1.clone()).expect("utf-8");
    let integrity = crate::npm::sri_sha512(&patch);
    assert_eq!(
        text,
        lock.replace("\"lockfileVersion\": 3", "\"lockfileVersion\": 4").replace(
            "\"license\": \"WTFPL\"",
            &format!("\"license\": \"WTFPL\",\n      \"patched\": {{\n        \"integrity\": \"{integrity}\",\n        \"path\": \"patches/left-pad@1.3.0.patch\"\n      }}")
        )
    );
    std::fs::write(dir.path().join("package-lock.json"), &text).expect("write");
    let again = edit_config(Format::Npm, dir.path(), &entries).expect("edits");
    assert_eq!(String::from_utf8(again[1].1.clone()).expect("utf-8"), text, "a second export changes nothing");
}

#[test]
fn a_file_made_executable_round_trips_where_the_tool_carries_modes() {
    let base = tree(&[("bin.js", b"run\n")]);
    let mut fork = Tree::new();
    fork.insert("bin.js", FileEntry::executable(b"run\n".to_vec())).expect("path");
    for format in [Format::Pnpm, Format::Bun] {
        let files = render(format, "p", "1.0.0", &base, &fork).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(apply(format, &base, &files[0].1, &files[0].0).expect("applies"), fork, "{format}");
    }
    for format in [Format::Npm, Format::Yarn] {
        let err = render(format, "p", "1.0.0", &base, &fork).expect_err("no mode changes");
        assert!(matches!(&err, FormatError::CannotExpress { file, .. } if file == "bin.js"), "{format}: {err}");
    }
}

#[test]
fn hostile_hunk_headers_are_errors_not_panics() {
    let base = tree(&[("a", b"x\ny\nz\n")]);
    let patches: [&[u8]; 4] = [
        b"--- a/a\t\n+++ b/a\t\n@@ -3,1 +3,1 @@\n-z\n+Z\n@@ -1,1 +1,1 @@\n-x\n+X\n",
        b"--- a/a\t\n+++ b/a\t\n@@ -99999999999,1 +1,1 @@\n-x\n+X\n",
        b"--- a/a\t\n+++ b/a\t\n@@ -0,0 +9,1 @@\n+X\n",
        b"--- a/a\t\n+++ b/a\t\n@@ -1,5 +1,1 @@\n-x\n",
    ];
    for patch in patches {
        for format in Format::ALL {
            let rewritten = String::from_utf8_lossy(patch)
                .replace("--- a/a\t\n+++ b/a\t\n", "diff --git a/a b/a\n--- a/a\n+++ b/a\n");
            let bytes = if format == Format::Npm { patch.to_vec() } else { rewritten.into_bytes() };
            let _ = apply(format, &base, &bytes, "h.patch");
        }
    }
}

#[test]
fn pnpm_no_longer_reads_package_json_and_yarn_keeps_several_patches_in_order() {
    // pnpm 12: "The \"pnpm\" field in package.json is no longer read by pnpm".
    let pnpm = project(&[(
        "package.json",
        "{\"pnpm\": {\"patchedDependencies\": {\"@t/m@1.2.5\": \"./patches/@t__m.patch\"}}}",
    )]);
    assert_eq!(discover(Format::Pnpm, pnpm.path()).expect("discovers"), []);
    let ignored = super::pnpm_ignored_patches(pnpm.path()).expect("reads");
    assert_eq!(ignored, [("@t/m@1.2.5".to_string(), "patches/@t__m.patch".to_string())]);
    let warning = super::pnpm_ignored_warning(&ignored, "left out");
    for part in ["`package.json`", "`@t/m@1.2.5`", "pnpm-workspace.yaml", "no longer reads"] {
        assert!(warning.contains(part), "{part}: {warning}");
    }
    let yarn = project(&[(
        "package.json",
        "{\"resolutions\": {\"left-pad@npm:1.3.0\": \"patch:left-pad@npm%3A1.3.0#~/.yarn/patches/a.patch&./b.patch\"}}",
    )]);
    let found = discover(Format::Yarn, yarn.path()).expect("discovers");
    assert_eq!(found[0].patches, [".yarn/patches/a.patch", "b.patch"]);
}

#[test]
fn a_key_written_twice_where_forklayer_reads_or_edits_is_refused_by_name() {
    let twice = "{\n  \"patchedDependencies\": {\"left-pad@1.3.0\": \"patches/evil.patch\"},\n  \"patchedDependencies\": {\"left-pad@1.3.0\": \"patches/good.patch\"}\n}\n";
    let inner =
        "{\"patchedDependencies\": {\"left-pad@1.3.0\": \"patches/a.patch\", \"left-pad@1.3.0\": \"patches/b.patch\"}}";
    let yarn = "{\"dependencies\": {\"left-pad\": \"patch:left-pad@npm%3A1.3.0#~/a.patch\", \"left-pad\": \"1.3.0\"}}";
    let cases = [
        (Format::Npm, twice, "patchedDependencies"),
        (Format::Bun, inner, "left-pad@1.3.0"),
        (Format::Yarn, yarn, "left-pad"),
    ];
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), b"patch".to_vec())],
        installed_as: Vec::new(),
    }];
    for (format, package, key) in cases {
        let dir = project(&[("package.json", package)]);
        let err = discover(format, dir.path()).expect_err("ambiguous");
        assert_eq!((err.code(), err.exit_status()), ("patch_config_unsupported", ExitStatus::Usage), "{format}: {err}");
        assert!(err.to_string().contains(&format!("the key `{key}` appears twice")), "{format}: {err}");
        assert!(err.to_string().contains("package.json"), "{format}: {err}");
        assert!(err.help().is_some_and(|help| help.contains(&format!("write `{key}` once"))), "{format}");
        // npm and bun replace `patchedDependencies` whole: only the key itself matters there.
        if matches!(format, Format::Npm | Format::Yarn) {
            let err = edit_config(format, dir.path(), &entries).expect_err("not edited");
            assert_eq!(err.code(), "patch_config_unsupported", "{format}: {err}");
        }
    }
    let lock = "{\"lockfileVersion\": 3, \"packages\": {\"node_modules/left-pad\": {\"version\": \"1.3.0\", \"version\": \"1.2.0\"}}}";
    let dir = project(&[("package.json", "{}\n"), ("package-lock.json", lock)]);
    let err = edit_config(Format::Npm, dir.path(), &entries).expect_err("which version?");
    assert!(err.to_string().contains("package-lock.json") && err.to_string().contains("`version`"), "{err}");
    let workspace = project(&[(
        "pnpm-workspace.yaml",
        "patchedDependencies:\n  left-pad@1.3.0: a.patch\n  left-pad@1.3.0: b.patch\n",
    )]);
    let err = discover(Format::Pnpm, workspace.path()).expect_err("pnpm refuses it too");
    assert!(err.to_string().contains("the key `left-pad@1.3.0` appears twice"), "{err}");
    let workspace = project(&[("pnpm-workspace.yaml", "patchedDependencies: {}\npatchedDependencies: {}\n")]);
    let err = edit_config(Format::Pnpm, workspace.path(), &entries).expect_err("twice");
    assert!(err.to_string().contains("the key `patchedDependencies` appears twice"), "{err}");
}

#[test]
fn a_pnpm_block_with_an_anchor_is_read_but_not_rewritten_and_an_alias_is_refused() {
    let anchored = "packages: []\npatchedDependencies: &pd\n  left-pad@1.3.0: patches/lp.patch\ncatalog: *pd\n";
    let dir = project(&[("pnpm-workspace.yaml", anchored)]);
    let found = discover(Format::Pnpm, dir.path()).expect("the anchored block reads as it is");
    assert_eq!((found[0].name.as_str(), found[0].patches[0].as_str()), ("left-pad", "patches/lp.patch"));
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), b"patch".to_vec())],
        installed_as: Vec::new(),
    }];
    let err = edit_config(Format::Pnpm, dir.path(), &entries).expect_err("the alias would lose its anchor");
    assert_eq!((err.code(), err.exit_status()), ("patch_config_unsupported", ExitStatus::Usage));
    assert!(err.to_string().contains("pnpm-workspace.yaml") && err.to_string().contains("anchor"), "{err}");
    assert!(err.help().is_some_and(|help| help.contains("without YAML anchors")), "{err}");
    for aliased in [
        "base: &b\n  left-pad@1.3.0: patches/lp.patch\npatchedDependencies: *b\n",
        "p: &p patches/lp.patch\npatchedDependencies:\n  left-pad@1.3.0: *p\n",
    ] {
        let dir = project(&[("pnpm-workspace.yaml", aliased)]);
        let err = discover(Format::Pnpm, dir.path()).expect_err("pnpm reads what the alias stands for");
        assert!(err.to_string().contains("alias"), "{aliased}: {err}");
    }
    let elsewhere = "catalog: &c\n  a: 1.0.0\ncatalogs:\n  x: *c\npatchedDependencies:\n  old: x.patch\n";
    let dir = project(&[("pnpm-workspace.yaml", elsewhere)]);
    let edited = edit_config(Format::Pnpm, dir.path(), &entries).expect("anchors elsewhere are kept");
    assert_eq!(
        String::from_utf8(edited[0].1.clone()).expect("utf-8"),
        "catalog: &c\n  a: 1.0.0\ncatalogs:\n  x: *c\npatchedDependencies:\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n"
    );
}

#[test]
fn yarn_export_rewrites_the_patch_where_the_project_declares_it() {
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![(".yarn/patches/new.patch".into(), b"patch".to_vec())],
        installed_as: Vec::new(),
    }];
    for key in ["left-pad@npm:1.3.0", "left-pad"] {
        let package = format!(
            "{{\n  \"dependencies\": {{\n    \"left-pad\": \"1.3.0\",\n    \"z\": \"1.0.0\"\n  }},\n  \"resolutions\": {{\n    \"{key}\": \"patch:left-pad@npm%3A1.3.0#~/.yarn/patches/lp.patch\"\n  }}\n}}\n"
        );
        let dir = project(&[("package.json", &package)]);
        let edited = edit_config(Format::Yarn, dir.path(), &entries).expect("edits");
        let text = String::from_utf8(edited[0].1.clone()).expect("utf-8");
        assert_eq!(text, package.replace(".yarn/patches/lp.patch", ".yarn/patches/new.patch"), "{key}");
        std::fs::write(dir.path().join("package.json"), &text).expect("write");
        let found = discover(Format::Yarn, dir.path()).expect("discovers");
        assert_eq!(found.len(), 1, "{key}: {found:?}");
    }
    // Declared in both places (a dependency added after a first export):
    // both are rewritten, and read back as one patch.
    let both = "{\"dependencies\": {\"left-pad\": \"patch:left-pad@npm%3A1.3.0#~/.yarn/patches/a.patch\", \"z\": \"patch:z@npm%3A1.0.0#~/.yarn/patches/z.patch\"}, \"resolutions\": {\"left-pad@npm:1.3.0\": \"patch:left-pad@npm%3A1.3.0#~/.yarn/patches/b.patch\"}}";
    let dir = project(&[("package.json", both)]);
    let edited = edit_config(Format::Yarn, dir.path(), &entries).expect("edits");
    let text = String::from_utf8(edited[0].1.clone()).expect("utf-8");
    assert_eq!(text.matches("#~/.yarn/patches/new.patch").count(), 2, "{text}");
    std::fs::write(dir.path().join("package.json"), &text).expect("write");
    let found = discover(Format::Yarn, dir.path()).expect("discovers");
    let names: Vec<&str> = found.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["left-pad", "z"]);
    assert_eq!(found[0].key, "left-pad", "the dependency's key is the one reported");
    // A resolution that selects another version would not reach the one exported.
    let other = "{\"resolutions\": {\"left-pad@npm:1.2.0\": \"patch:left-pad@npm%3A1.2.0#~/.yarn/patches/old.patch\"}}";
    let dir = project(&[("package.json", other)]);
    let err = edit_config(Format::Yarn, dir.path(), &entries).expect_err("another version");
    assert_eq!(err.code(), "patch_config_unsupported");
    assert!(err.to_string().contains("`left-pad@npm:1.2.0`"), "{err}");
    assert!(err.help().is_some_and(|help| help.contains("`left-pad@npm:1.3.0`")), "{err}");
}

/// pnpm-workspace.yaml as `edit_config` leaves it for `entries` (name,
/// version, patch path).
fn pnpm_edit(workspace: &str, entries: &[(&str, &str, &str)]) -> String {
    let dir = project(&[("pnpm-workspace.yaml", workspace)]);
    let entries: Vec<ConfigEntry> = entries
        .iter()
        .map(|(name, version, patch)| ConfigEntry {
            name: name.to_string(),
            version: version.to_string(),
            patches: vec![(patch.to_string(), b"patch".to_vec())],
            installed_as: Vec::new(),
        })
        .collect();
    let edited = edit_config(Format::Pnpm, dir.path(), &entries).expect("edits");
    String::from_utf8(edited[0].1.clone()).expect("utf-8")
}

#[test]
fn pnpm_export_keeps_what_follows_the_patched_dependencies_block() {
    let workspace = "packages:\n  - \".\"\n\npatchedDependencies:\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n\n# build settings\nonlyBuiltDependencies:\n  - esbuild\n";
    let entry = ("left-pad", "1.3.0", "patches/left-pad@1.3.0.patch");
    assert_eq!(pnpm_edit(workspace, &[entry]), workspace, "the same entry: not a byte changes");
    let moved = pnpm_edit(workspace, &[("left-pad", "1.3.1", "patches/left-pad@1.3.1.patch")]);
    assert_eq!(moved, workspace.replace("1.3.0", "1.3.1"), "only the entry's line changes");
    // The last entry, then comments, a blank line and the end of the document.
    let ended = "patchedDependencies:\r\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\r\n  # mine\r\n\r\n...\r\n";
    let moved = pnpm_edit(ended, &[("left-pad", "1.3.1", "patches/left-pad@1.3.1.patch")]);
    assert_eq!(moved, ended.replace("1.3.0", "1.3.1"));
    let wide = "patchedDependencies:\n  ü@1.0.0: patches/ü\n# é\n";
    assert_eq!(pnpm_edit(wide, &[("ü", "1.0.0", "patches/ü")]), wide);
    assert_eq!(pnpm_edit(wide, &[("ü", "1.0.1", "p.patch")]), "patchedDependencies:\n  'ü@1.0.1': p.patch\n# é\n");
}

#[test]
fn pnpm_export_keeps_the_bytes_and_places_of_the_entries_it_does_not_change() {
    let workspace = "patchedDependencies:\n  # zed first, as written\n  \"zed@2.0.0\": 'patches/zed.patch'  # theirs\n  # the fork\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n  '@t/m@1.2.5': \"patches/m.patch\"\n\n# after\nonlyBuiltDependencies: []\n";
    let zed = ("zed", "2.0.0", "patches/zed.patch");
    let m = ("@t/m", "1.2.5", "patches/m.patch");
    let moved = pnpm_edit(workspace, &[zed, ("left-pad", "1.3.1", "patches/left-pad@1.3.1.patch"), m]);
    assert_eq!(moved, workspace.replace("1.3.0", "1.3.1"), "zed and @t/m keep quotes, comments and order");
    // A new package goes where key order puts it; one no longer patched
    // loses its line, the comments stay.
    let added = pnpm_edit(workspace, &[zed, ("abc", "1.0.0", "patches/abc.patch"), m]);
    assert_eq!(
        added,
        workspace
            .replace("  # zed first", "  abc@1.0.0: patches/abc.patch\n  # zed first")
            .replace("  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n", "")
    );
    let last = pnpm_edit(workspace, &[zed, m, ("zz", "1.0.0", "patches/zz.patch")]);
    assert_eq!(
        last,
        workspace
            .replace("\"patches/m.patch\"\n", "\"patches/m.patch\"\n  zz@1.0.0: patches/zz.patch\n")
            .replace("  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n", "")
    );
    let none = pnpm_edit(workspace, &[]);
    assert_eq!(
        none,
        "patchedDependencies: {}\n  # zed first, as written\n  # the fork\n\n# after\nonlyBuiltDependencies: []\n"
    );
}

#[test]
fn pnpm_export_adds_the_key_inside_the_document_and_rewrites_a_flow_mapping_s_lines_only() {
    let entry = ("left-pad", "1.3.0", "patches/left-pad@1.3.0.patch");
    let block = "patchedDependencies:\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n";
    assert_eq!(pnpm_edit("packages: []\n# end\n", &[entry]), format!("packages: []\n# end\n{block}"));
    assert_eq!(pnpm_edit("packages: []\n# end\n...\n", &[entry]), format!("packages: []\n# end\n{block}...\n"));
    assert_eq!(pnpm_edit("packages: []", &[entry]), format!("packages: []\n{block}"));
    assert_eq!(pnpm_edit("", &[entry]), block);
    let flow = "a: 1\npatchedDependencies: {x@1.0.0: x.patch}\n# after\n\nb: 2\n";
    assert_eq!(pnpm_edit(flow, &[entry]), format!("a: 1\n{block}# after\n\nb: 2\n"));
    let null = "patchedDependencies:\n# after\nb: 2\n";
    assert_eq!(pnpm_edit(null, &[entry]), format!("{block}# after\nb: 2\n"));
    let dir = project(&[("pnpm-workspace.yaml", "{a: 1, patchedDependencies: {}}\n")]);
    let err = edit_config(Format::Pnpm, dir.path(), &[]).expect_err("a flow document is not edited");
    assert!(err.to_string().contains("not a plain top-level key"), "{err}");
}

#[test]
fn config_files_names_every_file_edit_config_writes() {
    let lock = "{\"lockfileVersion\": 3, \"packages\": {\"node_modules/left-pad\": {\"version\": \"1.3.0\"}}}";
    let dir = project(&[
        ("package.json", "{\"dependencies\": {\"left-pad\": \"1.3.0\"}}"),
        ("package-lock.json", lock),
        ("pnpm-workspace.yaml", "packages: []\n"),
    ]);
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), b"patch".to_vec())],
        installed_as: Vec::new(),
    }];
    for format in Format::ALL {
        for (path, _) in edit_config(format, dir.path(), &entries).expect("edits") {
            let rel = path.strip_prefix(dir.path()).expect("inside").to_string_lossy().into_owned();
            assert!(super::config_files(format).contains(&rel.as_str()), "{format}: {rel}");
        }
    }
}

#[test]
fn a_patched_dependencies_entry_that_is_no_path_is_refused_by_name_not_skipped() {
    for (format, package_json) in [
        (Format::Npm, r#"{"patchedDependencies": {"a@1.0.0": "patches/a.patch", "b@1.0.0": {"path": "p"}}}"#),
        (Format::Bun, r#"{"patchedDependencies": {"b@1.0.0": 7}}"#),
    ] {
        let dir = project(&[("package.json", package_json)]);
        let err = discover(format, dir.path()).expect_err("refused");
        assert_eq!(err.code(), "patch_config_unsupported", "{format}: {err}");
        assert!(err.to_string().contains("`b@1.0.0`") && err.to_string().contains("package.json"), "{format}: {err}");
    }
}

#[test]
fn an_alias_is_patched_by_the_name_npm_and_patch_package_find_it_under() {
    // `"lp": "npm:left-pad@1.3.0"`: npm keys the patch `lp@1.3.0` and records
    // it on the node `node_modules/lp`; patch-package names its file `lp+…`.
    let package = "{\n  \"dependencies\": {\n    \"lp\": \"npm:left-pad@1.3.0\"\n  }\n}\n";
    let lock = "{\n  \"lockfileVersion\": 4,\n  \"packages\": {\n    \"node_modules/lp\": {\n      \"name\": \"left-pad\",\n      \"version\": \"1.3.0\"\n    }\n  }\n}\n";
    let dir = project(&[("package.json", package), ("package-lock.json", lock)]);
    let aliases = super::aliases(Format::Npm, dir.path()).expect("reads");
    assert_eq!(aliases, [super::Alias { alias: "lp".into(), name: "left-pad".into(), version: Some("1.3.0".into()) }]);
    let entries = [ConfigEntry {
        name: "left-pad".into(),
        version: "1.3.0".into(),
        patches: vec![("patches/left-pad@1.3.0.patch".into(), b"patch".to_vec())],
        installed_as: vec!["lp".into()],
    }];
    let edited = edit_config(Format::Npm, dir.path(), &entries).expect("edits");
    let package_json = String::from_utf8(edited[0].1.clone()).expect("utf-8");
    assert!(package_json.contains("\"lp@1.3.0\": \"patches/left-pad@1.3.0.patch\""), "{package_json}");
    assert!(!package_json.contains("\"left-pad@1.3.0\""), "{package_json}");
    assert!(String::from_utf8_lossy(&edited[1].1).contains("\"patched\""));
    for (rel, bytes) in &edited {
        std::fs::write(rel, bytes).expect("writes");
    }
    let found = discover(Format::Npm, dir.path()).expect("discovers");
    assert_eq!((found[0].name.as_str(), found[0].version.as_str()), ("left-pad", "1.3.0"));
    assert_eq!((found[0].key.as_str(), found[0].alias.as_deref()), ("lp@1.3.0", Some("lp")));
    // The lock file's alias node counts as an installed left-pad.
    assert!(super::installed_versions(Format::Npm, dir.path(), "left-pad").expect("reads").contains("1.3.0"));

    let dir = project(&[("package.json", package), ("patches/lp+1.3.0.patch", "")]);
    let found = discover(Format::PatchPackage, dir.path()).expect("discovers");
    assert_eq!((found[0].name.as_str(), found[0].alias.as_deref()), ("left-pad", Some("lp")));
}

#[test]
fn yarn_patches_an_alias_in_its_own_dependency_and_keeps_another_version_s_patch() {
    let package = "{\n  \"dependencies\": {\n    \"left-pad\": \"1.3.0\",\n    \"lp\": \"npm:left-pad@1.3.0\",\n    \"old\": \"patch:left-pad@npm%3A1.2.0#~/.yarn/patches/old.patch\"\n  }\n}\n";
    let dir = project(&[("package.json", package)]);
    let entry = |version: &str, patch: &str, installed_as: &[&str]| ConfigEntry {
        name: "left-pad".into(),
        version: version.into(),
        patches: vec![(patch.into(), b"patch".to_vec())],
        installed_as: installed_as.iter().map(|s| s.to_string()).collect(),
    };
    let entries = [
        entry("1.2.0", ".yarn/patches/old.patch", &[]),
        entry("1.3.0", ".yarn/patches/new.patch", &["left-pad", "lp"]),
    ];
    let edited = edit_config(Format::Yarn, dir.path(), &entries).expect("edits");
    let new = "patch:left-pad@npm%3A1.3.0#~/.yarn/patches/new.patch";
    let expected = package
        .replace("\"left-pad\": \"1.3.0\"", &format!("\"left-pad\": \"{new}\""))
        .replace("\"lp\": \"npm:left-pad@1.3.0\"", &format!("\"lp\": \"{new}\""));
    assert_eq!(String::from_utf8(edited[0].1.clone()).expect("utf-8"), expected);
}
