//! Writes a deterministic benchmark repository for whole-process runs of
//! the release binary (`benches/whole-process.sh`): a git repository with a
//! fork layer on upstream 1.0.0 (snapshot, fork layer, manifests) and the
//! 2.0.0 tarballs in `new/` (see `benches/support/merge_workload.rs`), so
//! `gen-patches`, `rebuild`, `release` and `merge 2.0.0 --from new` all run
//! on it.
//!
//! Usage: `workload <dir> <real-size|5000-files|big-file> [lines]`
//! (`lines`: the big file's line count, default 200,000), or
//! `workload <dir> real-layer <project>`: a copy of `<project>`'s own fork
//! layer on its baseline plus a made-up next version in `new/`
//! (`benches/support/merge_workload.rs::write_real_layer_repository`; merge it
//! with `merge 0.1.0-rc.9 --from new`).

#![allow(clippy::print_stderr)] // a command-line tool reports on stderr

use std::path::PathBuf;
use std::process::ExitCode;

use merge_workload::{write_real_layer_repository, write_repository, MergeSpec};

#[path = "../benches/support/merge_workload.rs"]
mod merge_workload;

fn spec(args: &[String]) -> Result<MergeSpec, String> {
    match args.get(1).map(String::as_str) {
        Some("real-size") => Ok(MergeSpec::REAL_SIZE),
        Some("5000-files") => Ok(MergeSpec::FIVE_THOUSAND_FILES),
        Some("big-file") => {
            let lines = match args.get(2) {
                None => 200_000,
                Some(l) => l.parse().map_err(|_| format!("`{l}` is not a line count"))?,
            };
            Ok(MergeSpec { packages: 1, files_per_package: 0, lines_per_file: 0, big_file_lines: lines })
        }
        Some("real-layer") => Err("`real-layer` needs the project directory".into()),
        Some(other) => Err(format!("unknown workload `{other}`")),
        None => Err("missing arguments".into()),
    }
}

const USAGE: &str = "workload <dir> <real-size|5000-files|big-file> [lines] | workload <dir> real-layer <project>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let (Some("real-layer"), Some(project)) = (args.get(1).map(String::as_str), args.get(2)) {
        let root = PathBuf::from(&args[0]);
        if root.exists() {
            eprintln!("error: `{}` already exists\nhelp: give a fresh directory", root.display());
            return ExitCode::from(2);
        }
        return match write_real_layer_repository(&PathBuf::from(project), &root) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}\nhelp: give a project with forklayer.toml and a fresh, writable directory");
                ExitCode::FAILURE
            }
        };
    }
    let spec = match spec(&args) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("error: {e}\nhelp: {USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = PathBuf::from(&args[0]);
    if root.exists() {
        eprintln!("error: `{}` already exists\nhelp: give a fresh directory", root.display());
        return ExitCode::from(2);
    }
    match write_repository(&spec, &root) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}\nhelp: check that the parent directory is writable");
            ExitCode::FAILURE
        }
    }
}
