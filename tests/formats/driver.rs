//! The package managers' patch formats against the real tools: the projects
//! in `$FORKLAYER_FORMATS_WORK` were made by npm 12, pnpm, Yarn, bun and
//! patch-package themselves (tests/formats/run.sh, which installs the tools
//! and then runs this test, then installs what it wrote).

use std::fs;
use std::path::{Path, PathBuf};

use forklayer::patchfmt::{apply_in_order, discover, edit_config, render, ConfigEntry, Format, FormatError};
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

/// The fork bytes of each package as `format`'s own fresh install gave them.
fn forks_made_by(work: &Path, format: Format) -> Vec<(String, String, Tree, Tree)> {
    let project = work.join("made").join(format.as_str());
    let declared = discover(format, &project).unwrap_or_else(|e| panic!("{format}: discover: {e}"));
    let names: Vec<&str> = declared.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["@types/minimist", "left-pad"], "{format}: {declared:?}");
    if format == Format::PatchPackage {
        let left_pad = &declared[1];
        assert_eq!(left_pad.patches.len(), 2, "patch-package keeps two patches of left-pad in order: {left_pad:?}");
    }
    declared
        .iter()
        .map(|dep| {
            let pristine = read_tree(&work.join("pristine").join(slug(&dep.name)));
            let patches: Vec<(String, Vec<u8>)> = dep
                .patches
                .iter()
                .map(|p| (p.clone(), fs::read(project.join(p)).unwrap_or_else(|e| panic!("{format}: `{p}`: {e}"))))
                .collect();
            let applied =
                apply_in_order(format, &pristine, &patches).unwrap_or_else(|e| panic!("{format}: apply: {e}"));
            let installed = read_tree(&project.join("installed").join(slug(&dep.name)));
            assert_trees_equal(
                &applied,
                &installed,
                &format!("{format}: forklayer's apply vs the tool's install of {}", dep.name),
            );
            (dep.name.clone(), dep.version.clone(), pristine, installed)
        })
        .collect()
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

/// Whether the fork's `file` holds a CR its pristine version does not.
fn adds_cr(pristine: &Tree, fork: &Tree, file: &str) -> bool {
    let count = |tree: &Tree| tree.get(file).map_or(0, |e| e.bytes.iter().filter(|&&b| b == b'\r').count());
    count(fork) > 0 && count(fork) >= count(pristine)
}

fn copy_template(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("export dir");
    for entry in fs::read_dir(from).expect("template") {
        let entry = entry.expect("template entry");
        fs::copy(entry.path(), to.join(entry.file_name())).expect("copy template file");
    }
}

fn export(work: &Path, from: Format, to: Format, forks: &[(String, String, Tree, Tree)]) {
    let dir = work.join("export").join(format!("{from}-to-{to}"));
    copy_template(&work.join("template").join(to.as_str()), &dir);
    let mut entries = Vec::new();
    for (name, version, pristine, fork) in forks {
        let files = match render(to, name, version, pristine, fork) {
            Ok(files) => files,
            // Yarn turns a patch's `\r` into line breaks: a fork that adds
            // CRLF lines cannot be carried, and must be refused by name.
            Err(FormatError::CannotExpress { file, .. }) if to == Format::Yarn && adds_cr(pristine, fork, &file) => {
                // The script installs the rest and leaves this package out.
                let marker = dir.join(format!("REFUSED-{}", slug(name)));
                fs::write(marker, format!("{name}: `{file}`\n")).expect("write marker");
                continue;
            }
            Err(e) => panic!("{from} -> {to}: render {name}: {e}"),
        };
        assert_eq!(files.len(), 1, "{from} -> {to}: one patch for {name}");
        for (rel, bytes) in &files {
            let path = dir.join(rel);
            fs::create_dir_all(path.parent().expect("a patch path has a parent")).expect("patch dir");
            fs::write(&path, bytes).expect("write patch");
        }
        entries.push(ConfigEntry { name: name.clone(), version: version.clone(), patches: files });
    }
    let before = fs::read(dir.join("package.json")).expect("template package.json");
    for (path, bytes) in edit_config(to, &dir, &entries).unwrap_or_else(|e| panic!("{from} -> {to}: edit_config: {e}"))
    {
        fs::write(&path, bytes).expect("write config");
    }
    let found = discover(to, &dir).unwrap_or_else(|e| panic!("{from} -> {to}: discover of the export: {e}"));
    let found: Vec<(&str, &str)> = found.iter().map(|d| (d.name.as_str(), d.version.as_str())).collect();
    let want: Vec<(&str, &str)> = entries.iter().map(|e| (e.name.as_str(), e.version.as_str())).collect();
    assert_eq!(found, want, "{from} -> {to}: the export declares what was exported");
    if to == Format::PatchPackage {
        assert_eq!(
            fs::read(dir.join("package.json")).expect("package.json"),
            before,
            "patch-package has no configuration"
        );
    }
}

#[test]
fn every_tool_s_own_patches_apply_and_convert_to_every_format() {
    let work = work();
    for from in Format::ALL {
        let forks = forks_made_by(&work, from);
        for to in Format::ALL {
            export(&work, from, to, &forks);
        }
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
