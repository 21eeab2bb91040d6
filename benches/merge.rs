//! The speed targets of `merge` (issue 3): the real-size 12-package fork
//! layer merged onto a new upstream in under 100 ms, 5,000 files in under
//! 2 s, with no child processes (the new upstream comes from `.tgz` files;
//! the base is read from git in-process). Three workloads: a generated
//! layer of the real layer's size, a generated 5,000-file layer, and a copy
//! of this project's own fork layer merged onto a made-up next upstream.
//!
//! Run: `cargo bench --bench merge`. The
//! repositories stay in `target/forklayer-bench/merge-<name>/` (a git
//! repository with `new/` holding the tarballs of 2.0.0, or of 0.1.0-rc.9
//! for `real-layer`), so the CLI can be timed on them too:
//! `forklayer -C <dir> merge 2.0.0 --from new --dry-run`.
//! Set `FORKLAYER_BENCH_DIR` to generate them elsewhere (e.g. `/dev/shm/x`).

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use forklayer::layer::Layer;
use forklayer::merge::layer::{merge, MergeOptions, MergeTarget};
use forklayer::merge::package::merge_package;
use forklayer::merge::text::Labels;
use forklayer::snapshot::SnapshotSource;
use forklayer::tree::Tree;
use merge_workload::{
    generate, reset_to_head, write_real_layer_repository, write_repository, MergeSpec, REAL_NEXT, SCOPE, TO,
};

#[path = "support/merge_workload.rs"]
mod merge_workload;

/// `FORKLAYER_BENCH_DIR` puts the repositories elsewhere, e.g. on a tmpfs
/// to measure forklayer rather than the disk.
// The environment ban is for the library; a benchmark has no CLI layer.
#[allow(clippy::disallowed_methods)]
fn bench_dir(name: &str) -> PathBuf {
    let base = std::env::var_os("FORKLAYER_BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/forklayer-bench"));
    base.join(format!("merge-{name}"))
}

fn repository(name: &str, spec: &MergeSpec) -> Layer {
    write_repository(spec, &bench_dir(name)).expect("write workload")
}

/// Merging `layer` onto `version`, whose tarballs are in `<root>/new`.
fn options(layer: &Layer, version: &str, dry_run: bool) -> MergeOptions<'static> {
    MergeOptions {
        target: MergeTarget::family(version),
        source: SnapshotSource::Local(vec![layer.root.join("new")]),
        dry_run,
        allow_dirty: false,
        cancel: None,
    }
}

/// The whole command as a library call: dirty check, base from git, new
/// upstream from tarballs, merge, manifests, rebuild check, journaled write.
/// The work tree is reset to HEAD before each iteration (not timed; it
/// deletes and recreates ~10,000 files, the file system's worst case).
fn bench_run(c: &mut Criterion, name: &str, layer: Layer, version: &str) {
    let (options, dry_run) = (options(&layer, version, false), options(&layer, version, true));
    c.bench_function(&format!("merge/run/{name}"), |b| {
        b.iter_batched(
            || reset_to_head(&layer.root).expect("reset"),
            |()| {
                let outcome = merge(&layer, &options).expect("merge");
                assert_eq!(outcome.conflicts(), 0);
            },
            BatchSize::PerIteration,
        )
    });
    reset_to_head(&layer.root).expect("reset");
    c.bench_function(&format!("merge/dry-run/{name}"), |b| b.iter(|| merge(&layer, &dry_run).expect("merge")));
}

/// Only the three-way merge of the trees, in memory.
fn bench_in_memory(c: &mut Criterion, name: &str, spec: &MergeSpec) {
    let versions = generate(spec);
    let split = |tree: &Tree, p: usize| -> Tree {
        let prefix = format!("{SCOPE}/pkg-{p:04}/");
        let mut out = Tree::new();
        for (path, entry) in tree.iter().filter(|(path, _)| path.starts_with(&prefix)) {
            out.insert(&path[prefix.len()..], entry.clone()).expect("insert");
        }
        out
    };
    let packages: Vec<(Tree, Tree, Tree)> = (0..spec.packages)
        .map(|p| (split(&versions.base, p), split(&versions.ours, p), split(&versions.theirs, p)))
        .collect();
    let labels = Labels { ours: "fork@1.0.0", base: "upstream@1.0.0", theirs: "upstream@2.0.0" };
    c.bench_function(&format!("merge/in-memory/{name}"), |b| {
        b.iter(|| {
            for (base, ours, theirs) in &packages {
                merge_package(base, ours, theirs, &labels).expect("merge");
            }
        })
    });
}

fn benches(c: &mut Criterion) {
    bench_in_memory(c, "real-size", &MergeSpec::REAL_SIZE);
    bench_run(c, "real-size", repository("real-size", &MergeSpec::REAL_SIZE), TO);
    bench_run(c, "5000-files", repository("5000-files", &MergeSpec::FIVE_THOUSAND_FILES), TO);
    // This project's own fork layer (12 packages, forks and manifests as
    // committed) onto a made-up next version of its upstream.
    let project = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let real = write_real_layer_repository(&project, &bench_dir("real-layer")).expect("write real layer");
    bench_run(c, "real-layer", real, REAL_NEXT);
}

criterion_group! {
    name = merge_benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(merge_benches);
