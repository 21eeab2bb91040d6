//! `forklayer completions <shell>` and `forklayer man`: shell completion
//! scripts and the man page, generated from the same clap definitions as
//! `--help`, so neither can fall behind the commands.

use clap::CommandFactory;
use serde_json::json;

use super::{Cli, CliResult, Context, Outcome, UsageError};

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Prints the completion script on stdout. Install it where your shell looks, e.g.:
  bash  forklayer completions bash > ~/.local/share/bash-completion/completions/forklayer
  zsh   forklayer completions zsh > ~/.zfunc/_forklayer   (with `fpath+=~/.zfunc` before `compinit`)
  fish  forklayer completions fish > ~/.config/fish/completions/forklayer.fish
  pwsh  forklayer completions powershell >> $PROFILE
  elvish  forklayer completions elvish >> ~/.config/elvish/rc.elv")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Arguments of `man`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Prints the forklayer(1) man page (roff) on stdout, e.g.:
  forklayer man > ~/.local/share/man/man1/forklayer.1 && man forklayer")]
pub struct ManArgs {}

/// The program name the scripts complete and the page documents.
const BIN: &str = "forklayer";

pub(crate) fn exec_completions(args: CompletionsArgs) -> CliResult<Outcome> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), BIN, &mut script);
    // clap writes UTF-8 only: nothing is replaced here.
    let text = String::from_utf8_lossy(&script).into_owned();
    let data = json!({ "shell": args.shell.to_string(), "script": text });
    Ok(Outcome::success(text, data))
}

pub(crate) fn exec_man(_args: ManArgs) -> CliResult<Outcome> {
    let page = man_page()
        .map_err(|e| UsageError(format!("the man page could not be rendered: {e}")))
        .failed_to(|| "render the man page".into())?;
    // clap_mangen writes UTF-8 only: nothing is replaced here.
    let text = String::from_utf8_lossy(&page).into_owned();
    let data = json!({ "page": text });
    Ok(Outcome::success(text, data))
}

/// The roff source of forklayer(1): the top-level help, then one section
/// per subcommand with its arguments and notes.
fn man_page() -> std::io::Result<Vec<u8>> {
    let command = Cli::command();
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        render_subcommand(&mut out, sub)?;
    }
    let mut extra = Vec::new();
    man.render_extra_section(&mut extra)?;
    out.extend_from_slice(notes_heading(extra)?.as_bytes());
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// One `forklayer <verb>` section: clap_mangen renders a command as a page
/// of its own; its name, synopsis, options and notes become a section here.
fn render_subcommand(out: &mut Vec<u8>, sub: &clap::Command) -> std::io::Result<()> {
    let name = format!("{BIN} {}", sub.get_name());
    let sub = sub.clone().bin_name(name.clone());
    let man = clap_mangen::Man::new(sub.clone());
    let mut body = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    man.render_options_section(&mut body)?;
    man.render_extra_section(&mut body)?;
    // Each of clap_mangen's `.SH` headings becomes a `.SS` heading inside
    // one `.SH` section named after the subcommand.
    let text = notes_heading(body)?.replace("\n.SH ", "\n.SS ");
    let text = text.strip_prefix(".SH ").map_or_else(|| text.clone(), |rest| format!(".SS {rest}"));
    out.extend_from_slice(format!(".SH \"{}\"\n", name.to_uppercase()).as_bytes());
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// clap_mangen heads the `after_help` text `EXTRA`; in a man page it is
/// the notes (exit codes, examples).
fn notes_heading(roff: Vec<u8>) -> std::io::Result<String> {
    let text = String::from_utf8(roff).map_err(|err| std::io::Error::new(std::io::ErrorKind::InvalidData, err))?;
    Ok(text.replace(".SH EXTRA\n", ".SH NOTES\n"))
}
