//! Declared `ignore` globs: paths of an upstream package that the fork
//! layer leaves out (the JS toolchain's layers omit every `README*`).
//!
//! Patterns are matched against a path relative to the package root, with
//! `/` separators, as `.gitignore` reads them:
//!
//! - a pattern without `/` matches a file or directory name at any depth
//!   (`README*` matches `README.md` and `docs/README.md`);
//! - a pattern with a `/` is anchored at the package root (`docs/*.md`);
//!   a leading `/` only anchors, a trailing `/` matches directories only;
//! - `*` and `?` never cross a `/`; `**` spans directories; `[abc]` and
//!   `{a,b}` work as in `globset`;
//! - a path is ignored when it or any of its parent directories matches.
//!
//! `snapshot` keeps ignored files in `upstream/` (and in the lock file,
//! which proves the vendored bytes); every other command reads packages
//! without them.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::tree::Tree;

/// The file no ignore pattern may match.
const PACKAGE_JSON: &str = "package.json";

/// A compiled list of ignore patterns.
#[derive(Clone, Debug, Default)]
pub struct Ignore {
    patterns: Vec<String>,
    /// Patterns that match files and directories.
    any: GlobSet,
    /// Patterns written with a trailing `/`: directories only.
    dirs: GlobSet,
}

impl PartialEq for Ignore {
    fn eq(&self, other: &Self) -> bool {
        self.patterns == other.patterns
    }
}

impl Eq for Ignore {}

impl Ignore {
    /// Compiles `patterns`; the error names the first invalid one, or the
    /// one that would leave out the package's `package.json`.
    pub fn new<S: AsRef<str>>(patterns: &[S]) -> Result<Ignore, String> {
        let ignore = Ignore::compile(patterns)?;
        if ignore.is_ignored(PACKAGE_JSON) {
            // Without its manifest a package in the fork layer is no npm
            // package: the profile could not install it.
            let culprit = patterns
                .iter()
                .map(AsRef::as_ref)
                .find(|p| Ignore::compile(&[*p]).is_ok_and(|one| one.is_ignored(PACKAGE_JSON)))
                .unwrap_or_default();
            return Err(format!(
                "ignore pattern `{culprit}` matches `{PACKAGE_JSON}`, which every package of the fork layer needs; narrow it"
            ));
        }
        Ok(ignore)
    }

    fn compile<S: AsRef<str>>(patterns: &[S]) -> Result<Ignore, String> {
        let (mut any, mut dirs) = (GlobSetBuilder::new(), GlobSetBuilder::new());
        for pattern in patterns {
            let pattern = pattern.as_ref();
            if pattern.starts_with('!') {
                // `.gitignore` reads `!` as "re-include"; taken literally it
                // would silently match nothing the user meant.
                return Err(format!(
                    "ignore pattern `{pattern}`: negation (`!`) is not supported; list only the paths to leave out (write `\\!` for a name that starts with `!`)"
                ));
            }
            let (body, dir_only) = pattern.strip_suffix('/').map_or((pattern, false), |body| (body, true));
            let anchored = body.contains('/');
            let body = body.strip_prefix('/').unwrap_or(body);
            if body.is_empty() || body.split('/').any(|c| c == "." || c == "..") {
                return Err(format!("ignore pattern `{pattern}` must name paths inside the package"));
            }
            let full = if anchored { body.to_string() } else { format!("**/{body}") };
            let glob = GlobBuilder::new(&full)
                .literal_separator(true)
                .backslash_escape(true)
                .build()
                .map_err(|e| format!("invalid ignore pattern `{pattern}`: {}", e.kind()))?;
            if dir_only { &mut dirs } else { &mut any }.add(glob);
        }
        let build = |builder: GlobSetBuilder| builder.build().map_err(|e| format!("invalid ignore patterns: {e}"));
        Ok(Ignore {
            patterns: patterns.iter().map(|p| p.as_ref().to_string()).collect(),
            any: build(any)?,
            dirs: build(dirs)?,
        })
    }

    /// Whether nothing is ignored.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Whether the file at package-relative `path` is ignored (it or one of
    /// its parent directories matches).
    pub fn is_ignored(&self, path: &str) -> bool {
        if self.is_empty() {
            return false;
        }
        if self.any.is_match(path) {
            return true;
        }
        path.match_indices('/').any(|(i, _)| {
            let dir = &path[..i];
            self.any.is_match(dir) || self.dirs.is_match(dir)
        })
    }

    /// The first declared pattern that leaves `path` out, if any.
    pub fn matching(&self, path: &str) -> Option<&str> {
        if !self.is_ignored(path) {
            return None;
        }
        let one = |pattern: &String| Ignore::new(std::slice::from_ref(pattern)).is_ok_and(|i| i.is_ignored(path));
        self.patterns.iter().find(|p| one(p)).map(String::as_str)
    }

    /// `tree` without its ignored files.
    pub fn filter(&self, mut tree: Tree) -> Tree {
        if !self.is_empty() {
            tree.retain(|path| !self.is_ignored(path));
        }
        tree
    }
}

#[cfg(test)]
mod tests {
    use super::Ignore;

    #[test]
    fn a_bare_name_matches_at_any_depth_and_an_anchored_one_only_at_the_root() {
        let ignore = Ignore::new(&["README*", "/docs/*.md", "build/"]).expect("valid");
        assert!(ignore.is_ignored("README.md"));
        assert!(ignore.is_ignored("lib/README"));
        assert!(!ignore.is_ignored("lib/readme.md"), "matching is case-sensitive");
        assert!(ignore.is_ignored("docs/a.md"));
        assert!(!ignore.is_ignored("docs/deep/a.md"), "`*` does not cross `/`");
        assert!(!ignore.is_ignored("lib/docs/a.md"), "anchored at the package root");
        assert!(ignore.is_ignored("build/x.js") && ignore.is_ignored("lib/build/y/z.js"));
        assert!(!ignore.is_ignored("build"), "a trailing `/` matches directories only");
        assert!(!ignore.is_ignored("lib/index.js"));
    }

    #[test]
    fn a_matching_directory_ignores_everything_below_it() {
        let ignore = Ignore::new(&["fixtures"]).expect("valid");
        assert!(ignore.is_ignored("test/fixtures/a/b.json"));
        assert!(!ignore.is_ignored("test/fixture.json"));
    }

    #[test]
    fn patterns_leaving_the_package_or_malformed_are_refused() {
        assert!(Ignore::new(&["../x"]).is_err());
        assert!(Ignore::new(&["/"]).is_err());
        let err = Ignore::new(&["a[b"]).expect_err("unclosed class");
        assert!(err.contains("`a[b`"), "{err}");
    }

    #[test]
    fn negation_is_refused_instead_of_matching_a_literal_bang() {
        let err = Ignore::new(&["README*", "!lib/README"]).expect_err("negation");
        assert!(err.contains("`!lib/README`") && err.contains("negation"), "{err}");
        let literal = Ignore::new(&["\\!keep"]).expect("an escaped `!` is a name");
        assert!(literal.is_ignored("!keep"));
    }

    #[test]
    fn a_pattern_that_would_leave_out_package_json_is_refused() {
        for pattern in ["package.json", "*.json", "*", "**", "package*", "/package.json"] {
            let err = Ignore::new(&["README*", pattern]).expect_err(pattern);
            assert!(err.contains(&format!("`{pattern}` matches `package.json`")), "{pattern}: {err}");
        }
        // Nested package.json files (fixtures, templates) may be left out.
        let nested = Ignore::new(&["test/package.json", "fixtures/"]).expect("valid");
        assert!(nested.is_ignored("test/package.json") && !nested.is_ignored("package.json"));
    }
}
