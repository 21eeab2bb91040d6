//! The `forklayer` binary: everything happens in [`forklayer::cli::run`].

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before any thread starts: glibc's heaps then grow in big steps (see
    // the crate's documentation; the environment's own setting wins).
    forklayer_malloc_tuning::tune();
    ExitCode::from(forklayer::cli::run(std::env::args_os()).code())
}
