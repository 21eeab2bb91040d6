//! Ctrl-C while forklayer writes. Without a handler the signal would kill
//! the process in the middle of a journaled update (the next command would
//! roll it back, but the user asked for nothing at all). A command that
//! writes calls [`hold_ctrl_c`]: from then on Ctrl-C only sets
//! [`INTERRUPTED`]; the update checks it before it starts writing
//! ([`crate::journal::Update::cancelled_by`]) and stops with nothing
//! changed, and once writing it finishes.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C once [`hold_ctrl_c`] was called.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C set [`INTERRUPTED`] instead of killing the process. A
/// second call in the same process changes nothing (the first handler
/// stays, and it sets the same flag).
pub fn hold_ctrl_c() {
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
}

/// Whether Ctrl-C was pressed since [`hold_ctrl_c`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}
