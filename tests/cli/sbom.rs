//! `sbom` and the SBOM of `release`: CycloneDX 1.6 beside and inside the
//! archive, the same bytes as `forklayer sbom`, each fork with its upstream
//! ancestor and patch.

use serde_json::Value;

use crate::release::{entries, project, EPOCH, TOP};

fn parse(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("the SBOM is JSON")
}

fn component<'d>(doc: &'d Value, purl: &str) -> &'d Value {
    let all = doc["components"].as_array().expect("components");
    all.iter().find(|c| c["purl"] == purl).unwrap_or_else(|| panic!("no {purl} in {doc:#}"))
}

#[test]
fn release_writes_the_sbom_beside_and_inside_the_zip_and_sbom_prints_the_same_bytes() {
    let dir = project();
    dir.run(&["release", "--out", "dist", "--source-date-epoch", EPOCH]).assert_code(0);
    let beside = dir.read(&format!("dist/{TOP}.cdx.json"));
    let zip = dir.read(&format!("dist/{TOP}.zip"));
    let inside = entries(&zip).into_iter().find(|(name, _, _)| *name == format!("{TOP}/sbom.cdx.json"));
    assert_eq!(inside.expect("sbom.cdx.json in the zip").1, beside);
    let printed = dir.run(&["sbom", "--version", "1.0.0"]);
    printed.assert_code(0);
    assert_eq!(printed.stdout.as_bytes(), beside.as_slice());
    let doc = parse(&beside);
    assert_eq!(doc["bomFormat"], "CycloneDX");
    assert_eq!(doc["specVersion"], "1.6");
    assert_eq!(doc["metadata"]["component"]["name"], "dsh-profile-self-checking");
    assert_eq!(doc["metadata"]["component"]["version"], "1.0.0");
}

#[test]
fn each_fork_names_its_upstream_ancestor_with_integrity_and_carries_its_diff_and_manifest_hash() {
    let dir = project();
    // A review diff with CRLF line ends and no final newline stays as it is.
    dir.write("patches/a.diff", "--- a/index.js\r\n+++ b/index.js\r\n-upstream\r\n+fork");
    let run = dir.run(&["sbom"]);
    run.assert_code(0);
    let doc = parse(run.stdout.as_bytes());
    let fork = component(&doc, "pkg:npm/%40acme/a@1.0.0");
    assert_eq!(fork["licenses"][0]["expression"], "MIT");
    let ancestor = &fork["pedigree"]["ancestors"][0];
    assert_eq!(ancestor["purl"], "pkg:npm/%40acme/a@1.0.0");
    assert_eq!(ancestor["hashes"][0]["alg"], "SHA-512");
    assert_eq!(
        ancestor["hashes"][0]["content"],
        "1f40fc92da241694750979ee6cf582f2d5d7d28e18335de05abc54d0560e0f5302860c652bf08d560252aa5e74210546f369fbbbce8c12cfc7957b2652fe9a75"
    );
    let patch = &fork["pedigree"]["patches"][0];
    assert_eq!(patch["type"], "unofficial");
    assert_eq!(patch["diff"]["text"]["content"], "--- a/index.js\r\n+++ b/index.js\r\n-upstream\r\n+fork");
    let manifest_sha = forklayer::npm::sha256_hex(&dir.read("patches/a.json"));
    let properties = fork["properties"].as_array().expect("properties");
    assert!(properties.iter().any(|p| p["name"] == "forklayer:manifest:sha256" && p["value"] == manifest_sha.as_str()));
    // The own package is a component of its own, with no pedigree.
    let own = component(&doc, "pkg:npm/%40acme/mine@0.3.0");
    assert!(own.get("pedigree").is_none(), "{own}");
}

#[test]
fn a_changed_diff_changes_the_serial_number_and_the_same_layer_gives_the_same_bytes() {
    let dir = project();
    let first = dir.run(&["sbom"]);
    first.assert_code(0);
    assert_eq!(dir.run(&["sbom"]).stdout, first.stdout);
    dir.write("patches/a.diff", "-upstream\n+fork, changed\n");
    let second = dir.run(&["sbom"]);
    second.assert_code(0);
    let serial = |text: &str| parse(text.as_bytes())["serialNumber"].clone();
    assert_ne!(serial(&first.stdout), serial(&second.stdout));
}

#[test]
fn sbom_out_writes_the_file_and_prints_its_sha256() {
    let dir = project();
    let run = dir.run(&["sbom", "--out", "layer.cdx.json"]);
    run.assert_code(0);
    let bytes = dir.read("layer.cdx.json");
    assert_eq!(run.stdout, format!("{}  layer.cdx.json\n", forklayer::npm::sha256_hex(&bytes)));
    assert!(run.stderr.contains("CycloneDX 1.6"), "{}", run.stderr);
}

#[test]
fn sbom_out_replaces_only_a_previous_sbom_never_the_declaration_a_managed_file_or_git() {
    let dir = project();
    dir.run(&["sbom", "--out", "layer.cdx.json"]).assert_code(0);
    // A previous SBOM is replaced.
    dir.run(&["sbom", "--out", "layer.cdx.json"]).assert_code(0);
    std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir");
    std::fs::write(dir.path().join(".git/HEAD"), "ref: refs/heads/main\n").expect("write");
    std::fs::write(dir.path().join("notes.json"), "{\"mine\": true}\n").expect("write");
    let declaration = dir.read("forklayer.toml");
    for out in ["forklayer.toml", ".git/HEAD", "notes.json", "upstream/forklayer.cdx.json", "patches/x.cdx.json"] {
        let before = dir.path().join(out).exists().then(|| dir.read(out));
        let run = dir.run(&["sbom", "--out", out]);
        run.assert_code(2);
        assert!(run.stderr.contains(out) && run.stderr.contains("help:"), "{out}: {}", run.stderr);
        assert_eq!(dir.path().join(out).exists().then(|| dir.read(out)), before, "{out} untouched");
    }
    assert_eq!(dir.read("forklayer.toml"), declaration);
}

#[test]
fn release_check_rebuilds_the_sbom_and_reports_it() {
    let dir = project();
    let run = dir.run(&["--json", "release", "--out", "dist", "--check", "--source-date-epoch", EPOCH]);
    run.assert_code(0);
    let doc = parse(run.stdout.as_bytes());
    let sha = forklayer::npm::sha256_hex(&dir.read(&format!("dist/{TOP}.cdx.json")));
    assert_eq!(doc["sbom"]["sha256"], sha.as_str());
    assert_eq!(doc["sbom"]["path"], format!("dist/{TOP}.cdx.json"));
}

#[test]
fn without_a_lock_file_sbom_and_release_fail_naming_it_and_write_nothing() {
    let dir = project();
    std::fs::remove_file(dir.join("upstream/forklayer.lock.json")).expect("rm");
    for args in [&["sbom", "--out", "x.cdx.json"][..], &["release", "--out", "dist", "--source-date-epoch", EPOCH]] {
        let run = dir.run(args);
        run.assert_code(3);
        assert!(run.stderr.contains("forklayer.lock.json"), "{}", run.stderr);
        assert!(run.stderr.contains("help: re-create `upstream/`"), "{}", run.stderr);
    }
    assert!(!dir.exists("x.cdx.json") && !dir.exists("dist"));
}

#[test]
fn a_diff_without_its_manifest_is_a_usage_error_that_says_to_regenerate() {
    let dir = project();
    std::fs::remove_file(dir.join("patches/a.json")).expect("rm");
    let run = dir.run(&["--json", "sbom"]);
    run.assert_code(2);
    let doc = parse(run.stdout.as_bytes());
    assert_eq!(doc["error"]["code"], "patches_stale");
    let message = doc["error"]["message"].as_str().expect("message");
    assert!(message.contains("`patches/a.diff`") && message.contains("`patches/a.json`"), "{message}");
    assert_eq!(doc["error"]["help"], "run `forklayer gen-patches` to write both");
}

#[test]
fn a_package_not_in_the_lock_is_an_integrity_error_naming_it() {
    let dir = project();
    dir.write("upstream/forklayer.lock.json", r#"{"packages": {}, "schema": "forklayer.lock/1", "version": "1.0.0"}"#);
    let run = dir.run(&["sbom"]);
    run.assert_code(3);
    assert!(run.stderr.contains("no entry for `@acme/a`"), "{}", run.stderr);
}

#[test]
fn a_forked_package_equal_to_upstream_is_listed_as_upstream() {
    let dir = project();
    std::fs::remove_file(dir.join("patches/a.json")).expect("rm");
    std::fs::remove_file(dir.join("patches/a.diff")).expect("rm");
    let run = dir.run(&["sbom"]);
    run.assert_code(0);
    let doc = parse(run.stdout.as_bytes());
    let a = component(&doc, "pkg:npm/%40acme/a@1.0.0");
    assert!(a.get("pedigree").is_none(), "{a}");
    assert!(a["hashes"][0]["content"].as_str().is_some_and(|h| h.len() == 128), "{a}");
}
