use super::apply::apply_counting;
use super::count::{work_limit, Limit};
use super::report::{failure, Applied};
use crate::anchor::{apply, count_non_overlapping, generate, ApplyError};
use crate::manifest::Replacement;
use crate::workload::SplitMix64;

/// Applying by definition, word for word: count, find and replace in the
/// whole content at every step. The oracle [`apply`] must agree with.
pub(super) fn literal_apply(content: &str, replacements: &[Replacement]) -> Result<String, ApplyError> {
    let (mut current, mut applied, mut failures) = (content.to_string(), Vec::new(), Vec::new());
    for (index, rep) in replacements.iter().enumerate() {
        let count = count_non_overlapping(current.as_bytes(), rep.old.as_bytes());
        match current.find(rep.old.as_str()) {
            Some(at) if count == 1 => {
                current.replace_range(at..at + rep.old.len(), &rep.new);
                applied.push(Applied { index, at, old_len: rep.old.len(), new_len: rep.new.len() });
            }
            _ => failures.push(failure(content, &current, &applied, index, count, &rep.old)),
        }
    }
    if failures.is_empty() {
        Ok(current)
    } else {
        Err(ApplyError::Drift { failures, total: replacements.len() })
    }
}

/// Applies `reps` to `base` with every work limit (suffix arrays for every
/// claim, the default, the automaton always) and by [`literal_apply`],
/// asserts they agree exactly (result or whole report, shown in short as `Ok(<n>
/// bytes)` or `Err([(index, count), ...])` if not), and returns it.
pub(super) fn same_as_the_literal_loop(base: &str, reps: &[Replacement], what: &str) -> Result<String, ApplyError> {
    let summary = |r: &Result<String, ApplyError>| match r {
        Ok(text) => format!("Ok({} bytes)", text.len()),
        Err(ApplyError::Drift { failures, .. }) => {
            format!("Err({:?})", failures.iter().map(|f| (f.index, f.count)).collect::<Vec<_>>())
        }
    };
    let literal = literal_apply(base, reps);
    let limits: [(&str, Limit); 3] = [("suffix arrays", |_| Some(0)), ("default", work_limit), ("automaton", |_| None)];
    for (way, limit) in limits {
        let (applied, _) = apply_counting(base, reps, limit);
        assert!(
            format!("{applied:?}") == format!("{literal:?}"),
            "{what}, {way}: {} / {}",
            summary(&applied),
            summary(&literal)
        );
    }
    literal
}

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

/// Deterministic pseudo-random texts over a tiny alphabet: maximal
/// repetition, CR/LF mixes and multi-byte characters stress anchoring.
#[test]
fn random_edits_over_repetitive_texts_always_round_trip() {
    let mut rng = SplitMix64::new(0x1234_5678);
    let mut next = move |n: u64| rng.below(n);
    let alphabet = ["a", "b", " ", "\n", "\r\n", ";", "é", "{", "}", "ab"];
    for case in 0..400 {
        let len = next(60) as usize;
        let base: Vec<&str> = (0..len).map(|_| alphabet[next(alphabet.len() as u64) as usize]).collect();
        let mut fork = base.clone();
        for _ in 0..=next(4) {
            let pos = if fork.is_empty() { 0 } else { next(fork.len() as u64 + 1) as usize };
            match next(3) {
                0 => fork.insert(pos, alphabet[next(alphabet.len() as u64) as usize]),
                1 if pos < fork.len() => {
                    fork.remove(pos);
                }
                _ if pos < fork.len() => fork[pos] = alphabet[next(alphabet.len() as u64) as usize],
                _ => fork.push("z"),
            }
        }
        let (base, fork) = (base.concat(), fork.concat());
        match generate(&base, &fork) {
            Some(reps) => {
                assert_eq!(apply(&base, &reps).expect("applies"), fork, "case {case}: {base:?} -> {fork:?}: {reps:?}")
            }
            None => assert!(base.is_empty(), "case {case}: only an empty base may be unanchorable"),
        }
    }
}

#[test]
fn inconsistent_delete_positions_from_the_diff_do_not_corrupt_edits() {
    // Regression: similar's compaction once reported a pure deletion one
    // token late on the new side; hunks now come from equal runs only.
    round_trip(
        "\r\n\r\nab{b b\n{{}{éa{ab{}a\r\nab ;b ;b};\r\nab éb\né}",
        "\r\n\r\n\r\nab{b b\n{{}}éa{ab{}aab ;b;;b};\r\nab éb\né}",
    );
}

/// Large hunks go through the segment level; random edits there must
/// round-trip too.
#[test]
fn random_edits_in_large_single_line_hunks_round_trip() {
    let mut rng = SplitMix64::new(0xABCD_EF01);
    let mut next = move |n: u64| rng.below(n);
    let alphabet = ["var x=1;", "f(a,b)", "{", "}", ",", "return y;", "é", " "];
    for case in 0..40 {
        let len = 1000 + next(1500) as usize;
        let base: Vec<&str> = (0..len).map(|_| alphabet[next(alphabet.len() as u64) as usize]).collect();
        let mut fork = base.clone();
        for _ in 0..=next(6) {
            let pos = next(fork.len() as u64) as usize;
            match next(3) {
                0 => fork.insert(pos, alphabet[next(alphabet.len() as u64) as usize]),
                1 => {
                    fork.remove(pos);
                }
                _ => fork[pos] = alphabet[next(alphabet.len() as u64) as usize],
            }
        }
        let (base, fork) = (base.concat(), fork.concat());
        let reps = generate(&base, &fork).expect("anchorable");
        assert_eq!(apply(&base, &reps).expect("applies"), fork, "case {case}");
    }
}

#[test]
fn long_growth_through_multibyte_text_still_gives_an_anchor() {
    // Over 64 growth steps the context grows by byte counts; those cuts
    // must land on character boundaries, or the file is carried whole.
    let unit = "éé\n";
    for pad in 0..4 {
        for line in [3usize, 50, 100, 197] {
            let base = format!("{}{}end\n", "a".repeat(pad), unit.repeat(200));
            let mut fork = base.clone();
            let at = pad + unit.len() * line;
            fork.replace_range(at..at + unit.len(), "éa\n");
            let reps = generate(&base, &fork).unwrap_or_else(|| panic!("pad {pad}, line {line}: no anchor"));
            assert_eq!(apply(&base, &reps).expect("applies"), fork);
        }
    }
}

pub(super) fn reps(pairs: &[(&str, &str)]) -> Vec<Replacement> {
    pairs.iter().map(|(old, new)| Replacement { old: old.to_string(), new: new.to_string() }).collect()
}

fn failures(content: &str, replacements: &[Replacement]) -> Vec<crate::anchor::AnchorFailure> {
    match apply(content, replacements) {
        Err(ApplyError::Drift { failures, .. }) => failures,
        Ok(out) => panic!("expected drift, got {out:?}"),
    }
}

#[test]
fn an_ambiguous_anchor_is_reported_at_upstream_lines_not_patched_ones() {
    // Replacement #0 turns line 1 into two lines: the matches of #1 on
    // upstream lines 3 and 5 are on lines 4 and 6 of the patched text.
    let upstream = "head\nx\ndup();\ny\ndup();\n";
    let found = failures(upstream, &reps(&[("head\n", "head\nadded\n"), ("dup();", "z")]));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].upstream_lines, vec![3, 5]);
    assert_eq!(found[0].patched_lines, vec![4, 6]);
    let near = found[0].nearest.as_deref().unwrap_or_default();
    assert!(near.starts_with("occurrences at upstream lines 3, 5 (lines 4, 6 of the file as patched"), "{near}");
}

#[test]
fn a_missing_anchor_points_at_the_upstream_line_of_its_longest_surviving_prefix() {
    let upstream = "a\nb\nconst mode = 'workspace-write';\nother();\n";
    let inserted = "line\n".repeat(5);
    let found = failures(upstream, &reps(&[("a\n", &format!("a\n{inserted}")), ("const mode = 'read-only';", "x")]));
    assert_eq!(found[0].upstream_lines, vec![3]);
    assert_eq!(found[0].patched_lines, vec![8]);
    let near = found[0].nearest.as_deref().unwrap_or_default();
    assert!(near.starts_with("upstream line 3: \"const mode = 'workspace-write';\""), "{near}");
}

#[test]
fn the_nearest_candidate_is_the_longest_prefix_not_the_first_halving_that_hits() {
    // `old/2` ("function alpha(x) ") occurs first on line 1; the real
    // anchor site on line 3 shares a much longer prefix.
    let upstream = "function alpha(x) {}\nfiller\nfunction alpha(x) { return x + 1; }\n";
    let old = "function alpha(x) { return x + 2; }";
    let found = failures(upstream, &reps(&[(old, "y")]));
    assert_eq!(found[0].upstream_lines, vec![3], "{:?}", found[0]);
}

/// The brute-force oracle: try every length, longest first.
fn oracle_prefix(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    (1..=needle.len()).rev().find_map(|len| hay.windows(len).position(|w| w == &needle[..len]).map(|pos| (len, pos)))
}

fn oracle_suffix(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    (1..=needle.len()).rev().find_map(|len| {
        let tail = &needle[needle.len() - len..];
        hay.windows(len).position(|w| w == tail).map(|pos| (len, pos))
    })
}

#[test]
fn longest_prefix_and_suffix_agree_with_a_brute_force_oracle() {
    use crate::anchor::{longest_prefix_match, longest_suffix_match};
    let mut rng = SplitMix64::new(0x5eed_0016);
    for case in 0..3000 {
        // Small alphabets make partial matches of every length common.
        let alphabet: &[u8] = if case % 2 == 0 { b"ab" } else { b"abc\n" };
        let pick = |rng: &mut SplitMix64, n: usize| -> Vec<u8> {
            (0..n).map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize]).collect()
        };
        let hay_len = (rng.next_u64() % 40) as usize;
        let needle_len = (rng.next_u64() % 12) as usize;
        let hay = pick(&mut rng, hay_len);
        let needle = pick(&mut rng, needle_len);
        assert_eq!(
            longest_prefix_match(&hay, &needle),
            oracle_prefix(&hay, &needle),
            "case {case}: {hay:?} {needle:?}"
        );
        assert_eq!(
            longest_suffix_match(&hay, &needle),
            oracle_suffix(&hay, &needle),
            "case {case}: {hay:?} {needle:?}"
        );
    }
}

#[test]
fn among_equal_prefix_sites_the_one_where_the_rest_of_old_lines_up_is_named() {
    // The longest surviving prefix (" validateEscalat") occurs on lines 1
    // and 3; only on line 3 does the rest of `old` ("Args,") follow.
    let upstream = "x validateEscalationLevel(a);\nfiller\ny validateEscalationArgs, z\n";
    let found = failures(upstream, &reps(&[(" validateEscalat§§§Args,", "n")]));
    assert_eq!(found[0].upstream_lines, vec![3], "{:?}", found[0]);
}

/// A big text of repetitive lines, of one of four shapes (`shape % 4`): short lines, CRLF
/// lines, a block repeated over and over (anchors must grow past whole
/// blocks), control and non-ASCII characters.
pub(super) fn big_text(rng: &mut SplitMix64, lines: usize, shape: usize) -> String {
    let words: &[&str] = match shape % 4 {
        3 => &["\0", "\u{1}\u{7f}", "\r", "ÿ", "é🙂", "x"],
        _ => &["sandbox", "policy", "}", "return x;", "grant(a, b);", "é🙂"],
    };
    let end = if shape % 4 == 1 { "\r\n" } else { "\n" };
    let mut line = |_| format!("\t{} {}{end}", words[rng.below(words.len() as u64) as usize], rng.below(40));
    if shape % 4 == 2 {
        let block: String = (0..50).map(&mut line).collect();
        return block.repeat(lines / 50);
    }
    (0..lines).map(line).collect()
}

pub(super) fn edit_lines(rng: &mut SplitMix64, base: &str) -> String {
    let mut out = String::new();
    for line in base.split_inclusive('\n') {
        match rng.below(200) {
            0 => {}
            1 => out.push_str("\tadded line\n"),
            2 => out.push_str(&line.replace("sandbox", "sandboxed")),
            3 => {
                out.push_str(line);
                out.push_str(line);
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// A file of `lines` lines, each with its own 6-letter identifier (so
/// anchors need as much context at any size), every 100th line edited: an
/// identifier renamed (its old name is a short, rare needle), a line added
/// after it or the line removed. Deterministic.
pub(super) fn fixed_width_file(lines: usize) -> (String, String) {
    let mut rng = SplitMix64::new(0x11_4EA2);
    let (mut base, mut fork) = (String::new(), String::new());
    for n in 0..lines {
        let id: String = (0..6).map(|_| char::from(b'a' + rng.below(26) as u8)).collect();
        // Edits fall on every 100th line, always a declaration, so the
        // edits double exactly with the lines.
        let line = match if n % 100 == 0 { 0 } else { rng.below(3) } {
            0 => format!("\tconst {id} = load();\n"),
            1 => format!("\tif ({id}) return;\n"),
            _ => format!("\t}} // {id}\n"),
        };
        base.push_str(&line);
        match (n % 100, n / 100 % 3) {
            (1.., _) => fork.push_str(&line),
            (0, 0) => fork.push_str(&line.replace(&id, &format!("{id}_checked"))),
            (0, 1) => fork.push_str(&format!("{line}\tcheck();\n")),
            (0, _) => {}
        }
    }
    (base, fork)
}

/// `measure` at 8,000, 16,000 and 32,000 lines.
pub(super) fn at_three_sizes(measure: impl Fn(usize) -> f64) -> Vec<f64> {
    [8_000, 16_000, 32_000].into_iter().map(measure).collect()
}

/// A file of `lines` lines that repeat (`period` 1: every line
/// identical), every 100th line edited, with the given line end; without
/// `final_newline` the last line end is dropped. The lines carry non-ASCII
/// text when `period` is even.
pub(super) fn repetitive_file(lines: usize, period: usize, eol: &str, final_newline: bool) -> (String, String) {
    let (mut base, mut fork) = (String::new(), String::new());
    for n in 0..lines {
        let key = if period.is_multiple_of(2) { format!("clé{}", n % period) } else { format!("key{}", n % period) };
        let line = format!("  \"{key}\": 0,{eol}");
        base.push_str(&line);
        fork.push_str(&if n % 100 == 50 { line.replace(": 0,", ": 1,") } else { line });
    }
    if !final_newline {
        base.truncate(base.len() - eol.len());
        fork.truncate(fork.len() - eol.len());
    }
    (base, fork)
}

/// Asserts that `work`, measured at the sizes of [`at_three_sizes`], grows
/// about linearly: at most ×2.3 for twice the lines.
pub(super) fn assert_linear(what: &str, work: &[f64]) {
    for pair in work.windows(2) {
        let ratio = pair[1] / pair[0];
        assert!(ratio <= 2.3, "{what}: work {work:?} at 8,000 / 16,000 / 32,000 lines: ×{ratio:.2}");
    }
}

#[test]
fn an_occurrence_inside_text_an_earlier_replacement_wrote_is_labelled_so() {
    // Replacement #0 writes a second `dup();` after line 1; the report
    // still gives an upstream line for it (where #0 starts), labelled, since
    // upstream line 1 does not hold it.
    let upstream = "head\nx\ndup();\n";
    let found = failures(upstream, &reps(&[("head\n", "head\ndup();\n"), ("dup();", "z")]));
    assert_eq!(found[0].upstream_lines, vec![1, 3]);
    assert_eq!(found[0].written_by, vec![Some(0), None]);
    let near = found[0].nearest.as_deref().unwrap_or_default();
    assert!(
        near.starts_with("occurrences at upstream lines 1 (inside the text replacement #0 writes there), 3 ("),
        "{near}"
    );
    // A vanished anchor whose nearest candidate is in such text quotes the
    // line that holds it, not the upstream line.
    let found = failures("a\nb\n", &reps(&[("a\n", "a\nconst mode = 'read';\n"), ("const mode = 'write';", "y")]));
    assert_eq!(found[0].written_by, vec![Some(0)]);
    let near = found[0].nearest.as_deref().unwrap_or_default();
    assert!(
        near.starts_with("upstream line 1 (inside the text replacement #0 writes there): \"const mode = 'read';\""),
        "{near}"
    );
    // Places in upstream text carry no label.
    let found = failures("a\nb\nb\n", &reps(&[("a\n", "a\nc\n"), ("b\n", "y")]));
    assert!(found[0].written_by.is_empty(), "{:?}", found[0]);
}

/// Brute-force model of a drift report: the content after the earlier
/// replacements and, per byte, the upstream position it comes from and the
/// earliest replacement whose text holds it (text a replacement wrote maps
/// to where that replacement starts).
fn drift_model(upstream: &[u8], earlier: &[(usize, usize, Vec<u8>)]) -> (Vec<u8>, Vec<(usize, Option<usize>)>) {
    let mut content = upstream.to_vec();
    let mut origin: Vec<(usize, Option<usize>)> = (0..upstream.len()).map(|p| (p, None)).collect();
    for (k, (at, len, new)) in earlier.iter().enumerate() {
        let (pos, by) = origin[*at];
        content.splice(*at..*at + *len, new.iter().copied());
        origin.splice(*at..*at + *len, std::iter::repeat_n((pos, Some(by.unwrap_or(k))), new.len()));
    }
    (content, origin)
}

#[test]
fn drift_reports_agree_with_a_brute_force_model_on_random_cases() {
    let mut rng = SplitMix64::new(0x0a_0016);
    let alphabet = b"ab\nc";
    let pick = |rng: &mut SplitMix64, n: usize| -> Vec<u8> {
        (0..n).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect()
    };
    let line = |text: &[u8], pos: usize| text[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
    let (mut missing, mut ambiguous) = (0, 0);
    for case in 0..20_000 {
        let n = 10 + rng.below(50) as usize;
        let upstream = pick(&mut rng, n);
        let (mut pairs, mut earlier, mut content) = (Vec::new(), Vec::new(), upstream.clone());
        for _ in 0..rng.below(3) {
            let len = 2 + rng.below(4) as usize;
            if content.len() <= len {
                break;
            }
            let at = rng.below((content.len() - len) as u64) as usize;
            let old = content[at..at + len].to_vec();
            if count_non_overlapping(&content, &old) != 1 {
                continue;
            }
            let at = memchr::memmem::find(&content, &old).expect("occurs");
            let n = rng.below(8) as usize;
            let new = pick(&mut rng, n);
            content.splice(at..at + len, new.iter().copied());
            pairs.push((String::from_utf8(old).expect("ascii"), String::from_utf8(new.clone()).expect("ascii")));
            earlier.push((at, len, new));
        }
        // Half the time a piece of the content (often there more than once).
        let n = 4 + rng.below(10) as usize;
        let old = match rng.below(2) {
            0 if content.len() > 8 => {
                let len = 2 + rng.below(3) as usize;
                let at = rng.below((content.len() - len) as u64) as usize;
                content[at..at + len].to_vec()
            }
            _ => pick(&mut rng, n),
        };
        let count = count_non_overlapping(&content, &old);
        if count == 1 {
            continue;
        }
        pairs.push((String::from_utf8(old.clone()).expect("ascii"), "Z".into()));
        let all: Vec<(&str, &str)> = pairs.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let found = failures(std::str::from_utf8(&upstream).expect("ascii"), &reps(&all));
        let f = &found[0];
        let (patched, origin) = drift_model(&upstream, &earlier);
        assert_eq!(patched, content, "case {case}");
        let now_lines = if f.patched_lines.is_empty() { f.upstream_lines.clone() } else { f.patched_lines.clone() };
        let by = |i: usize| f.written_by.get(i).copied().flatten();
        if count > 1 {
            ambiguous += 1;
            let sites: Vec<usize> = memchr::memmem::find_iter(&patched, &old).take(3).collect();
            for (i, &site) in sites.iter().enumerate() {
                assert_eq!(now_lines[i], line(&patched, site), "case {case}");
                assert_eq!(f.upstream_lines[i], line(&upstream, origin[site].0), "case {case}");
                assert_eq!(by(i), origin[site].1, "case {case}");
            }
            continue;
        }
        // The longest prefix and suffix still present, by trying every length.
        let p = oracle_prefix(&patched, &old).map_or(0, |x| x.0);
        let s = oracle_suffix(&patched, &old).map_or(0, |x| x.0);
        if p.max(s) < 4 {
            assert!(f.upstream_lines.is_empty(), "case {case}: {f:?}");
            continue;
        }
        missing += 1;
        let piece: &[u8] = if p >= s { &old[..p] } else { &old[old.len() - s..] };
        let sites = (0..=patched.len() - piece.len()).filter(|&i| &patched[i..i + piece.len()] == piece);
        let fits = |i: usize| {
            line(&patched, i) == now_lines[0]
                && line(&upstream, origin[i].0) == f.upstream_lines[0]
                && origin[i].1 == by(0)
        };
        assert!(sites.clone().any(fits), "case {case}: {f:?}");
    }
    assert!(missing > 1_000 && ambiguous > 1_000, "{missing} missing, {ambiguous} ambiguous");
}

#[test]
fn an_anchor_found_more_often_than_listed_says_how_many_more() {
    let found = failures("x;\nx;\nx;\nx;\nx;\n", &reps(&[("x;", "y")]));
    assert_eq!((found[0].count, found[0].upstream_lines.clone()), (5, vec![1, 2, 3]));
    let near = found[0].nearest.as_deref().unwrap_or_default();
    assert_eq!(near, "occurrences at upstream lines 1, 2, 3 and 2 more");
}

#[test]
fn lines_are_cut_after_every_newline_and_nowhere_else() {
    let oracle = |text: &[u8]| -> Vec<Vec<u8>> { text.split_inclusive(|&b| b == b'\n').map(<[u8]>::to_vec).collect() };
    let mut cases: Vec<Vec<u8>> = ["", "a", "a\n", "\n\n", "a\r\nb", "a\rb\n", "x\ny", "\u{feff}bom\r\n\r\n"]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let mut rng = SplitMix64::new(7);
    for _ in 0..200 {
        let len = rng.below(300) as usize;
        // Mostly newlines, carriage returns and a few other bytes.
        cases.push((0..len).map(|_| [b'\n', b'\r', b'a', 0xff, 0][rng.below(5) as usize]).collect());
    }
    for text in cases {
        let got: Vec<Vec<u8>> = crate::anchor::lines(&text).into_iter().map(<[u8]>::to_vec).collect();
        assert_eq!(got, oracle(&text), "{text:?}");
        assert_eq!(got.concat(), text);
    }
}
