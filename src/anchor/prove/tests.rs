use std::borrow::Cow;

use super::{common_prefix, common_suffix, refute, refute_searching_alone, Ahead, Claim, Verdict};
use crate::anchor::count::Work;
use crate::anchor::suffix::Indexes;
use crate::workload::SplitMix64;

fn pick(rng: &mut SplitMix64, alphabet: &[u8], len: usize) -> Vec<u8> {
    (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect()
}

#[test]
fn common_prefixes_and_suffixes_agree_with_comparing_byte_by_byte() {
    let mut rng = SplitMix64::new(0xC0_FFEE);
    for _ in 0..20_000 {
        let n = rng.below(40) as usize;
        let shared = pick(&mut rng, b"ab", n);
        let (x, y) = (rng.below(20) as usize, rng.below(20) as usize);
        let a = [shared.clone(), pick(&mut rng, b"ab", x)].concat();
        let b = [shared.clone(), pick(&mut rng, b"ab", y)].concat();
        let front = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        assert_eq!(common_prefix(&a, &b), front, "{a:?} {b:?}");
        let (a, b) = ([pick(&mut rng, b"ab", x), shared.clone()].concat(), [pick(&mut rng, b"ab", y), shared].concat());
        let back = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
        assert_eq!(common_suffix(&a, &b), back, "{a:?} {b:?}");
    }
}

/// Whether `needle` occurs in `text` at `start`.
fn at(text: &[u8], needle: &[u8], start: usize) -> bool {
    text.get(start..start + needle.len()) == Some(needle)
}

#[test]
fn verdicts_agree_with_brute_force_by_searches_by_automaton_and_by_suffix_arrays() {
    // Two small texts over a tiny alphabet (pieces shared by many claims,
    // needles longer than a piece), claims on either or both, with the
    // steps ahead that anchoring asks the pass to follow.
    let mut rng = SplitMix64::new(0x9_50E5);
    let (mut held, mut refuted) = (0, 0);
    for case in 0..300 {
        let texts: Vec<Vec<u8>> = (0..2)
            .map(|_| {
                let n = 20 + rng.below(300) as usize;
                pick(&mut rng, b"aab\n", n)
            })
            .collect();
        let mut claims = Vec::new();
        for _ in 0..1 + rng.below(30) {
            let text = &texts[rng.below(2) as usize];
            let longest = if rng.below(3) == 0 { 60 } else { 6 };
            let len = 1 + rng.below(longest) as usize;
            let start = rng.below((text.len() - len.min(text.len())) as u64 + 1) as usize;
            let needle = text[start..(start + len).min(text.len())].to_vec();
            let side = |rng: &mut SplitMix64| {
                let t = rng.below(2) as usize;
                (rng.below(2) == 0).then(|| (t, rng.below(texts[t].len() as u64 + 1) as usize))
            };
            let (within, from) = (side(&mut rng), side(&mut rng));
            let ahead = (rng.below(2) == 0).then(|| {
                let steps: Vec<(usize, usize)> =
                    (1..=rng.below(5) as usize).map(|j| (j / 2 * 3, j.div_ceil(2))).collect();
                let (before, after) = steps.last().copied().unwrap_or_default();
                Ahead {
                    before: pick(&mut rng, b"ab", before),
                    after: pick(&mut rng, b"ab", after),
                    steps,
                    inside: texts.iter().map(|t| 0..t.len()).collect(),
                }
            });
            claims.push(Claim { needle: Cow::Owned(needle), within, from, ahead });
        }
        let refs: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
        let by_index = refute(&claims, &Indexes::new(refs.clone()), &Work::new(Some(0)));
        // Each piece searched for on its own, and all with one automaton.
        for alone in [usize::MAX, 0] {
            let by_pass = refute_searching_alone(&claims, &Indexes::new(refs.clone()), &Work::new(None), alone);
            for (i, claim) in claims.iter().enumerate() {
                let n: &[u8] = &claim.needle;
                // Refuting occurrences, as `(text, start)`.
                let mut refuting = Vec::new();
                for (t, text) in texts.iter().enumerate() {
                    for s in (0..text.len()).filter(|&s| at(text, n, s)) {
                        let within = claim.within.is_some_and(|(w, end)| w == t && s + n.len() <= end);
                        if within || claim.from.is_some_and(|(f, from)| f == t && s >= from) {
                            refuting.push((t, s));
                        }
                    }
                }
                let what = format!("case {case}, claim {i}");
                assert_eq!(by_index[i].holds(), refuting.is_empty(), "{what}");
                match &by_pass[i] {
                    Verdict::Holds => assert!(refuting.is_empty(), "{what}"),
                    Verdict::Refuted => panic!("{what}: the pass lists"),
                    Verdict::Occurs { survived, survivors } => {
                        assert!(!refuting.is_empty(), "{what}");
                        let Some(ahead) = &claim.ahead else { continue };
                        // How many steps an occurrence survives, one by one.
                        let survives = |&(t, s): &(usize, usize)| {
                            let text = &texts[t];
                            let grows = |&(b, a): &(usize, usize)| {
                                s >= b
                                    && at(text, &ahead.before[ahead.before.len() - b..], s - b)
                                    && at(text, &ahead.after[..a], s + n.len())
                            };
                            ahead.steps.iter().take_while(|step| grows(step)).count()
                        };
                        let best = refuting.iter().map(survives).max().unwrap_or_default();
                        assert_eq!(*survived, best, "{what}");
                        let before = ahead.steps.last().map_or(0, |step| step.0);
                        let mut all: Vec<(usize, usize)> = refuting
                            .iter()
                            .filter(|occurrence| survives(occurrence) == ahead.steps.len())
                            .map(|&(t, s)| (t, s - before))
                            .collect();
                        let mut listed = survivors.clone();
                        all.sort_unstable();
                        listed.sort_unstable();
                        assert_eq!(listed, all, "{what}");
                    }
                }
                if refuting.is_empty() {
                    held += 1;
                } else {
                    refuted += 1;
                }
            }
        }
    }
    assert!(held > 600 && refuted > 600, "{held} held, {refuted} refuted");
}
