//! The one line diff behind both the anchors ([`crate::anchor`]) and the
//! review diffs ([`crate::review`]): `imara-diff`'s Myers with git's
//! heuristics (lines that occur on one side only are set aside first, and
//! a middle-snake search that grows too expensive settles for a good
//! split), followed by its git-style slider post-processing (indentation
//! heuristic). Its cost is near-linear in the lines even when the number
//! of changes grows with the file, where a plain O((N+M)·D) diff (or a
//! histogram diff that splits at one common run per pass) turns quadratic;
//! the heuristics count work, never time, so results never depend on
//! machine speed. Myers is still quadratic when nearly every line equals
//! many others (a file of identical lines, or lines repeating every 50),
//! so such "crowded" input is cut into pieces of about `CROWDED_PIECE`
//! lines where `CROWDED_SYNC` lines of both sides agree near the same
//! relative position, and diffed piece by piece (`benches/README.md`,
//! "Repetitive files"). Other input is diffed whole.

use std::ops::Range;

use imara_diff::{Algorithm, Diff, InternedInput};
use similar::DiffOp;

/// The diff of two unit sequences (lines, or the segments `anchor` cuts
/// long lines into) as `similar` ops in order: `Equal` runs between
/// `Delete`, `Insert` and `Replace` hunks.
pub fn diff_units(a: &[&[u8]], b: &[&[u8]]) -> Vec<DiffOp> {
    // Crowded input is cut into pieces of about CROWDED_PIECE units at
    // places where CROWDED_SYNC units agree, near the same relative
    // position, and diffed piece by piece.
    let ends = if crowded(a, b) { cuts(a, b) } else { vec![(a.len(), b.len())] };
    let mut ops: Vec<DiffOp> = Vec::new();
    let (mut pa, mut pb) = (0usize, 0usize);
    for (ea, eb) in ends {
        for op in diff_piece(a, b, pa..ea, pb..eb) {
            match (ops.last_mut(), op) {
                (Some(DiffOp::Equal { len, .. }), DiffOp::Equal { len: more, .. }) => *len += more,
                _ => ops.push(op),
            }
        }
        (pa, pb) = (ea, eb);
    }
    ops
}

/// The ends of the pieces a crowded diff diffs one by one, the last
/// `(a.len(), b.len())`.
fn cuts(a: &[&[u8]], b: &[&[u8]]) -> Vec<(usize, usize)> {
    let mut out: Vec<_> = std::iter::successors(next_cut(a, b, 0, 0), |&(pa, pb)| next_cut(a, b, pa, pb)).collect();
    out.push((a.len(), b.len()));
    out
}

/// Units per piece of a crowded diff.
const CROWDED_PIECE: usize = 1_000;
/// Units that must agree where a crowded diff cuts.
const CROWDED_SYNC: usize = 16;
/// How far from the proportional position a cut in `b` is looked for.
const CROWDED_REACH: usize = 256;

/// Whether Myers would be quadratic: many units, and so few distinct ones
/// that nearly every unit equals many others (a file of identical lines,
/// or lines repeating every few dozen). Source and data files, whose
/// lines are mostly distinct, never are.
fn crowded(a: &[&[u8]], b: &[&[u8]]) -> bool {
    let units = a.len() + b.len();
    if units < 4 * CROWDED_PIECE {
        return false;
    }
    let mut distinct = std::collections::HashSet::new();
    for unit in a.iter().chain(b) {
        distinct.insert(*unit);
        if distinct.len() * 16 > units {
            return false;
        }
    }
    true
}

/// The next cut after `(pa, pb)`: positions where the next
/// [`CROWDED_SYNC`] units of both sides agree, about [`CROWDED_PIECE`]
/// units on in `a` and proportionally far in `b`; `None`: no cut left.
fn next_cut(a: &[&[u8]], b: &[&[u8]], pa: usize, pb: usize) -> Option<(usize, usize)> {
    let mut i = pa + CROWDED_PIECE;
    while i + CROWDED_SYNC <= a.len() {
        let target = pb + (i - pa) * (b.len() - pb).max(1) / (a.len() - pa).max(1);
        let window = &a[i..i + CROWDED_SYNC];
        let lowest = target.saturating_sub(CROWDED_REACH).max(pb + 1);
        let highest = (target + CROWDED_REACH).min(b.len().saturating_sub(CROWDED_SYNC));
        // Nearest to the target first.
        let found = (0..=CROWDED_REACH)
            .flat_map(|d| [target.checked_sub(d), target.checked_add(d)])
            .flatten()
            .filter(|&j| j >= lowest && j <= highest)
            .find(|&j| b[j..j + CROWDED_SYNC] == *window);
        if let Some(j) = found {
            return Some((i, j));
        }
        i += CROWDED_PIECE / 4;
    }
    None
}

#[cfg(test)]
thread_local! {
    /// The most units one Myers run of this thread was given, for the
    /// test that keeps crowded diffs in pieces.
    static LARGEST_RUN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The ops of one Myers run over `a[piece_a]` and `b[piece_b]`, indexed
/// in the whole of `a` and `b`.
fn diff_piece(a: &[&[u8]], b: &[&[u8]], piece_a: Range<usize>, piece_b: Range<usize>) -> Vec<DiffOp> {
    #[cfg(test)]
    LARGEST_RUN.with(|largest| largest.set(largest.get().max(piece_a.len() + piece_b.len())));
    let mut input = InternedInput::default();
    input.update_before(a[piece_a.clone()].iter().copied());
    input.update_after(b[piece_b.clone()].iter().copied());
    let mut diff = Diff::compute(Algorithm::Myers, &input);
    diff.postprocess_lines(&input);
    let mut ops = Vec::new();
    let (mut pa, mut pb) = (piece_a.start, piece_b.start);
    let whole = |start: usize, range: Range<u32>| start + range.start as usize..start + range.end as usize;
    for hunk in diff.hunks() {
        let (old, new) = (whole(piece_a.start, hunk.before), whole(piece_b.start, hunk.after));
        if old.start > pa {
            ops.push(DiffOp::Equal { old_index: pa, new_index: pb, len: old.start - pa });
        }
        ops.push(match (old.is_empty(), new.is_empty()) {
            (false, true) => DiffOp::Delete { old_index: old.start, old_len: old.len(), new_index: new.start },
            (true, false) => DiffOp::Insert { old_index: old.start, new_index: new.start, new_len: new.len() },
            _ => DiffOp::Replace { old_index: old.start, old_len: old.len(), new_index: new.start, new_len: new.len() },
        });
        (pa, pb) = (old.end, new.end);
    }
    if pa < piece_a.end {
        ops.push(DiffOp::Equal { old_index: pa, new_index: pb, len: piece_a.end - pa });
    }
    ops
}

#[cfg(test)]
mod tests {
    use similar::DiffOp;

    use super::{crowded, cuts, diff_units, CROWDED_PIECE, LARGEST_RUN};
    use crate::workload::SplitMix64;

    /// Replays `ops` on `a`, taking inserted units from `b`.
    fn replay<'t>(ops: &[DiffOp], a: &[&'t [u8]], b: &[&'t [u8]]) -> Vec<&'t [u8]> {
        let mut out = Vec::new();
        let (mut pa, mut pb) = (0, 0);
        for op in ops {
            assert_eq!((op.old_range().start, op.new_range().start), (pa, pb), "ops are contiguous: {ops:?}");
            if let DiffOp::Equal { old_index, new_index, len } = *op {
                assert_eq!(a[old_index..old_index + len], b[new_index..new_index + len]);
                out.extend_from_slice(&a[old_index..old_index + len]);
            } else {
                out.extend_from_slice(&b[op.new_range()]);
            }
            (pa, pb) = (op.old_range().end, op.new_range().end);
        }
        assert_eq!((pa, pb), (a.len(), b.len()), "ops cover both sides");
        out
    }

    #[test]
    fn ops_cover_both_sides_and_rebuild_the_new_side() {
        let mut rng = SplitMix64::new(11);
        let alphabet: [&[u8]; 5] = [b"a\n", b"b\n", b"}\n", b"x;", b""];
        for round in 0..400 {
            let n = rng.below(40) as usize;
            let a: Vec<&[u8]> = (0..n).map(|_| alphabet[rng.below(5) as usize]).collect();
            let mut b: Vec<&[u8]> = Vec::new();
            for &u in &a {
                if rng.below(5) == 0 {
                    b.push(alphabet[rng.below(5) as usize]);
                }
                if rng.below(6) != 0 {
                    b.push(u);
                }
            }
            let ops = diff_units(&a, &b);
            assert_eq!(replay(&ops, &a, &b), b, "round {round}");
            let equal = |op: &DiffOp| matches!(op, DiffOp::Equal { .. });
            assert!(!ops.windows(2).any(|w| equal(&w[0]) && equal(&w[1])), "round {round}: {ops:?}");
        }
    }

    /// A file of `lines` lines repeating every `period`, every 100th line
    /// edited, and lines inserted and removed at random.
    fn crowded_file(rng: &mut SplitMix64, lines: usize, period: usize) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
        let line = |n: usize| format!("  \"k{}\": 0,\r\n", n % period).into_bytes();
        let a: Vec<Vec<u8>> = (0..lines).map(line).collect();
        let mut b = Vec::new();
        for (n, unit) in a.iter().enumerate() {
            match rng.below(400) {
                0 => continue,
                1 => b.push("  \"ü\": 2,\r\n".as_bytes().to_vec()),
                _ => {}
            }
            b.push(if n % 100 == 50 {
                line(n).iter().map(|&c| if c == b'0' { b'1' } else { c }).collect()
            } else {
                unit.clone()
            });
        }
        (a, b)
    }

    #[test]
    fn files_whose_lines_repeat_are_diffed_in_pieces_and_stay_minimal_enough() {
        let mut rng = SplitMix64::new(0xC20_3DED);
        for period in [1, 7, 50] {
            let (a, b) = crowded_file(&mut rng, 40_000, period);
            let (a, b): (Vec<&[u8]>, Vec<&[u8]>) =
                (a.iter().map(Vec::as_slice).collect(), b.iter().map(Vec::as_slice).collect());
            assert!(crowded(&a, &b), "period {period}");
            // No Myers run sees more than a few pieces' worth of lines
            // (one over all 80,000 would be quadratic here).
            assert!(cuts(&a, &b).len() > 30, "period {period}");
            LARGEST_RUN.with(|largest| largest.set(0));
            let ops = diff_units(&a, &b);
            let largest = LARGEST_RUN.with(std::cell::Cell::get);
            assert!(largest <= 6 * CROWDED_PIECE, "period {period}: one Myers run over {largest} lines");
            assert_eq!(replay(&ops, &a, &b), b, "period {period}");
            // As few changed lines as the edits made (one per edited line,
            // inserted or removed line), not a shifted mess.
            let changed: usize = ops
                .iter()
                .filter(|op| !matches!(op, DiffOp::Equal { .. }))
                .map(|op| op.old_range().len() + op.new_range().len())
                .sum();
            let edits = a.len() / 100 + a.len().abs_diff(b.len()) + 2 * (b.len() + a.len()) / 400;
            assert!(changed <= 2 * edits + 20, "period {period}: {changed} lines changed for about {edits} edits");
        }
        // Ordinary files (mostly distinct lines) are not crowded.
        let a: Vec<Vec<u8>> = (0..40_000).map(|n| format!("  f({n});\n").into_bytes()).collect();
        let a: Vec<&[u8]> = a.iter().map(Vec::as_slice).collect();
        assert!(!crowded(&a, &a));
    }
}
