//! `completions` and `man`: generated from the clap definitions, so every
//! command a user can type is completed and documented.

use crate::util::TestDir;

const COMMANDS: &[&str] = &[
    "snapshot",
    "gen-patches",
    "rebuild",
    "check",
    "merge",
    "release",
    "status",
    "adopt",
    "sbom",
    "completions",
    "man",
];

#[test]
fn every_shell_gets_a_script_that_completes_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = TestDir::new().run(&["completions", shell]);
        run.assert_code(0);
        for command in COMMANDS {
            assert!(run.stdout.contains(command), "{shell}: `{command}` missing");
        }
    }
    let bash = TestDir::new().run(&["completions", "bash"]);
    assert!(bash.stdout.contains("complete -F _forklayer"), "{}", bash.stdout);
    assert!(bash.stdout.contains("--source-date-epoch"), "flags of subcommands are completed");
}

#[cfg(unix)]
#[test]
fn the_bash_script_is_valid_bash() {
    let dir = TestDir::new();
    let run = dir.run(&["completions", "bash"]);
    run.assert_code(0);
    dir.write("forklayer.bash", &run.stdout);
    let status = std::process::Command::new("bash").arg("-n").arg(dir.join("forklayer.bash")).status().expect("bash");
    assert!(status.success());
}

#[test]
fn an_unknown_shell_is_a_usage_error_listing_the_known_ones() {
    let run = TestDir::new().run(&["completions", "tcsh"]);
    run.assert_code(2);
    assert!(run.stderr.contains("bash") && run.stderr.contains("zsh"), "{}", run.stderr);
}

#[test]
fn the_man_page_documents_every_command_and_the_exit_codes() {
    let run = TestDir::new().run(&["man"]);
    run.assert_code(0);
    assert!(run.stdout.contains(".TH forklayer 1"), "{}", &run.stdout[..200.min(run.stdout.len())]);
    for command in COMMANDS {
        let heading = format!(".SH \"FORKLAYER {}\"", command.to_uppercase());
        assert!(run.stdout.contains(&heading), "`{heading}` missing");
    }
    assert!(run.stdout.contains("Exit codes:"), "the after-help notes are in the page");
}

#[test]
fn completions_run_outside_any_project() {
    // No forklayer.toml anywhere: completions need no declaration.
    let run = TestDir::new().run(&["--json", "completions", "fish"]);
    run.assert_code(0);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(doc["schema"], "forklayer.completions/1");
    assert_eq!(doc["shell"], "fish");
}
