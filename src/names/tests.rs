use std::path::Path;

use super::{windows_problem, NameError, NameLimits};

#[test]
fn the_limits_come_from_the_file_system_of_the_nearest_existing_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = NameLimits::of(&dir.path().join("not/yet/there"));
    assert_eq!(limits.asked, dir.path());
    // Every file system a test runs on holds at least POSIX's 14 and at
    // most a few KiB per name.
    assert!((14..=4096).contains(&limits.name_max), "{limits:?}");
    assert!(limits.path_max >= 255, "{limits:?}");
}

#[test]
fn a_component_over_the_limit_is_refused_naming_it_and_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = NameLimits::of(dir.path());
    let long = "z".repeat(limits.name_max + 1);
    let err = limits.check(&dir.path().join("pkg").join(&long)).expect_err("too long");
    assert!(
        matches!(err, NameError::ComponentTooLong { bytes, limit, .. } if bytes == limits.name_max + 1 && limit == limits.name_max)
    );
    let message = err.to_string();
    assert!(message.contains(&format!("at most {} bytes", limits.name_max)), "{message}");
    assert!(message.contains("zzzz"), "{message}");
    // Exactly the limit is fine: the disk holds it.
    let exact = "y".repeat(limits.name_max);
    limits.check(&dir.path().join(&exact)).expect("a name of exactly NAME_MAX bytes");
    std::fs::write(dir.path().join(&exact), b"held").expect("the disk holds it too");
    // Counted in bytes, not characters: 128 three-byte characters are 384 bytes.
    let multibyte = "語".repeat(limits.name_max / 3 + 1);
    assert!(limits.check(&dir.path().join(multibyte)).is_err());
}

#[test]
fn a_whole_path_over_the_limit_is_refused_though_each_name_fits() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = NameLimits::of(dir.path());
    let component = "d".repeat(200);
    let mut path = dir.path().to_path_buf();
    while path.as_os_str().len() <= limits.path_max {
        path.push(&component);
    }
    let err = limits.check(&path).expect_err("too long");
    assert!(matches!(err, NameError::PathTooLong { limit, .. } if limit == limits.path_max), "{err}");
    assert!(limits.check_tree(dir.path(), ["a/b.js", "c"]).is_ok());
}

#[test]
fn the_limits_are_what_the_disk_really_refuses() {
    let dir = tempfile::tempdir().expect("tempdir");
    let limits = NameLimits::of(dir.path());
    let long = dir.path().join("x".repeat(limits.name_max + 1));
    assert!(limits.check(&long).is_err());
    assert!(std::fs::write(&long, b"no").is_err(), "the disk refuses what the check refuses");
}

#[test]
fn names_windows_cannot_hold_are_named_with_the_reason() {
    for (rel, reason) in [
        ("lib/con", "device name"),
        ("lib/AUX.js", "device name"),
        ("lib/com1.txt", "device name"),
        ("lpt9", "device name"),
        ("nul.tar.gz", "device name"),
        ("lib/trailing.", "dot or a space"),
        ("lib/trailing ", "dot or a space"),
        ("dir./a.js", "dot or a space"),
        ("a<b", "forbids"),
        ("what?.md", "forbids"),
        ("star*.js", "forbids"),
        ("colon:name", "forbids"),
        ("pipe|x", "forbids"),
        ("quote\"x", "forbids"),
        ("tab\there", "control character U+0009"),
    ] {
        let problem = windows_problem(rel).unwrap_or_else(|| panic!("`{rel}` should be refused"));
        assert!(problem.contains(reason), "{rel}: {problem}");
    }
    let long = "w".repeat(256);
    assert!(windows_problem(&long).is_some_and(|p| p.contains("255")));
    for fine in ["console.js", "lib/auxiliary.js", "com10", "conx", "a.b.c", ".npmignore", "dir/.hidden", "a-b_c"] {
        assert_eq!(windows_problem(fine), None, "{fine}");
    }
}

#[test]
fn a_relative_path_is_measured_from_the_working_directory() {
    let limits = NameLimits::of(Path::new("."));
    limits.check(Path::new("src/names.rs")).expect("an ordinary relative path");
}
