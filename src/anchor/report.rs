//! Drift reports: where an anchor no longer applies ([`AnchorFailure`]),
//! told in lines of the upstream file the user opens (and of the file as
//! patched so far where they differ), with the nearest candidate of a
//! missing anchor and every place of an ambiguous one.

use std::cmp::Reverse;

use memchr::memmem;
use serde::Serialize;

/// Where an anchor no longer applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnchorFailure {
    /// Index of the replacement in its file's list.
    pub index: usize,
    /// Non-overlapping occurrences found: 0 = gone, >1 = ambiguous.
    pub count: usize,
    /// The start of `old`, shortened for display.
    pub excerpt: String,
    /// The nearest candidate location, e.g. `line 12: "…"` (a line of the
    /// upstream file).
    pub nearest: Option<String>,
    /// Lines of the upstream file (1-based) the report points at: every
    /// occurrence of an ambiguous `old` (at most 3), or the nearest
    /// candidate of a missing one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upstream_lines: Vec<usize>,
    /// The same places in the file as patched by the earlier replacements
    /// of the list, where `apply` looked; only when they differ from
    /// `upstream_lines`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub patched_lines: Vec<usize>,
    /// Per entry of `upstream_lines`: the index of the earlier replacement
    /// whose `new` text holds that place (it is not in the upstream file;
    /// the line is where that replacement starts), or `None`. Only when
    /// some entry is inside such text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub written_by: Vec<Option<usize>>,
}

impl std::fmt::Display for AnchorFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.count == 0 { "not found".to_string() } else { format!("found {} times", self.count) };
        write!(f, "replacement #{}: {what}: old = {}", self.index, self.excerpt)?;
        if let Some(near) = &self.nearest {
            write!(f, "; nearest candidate: {near}")?;
        }
        Ok(())
    }
}

/// Errors of applying replacements.
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// One or more anchors failed; all of them are listed.
    #[error("{} of {} replacements no longer apply", failures.len(), total)]
    Drift {
        /// Every failing replacement.
        failures: Vec<AnchorFailure>,
        /// Number of replacements of the file.
        total: usize,
    },
}

impl crate::error::Diagnostic for ApplyError {
    fn diagnosis(&self) -> crate::error::Diagnosis<'_> {
        crate::error::Diagnosis::Own(crate::error::ExitStatus::Usage, "drift")
    }
}

/// Shortens `text` to at most `max` characters for reports, as a JSON-style
/// quoted string so whitespace and line ends stay visible.
pub fn excerpt(text: &str, max: usize) -> String {
    let short: String = text.chars().take(max).collect();
    let mut quoted = serde_json::to_string(&short).unwrap_or_default();
    if short.len() < text.len() {
        quoted.push('…');
    }
    quoted
}

fn line_of(content: &[u8], pos: usize) -> usize {
    memchr::memchr_iter(b'\n', &content[..pos]).count() + 1
}

fn line_text(content: &str, line: usize) -> &str {
    content.split('\n').nth(line - 1).unwrap_or("")
}

/// The longest prefix of `needle` that occurs in `hay`: `(length, first
/// position)`. Occurrence is monotone in the length (a prefix of an
/// occurring prefix occurs), so a binary search over lengths finds it with
/// O(log n) substring searches.
pub fn longest_prefix_match(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    longest_match(needle.len(), |len| memmem::find(hay, &needle[..len]))
}

/// The longest suffix of `needle` that occurs in `hay`: `(length, first
/// position)`.
pub fn longest_suffix_match(hay: &[u8], needle: &[u8]) -> Option<(usize, usize)> {
    longest_match(needle.len(), |len| memmem::find(hay, &needle[needle.len() - len..]))
}

/// The largest `len` in `1..=max` for which `find(len)` hits, given that
/// hits are monotone (every shorter length hits too).
fn longest_match(max: usize, find: impl Fn(usize) -> Option<usize>) -> Option<(usize, usize)> {
    let mut best = find(1.min(max)).filter(|_| max > 0).map(|pos| (1, pos))?;
    let (mut lo, mut hi) = (2usize, max);
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        match find(mid) {
            Some(pos) => {
                best = (mid, pos);
                lo = mid + 1;
            }
            None => hi = mid - 1,
        }
    }
    Some(best)
}

/// Shortest prefix or suffix worth pointing at as a candidate.
const MIN_CANDIDATE: usize = 4;

/// For a missing anchor: the position (in `content`) of the longest prefix
/// or suffix of `old` that still occurs (the longer of the two; the prefix
/// on a tie). When it occurs more than once, the occurrence nearest to the
/// longest piece of the other end of `old` wins (then the first).
fn nearest_candidate(content: &[u8], old: &[u8]) -> Option<usize> {
    let prefix = longest_prefix_match(content, old).filter(|(len, _)| *len >= MIN_CANDIDATE);
    let suffix = longest_suffix_match(content, old).filter(|(len, _)| *len >= MIN_CANDIDATE);
    match (prefix, suffix) {
        (Some((p, _)), Some((s, _))) if p < s => Some(best_suffix_site(content, old, s)),
        (Some((p, _)), _) => Some(best_prefix_site(content, old, p)),
        (None, suffix) => suffix.map(|(s, _)| best_suffix_site(content, old, s)),
    }
}

/// Occurrences weighed per candidate: enough for any real file.
const MAX_SITES: usize = 64;

/// How far past `old`'s own length the rest of it is looked for around a
/// site: the edit that broke the anchor may have grown the text.
fn site_window(old: &[u8]) -> usize {
    2 * old.len() + 16
}

/// Among the occurrences of `old[..len]`, the one followed most closely by
/// the longest suffix of `old`.
fn best_prefix_site(hay: &[u8], old: &[u8], len: usize) -> usize {
    let tail_after = |pos: usize| {
        let window = &hay[pos + len..(pos + site_window(old)).min(hay.len())];
        // Longer is better, then nearer.
        longest_suffix_match(window, &old[len..]).map_or((0, Reverse(0)), |(n, at)| (n, Reverse(at)))
    };
    best_site(memmem::find_iter(hay, &old[..len]).take(MAX_SITES), tail_after)
}

/// Among the occurrences of `old[old.len()-len..]`, the one preceded most
/// closely by the longest prefix of `old`.
fn best_suffix_site(hay: &[u8], old: &[u8], len: usize) -> usize {
    let head_before = |pos: usize| {
        let window = &hay[(pos + len).saturating_sub(site_window(old))..pos];
        let gap = |n: usize, at: usize| window.len().saturating_sub(at + n);
        longest_prefix_match(window, &old[..old.len() - len])
            .map_or((0, Reverse(0)), |(n, at)| (n, Reverse(gap(n, at))))
    };
    best_site(memmem::find_iter(hay, &old[old.len() - len..]).take(MAX_SITES), head_before)
}

/// The site with the highest score (the first on a tie).
fn best_site<S: Ord>(sites: impl Iterator<Item = usize>, score: impl Fn(usize) -> S) -> usize {
    // `min_by_key` keeps the first of equal keys.
    sites.min_by_key(|&site| Reverse(score(site))).unwrap_or(0)
}

/// One replacement applied so far: where (in the content as it was just
/// before it) and how long the text was before and after.
pub(super) struct Applied {
    /// Index of the replacement in its file's list.
    pub index: usize,
    /// Where it starts.
    pub at: usize,
    /// Bytes it replaced.
    pub old_len: usize,
    /// Bytes it wrote.
    pub new_len: usize,
}

/// Maps a position of the patched content back to the upstream content by
/// undoing the earlier replacements, last first. A position inside text an
/// earlier replacement wrote maps to where that replacement started; the
/// index of the first (earliest) such replacement is returned with it.
fn upstream_position(applied: &[Applied], pos: usize) -> (usize, Option<usize>) {
    applied.iter().rev().fold((pos, None), |(pos, written_by), a| {
        if pos >= a.at + a.new_len {
            (pos - a.new_len + a.old_len, written_by)
        } else if pos >= a.at {
            (a.at, Some(a.index))
        } else {
            (pos, written_by)
        }
    })
}

/// The report of replacement `index`, whose `old` occurs `count` times
/// (non-overlapping) in `current`, the content as patched by `applied`
/// from `upstream`.
pub(super) fn failure(
    upstream: &str,
    current: &str,
    applied: &[Applied],
    index: usize,
    count: usize,
    old: &str,
) -> AnchorFailure {
    let (hay, needle) = (current.as_bytes(), old.as_bytes());
    let positions: Vec<usize> = if count == 0 {
        nearest_candidate(hay, needle).into_iter().collect()
    } else {
        memmem::find_iter(hay, needle).take(3).collect()
    };
    let (origins, written_by): (Vec<usize>, Vec<Option<usize>>) =
        positions.iter().map(|&p| upstream_position(applied, p)).unzip();
    let upstream_lines: Vec<usize> = origins.iter().map(|&p| line_of(upstream.as_bytes(), p)).collect();
    // Patched lines and writers only when they tell something.
    let patched_lines: Vec<usize> = positions.iter().map(|&p| line_of(hay, p)).collect();
    let patched_lines = if patched_lines == upstream_lines { Vec::new() } else { patched_lines };
    let written_by = if written_by.iter().all(Option::is_none) { Vec::new() } else { written_by };
    let after = match patched_lines.as_slice() {
        [] => String::new(),
        lines => format!(
            " (line{} {} of the file as patched by the replacements before #{index})",
            if lines.len() == 1 { "" } else { "s" },
            lines.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
        ),
    };
    // Each line labelled when the place is inside an earlier replacement's text.
    let labelled: Vec<String> = upstream_lines
        .iter()
        .enumerate()
        .map(|(i, &line)| match written_by.get(i).copied().flatten() {
            Some(index) => format!("{line} (inside the text replacement #{index} writes there)"),
            None => line.to_string(),
        })
        .collect();
    let nearest = match upstream_lines.as_slice() {
        [] => None,
        [line] if count == 0 => {
            // Inside text an earlier replacement wrote, the upstream line
            // does not hold the candidate: quote the patched line.
            let quoted = match (written_by.first().copied().flatten(), patched_lines.first()) {
                (Some(_), Some(&now)) => line_text(current, now),
                (Some(_), None) => line_text(current, *line),
                (None, _) => line_text(upstream, *line),
            };
            Some(format!("upstream line {}: {}{after}", labelled[0], excerpt(quoted.trim(), 80)))
        }
        _ => {
            // Only the first few are located; say how many more there are.
            let more = match count.saturating_sub(labelled.len()) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            Some(format!("occurrences at upstream lines {}{more}{after}", labelled.join(", ")))
        }
    };
    AnchorFailure { index, count, excerpt: excerpt(old, 60), nearest, upstream_lines, patched_lines, written_by }
}
