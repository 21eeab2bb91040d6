//! Sorted gram positions: occurrence counts of any needle, short ones
//! included, whose cost does not grow with the text.
//!
//! Arrays of text positions, each sorted by the bytes starting there and
//! then by position (a suffix array cut at depth 4 and at depth 2, and one
//! by a hash of 8 bytes), all from stable LSD radix passes:
//!
//! - `by2`: every start `q >= 2` of a 2-byte gram, by `(text[q..q+2], q)`
//!   (the middle of the `by4` sort, so it costs no extra pass);
//! - `by4`: every start `q` of a 4-byte gram, by `(text[q..q+4], q)`;
//! - `by8`: every start of an 8-byte gram, by `(hash of it, q)`.
//!
//! The positions whose grams start with a needle of `k <= width` bytes are
//! one contiguous span of `by2`/`by4` (a binary search away); when `k`
//! equals the width that span is one run already sorted by position, so
//! the occurrences inside a range are counted with two more binary
//! searches, without looking at them. A needle one byte shorter than the
//! width (1 byte in `by2`, 3 in `by4`) spans at most 256 such runs, each
//! counted the same way. A needle of 5 to 7 bytes walks the run of its
//! rarest 4-byte gram, a longer one that of its rarest 8-byte gram (among
//! up to [`MAX_OFFSETS`] offsets), inside the range only, comparing each
//! candidate. The few starts the arrays leave out (the first two for
//! `by2`, the last gram-less ones) are checked directly, so every answer
//! is that of a scan.

use std::cmp::Ordering;
use std::ops::{Range, RangeInclusive};

use super::index::Found;

/// Offsets of a long needle whose 4-byte gram runs are compared.
const MAX_OFFSETS: usize = 8;

/// One sorted array: `pos` ordered by the `width` bytes at `pos + off` and
/// then by position; the gram of entry `p` starts at `q = p + off`.
struct Sorted {
    pos: Vec<u32>,
    off: usize,
    width: usize,
    /// Where the entries of each first two bytes start (and end).
    heads: Vec<u32>,
}

/// Where the entries of each of 65,536 keys start in `keys` (sorted), and
/// where the last ends: binary searches start from one bucket, so their
/// length hardly grows with the text.
fn heads_of(keys: impl Iterator<Item = u16>) -> Vec<u32> {
    let mut heads = vec![0u32; (1 << 16) + 1];
    for key in keys {
        heads[usize::from(key) + 1] += 1;
    }
    for i in 1..heads.len() {
        heads[i] += heads[i - 1];
    }
    heads
}

impl Sorted {
    fn new(text: &[u8], pos: Vec<u32>, off: usize, width: usize) -> Sorted {
        let heads = heads_of(pos.iter().map(|&p| {
            let q = p as usize + off;
            u16::from_be_bytes([text[q], text[q + 1]])
        }));
        Sorted { pos, off, width, heads }
    }

    /// The entries whose gram may start with `prefix` (not empty).
    fn bucket(&self, prefix: &[u8]) -> Range<usize> {
        let (first, last) = match *prefix {
            [a] => (usize::from(a) << 8, (usize::from(a) << 8) + 255),
            [a, b, ..] => (usize::from(u16::from_be_bytes([a, b])), usize::from(u16::from_be_bytes([a, b]))),
            [] => (0, 0xFFFF),
        };
        self.heads[first] as usize..self.heads[last + 1] as usize
    }
}

/// Both sorted arrays of one text.
pub struct SortedGrams<'t> {
    text: &'t [u8],
    by4: Sorted,
    by2: Sorted,
    /// Every start of an 8-byte gram, by `(gram8_hash, position)`.
    by8: Vec<u32>,
    /// Where the entries of each top 16 bits of the hash start in `by8`.
    by8_heads: Vec<u32>,
}

/// A 32-bit hash of an 8-byte gram.
fn gram8_hash(gram: &[u8]) -> u32 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(gram);
    (u64::from_le_bytes(bytes).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32
}

/// `steps` binary-search steps over `len` entries: the work a search takes.
fn log2_steps(len: usize) -> usize {
    (usize::BITS - len.leading_zeros()) as usize + 1
}

impl<'t> SortedGrams<'t> {
    /// The arrays of `text`, or `None` when positions would not fit.
    pub fn of(text: &'t [u8]) -> Option<SortedGrams<'t>> {
        if text.len() >= u32::MAX as usize / 2 {
            return None;
        }
        let starts = text.len().saturating_sub(3);
        // Key (the 4 bytes, big-endian) above, position below: sorting the
        // keys byte by byte from the last (stable LSD radix, positions
        // start in order) sorts by (gram, position).
        let mut items: Vec<u64> = (0..starts)
            .map(|q| {
                let key = u32::from_be_bytes([text[q], text[q + 1], text[q + 2], text[q + 3]]);
                (u64::from(key) << 32) | q as u64
            })
            .collect();
        let mut spare = vec![0u64; items.len()];
        radix_pass(&mut items, &mut spare, 32);
        radix_pass(&mut items, &mut spare, 40);
        // Sorted by (text[q+2..q+4], q) now: the 2-byte grams at q + 2.
        let by2 = Sorted::new(text, items.iter().map(|&x| x as u32).collect(), 2, 2);
        radix_pass(&mut items, &mut spare, 48);
        radix_pass(&mut items, &mut spare, 56);
        let by4 = Sorted::new(text, items.iter().map(|&x| x as u32).collect(), 0, 4);
        // The 8-byte grams by a 32-bit hash: runs stay sorted by position
        // (a rare collision only adds candidates the comparison rejects).
        items.clear();
        items.extend(
            (0..text.len().saturating_sub(7)).map(|q| (u64::from(gram8_hash(&text[q..q + 8])) << 32) | q as u64),
        );
        spare.truncate(items.len());
        for shift in [32, 40, 48, 56] {
            radix_pass(&mut items, &mut spare, shift);
        }
        drop(spare);
        let by8_heads = heads_of(items.iter().map(|&x| (x >> 48) as u16));
        let by8 = items.iter().map(|&x| x as u32).collect();
        Some(SortedGrams { text, by4, by2, by8, by8_heads })
    }

    /// Overlapping occurrences of `needle` lying wholly inside
    /// `text[lo..hi]`, counted up to `cap`, and the start of one of them;
    /// `work` grows by the entries and bytes looked at.
    pub fn count(&self, needle: &[u8], lo: usize, hi: usize, cap: usize, work: &mut usize) -> Found {
        let k = needle.len();
        let mut found = Found::default();
        let hi = hi.min(self.text.len());
        if k == 0 || hi < k || hi - k < lo || cap == 0 {
            return found;
        }
        let starts = lo..=hi - k;
        let sorted = match k {
            1 | 2 => &self.by2,
            _ => &self.by4,
        };
        // Starts the array does not hold: before its offset, and those too
        // near the end for a whole gram.
        let held = sorted.off..self.text.len().saturating_sub(3) + sorted.off;
        for q in (0..held.start).chain(held.end..self.text.len().saturating_sub(k - 1)) {
            *work += 1;
            if starts.contains(&q) && found.count < cap && self.text[q..q + k] == *needle {
                found.count += 1;
                found.start = Some(q);
            }
        }
        if k <= sorted.width {
            self.count_spanned(sorted, needle, &starts, cap, &mut found, work);
        } else if k < 8 {
            let by4 = |gram: &[u8], work: &mut usize| {
                let run = self.span(&self.by4, self.by4.bucket(gram), gram, work);
                &self.by4.pos[run]
            };
            self.count_walking(needle, 4, by4, (&starts, cap), &mut found, work);
        } else {
            let by8 = |gram: &[u8], work: &mut usize| {
                let hash = gram8_hash(gram);
                let hash_at = |p: u32| gram8_hash(&self.text[p as usize..p as usize + 8]);
                let top = (hash >> 16) as usize;
                let bucket = &self.by8[self.by8_heads[top] as usize..self.by8_heads[top + 1] as usize];
                *work += 2 * log2_steps(bucket.len());
                let first = bucket.partition_point(|&p| hash_at(p) < hash);
                &bucket[first..first + bucket[first..].partition_point(|&p| hash_at(p) == hash)]
            };
            self.count_walking(needle, 8, by8, (&starts, cap), &mut found, work);
        }
        found
    }

    /// Compares the gram of entry `p` (its first `prefix.len()` bytes) with
    /// `prefix`.
    fn cmp_entry(&self, sorted: &Sorted, p: u32, prefix: &[u8]) -> Ordering {
        let q = p as usize + sorted.off;
        self.text[q..q + prefix.len()].cmp(prefix)
    }

    /// The entries of `range` whose gram starts with `prefix`.
    fn span(&self, sorted: &Sorted, range: Range<usize>, prefix: &[u8], work: &mut usize) -> Range<usize> {
        let entries = &sorted.pos[range.clone()];
        *work += 2 * log2_steps(entries.len());
        let first = entries.partition_point(|&p| self.cmp_entry(sorted, p, prefix) == Ordering::Less);
        let end = first + entries[first..].partition_point(|&p| self.cmp_entry(sorted, p, prefix) != Ordering::Greater);
        range.start + first..range.start + end
    }

    /// Entries of one run (one whole gram, so sorted by position) whose
    /// start `q` lies in `starts` shifted by `shift` (`q - shift` in
    /// `starts`).
    fn in_range(
        &self,
        sorted: &Sorted,
        run: Range<usize>,
        starts: &RangeInclusive<usize>,
        shift: usize,
        work: &mut usize,
    ) -> Range<usize> {
        let entries = &sorted.pos[run.clone()];
        *work += 2 * log2_steps(entries.len());
        let q = |p: u32| p as usize + sorted.off;
        let first = entries.partition_point(|&p| q(p) < starts.start() + shift);
        let end = entries.partition_point(|&p| q(p) <= starts.end() + shift);
        run.start + first..run.start + end.max(first)
    }

    /// A needle of at most the array's width: its span is a run per gram
    /// (one when the needle is a whole gram, at most 256 when it is a byte
    /// shorter), each counted by position without looking at its entries.
    fn count_spanned(
        &self,
        sorted: &Sorted,
        needle: &[u8],
        starts: &RangeInclusive<usize>,
        cap: usize,
        found: &mut Found,
        work: &mut usize,
    ) {
        let span = self.span(sorted, sorted.bucket(needle), needle, work);
        let mut at = span.start;
        while at < span.end && found.count < cap {
            let q = sorted.pos[at] as usize + sorted.off;
            let run = if needle.len() == sorted.width {
                span.clone()
            } else {
                self.span(sorted, at..span.end, &self.text[q..q + sorted.width], work)
            };
            let inside = self.in_range(sorted, run.clone(), starts, 0, work);
            if !inside.is_empty() {
                found.count = (found.count + inside.len()).min(cap);
                found.start = Some(sorted.pos[inside.start] as usize + sorted.off);
            }
            at = run.end;
        }
    }

    /// A needle longer than a gram of `width` bytes (4 or 8): the
    /// candidates in range of its rarest gram (among up to [`MAX_OFFSETS`]
    /// offsets), compared one by one. `run_of` gives the run of a gram.
    fn count_walking<'s>(
        &'s self,
        needle: &[u8],
        width: usize,
        run_of: impl Fn(&[u8], &mut usize) -> &'s [u32],
        span: (&RangeInclusive<usize>, usize),
        found: &mut Found,
        work: &mut usize,
    ) {
        let (starts, cap) = span;
        let last = needle.len() - width;
        let step = last.div_ceil(MAX_OFFSETS - 1).max(1);
        let offsets = (0..last).step_by(step).chain(std::iter::once(last));
        let Some((j, run)) = offsets.map(|j| (j, run_of(&needle[j..j + width], work))).min_by_key(|(_, run)| run.len())
        else {
            return;
        };
        *work += 2 * log2_steps(run.len());
        let first = run.partition_point(|&p| (p as usize) < starts.start() + j);
        let end = run.partition_point(|&p| p as usize <= starts.end() + j).max(first);
        for &p in &run[first..end] {
            if found.count >= cap {
                break;
            }
            let q = p as usize - j;
            *work += 1;
            if self.text[q..q + needle.len()] == *needle {
                found.count += 1;
                found.start = Some(q);
            }
        }
    }
}

/// One stable counting-sort pass of `items` by their byte at bit `shift`.
fn radix_pass(items: &mut Vec<u64>, spare: &mut Vec<u64>, shift: u32) {
    let mut counts = [0usize; 256];
    for &x in items.iter() {
        counts[(x >> shift) as usize & 0xFF] += 1;
    }
    let mut next = [0usize; 256];
    let mut total = 0;
    for (slot, count) in next.iter_mut().zip(counts) {
        *slot = total;
        total += count;
    }
    for &x in items.iter() {
        let digit = (x >> shift) as usize & 0xFF;
        spare[next[digit]] = x;
        next[digit] += 1;
    }
    std::mem::swap(items, spare);
}

#[cfg(test)]
mod tests {
    use super::SortedGrams;
    use crate::anchor::index::tests::brute;
    use crate::workload::SplitMix64;

    /// Texts of every shape the counts must survive: tiny, two-letter
    /// alphabets (long repeats), CRLF lines, repeated blocks, any byte.
    fn random_text(rng: &mut SplitMix64, round: usize) -> Vec<u8> {
        let len = match round % 5 {
            0 => rng.below(9) as usize,
            _ => 1 + rng.below(3000) as usize,
        };
        match round % 4 {
            0 => (0..len).map(|_| b"ab"[rng.below(2) as usize]).collect(),
            1 => (0..len).map(|_| b"ab\r\n;x"[rng.below(6) as usize]).collect(),
            2 => {
                let block: Vec<u8> = (0..1 + rng.below(40)).map(|_| b"let x;\r\n"[rng.below(8) as usize]).collect();
                block
                    .iter()
                    .copied()
                    .cycle()
                    .take(len)
                    .enumerate()
                    .map(|(i, b)| if i % 97 == 5 { b'!' } else { b })
                    .collect()
            }
            _ => (0..len).map(|_| rng.below(256) as u8).collect(),
        }
    }

    #[test]
    fn counts_match_a_brute_force_count_for_needles_of_every_length() {
        let mut rng = SplitMix64::new(0x50_27ED);
        let mut queries = [0usize; 3];
        for round in 0..1500 {
            let text = random_text(&mut rng, round);
            let grams = SortedGrams::of(&text).expect("index");
            for _ in 0..30 {
                let len = text.len() as u64;
                let n = 1 + rng.below(12) as usize;
                // Needles from the text (often repeated) and made up ones.
                let needle: Vec<u8> = if rng.below(4) > 0 && !text.is_empty() {
                    let start = rng.below(len) as usize;
                    text[start..(start + n).min(text.len())].to_vec()
                } else {
                    (0..n).map(|_| text.get(rng.below(len.max(1)) as usize).copied().unwrap_or(b'a')).collect()
                };
                let lo = rng.below(len + 1) as usize;
                let hi = lo + rng.below(len - lo as u64 + 1) as usize;
                let cap = 1 + rng.below(3) as usize;
                let mut work = 0;
                let found = grams.count(&needle, lo, hi, cap, &mut work);
                let expected = brute(&text, &needle, lo, hi).min(cap);
                assert_eq!(found.count, expected, "round {round} needle {needle:?} in {lo}..{hi} cap {cap}");
                match found.start {
                    Some(s) => {
                        assert!(s >= lo && s + needle.len() <= hi && text[s..s + needle.len()] == needle[..]);
                    }
                    None => assert_eq!(expected, 0),
                }
                queries[match needle.len() {
                    1..=3 => 0,
                    4 => 1,
                    _ => 2,
                }] += usize::from(expected > 0);
            }
        }
        assert!(queries.iter().all(|&q| q > 1000), "too few found needles per length class: {queries:?}");
    }

    #[test]
    fn a_rare_short_needle_costs_the_same_in_a_text_eight_times_longer() {
        // Repeated lines around one rare 3-byte token: a scan would read
        // the whole text to prove it unique.
        let text = |lines: usize| {
            let mut t: Vec<u8> = b"  let value = compute(a, b);\n".repeat(lines);
            t.extend_from_slice(b"zq!\n");
            t.extend_from_slice(&b"  let value = compute(a, b);\n".repeat(lines));
            t
        };
        let work = |lines: usize| {
            let t = text(lines);
            let grams = SortedGrams::of(&t).expect("index");
            let mut work = 0;
            for needle in [&b"zq!"[..], b"q!", b"z", b"zq!\n", b"!\n  let"] {
                assert_eq!(grams.count(needle, 0, t.len(), 2, &mut work).count, 1);
            }
            work
        };
        let (small, large) = (work(2_000), work(16_000));
        assert!(large <= small + small / 4, "work {small} at 2,000 lines, {large} at 16,000");
    }
}
