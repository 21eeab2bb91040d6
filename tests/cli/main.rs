//! Integration tests of the `forklayer` binary: one test binary, one
//! module per area. Every fixture is built in code.

mod adopt;
mod check;
mod cycle;
mod drift;
mod errors;
mod formats;
mod guided;
mod guided_edges;
mod guided_safety;
mod help;
mod hostile;
mod ignore;
mod merge;
mod release;
mod round_trip;
mod snapshot;
mod tamper;
mod tarball;
mod targets;
mod util;
