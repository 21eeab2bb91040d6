//! The package managers' patch formats against the real tools: the projects
//! in `$FORKLAYER_FORMATS_WORK` were made by npm 12, pnpm, Yarn, bun and
//! patch-package themselves (tests/formats/run.sh, which installs the tools
//! and then runs this test). The conversions between the formats go through
//! the commands (`forklayer import`/`export`, tests/formats/commands.sh),
//! whose results the tools install.

use std::fs;
use std::path::{Path, PathBuf};

use forklayer::patchfmt::{apply_in_order, discover, Format, FormatError};
use forklayer::tree::Tree;

// The test binary reads where the script left the projects; the library never reads the environment.
#[allow(clippy::disallowed_methods)]
fn work() -> PathBuf {
    let dir = std::env::var_os("FORKLAYER_FORMATS_WORK")
        .expect("FORKLAYER_FORMATS_WORK names the projects tests/formats/run.sh made; run that script");
    PathBuf::from(dir)
}

fn slug(name: &str) -> String {
    name.replace('/', "+")
}

fn read_tree(dir: &Path) -> Tree {
    Tree::read_dir(dir).unwrap_or_else(|e| panic!("cannot read `{}`: {e}", dir.display()))
}

/// Each package `format` patched: forklayer's apply of the tool's patches
/// on the pristine bytes must give what the tool's own fresh install gave.
fn own_patches_apply_as_installed(work: &Path, format: Format) {
    let project = work.join("made").join(format.as_str());
    let declared = discover(format, &project).unwrap_or_else(|e| panic!("{format}: discover: {e}"));
    let names: Vec<&str> = declared.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["@types/minimist", "left-pad"], "{format}: {declared:?}");
    if format == Format::PatchPackage {
        let left_pad = &declared[1];
        assert_eq!(left_pad.patches.len(), 2, "patch-package keeps two patches of left-pad in order: {left_pad:?}");
    }
    for dep in &declared {
        let pristine = read_tree(&work.join("pristine").join(slug(&dep.name)));
        let patches: Vec<(String, Vec<u8>)> = dep
            .patches
            .iter()
            .map(|p| (p.clone(), fs::read(project.join(p)).unwrap_or_else(|e| panic!("{format}: `{p}`: {e}"))))
            .collect();
        let applied = apply_in_order(format, &pristine, &patches).unwrap_or_else(|e| panic!("{format}: apply: {e}"));
        let installed = read_tree(&project.join("installed").join(slug(&dep.name)));
        assert_trees_equal(
            &applied,
            &installed,
            &format!("{format}: forklayer's apply vs the tool's install of {}", dep.name),
        );
    }
}

fn assert_trees_equal(got: &Tree, want: &Tree, what: &str) {
    let got_paths: Vec<&str> = got.paths().collect();
    let want_paths: Vec<&str> = want.paths().collect();
    assert_eq!(got_paths, want_paths, "{what}: the files differ");
    for (path, entry) in want.iter() {
        let other = got.get(path).expect("same paths");
        assert!(
            other.bytes == entry.bytes,
            "{what}: `{path}` differs:\n got: {:?}\nwant: {:?}",
            String::from_utf8_lossy(&other.bytes),
            String::from_utf8_lossy(&entry.bytes)
        );
        assert_eq!(other.executable, entry.executable, "{what}: the exec bit of `{path}` differs");
    }
}

#[test]
fn every_tool_s_own_patches_apply_as_the_tool_applies_them() {
    let work = work();
    for format in Format::ALL {
        own_patches_apply_as_installed(&work, format);
    }
}

#[test]
fn drifted_patches_apply_or_fail_as_each_tool_decides() {
    let work = work();
    let pristine = read_tree(&work.join("pristine").join("left-pad"));
    for format in Format::ALL {
        for case in ["off9-space", "off24", "modes"] {
            let project = work.join("drift").join(format!("{format}-{case}"));
            let declared = discover(format, &project).unwrap_or_else(|e| panic!("{format} {case}: discover: {e}"));
            let patch = &declared[0].patches[0];
            let bytes = fs::read(project.join(patch)).expect("drift patch");
            let outcome = fs::read_to_string(project.join("outcome")).expect("outcome");
            match (outcome.trim(), forklayer::patchfmt::apply(format, &pristine, &bytes, patch)) {
                ("applied", Ok(applied)) => {
                    let installed = read_tree(&project.join("installed").join("left-pad"));
                    assert_trees_equal(&applied, &installed, &format!("{format} {case}"));
                }
                ("failed", Err(FormatError::HunkFailed { hunk: 1, .. })) => {}
                (tool, ours) => panic!("{format} {case}: the tool {tool}, forklayer gave {ours:?}"),
            }
        }
    }
}
