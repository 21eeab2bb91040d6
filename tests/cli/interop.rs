//! `import`, `export` and `upgrade` with a fake npm registry: the layer
//! made from a project's patches, written back into another format, moved
//! to the version a lock file resolves, and every refusal with nothing
//! written. The real tools' side is `tests/formats/run.sh`.

use std::path::PathBuf;

use forklayer::patchfmt::{render, Format};
use forklayer::tree::{FileEntry, Tree};
use serde_json::Value;

use crate::util::{commit_all, fake_npm, publish, NpmPackage, TestDir};

const PAD: &str = "'use strict';\nmodule.exports = leftPad;\n\nfunction leftPad (str, len, ch) {\n  str = str + '';\n  len = len - str.length;\n  if (len <= 0) return str;\n  if (!ch && ch !== 0) ch = ' ';\n  ch = ch + '';\n  var pad = '';\n  while (true) {\n    if (len & 1) pad += ch;\n    len >>= 1;\n    if (len) ch += ch;\n    else break;\n  }\n  return pad + str;\n}\n";

fn left_pad(version: &str) -> NpmPackage {
    let manifest =
        format!("{{\n  \"name\": \"left-pad\",\n  \"version\": \"{version}\",\n  \"license\": \"WTFPL\"\n}}\n");
    NpmPackage {
        name: "left-pad".into(),
        version: version.into(),
        files: vec![
            ("package.json".into(), manifest.into_bytes(), false),
            ("index.js".into(), PAD.as_bytes().to_vec(), false),
            ("README.md".into(), b"# left-pad\r\n\r\nPads the left.\r\n".to_vec(), false),
        ],
    }
}

fn tree_of(package: &NpmPackage) -> Tree {
    let mut tree = Tree::new();
    for (path, bytes, exec) in &package.files {
        tree.insert(path.clone(), FileEntry::with_mode(bytes.clone(), *exec)).expect("valid path");
    }
    tree
}

/// The fork of left-pad the project's patch makes: a changed line, a CRLF
/// line kept, a new file without a final newline.
fn forked(pristine: &NpmPackage) -> NpmPackage {
    pristine
        .clone()
        .file("index.js", PAD.replace("return pad + str;", "return pad + str; // padded by the fork"))
        .file("README.md", "# left-pad\r\n\r\nPads the left, patched.\r\n")
        .file("NOTICE", "patched")
}

/// A pnpm project depending on left-pad `version`, with the pnpm patch of
/// [`forked`] declared for `key`, and the layer root beside it: returns
/// the directory, the fake npm and the project's path.
fn pnpm_project(version: &str, key: &str) -> (TestDir, PathBuf) {
    let dir = TestDir::new();
    let npm = fake_npm(&dir);
    let pristine = left_pad(version);
    publish(&dir, &pristine, None);
    dir.write(
        "app/package.json",
        format!(
            "{{\n  \"name\": \"@demo/app\",\n  \"version\": \"1.0.0\",\n  \"scripts\": {{ \"test\":   \"node .\" }},\n  \"dependencies\": {{\n    \"left-pad\": \"^{version}\"\n  }}\n}}\n"
        ),
    );
    let files = render(Format::Pnpm, "left-pad", version, &tree_of(&pristine), &tree_of(&forked(&pristine)))
        .expect("expressible");
    let (rel, bytes) = &files[0];
    dir.write(&format!("app/{rel}"), bytes);
    dir.write("app/pnpm-workspace.yaml", format!("packages: []\npatchedDependencies:\n  {key}: {rel}\n"));
    dir.write(
        "app/pnpm-lock.yaml",
        format!(
            "lockfileVersion: '9.0'\n\npackages:\n\n  left-pad@{version}:\n    resolution: {{integrity: sha512-x}}\n"
        ),
    );
    (dir, npm)
}

fn run_with_npm(dir: &TestDir, npm: &std::path::Path, args: &[&str]) -> crate::util::Run {
    dir.run_env(args, &[("FORKLAYER_NPM", npm)])
}

#[test]
fn a_pnpm_project_is_imported_into_a_layer_that_check_passes() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    std::fs::create_dir(dir.join("layer")).expect("mkdir");
    let run = run_with_npm(&dir, &npm, &["-C", "layer", "import", "pnpm", "../app", "--json"]);
    run.assert_code(0);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["packages"][0]["name"], "left-pad");
    assert_eq!(report["packages"][0]["changed_files"], 3);
    assert_eq!(report["upstream"], "upstream");
    let declaration = String::from_utf8(dir.read("layer/forklayer.toml")).expect("utf-8");
    assert!(declaration.contains("\"left-pad@1.3.0\""), "{declaration}");
    assert!(declaration.contains("[origin]\nformat = \"pnpm\"\nproject = \"../app\""), "{declaration}");
    assert!(declaration.contains("name = \"demo-app-patches\""), "{declaration}");
    assert_eq!(dir.read("layer/forks/left-pad/NOTICE"), b"patched");
    assert_eq!(dir.read("layer/forks/left-pad/README.md"), b"# left-pad\r\n\r\nPads the left, patched.\r\n");
    assert!(dir.exists("layer/patches/left-pad.json") && dir.exists("layer/upstream/forklayer.lock.json"));
    dir.run(&["-C", "layer", "check"]).assert_code(0);
    let gitignore = String::from_utf8(dir.read("layer/.gitignore")).expect("utf-8");
    assert!(gitignore.contains(".forklayer.lock"), "{gitignore}");
    // A declaration must not send forklayer to write outside its repository
    // on its own: a project elsewhere is named on the command line.
    let run = dir.run(&["-C", "layer", "export"]);
    run.assert_code(2);
    assert!(run.stderr.contains("name the project on the command line"), "{}", run.stderr);
    dir.run(&["-C", "layer", "export", "pnpm", "../app"]).assert_code(0);
}

#[test]
fn a_project_keeps_its_layer_inside_itself_beside_its_own_patches() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]);
    run.assert_code(0);
    assert!(run.stderr.contains("`left-pad` is declared as `left-pad`"), "{}", run.stderr);
    assert!(run.stderr.contains("pnpm-lock.yaml"), "the lock file that resolved it is named: {}", run.stderr);
    assert!(dir.exists("app/forklayer/forks/left-pad/NOTICE"));
    assert!(dir.exists("app/patches/left-pad@1.3.0.patch"), "the project's own patches stay");
    dir.run(&["-C", "app", "check"]).assert_code(0);
}

#[test]
fn a_dry_run_lists_the_import_and_writes_nothing() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    let before = dir.snapshot_dir("app");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm", "--dry-run"]);
    run.assert_code(0);
    assert!(run.stdout.contains("imported left-pad@1.3.0 (3 file(s) changed"), "{}", run.stdout);
    assert_eq!(dir.snapshot_dir("app"), before, "not even a lock file or journal is left");
}

/// The project with its patch replaced by `patch` (same declared path).
fn with_patch(patch: &str) -> (TestDir, PathBuf) {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    dir.write("app/patches/left-pad@1.3.0.patch", patch);
    (dir, npm)
}

#[test]
fn unsafe_patches_are_refused_by_name_before_anything_is_fetched_or_written() {
    let cases = [
        ("diff --git a/../evil.js b/../evil.js\nnew file mode 100644\n--- /dev/null\n+++ b/../evil.js\n@@ -0,0 +1 @@\n+x\n", "leave the package"),
        ("diff --git a/link b/link\nnew file mode 120000\n--- /dev/null\n+++ b/link\n@@ -0,0 +1 @@\n+/etc/passwd\n", "link"),
        ("diff --git a/bin.png b/bin.png\nnew file mode 100644\nGIT binary patch\nliteral 3\nKcmZQzWB>pF00IC2\n\nliteral 0\nHcmV?d00001\n\n", "binary"),
    ];
    for (patch, said) in cases {
        let (dir, npm) = with_patch(patch);
        std::fs::remove_dir_all(dir.join("fake-npm/registry")).expect("no registry: nothing may be fetched");
        let before = dir.snapshot_dir("app");
        let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]);
        assert_eq!(run.code, 3, "{said}: {}", run.stderr);
        assert!(run.stderr.contains("`patches/left-pad@1.3.0.patch`"), "{said}: {}", run.stderr);
        assert!(run.stderr.to_lowercase().contains(said), "{said}: {}", run.stderr);
        assert!(run.stderr.contains("nothing was written"), "{}", run.stderr);
        assert_eq!(dir.snapshot_dir("app"), before, "{said}");
    }
}

#[test]
fn a_patch_path_that_leaves_the_project_or_is_a_link_is_refused() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    dir.write("outside.patch", "--- a/index.js\n+++ b/index.js\n");
    dir.write("app/pnpm-workspace.yaml", "patchedDependencies:\n  left-pad@1.3.0: ../outside.patch\n");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("`../outside.patch`") && run.stderr.contains("leaves the project"), "{}", run.stderr);
    std::os::unix::fs::symlink(dir.join("outside.patch"), dir.join("app/patches/linked.patch")).expect("symlink");
    dir.write("app/pnpm-workspace.yaml", "patchedDependencies:\n  left-pad@1.3.0: patches/linked.patch\n");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("`patches/linked.patch`") && run.stderr.contains("symbolic link"), "{}", run.stderr);
    assert!(!dir.exists("app/forklayer.toml") && !dir.exists("app/forklayer"));
}

#[test]
fn a_hunk_that_does_not_apply_names_the_patch_file_the_hunk_and_the_line() {
    let patch = "diff --git a/index.js b/index.js\n--- a/index.js\n+++ b/index.js\n@@ -1,2 +1,2 @@\n 'use strict';\n-module.exports = rightPad;\n+module.exports = leftPad2;\n";
    let (dir, npm) = with_patch(patch);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm", "--json"]);
    run.assert_code(2);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["error"]["code"], "hunk_does_not_apply");
    let causes = report["error"]["causes"].to_string();
    assert!(causes.contains("`patches/left-pad@1.3.0.patch`: hunk 1 (patch line 4)"), "{causes}");
    assert!(causes.contains("`index.js`"), "{causes}");
    assert!(!dir.exists("app/forklayer.toml") && !dir.exists("app/forklayer"));
}

#[test]
fn an_existing_layer_or_a_project_without_patches_is_refused() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]);
    run.assert_code(2);
    assert!(run.stderr.contains("exists already") && run.stderr.contains("forklayer export"), "{}", run.stderr);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "import", "bun"]);
    run.assert_code(2);
    let empty = TestDir::new();
    empty.write("package.json", "{\"name\": \"x\"}\n");
    let run = empty.run(&["import", "npm"]);
    run.assert_code(2);
    assert!(run.stderr.contains("declares no npm patches") && run.stderr.contains("npm patch <pkg>"), "{}", run.stderr);
}

/// An npm project to export into: a package.json with fields in its own
/// style, which an export must keep byte for byte.
const NPM_PACKAGE_JSON: &str = "{\n    \"name\": \"target\",\n    \"private\": true,\n    \"scripts\": {\"x\": \"y\"},\n    \"dependencies\": {\n        \"left-pad\": \"1.3.0\"\n    }\n}\n";

#[test]
fn an_imported_layer_exports_to_npm_editing_only_the_key_npm_owns() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("target/package.json", NPM_PACKAGE_JSON);
    let run = dir.run(&["-C", "app", "export", "npm", "../target", "--json"]);
    run.assert_code(0);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["packages"][0]["patches"][0], "patches/left-pad@1.3.0.patch");
    let edited = String::from_utf8(dir.read("target/package.json")).expect("utf-8");
    let (head, rest) = edited.split_once("\"patchedDependencies\"").expect("the key is added");
    assert!(
        head.starts_with("{\n    \"name\": \"target\",\n    \"private\": true,\n    \"scripts\": {\"x\": \"y\"},"),
        "{edited}"
    );
    assert!(rest.contains("\"left-pad@1.3.0\": \"patches/left-pad@1.3.0.patch\""), "{edited}");
    let patch = dir.read("target/patches/left-pad@1.3.0.patch");
    let applied = forklayer::patchfmt::apply(Format::Npm, &tree_of(&left_pad("1.3.0")), &patch, "p").expect("applies");
    assert_eq!(applied, tree_of(&forked(&left_pad("1.3.0"))), "npm's own rules rebuild the fork");
    let again = dir.run(&["-C", "app", "export", "npm", "../target"]);
    again.assert_code(0);
    assert!(again.stderr.contains("Unchanged"), "{}", again.stderr);
}

#[test]
fn an_export_into_a_project_that_installs_another_version_warns_that_the_tool_will_not_use_the_patch() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("target/package.json", NPM_PACKAGE_JSON);
    let lock = "{\n  \"lockfileVersion\": 3,\n  \"packages\": {\n    \"node_modules/left-pad\": {\"version\": \"1.2.0\"}\n  }\n}\n";
    dir.write("target/package-lock.json", lock);
    let run = dir.run(&["-C", "app", "export", "npm", "../target"]);
    run.assert_code(0);
    let said = "warning: `package-lock.json` resolves `left-pad` to 1.2.0, not to 1.3.0, the version the layer patches";
    assert!(run.stderr.contains(said), "{}", run.stderr);
    dir.write("target/package-lock.json", lock.replace("1.2.0", "1.3.0"));
    let run = dir.run(&["-C", "app", "export", "npm", "../target"]);
    run.assert_code(0);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
}

#[test]
fn what_a_format_cannot_express_is_refused_by_name_and_nothing_is_written() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("app/forklayer/forks/left-pad/logo.png", [0x89, b'P', b'N', b'G', 0, 0, 1]);
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let before = dir.snapshot_dir("app/patches");
    let run = dir.run(&["-C", "app", "export"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`logo.png`") && run.stderr.contains("left-pad@1.3.0"), "{}", run.stderr);
    assert_eq!(dir.snapshot_dir("app/patches"), before);
    dir.write("yarn/package.json", "{\"name\": \"y\", \"dependencies\": {\"left-pad\": \"1.3.0\"}}\n");
    std::fs::remove_file(dir.join("app/forklayer/forks/left-pad/logo.png")).expect("rm");
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let run = dir.run(&["-C", "app", "export", "yarn", "../yarn"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("`README.md`") && run.stderr.contains("`\\r`"),
        "Yarn cannot carry CRLF: {}",
        run.stderr
    );
    assert!(!dir.exists("yarn/.yarn"));
}

#[test]
fn upgrade_moves_the_patch_to_the_version_the_lock_file_now_resolves() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    commit_all(&dir);
    // A bot bumps left-pad; upstream changed the first line meanwhile.
    let next = left_pad("1.3.1").file("index.js", PAD.replace("'use strict';", "'use strict'; // 1.3.1"));
    publish(&dir, &next, None);
    dir.write(
        "app/pnpm-lock.yaml",
        "lockfileVersion: '9.0'\n\npackages:\n\n  left-pad@1.3.1:\n    resolution: {integrity: sha512-x}\n",
    );
    commit_all(&dir);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade", "--dry-run"]);
    run.assert_code(0);
    assert!(run.stderr.contains("Would move left-pad 1.3.0 -> 1.3.1 (as `pnpm-lock.yaml` resolves)"), "{}", run.stderr);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade", "--json"]);
    run.assert_code(0);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["moves"][0]["to"], "1.3.1");
    assert!(!dir.exists("app/patches/left-pad@1.3.0.patch"), "the old version's patch is gone");
    let workspace = String::from_utf8(dir.read("app/pnpm-workspace.yaml")).expect("utf-8");
    assert_eq!(workspace, "packages: []\npatchedDependencies:\n  left-pad@1.3.1: patches/left-pad@1.3.1.patch\n");
    let fork = String::from_utf8(dir.read("app/forklayer/forks/left-pad/index.js")).expect("utf-8");
    assert!(fork.contains("// 1.3.1") && fork.contains("// padded by the fork"), "{fork}");
    let patch = dir.read("app/patches/left-pad@1.3.1.patch");
    let applied = forklayer::patchfmt::apply(Format::Pnpm, &tree_of(&next), &patch, "p").expect("applies");
    assert_eq!(applied.get("index.js").map(|e| e.bytes.to_vec()), Some(fork.into_bytes()));
    dir.run(&["-C", "app", "check"]).assert_code(0);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade"]);
    run.assert_code(0);
    assert!(run.stderr.contains("every patched package is at the version the lock file resolves"), "{}", run.stderr);
}

/// An imported layer, committed, and a left-pad 2.0.0 published whose
/// change meets the fork's line.
fn conflicting_project() -> (TestDir, PathBuf) {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    commit_all(&dir);
    let next = left_pad("2.0.0").file("index.js", PAD.replace("return pad + str;", "return String(pad) + str;"));
    publish(&dir, &next, None);
    commit_all(&dir);
    (dir, npm)
}

#[test]
fn an_upgrade_that_conflicts_stops_with_the_guided_merge() {
    let (dir, npm) = conflicting_project();
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade", "left-pad@2.0.0"]);
    run.assert_code(1);
    assert!(run.stdout.contains("conflict   left-pad/index.js"), "{}", run.stdout);
    assert!(run.stderr.contains("`forklayer merge --continue`, then `forklayer export pnpm`"), "{}", run.stderr);
    assert!(dir.exists("app/patches/left-pad@1.3.0.patch"), "nothing exported yet");
    let conflicted = String::from_utf8(dir.read("app/forklayer/forks/left-pad/index.js")).expect("utf-8");
    assert!(conflicted.contains("<<<<<<< fork@1.3.0") && conflicted.contains(">>>>>>> upstream@2.0.0"), "{conflicted}");
    dir.write(
        "app/forklayer/forks/left-pad/index.js",
        PAD.replace("return pad + str;", "return String(pad) + str; // both"),
    );
    let run = dir.run(&["-C", "app", "merge", "--continue"]);
    run.assert_code(0);
    // Recorded where the layer keeps its patches, as it names them.
    assert!(run.stdout.contains("recorded   forklayer/patches/resolutions/"), "{}", run.stdout);
    dir.run(&["-C", "app", "export"]).assert_code(0);
    assert!(dir.exists("app/patches/left-pad@2.0.0.patch") && !dir.exists("app/patches/left-pad@1.3.0.patch"));
}

#[test]
fn an_export_killed_while_writing_is_rolled_back_by_the_next_command() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("app/package.json", NPM_PACKAGE_JSON);
    let before = dir.snapshot_dir("app");
    if let Some(journal) = dir.kill_while_journal_in("app", &["-C", "app", "export", "npm"]) {
        assert!(journal.exists());
        let status = dir.run(&["-C", "app", "status"]);
        assert!(status.stdout.contains("journal to roll back"), "{}", status.stdout);
        let run = dir.run(&["-C", "app", "check"]);
        run.assert_code(0);
        assert!(run.stderr.contains("rolled back an update"), "{}", run.stderr);
        let after: Vec<_> =
            dir.snapshot_dir("app").into_iter().filter(|(p, _, _)| !p.starts_with(".forklayer")).collect();
        let before: Vec<_> = before.into_iter().filter(|(p, _, _)| !p.starts_with(".forklayer")).collect();
        assert_eq!(after, before, "the project is as before the killed export");
    }
    dir.run(&["-C", "app", "export", "npm"]).assert_code(0);
    assert!(dir.exists("app/patches/left-pad@1.3.0.patch"));
}

/// A layer forking left-pad@1.3.0 in `fl/` (no `[origin]` unless
/// `origin` names one, in npm's format), its manifests generated.
fn left_pad_layer(origin: Option<&str>) -> TestDir {
    let dir = TestDir::new();
    let origin = origin.map(|project| format!("[origin]\nformat = \"npm\"\nproject = \"{project}\"\n"));
    dir.write(
        "forklayer.toml",
        format!(
            "[layer]\nname = \"t\"\n[paths]\nupstream = \"fl/upstream\"\nforks = \"fl/forks\"\n\
             patches = \"fl/patches\"\n[packages]\nforked = [\"left-pad@1.3.0\"]\n{}",
            origin.unwrap_or_default()
        ),
    );
    dir.write("tarballs/left-pad-1.3.0.tgz", left_pad("1.3.0").tgz());
    dir.run(&["snapshot", "--from", "tarballs"]).assert_code(0);
    dir.write_package("fl/forks/left-pad", &forked(&left_pad("1.3.0")));
    dir.run(&["gen-patches"]).assert_code(0);
    dir
}

/// The project `[origin]` names is not the layer's root (`app/` below it):
/// an export killed there is rolled back by the next command in the
/// layer, which otherwise reported "clean" over an empty package.json.
#[cfg(unix)]
#[test]
fn an_export_killed_in_the_origin_project_is_rolled_back_by_the_next_command_in_the_layer() {
    let mut caught = false;
    for _attempt in 0..5 {
        let dir = left_pad_layer(Some("app"));
        dir.write("app/package.json", NPM_PACKAGE_JSON);
        let before = dir.snapshot_dir("app");
        let Some(journal) = dir.kill_while_journal_in("app", &["export"]) else { continue };
        caught = true;
        let status = dir.run(&["status"]);
        assert!(status.stderr.contains("rolled back an export"), "{}", status.stderr);
        assert!(!journal.exists());
        assert_eq!(dir.snapshot_dir("app"), before, "the project is as before the killed export");
        break;
    }
    assert!(caught, "no run was killed while writing");
}

/// The project patches a newer version than the layer holds (it moved on
/// with `npm patch`): export refuses to put the older version's patch in
/// its place and names the upgrade that moves the layer.
#[test]
fn an_export_never_replaces_the_patch_of_a_newer_version() {
    let dir = left_pad_layer(None);
    dir.write(
        "app/package.json",
        "{\n  \"dependencies\": {\"left-pad\": \"^1.3.0\"},\n  \"patchedDependencies\": {\n    \
         \"left-pad@1.4.0\": \"patches/left-pad@1.4.0.patch\"\n  }\n}\n",
    );
    dir.write("app/patches/left-pad@1.4.0.patch", "--- a/index.js\n+++ b/index.js\n@@ -1 +1 @@\n-a\n+b\n");
    let before = dir.snapshot_dir("app");
    let run = dir.run(&["--json", "export", "npm", "app"]);
    run.assert_code(2);
    let doc: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["error"]["code"], "newer_in_project", "{doc}");
    assert!(doc["error"]["help"].as_str().is_some_and(|h| h.contains("forklayer upgrade left-pad@1.4.0")), "{doc}");
    assert_eq!(dir.snapshot_dir("app"), before, "nothing written");
}

/// A project whose lock file installs no such package: the export is
/// unused there (npm 12 refuses to install), and says so.
#[test]
fn an_export_into_a_project_that_installs_no_such_package_warns() {
    let dir = left_pad_layer(None);
    dir.write("app/package.json", "{\n  \"name\": \"app\"\n}\n");
    dir.write("app/package-lock.json", "{\"lockfileVersion\": 3, \"packages\": {\"\": {\"name\": \"app\"}}}\n");
    let run = dir.run(&["export", "npm", "app"]);
    run.assert_code(0);
    assert!(run.stderr.contains("`package-lock.json` installs no `left-pad`"), "{}", run.stderr);
}

/// An imported layer whose fork Yarn can carry (README.md, whose lines
/// end in CRLF, left as upstream has it), its patches regenerated.
fn yarn_expressible_layer() -> (TestDir, PathBuf) {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("app/forklayer/forks/left-pad/README.md", "# left-pad\r\n\r\nPads the left.\r\n");
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    (dir, npm)
}

#[test]
fn a_yarn_patch_declared_in_resolutions_is_rewritten_there_on_the_next_export() {
    let (dir, _npm) = yarn_expressible_layer();
    dir.write("yarn/package.json", "{\n  \"name\": \"y\",\n  \"private\": true\n}\n");
    dir.run(&["-C", "app", "export", "yarn", "../yarn"]).assert_code(0);
    let first = String::from_utf8(dir.read("yarn/package.json")).expect("utf-8");
    assert!(first.contains("\"left-pad@npm:1.3.0\": \"patch:left-pad@npm%3A1.3.0#~/.yarn/patches/"), "{first}");
    // The project then depends on left-pad itself; Yarn still applies
    // the patch through `resolutions`, and the fork changes again.
    let with_dependency = first
        .replace("\"private\": true,", "\"private\": true,\n  \"dependencies\": {\n    \"left-pad\": \"1.3.0\"\n  },");
    assert_ne!(with_dependency, first);
    dir.write("yarn/package.json", &with_dependency);
    dir.write("app/forklayer/forks/left-pad/index.js", PAD.replace("return pad + str;", "return pad + str; // again"));
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let run = dir.run(&["-C", "app", "export", "yarn", "../yarn"]);
    run.assert_code(0);
    let second = String::from_utf8(dir.read("yarn/package.json")).expect("utf-8");
    assert!(second.contains("\"left-pad\": \"1.3.0\""), "the dependency is left as it is: {second}");
    assert_eq!(second.matches("patch:left-pad@npm%3A1.3.0#~/.yarn/patches/").count(), 1, "{second}");
    let patches: Vec<String> = dir.snapshot_dir("yarn/.yarn/patches").into_iter().map(|(p, _, _)| p).collect();
    assert_eq!(patches.len(), 1, "the first export's patch is replaced: {patches:?}");
    assert!(second.contains(&patches[0]), "{second} names {patches:?}");
}

#[test]
fn a_key_written_twice_in_package_json_is_refused_before_anything_is_written() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write(
        "target/package.json",
        "{\n  \"name\": \"t\",\n  \"patchedDependencies\": {\"left-pad@1.3.0\": \"patches/evil.patch\"},\n  \"patchedDependencies\": {\"left-pad@1.3.0\": \"patches/good.patch\"}\n}\n",
    );
    let before = dir.snapshot_dir("target");
    let run = dir.run(&["-C", "app", "export", "npm", "../target", "--json"]);
    run.assert_code(2);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["error"]["code"], "patch_config_unsupported");
    let text = report["error"].to_string();
    assert!(text.contains("package.json") && text.contains("`patchedDependencies` appears twice"), "{text}");
    assert_eq!(dir.snapshot_dir("target"), before);
    let import = TestDir::new();
    import.write("package.json", String::from_utf8(dir.read("target/package.json")).expect("utf-8"));
    let run = import.run(&["import", "npm"]);
    run.assert_code(2);
    assert!(run.stderr.contains("`patchedDependencies` appears twice"), "{}", run.stderr);
    assert!(!import.exists("forklayer.toml") && !import.exists("forklayer"));
}

#[test]
fn a_pnpm_workspace_whose_patch_block_is_anchored_is_refused_with_nothing_written() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    dir.write(
        "app/pnpm-workspace.yaml",
        "patchedDependencies: &pd\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\ncatalog: *pd\n",
    );
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    dir.write("app/forklayer/forks/left-pad/index.js", PAD.replace("return pad + str;", "return pad + str; // again"));
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let before = dir.snapshot_dir("app");
    let run = dir.run(&["-C", "app", "export"]);
    run.assert_code(2);
    assert!(run.stderr.contains("pnpm-workspace.yaml") && run.stderr.contains("anchor"), "{}", run.stderr);
    assert!(
        run.stderr.contains("nothing was written") && run.stderr.contains("without YAML anchors"),
        "{}",
        run.stderr
    );
    let after: Vec<_> = dir.snapshot_dir("app").into_iter().filter(|(p, _, _)| !p.starts_with(".forklayer")).collect();
    let before: Vec<_> = before.into_iter().filter(|(p, _, _)| !p.starts_with(".forklayer")).collect();
    assert_eq!(after, before);
}

/// A configuration file (or the directory of Yarn's patches) planted as a
/// link to a file outside the project: `export` refuses it by name before
/// it reads or writes anything, and the file it points to stays as it was.
#[cfg(unix)]
#[test]
fn a_configuration_file_linked_out_of_the_project_is_refused_before_anything_is_written() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    let cases = [
        ("npm", "package.json"),
        ("npm", "package-lock.json"),
        ("bun", "package.json"),
        ("pnpm", "pnpm-workspace.yaml"),
        ("yarn", "package.json"),
        ("yarn", ".yarn"),
    ];
    for (format, linked) in cases {
        let target = format!("{format}-{}", linked.trim_start_matches('.'));
        dir.write(&format!("outside/{target}/victim.json"), "{\n  \"name\": \"victim\"\n}\n");
        dir.write(&format!("outside/{target}/patches/.keep"), "");
        std::fs::create_dir(dir.join(&target)).expect("mkdir");
        if linked != "package.json" {
            dir.write(&format!("{target}/package.json"), NPM_PACKAGE_JSON);
        }
        let to = if linked == ".yarn" { "outside/{target}" } else { "outside/{target}/victim.json" };
        let to = dir.join(&to.replace("{target}", &target));
        std::os::unix::fs::symlink(to, dir.join(&format!("{target}/{linked}"))).expect("symlink");
        let (outside, project) = (dir.snapshot_dir("outside"), dir.snapshot_dir(&target));
        let run = dir.run(&["-C", "app", "export", format, &format!("../{target}")]);
        assert_eq!(run.code, 3, "{format} {linked}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("{target}/{linked}` is a symbolic link")), "{}", run.stderr);
        assert!(run.stderr.contains("help: replace it with a regular file"), "{}", run.stderr);
        let run = dir.run(&["-C", "app", "export", format, &format!("../{target}"), "--dry-run", "--json"]);
        assert_eq!(run.code, 3, "{format} {linked}: {}", run.stderr);
        let report: Value = serde_json::from_str(&run.stdout).expect("json");
        assert_eq!(report["error"]["code"], "not_a_file", "{format} {linked}");
        assert_eq!(dir.snapshot_dir("outside"), outside, "{format} {linked}: nothing written through the link");
        assert_eq!(dir.snapshot_dir(&target), project, "{format} {linked}: nothing written in the project");
    }
}

/// `upgrade` refuses a linked configuration file before its merge writes
/// the layer, not after.
#[cfg(unix)]
#[test]
fn upgrade_refuses_a_linked_configuration_file_before_it_merges() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    bump_lock_to_1_3_1(&dir);
    dir.write("outside.yaml", dir.read("app/pnpm-workspace.yaml"));
    std::fs::remove_file(dir.join("app/pnpm-workspace.yaml")).expect("rm");
    std::os::unix::fs::symlink(dir.join("outside.yaml"), dir.join("app/pnpm-workspace.yaml")).expect("symlink");
    commit_all(&dir);
    let (outside, before) = (dir.read("outside.yaml"), dir.snapshot_dir("app"));
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("app/pnpm-workspace.yaml` is a symbolic link"), "{}", run.stderr);
    assert_eq!(dir.read("outside.yaml"), outside);
    assert_eq!(dir.snapshot_dir("app"), before, "the layer is not merged either");
}

/// pnpm's export and upgrade change the lines of the entries they move
/// and nothing else of pnpm-workspace.yaml: comments, blank lines, a
/// document end and another package's entry as written.
#[test]
fn pnpm_export_and_upgrade_keep_the_workspace_s_other_bytes() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    let workspace = "packages:\n  - \".\"\n\npatchedDependencies:\n  # the fork\n  left-pad@1.3.0: patches/left-pad@1.3.0.patch\n  \"@t/m@1.2.5\": 'patches/m.patch'  # theirs\n\n# build settings\nonlyBuiltDependencies:\n  - esbuild\n...\n";
    dir.write("app/pnpm-workspace.yaml", workspace);
    dir.write("app/patches/m.patch", "diff --git a/m.js b/m.js\n--- a/m.js\n+++ b/m.js\n@@ -1 +1 @@\n-a\n+b\n");
    let fork = "app/forklayer/forks/left-pad/index.js";
    dir.write(fork, format!("{}// more\n", String::from_utf8(dir.read(fork)).expect("utf-8")));
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let run = dir.run(&["-C", "app", "export"]);
    run.assert_code(0);
    assert!(run.stdout.contains("update  patches/left-pad@1.3.0.patch"), "{}", run.stdout);
    assert_eq!(String::from_utf8(dir.read("app/pnpm-workspace.yaml")).expect("utf-8"), workspace);
    commit_all(&dir);
    bump_lock_to_1_3_1(&dir);
    commit_all(&dir);
    run_with_npm(&dir, &npm, &["-C", "app", "upgrade"]).assert_code(0);
    assert_eq!(
        String::from_utf8(dir.read("app/pnpm-workspace.yaml")).expect("utf-8"),
        workspace.replace("left-pad@1.3.0", "left-pad@1.3.1")
    );
}

#[test]
fn an_in_place_import_refuses_a_layer_directory_or_ignore_file_linked_out_of_the_project() {
    for planted in ["forklayer", ".gitignore"] {
        let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
        let outside = dir.join("outside");
        std::fs::create_dir_all(&outside).expect("mkdir");
        let target = if planted == "forklayer" { outside.clone() } else { outside.join("ignore") };
        std::os::unix::fs::symlink(&target, dir.join(&format!("app/{planted}"))).expect("symlink");
        let run = run_with_npm(&dir, &npm, &["-C", "app", "--json", "import", "pnpm"]);
        run.assert_code(3);
        let report: Value = serde_json::from_str(&run.stdout).expect("json");
        assert_eq!(report["error"]["code"], "not_a_file", "{planted}: {report}");
        assert_eq!(std::fs::read_dir(&outside).expect("ls").count(), 0, "{planted}: nothing written outside");
        assert!(!dir.exists("app/forklayer.toml"), "{planted}: no declaration");
    }
}

#[test]
fn an_export_keeps_the_patch_of_another_version_the_lock_file_still_installs() {
    // left-pad@1.3.0 for the app, 1.2.0 as a nested dependency with the
    // project's own npm patch: exporting the layer's 1.3.0 leaves that one.
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    std::fs::create_dir(dir.join("layer")).expect("mkdir");
    run_with_npm(&dir, &npm, &["-C", "layer", "import", "pnpm", "../app"]).assert_code(0);
    let package = "{\n  \"dependencies\": {\n    \"left-pad\": \"1.3.0\",\n    \"old\": \"1.0.0\"\n  },\n  \"patchedDependencies\": {\n    \"left-pad@1.2.0\": \"patches/left-pad@1.2.0.patch\"\n  }\n}\n";
    let lock = "{\n  \"lockfileVersion\": 4,\n  \"packages\": {\n    \"node_modules/left-pad\": {\n      \"version\": \"1.3.0\"\n    },\n    \"node_modules/old/node_modules/left-pad\": {\n      \"version\": \"1.2.0\"\n    }\n  }\n}\n";
    let old_patch = "--- a/index.js\t\n+++ b/index.js\t\n@@ -1,1 +1,1 @@\n-'use strict';\n+'use strict'; // 1.2.0\n";
    dir.write("npm-app/package.json", package);
    dir.write("npm-app/package-lock.json", lock);
    dir.write("npm-app/patches/left-pad@1.2.0.patch", old_patch);
    let run = dir.run(&["-C", "layer", "export", "npm", "../npm-app"]);
    run.assert_code(0);
    assert!(run.stderr.contains("`patches/left-pad@1.2.0.patch` patches `left-pad@1.2.0`, which `package-lock.json` says the project still installs"), "{}", run.stderr);
    assert_eq!(dir.read("npm-app/patches/left-pad@1.2.0.patch"), old_patch.as_bytes());
    let written = String::from_utf8(dir.read("npm-app/package.json")).expect("utf-8");
    assert!(written.contains("\"left-pad@1.2.0\": \"patches/left-pad@1.2.0.patch\",\n    \"left-pad@1.3.0\": \"patches/left-pad@1.3.0.patch\""), "{written}");

    // Without the nested 1.2.0, the old patch goes, as before.
    dir.write("npm-app/package-lock.json", lock.replace("1.2.0", "1.3.0"));
    dir.write("npm-app/package.json", package);
    dir.run(&["-C", "layer", "export", "npm", "../npm-app"]).assert_code(0);
    assert!(!dir.exists("npm-app/patches/left-pad@1.2.0.patch"));
}

#[test]
fn pnpm_s_old_package_json_key_and_its_files_are_left_alone_by_export() {
    // pnpm no longer reads package.json's `pnpm.patchedDependencies`.
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    std::fs::create_dir(dir.join("layer")).expect("mkdir");
    run_with_npm(&dir, &npm, &["-C", "layer", "import", "pnpm", "../app"]).assert_code(0);
    let package = |version: &str| {
        format!(
            "{{\n  \"dependencies\": {{\"left-pad\": \"1.3.0\"}},\n  \"pnpm\": {{\"patchedDependencies\": {{\"left-pad@{version}\": \"patches/left-pad@{version}.patch\"}}}}\n}}\n"
        )
    };
    dir.write("old/package.json", package("1.2.0"));
    dir.write("old/patches/left-pad@1.2.0.patch", "old patch");
    let run = dir.run(&["-C", "layer", "export", "pnpm", "../old"]);
    run.assert_code(0);
    assert!(run.stderr.contains("`package.json` declares `left-pad@1.2.0` (`patches/left-pad@1.2.0.patch`) under `pnpm.patchedDependencies`, which pnpm no longer reads"), "{}", run.stderr);
    assert!(
        run.stderr.contains("move the entries to `patchedDependencies` in `pnpm-workspace.yaml`"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.read("old/patches/left-pad@1.2.0.patch"), b"old patch");
    assert_eq!(dir.read("old/package.json"), package("1.2.0").as_bytes());
    assert!(dir.exists("old/patches/left-pad@1.3.0.patch"));

    // The file it names, written over with other bytes: refused.
    dir.write("other/package.json", package("1.3.0"));
    dir.write("other/patches/left-pad@1.3.0.patch", "old patch");
    let before = dir.snapshot_dir("other");
    let run = dir.run(&["-C", "layer", "export", "pnpm", "../other"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("package.json") && run.stderr.contains("would write the layer's patch over that file"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("move `left-pad@1.3.0` to `patchedDependencies` in `pnpm-workspace.yaml`"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.snapshot_dir("other"), before);
    // And import leaves it out, as pnpm does.
    std::fs::create_dir(dir.join("layer2")).expect("mkdir");
    let run = dir.run(&["-C", "layer2", "import", "pnpm", "../other"]);
    run.assert_code(2);
    assert!(run.stderr.contains("import leaves them out, as pnpm does"), "{}", run.stderr);
}

/// While a merge waits for `--continue` or `--abort`, the fork layer holds
/// conflict markers: `export` and `upgrade` refuse (exit 2,
/// `merge_in_progress`) and leave the project's patches of the old
/// version as they are, so that `merge --abort` leaves nothing to undo.
#[test]
fn export_and_upgrade_refuse_while_a_merge_is_in_progress() {
    let (dir, npm) = conflicting_project();
    run_with_npm(&dir, &npm, &["-C", "app", "merge", "left-pad@2.0.0"]).assert_code(1);
    let before = dir.snapshot_dir("app/patches");
    let workspace = dir.read("app/pnpm-workspace.yaml");
    for args in [&["export"][..], &["export", "--dry-run"], &["upgrade"], &["upgrade", "left-pad@2.0.1"]] {
        let run = run_with_npm(&dir, &npm, &[&["-C", "app", "--json"][..], args].concat());
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        let report: Value = serde_json::from_str(&run.stdout).expect("json");
        assert_eq!(report["error"]["code"], "merge_in_progress", "{args:?}: {report}");
        let text = report["error"].to_string();
        assert!(text.contains("a merge onto `left-pad@2.0.0` is in progress"), "{args:?}: {text}");
        assert!(text.contains("`forklayer merge --continue`") && text.contains("`forklayer merge --abort`"), "{text}");
        assert_eq!(dir.snapshot_dir("app/patches"), before, "{args:?}");
        assert_eq!(dir.read("app/pnpm-workspace.yaml"), workspace, "{args:?}");
    }
    dir.run(&["-C", "app", "merge", "--abort"]).assert_code(0);
    dir.run(&["-C", "app", "export"]).assert_code(0);
    assert!(dir.exists("app/patches/left-pad@1.3.0.patch"));
}

/// Publishes left-pad 1.3.1 and moves the project's lock file to it, as a
/// dependency bot does.
fn bump_lock_to_1_3_1(dir: &TestDir) {
    publish(dir, &left_pad("1.3.1"), None);
    dir.write(
        "app/pnpm-lock.yaml",
        "lockfileVersion: '9.0'\n\npackages:\n\n  left-pad@1.3.1:\n    resolution: {integrity: sha512-x}\n",
    );
}

/// A project whose lock file a bot moved to left-pad 1.3.1, committed with
/// the imported layer.
fn bumped_project() -> (TestDir, PathBuf) {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    bump_lock_to_1_3_1(&dir);
    commit_all(&dir);
    (dir, npm)
}

/// `merge` alone (or an `upgrade` killed after its merge) leaves the
/// project declaring the old version's patch: the next `upgrade`, with
/// nothing left to merge, writes the patches instead of saying
/// "Unchanged".
#[test]
fn an_upgrade_with_nothing_to_merge_still_writes_the_patches_a_merge_left_unexported() {
    let (dir, npm) = bumped_project();
    run_with_npm(&dir, &npm, &["-C", "app", "merge", "left-pad@1.3.1"]).assert_code(0);
    commit_all(&dir);
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade", "--dry-run"]);
    run.assert_code(0);
    assert!(run.stderr.contains("are not the layer's yet"), "{}", run.stderr);
    assert!(run.stdout.contains("create  patches/left-pad@1.3.1.patch"), "{}", run.stdout);
    assert!(dir.exists("app/patches/left-pad@1.3.0.patch"), "a dry run writes nothing");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade", "--json"]);
    run.assert_code(0);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["moves"], Value::Array(Vec::new()));
    assert_eq!(report["export"]["written"], true, "{report}");
    assert!(dir.exists("app/patches/left-pad@1.3.1.patch") && !dir.exists("app/patches/left-pad@1.3.0.patch"));
    let workspace = String::from_utf8(dir.read("app/pnpm-workspace.yaml")).expect("utf-8");
    assert_eq!(workspace, "packages: []\npatchedDependencies:\n  left-pad@1.3.1: patches/left-pad@1.3.1.patch\n");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade"]);
    run.assert_code(0);
    assert!(run.stderr.contains("Unchanged") && run.stderr.contains("holds its patches"), "{}", run.stderr);
}

/// A patch file edited by hand and not committed is neither replaced nor
/// deleted by `export` or `upgrade` (exit 2 `dirty`, naming the file and
/// the package, before anything is merged); `--allow-dirty` writes over
/// it, and a committed edit is the user's to have kept.
#[test]
fn export_and_upgrade_refuse_to_write_over_a_patch_edited_since_it_was_committed() {
    let (dir, npm) = bumped_project();
    let patch = "app/patches/left-pad@1.3.0.patch";
    let committed = dir.read(patch);
    let edited = String::from_utf8(committed.clone()).expect("utf-8").replace("// padded by the fork", "// by hand");
    assert_ne!(edited.as_bytes(), committed);
    dir.write(patch, &edited);
    let layer = dir.snapshot_dir("app/forklayer");
    let run = run_with_npm(&dir, &npm, &["-C", "app", "--json", "upgrade"]);
    run.assert_code(2);
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["error"]["code"], "dirty", "{report}");
    let text = report["error"].to_string();
    assert!(text.contains("`patches/left-pad@1.3.0.patch` (the patch of `left-pad@1.3.0`"), "{text}");
    assert!(text.contains("`--allow-dirty`") && text.contains("commit"), "{text}");
    assert_eq!(dir.read(patch), edited.as_bytes());
    assert_eq!(dir.snapshot_dir("app/forklayer"), layer, "refused before the merge");
    // So is a committed configuration file the export rewrites, changed since.
    dir.write(patch, &committed);
    let workspace = dir.read("app/pnpm-workspace.yaml");
    dir.write("app/pnpm-workspace.yaml", [b"# ours\n", &workspace[..]].concat());
    let run = run_with_npm(&dir, &npm, &["-C", "app", "upgrade"]);
    run.assert_code(2);
    assert!(
        run.stderr.contains("`pnpm-workspace.yaml` (the pnpm configuration, which the export rewrites)"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.snapshot_dir("app/forklayer"), layer, "refused before the merge");
    dir.write("app/pnpm-workspace.yaml", &workspace);
    dir.write(patch, &edited);
    // The fork changes: export would rewrite the patch of the same version.
    let fork = "app/forklayer/forks/left-pad/index.js";
    dir.write(fork, format!("{}// more\n", String::from_utf8(dir.read(fork)).expect("utf-8")));
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    for args in [&["export"][..], &["export", "--dry-run"]] {
        let run = dir.run(&[&["-C", "app"][..], args].concat());
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("`patches/left-pad@1.3.0.patch` (the patch of `left-pad@1.3.0`, which the export rewrites)"),
            "{}",
            run.stderr
        );
        assert_eq!(dir.read(patch), edited.as_bytes());
    }
    // An untracked patch file the export would replace is refused too.
    std::fs::remove_file(dir.join(patch)).expect("rm");
    commit_all(&dir);
    dir.write(patch, &edited);
    dir.run(&["-C", "app", "export"]).assert_code(2);
    assert_eq!(dir.read(patch), edited.as_bytes());
    let run = dir.run(&["-C", "app", "export", "--allow-dirty"]);
    run.assert_code(0);
    assert!(run.stdout.contains("update  patches/left-pad@1.3.0.patch"), "{}", run.stdout);
    assert!(String::from_utf8(dir.read(patch)).expect("utf-8").contains("// more"));
}

/// A project in no git repository cannot say whether a patch was edited:
/// each patch file the export replaces or deletes is named in a warning.
#[test]
fn an_export_into_a_project_outside_git_names_each_patch_it_replaces() {
    let (dir, npm) = pnpm_project("1.3.0", "left-pad@1.3.0");
    run_with_npm(&dir, &npm, &["-C", "app", "import", "pnpm"]).assert_code(0);
    let fork = "app/forklayer/forks/left-pad/index.js";
    dir.write(fork, format!("{}// more\n", String::from_utf8(dir.read(fork)).expect("utf-8")));
    dir.run(&["-C", "app", "gen-patches"]).assert_code(0);
    let run = dir.run(&["-C", "app", "export"]);
    run.assert_code(0);
    assert!(
        run.stderr.contains("warning: `patches/left-pad@1.3.0.patch` (the patch of `left-pad@1.3.0`, which the export rewrites): the project is in no git repository"),
        "{}",
        run.stderr
    );
}
