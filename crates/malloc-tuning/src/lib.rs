//! The one allocator setting of the `forklayer` binary, kept apart so that
//! the forklayer crate itself can forbid `unsafe` code.
//!
//! A command of forklayer reads and writes a few megabytes on every core at
//! once. glibc's malloc grows each thread's heap a little at a time, one
//! `mprotect` (or `brk`) per step, and every step takes the process's
//! memory-map lock for writing, while the other threads' page faults wait
//! for it to read. Measured on `merge` of this project's fork layer
//! (whole process, 20 alternated runs): 796 `mprotect` calls, and a padding
//! of 16 MiB per step made the merge 3.7 ms (12 %) faster. The padding is
//! address space, not memory: pages count only once they are written.

/// How much glibc's malloc adds to each growth of a heap.
pub const TOP_PAD: usize = 16 << 20;

/// What [`tune`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tuning {
    /// The padding is set.
    Set,
    /// The environment already sets glibc's padding (`GLIBC_TUNABLES` with
    /// `glibc.malloc.top_pad`, or `MALLOC_TOP_PAD_`): it is left as given.
    LeftToEnvironment,
    /// Not glibc, or glibc refused the value: nothing changed.
    Unsupported,
}

/// Sets glibc's heap growth padding to [`TOP_PAD`] unless the environment
/// sets one. To be called at the start of `main`, before any thread starts.
// glibc's own variables, read as glibc reads them: not forklayer's
// configuration, which comes through clap.
#[allow(clippy::disallowed_methods)]
pub fn tune() -> Tuning {
    if environment_sets_top_pad(std::env::var_os("GLIBC_TUNABLES"), std::env::var_os("MALLOC_TOP_PAD_")) {
        return Tuning::LeftToEnvironment;
    }
    set_top_pad(TOP_PAD)
}

/// Whether the user asked glibc for a padding of their own.
fn environment_sets_top_pad(tunables: Option<std::ffi::OsString>, legacy: Option<std::ffi::OsString>) -> bool {
    legacy.is_some() || tunables.is_some_and(|t| t.to_string_lossy().contains("glibc.malloc.top_pad"))
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn set_top_pad(bytes: usize) -> Tuning {
    let Ok(value) = libc::c_int::try_from(bytes) else { return Tuning::Unsupported };
    // SAFETY: `mallopt` only changes a parameter of the allocator, under
    // glibc's own lock; it takes no pointers and is safe to call at any time.
    #[allow(unsafe_code)]
    let accepted = unsafe { libc::mallopt(libc::M_TOP_PAD, value) };
    if accepted == 1 {
        Tuning::Set
    } else {
        Tuning::Unsupported
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn set_top_pad(_bytes: usize) -> Tuning {
    Tuning::Unsupported
}

#[cfg(test)]
mod tests {
    use super::{environment_sets_top_pad, set_top_pad, Tuning, TOP_PAD};

    #[test]
    fn a_padding_the_user_sets_is_left_alone() {
        let os = |s: &str| Some(std::ffi::OsString::from(s));
        assert!(environment_sets_top_pad(os("glibc.malloc.arena_max=2:glibc.malloc.top_pad=0"), None));
        assert!(environment_sets_top_pad(None, os("0")));
        assert!(!environment_sets_top_pad(os("glibc.malloc.arena_max=2"), None));
        assert!(!environment_sets_top_pad(None, None));
    }

    #[test]
    fn glibc_takes_the_padding() {
        let expected =
            if cfg!(all(target_os = "linux", target_env = "gnu")) { Tuning::Set } else { Tuning::Unsupported };
        assert_eq!(set_top_pad(TOP_PAD), expected);
        // Allocating still works after it.
        let v: Vec<u8> = vec![7; 1 << 20];
        assert_eq!(v.iter().map(|&b| u64::from(b)).sum::<u64>(), 7 << 20);
    }
}
