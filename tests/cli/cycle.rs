//! A maintainer's whole upgrade cycle as the release binary shows it:
//! what `status` and the other commands say at each step is true, names
//! the file and says what to do.

use serde_json::Value;

use crate::guided::conflict_project;
use crate::merge::json;
use crate::util::TestDir;

/// A process id that is certainly gone (a child that already exited).
fn dead_pid() -> u32 {
    let mut gone = std::process::Command::new("true").spawn().expect("spawn");
    gone.wait().expect("wait");
    gone.id()
}

fn status(dir: &TestDir) -> (i32, Value) {
    let run = dir.run(&["--json", "status"]);
    (run.code, json(&run))
}

/// A journal a killed forklayer was still writing (`.tmp`, never armed)
/// changed nothing: the layer's real state is reported, not "a journal to
/// roll back" that no command would roll back.
#[test]
fn status_reports_the_real_state_under_a_journal_that_was_never_armed() {
    let dir = conflict_project();
    let tmp = format!(".forklayer-journal-{}.tmp", dead_pid());
    dir.write(&tmp, "half a journal");
    assert_eq!(status(&dir).1["state"], "clean");
    dir.run(&["merge", "2.0.0", "--from", "new"]).assert_code(1);
    dir.write(&tmp, "half a journal");
    let (code, doc) = status(&dir);
    assert_eq!((code, doc["state"].as_str()), (1, Some("merge")), "{doc}");
    let text = dir.run(&["status"]);
    assert!(text.stdout.starts_with("merge in progress: "), "{}", text.stdout);
    assert!(!text.stdout.contains("journal"), "{}", text.stdout);
}

/// The journal of a killed `rebuild --out D` in the project root is rolled
/// back by `rebuild --out D` alone: status does not call it a journal of
/// the layer that `check` rolls back (check leaves it, and status said so
/// forever); it names the directory and the command that repairs it.
#[test]
fn status_names_a_half_written_rebuild_output_and_the_command_that_repairs_it() {
    let dir = conflict_project();
    let pid = dead_pid();
    let journal = format!(".forklayer-journal-out-D-{pid}.tar");
    dir.write(&journal, "left by a killed rebuild --out D");
    dir.run(&["check"]).assert_code(0);
    assert!(dir.exists(&journal), "check does not roll an output's journal back");
    let (code, doc) = status(&dir);
    assert_eq!((code, doc["state"].as_str()), (0, Some("clean")), "{doc}");
    let output = &doc["outputs"][0];
    assert_eq!((output["directory"].as_str(), output["journal"].as_str()), (Some("D"), Some(journal.as_str())));
    assert_eq!(output["help"], "run `forklayer rebuild --out D` again: it rolls the directory back first");
    let text = dir.run(&["status"]);
    assert!(text.stdout.starts_with("clean: "), "{}", text.stdout);
    let said =
        format!("note: `D` was left half written by a `rebuild --out` that did not finish (forklayer process {pid}");
    assert!(text.stdout.contains(&said), "{}", text.stdout);
    assert!(text.stdout.contains("help: run `forklayer rebuild --out D` again"), "{}", text.stdout);
}
