//! Low-priority threads for the live rooms' CPU work (recomputing a big
//! event's standings and working out what changed for each view: 45 ms a
//! second for 2,000 players, up to 220 ms). Their niceness is 10, so the
//! kernel runs the HTTP workers — which write the frames every screen waits
//! for — first when both want a core; the work still gets the cores'
//! spare time, and a tenth of a busy core (a nice-10 thread's weight is 110
//! against a normal thread's 1,024), so standings are late under load,
//! never stuck. Two threads, shared by every room of the instance.

use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};

type Job = Box<dyn FnOnce() + Send>;

/// The niceness of the threads (0 is normal, 19 the lowest priority).
const NICENESS: u8 = 10;

/// Runs `job` on a low-priority thread and returns its answer; `None` if the
/// job panicked (or the threads could not start: it then runs here).
pub async fn run<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = tx.send(job());
    });
    if let Err(mpsc::SendError(job)) = pool().send(job) {
        job();
    }
    rx.await.ok()
}

fn pool() -> &'static mpsc::Sender<Job> {
    static POOL: OnceLock<mpsc::Sender<Job>> = OnceLock::new();
    POOL.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = std::sync::Arc::new(Mutex::new(rx));
        for i in 0..2 {
            let rx = rx.clone();
            let _ = std::thread::Builder::new().name(format!("arbiter-live-bg-{i}")).spawn(move || {
                lower_priority();
                loop {
                    let job = match rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => {
                            // A panicking job answers nothing (its sender is dropped); the thread goes on.
                            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                        }
                        Err(_) => return,
                    }
                }
            });
        }
        tx
    })
}

/// Gives this thread niceness [`NICENESS`] (Linux; elsewhere it keeps its priority).
fn lower_priority() {
    use thread_priority::{set_current_thread_priority, ThreadPriority, ThreadPriorityValue};
    // thread_priority maps 0–99 onto niceness 20…-20.
    let value = ThreadPriorityValue::try_from(50 - NICENESS * 5 / 2).map_err(|e| e.to_string());
    if let Err(e) =
        value.and_then(|v| set_current_thread_priority(ThreadPriority::Crossplatform(v)).map_err(|e| e.to_string()))
    {
        tracing::debug!(error = %e, "cannot lower the live rooms' background threads' priority");
    }
}
