//! `forklayer` keeps a fork layer of modified upstream npm packages honest.
//!
//! The library is organised in the order the data flows:
//!
//! 1. [`layer`] reads the declaration (`forklayer.toml`): scope, baseline,
//!    paths and the forked, carried and own packages.
//! 2. [`npm`] fetches packages (registry through the user's npm, `.tgz`
//!    files, extracted directories) as integrity-checked [`tree::Tree`]s;
//!    [`npm::tarball`] extracts archives in memory, refusing unsafe entries.
//! 3. [`snapshot`] vendors them into `upstream/` with a [`lock`] file.
//! 4. [`anchor`] turns a base/fork file pair into minimal unique `{old, new}`
//!    replacements and applies them, reporting drift; [`manifest`] is the
//!    serialised form (`patches/<pkg>.json`) and [`review`] the unified diff
//!    for people (`patches/<pkg>.diff`).
//! 5. [`genpatches`] writes the manifests of a whole layer; [`rebuild`]
//!    rebuilds the layer from pristine bytes + manifests and compares it
//!    with a reference tree; [`check`] is the offline round trip CI runs.
//!
//! Every write goes through [`stage`]: build next to the target, then
//! rename, so nothing is ever half-written. Library modules never print,
//! never read the environment and never exit; [`report`] is the only
//! printer and [`error::ExitStatus`] the only exit-code table.
#![warn(missing_docs)]

pub mod anchor;
pub mod check;
pub mod cli;
pub mod error;
pub mod genpatches;
pub mod layer;
pub mod lock;
pub mod manifest;
pub mod npm;
pub mod parallel;
pub mod rebuild;
pub mod report;
pub mod review;
pub mod snapshot;
pub mod stage;
pub mod tree;
#[cfg(any(test, feature = "bench-support"))]
pub mod workload;
