//! The benchmarks' merge workloads (`benches/support/merge_workload.rs`)
//! run small: they merge as the benchmarks claim, and deterministically.

use forklayer::merge::file::Outcome;
use forklayer::merge::layer::{merge, MergeOptions, MergeTarget};
use forklayer::snapshot::SnapshotSource;
use forklayer::tree::Tree;

use crate::fork_workload::{generate, WorkloadSpec};
use crate::merge_workload::{reset_to_head, write_real_layer_repository, write_repository, MergeSpec, REAL_NEXT, TO};

const SMALL: MergeSpec = MergeSpec { packages: 3, files_per_package: 4, lines_per_file: 120, big_file_lines: 200 };

#[test]
fn generated_workload_merges_cleanly_with_every_kind_of_clean_outcome() {
    let dir = tempfile::tempdir().expect("tempdir");
    let layer = write_repository(&SMALL, dir.path()).expect("workload");
    let options = MergeOptions {
        target: MergeTarget::family(TO),
        source: SnapshotSource::Local(vec![dir.path().join("new")]),
        dry_run: false,
        allow_dirty: false,
        cancel: None,
    };
    let outcome = merge(&layer, &options).expect("merge");
    assert_eq!(outcome.conflicts(), 0);
    // Per package: file-00 taken, file-01 kept, file-02/03 and package.json
    // merged (plus the big file in the first package), one new, one deleted.
    assert_eq!(outcome.count(Outcome::Taken), 3);
    assert_eq!(outcome.count(Outcome::Kept), 3);
    assert_eq!(outcome.count(Outcome::Merged), 3 * 3 + 1);
    assert_eq!(outcome.count(Outcome::New), 3);
    assert_eq!(outcome.count(Outcome::Deleted), 3);
    assert_eq!(outcome.manifests.len(), 3);
}

#[test]
fn generator_is_deterministic_and_reset_restores_the_repository() {
    let dir = tempfile::tempdir().expect("tempdir");
    let layer = write_repository(&SMALL, dir.path()).expect("workload");
    let before = Tree::read_dir(&layer.paths.forks).expect("read");
    let again = tempfile::tempdir().expect("tempdir");
    write_repository(&SMALL, again.path()).expect("workload");
    assert_eq!(Tree::read_dir(&again.path().join("profile/forks")).expect("read"), before);
    let options = MergeOptions {
        target: MergeTarget::family(TO),
        source: SnapshotSource::Local(vec![dir.path().join("new")]),
        dry_run: false,
        allow_dirty: false,
        cancel: None,
    };
    merge(&layer, &options).expect("merge");
    assert_ne!(Tree::read_dir(&layer.paths.forks).expect("read"), before);
    reset_to_head(dir.path()).expect("reset");
    assert_eq!(Tree::read_dir(&layer.paths.forks).expect("read"), before);
}

/// This project's own fork layer merged onto a made-up next upstream: the
/// bench's real-layer workload, and the journaled write on real files.
#[test]
fn the_real_fork_layer_merges_cleanly_onto_a_made_up_next_upstream() {
    let dir = tempfile::tempdir().expect("tempdir");
    let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let layer = write_real_layer_repository(project, dir.path()).expect("workload");
    let forks_before = Tree::read_dir(&layer.paths.forks).expect("read");
    // benches/pairs.sh times `check` and `release` on this copy: they must
    // succeed on it, not fail early for want of own package sources.
    let report = forklayer::check::check(&layer).expect("check runs");
    assert!(report.is_clean(), "{report:?}");
    let options = MergeOptions {
        target: MergeTarget::family(REAL_NEXT),
        source: SnapshotSource::Local(vec![dir.path().join("new")]),
        dry_run: false,
        allow_dirty: false,
        cancel: None,
    };
    let outcome = merge(&layer, &options).expect("merge");
    assert_eq!(outcome.conflicts(), 0, "{:?}", outcome.files);
    // Fork edits and upstream additions in the same JavaScript files.
    assert!(outcome.count(Outcome::Merged) >= 10, "{:?}", outcome.files);
    assert_eq!(outcome.count(Outcome::New), layer.upstream_packages().len(), "one new file per package");
    assert_eq!(outcome.manifests.len(), layer.forked.len());
    let forks_after = Tree::read_dir(&layer.paths.forks).expect("read");
    let own = |tree: &Tree| tree.subtree("dsh-proof");
    assert!(!own(&forks_before).is_empty(), "the own package dsh-proof is in the fork layer");
    assert_eq!(own(&forks_after), own(&forks_before), "own packages are not touched");
    assert_eq!(std::fs::read_to_string(layer.paths.upstream.join("VERSION")).expect("read").trim(), REAL_NEXT);
    // The declared pins (profile/package.json, host/package.json) moved too.
    assert_eq!(outcome.pins.len(), layer.pins.len());
    for pin in &layer.pins {
        let text = std::fs::read_to_string(&pin.file).expect("pinned file");
        assert!(text.contains(REAL_NEXT), "{}", pin.name);
    }
}

#[test]
fn generator_is_deterministic_and_round_trips_at_small_size() {
    let spec = WorkloadSpec {
        packages: 3,
        files_per_package: 2,
        lines_per_file: 300,
        big_file_lines: 500,
        changes_per_thousand: 20,
    };
    assert_eq!(generate(&spec, "@b"), generate(&spec, "@b"));
    let dir = tempfile::tempdir().expect("tempdir");
    let layer = crate::fork_workload::write_repository(&spec, dir.path()).expect("write");
    forklayer::genpatches::gen_patches(&layer).expect("gen");
    let rebuilt =
        forklayer::rebuild::rebuild_layer(&layer, &layer.paths.upstream, &layer.paths.patches).expect("rebuild");
    let forks = forklayer::tree::Tree::read_dir(&layer.paths.forks).expect("forks");
    assert!(forklayer::rebuild::compare_trees(&rebuilt, &forks).is_empty());
}
