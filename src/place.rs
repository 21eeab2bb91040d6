//! Where on the disk a new directory that is about to receive many files
//! goes.
//!
//! On ext2/3/4 without a journal (this project's CI disk) the kernel,
//! each time it hands out an inode, steps over every free inode of the
//! block group whose table block is still cached and that was deleted
//! recently (for a time of the order of an hour, depending on the
//! kernel). Files go into their directory's group, and a new directory
//! goes near its parent: right after a large tree was deleted
//! beside it (a previous output, a scratch checkout), every file of a new
//! tree there pays a scan as long as the deleted tree, and creating 5,000
//! files takes seconds instead of a tenth of one.
//!
//! [`create_dir_apart`] asks the kernel for the placement it gives
//! top-level directories instead (a block group with few directories and
//! many free inodes, searched from a hash of the name): it makes the
//! directory inside a short-lived holder marked `FS_TOPDIR_FL`, times a
//! few empty files in it (a group emptied by a recent deletion is one the
//! kernel likes to pick, and 16 files show it: 0.6 ms each instead of
//! 15 µs), tries another name if they were slow, and renames the fastest
//! into place. The flag is not inherited, so the directory's own
//! subdirectories and files stay together in its new group. Where the
//! file system is another one, or anything in these steps is refused, the
//! caller makes the directory the ordinary way; nothing about the result
//! differs but where its inodes are.

use std::path::Path;

/// `statfs` magic number of ext2, ext3 and ext4.
#[cfg(target_os = "linux")]
const EXT_SUPER_MAGIC: u64 = 0xEF53;

/// Makes the missing directory `path` (its parent exists) in a block
/// group of its own on ext2/3/4. Returns `false`, with nothing made and
/// nothing left behind, where that does not apply or any step is refused
/// (another file system or platform, a holder that cannot be made or
/// flagged, a name taken meanwhile): the caller then creates `path` the
/// ordinary way, which reports a real problem in its own words.
pub fn create_dir_apart(path: &Path) -> bool {
    #[cfg(target_os = "linux")]
    {
        linux::create_dir_apart(path)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = path;
        false
    }
}

/// The holder of a directory being placed: `.<name>.forklayer-place-<pid>`
/// beside it (cleaned up by [`crate::stage::recover_interrupted`] when a
/// run is killed between its few steps).
pub const HOLDER_TAG: &str = "place";

/// Removes a holder a killed run left, as far as it holds only what this
/// module puts there: candidate directories, each with at most a `probe`
/// subdirectory and empty probe files `p<n>`. Anything else (a directory
/// someone planted under that name) is left alone, and so is the holder;
/// a leftover is harmless.
pub fn remove_leftover_holder(holder: &Path) {
    let Ok(candidates) = std::fs::read_dir(holder) else { return };
    for candidate in candidates.filter_map(Result::ok).map(|entry| entry.path()) {
        remove_probed(&candidate.join("probe"));
        remove_probed(&candidate);
    }
    let _ = std::fs::remove_dir(holder);
}

/// Removes the empty probe files `p<n>` in `dir`, then `dir` if it is empty.
fn remove_probed(dir: &Path) {
    if std::fs::symlink_metadata(dir).map_or(true, |meta| !meta.is_dir()) {
        return;
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name();
            let probe = name.to_str().and_then(|n| n.strip_prefix('p')).is_some_and(|n| n.parse::<u8>().is_ok());
            let empty_file = entry.metadata().is_ok_and(|meta| meta.is_file() && meta.len() == 0);
            if probe && empty_file {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    let _ = std::fs::remove_dir(dir);
}

#[cfg(target_os = "linux")]
mod linux {
    use std::fs;
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

    use rustix::fs::{ioctl_getflags, ioctl_setflags, renameat_with, statfs, IFlags, RenameFlags, CWD};

    use super::EXT_SUPER_MAGIC;

    /// Groups tried at most: the kernel may pick one where a tree was
    /// just deleted (a group emptied of directories is the kind it
    /// prefers).
    const CANDIDATES: usize = 4;
    /// Empty files made and removed to time a candidate group.
    const PROBES: usize = 16;
    /// A group whose new files cost more than this each (on average over
    /// the probes) has thousands of recently deleted inodes to step over:
    /// 5,000 files there would take half a second or more. A clean group
    /// costs 10–20 µs a file.
    const SLOW_FILE: Duration = Duration::from_micros(150);

    pub(super) fn create_dir_apart(path: &Path) -> bool {
        create_dir_apart_with(path, probe)
    }

    /// [`create_dir_apart`] with the cost of a candidate measured by
    /// `cost` (`None`: it could not be measured, so it is not used).
    pub(super) fn create_dir_apart_with(path: &Path, mut cost: impl FnMut(&Path) -> Option<Duration>) -> bool {
        let Some(parent) = path.parent().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p }) else {
            return false;
        };
        if !on_ext(parent) {
            return false;
        }
        let holder = crate::stage::sibling(path, super::HOLDER_TAG);
        // Made here and now, so everything inside is this run's.
        if fs::create_dir(&holder).is_err() {
            return false;
        }
        let placed = flag_as_top(&holder)
            && best_candidate(&holder, &mut cost)
                .is_some_and(|best| renameat_with(CWD, &best, CWD, path, RenameFlags::NOREPLACE).is_ok());
        let _ = fs::remove_dir_all(&holder);
        placed
    }

    /// Makes candidate directories inside `holder` until one is cheap to
    /// fill, and returns the cheapest.
    fn best_candidate(holder: &Path, cost: &mut impl FnMut(&Path) -> Option<Duration>) -> Option<PathBuf> {
        let mut best: Option<(PathBuf, Duration)> = None;
        for attempt in 0..CANDIDATES {
            // The kernel starts its search for a group at a hash of the
            // new name: a name of its own per candidate and run.
            let candidate = holder.join(unique_name(attempt));
            if fs::create_dir(&candidate).is_err() {
                break;
            }
            let Some(took) = cost(&candidate) else {
                let _ = fs::remove_dir_all(&candidate);
                break;
            };
            match &best {
                Some((_, fastest)) if *fastest <= took => {
                    let _ = fs::remove_dir_all(&candidate);
                }
                _ => {
                    if let Some((slower, _)) = best.replace((candidate, took)) {
                        let _ = fs::remove_dir_all(slower);
                    }
                }
            }
            if best.as_ref().is_some_and(|(_, fastest)| *fastest < SLOW_FILE * PROBES as u32) {
                break;
            }
        }
        best.map(|(path, _)| path)
    }

    /// How long making a subdirectory and [`PROBES`] empty files in `dir`
    /// takes, half of them in the subdirectory (the kernel places a
    /// subdirectory by other rules than a file: a tree goes where both
    /// go); all are removed again.
    fn probe(dir: &Path) -> Option<Duration> {
        let sub = dir.join("probe");
        let paths: Vec<PathBuf> = (0..PROBES)
            .map(|i| if i % 2 == 0 { dir.join(format!("p{i}")) } else { sub.join(format!("p{i}")) })
            .collect();
        let start = Instant::now();
        let made = fs::create_dir(&sub).is_ok()
            && paths.iter().all(|path| fs::OpenOptions::new().write(true).create_new(true).open(path).is_ok());
        let took = start.elapsed();
        for path in &paths {
            let _ = fs::remove_file(path);
        }
        let _ = fs::remove_dir(&sub);
        made.then_some(took)
    }

    /// Whether `dir` is on ext2, ext3 or ext4.
    pub(super) fn on_ext(dir: &Path) -> bool {
        statfs(dir).is_ok_and(|fs| u64::try_from(fs.f_type).is_ok_and(|t| t == EXT_SUPER_MAGIC))
    }

    /// Sets `FS_TOPDIR_FL` on `dir`; `false` where that is refused.
    fn flag_as_top(dir: &Path) -> bool {
        let Ok(file) = fs::File::open(dir) else { return false };
        ioctl_getflags(&file).is_ok_and(|flags| ioctl_setflags(&file, flags | IFlags::TOPDIR).is_ok())
    }

    fn unique_name(attempt: usize) -> String {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default();
        format!("{:x}-{}-{attempt}", nanos, std::process::id())
    }
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    use super::create_dir_apart;

    fn names(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("read")
            .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
            .collect();
        names.sort();
        names
    }

    /// Wherever the test runs (ext4 or not), the directory comes out as
    /// `fs::create_dir` would make it, and nothing else is left beside it.
    #[test]
    fn a_placed_directory_is_an_ordinary_new_directory() {
        let temp = tempfile::tempdir().expect("tempdir");
        let plain = temp.path().join("plain");
        fs::create_dir(&plain).expect("create");
        let out = temp.path().join("out");
        let placed = create_dir_apart(&out);
        #[cfg(target_os = "linux")]
        {
            let ext = super::linux::on_ext(temp.path());
            assert_eq!(placed, ext, "placed apart exactly on ext2/3/4");
        }
        if !placed {
            fs::create_dir(&out).expect("create");
        }
        assert_eq!(names(temp.path()), ["out", "plain"]);
        assert!(names(&out).is_empty());
        let mode = |p: &std::path::Path| fs::metadata(p).expect("stat").permissions().mode();
        assert_eq!(mode(&out), mode(&plain));
        #[cfg(target_os = "linux")]
        {
            let flags = rustix::fs::ioctl_getflags(fs::File::open(&out).expect("open"));
            assert!(flags.map_or(true, |f| !f.contains(rustix::fs::IFlags::TOPDIR)), "the flag is not inherited");
        }
        // Files made in it afterwards are ordinary too.
        fs::write(out.join("a"), b"x").expect("write");
        assert_eq!(fs::read(out.join("a")).expect("read"), b"x");
    }

    #[test]
    fn an_existing_name_is_left_to_the_caller() {
        let temp = tempfile::tempdir().expect("tempdir");
        let out = temp.path().join("out");
        fs::create_dir(&out).expect("create");
        fs::write(out.join("kept"), b"kept").expect("write");
        assert!(!create_dir_apart(&out));
        assert_eq!(names(temp.path()), ["out"]);
        assert_eq!(fs::read(out.join("kept")).expect("read"), b"kept");
    }

    /// On a file system without the flag (tmpfs here), nothing is made.
    #[test]
    fn elsewhere_nothing_is_made() {
        let shm = std::path::Path::new("/dev/shm");
        if !shm.is_dir() {
            return;
        }
        let temp = tempfile::tempdir_in(shm).expect("tempdir");
        let out = temp.path().join("out");
        assert!(!create_dir_apart(&out));
        assert!(names(temp.path()).is_empty());
    }

    /// Slow candidates are passed over, the first fast one is taken, and
    /// when every one is slow the fastest is; a candidate that cannot be
    /// timed ends the search. Each case leaves only the directory.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_cheapest_candidate_group_is_taken() {
        use std::time::Duration;
        let slow = Duration::from_millis(40);
        let cases: [(&[Option<Duration>], usize, bool); 4] = [
            (&[Some(slow), Some(slow), Some(Duration::from_micros(200))], 3, true),
            (&[Some(slow), Some(slow * 2), Some(slow / 2), Some(slow * 3)], 4, true),
            (&[None], 1, false),
            (&[Some(slow), None], 2, true),
        ];
        for (costs, calls, placed) in cases {
            let temp = tempfile::tempdir().expect("tempdir");
            let ext = super::linux::on_ext(temp.path());
            let out = temp.path().join("out");
            let mut seen = Vec::new();
            let made = super::linux::create_dir_apart_with(&out, |candidate| {
                fs::write(candidate.join("marker"), seen.len().to_string()).expect("write");
                seen.push(candidate.to_path_buf());
                costs[seen.len() - 1]
            });
            if !ext {
                assert!(!made && seen.is_empty());
                continue;
            }
            assert_eq!((seen.len(), made), (calls, placed), "{costs:?}");
            if placed {
                // The fastest candidate is the one renamed into place.
                let fastest = (0..calls).filter(|&i| costs[i].is_some()).min_by_key(|&i| costs[i]).expect("one");
                assert_eq!(fs::read_to_string(out.join("marker")).expect("read"), fastest.to_string());
                assert_eq!(names(temp.path()), ["out"]);
            } else {
                assert!(names(temp.path()).is_empty());
            }
        }
    }

    /// What a killed run leaves in a holder is removed; what someone else
    /// put there under that name is kept.
    #[test]
    fn only_the_holders_own_leftovers_are_removed() {
        let temp = tempfile::tempdir().expect("tempdir");
        let holder = temp.path().join(".out.forklayer-place-99999999");
        fs::create_dir_all(holder.join("c1/probe")).expect("create");
        fs::write(holder.join("c1/p0"), b"").expect("write");
        fs::write(holder.join("c1/probe/p1"), b"").expect("write");
        fs::create_dir(holder.join("c2")).expect("create");
        super::remove_leftover_holder(&holder);
        assert!(names(temp.path()).is_empty(), "killed run's holder removed");

        fs::create_dir_all(holder.join("c1")).expect("create");
        fs::write(holder.join("c1/p0"), b"not empty").expect("write");
        fs::write(holder.join("notes.txt"), b"mine").expect("write");
        super::remove_leftover_holder(&holder);
        assert_eq!(fs::read(holder.join("c1/p0")).expect("kept"), b"not empty");
        assert_eq!(fs::read(holder.join("notes.txt")).expect("kept"), b"mine");
    }
}
