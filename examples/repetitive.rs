//! In-process timings of anchoring (`anchor::generate`) and applying
//! (`anchor::apply`) on big files whose lines repeat, the known weak spot
//! of anchoring: every anchor must reach back to the previous edit to be
//! unique, and counting its occurrences in periodic text costs a pass over
//! the file (see benches/README.md, "Repetitive files").
//!
//! Usage: `cargo run --release --example repetitive [kind...] [lines...]`
//! (kinds `identical`, `period-50`, `distinct-ids`, default all three;
//! default 25,000, 50,000 and 100,000 lines; one edit every 100 lines).
//! The line diff is timed apart from anchoring given that diff.

#![allow(clippy::print_stdout)] // a benchmark prints its table

use std::time::Instant;

/// The line `i` of a file of kind `kind`, and its edited form.
fn line(kind: &str, i: usize) -> (String, String) {
    let text = match kind {
        "identical" => "  value = 0;\n".to_string(),
        "period-50" => format!("  \"key{}\": 0,\n", i % 50),
        _ => format!("  {{\"id\": {i}, \"on\": false}},\n"),
    };
    let edited = text.replacen("0;", "1;", 1).replacen(": 0,", ": 1,", 1).replacen("false", "true", 1);
    (text, edited)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![25_000, 50_000, 100_000] } else { sizes };
    let kinds: Vec<&str> = args.iter().map(String::as_str).filter(|a| a.parse::<usize>().is_err()).collect();
    let kinds = if kinds.is_empty() { vec!["identical", "period-50", "distinct-ids"] } else { kinds };
    for kind in kinds {
        for &lines in &sizes {
            let (mut base, mut fork) = (String::new(), String::new());
            for i in 0..lines {
                let (text, edited) = line(kind, i);
                base.push_str(&text);
                fork.push_str(if i % 100 == 50 { &edited } else { &text });
            }
            // The line diff alone, then anchoring given that diff.
            let start = Instant::now();
            let (old_lines, new_lines) =
                (forklayer::anchor::lines(base.as_bytes()), forklayer::anchor::lines(fork.as_bytes()));
            let ops = forklayer::linediff::diff_units(&old_lines, &new_lines);
            let diffed = start.elapsed();
            let start = Instant::now();
            let Some(replacements) = forklayer::anchor::generate_from_line_diff(&base, &fork, &ops) else {
                println!("{kind}: no anchors");
                continue;
            };
            let generated = start.elapsed();
            let start = Instant::now();
            let applied = forklayer::anchor::apply(&base, &replacements);
            let took = start.elapsed();
            assert!(applied.is_ok_and(|text| text == fork), "{kind} {lines}: the anchors rebuild the fork");
            let mean_old = replacements.iter().map(|r| r.old.len()).sum::<usize>() / replacements.len().max(1);
            println!(
                "{kind:12} {lines:7} lines: line diff {:8.1} ms, anchoring {:8.1} ms, apply {:8.1} ms ({} replacements, mean `old` {mean_old} B)",
                diffed.as_secs_f64() * 1e3,
                generated.as_secs_f64() * 1e3,
                took.as_secs_f64() * 1e3,
                replacements.len()
            );
        }
    }
}
