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
//!    replacements and applies them, reporting drift, both in work linear
//!    in the file (uniqueness counts scan, then use one suffix array per
//!    text); [`manifest`] is the serialised form (`patches/<pkg>.json`) and
//!    [`review`] the unified diff for people (`patches/<pkg>.diff`); both
//!    come from one near-linear line diff, [`linediff`].
//! 5. [`genpatches`] writes the manifests of a whole layer; [`rebuild`]
//!    rebuilds the layer from pristine bytes + manifests and compares it
//!    with a reference tree; [`check`] is the offline round trip CI runs.
//!    Every one of them reads packages without the paths the declaration's
//!    [`ignore`] globs leave out.
//! 6. [`release`] packs what a user installs into a reproducible zip, with
//!    the CycloneDX SBOM of [`sbom`] beside and inside it.
//! 7. [`adopt`] turns a repository of the JS toolchain's shape into one
//!    these modules work on.
//! 8. [`patchfmt`] reads, applies and writes the patches of npm, pnpm,
//!    Yarn, bun and patch-package.
//!
//! ## Example: anchors
//!
//! ```
//! use forklayer::anchor::{apply, generate};
//!
//! let base = "const modes = ['read-only', 'danger'];\n";
//! let fork = "const modes = ['read-only', 'self-checking', 'danger'];\n";
//! let replacements = generate(base, fork).expect("a non-empty base can always be anchored");
//! // The anchor grows only as far as uniqueness needs.
//! assert!(replacements[0].old.len() < 12, "{:?}", replacements[0].old);
//! assert_eq!(apply(base, &replacements).expect("applies"), fork);
//! ```
//!
//! ## Example: a manifest for a package
//!
//! ```
//! use forklayer::genpatches::generate_manifest;
//! use forklayer::rebuild::{apply_manifest, ApplyOptions};
//! use forklayer::tree::{FileEntry, Tree};
//!
//! let mut base = Tree::new();
//! base.insert("lib/a.js", FileEntry::new(b"let a = 1;\r\n".to_vec())).expect("valid path");
//! let mut fork = base.clone();
//! fork.insert("lib/a.js", FileEntry::new(b"let a = 2;\r\n".to_vec())).expect("valid path");
//! fork.insert("bin/run", FileEntry::executable(b"#!/bin/sh\n".to_vec())).expect("valid path");
//!
//! let manifest = generate_manifest("@scope/pkg", "1.0.0", &base, &fork).expect("they differ");
//! let rebuilt = apply_manifest("@scope/pkg", &base, &manifest, ApplyOptions::default()).expect("no drift");
//! assert_eq!(rebuilt, fork);
//! ```
//!
//! Every write goes through [`journal`]: only what differs is written, in
//! place, behind an undo journal, so nothing is ever left half-written (a
//! failure rolls back at once, and the next run rolls back what a killed
//! one left), and [`names`] refuses every name the disk cannot hold first. [`guard`] refuses targets whose wholesale
//! replacement would destroy unrelated files. Library modules never print,
//! never read the environment and never exit; [`report`] is the only
//! printer and [`error::ExitStatus`] the only exit-code table.
#![warn(missing_docs)]

pub mod adopt;
pub mod anchor;
pub mod check;
pub mod cli;
pub mod error;
pub mod exclusive;
pub mod export;
pub mod genpatches;
pub mod guard;
pub mod ignore;
pub mod import;
pub mod interrupt;
pub mod journal;
pub mod json;
pub mod layer;
pub mod linediff;
pub mod lock;
pub mod manifest;
pub mod merge;
pub mod names;
pub mod npm;
pub mod patchfmt;
pub mod realpath;
pub mod rebuild;
pub mod release;
pub mod report;
pub mod review;
pub mod sbom;
pub mod snapshot;
pub mod splice;
pub mod status;
pub mod tree;
pub mod upgrade;

// The benchmarks' workload generator, shared with the unit tests that
// need deterministic texts; it names this crate `forklayer`, as the
// benchmarks see it.
#[cfg(test)]
extern crate self as forklayer;
#[cfg(test)]
#[path = "../benches/support/workload.rs"]
mod workload;
