//! Three-way merge of the fork layer onto a new upstream.
pub mod baseline;
pub mod file;
pub mod git;
pub mod guided;
pub mod layer;
pub mod memory;
pub mod package;
pub mod pins;
pub mod progress;
pub mod text;
