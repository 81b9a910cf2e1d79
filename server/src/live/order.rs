//! A room's reorder buffer: events arrive from the bus in any order (an
//! instance's own events come straight from its services, another
//! instance's through Redis, a few milliseconds later) and sometimes not at
//! all (Redis pub/sub is at-most-once); viewers must get them in sequence,
//! each once.
//!
//! An event ahead of the next expected one waits here for the ones before
//! it, which nearly always arrive within milliseconds. Only a gap that stays
//! open for [`GAP_WAIT`] is filled from the database (the event table is the
//! source of truth), and that read runs beside the room, never in its way:
//! the room keeps taking events meanwhile. A pure state machine, so the
//! ordering is tested without a database or a clock.

use crate::bus::LiveEvent;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a gap may stay open before the database is asked for what is
/// missing: far above the bus's own delay (Redis p99 ≈ 7 ms with both
/// instances loaded), so a read happens only when an event was lost.
pub const GAP_WAIT: Duration = Duration::from_millis(50);

/// Events held back past this many are a sign the bus lost something big:
/// the database is read at once.
pub const MAX_HELD: usize = 1024;

/// The events a room has passed on, and those it holds back.
#[derive(Debug, Default)]
pub struct Order {
    /// The last sequence number passed on.
    last: i64,
    /// Events after a gap, by sequence number.
    held: BTreeMap<i64, Arc<LiveEvent>>,
    /// Since when the first gap has been open.
    gap_since: Option<Instant>,
}

impl Order {
    /// A buffer whose next event is `last + 1`.
    #[must_use]
    pub fn after(last: i64) -> Order {
        Order { last, ..Order::default() }
    }

    /// The last sequence number passed on.
    #[must_use]
    pub fn last(&self) -> i64 {
        self.last
    }

    /// Takes one event (from the bus, or read from the database) at `now`;
    /// returns those that are now in sequence, in order (none for a
    /// duplicate or an event after a gap, which is held).
    pub fn take(&mut self, e: Arc<LiveEvent>, now: Instant) -> Vec<Arc<LiveEvent>> {
        if e.seq <= self.last {
            return Vec::new();
        }
        // An event already held (from the bus) is kept: it carries its stamps.
        self.held.entry(e.seq).or_insert(e);
        let mut ready = Vec::new();
        while let Some(next) = self.held.remove(&(self.last + 1)) {
            self.last = next.seq;
            ready.push(next);
        }
        self.gap_since = match (self.held.is_empty(), self.gap_since) {
            (true, _) => None,
            (false, Some(since)) if ready.is_empty() => Some(since),
            // A new gap, or the one before was closed and another remains.
            (false, _) => Some(now),
        };
        ready
    }

    /// When the open gap, if any, should be filled from the database.
    #[must_use]
    pub fn fill_at(&self) -> Option<Instant> {
        let since = self.gap_since?;
        Some(if self.held.len() > MAX_HELD { since } else { since + GAP_WAIT })
    }

    /// Starts the wait for a gap afresh (its read failed, or found nothing yet).
    pub fn retry(&mut self, now: Instant) {
        if !self.held.is_empty() {
            self.gap_since = Some(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bus::EventData;
    use crate::domain::TournamentId;

    fn event(seq: i64) -> Arc<LiveEvent> {
        let data = EventData::TieNoticesDismissed { count: 0 };
        Arc::new(LiveEvent::new(TournamentId::random(), seq, 0, data, r#"{"count":0}"#))
    }

    fn seqs(events: &[Arc<LiveEvent>]) -> Vec<i64> {
        events.iter().map(|e| e.seq).collect()
    }

    #[test]
    fn events_pass_in_sequence_once_whatever_the_order_they_arrive_in() {
        let t0 = Instant::now();
        // (arriving, passed on, gap open after)
        let cases: &[(i64, &[i64], bool)] = &[
            (1, &[1], false),
            (3, &[], true),
            (3, &[], true),
            (5, &[], true),
            (2, &[2, 3], true),
            (1, &[], true),
            (4, &[4, 5], false),
            (5, &[], false),
            (6, &[6], false),
        ];
        let mut o = Order::after(0);
        for (arriving, passed, gap) in cases {
            assert_eq!(seqs(&o.take(event(*arriving), t0)), *passed, "after {arriving}");
            assert_eq!(o.fill_at().is_some(), *gap, "gap after {arriving}");
        }
        assert_eq!(o.last(), 6);
    }

    #[test]
    fn a_gap_is_read_from_the_database_only_after_waiting_for_the_bus() {
        let t0 = Instant::now();
        let mut o = Order::after(10);
        assert_eq!(o.fill_at(), None);
        // 11 and 12 are missing.
        assert!(o.take(event(13), t0).is_empty());
        assert_eq!(o.fill_at(), Some(t0 + GAP_WAIT));
        // A later event does not push the deadline back.
        assert!(o.take(event(14), t0 + Duration::from_millis(30)).is_empty());
        assert_eq!(o.fill_at(), Some(t0 + GAP_WAIT));
        // 11 arrives: 12 still missing, a gap again, timed from now.
        let t1 = t0 + Duration::from_millis(40);
        assert_eq!(seqs(&o.take(event(11), t1)), [11]);
        assert_eq!((o.last(), o.fill_at()), (11, Some(t1 + GAP_WAIT)));
        // The database fills it: everything held passes.
        assert_eq!(seqs(&o.take(event(12), t1)), [12, 13, 14]);
        assert_eq!((o.last(), o.fill_at()), (14, None));
        // A failed read waits again.
        assert!(o.take(event(16), t1).is_empty());
        let t2 = t1 + Duration::from_secs(1);
        o.retry(t2);
        assert_eq!(o.fill_at(), Some(t2 + GAP_WAIT));
    }

    #[test]
    fn a_large_gap_is_read_at_once() {
        let t0 = Instant::now();
        let mut o = Order::after(0);
        for seq in 2..=(i64::try_from(MAX_HELD).unwrap() + 2) {
            assert!(o.take(event(seq), t0).is_empty());
        }
        assert_eq!(o.fill_at(), Some(t0));
        assert_eq!(seqs(&o.take(event(1), t0)).len(), MAX_HELD + 2);
    }
}
