//! Writes a deterministic benchmark repository (see `forklayer::workload`)
//! for whole-process runs of the release binary (`benches/whole-process.sh`).
//!
//! Usage: `workload <dir> <real-size|1000-packages|big-file> [lines]`
//! (`lines`: the big file's line count, default 200,000).

#![allow(clippy::print_stderr)] // a command-line tool reports on stderr

use std::path::PathBuf;
use std::process::ExitCode;

use forklayer::workload::{write_repository, WorkloadSpec};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(kind)) = (args.first(), args.get(1)) else {
        eprintln!("error: missing arguments\nhelp: workload <dir> <real-size|1000-packages|big-file> [lines]");
        return ExitCode::from(2);
    };
    let spec = match kind.as_str() {
        "real-size" => WorkloadSpec::REAL_SIZE,
        "1000-packages" => WorkloadSpec::MANY_PACKAGES,
        "big-file" => {
            let lines = match args.get(2).map(|l| l.parse::<usize>()) {
                None => 200_000,
                Some(Ok(n)) => n,
                Some(Err(_)) => {
                    eprintln!("error: `{}` is not a line count\nhelp: give a whole number, e.g. 200000", args[2]);
                    return ExitCode::from(2);
                }
            };
            WorkloadSpec { big_file_lines: lines, ..WorkloadSpec::BIG_FILE }
        }
        other => {
            eprintln!("error: unknown workload `{other}`\nhelp: use real-size, 1000-packages or big-file");
            return ExitCode::from(2);
        }
    };
    let root = PathBuf::from(dir);
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
