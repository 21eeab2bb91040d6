use crate::merge::baseline::{with_versions, BaselineError};

/// The declaration `text` with only `layer.baseline` set to `version`.
fn with_baseline(text: &str, version: &str) -> Result<Option<String>, BaselineError> {
    with_versions(text, Some(version), &std::collections::BTreeMap::new())
}

#[test]
fn only_the_baseline_literal_changes() {
    let text = "# The fork layer.\r\n[layer]\r\nscope = \"@s\"   # npm scope\r\n# what we build against\r\nbaseline   =  \"0.1.0-rc.8\"  # bumped by merge\r\n\r\n[paths]\r\nupstream = 'upstream'\r\n";
    let next = with_baseline(text, "0.1.0-rc.9").expect("edit").expect("changed");
    assert_eq!(next, text.replace("\"0.1.0-rc.8\"", "\"0.1.0-rc.9\""));
}

#[test]
fn literal_strings_inline_tables_and_dotted_keys_are_found() {
    for (text, expected) in [
        ("[layer]\nbaseline = '1.0.0'\n", "[layer]\nbaseline = \"2.0.0\"\n"),
        ("layer = { scope = \"@s\", baseline = \"1.0.0\" }\n", "layer = { scope = \"@s\", baseline = \"2.0.0\" }\n"),
        ("layer.scope = \"@s\"\nlayer.baseline = \"1.0.0\"\n", "layer.scope = \"@s\"\nlayer.baseline = \"2.0.0\"\n"),
    ] {
        assert_eq!(with_baseline(text, "2.0.0").expect("edit").as_deref(), Some(expected), "{text}");
    }
}

#[test]
fn an_unchanged_baseline_needs_no_rewrite() {
    assert_eq!(with_baseline("[layer]\nbaseline = \"1.0.0\"\n", "1.0.0").expect("edit"), None);
}

#[test]
fn a_version_needing_escapes_is_written_as_valid_toml() {
    let next = with_baseline("[layer]\nbaseline = \"1\"\n", "2\"x\\").expect("edit").expect("changed");
    let parsed: toml::Table = toml::from_str(&next).expect("valid toml");
    assert_eq!(parsed["layer"]["baseline"].as_str(), Some("2\"x\\"));
}

#[test]
fn a_missing_or_non_string_baseline_is_an_error() {
    for text in ["[layer]\nscope = \"@s\"\n", "[layer]\nbaseline = 1\n", "[layer\n"] {
        let err = with_baseline(text, "2.0.0").expect_err(text);
        assert!(matches!(err, BaselineError::NotAString | BaselineError::Parse(_)), "{text}: {err}");
    }
}

#[test]
fn package_entries_move_to_their_new_version_and_nothing_else_changes() {
    use std::collections::BTreeMap;

    use crate::merge::baseline::with_versions;

    let text = "[layer]\r\nbaseline = \"1.0.0\" # family\r\n[packages]\r\nforked = [\r\n  \"a\",\r\n  'left-pad@1.3.0',  # kept\r\n  \"@types/node@20.1.0\",\r\n]\r\ncarried = [\"b@2.0.0\"]\r\n";
    let moves: BTreeMap<String, String> =
        [("left-pad", "1.3.1"), ("@types/node", "20.2.0"), ("b", "2.1.0")].map(|(n, v)| (n.into(), v.into())).into();
    let next = with_versions(text, Some("1.1.0"), &moves).expect("edit").expect("changed");
    let expected = text
        .replace("\"1.0.0\"", "\"1.1.0\"")
        .replace("'left-pad@1.3.0'", "\"left-pad@1.3.1\"")
        .replace("\"@types/node@20.1.0\"", "\"@types/node@20.2.0\"")
        .replace("\"b@2.0.0\"", "\"b@2.1.0\"");
    assert_eq!(next, expected);
    assert_eq!(with_versions(&next, Some("1.1.0"), &moves).expect("edit"), None, "nothing left to move");
    let missing: BTreeMap<String, String> = [("zzz".to_string(), "1.0.0".to_string())].into();
    let err = with_versions(text, None, &missing).expect_err("no such entry");
    assert!(err.to_string().contains("`zzz`"), "{err}");
}
