//! A q-gram index that makes "does this needle occur once?" cheap on big
//! files: every position of a text is chained into a bucket by the hash of
//! the `Q` bytes starting there. A needle's occurrences all carry each of
//! its grams, so walking the bucket of its rarest gram and comparing finds
//! them all; bucket collisions only add candidates that the comparison
//! rejects. When even the rarest bucket is crowded (long repeated runs) or
//! the needle is shorter than `Q`, the index declines and the caller scans
//! with `memchr::memmem` as before, so answers never differ, only speed.
//!
//! The index is append-only: [`GramIndex::extend`] chains the positions a
//! grown text has gained, which is what `apply` needs for its patched
//! prefix.

/// Bytes per gram.
pub const Q: usize = 8;
/// Texts shorter than this are scanned directly (an index would not pay).
pub const MIN_INDEXED_LEN: usize = 64 * 1024;
/// Candidates walked at most before the caller falls back to a scan.
const MAX_CANDIDATES: u32 = 512;
const NONE: u32 = u32::MAX;

pub struct GramIndex {
    /// Per bucket: its latest position (`NONE` when empty) and how many
    /// positions it holds, side by side so chaining touches one cache line.
    buckets: Vec<(u32, u32)>,
    /// Previous position of the same bucket, per position.
    next: Vec<u32>,
    shift: u32,
}

fn gram_at(text: &[u8], pos: usize) -> u64 {
    let mut bytes = [0u8; Q];
    bytes.copy_from_slice(&text[pos..pos + Q]);
    u64::from_le_bytes(bytes)
}

impl GramIndex {
    /// An empty index sized for texts of about `expected_len` bytes, or
    /// `None` when positions would not fit the index.
    pub fn with_capacity(expected_len: usize) -> Option<GramIndex> {
        if expected_len >= NONE as usize / 2 {
            return None;
        }
        let bits = (expected_len / 4).max(1).next_power_of_two().trailing_zeros().clamp(10, 20);
        Some(GramIndex {
            buckets: vec![(NONE, 0); 1 << bits],
            next: Vec::with_capacity(expected_len),
            shift: 64 - bits,
        })
    }

    /// An index of the whole of `text`.
    pub fn of(text: &[u8]) -> Option<GramIndex> {
        let mut index = GramIndex::with_capacity(text.len())?;
        index.extend(text);
        Some(index)
    }

    fn bucket(&self, gram: u64) -> usize {
        (gram.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Chains every gram of `text` not chained yet (`text` only ever grows
    /// at its end between calls).
    pub fn extend(&mut self, text: &[u8]) {
        let end = (text.len() + 1).saturating_sub(Q);
        if end >= NONE as usize {
            return;
        }
        for pos in self.next.len()..end {
            let b = self.bucket(gram_at(text, pos));
            let (head, count) = &mut self.buckets[b];
            self.next.push(*head);
            *head = pos as u32;
            *count += 1;
        }
    }

    /// Unchains the grams that start in `text[len..]` or run past `len`,
    /// so the index is that of `text[..len]` (`text` still as indexed).
    /// Chains are newest first, so taking positions off from the last
    /// restores each bucket exactly.
    pub fn truncate(&mut self, text: &[u8], len: usize) {
        let keep = (len + 1).saturating_sub(Q);
        while self.next.len() > keep {
            let pos = self.next.len() - 1;
            let b = self.bucket(gram_at(text, pos));
            let (head, count) = &mut self.buckets[b];
            *head = self.next[pos];
            *count -= 1;
            self.next.pop();
        }
    }

    /// Overlapping occurrences of `needle` lying wholly inside
    /// `text[lo..hi]`, counted up to `cap`, with the start of one of them;
    /// `None` when the index cannot answer cheaply (the caller scans
    /// instead). `text` must be the text indexed, indexed up to `hi`.
    pub fn count(&self, text: &[u8], needle: &[u8], lo: usize, hi: usize, cap: usize) -> Option<Found> {
        if needle.len() < Q || hi > text.len() || (hi + 1).saturating_sub(Q) > self.next.len() {
            return None;
        }
        let (offset, bucket) = (0..=needle.len() - Q)
            .map(|j| (j, self.bucket(gram_at(needle, j))))
            .min_by_key(|&(_, b)| self.buckets[b].1)?;
        let (mut pos, candidates) = self.buckets[bucket];
        if candidates > MAX_CANDIDATES {
            return None;
        }
        let mut found = Found::default();
        while pos != NONE && found.count < cap {
            let at = pos as usize;
            pos = self.next[at];
            let Some(start) = at.checked_sub(offset) else { continue };
            if start >= lo && start + needle.len() <= hi && &text[start..start + needle.len()] == needle {
                found.count += 1;
                found.start = Some(start);
            }
        }
        Some(found)
    }
}

/// Occurrences counted (up to a cap) and where one of them starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Overlapping occurrences, at most the cap asked for.
    pub count: usize,
    /// The start of one occurrence (any), when there is one.
    pub start: Option<usize>,
}

impl Found {
    /// The same count, its start moved `by` bytes on.
    pub fn offset(self, by: usize) -> Found {
        Found { count: self.count, start: self.start.map(|s| s + by) }
    }

    /// The same count, its start moved from `from` to `to`.
    pub fn offset_from(self, from: usize, to: usize) -> Found {
        Found { count: self.count, start: self.start.map(|s| s - from + to) }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::GramIndex;
    use crate::workload::SplitMix64;

    /// Overlapping occurrences of `needle` inside `text[lo..hi]`, by brute force.
    pub(in crate::anchor) fn brute(text: &[u8], needle: &[u8], lo: usize, hi: usize) -> usize {
        (lo..=hi.saturating_sub(needle.len()))
            .filter(|&s| s + needle.len() <= hi && &text[s..s + needle.len()] == needle)
            .count()
    }

    #[test]
    fn indexed_counts_match_a_brute_force_count_on_random_texts() {
        let mut rng = SplitMix64::new(7);
        let mut answered = 0;
        for round in 0..300 {
            let len = 50 + rng.below(3000) as usize;
            // A small alphabet makes repeats (and bucket collisions) common.
            let text: Vec<u8> =
                (0..len).map(|_| b"ab\n;x"[rng.below(if round % 2 == 0 { 2 } else { 5 }) as usize]).collect();
            let mut index = GramIndex::with_capacity(len / 2).expect("index");
            index.extend(&text[..len / 2]);
            index.extend(&text);
            for _ in 0..20 {
                answered += 1;
                let start = rng.below(len as u64) as usize;
                let n = 8 + rng.below(24) as usize;
                let needle = &text[start..(start + n).min(len)];
                let lo = rng.below(len as u64) as usize / 2;
                let hi = lo + rng.below((len - lo) as u64 + 1) as usize;
                match index.count(&text, needle, lo, hi, 3) {
                    Some(found) => {
                        assert_eq!(found.count, brute(&text, needle, lo, hi).min(3), "round {round}");
                        if let Some(start) = found.start {
                            assert_eq!(&text[start..start + needle.len()], needle);
                        }
                    }
                    None => answered -= 1,
                }
            }
        }
        assert!(answered > 3000, "the index answered only {answered} of 6000 queries");
    }

    #[test]
    fn a_truncated_index_answers_as_one_built_on_the_shorter_text() {
        let mut rng = SplitMix64::new(16);
        for _ in 0..200 {
            let len = 20 + rng.below(2_000) as usize;
            let text: Vec<u8> = (0..len).map(|_| b"ab\n"[rng.below(3) as usize]).collect();
            let cut = rng.below(len as u64 + 1) as usize;
            // Indexed whole, cut back, then grown again with other bytes.
            let mut index = GramIndex::with_capacity(len).expect("index");
            index.extend(&text);
            index.truncate(&text, cut);
            let mut grown = text[..cut].to_vec();
            grown.extend((0..rng.below(500)).map(|_| b"abx"[rng.below(3) as usize]));
            index.extend(&grown);
            let fresh = GramIndex::of(&grown).expect("index");
            for _ in 0..20 {
                let at = rng.below(grown.len() as u64) as usize;
                let needle = &grown[at..(at + 8 + rng.below(16) as usize).min(grown.len())];
                let (hi, cap) = (grown.len(), 3);
                assert_eq!(index.count(&grown, needle, 0, hi, cap), fresh.count(&grown, needle, 0, hi, cap));
                if let Some(found) = index.count(&grown, needle, 0, hi, cap) {
                    assert_eq!(found.count, brute(&grown, needle, 0, hi).min(cap));
                }
            }
        }
    }
}
