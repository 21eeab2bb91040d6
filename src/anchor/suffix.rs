//! Suffix-array counts: how often a needle occurs in the part of a fixed
//! text before a point, or after one, in time that does not grow with how
//! often the needle's pieces repeat.
//!
//! The q-gram index (`index.rs`) walks the positions of the needle's
//! rarest gram, so it declines when every gram of the needle is crowded:
//! in a file whose lines repeat, a unique anchor is unique only through
//! where its pieces sit, and counting it that way means scanning the file
//! once per anchor. A suffix array puts every occurrence of a needle in one
//! contiguous run of entries (found with two binary searches); a range
//! minimum (and maximum) structure over the array then gives the first
//! (or last) few text positions of that run without looking at the others.
//!
//! The array comes from `libsais` (single-threaded, so the answers and the
//! time spent never depend on the machine); building it costs about 26 ns
//! a byte here, so callers build one only once scanning would cost more.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::Range;

use super::index::Found;

/// Entries per block of the range minimum structure: a query looks at up
/// to two partial blocks one by one and at the rest through a sparse table
/// over block winners, whose size is then a small fraction of the array's.
const BLOCK: usize = 32;

pub struct SuffixIndex<'t> {
    text: &'t [u8],
    /// Text positions in the order of the suffixes starting there.
    sa: Vec<u32>,
    /// Answers "which entry of a run holds the smallest position".
    lowest: Extremes,
    /// Answers "which entry of a run holds the largest position".
    highest: Extremes,
}

impl<'t> SuffixIndex<'t> {
    /// The index of `text`, or `None` when the text is too big for 32-bit
    /// positions or the array cannot be built (callers then scan).
    pub fn of(text: &'t [u8]) -> Option<SuffixIndex<'t>> {
        if text.len() >= i32::MAX as usize {
            return None;
        }
        let sa: Vec<i32> = if text.is_empty() {
            Vec::new()
        } else {
            libsais::SuffixArrayConstruction::for_text(text)
                .in_owned_buffer32()
                .single_threaded()
                .run()
                .ok()?
                .into_vec()
        };
        let sa: Vec<u32> = sa.into_iter().map(|p| u32::try_from(p).ok()).collect::<Option<_>>()?;
        let lowest = Extremes::new(&sa, Want::Lowest);
        let highest = Extremes::new(&sa, Want::Highest);
        Some(SuffixIndex { text, sa, lowest, highest })
    }

    /// Overlapping occurrences of `needle` lying wholly inside
    /// `text[..end]`, counted up to `cap`, with the start of the last one
    /// counted (they are counted from the front).
    pub fn count_before(&self, needle: &[u8], end: usize, cap: usize) -> Found {
        let Some(last_start) = end.checked_sub(needle.len()) else { return Found::default() };
        self.count_extremes(needle, &self.lowest, cap, |start| start <= last_start)
    }

    /// Overlapping occurrences of `needle` starting at `from` or later,
    /// counted up to `cap`, with the start of the last one counted (they
    /// are counted from the back).
    pub fn count_from(&self, needle: &[u8], from: usize, cap: usize) -> Found {
        self.count_extremes(needle, &self.highest, cap, |start| start >= from)
    }

    /// Visits the entries of the needle's run in the order `extremes`
    /// prefers (smallest or largest position first) while they satisfy
    /// `inside`, stopping at `cap`: the first one outside ends the count,
    /// since every later one is further out.
    fn count_extremes(&self, needle: &[u8], extremes: &Extremes, cap: usize, inside: impl Fn(usize) -> bool) -> Found {
        let mut found = Found::default();
        let run = self.run_of(needle);
        if run.is_empty() || cap == 0 {
            return found;
        }
        // Runs still to visit, keyed by their best entry: popping gives
        // positions in the preferred order.
        let mut runs = BinaryHeap::new();
        let push = |runs: &mut BinaryHeap<(u64, usize, usize)>, lo: usize, hi: usize| {
            if lo < hi {
                let best = extremes.best(&self.sa, lo, hi);
                runs.push((extremes.key(self.sa[best]), lo, hi));
            }
        };
        push(&mut runs, run.start, run.end);
        while let Some((_, lo, hi)) = runs.pop() {
            let best = extremes.best(&self.sa, lo, hi);
            let start = self.sa[best] as usize;
            if !inside(start) {
                break;
            }
            found.count += 1;
            found.start = Some(start);
            if found.count == cap {
                break;
            }
            push(&mut runs, lo, best);
            push(&mut runs, best + 1, hi);
        }
        found
    }

    /// The binary-search steps of one count: what it costs beyond the
    /// needle's length and the occurrences it returns.
    pub fn search_steps(&self) -> usize {
        2 * (usize::BITS - self.sa.len().leading_zeros()) as usize
    }

    /// The entries whose suffix starts with `needle` (every entry for an
    /// empty needle).
    fn run_of(&self, needle: &[u8]) -> Range<usize> {
        let head = |p: u32| {
            let p = p as usize;
            &self.text[p..(p + needle.len()).min(self.text.len())]
        };
        let start = self.sa.partition_point(|&p| head(p) < needle);
        let end = start + self.sa[start..].partition_point(|&p| head(p) == needle);
        start..end
    }
}

#[derive(Clone, Copy)]
enum Want {
    Lowest,
    Highest,
}

/// A range minimum (or maximum) structure over the array: the winner of
/// each block, then a sparse table of winners over 2^k blocks.
struct Extremes {
    want: Want,
    /// `levels[k][b]`: the entry winning blocks `b..b + 2^k`.
    levels: Vec<Vec<u32>>,
}

impl Extremes {
    fn new(sa: &[u32], want: Want) -> Extremes {
        let mut this = Extremes { want, levels: Vec::new() };
        let blocks: Vec<u32> = (0..sa.len().div_ceil(BLOCK))
            .map(|b| this.scan(sa, b * BLOCK, ((b + 1) * BLOCK).min(sa.len())) as u32)
            .collect();
        this.levels.push(blocks);
        let mut span = 1;
        while 2 * span <= this.levels[0].len() {
            let prev = &this.levels[this.levels.len() - 1];
            let next: Vec<u32> = (0..prev.len() - span)
                .map(|b| this.better(sa, prev[b] as usize, prev[b + span] as usize) as u32)
                .collect();
            this.levels.push(next);
            span *= 2;
        }
        this
    }

    /// A heap key: larger for the entry this structure prefers.
    fn key(&self, position: u32) -> u64 {
        match self.want {
            Want::Lowest => u64::from(u32::MAX - position),
            Want::Highest => u64::from(position),
        }
    }

    fn better(&self, sa: &[u32], a: usize, b: usize) -> usize {
        match (self.want, sa[a].cmp(&sa[b])) {
            (Want::Lowest, Ordering::Greater) | (Want::Highest, Ordering::Less) => b,
            _ => a,
        }
    }

    /// The winning entry of `lo..hi` (not empty), looked at one by one.
    fn scan(&self, sa: &[u32], lo: usize, hi: usize) -> usize {
        (lo + 1..hi).fold(lo, |best, i| self.better(sa, best, i))
    }

    /// The winning entry of `lo..hi` (not empty).
    fn best(&self, sa: &[u32], lo: usize, hi: usize) -> usize {
        let (first, last) = (lo / BLOCK, (hi - 1) / BLOCK);
        if last <= first + 1 {
            return self.scan(sa, lo, hi);
        }
        let head = self.scan(sa, lo, (first + 1) * BLOCK);
        let tail = self.scan(sa, last * BLOCK, hi);
        // Whole blocks first + 1 ..= last - 1: two overlapping spans of 2^k.
        let (from, count) = (first + 1, last - first - 1);
        let k = count.ilog2() as usize;
        let level = &self.levels[k];
        let middle = self.better(sa, level[from] as usize, level[from + count - (1 << k)] as usize);
        self.better(sa, self.better(sa, head, middle), tail)
    }
}

#[cfg(test)]
mod tests {
    use super::SuffixIndex;
    use crate::anchor::index::tests::brute;
    use crate::workload::SplitMix64;

    /// Overlapping occurrences by brute force, as (count up to cap, start
    /// of the last counted) in the order the index counts them.
    fn expected(text: &[u8], needle: &[u8], starts: impl Iterator<Item = usize>, cap: usize) -> (usize, Option<usize>) {
        let hits: Vec<usize> = starts.filter(|&s| text[s..].starts_with(needle)).take(cap).collect();
        (hits.len(), hits.last().copied())
    }

    fn check(text: &[u8], needle: &[u8], point: usize, cap: usize) {
        let index = SuffixIndex::of(text).expect("index");
        let before = index.count_before(needle, point, cap);
        let want = match point.checked_sub(needle.len()) {
            Some(last) => expected(text, needle, 0..=last, cap),
            None => (0, None),
        };
        assert_eq!(
            (before.count, before.start),
            want,
            "before {point} of {needle:?} in {:?}",
            String::from_utf8_lossy(text)
        );
        assert_eq!(before.count, brute(text, needle, 0, point).min(cap));
        let after = index.count_from(needle, point, cap);
        let starts = (point..=text.len().saturating_sub(needle.len())).rev();
        assert_eq!(
            (after.count, after.start),
            expected(text, needle, starts, cap),
            "from {point} of {needle:?} in {:?}",
            String::from_utf8_lossy(text)
        );
    }

    #[test]
    fn counts_match_brute_force_on_random_repetitive_texts() {
        let mut rng = SplitMix64::new(0x5eed_0016);
        for round in 0..300 {
            // Small alphabets and periodic texts with a few changed bytes:
            // runs of the array long enough to cross many blocks.
            let alphabet = 1 + rng.below(4) as u8;
            let len = rng.below(if round % 10 == 0 { 5_000 } else { 300 }) as usize;
            let period = 1 + rng.below(7) as usize;
            let text: Vec<u8> = (0..len)
                .map(|i| match rng.below(16) {
                    0 => b'a' + rng.below(u64::from(alphabet)) as u8,
                    _ => b'a' + (i % period) as u8 % alphabet,
                })
                .collect();
            for _ in 0..12 {
                let needle: Vec<u8> = if !text.is_empty() && rng.below(4) != 0 {
                    let at = rng.below(text.len() as u64) as usize;
                    let n = 1 + rng.below(40) as usize;
                    text[at..(at + n).min(text.len())].to_vec()
                } else {
                    (0..1 + rng.below(5)).map(|_| b'a' + rng.below(5) as u8).collect()
                };
                let point = rng.below(text.len() as u64 + 1) as usize;
                for cap in [1, 2, 3] {
                    check(&text, &needle, point, cap);
                }
            }
        }
    }

    #[test]
    fn binary_bytes_an_empty_text_and_the_ends_are_counted_exactly() {
        check(b"", b"x", 0, 2);
        let text: Vec<u8> = (0..2_000u32).map(|i| if i % 97 == 0 { 0xFF } else { (i % 3) as u8 }).collect();
        for point in [0, 1, 96, 97, 98, 1_000, 1_999, 2_000] {
            check(&text, &[0xFF, 0x00], point, 2);
            check(&text, &[0x01, 0x02, 0x00], point, 2);
            check(&text, &text[1_900..], point, 2);
        }
    }
}
