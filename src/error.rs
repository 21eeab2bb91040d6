//! Exit statuses and the [`Diagnostic`] trait every library error implements.
//!
//! The CLI maps the first diagnosable error of a failure chain to one
//! [`ExitStatus`], a stable `snake_case` error code and an optional `help:`
//! line. Library modules never exit; they only say how bad a failure is.

/// How a run ended, as one of the documented process exit codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitStatus {
    /// 0: success (a broken pipe on stdout also counts as success).
    Success,
    /// 1: finished, but the result needs attention (`--check` found differences).
    Attention,
    /// 2: usage, configuration or drift (bad flag, invalid declaration,
    /// anchors that no longer apply to the base).
    Usage,
    /// 3: integrity or I/O failure (a tarball whose sha512 differs, a refused
    /// archive entry, a disk error).
    Integrity,
    /// 101: internal bug.
    Bug,
}

impl ExitStatus {
    /// The numeric process exit code.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::Attention => 1,
            ExitStatus::Usage => 2,
            ExitStatus::Integrity => 3,
            ExitStatus::Bug => 101,
        }
    }
}

/// How a library error reports itself: with its own exit status and code,
/// or as the error it only wraps.
pub enum Diagnosis<'a> {
    /// This error's exit status and `--json` code; its help and details
    /// are [`Diagnostic::own_help`] and [`Diagnostic::own_details`].
    Own(ExitStatus, &'static str),
    /// The wrapped error's exit status, code, help and details are this one's.
    Wraps(&'a dyn Diagnostic),
}

/// What the CLI needs to know about a library error to report it.
pub trait Diagnostic: std::error::Error {
    /// Whether this error reports for itself or only wraps another: an enum
    /// names each variant once here, and `own_help` and `own_details` are
    /// not asked for the variants that are [`Diagnosis::Wraps`].
    fn diagnosis(&self) -> Diagnosis<'_>;
    /// The help of an error that is not only a wrapper.
    fn own_help(&self) -> Option<String> {
        None
    }
    /// The details of an error that is not only a wrapper.
    fn own_details(&self) -> Option<serde_json::Value> {
        None
    }

    /// The exit status this failure maps to.
    fn exit_status(&self) -> ExitStatus {
        match self.diagnosis() {
            Diagnosis::Own(status, _) => status,
            Diagnosis::Wraps(inner) => inner.exit_status(),
        }
    }
    /// A stable `snake_case` code for `--json` output.
    fn code(&self) -> &'static str {
        match self.diagnosis() {
            Diagnosis::Own(_, code) => code,
            Diagnosis::Wraps(inner) => inner.code(),
        }
    }
    /// Advice for fixing the problem, shown as a final `help:` line.
    fn help(&self) -> Option<String> {
        match self.diagnosis() {
            Diagnosis::Own(..) => self.own_help(),
            Diagnosis::Wraps(inner) => inner.help(),
        }
    }
    /// Structured details for `--json` output (e.g. every drifted anchor).
    fn details(&self) -> Option<serde_json::Value> {
        match self.diagnosis() {
            Diagnosis::Own(..) => self.own_details(),
            Diagnosis::Wraps(inner) => inner.details(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExitStatus;

    #[test]
    fn success_is_zero() {
        assert_eq!(ExitStatus::Success.code(), 0);
    }

    #[test]
    fn attention_is_one() {
        assert_eq!(ExitStatus::Attention.code(), 1);
    }

    #[test]
    fn usage_config_and_drift_are_two() {
        assert_eq!(ExitStatus::Usage.code(), 2);
    }

    #[test]
    fn integrity_and_io_are_three() {
        assert_eq!(ExitStatus::Integrity.code(), 3);
    }

    #[test]
    fn bug_is_one_hundred_one() {
        assert_eq!(ExitStatus::Bug.code(), 101);
    }
}
