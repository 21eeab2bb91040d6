//! Deterministic merge workloads for the benchmarks (`benches/merge.rs`,
//! `examples/workload.rs`) and for `tests/cli/workload.rs`, which runs
//! them small. Not part of the library: each user includes this file.
//!
//! A workload is a git repository holding a fork layer built against
//! upstream `1.0.0` (committed snapshot, fork layer, manifests) plus the
//! `2.0.0` tarballs in `new/`. Every byte follows from arithmetic on the
//! package, file and line numbers, so each machine generates the same
//! repository. The fork and upstream edit lines far apart, so the merge is
//! clean and runs every step: taken, kept, merged, new and deleted files,
//! manifest regeneration and the rebuild check.

// Each user of this support module uses part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use flate2::Compression;

use forklayer::genpatches::gen_patches;
use forklayer::layer::{Layer, PathOverrides};
use forklayer::snapshot::{self, snapshot, SnapshotSource};
use forklayer::tree::{FileEntry, Tree};

/// Scope of the generated packages.
pub const SCOPE: &str = "@bench";
/// The committed upstream version.
pub const FROM: &str = "1.0.0";
/// The new upstream version, in `new/`.
pub const TO: &str = "2.0.0";

/// Shape of a generated fork layer.
#[derive(Clone, Copy, Debug)]
pub struct MergeSpec {
    /// Number of forked packages.
    pub packages: usize,
    /// Source files per package (besides `package.json`).
    pub files_per_package: usize,
    /// Lines per source file.
    pub lines_per_file: usize,
    /// Lines of one extra large file in the first package (0 = none).
    pub big_file_lines: usize,
}

impl MergeSpec {
    /// Like the real layer: 12 packages, ~1.2 MB, one 10k-line file.
    pub const REAL_SIZE: MergeSpec =
        MergeSpec { packages: 12, files_per_package: 8, lines_per_file: 240, big_file_lines: 10_000 };
    /// 5,000 files: 1,000 packages of 5 files.
    pub const FIVE_THOUSAND_FILES: MergeSpec =
        MergeSpec { packages: 1_000, files_per_package: 4, lines_per_file: 40, big_file_lines: 0 };
}

/// The three versions of the layer, paths `<scope>/<pkg>/<file>`.
#[derive(Clone, Debug, Default)]
pub struct Versions {
    /// Upstream `1.0.0`.
    pub base: Tree,
    /// The fork layer.
    pub ours: Tree,
    /// Upstream `2.0.0`.
    pub theirs: Tree,
}

/// Who edits a file: the fork only, upstream only, or both (far apart).
fn editors(file: usize) -> (bool, bool) {
    match file % 4 {
        0 => (false, true),
        1 => (true, false),
        _ => (true, true),
    }
}

fn line(package: usize, file: usize, n: usize) -> String {
    match n % 4 {
        0 => format!("\tconst v{n} = resolve(\"p{package}f{file}\", {});\n", (n * 7919) % 1000),
        1 => format!("\tif (v{} > {}) return session;\n", n - 1, (n * 31) % 100),
        2 => "\t}\n".to_string(),
        _ => format!("\t// sandbox policy {} {n}\n", (package * 131 + file * 17 + n) % 10_000),
    }
}

/// One source file in its three versions. The fork edits lines 10, 60,
/// 110, … and upstream lines 35, 85, …: never adjacent, so it merges.
fn source_file(package: usize, file: usize, lines: usize, out: &mut [String; 3]) {
    let (fork_edits, upstream_edits) = editors(file);
    for n in 0..lines {
        let text = line(package, file, n);
        out[0].push_str(&text);
        let fork_line = fork_edits && n % 50 == 10;
        let upstream_line = upstream_edits && n % 50 == 35;
        out[1].push_str(&if fork_line { text.replace('\n', " // self-checking\n") } else { text.clone() });
        out[2].push_str(&if upstream_line { text.replace('\n', " // v2\n") } else { text });
    }
}

fn package_json(name: &str, version: &str, main: &str) -> String {
    format!(
        "{{\n  \"name\": \"{name}\",\n  \"version\": \"{version}\",\n  \"description\": \"generated\",\n  \"license\": \"MIT\",\n  \"type\": \"module\",\n  \"main\": \"{main}\"\n}}\n"
    )
}

/// Generates the three versions of a layer of shape `spec`.
pub fn generate(spec: &MergeSpec) -> Versions {
    let mut v = Versions::default();
    for p in 0..spec.packages {
        let name = format!("{SCOPE}/pkg-{p:04}");
        let put = |tree: &mut Tree, path: &str, text: &str| {
            // Generated paths are always valid relative paths.
            let _ = tree.insert(format!("{name}/{path}"), FileEntry::new(text.as_bytes().to_vec()));
        };
        put(&mut v.base, "package.json", &package_json(&name, FROM, "lib/index.js"));
        put(&mut v.ours, "package.json", &package_json(&name, FROM, "lib/self-check.js"));
        put(&mut v.theirs, "package.json", &package_json(&name, TO, "lib/index.js"));
        for f in 0..spec.files_per_package {
            let mut texts = [String::new(), String::new(), String::new()];
            source_file(p, f, spec.lines_per_file, &mut texts);
            let path = format!("lib/file-{f:02}.js");
            put(&mut v.base, &path, &texts[0]);
            put(&mut v.ours, &path, &texts[1]);
            put(&mut v.theirs, &path, &texts[2]);
        }
        if p == 0 && spec.big_file_lines > 0 {
            let mut texts = [String::new(), String::new(), String::new()];
            source_file(p, 2, spec.big_file_lines, &mut texts);
            put(&mut v.base, "lib/index.js", &texts[0]);
            put(&mut v.ours, "lib/index.js", &texts[1]);
            put(&mut v.theirs, "lib/index.js", &texts[2]);
        }
        // Upstream adds one file and removes one the fork never touched.
        put(&mut v.theirs, "lib/added.js", "export const added = true;\n");
        put(&mut v.base, "lib/legacy.js", "export const legacy = true;\n");
        put(&mut v.ours, "lib/legacy.js", "export const legacy = true;\n");
    }
    v
}

/// Writes a workload repository at `root` (replacing it) and returns its
/// layer. `merge` onto [`TO`] with `--from <root>/new` then runs cleanly.
pub fn write_repository(spec: &MergeSpec, root: &Path) -> Result<Layer, Box<dyn std::error::Error>> {
    if root.exists() {
        std::fs::remove_dir_all(root)?;
    }
    std::fs::create_dir_all(root)?;
    let versions = generate(spec);
    let names: Vec<String> = (0..spec.packages).map(|p| format!("pkg-{p:04}")).collect();
    std::fs::write(root.join("forklayer.toml"), declaration(&names))?;
    std::fs::write(root.join(".gitignore"), "/base/\n/new/\n")?;
    let layer = Layer::load(&root.join("forklayer.toml"), &PathOverrides::default())?;
    let full: Vec<String> = names.iter().map(|name| format!("{SCOPE}/{name}")).collect();
    let base_dir = write_tarballs(&versions.base, &full, FROM, &root.join("base"))?;
    let fetched = snapshot::Versions::all(&layer, Some(FROM));
    snapshot(&layer, &fetched, false, &SnapshotSource::Local(vec![base_dir]))?;
    versions.ours.write_to(&layer.paths.forks)?;
    gen_patches(&layer)?;
    write_tarballs(&versions.theirs, &full, TO, &root.join("new"))?;
    commit_all(root)?;
    Ok(layer)
}

fn declaration(names: &[String]) -> String {
    let forked = names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
    format!(
        "[layer]\nscope = \"{SCOPE}\"\nbaseline = \"{FROM}\"\n\n[paths]\nupstream = \"upstream\"\nforks = \"profile/forks\"\npatches = \"patches\"\n\n[packages]\nforked = [{forked}]\n"
    )
}

/// The version the real-layer workload merges onto.
pub const REAL_NEXT: &str = "0.1.0-rc.9";

/// A copy of a project's real fork layer (declaration, `upstream/`, fork
/// layer, manifests) committed as a git repository at `root`, plus a made-up
/// next upstream [`REAL_NEXT`] in `new/`: every package's version bumped,
/// a line added at the end of every JavaScript file whose last lines the
/// fork leaves alone (so files on both sides are really merged), and one
/// file added per package. `merge` onto [`REAL_NEXT`] with
/// `--from <root>/new` then runs cleanly. The project's tracked files that
/// `check` and `release` read besides the layer (own package sources,
/// release bundles, installers, documents) are copied too, so every command
/// succeeds on the copy.
pub fn write_real_layer_repository(project: &Path, root: &Path) -> Result<Layer, Box<dyn std::error::Error>> {
    if root.exists() {
        std::fs::remove_dir_all(root)?;
    }
    std::fs::create_dir_all(root)?;
    let source = Layer::load(&project.join("forklayer.toml"), &PathOverrides::default())?;
    std::fs::copy(&source.declaration, root.join("forklayer.toml"))?;
    std::fs::write(root.join(".gitignore"), "/new/\n")?;
    copy_tracked_release_inputs(&source, root)?;
    let layer = Layer::load(&root.join("forklayer.toml"), &PathOverrides::default())?;
    let upstream = Tree::read_dir(&source.paths.upstream)?;
    let forks = Tree::read_dir(&source.paths.forks)?;
    upstream.write_to(&layer.paths.upstream)?;
    forks.write_to(&layer.paths.forks)?;
    Tree::read_dir(&source.paths.patches)?.write_to(&layer.paths.patches)?;
    // The declared pins of the baseline move with it: bring their files.
    for (from, to) in source.pins.iter().zip(&layer.pins) {
        if let Some(parent) = to.file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::copy(&from.file, &to.file)?;
    }
    let full: Vec<String> = layer.upstream_packages().into_iter().map(|name| layer.full_name(name)).collect();
    let baseline = layer.baseline.clone().unwrap_or_default();
    let mut next = Tree::new();
    for full in &full {
        let package = next_version(&upstream.subtree(full), &forks.subtree(full), &baseline);
        next.graft(full, package)?;
    }
    write_tarballs(&next, &full, REAL_NEXT, &root.join("new"))?;
    commit_all(root)?;
    Ok(layer)
}

/// Copies the project's tracked files that `check` and `release` read
/// outside `upstream/`, the fork layer and `patches/` (what a release holds,
/// the own packages' sources, the extra release bundles) into `root`, with
/// their work-tree bytes and executable bit; the fork layer is written
/// afterwards.
fn copy_tracked_release_inputs(source: &Layer, root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let project = &source.root;
    let relative = |dir: &Path| dir.strip_prefix(project).ok().map(|p| p.to_string_lossy().into_owned());
    let mut inputs: Vec<String> = forklayer::release::contents().map(str::to_string).collect();
    inputs.extend(source.own.iter().filter_map(|own| relative(&own.source)));
    inputs.extend(source.release_bundles.iter().map(|bundle| bundle.declared.clone()));
    let forks = relative(&source.paths.forks).unwrap_or_default();
    let below = |path: &str, dir: &str| path == dir || path.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'));
    let repo = git2::Repository::open(project)?;
    let mut copied = Tree::new();
    for entry in repo.index()?.iter() {
        let path = String::from_utf8(entry.path.clone())?;
        if inputs.iter().any(|input| below(&path, input)) && !below(&path, &forks) {
            let bytes = std::fs::read(project.join(&path))?;
            copied.insert(&path, FileEntry::with_mode(bytes, entry.mode & 0o111 != 0))?;
        }
    }
    copied.write_to(root)?;
    Ok(())
}

/// The made-up next version of one upstream package.
fn next_version(base: &Tree, fork: &Tree, baseline: &str) -> Tree {
    let last_lines =
        |bytes: &[u8]| -> Vec<Vec<u8>> { bytes.split(|b| *b == b'\n').rev().take(4).map(<[u8]>::to_vec).collect() };
    let mut next = Tree::new();
    for (path, entry) in base.iter() {
        let mut bytes = entry.bytes.to_vec();
        if path == "package.json" {
            let text = String::from_utf8_lossy(&bytes).replacen(
                &format!("\"version\": \"{baseline}\""),
                &format!("\"version\": \"{REAL_NEXT}\""),
                1,
            );
            bytes = text.into_bytes();
        } else if path.ends_with(".js") && fork.get(path).is_some_and(|f| last_lines(&f.bytes) == last_lines(&bytes)) {
            if !bytes.ends_with(b"\n") {
                bytes.push(b'\n');
            }
            bytes.extend_from_slice(format!("// upstream {REAL_NEXT}\n").as_bytes());
        }
        // Paths of a tree are valid relative paths.
        let _ = next.insert(path, FileEntry::with_mode(bytes, entry.executable));
    }
    let _ = next.insert("lib/next-upstream.js", FileEntry::new(b"export const next = true;\n".to_vec()));
    next
}

/// Writes one `.tgz` per package (npm layout: `package/<file>`).
fn write_tarballs(
    tree: &Tree,
    packages: &[String],
    version: &str,
    dir: &Path,
) -> Result<PathBuf, Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    for package in packages {
        let prefix = format!("{package}/");
        let name = package.rsplit('/').next().unwrap_or(package);
        let mut builder = tar::Builder::new(Vec::new());
        for (path, entry) in tree.iter().filter(|(p, _)| p.starts_with(&prefix)) {
            let mut header = tar::Header::new_gnu();
            header.set_size(entry.bytes.len() as u64);
            header.set_mode(entry.mode());
            header.set_mtime(499_162_500);
            header.set_entry_type(tar::EntryType::Regular);
            builder.append_data(&mut header, format!("package/{}", &path[prefix.len()..]), entry.bytes.as_slice())?;
        }
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&builder.into_inner()?)?;
        std::fs::write(dir.join(format!("{name}-{version}.tgz")), gz.finish()?)?;
    }
    Ok(dir.to_path_buf())
}

/// `git init` + commit of everything not ignored, in-process; the objects
/// are then packed, as in a cloned repository.
fn commit_all(root: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let repo = git2::Repository::init(root)?;
    let mut index = repo.index()?;
    index.add_all(["*"], git2::IndexAddOption::DEFAULT, None)?;
    index.write()?;
    let tree = repo.find_tree(index.write_tree()?)?;
    let sig = git2::Signature::new("bench", "bench@example.invalid", &git2::Time::new(1_700_000_000, 0))?;
    let commit = repo.commit(Some("HEAD"), &sig, &sig, "workload", &tree, &[])?;
    let mut pack = repo.packbuilder()?;
    pack.insert_commit(commit)?;
    let objects = repo.path().join("objects");
    pack.write(&objects.join("pack"), 0)?;
    for entry in std::fs::read_dir(&objects)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name.len() == 2 && name.bytes().all(|b| b.is_ascii_hexdigit()) {
            std::fs::remove_dir_all(&path)?;
        }
    }
    Ok(())
}

/// Puts the work tree back to HEAD (between benchmark iterations).
pub fn reset_to_head(root: &Path) -> Result<(), git2::Error> {
    let repo = git2::Repository::open(root)?;
    let mut checkout = git2::build::CheckoutBuilder::new();
    checkout.force().remove_untracked(true);
    repo.checkout_head(Some(&mut checkout))
}
