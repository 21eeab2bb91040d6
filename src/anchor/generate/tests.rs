use super::{generate_counting, Settings, Stats};
use crate::anchor::tests::{
    assert_linear, at_three_sizes, big_text, edit_lines, fixed_width_file, repetitive_file, same_as_the_literal_loop,
};
use crate::anchor::{apply, generate};
use crate::manifest::Replacement;
use crate::workload::SplitMix64;

/// Every way of anchoring a file: the default; a claim at every count
/// (windows of no more than the needle), proved by the automaton whatever
/// it costs; counting in the whole content (no claims, quadratic); suffix
/// arrays from the first count.
const WAYS: [(&str, Settings); 4] = [
    ("default", Settings::DEFAULT),
    ("claims", Settings { window: 0, limit: |_| None }),
    ("scanning", Settings { window: usize::MAX, limit: |_| None }),
    ("suffix arrays", Settings { window: 0, limit: |_| Some(0) }),
];

/// Anchors `base` → `fork` every way, asserts that the anchors are the same
/// and apply, and returns them.
pub(super) fn same_anchors_every_way(base: &str, fork: &str, what: &str) -> Vec<Replacement> {
    let anchors = generate(base, fork).expect("anchorable");
    assert_eq!(apply(base, &anchors).expect("applies"), fork, "{what}");
    for (way, settings) in WAYS {
        let (other, _) = generate_counting(base, fork, settings);
        assert!(other.as_ref() == Some(&anchors), "{what}: {way} anchors differ");
    }
    anchors
}

#[test]
fn on_big_files_every_way_of_counting_gives_the_same_anchors_and_results() {
    let mut rng = SplitMix64::new(0xB16_F11E);
    for round in 0..3 {
        let base = big_text(&mut rng, 12_000, round);
        let fork = edit_lines(&mut rng, &base);
        let anchors = same_anchors_every_way(&base, &fork, &format!("round {round}"));
        // Drift: the same manifest on an edited upstream fails (or not)
        // exactly as the literal loop says, with the same report.
        let drifted = edit_lines(&mut rng, &base);
        let _ = same_as_the_literal_loop(&drifted, &anchors, &format!("round {round}, drifted"));
        // Replacements out of order.
        let mut shuffled = anchors.clone();
        shuffled.swap(0, anchors.len() / 2);
        let _ = same_as_the_literal_loop(&base, &shuffled, &format!("round {round}, shuffled"));
    }
}

#[test]
fn a_needle_unique_near_its_edit_but_repeated_far_away_grows_as_exact_counting_says() {
    // Two identical blocks of distinct lines 100 KiB apart, an edit in the
    // second: the anchor is unique within its window long before it is in
    // the file, so the claim fails, and growth resumes (in a wider window)
    // until it reaches past where the blocks agree.
    let block: String = (0..400).map(|n| format!("\tconst v{n} = resolve({});\n", n * 7 % 13)).collect();
    let filler: String = (0..6_000).map(|n| format!("\t// filler line {n}\n")).collect();
    assert!(filler.len() > 100 * 1024);
    for (before, after) in [("header();\n", "footer();\n"), ("", "")] {
        let base = format!("{before}{block}{filler}{block}{after}");
        let fork = base.replacen("v300 = resolve", "v300 = check", 2).replacen("v300 = check", "v300 = resolve", 1);
        let anchors = same_anchors_every_way(&base, &fork, before);
        assert_eq!(anchors.len(), 1);
        assert!(anchors[0].old.len() > 3_000, "{before:?}: the anchor reaches past the copy: {}", anchors[0].old.len());
        let (_, stats) = generate_counting(&base, &fork, Settings::DEFAULT);
        assert!(stats.rounds > 1, "{before:?}: a claim failed: {stats:?}");
    }
}

/// The work of anchoring `base` into `fork` as `settings` say.
fn anchoring_work(base: &str, fork: &str, settings: Settings) -> Stats {
    let (replacements, stats) = generate_counting(base, fork, settings);
    assert_eq!(apply(base, &replacements.expect("anchorable")).expect("applies"), fork);
    stats
}

#[test]
fn anchoring_work_grows_linearly_with_the_file() {
    // Twice the lines (and edits, at a fixed density) may cost about twice
    // the work, never the four times of a scan per edit: by default and
    // with suffix arrays (a claim at every count, short needles included,
    // costs their occurrences each). Counted, not timed.
    for (way, settings) in WAYS {
        if way == "default" || way == "suffix arrays" {
            assert_linear(
                way,
                &at_three_sizes(|lines| {
                    let (base, fork) = fixed_width_file(lines);
                    anchoring_work(&base, &fork, settings).work as f64
                }),
            );
        }
    }
    // The measure does see quadratic growth: counting in the whole content.
    let scanning = Settings { window: usize::MAX, limit: |_| None };
    let (small, large) = (fixed_width_file(8_000), fixed_width_file(32_000));
    let (small, large) =
        (anchoring_work(&small.0, &small.1, scanning).work, anchoring_work(&large.0, &large.1, scanning).work);
    assert!(large > 8 * small, "work counting in the whole content: {small} at 8,000 lines, {large} at 32,000 lines");
}

#[test]
fn anchoring_work_grows_linearly_with_a_file_of_identical_lines() {
    // Every anchor must reach back to the previous edit, yet the counts
    // that make it unique stay linear in the file (with the limits
    // `generate` uses): what grows faster on such files is the line diff
    // (benches/README.md, "Repetitive files"). Counted, not timed.
    let work = at_three_sizes(|lines| {
        let (base, fork) = repetitive_file(lines, 1, "\n", true);
        let (replacements, stats) = generate_counting(&base, &fork, Settings::DEFAULT);
        assert_eq!(apply(&base, &replacements.expect("anchorable")).expect("applies"), fork);
        stats.work as f64
    });
    for pair in work.windows(2) {
        let ratio = pair[1] / pair[0];
        assert!(ratio <= 2.3, "work {work:?} at 8,000 / 16,000 / 32,000 lines: ×{ratio:.2} for twice the lines");
    }
}

#[test]
fn periodic_files_round_trip_with_the_same_anchors_every_way() {
    // Identical lines and lines repeating every 7 or 50 (non-ASCII keys
    // when even), LF and CRLF, with and without a final line end.
    for (period, eol, final_newline) in
        [(1, "\n", true), (1, "\r\n", false), (7, "\r\n", true), (50, "\n", false), (50, "\r\n", true)]
    {
        let (base, fork) = repetitive_file(6_000, period, eol, final_newline);
        same_anchors_every_way(&base, &fork, &format!("period {period} {eol:?}"));
    }
}
