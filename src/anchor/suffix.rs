//! Suffix-array counts: how often a needle occurs in the part of a fixed
//! text before a point, or after one, in time that does not grow with how
//! often the needle's pieces repeat.
//!
//! A suffix array puts every occurrence of a needle in one contiguous run
//! of entries (found with two binary searches); a range minimum (or
//! maximum) structure over the array then gives the first (or last) few
//! text positions of that run without looking at the others. In a file
//! whose lines repeat, a unique anchor is unique only through where its
//! pieces sit, and this counts it without scanning the file.
//!
//! The array comes from `libsais` (single-threaded, so the answers and the
//! time spent never depend on the machine). Building one costs a few
//! hundred scans of its text, so [`Indexes`] are built only once the
//! [`Work`] of a file has reached its limit.

use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::OnceLock;

use super::count::{Found, Work};

/// Entries per block of the range minimum structure: a query looks at up
/// to two partial blocks one by one and at the rest through a sparse table
/// over block winners, whose size is then a small fraction of the array's.
const BLOCK: usize = 32;

pub(super) struct SuffixIndex<'t> {
    text: &'t [u8],
    /// Text positions in the order of the suffixes starting there.
    sa: Vec<u32>,
    /// Answers "which entry of a run holds the smallest position" (built
    /// by the first count before a point).
    lowest: OnceLock<Extremes>,
    /// Answers "which entry of a run holds the largest position" (built
    /// by the first count from a point).
    highest: OnceLock<Extremes>,
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
        Some(SuffixIndex { text, sa, lowest: OnceLock::new(), highest: OnceLock::new() })
    }

    /// Overlapping occurrences of `needle` lying wholly inside
    /// `text[..end]`, counted up to `cap`, with the start of the last one
    /// counted (they are counted from the front).
    pub fn count_before(&self, needle: &[u8], end: usize, cap: usize) -> Found {
        let Some(last_start) = end.checked_sub(needle.len()) else { return Found::default() };
        let lowest = self.lowest.get_or_init(|| Extremes::new(&self.sa, Want::Lowest));
        self.count_extremes(needle, lowest, cap, |start| start <= last_start)
    }

    /// Overlapping occurrences of `needle` starting at `from` or later,
    /// counted up to `cap`, with the start of the last one counted (they
    /// are counted from the back).
    pub fn count_from(&self, needle: &[u8], from: usize, cap: usize) -> Found {
        let highest = self.highest.get_or_init(|| Extremes::new(&self.sa, Want::Highest));
        self.count_extremes(needle, highest, cap, |start| start >= from)
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
    /// The structure over `sa`, built in passes over consecutive entries
    /// (each level from the winners and positions of the one below).
    fn new(sa: &[u32], want: Want) -> Extremes {
        let mut this = Extremes { want, levels: Vec::new() };
        let mut winners: Vec<u32> = Vec::with_capacity(sa.len().div_ceil(BLOCK));
        let mut positions: Vec<u32> = Vec::with_capacity(winners.capacity());
        for start in (0..sa.len()).step_by(BLOCK) {
            let best = this.scan(sa, start, (start + BLOCK).min(sa.len()));
            winners.push(best as u32);
            positions.push(sa[best]);
        }
        let (blocks, mut span) = (winners.len(), 1);
        while 2 * span <= blocks {
            let (next, next_positions): (Vec<u32>, Vec<u32>) = (0..winners.len() - span)
                .map(|b| {
                    let pick = if this.prefers(positions[b], positions[b + span]) { b } else { b + span };
                    (winners[pick], positions[pick])
                })
                .unzip();
            this.levels.push(std::mem::replace(&mut winners, next));
            positions = next_positions;
            span *= 2;
        }
        this.levels.push(winners);
        this
    }

    /// Whether position `a` wins over `b` (the first on a tie).
    fn prefers(&self, a: u32, b: u32) -> bool {
        match self.want {
            Want::Lowest => a <= b,
            Want::Highest => a >= b,
        }
    }

    /// A heap key: larger for the entry this structure prefers.
    fn key(&self, position: u32) -> u64 {
        match self.want {
            Want::Lowest => u64::from(u32::MAX - position),
            Want::Highest => u64::from(position),
        }
    }

    fn better(&self, sa: &[u32], a: usize, b: usize) -> usize {
        if self.prefers(sa[a], sa[b]) {
            a
        } else {
            b
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

/// The suffix arrays of a few texts, all built the first time one is asked
/// for (one per core when there are two).
pub(super) struct Indexes<'t> {
    texts: Vec<&'t [u8]>,
    built: OnceLock<Option<Vec<SuffixIndex<'t>>>>,
}

impl<'t> Indexes<'t> {
    pub fn new(texts: Vec<&'t [u8]>) -> Indexes<'t> {
        Indexes { texts, built: OnceLock::new() }
    }

    pub fn texts(&self) -> &[&'t [u8]] {
        &self.texts
    }

    /// The array of `texts[text]`, charging `work` with the texts' bytes when
    /// building and with the search steps of one count; `None` when a text
    /// is too big for 32-bit positions (its counts then scan it).
    pub fn get(&self, text: usize, work: &Work) -> Option<&SuffixIndex<'t>> {
        let built = self.built.get_or_init(|| {
            work.charge(self.texts.iter().map(|text| text.len()).sum());
            self.build()
        });
        let index = built.as_ref()?.get(text)?;
        work.charge(index.search_steps());
        Some(index)
    }

    fn build(&self) -> Option<Vec<SuffixIndex<'t>>> {
        let (first, others) = self.texts.split_first()?;
        std::thread::scope(|scope| {
            let others: Vec<_> = others.iter().map(|&text| scope.spawn(move || SuffixIndex::of(text))).collect();
            let mut built = vec![SuffixIndex::of(first)?];
            for other in others {
                built.push(other.join().ok()??);
            }
            Some(built)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::SuffixIndex;
    use crate::workload::SplitMix64;

    /// Overlapping occurrences of `needle` wholly inside `text[..end]`, by
    /// brute force.
    fn brute(text: &[u8], needle: &[u8], end: usize) -> usize {
        (0..=end.saturating_sub(needle.len()))
            .filter(|&s| s + needle.len() <= end && text[s..].starts_with(needle))
            .count()
    }

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
        assert_eq!(before.count, brute(text, needle, point).min(cap));
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
