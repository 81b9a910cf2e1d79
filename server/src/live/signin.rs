//! Which sign-in sessions have live sockets on this instance, so that
//! signing out (on any instance) closes them.
//!
//! A socket opened with a session cookie registers a [`SignInWatch`] before
//! it reads the session from the database; signing out deletes the session,
//! commits, then publishes [`crate::bus::Control::SessionEnded`], which every
//! instance's hub hands to [`SignIns::end`]. Either the socket's read comes
//! after the commit (and finds no session: the socket is anonymous), or its
//! watch was registered before the message arrived (and is ended by it): a
//! sign-out never misses a socket. Bus messages can be lost (Redis pub/sub is
//! at-most-once), so the hub also checks every watched session against the
//! database now and then ([`SignIns::watched`]), and a watch ends by itself
//! when its session expires.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// Why a socket's sign-in session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInEnd {
    /// The session was signed out (deleted).
    SignedOut,
    /// The session reached its expiry time.
    Expired,
}

type Watchers = HashMap<String, HashMap<u64, oneshot::Sender<()>>>;

/// This instance's registry of sign-in sessions with live sockets (cheap to clone).
#[derive(Clone, Debug, Default)]
pub struct SignIns {
    watchers: Arc<Mutex<Watchers>>,
    next_id: Arc<std::sync::atomic::AtomicU64>,
}

impl SignIns {
    /// Starts watching `session` (the SHA-256 hex of its token) for one socket.
    /// The watch is removed when dropped.
    #[must_use]
    pub fn watch(&self, session: String) -> SignInWatch {
        let id = self.next_id.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.lock().entry(session.clone()).or_default().insert(id, tx);
        SignInWatch { registry: self.clone(), session, id, ended: Some(rx), expires: None }
    }

    /// Ends every watch of `session`; returns how many there were.
    pub fn end(&self, session: &str) -> usize {
        let watchers = self.lock().remove(session).unwrap_or_default();
        let n = watchers.len();
        for (_, tx) in watchers {
            let _ = tx.send(());
        }
        n
    }

    /// The sessions watched now.
    #[must_use]
    pub fn watched(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watchers> {
        self.watchers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One live socket's watch on the sign-in session it was opened with.
#[derive(Debug)]
pub struct SignInWatch {
    registry: SignIns,
    session: String,
    id: u64,
    /// `None` once it has fired.
    ended: Option<oneshot::Receiver<()>>,
    expires: Option<tokio::time::Instant>,
}

impl SignInWatch {
    /// Sets when the session expires: `expires_at` in Unix milliseconds.
    pub fn expires_at(&mut self, expires_at: i64) {
        let left = expires_at.saturating_sub(crate::domain::now_millis()).max(0);
        let left = Duration::from_millis(u64::try_from(left).unwrap_or(0));
        // Beyond a year is "never" for a socket (and stays within the timer's range).
        self.expires = Some(tokio::time::Instant::now() + left.min(Duration::from_secs(365 * 86_400)));
    }

    /// Waits until the session is signed out or expires (forever once it has
    /// said so: ask again only for a session still open).
    pub async fn ended(&mut self) -> SignInEnd {
        let expires = self.expires;
        let Some(rx) = self.ended.as_mut() else { return std::future::pending().await };
        let expiry = async {
            match expires {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        let end = tokio::select! {
            _ = rx => SignInEnd::SignedOut,
            () = expiry => SignInEnd::Expired,
        };
        self.ended = None;
        end
    }
}

impl Drop for SignInWatch {
    fn drop(&mut self) {
        let mut watchers = self.registry.lock();
        if let Some(of_session) = watchers.get_mut(&self.session) {
            of_session.remove(&self.id);
            if of_session.is_empty() {
                watchers.remove(&self.session);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Paused time: the 50 ms of quiet pass at once.
    #[tokio::test(start_paused = true)]
    async fn ending_a_session_ends_its_watches_only_and_dropped_watches_leave() {
        let r = SignIns::default();
        let (mut a1, mut a2, mut b) = (r.watch("a".into()), r.watch("a".into()), r.watch("b".into()));
        let mut watched = r.watched();
        watched.sort();
        assert_eq!(watched, ["a", "b"]);
        assert_eq!(r.end("a"), 2);
        assert_eq!(a1.ended().await, SignInEnd::SignedOut);
        assert_eq!(a2.ended().await, SignInEnd::SignedOut);
        let quiet = tokio::time::timeout(Duration::from_millis(50), b.ended()).await;
        assert!(quiet.is_err(), "b is still signed in");
        drop(b);
        assert!(r.watched().is_empty());
        assert_eq!(r.end("b"), 0);
    }

    // Paused time: the expiry is a tokio timer, so the 30 ms pass at once.
    #[tokio::test(start_paused = true)]
    async fn a_watch_ends_when_its_session_expires() {
        let r = SignIns::default();
        let mut w = r.watch("s".into());
        w.expires_at(crate::domain::now_millis() + 30);
        let end = tokio::time::timeout(Duration::from_secs(2), w.ended()).await;
        assert_eq!(end.ok(), Some(SignInEnd::Expired));
    }
}
