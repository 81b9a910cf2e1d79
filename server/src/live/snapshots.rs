//! The snapshot frames of this instance's views, built once and shared.
//!
//! A venue opening its screens, a room full of phones, or every client of an
//! instance reconnecting after a restart asks for the same snapshot hundreds
//! of times at the same sequence number. Each was read, built and serialised
//! per viewer: the CPU of hundreds of identical reads, and hundreds of
//! transient copies (a queue snapshot of a 64-player event is ~60 KB of
//! text and several times that as a JSON tree) whose freed pages the
//! allocator keeps among the viewers' long-lived allocations: resident
//! memory per idle viewer grew with the size of its snapshot. Now the first
//! viewer of a view builds its frame and the others wait for it and share
//! the text (one allocation, sent by every session as slices).
//!
//! A frame is reused only if it is at least as recent as the room was when
//! the viewer joined (its `joined_at`): the viewer's queue holds every event
//! after that, so nothing between the snapshot and the queue is missed.
//! Frames hold no viewer's private data: what a view shows depends on the
//! tournament, the view and the sequence number only (a player view names
//! its player). Access is checked when the socket opens.

use super::view::View;
use crate::domain::TournamentId;
use bytestring::ByteString;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One view's last snapshot frame and its sequence number; the lock is held
/// while it is built, so the viewers arriving meanwhile wait and share it.
type Slot = Arc<tokio::sync::Mutex<Option<(i64, ByteString)>>>;

/// Snapshot frames by tournament and view (cheap to share; see the module doc).
#[derive(Default)]
pub struct Snapshots {
    slots: Mutex<HashMap<(TournamentId, View), Slot>>,
}

impl Snapshots {
    /// The snapshot frame of `view` in `tournament` as of `at_least` or
    /// later, with its sequence number: the shared one when it is recent
    /// enough, else built by `build` (one builder at a time per view; the
    /// others wait and share its frame).
    ///
    /// # Errors
    /// `build`'s error (nothing is kept; the next viewer tries again).
    pub async fn frame<E, F, Fut>(
        &self,
        tournament: TournamentId,
        view: &View,
        at_least: i64,
        build: F,
    ) -> Result<(i64, ByteString), E>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<(i64, ByteString), E>>,
    {
        let slot = match self.slots.lock() {
            Ok(mut slots) => slots.entry((tournament, view.clone())).or_default().clone(),
            Err(_) => Slot::default(),
        };
        let mut cached = slot.lock().await;
        if let Some((seq, frame)) = cached.as_ref().filter(|(seq, _)| *seq >= at_least) {
            return Ok((*seq, frame.clone()));
        }
        let built = build().await?;
        *cached = Some(built.clone());
        Ok(built)
    }

    /// Drops the frames of `tournament` (its room closed: nobody watches it here).
    pub fn forget(&self, tournament: TournamentId) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.retain(|(t, _), _| *t != tournament);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

    // Paused time: the build's 20 ms pass at once when every task waits.
    #[tokio::test(start_paused = true)]
    async fn viewers_of_a_view_share_one_frame_until_a_newer_one_is_needed() {
        let snapshots = Arc::new(Snapshots::default());
        let (t, view) = (TournamentId::random(), View::Board { from: 1, to: 10 });
        let builds = Arc::new(AtomicUsize::new(0));
        let build = |seq: i64, builds: Arc<AtomicUsize>| async move {
            builds.fetch_add(1, SeqCst);
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            Ok::<_, ()>((seq, ByteString::from(format!("snapshot at {seq}"))))
        };
        // Fifty viewers arrive together: one build, one shared text.
        let mut waiting = Vec::new();
        for _ in 0..50 {
            let (s, v, b) = (snapshots.clone(), view.clone(), builds.clone());
            waiting.push(tokio::spawn(async move { s.frame(t, &v, 7, || build(7, b)).await }));
        }
        for w in waiting {
            assert_eq!(w.await.ok().and_then(Result::ok), Some((7, ByteString::from("snapshot at 7"))));
        }
        assert_eq!(builds.load(SeqCst), 1);
        // A viewer who joined at 8 needs a newer frame; one who joined at 6 takes the shared one.
        let later = snapshots.frame(t, &view, 8, || build(8, builds.clone())).await;
        assert_eq!(later.map(|(seq, _)| seq), Ok(8));
        let earlier = snapshots.frame(t, &view, 6, || build(6, builds.clone())).await;
        assert_eq!(earlier.map(|(seq, _)| seq), Ok(8));
        assert_eq!(builds.load(SeqCst), 2);
        // Another view, or a failed build, shares nothing.
        let other = snapshots.frame(t, &View::Events, 0, || build(8, builds.clone())).await;
        assert_eq!(other.map(|(seq, _)| seq), Ok(8));
        assert_eq!(builds.load(SeqCst), 3);
        let failed = snapshots.frame(t, &View::Queue, 0, || async { Err::<(i64, ByteString), _>("down") }).await;
        assert_eq!(failed, Err("down"));
        snapshots.forget(t);
        let rebuilt = snapshots.frame(t, &view, 0, || build(9, builds.clone())).await;
        assert_eq!(rebuilt.map(|(seq, _)| seq), Ok(9));
        assert_eq!(builds.load(SeqCst), 4);
    }
}
