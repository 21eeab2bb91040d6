//! The speed targets of `gen-patches` and `rebuild --check`, on
//! deterministic generated layers (see `benches/support/workload.rs`).
//!
//! Run: `cargo bench --bench gen_patches`. The generated repositories
//! stay in `target/forklayer-bench/<name>/`, so the CLI can be measured on
//! them too (e.g. peak memory with `/usr/bin/time -v`).

use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use forklayer::genpatches::gen_patches;
use forklayer::layer::Layer;
use forklayer::rebuild::{compare_trees, rebuild_layer};
use forklayer::tree::Tree;
use workload::{write_repository, WorkloadSpec};

#[path = "support/workload.rs"]
mod workload;

fn repository(name: &str, spec: &WorkloadSpec) -> Layer {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/forklayer-bench").join(name);
    let _ = std::fs::remove_dir_all(&root);
    write_repository(spec, &root).expect("write workload")
}

/// gen-patches from scratch: the patches directory is removed before each
/// iteration so every run writes every manifest and diff.
fn bench_gen(c: &mut Criterion, name: &str, spec: &WorkloadSpec) -> Layer {
    let layer = repository(name, spec);
    c.bench_function(&format!("gen-patches/{name}"), |b| {
        b.iter_batched(
            || {
                let _ = std::fs::remove_dir_all(&layer.paths.patches);
            },
            |()| gen_patches(&layer).expect("gen-patches"),
            BatchSize::PerIteration,
        )
    });
    gen_patches(&layer).expect("gen-patches");
    layer
}

fn speed_targets(c: &mut Criterion) {
    bench_gen(c, "real-size", &WorkloadSpec::REAL_SIZE);
    bench_gen(c, "80k-lines", &WorkloadSpec::BIG_FILE);
    let many = bench_gen(c, "1000-packages", &WorkloadSpec::MANY_PACKAGES);
    c.bench_function("rebuild-check/1000-packages", |b| {
        b.iter(|| {
            let rebuilt = rebuild_layer(&many, &many.paths.upstream, &many.paths.patches).expect("rebuild");
            let reference = Tree::read_dir(&many.paths.forks).expect("read forks");
            assert!(compare_trees(&rebuilt, &reference).is_empty());
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    targets = speed_targets
}
criterion_main!(benches);
