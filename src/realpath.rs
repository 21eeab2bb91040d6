//! Where a path really is: absolute, without `.`/`..`, symbolic links
//! resolved as far as the path exists, so that two spellings of one place
//! compare equal.

use std::path::{Component, Path, PathBuf};

/// `path` made absolute and free of `.`/`..`, with symbolic links of its
/// existing part resolved, so two spellings of one directory compare equal.
pub fn normalize(path: &Path) -> PathBuf {
    let mut lexical = PathBuf::new();
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    for component in absolute.components() {
        match component {
            Component::ParentDir => {
                lexical.pop();
            }
            Component::CurDir => {}
            other => lexical.push(other),
        }
    }
    for existing in lexical.ancestors() {
        if let Ok(real) = existing.canonicalize() {
            let rest = lexical.strip_prefix(existing).unwrap_or(Path::new(""));
            return rest.components().fold(real, |acc, part| acc.join(part));
        }
    }
    lexical
}

/// Where `path` really is when it is inside `root` (symbolic links of
/// both resolved), as a path relative to `root`; otherwise the outside
/// place it resolves to.
pub fn inside(root: &Path, path: &Path) -> Result<PathBuf, PathBuf> {
    let (root_real, real) = (normalize(root), normalize(path));
    match real.strip_prefix(&root_real) {
        Ok(rel) => Ok(rel.to_path_buf()),
        Err(_) => Err(real),
    }
}

/// `path` relative to `base` (both made absolute and resolved as
/// [`normalize`] does), with `..` where it leaves `base`: `../app` for a
/// sibling.
pub fn relative_to(base: &Path, path: &Path) -> PathBuf {
    let (base, path) = (normalize(base), normalize(path));
    let common = base.components().zip(path.components()).take_while(|(a, b)| a == b).count();
    let up = base.components().skip(common).map(|_| Component::ParentDir);
    up.chain(path.components().skip(common)).collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::normalize;

    #[test]
    fn normalize_resolves_dot_dot_and_missing_tails() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().canonicalize().expect("canonical");
        assert_eq!(normalize(&dir.path().join("a/../b/./c")), real.join("b/c"));
        assert_eq!(normalize(&dir.path().join(".")), real);
        assert_eq!(normalize(Path::new("/")), Path::new("/"));
    }
}
