//! Command-line layer: clap definitions, path resolution, error-to-exit-code
//! mapping and output. Each subcommand lives in `cli/<verb>.rs` and turns
//! its arguments into one library call.

// The doc comments of the clap definitions are `--help` text, where
// `<pkg>` and `<V>` are meant literally, not as HTML.
#![allow(rustdoc::invalid_html_tags)]

mod adopt;
mod check;
mod completions;
mod export;
mod failure;
mod genpatches;
mod import;
mod merge;
mod rebuild;
mod release;
mod sbom;
mod snapshot;
mod status;
mod upgrade;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use serde_json::{json, Value};

use crate::error::{Diagnosis, Diagnostic, ExitStatus};
use crate::exclusive::{Access, ProjectLock};
use crate::layer::{Layer, PathOverrides, DECLARATION_FILE};
use crate::npm::Npm;
use crate::report::Reporter;
use crate::snapshot::SnapshotSource;
pub(crate) use failure::{CliResult, Context, Failure};

const EXIT_CODES: &str = "\
Exit codes:
  0    success
  1    finished, but something needs attention: differences were found
       (`rebuild --check`), merge conflicts to resolve (`merge`), or two
       release builds differ (`release --check`)
  2    usage, declaration or drift error (bad flag, invalid forklayer.toml,
       anchors that no longer apply to the upstream base, a missing package,
       another forklayer writing the project)
  3    integrity or I/O error (sha512 mismatch, refused archive entry,
       upstream/ not matching its lock file, disk error, a damaged or
       planted undo journal, a failed roll back or commit)
  101  internal bug (please report it)

With --json, stdout carries exactly one JSON document
{\"schema\": \"forklayer.<command>/1\", \"ok\": ..., ...}, also on failure.";

/// `forklayer`: keep a fork layer of modified upstream npm packages honest.
#[derive(Debug, Parser)]
#[command(name = "forklayer", version, about, long_about = None, after_help = EXIT_CODES)]
pub struct Cli {
    /// Run as if started in <DIR> (relative paths are resolved against it).
    #[arg(short = 'C', value_name = "DIR", global = true)]
    pub dir: Option<PathBuf>,
    /// The declaration file [default: forklayer.toml].
    #[arg(long, value_name = "FILE", global = true)]
    pub config: Option<PathBuf>,
    /// Override `paths.upstream` (pristine upstream bytes).
    #[arg(long, value_name = "DIR", global = true)]
    pub upstream: Option<PathBuf>,
    /// Override `paths.forks` (the fork layer).
    #[arg(long, value_name = "DIR", global = true)]
    pub forks: Option<PathBuf>,
    /// Override `paths.patches` (the manifests).
    #[arg(long, value_name = "DIR", global = true)]
    pub patches: Option<PathBuf>,
    /// Accept `paths.*`, `--upstream`/`--forks`/`--patches` and own package
    /// sources that resolve outside the repository (refused by default: a
    /// cloned repository's forklayer.toml must not make forklayer read or
    /// write your other files).
    #[arg(long, global = true)]
    pub allow_outside_root: bool,
    /// Print one JSON document on stdout instead of human output.
    #[arg(long, global = true)]
    pub json: bool,
    /// Only print warnings and errors on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Print more detail on stderr.
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Vendor the exact upstream bytes of every forked and carried package
    /// into upstream/ (with upstream/VERSION and the lock file).
    Snapshot(snapshot::Args),
    /// Write patches/<pkg>.json (anchored manifest) and patches/<pkg>.diff
    /// (review diff) for each forked package.
    #[command(name = "gen-patches")]
    GenPatches(genpatches::Args),
    /// Rebuild the fork layer from upstream bytes + manifests into --out.
    Rebuild(rebuild::Args),
    /// The offline round trip CI runs: upstream/ matches its lock, rebuilding
    /// reproduces the fork layer, regenerating reproduces the manifests.
    Check(check::Args),
    /// Three-way merge the fork layer onto a new upstream version.
    Merge(merge::Args),
    /// Build the reproducible release zip (<layer.name>-<V>.zip).
    Release(release::Args),
    /// Show the layer's state: clean, merge in progress (conflicts left),
    /// drift against upstream, or an undo journal to roll back.
    Status(status::Args),
    /// Turn a fork layer kept by the JS toolchain into a forklayer
    /// repository (declaration, lock file, scoped fork layer).
    Adopt(adopt::Args),
    /// Make a forklayer layer from the patches of npm, pnpm, yarn, bun or
    /// patch-package that a project keeps.
    Import(import::Args),
    /// Write the layer back into a project as the patches of npm, pnpm,
    /// yarn, bun or patch-package.
    Export(export::Args),
    /// Move patched packages to new versions (by default those the
    /// project's lock file resolves) by three-way merge, then export.
    Upgrade(upgrade::Args),
    /// Write the CycloneDX SBOM of the layer: every upstream package, each
    /// fork with its upstream ancestor and its patch, the own packages.
    Sbom(sbom::Args),
    /// Print the completion script of a shell (bash, zsh, fish, powershell, elvish).
    Completions(completions::CompletionsArgs),
    /// Print the forklayer(1) man page (roff).
    Man(completions::ManArgs),
}

/// A usage error found after parsing (exit 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub(crate) String);

impl Diagnostic for UsageError {
    fn diagnosis(&self) -> Diagnosis<'_> {
        Diagnosis::Own(ExitStatus::Usage, "usage")
    }
    fn own_help(&self) -> Option<String> {
        Some("`forklayer <command> --help` shows what each command takes".into())
    }
}

/// `-C <dir>` names no directory (exit 2): found before anything else, so
/// the message names the directory rather than the project lock in it.
#[derive(Debug, thiserror::Error)]
#[error("the directory `{}` given to `-C` {what}", .dir.display())]
pub(crate) struct MissingDirectory {
    dir: PathBuf,
    what: &'static str,
}

impl Diagnostic for MissingDirectory {
    fn diagnosis(&self) -> Diagnosis<'_> {
        Diagnosis::Own(ExitStatus::Usage, "usage")
    }
    fn own_help(&self) -> Option<String> {
        Some("pass `-C` an existing directory: the one that holds (or will hold) `forklayer.toml`".into())
    }
}

/// What a subcommand hands back to be printed: `data` is the `--json`
/// document's object, without `schema` and `ok`.
pub(crate) struct Outcome {
    status: ExitStatus,
    text: String,
    data: Value,
}

impl Outcome {
    fn success(text: String, data: Value) -> Outcome {
        Outcome { status: ExitStatus::Success, text, data }
    }

    /// Exit 1 unless `clean`: finished, but something needs attention.
    fn clean_or_attention(clean: bool, text: String, data: Value) -> Outcome {
        let status = if clean { ExitStatus::Success } else { ExitStatus::Attention };
        Outcome { status, text, data }
    }
}

/// Shared context of every subcommand.
pub(crate) struct RunContext {
    base: PathBuf,
    config: PathBuf,
    overrides: PathOverrides,
    reporter: Reporter,
    lock: std::cell::OnceCell<ProjectLock>,
}

impl RunContext {
    fn resolve(&self, path: &Path) -> PathBuf {
        self.base.join(path)
    }

    /// Loads the declaration, after rolling back an update (a merge) that
    /// a killed forklayer left half done: nothing reads a half-written
    /// layer, the declaration included.
    fn layer(&self, access: Access) -> CliResult<Layer> {
        self.lock_project(access)?;
        let layer = Layer::load(&self.config, &self.overrides)?;
        // An export killed while writing into the project `[origin]` names
        // (outside the layer's own root) left its journal there.
        if let Some(origin) = &layer.origin {
            for warning in crate::export::roll_back_interrupted(&layer, &origin.project)? {
                self.reporter.warning(&warning);
            }
        }
        Ok(layer)
    }

    /// [`RunContext::layer`] for the commands other than `merge` and
    /// `status`: while a merge waits for `--continue` or `--abort`,
    /// `upstream/` is the new version and the fork layer half merged, so
    /// their findings (drift, differences, manifests built on markers) are
    /// about that state; say so first, and how to leave it.
    fn layer_outside_merge(&self, access: Access) -> CliResult<Layer> {
        let layer = self.layer(access)?;
        // A damaged state file is `status`'s and `merge`'s to report.
        if let Ok(Some(state)) = crate::merge::progress::MergeState::read(&layer.root) {
            self.reporter.warning(&format!(
                "a merge onto `{}` is in progress: `upstream/` is the new version and the fork layer is half merged; \
                 `forklayer status` shows what is left, `forklayer merge --continue` finishes it, `forklayer merge \
                 --abort` undoes it",
                state.to
            ));
        }
        Ok(layer)
    }

    /// Takes the project lock for the rest of the command, after rolling
    /// back an update that a killed forklayer left half done.
    fn lock_project(&self, access: Access) -> CliResult<()> {
        let root = self.root();
        let mut lock = ProjectLock::take(root, access)?;
        if lock.is_exclusive() && crate::journal::any_journal(root) {
            let scope = self.journal_scope(root)?;
            for r in crate::journal::recover(root, &scope)? {
                let what = format_args!("an update that forklayer process {} left unfinished (killed?)", r.pid);
                self.reporter.warning(&r.warning(what));
            }
        }
        if access == Access::Read {
            lock.share(root)?;
        }
        // Held until the command ends.
        let _ = self.lock.set(lock);
        Ok(())
    }

    /// Where a journal left in the project may make changes: the managed
    /// paths and the declaration, as declared. A killed merge may have left
    /// the declaration half rewritten; then the copy its journal saved says.
    /// One that created the declaration (`import`, `adopt`) gets the project.
    fn journal_scope(&self, root: &Path) -> CliResult<crate::journal::Scope> {
        use crate::journal::FileBefore;
        let layer = match Layer::load(&self.config, &self.overrides) {
            Ok(layer) => layer,
            Err(err) => match crate::journal::file_before(root, &self.config)? {
                Some(FileBefore::Held(bytes)) => match String::from_utf8(bytes) {
                    Ok(text) => Layer::parse(&text, &self.config, root, &self.overrides)?,
                    Err(_) => return Err(err.into()),
                },
                // `import` or `adopt` killed while writing the declaration
                // it creates: what it wrote lies in the project (the roll
                // back never leaves it, nor goes through a link, nor into
                // `.git`), and no layer says more.
                Some(FileBefore::Missing) => return Ok(crate::journal::Scope::new([root.to_path_buf()])),
                None => return Err(err.into()),
            },
        };
        let paths = layer.paths;
        // A merge also writes its state and moves the declared pins;
        // `adopt` rewrites the profile's package.json beside the fork layer.
        let profile_json = paths.forks.parent().map(|p| p.join("package.json"));
        // `export` writes the package manager's files of its project: the
        // layer's own directory, or the project `[origin]` names.
        let exported = crate::export::export_scope(root)
            .into_iter()
            .chain(layer.origin.iter().flat_map(|origin| crate::export::export_scope(&origin.project)));
        let extra = layer
            .pins
            .into_iter()
            .map(|p| p.file)
            // `import` and `adopt` add forklayer's files to `.gitignore`.
            .chain([crate::merge::progress::state_dir(root), root.join(".gitignore")])
            .chain(profile_json)
            .chain(exported);
        Ok(crate::journal::Scope::new(
            [layer.declaration, paths.upstream, paths.forks, paths.patches].into_iter().chain(extra),
        ))
    }

    /// The directory of the declaration.
    fn root(&self) -> &Path {
        self.config.parent().unwrap_or(&self.base)
    }

    /// `path` relative to the project root with `/` separators when inside it.
    fn display(&self, path: &Path) -> String {
        let shown = path.strip_prefix(self.root()).unwrap_or(path);
        let text = shown.to_string_lossy().replace('\\', "/");
        if text.is_empty() {
            ".".into()
        } else {
            text
        }
    }

    /// Where the packages to vendor or merge come from: the `--from`
    /// paths, or else the registry through `npm` run in the project root.
    fn source(&self, from: &[PathBuf], npm: &Path) -> SnapshotSource {
        if from.is_empty() {
            SnapshotSource::Registry(Npm::new(npm, self.root()))
        } else {
            SnapshotSource::Local(from.iter().map(|p| self.resolve(p)).collect())
        }
    }

    /// One warning line per entry of `warnings`.
    fn warn_all(&self, warnings: &[impl std::fmt::Display]) {
        for warning in warnings {
            self.reporter.warning(&warning.to_string());
        }
    }
}

/// One line of text per item, each ended by a newline.
fn lines<T>(items: impl IntoIterator<Item = T>, line: impl Fn(T) -> String) -> String {
    items.into_iter().map(|item| line(item) + "\n").collect()
}

/// Runs `work` holding the project lock of `dir`, a project that `adopt`
/// or `import` is about to make: a lock file that taking the lock created
/// goes again (while still held) when `remove` says so of the result.
fn in_new_project<T, E>(
    dir: &Path,
    access: Access,
    work: impl FnOnce() -> Result<T, E>,
    remove: impl FnOnce(&Result<T, E>) -> bool,
) -> CliResult<Result<T, E>> {
    let lock_file = dir.join(crate::exclusive::LOCK_NAME);
    let created = lock_file.symlink_metadata().is_err();
    let _lock = ProjectLock::take(dir, access)?;
    let result = work();
    if created && remove(&result) {
        let _ = std::fs::remove_file(&lock_file);
    }
    Ok(result)
}

/// A dry run only reads the project; anything else writes it.
fn access(dry_run: bool) -> Access {
    if dry_run {
        Access::Read
    } else {
        Access::Write
    }
}

/// Parses `args`, runs the subcommand and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitStatus {
    let args: Vec<OsString> = args.into_iter().collect();
    // `Cli::try_parse_from`, keeping the subcommand's name for the schema.
    let parsed = Cli::command().try_get_matches_from(&args).and_then(|matches| {
        let schema = format!("forklayer.{}/1", matches.subcommand_name().unwrap_or_default());
        Ok((Cli::from_arg_matches(&matches).map_err(|err| err.format(&mut Cli::command()))?, schema))
    });
    let (cli, schema) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => return report_usage_error(&args, &err),
    };
    let reporter = Reporter { json: cli.json, quiet: cli.quiet, verbose: cli.verbose };
    match dispatch(cli, reporter) {
        Ok(outcome) => {
            if reporter.json {
                let mut doc = outcome.data;
                doc["schema"] = schema.into();
                doc["ok"] = (outcome.status == ExitStatus::Success).into();
                reporter.json_document(&doc);
            } else {
                reporter.text(&outcome.text);
            }
            outcome.status
        }
        Err(err) => report_error(&reporter, &schema, &err),
    }
}

/// clap errors exit 2 (help and version exit 0); with `--json` anywhere on
/// the command line the failure is also reported as a JSON document.
fn report_usage_error(args: &[OsString], err: &clap::Error) -> ExitStatus {
    let _ = err.print();
    if !err.use_stderr() {
        return ExitStatus::Success;
    }
    if args.iter().skip(1).any(|a| a == "--json") {
        // clap's first line names the offending argument; its kind alone does not.
        let rendered = err.render().to_string();
        let first_line = rendered.lines().next().unwrap_or_default();
        let message = first_line.strip_prefix("error: ").unwrap_or(first_line).to_string();
        let command = Cli::command();
        let subcommand = args.iter().skip(1).find_map(|a| {
            command.get_subcommands().map(clap::Command::get_name).find(|name| a.to_str() == Some(*name))
        });
        let (schema, help) = match subcommand {
            Some(name) => (format!("forklayer.{name}/1"), format!("run `forklayer {name} --help`")),
            None => ("forklayer/1".to_string(), "run `forklayer --help`".to_string()),
        };
        let error = json!({ "code": "usage", "message": message, "causes": [], "help": help });
        Reporter { json: true, quiet: true, verbose: false }
            .json_document(&json!({ "schema": schema, "ok": false, "error": error }));
    }
    ExitStatus::Usage
}

fn dispatch(cli: Cli, reporter: Reporter) -> CliResult<Outcome> {
    let mut base = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    if let Some(dir) = &cli.dir {
        base.push(dir);
    }
    if let Some(dir) = cli.dir.as_ref().filter(|_| !base.is_dir()) {
        let what = if base.exists() { "is not a directory" } else { "does not exist" };
        return Err(MissingDirectory { dir: dir.clone(), what }.into());
    }
    let config = base.join(cli.config.clone().unwrap_or_else(|| PathBuf::from(DECLARATION_FILE)));
    let overrides = PathOverrides {
        upstream: cli.upstream.as_ref().map(|p| base.join(p)),
        forks: cli.forks.as_ref().map(|p| base.join(p)),
        patches: cli.patches.as_ref().map(|p| base.join(p)),
        allow_outside_root: cli.allow_outside_root,
    };
    let ctx = RunContext { base, config, overrides, reporter, lock: std::cell::OnceCell::new() };
    match cli.command {
        Command::Snapshot(args) => snapshot::exec(&ctx, args),
        Command::GenPatches(args) => genpatches::exec(&ctx, args),
        Command::Rebuild(args) => rebuild::exec(&ctx, args),
        Command::Check(args) => check::exec(&ctx, args),
        Command::Merge(args) => merge::exec(&ctx, args),
        Command::Release(args) => release::exec(&ctx, args),
        Command::Status(args) => status::exec(&ctx, args),
        Command::Adopt(args) => adopt::exec(&ctx, args),
        Command::Import(args) => import::exec(&ctx, args),
        Command::Export(args) => export::exec(&ctx, args),
        Command::Upgrade(args) => upgrade::exec(&ctx, args),
        Command::Sbom(args) => sbom::exec(&ctx, args),
        Command::Completions(args) => completions::exec_completions(args),
        Command::Man(args) => completions::exec_man(args),
    }
}

fn report_error(reporter: &Reporter, schema: &str, failure: &Failure) -> ExitStatus {
    let status = failure.exit_status();
    if status == ExitStatus::Success {
        // A closed stdout: nobody is left to tell.
        return status;
    }
    let diagnostic = failure.diagnostic();
    let (code, help) = (diagnostic.code(), diagnostic.help());
    let (message, causes) = failure.lines();
    reporter.error(&message, &causes, help.as_deref());
    if reporter.json {
        let mut error = json!({ "code": code, "message": message, "causes": causes, "help": help });
        if let (Some(d), Some(obj)) = (diagnostic.details(), error.as_object_mut()) {
            obj.insert("details".into(), d);
        }
        reporter.json_document(&json!({ "schema": schema, "ok": false, "error": error }));
    }
    status
}

/// One note per forked package that now equals upstream (no manifest):
/// declaring it `carried` makes `check` hold it to upstream's bytes.
pub(crate) fn note_forks_equal_to_upstream<'n>(ctx: &RunContext, names: impl IntoIterator<Item = &'n str>) {
    for name in names {
        ctx.reporter.note(&format!(
            "`{name}` now equals upstream (no manifest): it can move from `forked` to `carried` in forklayer.toml"
        ));
    }
}

/// One warning per file of the fork layer that differs from upstream
/// although the `ignore` globs leave it out; `shown` names a file by its
/// path in the fork layer.
pub(crate) fn warn_ignored_changes(
    ctx: &RunContext,
    changes: &[crate::layer::IgnoredChange],
    shown: impl Fn(&str) -> String,
) {
    for change in changes {
        ctx.reporter.warning(&format!(
            "`{}` is not upstream's, but the `ignore` glob `{}` leaves it out: no manifest, rebuild or release \
             carries this change (drop the glob, or restore the file from upstream/)",
            shown(&change.path),
            change.pattern
        ));
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap fills a global argument with the value of a subcommand's
    /// argument of the same id (`adopt <dir>` once set `-C`'s `dir`, so
    /// `forklayer adopt repo` looked for `repo/repo`): no subcommand may
    /// reuse a global id.
    #[test]
    fn no_subcommand_argument_shares_an_id_with_a_global_option() {
        let command = super::Cli::command();
        let globals: Vec<String> =
            command.get_arguments().filter(|a| a.is_global_set()).map(|a| a.get_id().to_string()).collect();
        assert!(globals.contains(&"dir".to_string()), "{globals:?}");
        for sub in command.get_subcommands() {
            for arg in sub.get_arguments() {
                let id = arg.get_id().to_string();
                assert!(
                    !globals.contains(&id),
                    "`forklayer {}` argument `{id}` shadows a global option",
                    sub.get_name()
                );
            }
        }
    }
}
