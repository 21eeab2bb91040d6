use crate::anchor::{apply, count_non_overlapping, generate, ApplyError};
use crate::manifest::Replacement;

fn round_trip(base: &str, fork: &str) -> Vec<Replacement> {
    let reps = generate(base, fork).expect("anchorable");
    assert_eq!(apply(base, &reps).expect("applies"), fork, "replacements: {reps:?}");
    reps
}

#[test]
fn single_token_change_gets_a_small_unique_anchor() {
    let base = "const a = 1;\nconst b = 2;\nconst c = 3;\n";
    let fork = "const a = 1;\nconst b = 20;\nconst c = 3;\n";
    let reps = round_trip(base, fork);
    assert_eq!(reps.len(), 1);
    assert!(reps[0].old.len() <= 4, "anchor not minimal: {:?}", reps[0].old);
}

#[test]
fn repeated_blocks_grow_context_until_unique() {
    let block = "if (x) {\n  return y;\n}\n";
    let base = format!("{block}{block}{block}// end\n");
    let fork = format!("{block}{block}if (x) {{\n  return z;\n}}\n// end\n");
    round_trip(&base, &fork);
}

#[test]
fn insertion_before_first_line_and_append_without_newline() {
    round_trip("a\nb", "first\na\nb");
    round_trip("a\nb", "a\nb and more");
    round_trip("a\nb", "a\nb\n");
    round_trip("a\nb\n", "a\nb");
}

#[test]
fn crlf_bom_and_mixed_endings_survive() {
    round_trip("\u{feff}a\r\nb\nc\r\n", "\u{feff}a\r\nB\nc\r\nd\n");
    round_trip("\u{feff}x", "x");
}

#[test]
fn pure_deletions_and_emptying_a_file() {
    round_trip("a\nb\nc\n", "a\nc\n");
    round_trip("only\n", "");
}

#[test]
fn empty_base_cannot_be_anchored() {
    assert!(generate("", "new\n").is_none());
    assert_eq!(generate("", "").expect("nothing to do"), vec![]);
}

#[test]
fn minified_line_with_two_edits_gets_two_small_replacements() {
    let mut base = String::new();
    for i in 0..3000 {
        base.push_str(&format!("function f{i}(a){{return a+{i}}};"));
    }
    let fork = base.replace("return a+17}", "return a+18}").replace("return a+2900}", "return a*2900}");
    let reps = round_trip(&base, &fork);
    assert_eq!(reps.len(), 2);
    assert!(reps.iter().all(|r| r.old.len() < 40), "{reps:?}");
}

#[test]
fn identical_lines_everywhere_still_anchor() {
    let base = "x\n".repeat(500);
    let mut fork = base.clone();
    fork.insert_str(400, "y\n");
    round_trip(&base, &fork);
}

#[test]
fn drift_reports_every_failure_with_counts() {
    let reps = vec![
        Replacement { old: "gone".into(), new: "x".into() },
        Replacement { old: "dup".into(), new: "y".into() },
        Replacement { old: "ok".into(), new: "fine".into() },
    ];
    let err = apply("dup dup ok\nlast line gon", &reps).expect_err("drift");
    let ApplyError::Drift { failures, total } = err;
    assert_eq!(total, 3);
    assert_eq!(failures.len(), 2);
    assert_eq!((failures[0].index, failures[0].count), (0, 0));
    assert_eq!((failures[1].index, failures[1].count), (1, 2));
}

#[test]
fn non_overlapping_count_follows_the_seed_semantics() {
    assert_eq!(count_non_overlapping(b"aaaa", b"aa"), 2);
    assert_eq!(count_non_overlapping(b"aaa", b"aa"), 1);
}
