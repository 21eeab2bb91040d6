use base64::Engine;
use serde_json::Value;

use crate::sbom::{npm_purl, to_json, Component, NpmIdentity, Origin, PatchFiles, SbomError, SbomInput, Subject};

/// sha512 SRI of the bytes `a`.
const INTEGRITY: &str =
    "sha512-H0D8ktokFpR1CXnubPWC8tXX0o4YM13gWrxU0FYOD1MChgxlK/CNVgJSql50IQVG82n7u86MEs/HlXsmUv6adQ==";

fn identity(name: &str, version: &str) -> NpmIdentity {
    NpmIdentity { name: name.into(), version: version.into(), license: Some("MIT".into()) }
}

fn input(diff: &[u8]) -> SbomInput {
    SbomInput {
        subject: Subject { name: "release".into(), version: "1.0.0".into() },
        tool_version: "0.1.0".into(),
        components: vec![
            Component {
                identity: identity("@acme/forked", "1.0.0"),
                origin: Origin::Fork {
                    ancestor: identity("@acme/forked", "1.0.0"),
                    integrity: Some(INTEGRITY.into()),
                    patch: PatchFiles {
                        diff_path: "patches/forked.diff".into(),
                        diff: diff.to_vec(),
                        manifest_path: "patches/forked.json".into(),
                        manifest_sha256: "ab".repeat(32),
                    },
                },
            },
            Component { identity: identity("@acme/carried", "1.0.0"), origin: Origin::Upstream { integrity: None } },
            Component {
                identity: NpmIdentity { name: "mine".into(), version: "0.3.0".into(), license: None },
                origin: Origin::Own,
            },
        ],
    }
}

fn document(input: &SbomInput) -> Value {
    serde_json::from_slice(&to_json(input).expect("builds")).expect("json")
}

fn component<'d>(doc: &'d Value, name: &str) -> &'d Value {
    let components = doc["components"].as_array().expect("components");
    components.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no component {name} in {doc}"))
}

#[test]
fn a_fork_names_its_upstream_ancestor_and_carries_its_review_diff() {
    let diff = b"diff --git a/x.js b/x.js\r\n-old\r\n+new\r\n";
    let doc = document(&input(diff));
    let fork = component(&doc, "forked");
    assert_eq!(fork["group"], "@acme");
    assert_eq!(fork["purl"], "pkg:npm/%40acme/forked@1.0.0");
    let ancestor = &fork["pedigree"]["ancestors"][0];
    assert_eq!(ancestor["purl"], "pkg:npm/%40acme/forked@1.0.0");
    assert!(ancestor.get("bom-ref").is_none(), "{ancestor}");
    let sha512 = base64::engine::general_purpose::STANDARD.decode(&INTEGRITY[7..]).expect("b64");
    let hex: String = sha512.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(ancestor["hashes"][0]["alg"], "SHA-512");
    assert_eq!(ancestor["hashes"][0]["content"], hex);
    let patch = &fork["pedigree"]["patches"][0];
    assert_eq!(patch["type"], "unofficial");
    assert_eq!(patch["diff"]["text"]["content"], std::str::from_utf8(diff).expect("utf-8"));
    assert_eq!(patch["diff"]["url"], "patches/forked.diff");
    let properties = fork["properties"].to_string();
    assert!(properties.contains("patches/forked.json") && properties.contains(&"ab".repeat(32)), "{properties}");
}

#[test]
fn a_diff_that_is_not_utf8_is_kept_byte_for_byte_in_base64() {
    let diff = b"-caf\xe9\n+caf\xc3\xa9\n";
    let doc = document(&input(diff));
    let text = &component(&doc, "forked")["pedigree"]["patches"][0]["diff"]["text"];
    assert_eq!(text["encoding"], "base64");
    let content = text["content"].as_str().expect("content");
    assert_eq!(base64::engine::general_purpose::STANDARD.decode(content).expect("b64"), diff);
}

#[test]
fn carried_and_own_packages_are_components_without_pedigree() {
    let doc = document(&input(b"d\n"));
    let carried = component(&doc, "carried");
    assert!(carried.get("pedigree").is_none());
    assert!(carried.get("hashes").is_none(), "a directory-vendored package has no registry hash");
    let mine = component(&doc, "mine");
    assert_eq!(mine["purl"], "pkg:npm/mine@0.3.0");
    assert!(mine.get("licenses").is_none());
    assert!(mine.get("group").is_none());
}

#[test]
fn the_same_input_gives_the_same_bytes_and_serial_a_different_one_another() {
    let first = to_json(&input(b"d\n")).expect("builds");
    assert_eq!(first, to_json(&input(b"d\n")).expect("builds"));
    let serial = |bytes: &[u8]| serde_json::from_slice::<Value>(bytes).expect("json")["serialNumber"].clone();
    let other = to_json(&input(b"e\n")).expect("builds");
    assert_ne!(serial(&first), serial(&other));
    let serial = serial(&first);
    let text = serial.as_str().expect("string");
    assert!(text.starts_with("urn:uuid:") && text.as_bytes()[23] == b'5', "a version-5 UUID: {text}");
}

/// A reader can check the serial: it is the name-based UUID of the
/// document's bytes without the serial's line, which follows `specVersion`.
#[test]
fn the_serial_is_the_uuid_of_the_document_without_it_in_the_second_field() {
    let bytes = String::from_utf8(to_json(&input(b"d\n")).expect("builds")).expect("utf-8");
    let lines: Vec<&str> = bytes.split_inclusive('\n').collect();
    assert_eq!(&lines[..3], ["{\n", "  \"bomFormat\": \"CycloneDX\",\n", "  \"specVersion\": \"1.6\",\n"]);
    let serial = lines[3].strip_prefix("  \"serialNumber\": \"urn:uuid:").expect("serial line");
    let without: String = lines.iter().enumerate().filter(|(i, _)| *i != 3).map(|(_, line)| *line).collect();
    let namespace = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, b"forklayer:sbom");
    let expected = uuid::Uuid::new_v5(&namespace, without.as_bytes());
    assert_eq!(serial, format!("{expected}\",\n"));
}

#[test]
fn components_are_sorted_and_the_subject_depends_on_each() {
    let doc = document(&input(b"d\n"));
    let refs: Vec<&str> =
        doc["components"].as_array().expect("array").iter().filter_map(|c| c["bom-ref"].as_str()).collect();
    let mut sorted = refs.clone();
    sorted.sort_unstable();
    assert_eq!(refs, sorted);
    assert_eq!(doc["dependencies"][0]["ref"], "pkg:generic/release@1.0.0");
    assert_eq!(doc["dependencies"][0]["dependsOn"].as_array().expect("array").len(), 3);
    assert_eq!(doc["specVersion"], "1.6");
    assert!(doc["metadata"].get("timestamp").is_none(), "no clock in the document");
}

#[test]
fn purls_percent_encode_the_scope_and_version() {
    assert_eq!(npm_purl("@a/b", "1.0.0+build.1"), "pkg:npm/%40a/b@1.0.0%2Bbuild.1");
    assert_eq!(npm_purl("plain", "2.0.0-rc.1"), "pkg:npm/plain@2.0.0-rc.1");
}

#[test]
fn an_integrity_that_is_not_sri_is_refused_naming_the_package() {
    let mut bad = input(b"d\n");
    bad.components[1].origin = Origin::Upstream { integrity: Some("md5-xyz".into()) };
    match to_json(&bad) {
        Err(SbomError::Integrity { package, integrity }) => {
            assert_eq!(package, "@acme/carried");
            assert_eq!(integrity, "md5-xyz");
        }
        other => panic!("expected an integrity error, got {other:?}"),
    }
}

#[test]
fn two_packages_of_one_name_and_version_are_refused() {
    let mut twice = input(b"d\n");
    twice.components[2].identity = identity("@acme/carried", "1.0.0");
    match to_json(&twice) {
        Err(SbomError::Duplicate { purl }) => assert_eq!(purl, "pkg:npm/%40acme/carried@1.0.0"),
        other => panic!("expected a duplicate error, got {other:?}"),
    }
}
