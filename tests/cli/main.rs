//! Integration tests of the `forklayer` binary: one test binary, one
//! module per area. Every fixture is built in code.

mod adopt;
mod adopt_shapes;
mod check;
mod completions;
mod cycle;
mod drift;
mod errors;
mod guided;
mod guided_edges;
mod guided_safety;
mod help;
mod hostile;
mod ignore;
mod interop;
mod merge;
mod names;
mod release;
mod round_trip;
mod sbom;
mod snapshot;
mod tamper;
mod tarball;
mod targets;
mod util;
mod versions;
mod workload;

#[path = "../../benches/support/workload.rs"]
mod fork_workload;
#[path = "../../benches/support/merge_workload.rs"]
mod merge_workload;
