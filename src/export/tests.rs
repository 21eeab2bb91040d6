use std::fs;
use std::path::Path;

use crate::export::{export, ExportOptions, FileAction};
use crate::import::{import, ImportOptions};
use crate::layer::{Layer, PathOverrides, DECLARATION_FILE};
use crate::patchfmt::{edit_config, render, ConfigEntry, Format};
use crate::snapshot::SnapshotSource;
use crate::tree::{FileEntry, Tree};

fn write(path: &Path, bytes: &[u8]) {
    fs::create_dir_all(path.parent().expect("a parent")).expect("create dirs");
    fs::write(path, bytes).expect("write");
}

fn left_pad(index: &str) -> Tree {
    let mut tree = Tree::new();
    tree.insert("package.json", FileEntry::new(br#"{"name": "left-pad", "version": "1.3.0"}"#.to_vec()))
        .expect("insert");
    tree.insert("index.js", FileEntry::new(index.as_bytes().to_vec())).expect("insert");
    tree
}

/// A layer holding left-pad@1.3.0 with one changed line, imported from a
/// Yarn project that patches it.
fn yarn_layer(root: &Path) -> Layer {
    let pristine = left_pad("module.exports = leftPad;\n");
    let fork = left_pad("// forked\nmodule.exports = leftPad;\n");
    for (path, entry) in pristine.iter() {
        write(&root.join("pristine").join(path), &entry.bytes);
    }
    let made = root.join("made");
    write(&made.join("package.json"), br#"{"name": "made", "dependencies": {"left-pad": "1.3.0"}}"#);
    let patches = render(Format::Yarn, "left-pad", "1.3.0", &pristine, &fork).expect("render");
    for (rel, bytes) in &patches {
        write(&made.join(rel), bytes);
    }
    let entry = ConfigEntry { name: "left-pad".into(), version: "1.3.0".into(), patches, installed_as: Vec::new() };
    for (path, bytes) in edit_config(Format::Yarn, &made, &[entry]).expect("edit_config") {
        write(&path, &bytes);
    }
    let layer = root.join("layer");
    fs::create_dir_all(&layer).expect("layer dir");
    let options = ImportOptions {
        format: Format::Yarn,
        project: made,
        root: layer.clone(),
        source: SnapshotSource::Local(vec![root.join("pristine")]),
        dry_run: false,
    };
    import(&options).expect("import");
    Layer::load(&layer.join(DECLARATION_FILE), &PathOverrides::default()).expect("load")
}

#[test]
fn a_yarn_patch_that_yarn_up_left_behind_is_removed_and_one_still_in_use_stays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let layer = yarn_layer(dir.path());
    // `yarn up left-pad@1.3.0` dropped the `patch:` of 1.2.0 and left its file.
    let project = dir.path().join("bumped");
    write(&project.join("package.json"), br#"{"name": "bumped", "dependencies": {"left-pad": "1.3.0"}}"#);
    let left_behind = ".yarn/patches/left-pad-npm-1.2.0-c8c4f367ba.patch";
    let in_use = ".yarn/patches/left-pad-npm-1.1.0-0123456789.patch";
    let other = ".yarn/patches/left-pad-extra-npm-1.0.0-0123456789.patch";
    for rel in [left_behind, in_use, other] {
        write(&project.join(rel), b"diff --git a/index.js b/index.js\n");
    }
    // A workspace's dependency still uses the 1.1.0 patch.
    write(
        &project.join("yarn.lock"),
        format!("\"left-pad@patch:left-pad@npm%3A1.1.0#~/{in_use}\":\n  version: 1.1.0\n").as_bytes(),
    );

    let options = ExportOptions { format: Format::Yarn, project: project.clone(), dry_run: false, allow_dirty: false };
    let outcome = export(&layer, &options).expect("export");

    assert!(outcome.files.contains(&(left_behind.to_string(), FileAction::Delete)), "{:?}", outcome.files);
    assert!(!project.join(left_behind).exists());
    assert!(project.join(in_use).exists(), "yarn.lock names it");
    assert!(project.join(other).exists(), "another package's patch");
    let created: Vec<&str> =
        outcome.files.iter().filter(|(_, a)| *a == FileAction::Create).map(|(p, _)| p.as_str()).collect();
    assert!(created.len() == 1 && created[0].starts_with(".yarn/patches/left-pad-npm-1.3.0-"), "{created:?}");
}
