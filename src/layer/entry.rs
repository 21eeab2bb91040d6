//! The entries of `packages.forked` and `packages.carried`: which npm
//! package each names and at which upstream version.
//!
//! Two forms, freely mixed in one layer:
//!
//! - `name` (or `@scope/name`) without a version: a member of the version
//!   family, the packages that move together with `layer.baseline` (all
//!   `@deepseek-ai/*` packages of dsh). A bare name is a package of
//!   `layer.scope`.
//! - `name@version` or `@scope/name@version`: a package at its own version,
//!   named in full (a bare name here is an unscoped package), as the
//!   package managers' patches name them (`left-pad@1.3.0`).

use std::collections::BTreeMap;

/// One forked or carried upstream package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpstreamPackage {
    /// How the declaration, reports and `patches/` refer to it: a family
    /// member's name as declared (`dsh-sandbox`), else its npm name.
    pub name: String,
    /// The npm name (`@deepseek-ai/dsh-sandbox`, `left-pad`); the package
    /// lives at `<upstream>/<npm name>` and `<forks>/<npm name>`.
    pub npm_name: String,
    /// The upstream version it is built against.
    pub version: String,
    /// Declared without a version: it moves with `layer.baseline`.
    pub in_family: bool,
}

/// `name@version` split at the version's `@` (a scope's leading `@` is no
/// separator); `None` for the version of a versionless entry.
pub fn split_versioned(entry: &str) -> (&str, Option<&str>) {
    match entry.get(1..).and_then(|rest| rest.rfind('@')) {
        Some(at) => (&entry[..at + 1], Some(&entry[at + 2..])),
        None => (entry, None),
    }
}

/// The family's scope and version, as declared in `[layer]`.
pub struct Family<'a> {
    /// `layer.scope`.
    pub scope: Option<&'a str>,
    /// `layer.baseline`.
    pub baseline: Option<&'a str>,
}

/// Reads one entry of `packages.forked` or `packages.carried`.
pub fn parse_entry(entry: &str, family: &Family<'_>) -> Result<UpstreamPackage, String> {
    let (name, version) = split_versioned(entry);
    let bad = |why: &str| format!("package `{entry}`: {why}");
    match version {
        Some(version) => {
            check_version(version).map_err(|why| bad(&format!("version `{version}` {why}")))?;
            check_npm_name(name).map_err(bad)?;
            Ok(UpstreamPackage {
                name: name.to_string(),
                npm_name: name.to_string(),
                version: version.to_string(),
                in_family: false,
            })
        }
        None => {
            let baseline = family.baseline.ok_or_else(|| {
                format!(
                    "package `{entry}` has no version and `layer.baseline` is not set; write `{entry}@<version>` \
                     or set `layer.baseline`"
                )
            })?;
            let npm_name = if name.starts_with('@') {
                check_npm_name(name).map_err(bad)?;
                name.to_string()
            } else {
                check_package_name(name).map_err(bad)?;
                scoped(family.scope, name)
            };
            Ok(UpstreamPackage { name: name.to_string(), npm_name, version: baseline.to_string(), in_family: true })
        }
    }
}

/// `<scope>/<name>`, or `name` alone without a scope.
pub fn scoped(scope: Option<&str>, name: &str) -> String {
    match scope {
        Some(scope) => format!("{scope}/{name}"),
        None => name.to_string(),
    }
}

/// Every entry read, refusing a package declared twice (under one name or
/// one npm name).
pub fn parse_entries<'e>(
    entries: impl Iterator<Item = &'e String>,
    family: &Family<'_>,
) -> Result<BTreeMap<String, UpstreamPackage>, String> {
    let mut packages: BTreeMap<String, UpstreamPackage> = BTreeMap::new();
    for entry in entries {
        let package = parse_entry(entry, family)?;
        let same_npm_name = || packages.values().find(|other| other.npm_name == package.npm_name);
        if let Some(first) = packages.get(&package.name).or_else(same_npm_name).map(|p| p.name.as_str()) {
            return Err(if first == package.name {
                format!("package `{}` is declared more than once", package.name)
            } else {
                format!("package `{}` is declared twice, as `{first}` and as `{}`", package.npm_name, package.name)
            });
        }
        packages.insert(package.name.clone(), package);
    }
    Ok(packages)
}

/// A version as npm publishes them: no spaces, no path separators, nothing
/// a file name or a TOML/YAML key could not carry.
pub(crate) fn check_version(version: &str) -> Result<(), &'static str> {
    let ok = !version.is_empty()
        && version.len() <= 256
        && version.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.+_".contains(&b))
        && version.as_bytes()[0].is_ascii_digit();
    ok.then_some(()).ok_or("is not an exact version (digits first; letters, digits and `-.+_` only)")
}

/// `name` or `@scope/name`.
pub fn check_npm_name(npm_name: &str) -> Result<(), &'static str> {
    match npm_name.strip_prefix('@') {
        Some(scoped) => match scoped.split_once('/') {
            Some((scope, name)) if !scope.is_empty() => check_package_name(scope).and(check_package_name(name)),
            _ => Err("a scoped name must look like `@scope/name`"),
        },
        None => check_package_name(npm_name),
    }
}

/// An unscoped npm package name (or the part of a scoped one after the
/// scope).
pub fn check_package_name(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("empty name");
    }
    if name.len() > 214 {
        return Err("longer than 214 characters");
    }
    let ok = name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-._~".contains(&b));
    if !ok || name.starts_with('.') || name.starts_with('_') {
        return Err("not a valid unscoped npm package name (lowercase letters, digits, `-._~`)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse_entries, parse_entry, split_versioned, Family};

    const DSH: Family<'static> = Family { scope: Some("@deepseek-ai"), baseline: Some("0.1.0-rc.8") };

    #[test]
    fn a_version_follows_the_last_at_sign_never_the_scope_one() {
        assert_eq!(split_versioned("left-pad@1.3.0"), ("left-pad", Some("1.3.0")));
        assert_eq!(split_versioned("@types/node@20.1.0"), ("@types/node", Some("20.1.0")));
        assert_eq!(split_versioned("@types/node"), ("@types/node", None));
        assert_eq!(split_versioned("dsh-sandbox"), ("dsh-sandbox", None));
    }

    #[test]
    fn versionless_entries_are_the_family_and_versioned_ones_are_named_in_full() {
        let member = parse_entry("dsh-sandbox", &DSH).expect("family");
        assert_eq!(
            (member.name.as_str(), member.npm_name.as_str(), member.version.as_str(), member.in_family),
            ("dsh-sandbox", "@deepseek-ai/dsh-sandbox", "0.1.0-rc.8", true)
        );
        let own = parse_entry("left-pad@1.3.0", &DSH).expect("own version");
        assert_eq!((own.name.as_str(), own.npm_name.as_str(), own.in_family), ("left-pad", "left-pad", false));
        let scoped = parse_entry("@types/minimist@1.2.5", &DSH).expect("scoped");
        assert_eq!((scoped.npm_name.as_str(), scoped.version.as_str()), ("@types/minimist", "1.2.5"));
        let unscoped_family = parse_entry("left-pad", &Family { scope: None, baseline: Some("1.3.0") });
        assert_eq!(unscoped_family.expect("unscoped family").npm_name, "left-pad");
    }

    #[test]
    fn bad_entries_are_refused_with_the_way_out() {
        let none = Family { scope: None, baseline: None };
        let err = parse_entry("left-pad", &none).expect_err("no version anywhere");
        assert!(err.contains("`left-pad@<version>`"), "{err}");
        for bad in ["left-pad@", "left-pad@^1.0.0", "left-pad@1.0 .0", "Left@1.0.0", "@x@1.0.0", "a@../1"] {
            assert!(parse_entry(bad, &DSH).is_err(), "{bad}");
        }
    }

    #[test]
    fn one_package_declared_twice_is_refused_under_either_name() {
        let entries = ["dsh-sandbox".to_string(), "@deepseek-ai/dsh-sandbox@0.1.0".to_string()];
        let err = parse_entries(entries.iter(), &DSH).expect_err("twice");
        assert!(err.contains("`@deepseek-ai/dsh-sandbox` is declared twice"), "{err}");
        let same = ["left-pad@1.0.0".to_string(), "left-pad@1.3.0".to_string()];
        assert!(parse_entries(same.iter(), &DSH).expect_err("twice").contains("more than once"));
    }
}
