//! A round's clock: the time left, kept by the server (its clock is the
//! truth: boards and phones show `ends_at` against the server's time, see
//! the live protocol's `pong`), and the organiser's actions on it.

use super::{Millis, RoundId, TournamentId};

/// Minutes a round can be set to at start, inclusive.
pub const START_MINUTES: std::ops::RangeInclusive<u32> = 1..=600;
/// Minutes one extension can add (negative: take back), inclusive; not 0.
pub const EXTEND_MINUTES: std::ops::RangeInclusive<i32> = -120..=120;

const MINUTE: Millis = 60_000;

/// Where a clock is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockState {
    /// Counting down: time is up at `ends_at` (Unix ms, server clock); past
    /// it the round is in overtime until the TO ends the clock.
    Running {
        /// When time is up.
        ends_at: Millis,
    },
    /// Stopped with `remaining` ms left.
    Paused {
        /// Time left, ms (never negative).
        remaining: Millis,
    },
    /// The TO ended it.
    Ended,
}

impl ClockState {
    /// The stored name: `running`, `paused`, `ended`.
    #[must_use]
    pub const fn as_str(&self) -> &'static str {
        match self {
            ClockState::Running { .. } => "running",
            ClockState::Paused { .. } => "paused",
            ClockState::Ended => "ended",
        }
    }
}

/// One round's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundClock {
    /// The round.
    pub round_id: RoundId,
    /// Its tournament.
    pub tournament_id: TournamentId,
    /// Running, paused or ended.
    pub state: ClockState,
    /// The round's length: as set at start plus every extension, ms.
    pub duration: Millis,
    /// The last change, Unix ms.
    pub updated_at: Millis,
}

/// What the organiser does to a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockAction {
    /// Start (or restart an ended clock) with this many minutes.
    Start(u32),
    /// Stop the countdown, keeping the time left.
    Pause,
    /// Count down again from the time left.
    Resume,
    /// Add (or, negative, take back) minutes, running or paused.
    Extend(i32),
    /// Stop the clock for good (the round's time is over).
    End,
}

/// Why an action does not apply to the clock as it is: a sentence for the organiser.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotNow(pub String);

impl RoundClock {
    /// Milliseconds left at `now` (0 once time is up or the clock ended).
    #[must_use]
    pub fn remaining_at(&self, now: Millis) -> Millis {
        match self.state {
            ClockState::Running { ends_at } => (ends_at - now).max(0),
            ClockState::Paused { remaining } => remaining,
            ClockState::Ended => 0,
        }
    }

    /// The clock after `action` at `now`; `current` is the round's clock, if
    /// it was ever started.
    ///
    /// # Errors
    /// [`NotNow`] when the action does not apply: starting a clock that runs
    /// or is paused, pausing one that is not running, resuming one that is
    /// not paused, extending or ending one that is not started or has ended.
    /// The minutes' ranges ([`START_MINUTES`], [`EXTEND_MINUTES`]) are the
    /// caller's to check.
    pub fn act(
        current: Option<&RoundClock>,
        round_id: RoundId,
        tournament_id: TournamentId,
        action: ClockAction,
        now: Millis,
    ) -> Result<RoundClock, NotNow> {
        let state = current.map(|c| c.state);
        let next = |state, duration| RoundClock { round_id, tournament_id, state, duration, updated_at: now };
        let duration = current.map_or(0, |c| c.duration);
        match (action, state) {
            (ClockAction::Start(minutes), None | Some(ClockState::Ended)) => {
                let length = Millis::from(minutes) * MINUTE;
                Ok(next(ClockState::Running { ends_at: now + length }, length))
            }
            (ClockAction::Start(_), Some(_)) => {
                Err(NotNow("The clock is already started; extend, pause or end it instead.".into()))
            }
            (ClockAction::Pause, Some(ClockState::Running { ends_at })) => {
                Ok(next(ClockState::Paused { remaining: (ends_at - now).max(0) }, duration))
            }
            (ClockAction::Pause, _) => Err(NotNow("The clock is not running, so it cannot be paused.".into())),
            (ClockAction::Resume, Some(ClockState::Paused { remaining })) => {
                Ok(next(ClockState::Running { ends_at: now + remaining }, duration))
            }
            (ClockAction::Resume, _) => Err(NotNow("The clock is not paused, so it cannot be resumed.".into())),
            (ClockAction::Extend(minutes), Some(ClockState::Running { ends_at })) => {
                let by = Millis::from(minutes) * MINUTE;
                Ok(next(ClockState::Running { ends_at: (ends_at + by).max(now) }, (duration + by).max(0)))
            }
            (ClockAction::Extend(minutes), Some(ClockState::Paused { remaining })) => {
                let by = Millis::from(minutes) * MINUTE;
                Ok(next(ClockState::Paused { remaining: (remaining + by).max(0) }, (duration + by).max(0)))
            }
            (ClockAction::Extend(_), _) => {
                Err(NotNow("The clock is not started or has ended; start it instead.".into()))
            }
            (ClockAction::End, Some(ClockState::Running { .. } | ClockState::Paused { .. })) => {
                Ok(next(ClockState::Ended, duration))
            }
            (ClockAction::End, _) => Err(NotNow("The clock is not started or has already ended.".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(c: Option<&RoundClock>, a: ClockAction, now: Millis) -> Result<RoundClock, NotNow> {
        RoundClock::act(c, RoundId::from_uuid(uuid::Uuid::nil()), TournamentId::from_uuid(uuid::Uuid::nil()), a, now)
    }

    #[test]
    fn a_round_runs_pauses_resumes_extends_and_ends() {
        let t0 = 1_000_000;
        let c = act(None, ClockAction::Start(150), t0).unwrap();
        assert_eq!((c.state, c.duration), (ClockState::Running { ends_at: t0 + 150 * MINUTE }, 150 * MINUTE));
        // Paused 30 minutes in: 120 minutes left, and still 120 after a coffee.
        let p = act(Some(&c), ClockAction::Pause, t0 + 30 * MINUTE).unwrap();
        assert_eq!(p.remaining_at(t0 + 45 * MINUTE), 120 * MINUTE);
        // Resumed at 45: time is up at 165.
        let r = act(Some(&p), ClockAction::Resume, t0 + 45 * MINUTE).unwrap();
        assert_eq!(r.state, ClockState::Running { ends_at: t0 + 165 * MINUTE });
        let e = act(Some(&r), ClockAction::Extend(5), t0 + 50 * MINUTE).unwrap();
        assert_eq!((e.remaining_at(t0 + 50 * MINUTE), e.duration), (120 * MINUTE, 155 * MINUTE));
        // Overtime shows 0, not a negative time.
        assert_eq!(e.remaining_at(t0 + 200 * MINUTE), 0);
        let end = act(Some(&e), ClockAction::End, t0 + 200 * MINUTE).unwrap();
        assert_eq!((end.state, end.remaining_at(t0)), (ClockState::Ended, 0));
        // An ended clock can be started again (a round restarted).
        assert!(act(Some(&end), ClockAction::Start(10), t0).is_ok());
    }

    #[test]
    fn taking_time_back_never_goes_below_zero() {
        let c = act(None, ClockAction::Start(3), 0).unwrap();
        let p = act(Some(&c), ClockAction::Pause, MINUTE).unwrap();
        let back = act(Some(&p), ClockAction::Extend(-10), MINUTE).unwrap();
        assert_eq!((back.remaining_at(MINUTE), back.duration), (0, 0));
        let running = act(Some(&c), ClockAction::Extend(-10), MINUTE).unwrap();
        assert_eq!(running.remaining_at(MINUTE), 0);
    }

    #[test]
    fn actions_that_do_not_apply_say_why() {
        let c = act(None, ClockAction::Start(10), 0).unwrap();
        let ended = act(Some(&c), ClockAction::End, 1).unwrap();
        for (clock, action) in [
            (Some(&c), ClockAction::Start(5)),
            (Some(&c), ClockAction::Resume),
            (None, ClockAction::Pause),
            (None, ClockAction::Extend(5)),
            (None, ClockAction::End),
            (Some(&ended), ClockAction::Pause),
            (Some(&ended), ClockAction::Extend(5)),
            (Some(&ended), ClockAction::End),
        ] {
            let refused = act(clock, action, 2);
            assert!(refused.as_ref().is_err_and(|e| e.0.ends_with('.')), "{action:?}: {refused:?}");
        }
    }
}
