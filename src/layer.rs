//! The fork-layer declaration (`forklayer.toml`): the one place that lists
//! the layer's name, the version family (scope and baseline), the paths and
//! the forked, carried and own packages, each upstream one at its version
//! ([`entry`]). Everything else reads the typed [`Layer`] built here.

mod entry;
mod paths;
mod pin;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub(crate) use self::entry::check_version;
use self::entry::{check_npm_name, check_package_name, parse_entries, scoped, Family};
pub use self::entry::{split_versioned, UpstreamPackage};
use self::paths::{check_inside_root, check_own_sources, check_pin_file, check_separate_paths, release_bundles};
pub use self::pin::{Pin, PinFormat};
use crate::ignore::Ignore;
use crate::tree::Tree;

/// Default name of the declaration file.
pub const DECLARATION_FILE: &str = "forklayer.toml";

/// Errors of loading the declaration.
#[derive(Debug, thiserror::Error)]
pub enum LayerError {
    /// The file could not be read.
    #[error("could not read the declaration `{path}`")]
    Read {
        /// The declaration path.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not valid TOML of the expected shape, or declares
    /// something impossible.
    #[error("invalid declaration `{path}`: {message}")]
    Parse {
        /// The declaration path.
        path: PathBuf,
        /// What the parser said, or what is wrong.
        message: String,
    },
}

impl crate::error::Diagnostic for LayerError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        let code = match self {
            LayerError::Read { .. } => "declaration_unreadable",
            LayerError::Parse { .. } => "invalid_declaration",
        };
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Usage, code)
    }
    fn own_help(&self) -> Option<String> {
        Some(match self {
            LayerError::Read { .. } => "run from the repository root, or pass `-C <dir>` or `--config <file>`".into(),
            _ => "fix the declaration; see docs/forklayer.md for its format".into(),
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeclaration {
    #[serde(default)]
    layer: RawLayer,
    paths: RawPaths,
    packages: RawPackages,
    #[serde(default)]
    pins: Vec<RawPin>,
    #[serde(default)]
    release: RawRelease,
    origin: Option<RawOrigin>,
}

/// `[origin]`: the project whose package manager's patches the layer was
/// imported from, and their format (`forklayer import`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrigin {
    format: String,
    project: String,
}

/// `[release]`: what `forklayer release` ships besides the profile.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawRelease {
    /// Package directories packed as npm tarballs beside the archive (and
    /// into it, under `bundles/`), though they are not in the fork layer.
    bundles: Vec<String>,
}

/// `[[pins]]`: other pins of the baseline that `merge` moves with it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPin {
    file: String,
    keys: Vec<String>,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawLayer {
    name: Option<String>,
    scope: Option<String>,
    baseline: Option<String>,
    ignore: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPaths {
    upstream: String,
    forks: String,
    patches: String,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawPackages {
    forked: Vec<String>,
    carried: Vec<String>,
    own: Vec<RawOwn>,
    /// Package name → extra ignore globs of that package.
    ignore: BTreeMap<String, Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOwn {
    name: String,
    /// The npm name, when it is not `<layer.scope>/<name>` (an own package
    /// published under its own name or another scope).
    npm_name: Option<String>,
    source: String,
    include: Vec<String>,
}

/// A package of the project itself, shipped from its build output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPackage {
    /// Name without scope: how the declaration and reports refer to it.
    pub name: String,
    /// The npm name (`dsh-proof`, `@other/dsh-proof`); by default
    /// `<layer.scope>/<name>`. The fork layer holds the package at
    /// `<forks>/<npm name>`, as `node_modules` would.
    pub npm_name: String,
    /// Absolute source directory.
    pub source: PathBuf,
    /// Files or directories of `source` that form the package.
    pub include: Vec<String>,
}

/// Where the fork layer lives; each can be overridden on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerPaths {
    /// Pristine upstream bytes (`upstream/`).
    pub upstream: PathBuf,
    /// The fork layer (`profile/forks/`).
    pub forks: PathBuf,
    /// Anchored manifests (`patches/`).
    pub patches: PathBuf,
}

impl LayerPaths {
    /// Each path with its key in `[paths]`.
    pub fn named(&self) -> [(&'static str, &PathBuf); 3] {
        [("upstream", &self.upstream), ("forks", &self.forks), ("patches", &self.patches)]
    }
}

/// Command-line overrides of [`LayerPaths`].
#[derive(Clone, Debug, Default)]
pub struct PathOverrides {
    /// Accept managed paths and own sources that resolve outside the
    /// declaration's directory. Only ever set from the command line: a
    /// declaration in a cloned repository must not be able to make
    /// forklayer write, delete or copy files elsewhere.
    pub allow_outside_root: bool,
    /// Replaces `paths.upstream`.
    pub upstream: Option<PathBuf>,
    /// Replaces `paths.forks`.
    pub forks: Option<PathBuf>,
    /// Replaces `paths.patches`.
    pub patches: Option<PathBuf>,
}

/// The whole declaration, with absolute paths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Directory of the declaration; relative paths are resolved against it.
    pub root: PathBuf,
    /// The declaration file itself (`merge` moves its `baseline`).
    pub declaration: PathBuf,
    /// `layer.name`: names the release archive and its SBOM; by default
    /// the name of the declaration's directory.
    pub name: String,
    /// `layer.scope`: the scope of the family's bare names, e.g.
    /// `@deepseek-ai`.
    pub scope: Option<String>,
    /// `layer.baseline`: the upstream version of the version family (the
    /// packages declared without a version).
    pub baseline: Option<String>,
    /// Every forked and carried package by name, with its npm name and
    /// version.
    pub upstream: BTreeMap<String, UpstreamPackage>,
    /// Resolved paths.
    pub paths: LayerPaths,
    /// Upstream packages that are modified (sorted).
    pub forked: Vec<String>,
    /// Upstream packages carried byte-identical (sorted).
    pub carried: Vec<String>,
    /// Own packages (sorted by name).
    pub own: Vec<OwnPackage>,
    /// Other pins of the baseline (`[[pins]]`), in declaration order.
    pub pins: Vec<Pin>,
    /// Per forked or carried package: `layer.ignore` plus its own
    /// `packages.ignore` entry, compiled ([`crate::ignore`]).
    ignores: BTreeMap<String, Ignore>,
    /// Extra release bundles (`[release] bundles`): package directories
    /// outside the fork layer, as declared (relative) and absolute.
    pub release_bundles: Vec<ReleaseBundle>,
    /// `[origin]`: the project and patch format the layer was imported
    /// from, which `export` and `upgrade` default to.
    pub origin: Option<Origin>,
}

/// Where an imported layer's patches live ([`Layer::origin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The package manager whose patches these are.
    pub format: crate::patchfmt::Format,
    /// The project as declared (relative to the declaration).
    pub declared: String,
    /// The project directory.
    pub project: PathBuf,
}

/// A package directory `forklayer release` packs beside the profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReleaseBundle {
    /// As declared, relative to the root (`plugins/dsh-self-checking`).
    pub declared: String,
    /// Absolute directory.
    pub dir: PathBuf,
}

impl Layer {
    /// Reads and validates the declaration at `file`.
    pub fn load(file: &Path, overrides: &PathOverrides) -> Result<Layer, LayerError> {
        let text = crate::tree::read_regular_text(file)
            .map_err(|source| LayerError::Read { path: file.to_path_buf(), source })?;
        let root = file.parent().map(Path::to_path_buf).unwrap_or_default();
        Layer::parse(&text, file, &root, overrides)
    }

    /// Parses declaration text; `origin` names the file in errors and `root`
    /// resolves relative paths.
    pub fn parse(text: &str, origin: &Path, root: &Path, overrides: &PathOverrides) -> Result<Layer, LayerError> {
        let invalid = |message: String| LayerError::Parse { path: origin.to_path_buf(), message };
        let raw: RawDeclaration = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        if let Some(scope) = &raw.layer.scope {
            if !scope.starts_with('@') || scope.contains('/') || check_package_name(&scope[1..]).is_err() {
                return Err(invalid(format!("`layer.scope` must look like `@name`, got `{scope}`")));
            }
        }
        if raw.layer.baseline.as_deref().is_some_and(|b| b.trim().is_empty()) {
            return Err(invalid("`layer.baseline` is empty".into()));
        }
        // Exact, as every `name@version` entry: `release` names its archive
        // and SBOM after it, and `upstream/VERSION` must hold it.
        if let Some(baseline) = &raw.layer.baseline {
            check_version(baseline).map_err(|why| invalid(format!("`layer.baseline` (`{baseline}`) {why}")))?;
        }
        let name = layer_name(raw.layer.name.as_deref(), root).map_err(invalid)?;
        let family = Family { scope: raw.layer.scope.as_deref(), baseline: raw.layer.baseline.as_deref() };
        let upstream =
            parse_entries(raw.packages.forked.iter().chain(&raw.packages.carried), &family).map_err(invalid)?;
        let mut seen: BTreeSet<String> = upstream.keys().cloned().collect();
        for o in &raw.packages.own {
            check_package_name(&o.name).map_err(|why| invalid(format!("package `{}`: {why}", o.name)))?;
            if !seen.insert(o.name.clone()) {
                return Err(invalid(format!("package `{}` is declared more than once", o.name)));
            }
        }
        let mut own = Vec::new();
        for o in raw.packages.own {
            if o.include.is_empty() {
                return Err(invalid(format!("own package `{}` has an empty `include`", o.name)));
            }
            for inc in &o.include {
                crate::tree::check_relative_path(inc)
                    .map_err(|e| invalid(format!("own package `{}`: include {e}", o.name)))?;
            }
            let source = root.join(&o.source);
            check_inside_root(root, &source, overrides)
                .map_err(|why| invalid(format!("own package `{}`: `source` (`{}`) {why}", o.name, o.source)))?;
            let npm_name = match o.npm_name {
                Some(npm_name) => {
                    check_npm_name(&npm_name)
                        .map_err(|why| invalid(format!("own package `{}`: `npm_name` `{npm_name}`: {why}", o.name)))?;
                    npm_name
                }
                None => scoped(raw.layer.scope.as_deref(), &o.name),
            };
            own.push(OwnPackage { name: o.name, npm_name, source, include: o.include });
        }
        own.sort_by(|a, b| a.name.cmp(&b.name));
        let upstream_names: BTreeSet<&String> = upstream.values().map(|p| &p.npm_name).collect();
        let mut npm_names = BTreeSet::new();
        for o in &own {
            if upstream_names.contains(&o.npm_name) || !npm_names.insert(o.npm_name.as_str()) {
                return Err(invalid(format!("npm name `{}` is declared more than once", o.npm_name)));
            }
        }
        let pick = |over: &Option<PathBuf>, declared: &str| over.clone().unwrap_or_else(|| root.join(declared));
        let paths = LayerPaths {
            upstream: pick(&overrides.upstream, &raw.paths.upstream),
            forks: pick(&overrides.forks, &raw.paths.forks),
            patches: pick(&overrides.patches, &raw.paths.patches),
        };
        check_separate_paths(&paths).map_err(invalid)?;
        check_own_sources(&own, &paths).map_err(invalid)?;
        for (key, path) in paths.named() {
            check_inside_root(root, path, overrides)
                .map_err(|why| invalid(format!("`paths.{key}` (`{}`) {why}", path.display())))?;
        }
        if !raw.pins.is_empty() && raw.layer.baseline.is_none() {
            return Err(invalid("`[[pins]]` follow `layer.baseline`, which is not set".into()));
        }
        let mut pins = Vec::new();
        for raw_pin in raw.pins {
            let file = root.join(&raw_pin.file);
            check_inside_root(root, &file, overrides)
                .and_then(|()| check_pin_file(&file, origin, &paths))
                .map_err(|why| invalid(format!("pin `{}` {why}", raw_pin.file)))?;
            let pin = Pin::new(file, raw_pin.file.clone(), raw_pin.keys);
            pins.push(pin.map_err(|why| invalid(format!("pin `{}`: {why}", raw_pin.file)))?);
        }
        let release_bundles = release_bundles(root, raw.release.bundles, &own, overrides).map_err(invalid)?;
        let imported_from = match raw.origin {
            Some(from) => {
                let format = from.format.parse().map_err(|e| invalid(format!("`origin.format`: {e}")))?;
                Some(Origin { format, project: root.join(&from.project), declared: from.project })
            }
            None => None,
        };
        let names_of = |entries: &[String]| -> Vec<String> {
            let mut names: Vec<String> = entries.iter().map(|e| split_versioned(e).0.to_string()).collect();
            names.sort();
            names
        };
        let (forked, carried) = (names_of(&raw.packages.forked), names_of(&raw.packages.carried));
        let ignores = compile_ignores(&raw.layer.ignore, &raw.packages.ignore, &upstream).map_err(invalid)?;
        Ok(Layer {
            root: root.to_path_buf(),
            declaration: origin.to_path_buf(),
            name,
            scope: raw.layer.scope,
            baseline: raw.layer.baseline,
            upstream,
            paths,
            forked,
            carried,
            own,
            pins,
            ignores,
            release_bundles,
            origin: imported_from,
        })
    }

    /// The ignore globs of a forked or carried package (empty for own
    /// packages, which choose their files with `include`).
    pub fn ignore_of(&self, name: &str) -> &Ignore {
        static NONE: std::sync::OnceLock<Ignore> = std::sync::OnceLock::new();
        self.ignores.get(name).unwrap_or_else(|| NONE.get_or_init(Ignore::default))
    }

    /// A whole fork layer (`<scope>/<name>/<file>` paths) without the
    /// ignored files of its upstream packages.
    pub fn without_ignored(&self, mut tree: Tree) -> Tree {
        if self.ignores.values().all(Ignore::is_empty) {
            return tree;
        }
        tree.retain(|path| {
            !self.ignores.iter().any(|(name, ignore)| {
                let prefix = format!("{}/", self.full_name(name));
                path.strip_prefix(&prefix).is_some_and(|rel| ignore.is_ignored(rel))
            })
        });
        tree
    }

    /// Files the fork layer holds that its `ignore` globs leave out and
    /// whose bytes are not upstream's (changed, or added): no manifest,
    /// rebuild or release carries them, so a change there would be lost
    /// without a word. Paths are relative to the fork layer, sorted.
    pub fn ignored_changes(&self) -> Vec<IgnoredChange> {
        let mut found = Vec::new();
        for name in self.upstream_packages() {
            let ignore = self.ignore_of(name);
            if ignore.is_empty() {
                continue;
            }
            let (fork_dir, upstream_dir) =
                (self.package_dir(&self.paths.forks, name), self.package_dir(&self.paths.upstream, name));
            let mut held = Vec::new();
            // A package the layer lacks, or cannot list, is reported by the
            // command itself; this is only a warning.
            let _ = crate::tree::walk(&fork_dir, |met| -> Result<bool, crate::tree::TreeError> {
                if let Some(pattern) = ignore.matching(met.rel).filter(|_| met.file_type.is_file()) {
                    held.push((met.rel.to_string(), pattern.to_string()));
                }
                Ok(true)
            });
            for (rel, pattern) in held {
                let read = |dir: &Path| crate::tree::read_regular(&dir.join(&rel)).ok();
                if read(&fork_dir).is_none_or(|fork| read(&upstream_dir) != Some(fork)) {
                    found.push(IgnoredChange { path: format!("{}/{rel}", self.npm_name(name)), pattern });
                }
            }
        }
        found.sort_by(|a, b| a.path.cmp(&b.path));
        found
    }

    /// The npm name of a forked or carried package (`@scope/name`,
    /// `left-pad`); for any other name, `<layer.scope>/<name>`.
    pub fn full_name(&self, name: &str) -> String {
        match self.upstream.get(name) {
            Some(package) => package.npm_name.clone(),
            None => scoped(self.scope.as_deref(), name),
        }
    }

    /// The upstream version a forked or carried package is built against.
    pub fn version_of(&self, name: &str) -> Option<&str> {
        self.upstream.get(name).map(|p| p.version.as_str())
    }

    /// This layer as its declaration reads once `layer.baseline` is moved to
    /// `family` (when given) and each package of `packages` (by name) to
    /// its version.
    pub fn with_versions(&self, family: Option<&str>, packages: &BTreeMap<String, String>) -> Layer {
        let mut moved = self.clone();
        if let Some(family) = family {
            moved.baseline = Some(family.to_string());
        }
        for package in moved.upstream.values_mut() {
            match (package.in_family, family, packages.get(&package.name)) {
                (true, Some(family), _) => package.version = family.to_string(),
                (false, _, Some(version)) => package.version = version.clone(),
                _ => {}
            }
        }
        moved
    }

    /// The file name of a forked package's manifest in `patches/`, without
    /// `.json` / `.diff`: its name, with a scope's `/` written `+`
    /// (`dsh-sandbox`, `left-pad`, `@types+node`; npm names hold no `+`).
    pub fn manifest_stem(name: &str) -> String {
        name.replace('/', "+")
    }

    /// The names of the files `gen-patches` writes in `patches/` for forked
    /// package `name`: its manifest and its review diff.
    pub fn patch_files(name: &str) -> [String; 2] {
        let stem = Self::manifest_stem(name);
        [format!("{stem}.json"), format!("{stem}.diff")]
    }

    /// The forked and carried packages of the version family (declared
    /// without a version: they move with `layer.baseline`), sorted.
    pub fn family(&self) -> Vec<&str> {
        self.upstream.values().filter(|p| p.in_family).map(|p| p.name.as_str()).collect()
    }

    /// The top-level entries of `upstream/` (and of the fork layer) that
    /// the upstream packages occupy: their scopes, and the names of the
    /// unscoped ones.
    pub fn upstream_roots(&self) -> BTreeSet<&str> {
        self.upstream.values().map(|p| p.npm_name.split('/').next().unwrap_or(&p.npm_name)).collect()
    }

    /// Forked and carried packages, sorted: everything vendored in `upstream/`.
    pub fn upstream_packages(&self) -> Vec<&str> {
        self.upstream.keys().map(String::as_str).collect()
    }

    /// Every package of the fork layer, sorted by name.
    pub fn all_packages(&self) -> Vec<&str> {
        let mut all = self.upstream_packages();
        all.extend(self.own.iter().map(|o| o.name.as_str()));
        all.sort_unstable();
        all
    }

    /// `<base>/<npm name>`: `<base>/<scope>/<name>`, or where an own
    /// package's npm name puts it.
    pub fn package_dir(&self, base: &Path, name: &str) -> PathBuf {
        base.join(self.npm_name(name))
    }

    /// The forked or carried package published as `npm_name`.
    pub fn upstream_named(&self, npm_name: &str) -> Option<&UpstreamPackage> {
        self.upstream.values().find(|p| p.npm_name == npm_name)
    }

    /// The npm name of a declared package: `<scope>/<name>`, or an own
    /// package's declared `npm_name`.
    pub fn npm_name(&self, name: &str) -> String {
        match self.own.iter().find(|o| o.name == name) {
            Some(own) => own.npm_name.clone(),
            None => self.full_name(name),
        }
    }
}

/// Compiles `layer.ignore` plus each `packages.ignore` entry for every
/// forked and carried package; an entry for anything else is refused.
fn compile_ignores(
    layer_wide: &[String],
    per_package: &BTreeMap<String, Vec<String>>,
    upstream: &BTreeMap<String, UpstreamPackage>,
) -> Result<BTreeMap<String, Ignore>, String> {
    Ignore::new(layer_wide).map_err(|why| format!("`layer.ignore`: {why}"))?;
    if let Some(name) = per_package.keys().find(|name| !upstream.contains_key(*name)) {
        return Err(format!(
            "`packages.ignore` names `{name}`, which is not a forked or carried package (own packages choose their files with `include`)"
        ));
    }
    let mut out = BTreeMap::new();
    for name in upstream.keys() {
        let mut patterns = layer_wide.to_vec();
        patterns.extend(per_package.get(name).into_iter().flatten().cloned());
        let ignore = Ignore::new(&patterns).map_err(|why| format!("`packages.ignore.{name}`: {why}"))?;
        out.insert(name.clone(), ignore);
    }
    Ok(out)
}

/// `layer.name`, or the name of the declaration's directory made fit for
/// a file name (other characters as `-`, no leading dot): what the
/// release archive and its SBOM are called.
fn layer_name(declared: Option<&str>, root: &Path) -> Result<String, String> {
    let fits = |c: char| c.is_ascii_alphanumeric() || "-._".contains(c);
    match declared {
        Some(name) if !name.is_empty() && name.len() <= 100 && !name.starts_with('.') && name.chars().all(fits) => {
            Ok(name.to_string())
        }
        Some(name) => Err(format!(
            "`layer.name` `{name}` must be letters, digits and `-._`, not starting with `.` (it names the release archive)"
        )),
        None => {
            let dir = crate::realpath::normalize(root);
            let dir = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let name: String = dir.chars().map(|c| if fits(c) { c } else { '-' }).take(100).collect();
            let name = name.trim_start_matches('.');
            Ok(if name.is_empty() { "forklayer".to_string() } else { name.to_string() })
        }
    }
}

/// A file of the fork layer that differs from upstream although the
/// `ignore` globs leave it out ([`Layer::ignored_changes`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IgnoredChange {
    /// `<npm name>/<file>`, relative to the fork layer.
    pub path: String,
    /// The first declared glob that leaves it out.
    pub pattern: String,
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::{Layer, PathOverrides};

    const DECL: &str = r#"
[layer]
scope = "@acme"
baseline = "1.0.0"
[paths]
upstream = "up"
forks = "p/forks"
patches = "patches"
[packages]
forked = ["b", "a"]
carried = ["c"]
[[packages.own]]
name = "own"
source = "plugins/own"
include = ["lib", "package.json"]
"#;

    #[test]
    fn paths_resolve_against_the_declaration_and_overrides_win() {
        let over =
            PathOverrides { forks: Some(PathBuf::from("/elsewhere")), allow_outside_root: true, ..Default::default() };
        let layer = Layer::parse(DECL, Path::new("/r/forklayer.toml"), Path::new("/r"), &over).expect("parse");
        assert_eq!(layer.paths.upstream, Path::new("/r/up"));
        assert_eq!(layer.paths.forks, Path::new("/elsewhere"));
        assert_eq!(layer.forked, ["a", "b"]);
        assert_eq!(layer.upstream_packages(), ["a", "b", "c"]);
        assert_eq!(layer.own[0].source, Path::new("/r/plugins/own"));
    }

    #[test]
    fn duplicate_packages_are_refused() {
        let text = DECL.replace("carried = [\"c\"]", "carried = [\"a\"]");
        let err = Layer::parse(&text, Path::new("f.toml"), Path::new("."), &PathOverrides::default()).expect_err("dup");
        assert!(err.to_string().contains("`a` is declared more than once"), "{err}");
    }

    #[test]
    fn overlapping_paths_are_refused() {
        for (key, value) in [("patches", "up"), ("patches", "up/patches"), ("forks", "./p/../up/x"), ("upstream", "p")]
        {
            let text = DECL.replace(&format!("{key} = "), &format!("{key} = \"{value}\"\n#"));
            let err = Layer::parse(&text, Path::new("f.toml"), Path::new("/r"), &PathOverrides::default())
                .expect_err(&format!("{key} = {value}"));
            assert!(err.to_string().contains("overlap"), "{err}");
        }
        let over = PathOverrides { patches: Some(PathBuf::from("/r/up")), ..Default::default() };
        assert!(Layer::parse(DECL, Path::new("f.toml"), Path::new("/r"), &over).is_err());
    }

    #[test]
    fn paths_and_own_sources_outside_the_repository_need_the_command_line_flag() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("repo");
        std::fs::create_dir_all(root.join("profile")).expect("mkdir");
        std::os::unix::fs::symlink(dir.path(), root.join("profile/escape")).expect("symlink");
        let outside = [
            ("patches = ", "\"../x\""),
            ("patches = ", "\"/etc\""),
            ("upstream = ", "\"profile/escape/up\""),
            ("forks = ", "\".git/hooks\""),
            ("source = ", "\"../secret\""),
            ("source = ", "\"/etc\""),
        ];
        let decl = root.join("forklayer.toml");
        for (key, value) in outside {
            let text = DECL.replacen(key, &format!("{key}{value}\n#"), 1);
            let err = Layer::parse(&text, &decl, &root, &PathOverrides::default()).expect_err(value);
            assert!(err.to_string().contains("outside the repository") || err.to_string().contains(".git"), "{err}");
            let allowed = PathOverrides { allow_outside_root: true, ..Default::default() };
            if !value.contains(".git") {
                Layer::parse(&text, &decl, &root, &allowed).expect("allowed from the command line");
            }
        }
        let over = PathOverrides { patches: Some(dir.path().join("home")), ..Default::default() };
        assert!(Layer::parse(DECL, &decl, &root, &over).is_err(), "`--patches` outside needs the flag too");
    }

    #[test]
    fn a_baseline_that_is_no_exact_version_is_refused() {
        let parse = |text: &str| Layer::parse(text, Path::new("/r/f.toml"), Path::new("/r"), &PathOverrides::default());
        for baseline in ["^1.0.0", "x1.0.0", "\u{feff}1.0.0", "1.0.0 ", "1.0/0"] {
            let text = DECL.replace("baseline = \"1.0.0\"", &format!("baseline = \"{baseline}\""));
            let err = parse(&text).expect_err(baseline);
            assert!(err.to_string().contains("`layer.baseline`"), "{baseline:?}: {err}");
        }
        parse(&DECL.replace("baseline = \"1.0.0\"", "baseline = \"0.1.0-rc.8\"")).expect("exact");
    }

    #[test]
    fn an_own_package_taking_files_from_a_managed_directory_is_refused() {
        let parse = |text: &str| Layer::parse(text, Path::new("/r/f.toml"), Path::new("/r"), &PathOverrides::default());
        let own = |source: &str, include: &str| {
            DECL.replace("source = \"plugins/own\"", &format!("source = \"{source}\""))
                .replace("include = [\"lib\", \"package.json\"]", &format!("include = [\"{include}\"]"))
        };
        for (source, include) in
            [("", "p"), (".", "p/forks"), ("p", "forks"), ("up", "x"), ("patches/a", "b"), ("", "up")]
        {
            let err = parse(&own(source, include)).expect_err(&format!("{source:?} {include:?}"));
            assert!(err.to_string().contains("overlaps `paths."), "{source:?} {include:?}: {err}");
        }
        for (source, include) in [("", "lib"), (".", "p/package.json"), ("p", "lib"), ("plugins/own", "lib")] {
            parse(&own(source, include)).unwrap_or_else(|e| panic!("{source:?} {include:?}: {e}"));
        }
    }

    #[test]
    fn an_own_package_may_have_its_own_npm_name_but_not_a_taken_or_invalid_one() {
        let with = |npm: &str| DECL.replace("name = \"own\"\n", &format!("name = \"own\"\nnpm_name = \"{npm}\"\n"));
        let parse = |text: &str| Layer::parse(text, Path::new("/r/f.toml"), Path::new("/r"), &PathOverrides::default());
        let layer = parse(&with("dsh-own")).expect("unscoped");
        assert_eq!(layer.npm_name("own"), "dsh-own");
        assert_eq!(layer.package_dir(Path::new("/f"), "own"), Path::new("/f/dsh-own"));
        assert_eq!(layer.package_dir(Path::new("/f"), "a"), Path::new("/f/@acme/a"));
        assert_eq!(parse(&with("@other/own")).expect("scoped").npm_name("own"), "@other/own");
        assert_eq!(parse(DECL).expect("default").npm_name("own"), "@acme/own");
        for bad in ["@acme/a", "Bad", "@x", "../x", "@/x"] {
            assert!(parse(&with(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn unknown_keys_are_refused() {
        let text = DECL.replace("[paths]", "[paths]\nupstrem = \"x\"");
        assert!(Layer::parse(&text, Path::new("f.toml"), Path::new("."), &PathOverrides::default()).is_err());
    }
}
