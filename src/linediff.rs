//! The one line diff behind both the anchors ([`crate::anchor`]) and the
//! review diffs ([`crate::review`]): `imara-diff`'s Myers with git's
//! heuristics (lines that occur on one side only are set aside first, and
//! a middle-snake search that grows too expensive settles for a good
//! split), followed by its git-style slider post-processing (indentation
//! heuristic). Its cost is near-linear in the lines even when the number
//! of changes grows with the file, where a plain O((N+M)·D) diff turns
//! quadratic; the heuristics count work, never time, so results never
//! depend on machine speed. Not so when nearly every line equals every
//! other (a file of identical lines, or lines repeating every 50, with one
//! edit every 100 lines): there this diff is quadratic, 0.57 / 1.73 /
//! 8.47 s at 25,000 / 50,000 / 100,000 lines in-process, about 93 % of
//! anchoring such a file (`benches/README.md`, "Repetitive files").
//!
//! Measured on one 100,000 / 200,000 / 400,000-line file with 1% of lines
//! changed (`benches/README.md`, load 6): `similar`'s Patience 0.27 / 0.78
//! / 3.8 s, `similar`'s Myers 0.25 / 0.92 / 5.0 s, `imara-diff`'s
//! Histogram 0.72 / 2.4 / 11.9 s (it splits at one common run per pass, so
//! evenly spread changes cost O(N·D) too), this 0.015 / 0.04–0.07 /
//! 0.1–0.5 s.

use imara_diff::{Algorithm, Diff, InternedInput};
use similar::DiffOp;

/// The diff of two unit sequences (lines, or the segments `anchor` cuts
/// long lines into) as `similar` ops in order: `Equal` runs between
/// `Delete`, `Insert` and `Replace` hunks.
pub fn diff_units(a: &[&[u8]], b: &[&[u8]]) -> Vec<DiffOp> {
    let mut input = InternedInput::default();
    input.update_before(a.iter().copied());
    input.update_after(b.iter().copied());
    let mut diff = Diff::compute(Algorithm::Myers, &input);
    diff.postprocess_lines(&input);
    let mut ops = Vec::new();
    let (mut pa, mut pb) = (0usize, 0usize);
    for hunk in diff.hunks() {
        let (old, new) =
            (hunk.before.start as usize..hunk.before.end as usize, hunk.after.start as usize..hunk.after.end as usize);
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
    if pa < a.len() {
        ops.push(DiffOp::Equal { old_index: pa, new_index: pb, len: a.len() - pa });
    }
    ops
}

#[cfg(test)]
mod tests {
    use similar::DiffOp;

    use super::diff_units;
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
}
