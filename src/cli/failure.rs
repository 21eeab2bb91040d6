//! How a command fails: one [`Failure`] at the command boundary, holding
//! the library error that decides the exit status, the stable `--json`
//! code and the `help:` line, and the context the CLI put around it.
//!
//! Only a [`Diagnostic`] becomes a `Failure` (`?` converts it): an error
//! type without an exit status, a code and a help line does not compile
//! into a command, so none can lose them on the way out.

use crate::error::{Diagnostic, ExitStatus};

/// A command's failure.
pub(crate) struct Failure {
    /// "failed to …" lines, outermost first.
    context: Vec<String>,
    /// What went wrong, as the library said.
    error: Box<dyn Diagnostic + Send + Sync + 'static>,
}

impl<E: Diagnostic + Send + Sync + 'static> From<E> for Failure {
    fn from(error: E) -> Failure {
        Failure { context: Vec::new(), error: Box::new(error) }
    }
}

/// What a command returns.
pub(crate) type CliResult<T> = Result<T, Failure>;

/// Adds a "failed to …" line around any error that can become a
/// [`Failure`].
pub(crate) trait Context<T> {
    /// `failed to <what>` above the error.
    fn failed_to(self, what: impl FnOnce() -> String) -> CliResult<T>;
}

impl<T, E: Into<Failure>> Context<T> for Result<T, E> {
    fn failed_to(self, what: impl FnOnce() -> String) -> CliResult<T> {
        self.map_err(|err| {
            let mut failure = err.into();
            failure.context.insert(0, format!("failed to {}", what()));
            failure
        })
    }
}

impl Failure {
    /// The diagnostic that decides how the run ends.
    pub(crate) fn diagnostic(&self) -> &(dyn Diagnostic + Send + Sync) {
        self.error.as_ref()
    }

    /// The exit status: a broken pipe on stdout is success.
    pub(crate) fn exit_status(&self) -> ExitStatus {
        let broken_pipe = self
            .chain()
            .any(|c| c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe));
        if broken_pipe {
            ExitStatus::Success
        } else {
            self.error.exit_status()
        }
    }

    /// The first line, then every cause below it, outermost first.
    pub(crate) fn lines(&self) -> (String, Vec<String>) {
        let errors = self.chain().map(ToString::to_string);
        let mut all: Vec<String> = self.context.iter().cloned().chain(errors).collect();
        let message = all.remove(0);
        (message, all)
    }

    /// The error, then each of its causes.
    fn chain(&self) -> impl Iterator<Item = &(dyn std::error::Error + 'static)> {
        std::iter::successors(Some(self.error.as_ref() as &(dyn std::error::Error + 'static)), |c| c.source())
    }
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::path::PathBuf;

    use super::{Context, Failure};
    use crate::error::ExitStatus;

    fn io_error() -> io::Error {
        io::Error::other("disk error")
    }

    /// One error of every library type, with the exit status and code the
    /// documentation gives it (README, docs/guarantees.md, `--help`).
    #[test]
    fn every_library_error_ends_the_run_with_its_documented_exit_status_and_code() {
        let path = PathBuf::from("x");
        let cases: Vec<(Failure, ExitStatus, &str)> = vec![
            (crate::cli::UsageError("bad".into()).into(), ExitStatus::Usage, "usage"),
            (
                crate::layer::LayerError::Read { path: path.clone(), source: io_error() }.into(),
                ExitStatus::Usage,
                "declaration_unreadable",
            ),
            (crate::guard::GuardError::NotADirectory { path: path.clone() }.into(), ExitStatus::Usage, "unsafe_target"),
            (crate::journal::JournalError::Busy { pid: 1, journal: path.clone() }.into(), ExitStatus::Usage, "busy"),
            (
                crate::journal::JournalError::Damaged { journal: path.clone(), reason: "planted".into() }.into(),
                ExitStatus::Integrity,
                "journal_damaged",
            ),
            (crate::exclusive::LockError::NotAFile { path: path.clone() }.into(), ExitStatus::Integrity, "not_a_file"),
            (
                crate::npm::tarball::TarballError::UnsafeEntry { entry: "../x".into(), reason: "..".into() }.into(),
                ExitStatus::Integrity,
                "unsafe_archive_entry",
            ),
            (
                crate::names::NameError::PathTooLong {
                    path: "p".into(),
                    bytes: 5000,
                    limit: 4095,
                    filesystem: path.clone(),
                }
                .into(),
                ExitStatus::Integrity,
                "name_too_long",
            ),
            (crate::tree::TreeError::Io { path: path.clone(), source: io_error() }.into(), ExitStatus::Integrity, "io"),
            (
                crate::lock::LockError::Read { path: path.clone(), source: io_error() }.into(),
                ExitStatus::Integrity,
                "lock_unreadable",
            ),
            (
                crate::manifest::ManifestError::Read { path: path.clone(), source: io_error() }.into(),
                ExitStatus::Integrity,
                "manifest_unreadable",
            ),
            (
                crate::snapshot::SnapshotError::Missing { package: "@a/b".into() }.into(),
                ExitStatus::Usage,
                "package_missing",
            ),
            (
                crate::release::ReleaseError::BadVersion { version: "x y".into() }.into(),
                ExitStatus::Usage,
                "bad_version",
            ),
            (
                crate::sbom::SbomError::NotLocked { package: "@a/b".into() }.into(),
                ExitStatus::Integrity,
                "upstream_not_locked",
            ),
            (
                crate::adopt::AdoptError::AlreadyAdopted { path: path.clone() }.into(),
                ExitStatus::Usage,
                "already_adopted",
            ),
            (
                crate::merge::layer::MergeError::Target { message: "no such package".into() }.into(),
                ExitStatus::Usage,
                "bad_target",
            ),
            (
                crate::patchfmt::FormatError::HunkFailed {
                    patch: "p.patch".into(),
                    file: "index.js".into(),
                    hunk: 1,
                    line: 4,
                    reason: "context differs".into(),
                }
                .into(),
                ExitStatus::Usage,
                "hunk_does_not_apply",
            ),
            (crate::import::ImportError::Exists { path: path.clone() }.into(), ExitStatus::Usage, "layer_exists"),
            (
                crate::import::ImportError::Patch {
                    package: "left-pad".into(),
                    version: "1.3.0".into(),
                    source: Box::new(crate::patchfmt::FormatError::Refused {
                        patch: "p.patch".into(),
                        line: 1,
                        reason: "a link".into(),
                    }),
                }
                .into(),
                ExitStatus::Integrity,
                "refused_patch",
            ),
            (
                crate::export::ExportError::Config {
                    format: crate::patchfmt::Format::Npm,
                    project: path.clone(),
                    source: Box::new(crate::patchfmt::FormatError::Unsupported {
                        path: path.clone(),
                        reason: "the key `patchedDependencies` appears twice in one object".into(),
                        change: "write `patchedDependencies` once".into(),
                    }),
                }
                .into(),
                ExitStatus::Usage,
                "patch_config_unsupported",
            ),
            (
                crate::export::ExportError::NotLocked { problems: vec!["`a` has changed".into()] }.into(),
                ExitStatus::Integrity,
                "upstream_not_locked",
            ),
            (
                crate::upgrade::UpgradeError::Ambiguous {
                    name: "left-pad".into(),
                    current: "1.0.0".into(),
                    lock_file: "pnpm-lock.yaml".into(),
                    versions: vec!["1.1.0".into(), "1.2.0".into()],
                }
                .into(),
                ExitStatus::Usage,
                "patch_version_unresolved",
            ),
        ];
        let mut wrong = Vec::new();
        for (failure, status, code) in cases {
            let (message, _) = failure.lines();
            let found = (failure.exit_status(), failure.diagnostic().code(), failure.diagnostic().help().is_some());
            if found != (status, code, true) {
                wrong.push(format!("{message}: {found:?}, documented ({status:?}, {code}, with a help line)"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn context_lines_come_first_and_the_library_error_and_its_causes_follow() {
        let result: Result<(), _> = Err(crate::tree::TreeError::Io { path: "a".into(), source: io_error() });
        let failure =
            result.failed_to(|| "read `a`".into()).failed_to(|| "check the layer".into()).expect_err("failed");
        let (message, causes) = failure.lines();
        assert_eq!(message, "failed to check the layer");
        assert_eq!(causes, ["failed to read `a`", "could not access `a`", "disk error"]);
    }

    #[test]
    fn a_closed_stdout_is_success() {
        let failure: Failure =
            crate::tree::TreeError::Io { path: "out".into(), source: io::ErrorKind::BrokenPipe.into() }.into();
        assert_eq!(failure.exit_status(), ExitStatus::Success);
    }
}
