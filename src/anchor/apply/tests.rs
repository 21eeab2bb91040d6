use super::apply_counting;
use crate::anchor::count::{work_limit, Limit};
use crate::anchor::tests::{
    assert_linear, at_three_sizes, big_text, edit_lines, fixed_width_file, literal_apply, repetitive_file,
    same_as_the_literal_loop,
};
use crate::anchor::{apply, generate, ApplyError};
use crate::manifest::Replacement;
use crate::workload::SplitMix64;

/// `lines` identical lines (`eol` ends), every `every`th edited.
fn identical_lines_densely_edited(lines: usize, every: usize, eol: &str) -> (String, String) {
    let line = format!("  value = 0;{eol}");
    let base = line.repeat(lines);
    let fork =
        (0..lines).map(|n| if n % every == every / 2 { line.replace("0;", "1;") } else { line.clone() }).collect();
    (base, fork)
}

#[test]
fn files_whose_lines_repeat_apply_to_the_end_as_the_literal_loop_does() {
    // The first anchor of such a file takes in nearly all of it, and the
    // second lies deep inside the text it wrote (one slow step); every
    // later one reaches back into the text the one before wrote.
    for eol in ["\n", "\r\n"] {
        let (base, fork) = identical_lines_densely_edited(6_000, 10, eol);
        let reps = generate(&base, &fork).expect("anchorable");
        assert!(reps.len() > 512, "{} replacements", reps.len());
        let applied = same_as_the_literal_loop(&base, &reps, &format!("{eol:?}"));
        assert!(applied.is_ok_and(|text| text == fork), "{eol:?}");
    }
}

/// `lines` lines `NNNNN=0`, and anchors `NNNNN=` → `NNNNN:` on every
/// 100th line from line 50.
fn numbered_lines_with_short_anchors(lines: usize) -> (String, Vec<Replacement>) {
    let base = (0..lines).map(|n| format!("{n:05}=0\n")).collect();
    let reps =
        (50..lines).step_by(100).map(|n| Replacement { old: format!("{n:05}="), new: format!("{n:05}:") }).collect();
    (base, reps)
}

#[test]
fn a_second_occurrence_in_the_written_text_is_reported_as_the_literal_loop_does() {
    let (base, reps) = numbered_lines_with_short_anchors(9_000);
    assert!(same_as_the_literal_loop(&base, &reps, "as written").is_ok());
    // #10 also writes a copy of #20's anchor: #20 is ambiguous, which only
    // its obligation (checked at the end) can see.
    let mut tampered = reps.clone();
    tampered[10].new.push_str(&reps[20].old);
    let found = same_as_the_literal_loop(&base, &tampered, "#10 writes a copy of #20");
    assert!(matches!(&found, Err(ApplyError::Drift { failures, .. }) if failures.len() == 1));
    // Then #21 starts at that copy and rewrites the text up to its own
    // line: the copy is overwritten, so it is checked before the cut.
    let patched: String = (0..9_000)
        .map(|n| match n {
            1050 => "01050:02050=0\n".to_string(),
            _ if n % 100 == 50 && n <= 2050 => format!("{n:05}:0\n"),
            _ => format!("{n:05}=0\n"),
        })
        .collect();
    let (from, to) = (patched.find("01050:02050=").expect("copy"), patched.find("02150=").expect("line") + 6);
    let old = patched[from..to].to_string();
    let new = format!("{}02150:", &old[..old.len() - 6]);
    tampered[21] = Replacement { old, new };
    let found = same_as_the_literal_loop(&base, &tampered, "#21 overwrites the copy");
    assert!(found.is_err(), "#20 is ambiguous before #21 overwrites the copy");
    // A one-byte anchor found only inside the written text cuts it back
    // below where an earlier step's obligation reaches: #41 (`K`,
    // deleted) is ambiguous through the copy #40 wrote just before it,
    // which #42 (`Y`) then moves out of that obligation's reach.
    let base_k = base.replacen("04050=0\n", "04050=K0\n", 1);
    let mut cut_back: Vec<Replacement> = reps[..40].to_vec();
    cut_back.push(Replacement { old: "04050=".into(), new: "04050:YK".into() });
    cut_back.push(Replacement { old: "K".into(), new: String::new() });
    cut_back.push(Replacement { old: "Y".into(), new: "----------".into() });
    let found = same_as_the_literal_loop(&base_k, &cut_back, "#42 cuts back over #40's copy");
    assert!(matches!(&found, Err(ApplyError::Drift { failures, .. }) if failures.len() == 1));
    // An anchor that occurs many times in the text written so far.
    let mut short = reps.clone();
    short.push(Replacement { old: "50:".to_string(), new: "50;".to_string() });
    let found = same_as_the_literal_loop(&base, &short, "`50:` appended");
    assert!(found.is_err(), "`50:` occurs 90 times");
}

#[test]
fn tampered_manifests_with_short_anchors_apply_as_the_literal_loop_says() {
    // Random manifests over a big file of numbered lines: short anchors,
    // news that write letters and copies of later anchors, one- and
    // two-letter anchors that may lie in the text written so far, and long
    // anchors reaching back over what the two previous replacements wrote.
    let mut rng = SplitMix64::new(0x5_4A11);
    let letters = ["K", "Y", "Z"];
    for round in 0..80 {
        let mut base: String = (0..9_000).map(|n| format!("{n:05}=0\n")).collect();
        for _ in 0..rng.below(4) {
            let at = base.find(&format!("{:05}=", rng.below(9_000))).expect("line");
            base.insert_str(at, letters[rng.below(3) as usize]);
        }
        let lines: Vec<usize> = (0..45).map(|i| 50 + 190 * i + rng.below(20) as usize).collect();
        // The content as the literal loop patches it, to cut long anchors from.
        let mut current = base.clone();
        let mut written: Vec<usize> = Vec::new();
        let mut reps = Vec::new();
        let push = |reps: &mut Vec<Replacement>, current: &mut String, written: &mut Vec<usize>, rep: Replacement| {
            if current.matches(rep.old.as_str()).count() == 1 {
                let at = current.find(rep.old.as_str()).expect("found");
                current.replace_range(at..at + rep.old.len(), &rep.new);
                written.push(at);
            }
            reps.push(rep);
        };
        for (i, n) in lines.iter().enumerate() {
            let mut suffix = String::new();
            match rng.below(12) {
                0 => suffix.push_str(letters[rng.below(3) as usize]),
                1 | 2 => suffix.push_str(&format!("{:05}=", lines[(i + 1 + rng.below(2) as usize).min(44)])),
                3 => suffix.push_str("YK"),
                _ => {}
            }
            let anchor = format!("{n:05}=");
            let rep = match (current.find(&anchor), written.len().checked_sub(2).map(|k| written[k])) {
                (Some(at), Some(from)) if rng.below(3) == 0 && from < at => {
                    let old = current[from.saturating_sub(rng.below(8) as usize)..at + anchor.len()].to_string();
                    let new = format!("{}:{suffix}", &old[..old.len() - 1]);
                    Replacement { old, new }
                }
                _ => Replacement { old: anchor, new: format!("{n:05}:{suffix}") },
            };
            push(&mut reps, &mut current, &mut written, rep);
            if rng.below(12) == 0 {
                let old: String = (0..1 + rng.below(2)).map(|_| letters[rng.below(3) as usize]).collect();
                let new = if rng.below(2) == 0 { String::new() } else { "-".repeat(rng.below(12) as usize) };
                push(&mut reps, &mut current, &mut written, Replacement { old, new });
            }
        }
        let _ = same_as_the_literal_loop(&base, &reps, &format!("round {round}"));
    }
}

/// `text` cut at character boundaries: `chars` characters from character
/// `from` (clamped to the text).
fn chars_at(text: &str, from: usize, chars: usize) -> String {
    text.chars().skip(from).take(chars).collect()
}

#[test]
fn random_hand_written_manifests_apply_as_the_literal_loop_says() {
    // Small texts over a tiny alphabet: anchors that are missing, that
    // occur twice, that overlap themselves (`aa` in `aaa`: once for the
    // non-overlapping count), that lie in or reach into text an earlier
    // replacement wrote, that go backwards, empty ones, and news that
    // write copies of other anchors.
    let mut rng = SplitMix64::new(0xA_991E);
    let pieces = ["a", "b", "a", "\n", "é", "ab", "aa", "🙂"];
    let pick = |rng: &mut SplitMix64, n: u64| -> String {
        (0..rng.below(n + 1)).map(|_| pieces[rng.below(pieces.len() as u64) as usize]).collect()
    };
    let (mut applied, mut failed) = (0, 0);
    for case in 0..4_000 {
        let upstream = pick(&mut rng, 30);
        let mut current = upstream.clone();
        // Where the last replacement applied wrote (characters of `current`).
        let mut written: Option<(usize, usize)> = None;
        let mut reps: Vec<Replacement> = Vec::new();
        for _ in 0..1 + rng.below(8) {
            let chars = current.chars().count() as u64;
            let old = match rng.below(9) {
                0..=2 => chars_at(&current, rng.below(chars + 1) as usize, 1 + rng.below(5) as usize),
                3 => pick(&mut rng, 3),
                4 => match written {
                    Some((at, len)) => {
                        let from = at.saturating_sub(rng.below(3) as usize);
                        chars_at(&current, from, at - from + len + rng.below(4) as usize)
                    }
                    None => chars_at(&current, 0, 2),
                },
                5 => ["aa", "aaa", "aba"][rng.below(3) as usize].to_string(),
                6 if rng.below(4) == 0 => String::new(),
                _ => chars_at(&current, rng.below(chars / 2 + 1) as usize, 1 + rng.below(3) as usize),
            };
            let mut new = pick(&mut rng, 3);
            if rng.below(4) == 0 {
                if let Some(earlier) = reps.last() {
                    new.push_str(&earlier.old);
                }
            }
            let count = crate::anchor::count_non_overlapping(current.as_bytes(), old.as_bytes());
            if let (1, Some(at)) = (count, current.find(old.as_str())) {
                current.replace_range(at..at + old.len(), &new);
                let at_chars = current[..at].chars().count();
                written = Some((at_chars, new.chars().count()));
            }
            reps.push(Replacement { old, new });
        }
        match same_as_the_literal_loop(&upstream, &reps, &format!("case {case}: {upstream:?} {reps:?}")) {
            Ok(_) => applied += 1,
            Err(_) => failed += 1,
        }
    }
    assert!(applied > 300 && failed > 300, "{applied} applied, {failed} failed");
}

#[test]
fn tampered_generated_manifests_apply_as_the_literal_loop_says() {
    // Generated anchors reach into the text the replacement before wrote
    // (repeated blocks); tampered, they go backwards, repeat, write copies
    // of later anchors or lose their ends.
    let mut rng = SplitMix64::new(0x7A_3FE2);
    for round in 0..40 {
        let lines = 300 + rng.below(300) as usize;
        let base = big_text(&mut rng, lines, round);
        let once = edit_lines(&mut rng, &base);
        let fork = edit_lines(&mut rng, &once);
        let Some(reps) = generate(&base, &fork) else { continue };
        assert_eq!(apply(&base, &reps).expect("applies"), fork, "round {round}");
        if reps.len() < 2 {
            continue;
        }
        let mut tampered = reps.clone();
        let (i, j) = (rng.below(reps.len() as u64) as usize, rng.below(reps.len() as u64) as usize);
        match round % 5 {
            0 => tampered.reverse(),
            1 => tampered.insert(j, reps[i].clone()),
            2 => tampered[i.min(j)].new.push_str(&reps[i.max(j)].old),
            3 => {
                let old = &mut tampered[i].old;
                let keep = old.char_indices().nth(old.chars().count() / 2).map_or(0, |(at, _)| at);
                old.truncate(keep);
            }
            _ => {
                tampered.remove(i);
            }
        }
        let _ = same_as_the_literal_loop(&base, &tampered, &format!("round {round}"));
        let drifted = edit_lines(&mut rng, &base);
        let _ = same_as_the_literal_loop(&drifted, &reps, &format!("round {round}, drifted"));
    }
}

/// The work of applying the manifest `generate` writes for `base` →
/// `fork` with the given work limit, checking the result.
fn applying_work(base: &str, fork: &str, limit: Limit) -> f64 {
    let reps = generate(base, fork).expect("anchorable");
    let (applied, work) = apply_counting(base, &reps, limit);
    assert!(applied.is_ok_and(|text| text == fork));
    work as f64
}

#[test]
fn applying_work_grows_linearly_with_the_file() {
    // Twice the lines (and edits, at a fixed density) may cost about twice
    // the work, never the four times of a count over the whole content per
    // replacement: distinct lines, identical lines (the first anchor spans
    // nearly the whole file, every later one reaches back into the text
    // the one before wrote) and lines repeating every 7 or 50, with the
    // work limit `apply` uses and with suffix arrays for every claim.
    // Counted, not timed.
    type File = fn(usize) -> (String, String);
    let files: [(&str, File); 4] = [
        ("distinct", fixed_width_file),
        ("identical", |lines| repetitive_file(lines, 1, "\n", true)),
        ("period 7", |lines| repetitive_file(lines, 7, "\r\n", true)),
        ("period 50", |lines| repetitive_file(lines, 50, "\n", false)),
    ];
    let limits: [(&str, Limit); 2] = [("default", work_limit), ("suffix arrays", |_| Some(0))];
    for (name, file) in files {
        for (way, limit) in limits {
            let work = at_three_sizes(|lines| {
                let (base, fork) = file(lines);
                applying_work(&base, &fork, limit)
            });
            assert_linear(&format!("{name}, {way}"), &work);
        }
    }
    // The measure does see quadratic growth: on a file holding the
    // original twice, every anchor is ambiguous, and each is found so by
    // counting in the whole content, as the literal loop does.
    let doubled = |lines: usize| {
        let (base, _) = fixed_width_file(lines);
        let reps = generate(&base, &fixed_width_file(lines).1).expect("anchorable");
        let (applied, work) = apply_counting(&base.repeat(2), &reps, work_limit);
        assert!(applied.is_err());
        work as f64
    };
    let (small, large) = (doubled(8_000), doubled(32_000));
    assert!(large > 8.0 * small, "work on ambiguous anchors: {small} at 8,000 lines, {large} at 32,000 lines");
}

#[test]
fn the_literal_loop_is_what_apply_is_compared_with() {
    // The oracle itself, on the cases the definition spells out.
    let reps = |pairs: &[(&str, &str)]| -> Vec<Replacement> {
        pairs.iter().map(|(old, new)| Replacement { old: old.to_string(), new: new.to_string() }).collect()
    };
    assert_eq!(literal_apply("aaa", &reps(&[("aa", "b")])).expect("once, non-overlapping"), "ba");
    assert_eq!(literal_apply("xy", &reps(&[("x", "yx"), ("yx", "z")])).expect("in written text"), "zy");
    let Err(ApplyError::Drift { failures, .. }) = literal_apply("aaaa", &reps(&[("aa", "b"), ("", "c")])) else {
        panic!("`aa` twice and an empty `old` both fail");
    };
    assert_eq!(failures.iter().map(|f| (f.index, f.count)).collect::<Vec<_>>(), vec![(0, 2), (1, 2)]);
}
