//! Deterministic fork-layer workloads for the benchmarks
//! (`benches/gen_patches.rs`) and for unit tests that need reproducible
//! texts; not part of the library: each user includes this file. Everything is derived from a fixed-seed splitmix64, so
//! every machine generates the same bytes.

// Each user of this support module uses part of it.
#![allow(dead_code)]

use std::path::Path;

use forklayer::layer::{Layer, PathOverrides};
use forklayer::lock::{lock_files, Lock, LockedPackage, LOCK_FILE, LOCK_SCHEMA, VERSION_FILE};
use forklayer::tree::{FileEntry, Tree, TreeError};

/// Shape of a generated layer.
#[derive(Clone, Copy, Debug)]
pub struct WorkloadSpec {
    /// Number of forked packages.
    pub packages: usize,
    /// Files per package.
    pub files_per_package: usize,
    /// Lines per ordinary file.
    pub lines_per_file: usize,
    /// Lines of one extra large file in the first package (0 = none).
    pub big_file_lines: usize,
    /// Changed lines per thousand.
    pub changes_per_thousand: u64,
}

impl WorkloadSpec {
    /// Like the real layer: 12 packages, ~1.2 MB, one 10k-line file.
    pub const REAL_SIZE: WorkloadSpec = WorkloadSpec {
        packages: 12,
        files_per_package: 8,
        lines_per_file: 320,
        big_file_lines: 10_000,
        changes_per_thousand: 10,
    };
    /// One 80,000-line file with 1% of lines changed.
    pub const BIG_FILE: WorkloadSpec = WorkloadSpec {
        packages: 1,
        files_per_package: 0,
        lines_per_file: 0,
        big_file_lines: 80_000,
        changes_per_thousand: 10,
    };
    /// 1,000 packages / 5,000 files.
    pub const MANY_PACKAGES: WorkloadSpec = WorkloadSpec {
        packages: 1_000,
        files_per_package: 5,
        lines_per_file: 20,
        big_file_lines: 0,
        changes_per_thousand: 10,
    };
}

/// splitmix64: tiny, fixed-seed, never the system RNG.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

const WORDS: [&str; 8] = ["sandbox", "policy", "mode", "session", "grant", "shell", "target", "workdir"];

fn js_line(rng: &mut SplitMix64, n: usize) -> String {
    let word = WORDS[rng.below(WORDS.len() as u64) as usize];
    match rng.below(4) {
        0 => format!("\tconst {word}{n} = resolve(\"{word}\", {});\n", rng.below(1000)),
        1 => format!("\tif ({word}{n} > {}) return {word};\n", rng.below(100)),
        2 => "\t}\n".to_string(),
        _ => format!("\t// {word} {} {}\n", rng.below(10_000), n),
    }
}

/// Base and fork text of one file.
fn file_pair(rng: &mut SplitMix64, lines: usize, per_thousand: u64) -> (String, String) {
    let (mut base, mut fork) = (String::new(), String::new());
    for n in 0..lines {
        let line = js_line(rng, n);
        base.push_str(&line);
        match (rng.below(1000) < per_thousand, rng.below(3)) {
            (false, _) => fork.push_str(&line),
            (true, 0) => {
                fork.push_str(&line);
                fork.push_str("\t// self-checking: added\n");
            }
            (true, 1) => {
                fork.push_str(&line.replace("resolve", "resolveChecked").replace("return", "return /* checked */"))
            }
            (true, _) => {}
        }
    }
    (base, fork)
}

/// Generates `(upstream, fork)` trees of `spec` with paths
/// `<scope>/<pkg>/<file>`.
pub fn generate(spec: &WorkloadSpec, scope: &str) -> (Tree, Tree) {
    let mut rng = SplitMix64::new(0x5EED_F0E1_A4E5);
    let (mut upstream, mut fork) = (Tree::new(), Tree::new());
    for p in 0..spec.packages {
        let prefix = format!("{scope}/pkg-{p:04}");
        let manifest = format!("{{\n  \"name\": \"{scope}/pkg-{p:04}\",\n  \"version\": \"1.0.0\"\n}}\n");
        insert(&mut upstream, &prefix, "package.json", manifest.clone());
        insert(&mut fork, &prefix, "package.json", manifest);
        for f in 0..spec.files_per_package {
            let (b, k) = file_pair(&mut rng, spec.lines_per_file, spec.changes_per_thousand);
            insert(&mut upstream, &prefix, &format!("lib/file-{f:02}.js"), b);
            insert(&mut fork, &prefix, &format!("lib/file-{f:02}.js"), k);
        }
        if p == 0 && spec.big_file_lines > 0 {
            let (b, k) = file_pair(&mut rng, spec.big_file_lines, spec.changes_per_thousand);
            insert(&mut upstream, &prefix, "lib/index.js", b);
            insert(&mut fork, &prefix, "lib/index.js", k);
        }
    }
    (upstream, fork)
}

fn insert(tree: &mut Tree, prefix: &str, path: &str, text: String) {
    // Generated paths are always valid; an error here would be a bug in
    // this generator, and the benchmark would then show missing files.
    let _ = tree.insert(format!("{prefix}/{path}"), FileEntry::new(text.into_bytes()));
}

/// The lock file of the generated `upstream/`, as `snapshot` of local
/// directories writes it (no integrity), so commands that prove upstream
/// against its lock run on the workload.
fn directory_lock(upstream: &Tree, scope: &str, spec: &WorkloadSpec) -> Lock {
    let packages = (0..spec.packages)
        .map(|p| {
            let full = format!("{scope}/pkg-{p:04}");
            let files = lock_files(&upstream.subtree(&full));
            (full, LockedPackage { files, integrity: None, source: "directory".into(), version: "1.0.0".into() })
        })
        .collect();
    Lock { packages, schema: LOCK_SCHEMA.into(), version: "1.0.0".into() }
}

/// Writes a complete repository for `spec` under `root` (declaration,
/// `upstream/` with VERSION, `profile/forks/`) and returns its layer.
pub fn write_repository(spec: &WorkloadSpec, root: &Path) -> Result<Layer, TreeError> {
    let scope = "@bench";
    let (upstream, fork) = generate(spec, scope);
    let names: Vec<String> = (0..spec.packages).map(|p| format!("\"pkg-{p:04}\"")).collect();
    let declaration = format!(
        "[layer]\nscope = \"{scope}\"\nbaseline = \"1.0.0\"\n[paths]\nupstream = \"upstream\"\nforks = \"profile/forks\"\npatches = \"patches\"\n[packages]\nforked = [{}]\n",
        names.join(", ")
    );
    let mut top = Tree::new();
    top.insert("forklayer.toml", FileEntry::new(declaration.clone().into_bytes()))?;
    top.insert(format!("upstream/{VERSION_FILE}"), FileEntry::new(b"1.0.0\n".to_vec()))?;
    top.insert(
        format!("upstream/{LOCK_FILE}"),
        FileEntry::new(directory_lock(&upstream, scope, spec).to_canonical_json()),
    )?;
    top.graft("upstream", upstream)?;
    top.graft("profile/forks", fork)?;
    top.write_to(root)?;
    Layer::parse(&declaration, &root.join("forklayer.toml"), root, &PathOverrides::default())
        .map_err(|e| TreeError::Io { path: root.join("forklayer.toml"), source: std::io::Error::other(e.to_string()) })
}
