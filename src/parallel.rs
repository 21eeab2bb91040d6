//! Order-preserving parallel map over a slice with scoped std threads, so
//! results (and therefore every output) are identical to a sequential run.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Below this many items threads cost more than they save.
const MIN_PARALLEL_ITEMS: usize = 2;

/// The cores this process may use, asked once: the standard library reads
/// the cgroup files (three opens and reads) on every call.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
}

/// Applies `f` to every item, in parallel when it pays off, and returns
/// the results in item order.
pub fn map_ordered<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = cores().min(items.len());
    if workers < 2 || items.len() < MIN_PARALLEL_ITEMS {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = f(item);
                if let Ok(mut slots) = slots.lock() {
                    slots[i] = Some(result);
                }
            });
        }
    });
    // A poisoned lock means a worker panicked; scope() has re-raised that
    // panic already, so the slots are complete here.
    let slots = slots.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    slots.into_iter().flatten().collect()
}

/// Below this many files, reading them on several threads costs more
/// (two thread starts) than it saves.
const MIN_PARALLEL_FILES: usize = 64;

/// [`map_ordered`] for file system work on many small items (reading or
/// writing files): sequential when there are few, since callers often run
/// inside a parallel map over packages already, and inside
/// [`beside_others`].
pub fn map_files_ordered<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if items.len() < MIN_PARALLEL_FILES || BESIDE_OTHERS.with(Cell::get) {
        return items.iter().map(f).collect();
    }
    map_ordered(items, f)
}

thread_local! {
    /// Set while the thread runs [`beside_others`].
    static BESIDE_OTHERS: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` as one of several threads that already keep every core busy
/// (the reads a merge starts at once): [`map_files_ordered`] inside it
/// stays on this thread rather than starting two more to compete with the
/// others. Measured on `merge` of this project's layer: four thread starts
/// fewer, and 0.0–0.9 ms less in three sets of 30 alternated whole
/// processes (medians); the 5,000-file merge within its noise.
pub fn beside_others<R>(f: impl FnOnce() -> R) -> R {
    /// Puts the flag back however `f` ends.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            BESIDE_OTHERS.with(|flag| flag.set(self.0));
        }
    }
    let _restore = Restore(BESIDE_OTHERS.with(|flag| flag.replace(true)));
    f()
}

/// [`map_ordered`] for work that consumes its items: each is moved into
/// `f` exactly once.
pub fn map_ordered_owned<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let cells: Vec<Mutex<Option<T>>> = items.into_iter().map(|item| Mutex::new(Some(item))).collect();
    // Each index is handed to exactly one worker, once, so every cell
    // still holds its item when it is taken.
    let taken = map_ordered(&cells, |cell| cell.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take().map(&f));
    taken.into_iter().flatten().collect()
}

/// [`map_ordered_owned`] that hands out the heaviest items first (by
/// `weight`; equal weights in item order) and still returns the results in
/// item order. When one item outweighs the rest, as one big bundle among small
/// packages does, it then runs beside them instead of after them.
pub fn map_owned_heaviest_first<T: Send, R: Send>(
    items: Vec<T>,
    weight: impl Fn(&T) -> u64,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let order = heaviest_first(&items.iter().map(weight).collect::<Vec<_>>());
    let mut cells: Vec<Option<T>> = items.into_iter().map(Some).collect();
    let started: Vec<T> = order.iter().filter_map(|&index| cells[index].take()).collect();
    let done = map_ordered_owned(started, f);
    let mut slots: Vec<Option<R>> = (0..done.len()).map(|_| None).collect();
    for (&index, result) in order.iter().zip(done) {
        slots[index] = Some(result);
    }
    slots.into_iter().flatten().collect()
}

/// Runs `first` and `second` at once and `last` as soon as a core is free
/// for it: at once on a third thread when there are three cores or more,
/// otherwise right after whichever of the other two ends first, on that
/// one's thread. On two cores the three then run as two threads that each
/// keep a core to the end, rather than three that take turns and leave a
/// core idle while the longest ends. `second` runs on the calling thread.
pub fn two_then_one<A: Send, B, C: Send>(
    first: impl FnOnce() -> A + Send,
    second: impl FnOnce() -> B,
    last: impl Fn() -> C + Sync,
) -> (A, B, C) {
    two_then_one_on(cores(), first, second, last)
}

/// [`two_then_one`] for a given number of cores.
fn two_then_one_on<A: Send, B, C: Send>(
    cores: usize,
    first: impl FnOnce() -> A + Send,
    second: impl FnOnce() -> B,
    last: impl Fn() -> C + Sync,
) -> (A, B, C) {
    let claimed = AtomicBool::new(false);
    // Exactly one caller wins the claim and runs `last`.
    let run_last_if_unclaimed = || (!claimed.swap(true, Ordering::AcqRel)).then(&last);
    std::thread::scope(|scope| {
        let alone = (cores >= 3).then(|| {
            claimed.store(true, Ordering::Release);
            scope.spawn(&last)
        });
        let other = scope.spawn(|| {
            let a = first();
            (a, run_last_if_unclaimed())
        });
        let b = second();
        let mine = run_last_if_unclaimed();
        let (a, theirs) = joined(other);
        let c = match alone {
            Some(handle) => joined(handle),
            // One of the two threads ran it; were it neither, it runs here.
            None => mine.or(theirs).unwrap_or_else(&last),
        };
        (a, b, c)
    })
}

/// The result of a scoped thread; its panic, if it panicked, goes on in
/// this one.
pub(crate) fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// The indices of `weights`, heaviest first; equal weights keep their
/// order (a stable sort), so the order is the same on every machine.
fn heaviest_first(weights: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&index| std::cmp::Reverse(weights[index]));
    order
}

#[cfg(test)]
mod tests {
    use super::{
        heaviest_first, map_files_ordered, map_ordered, map_ordered_owned, map_owned_heaviest_first, two_then_one,
        two_then_one_on,
    };
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc::{channel, Receiver, Sender};
    use std::sync::Mutex;
    use std::thread::ThreadId;
    use std::time::Duration;

    /// Waits (at most long enough to fail rather than hang) until `last`
    /// has run.
    fn wait_for_last(done: &Mutex<Receiver<ThreadId>>) -> ThreadId {
        let done = done.lock().expect("lock");
        done.recv_timeout(Duration::from_secs(20)).expect("`last` ran while this job waited for it")
    }

    /// `last` for the ordering tests: says on which thread it ran.
    fn reporting_last(ran: &Mutex<Sender<ThreadId>>) -> impl Fn() -> &'static str + Sync + '_ {
        move || {
            ran.lock().expect("lock").send(std::thread::current().id()).expect("the test waits");
            "last"
        }
    }

    #[test]
    fn last_runs_once_with_every_count_of_cores() {
        for cores in [1, 2, 3, 8] {
            let runs = AtomicUsize::new(0);
            let result = two_then_one_on(
                cores,
                || 1,
                || "two",
                || {
                    runs.fetch_add(1, Ordering::SeqCst);
                    vec![3]
                },
            );
            assert_eq!(result, (1, "two", vec![3]), "{cores} cores");
            assert_eq!(runs.load(Ordering::SeqCst), 1, "{cores} cores");
        }
        assert_eq!(two_then_one(|| 'a', || 'b', || 'c'), ('a', 'b', 'c'));
    }

    #[test]
    fn on_two_cores_last_follows_whichever_ends_first_on_its_thread() {
        let here = std::thread::current().id();
        // `first` waits for `last`: the calling thread, done with `second`,
        // must run it.
        let (ran, done) = channel();
        let (ran, done) = (Mutex::new(ran), Mutex::new(done));
        let (_, _, last) = two_then_one_on(2, || wait_for_last(&done), || (), reporting_last(&ran));
        assert_eq!(last, "last");
        // `second` waits for `last`: the other thread, done with `first`,
        // must run it.
        let (ran, done) = channel();
        let (ran, done) = (Mutex::new(ran), Mutex::new(done));
        let (first_thread, ran_on, _) =
            two_then_one_on(2, || std::thread::current().id(), || wait_for_last(&done), reporting_last(&ran));
        assert_eq!(ran_on, first_thread);
        assert_ne!(ran_on, here);
    }

    #[test]
    fn on_three_cores_last_starts_at_once() {
        // Both others wait for `last`: only a thread of its own lets all end.
        let (ran, done) = channel();
        let (ran, done) = (Mutex::new(ran), Mutex::new(done));
        let (others_done, others_ran) = channel();
        let (others_done, others_ran) = (Mutex::new(others_done), Mutex::new(others_ran));
        let relay = || {
            let id = wait_for_last(&done);
            others_done.lock().expect("lock").send(id).expect("the test waits");
            id
        };
        let wait_for_relay = || wait_for_last(&others_ran);
        let (a, b, last) = two_then_one_on(3, relay, wait_for_relay, reporting_last(&ran));
        assert_eq!((a, last), (b, "last"));
        assert_ne!(a, std::thread::current().id());
    }

    #[test]
    fn file_maps_beside_other_threads_stay_on_their_thread() {
        let items: Vec<u32> = (0..256).collect();
        let here = std::thread::current().id();
        let threads = |ids: Vec<std::thread::ThreadId>| ids.into_iter().filter(|id| *id != here).count();
        let inside = super::beside_others(|| map_files_ordered(&items, |_| std::thread::current().id()));
        assert_eq!(threads(inside), 0, "every item on the calling thread");
        let outside = map_files_ordered(&items, |_| std::thread::current().id());
        if super::cores() > 1 {
            assert!(threads(outside) > 0, "a plain file map uses the cores");
        }
    }

    #[test]
    fn heaviest_items_are_handed_out_first_and_ties_keep_their_order() {
        assert_eq!(heaviest_first(&[3, 50, 1, 50, 7, 0]), vec![1, 3, 4, 0, 2, 5]);
        assert_eq!(heaviest_first(&[]), Vec::<usize>::new());
    }

    #[test]
    fn heaviest_first_results_keep_item_order() {
        let items: Vec<u64> = (0..200).map(|i| (i * 7919) % 113).collect();
        let expected: Vec<u64> = items.iter().map(|x| x * 10 + 1).collect();
        assert_eq!(map_owned_heaviest_first(items, |x| *x, |x| x * 10 + 1), expected);
    }

    #[test]
    fn owned_results_keep_item_order() {
        let items: Vec<String> = (0..1000).map(|i| i.to_string()).collect();
        let expected: Vec<String> = items.iter().map(|s| format!("{s}!")).collect();
        assert_eq!(
            map_ordered_owned(items, |mut s| {
                s.push('!');
                s
            }),
            expected
        );
    }

    #[test]
    fn results_keep_item_order() {
        let items: Vec<u64> = (0..1000).collect();
        assert_eq!(map_ordered(&items, |x| x * 2), items.iter().map(|x| x * 2).collect::<Vec<_>>());
    }
}
