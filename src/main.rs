//! The `forklayer` binary: everything happens in [`forklayer::cli::run`].

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(forklayer::cli::run(std::env::args_os()).code())
}
