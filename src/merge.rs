//! Three-way merge of the fork layer onto a new upstream.
pub mod file;
pub mod git;
pub mod package;
pub mod text;
