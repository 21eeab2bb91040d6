//! A layer holding packages of several scopes and unscoped ones, each at
//! its own version (`name@version`), beside a version family: vendored,
//! checked, rebuilt, merged one package at a time (cleanly and through
//! guided conflicts) and released under the declaration's name.

use serde_json::Value;

use crate::util::{commit_all, NpmPackage, TestDir};

/// A package named in full (scoped or not), with a `package.json`.
fn package(name: &str, version: &str) -> NpmPackage {
    let manifest = format!("{{\n  \"name\": \"{name}\",\n  \"version\": \"{version}\",\n  \"license\": \"MIT\"\n}}\n");
    NpmPackage {
        name: name.into(),
        version: version.into(),
        files: vec![("package.json".into(), manifest.into_bytes(), false)],
    }
}

fn tgz_name(p: &NpmPackage) -> String {
    format!("{}-{}.tgz", p.name.trim_start_matches('@').replace('/', "-"), p.version)
}

fn left_pad(version: &str, body: &str) -> NpmPackage {
    package("left-pad", version).file("index.js", body).file("README.md", "# left-pad\r\n")
}

fn minimist_types(version: &str) -> NpmPackage {
    package("@types/minimist", version).file("index.d.ts", "export declare function parse(args: string[]): object;\n")
}

fn family_a(version: &str) -> NpmPackage {
    package("@acme/a", version).file("lib.js", "export const a = 1;\n\n\nexport const z = 26;\n")
}

const PAD_1: &str =
    "module.exports = leftPad;\nfunction leftPad(str, len, ch) {\n  ch = ch || ' ';\n  return str;\n}\n";

const DECLARATION: &str = r#"[layer]
name = "mixed-layer"
scope = "@acme"
baseline = "1.0.0"

[paths]
upstream = "upstream"
forks = "forks"
patches = "patches"

[packages]
forked = ["a", "left-pad@1.3.0", "@types/minimist@1.2.5"]
"#;

/// A committed layer: the family member `a` at 1.0.0, `left-pad@1.3.0` and
/// `@types/minimist@1.2.5`, each forked, manifests generated.
fn mixed_layer() -> TestDir {
    let dir = TestDir::new();
    dir.write("forklayer.toml", DECLARATION);
    for p in [family_a("1.0.0"), left_pad("1.3.0", PAD_1), minimist_types("1.2.5")] {
        dir.write(&format!("tarballs/{}", tgz_name(&p)), p.tgz());
    }
    dir.run(&["snapshot", "--from", "tarballs"]).assert_code(0);
    for rel in ["upstream/@acme/a", "upstream/left-pad", "upstream/@types/minimist"] {
        let files = dir.files_below(rel);
        for (path, full) in files {
            let target = rel.replacen("upstream", "forks", 1);
            dir.write(&format!("{target}/{path}"), std::fs::read(full).expect("read"));
        }
    }
    dir.write("forks/@acme/a/lib.js", "export const a = 2;\n\n\nexport const z = 26;\n");
    dir.write("forks/left-pad/index.js", PAD_1.replace("return str;", "return ch + str; // fork"));
    dir.write("forks/@types/minimist/index.d.ts", "export declare function parse(args: readonly string[]): object;\n");
    dir.run(&["gen-patches"]).assert_code(0);
    commit_all(&dir);
    dir
}

#[test]
fn each_package_is_vendored_at_its_own_version_under_its_own_name() {
    let dir = mixed_layer();
    assert_eq!(dir.read("upstream/VERSION"), b"1.0.0\n", "the family's version");
    let lock: Value = serde_json::from_slice(&dir.read("upstream/forklayer.lock.json")).expect("json");
    let versions: Vec<(&str, &str)> = lock["packages"]
        .as_object()
        .expect("packages")
        .iter()
        .map(|(name, p)| (name.as_str(), p["version"].as_str().expect("version")))
        .collect();
    assert_eq!(versions, [("@acme/a", "1.0.0"), ("@types/minimist", "1.2.5"), ("left-pad", "1.3.0")]);
    for file in ["patches/a.json", "patches/left-pad.json", "patches/@types+minimist.json", "patches/left-pad.diff"] {
        assert!(dir.exists(file), "{file}");
    }
    let manifest: Value = serde_json::from_slice(&dir.read("patches/left-pad.json")).expect("json");
    assert_eq!(manifest["package"], "left-pad");
    assert_eq!(manifest["builtAgainst"], "1.3.0");
    let run = dir.run(&["check"]);
    run.assert_code(0);
    let out = dir.join("rebuilt");
    dir.run(&["rebuild", "--out", out.to_str().expect("utf-8"), "--check", "forks"]).assert_code(0);
    assert_eq!(std::fs::read(out.join("left-pad/index.js")).expect("rebuilt"), dir.read("forks/left-pad/index.js"));
}

#[test]
fn a_declared_version_the_snapshot_does_not_hold_is_a_check_finding() {
    let dir = mixed_layer();
    dir.write("forklayer.toml", DECLARATION.replace("left-pad@1.3.0", "left-pad@1.3.1"));
    let run = dir.run(&["check"]);
    assert_ne!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.contains("`left-pad` is declared at `1.3.1` but `upstream/` holds `1.3.0`"), "{}", run.stdout);
}

#[test]
fn merging_one_package_moves_only_it_and_its_declaration_entry() {
    let dir = mixed_layer();
    let next = left_pad("1.3.1", &PAD_1.replace("module.exports = leftPad;", "module.exports = leftPad; // 1.3.1"));
    dir.write(&format!("new/{}", tgz_name(&next)), next.tgz());
    let manifests_before = (dir.read("patches/a.json"), dir.read("patches/@types+minimist.json"));
    let run = dir.run(&["merge", "left-pad@1.3.1", "--from", "new", "--json"]);
    run.assert_code(0);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["from"], "left-pad@1.3.0");
    assert_eq!(report["to"], "left-pad@1.3.1");
    assert_eq!(report["baseline"], Value::Null, "the family stays");
    assert_eq!(report["packages"][0]["name"], "left-pad");
    assert_eq!(report["packages"][0]["to"], "1.3.1");
    let declaration = String::from_utf8(dir.read("forklayer.toml")).expect("utf-8");
    assert_eq!(declaration, DECLARATION.replace("left-pad@1.3.0", "left-pad@1.3.1"), "only that entry changes");
    let merged = String::from_utf8(dir.read("forks/left-pad/index.js")).expect("utf-8");
    assert!(merged.contains("// 1.3.1") && merged.contains("// fork"), "{merged}");
    let manifest: Value = serde_json::from_slice(&dir.read("patches/left-pad.json")).expect("json");
    assert_eq!(manifest["builtAgainst"], "1.3.1");
    assert_eq!((dir.read("patches/a.json"), dir.read("patches/@types+minimist.json")), manifests_before);
    assert_eq!(dir.read("upstream/VERSION"), b"1.0.0\n");
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn merging_the_family_leaves_the_packages_at_their_own_version() {
    let dir = mixed_layer();
    let next = family_a("2.0.0").file("lib.js", "export const a = 1;\n\n\nexport const z = 26;\nexport const b = 2;\n");
    dir.write(&format!("new/{}", tgz_name(&next)), next.tgz());
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(0);
    let declaration = String::from_utf8(dir.read("forklayer.toml")).expect("utf-8");
    assert_eq!(declaration, DECLARATION.replace("baseline = \"1.0.0\"", "baseline = \"2.0.0\""));
    assert!(dir.exists("patches/left-pad.json") && dir.exists("patches/@types+minimist.json"));
    assert_eq!(dir.read("upstream/VERSION"), b"2.0.0\n");
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn a_conflict_in_one_package_is_resolved_and_continued_to_its_new_version() {
    let dir = mixed_layer();
    let next = left_pad("2.0.0", &PAD_1.replace("return str;", "return String(str); // upstream"));
    dir.write(&format!("new/{}", tgz_name(&next)), next.tgz());
    let run = dir.run(&["merge", "left-pad@2.0.0", "--from", "new"]);
    run.assert_code(1);
    assert!(run.stdout.contains("conflict   left-pad/index.js"), "{}", run.stdout);
    let conflicted = String::from_utf8(dir.read("forks/left-pad/index.js")).expect("utf-8");
    assert!(conflicted.contains("<<<<<<< fork@1.3.0") && conflicted.contains(">>>>>>> upstream@2.0.0"), "{conflicted}");
    assert!(dir.read("forklayer.toml") == DECLARATION.as_bytes(), "the declaration moves on --continue");
    let status = dir.run(&["status"]);
    assert!(status.stdout.contains("left-pad@2.0.0") || status.stderr.contains("left-pad@2.0.0"), "{}", status.stderr);
    dir.write("forks/left-pad/index.js", PAD_1.replace("return str;", "return ch + String(str); // both"));
    dir.run(&["merge", "--continue"]).assert_code(0);
    let declaration = String::from_utf8(dir.read("forklayer.toml")).expect("utf-8");
    assert_eq!(declaration, DECLARATION.replace("left-pad@1.3.0", "left-pad@2.0.0"));
    let manifest: Value = serde_json::from_slice(&dir.read("patches/left-pad.json")).expect("json");
    assert_eq!(manifest["builtAgainst"], "2.0.0");
    dir.run(&["check"]).assert_code(0);
}

/// The markers of a package at its own version name its versions
/// (`fork@1.3.0`, `upstream@2.0.0`), not the merge's (`1.0.0`, or
/// `left-pad@1.3.0`): `status` and `--continue` find every one of them,
/// whether the package moves alone or beside the family.
#[test]
fn markers_of_a_package_at_its_own_version_are_found_whatever_else_moves() {
    for family_too in [false, true] {
        let dir = mixed_layer();
        let next = left_pad("2.0.0", &PAD_1.replace("return str;", "return String(str); // upstream"));
        dir.write(&format!("new/{}", tgz_name(&next)), next.tgz());
        let mut merge = vec!["merge", "left-pad@2.0.0", "--from", "new"];
        if family_too {
            dir.write("new/acme-a-2.0.0.tgz", family_a("2.0.0").tgz());
            merge.insert(1, "2.0.0");
        }
        dir.run(&merge).assert_code(1);
        let conflicted = String::from_utf8(dir.read("forks/left-pad/index.js")).expect("utf-8");
        // Only the separator is removed: three labelled markers are left.
        let left: String = conflicted.lines().filter(|l| *l != "=======").map(|l| format!("{l}\n")).collect();
        dir.write("forks/left-pad/index.js", &left);
        let status: Value = serde_json::from_str(&dir.run(&["--json", "status"]).stdout).expect("json");
        assert_eq!(status["merge"]["left"], 1, "family too: {family_too}: {status}");
        let refused = dir.run(&["merge", "--continue"]);
        refused.assert_code(2);
        for marker in ["<<<<<<< fork@1.3.0", "||||||| upstream@1.3.0", ">>>>>>> upstream@2.0.0"] {
            assert!(refused.stderr.contains(marker), "family too: {family_too}: {marker} in {}", refused.stderr);
        }
        assert!(!dir.exists("patches/resolutions"), "nothing recorded");
        assert_eq!(dir.read("forklayer.toml"), DECLARATION.as_bytes(), "nothing moved");
    }
}

/// During a merge of a package at its own version, `check` points to
/// `--continue`/`--abort`, and `snapshot` vendors what the merge vendored
/// (never the declared version over it), so that `upstream/` changed
/// since can be put back as `--continue` advises.
#[test]
fn during_a_merge_snapshot_vendors_the_merges_versions_and_check_points_to_continue() {
    let dir = mixed_layer();
    let next = left_pad("2.0.0", &PAD_1.replace("return str;", "return String(str); // upstream"));
    dir.write(&format!("new/{}", tgz_name(&next)), next.tgz());
    dir.run(&["merge", "left-pad@2.0.0", "--from", "new"]).assert_code(1);
    dir.write("forks/left-pad/index.js", PAD_1.replace("return str;", "return ch + String(str); // both"));
    let check = dir.run(&["check"]);
    assert!(check.stdout.contains("the version the merge in progress moves it to"), "{}", check.stdout);
    assert!(!check.stdout.contains("forklayer merge left-pad@1.3.0"), "{}", check.stdout);
    // The declared version over the merge's is refused, nothing written.
    let merged_upstream = dir.snapshot_dir("upstream");
    let old = dir.run(&["snapshot", "--from", "tarballs"]);
    old.assert_code(2);
    assert!(old.stderr.contains("the versions of the merge in progress"), "{}", old.stderr);
    assert_eq!(dir.snapshot_dir("upstream"), merged_upstream);
    // upstream/ edited since the merge: --continue refuses, and the
    // snapshot its help names puts it back.
    dir.write("upstream/left-pad/index.js", "edited\n");
    let refused = dir.run(&["merge", "--continue"]);
    refused.assert_code(2);
    assert!(refused.stderr.contains("`forklayer snapshot`"), "{}", refused.stderr);
    for p in [next, family_a("1.0.0"), minimist_types("1.2.5")] {
        dir.write(&format!("again/{}", tgz_name(&p)), p.tgz());
    }
    dir.run(&["snapshot", "--from", "again"]).assert_code(0);
    assert_eq!(dir.snapshot_dir("upstream"), merged_upstream);
    dir.run(&["merge", "--continue"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
}

#[test]
fn targets_the_layer_does_not_have_are_usage_errors_naming_the_way() {
    let dir = mixed_layer();
    for (args, said) in [
        (vec!["merge", "a@2.0.0"], "moves with the version family"),
        (vec!["merge", "@acme/a@2.0.0"], "moves with the version family"),
        (vec!["merge", "right-pad@1.0.0"], "`right-pad` is no forked or carried package"),
        (vec!["merge", "2.0.0", "3.0.0"], "two versions for the version family"),
    ] {
        let run = dir.run(&args);
        run.assert_code(2);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
    let unfamilied = TestDir::new();
    unfamilied.write(
        "forklayer.toml",
        "[paths]\nupstream = \"upstream\"\nforks = \"forks\"\npatches = \"patches\"\n\n[packages]\nforked = [\"left-pad@1.3.0\"]\n",
    );
    let run = unfamilied.run(&["merge", "1.3.1"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`forklayer merge <name>@1.3.1`"), "{}", run.stderr);
}

#[test]
fn a_layer_without_a_family_vendors_checks_and_needs_a_release_version() {
    let dir = TestDir::new();
    dir.write(
        "forklayer.toml",
        "[layer]\nname = \"pad-fixes\"\n\n[paths]\nupstream = \"upstream\"\nforks = \"forks\"\npatches = \"patches\"\n\n[packages]\nforked = [\"left-pad@1.3.0\"]\n",
    );
    let pad = left_pad("1.3.0", PAD_1);
    dir.write(&format!("tarballs/{}", tgz_name(&pad)), pad.tgz());
    let run = dir.run(&["snapshot", "1.0.0", "--from", "tarballs"]);
    run.assert_code(2);
    assert!(run.stderr.contains("without a version"), "{}", run.stderr);
    dir.run(&["snapshot", "--from", "tarballs"]).assert_code(0);
    assert!(!dir.exists("upstream/VERSION"), "no family, no VERSION");
    dir.write_package("forks/left-pad", &pad.clone().file("index.js", PAD_1.replace("ch || ' '", "ch || '0'")));
    dir.run(&["gen-patches"]).assert_code(0);
    dir.run(&["check"]).assert_code(0);
    let run = dir.run(&["sbom"]);
    run.assert_code(2);
    assert!(run.stderr.contains("pass `--version <V>`"), "{}", run.stderr);
    let sbom: Value =
        serde_json::from_str(&dir.run(&["sbom", "--version", "3.0.0"]).assert_code(0).stdout).expect("json");
    assert_eq!(sbom["metadata"]["component"]["name"], "pad-fixes");
}

#[test]
fn a_package_declared_twice_or_a_pin_without_a_family_is_refused() {
    let dir = TestDir::new();
    for (text, said) in [
        (DECLARATION.replace("\"a\", ", "\"a\", \"@acme/a@1.0.0\", "), "`@acme/a` is declared twice"),
        (DECLARATION.replace("left-pad@1.3.0", "left-pad@^1.3.0"), "is not an exact version"),
        (
            DECLARATION.replace("scope = \"@acme\"\nbaseline = \"1.0.0\"\n", "")
                + "\n[[pins]]\nfile = \"p.json\"\nkeys = [\"a\"]\n",
            "has no version and `layer.baseline` is not set",
        ),
        (
            DECLARATION.replace("\"a\", ", "").replace("scope = \"@acme\"\nbaseline = \"1.0.0\"\n", "")
                + "\n[[pins]]\nfile = \"p.json\"\nkeys = [\"a\"]\n",
            "`[[pins]]` follow `layer.baseline`",
        ),
        (DECLARATION.replace("mixed-layer", "mixed layer"), "`layer.name` `mixed layer`"),
    ] {
        dir.write("forklayer.toml", &text);
        let run = dir.run(&["check"]);
        run.assert_code(2);
        assert!(run.stderr.contains(said), "{text}\n{}", run.stderr);
    }
}

#[test]
fn the_sbom_carries_the_patch_of_every_package_whatever_its_scope() {
    let dir = mixed_layer();
    let run = dir.run(&["sbom"]);
    run.assert_code(0);
    let doc: Value = serde_json::from_str(&run.stdout).expect("json");
    let components = doc["components"].as_array().expect("components");
    for (purl, diff) in [
        ("pkg:npm/%40acme/a@1.0.0", "patches/a.diff"),
        ("pkg:npm/left-pad@1.3.0", "patches/left-pad.diff"),
        ("pkg:npm/%40types/minimist@1.2.5", "patches/@types+minimist.diff"),
    ] {
        let fork = components.iter().find(|c| c["purl"] == purl).unwrap_or_else(|| panic!("no {purl} in {doc:#}"));
        let patch = &fork["pedigree"]["patches"][0];
        let expected = String::from_utf8(dir.read(diff)).expect("utf-8 diff");
        assert_eq!(patch["diff"]["text"]["content"], expected.as_str(), "{purl}");
    }
}
