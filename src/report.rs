//! The only module that prints. Human messages go to stderr (status lines
//! with a right-aligned verb, `warning:`, `note:`, `error:`); results go to
//! stdout, either as text or, with `--json`, as exactly one JSON document.

use std::io::Write;

use serde_json::Value;

/// Verbosity and format of a run's output.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reporter {
    /// Print the result as one JSON document on stdout.
    pub json: bool,
    /// Suppress status lines and notes.
    pub quiet: bool,
    /// Show verbose-only details.
    pub verbose: bool,
}

impl Reporter {
    /// A status line such as `   Fetching @scope/pkg@1.0.0`.
    pub fn status(&self, verb: &str, message: &str) {
        if !self.quiet {
            to_stderr(&format!("{verb:>12} {message}\n"));
        }
    }

    /// A `warning:` line (shown even with `-q`).
    pub fn warning(&self, message: &str) {
        to_stderr(&format!("warning: {message}\n"));
    }

    /// A `note:` line.
    pub fn note(&self, message: &str) {
        if !self.quiet {
            to_stderr(&format!("note: {message}\n"));
        }
    }

    /// Writes human result text to stdout; a closed pipe is not an error.
    pub fn text(&self, text: &str) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    /// Writes the one JSON document of this run (sorted keys, newline).
    pub fn json_document(&self, value: &Value) {
        let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "{}".into());
        text.push('\n');
        self.text(&text);
    }

    /// Prints an error in the `error:` / `Caused by:` / `help:` format.
    pub fn error(&self, message: &str, causes: &[String], help: Option<&str>) {
        let mut text = format!("error: {message}\n");
        if !causes.is_empty() {
            text.push_str("\nCaused by:\n");
            for cause in causes {
                for (i, line) in cause.lines().enumerate() {
                    let lead = if i == 0 { "  " } else { "    " };
                    text.push_str(&format!("{lead}{line}\n"));
                }
            }
        }
        if let Some(help) = help {
            text.push_str(&format!("\nhelp: {help}\n"));
        }
        to_stderr(&text);
    }
}

/// Writes `text` to stderr in one piece (`eprintln!` writes each padding
/// space of a status line on its own, and lines from two processes can
/// then interleave). Stderr that cannot be written to is no failure of the
/// command.
fn to_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
