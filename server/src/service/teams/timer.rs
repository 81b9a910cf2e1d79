//! The step timer of the captains' pairing process running out (issue 25,
//! point 2: "a per-step timer the TO sets … with what happens at expiry (TO
//! decides)"): the organisers learn it without polling.
//!
//! - **What is due**: each process stores when its current step's timer runs
//!   out while that is still to be announced (`expires_at`, set by
//!   [`super::wh40k::arm_timer`] when a step that takes the captains'
//!   choices starts; `None` while the process waits for the roll-off, once
//!   it is finished, and once the expiry is announced).
//! - **Who announces**: every instance scans the due timers every
//!   [`SCAN_EVERY`] ([`watch`]); for each, under the tournament's write lock
//!   ([`Change::by_server`]), it reads the process again and, if the same
//!   step's expiry is still due and a team has not locked, appends one
//!   `step_timer_expired` event ([`StepExpiry`]: the match, the teams waited
//!   for, their choices and the organisers' routes) and clears
//!   `expires_at` in the same transaction. The event reaches the TO's queue
//!   view (the queue receives every event) and the raw event stream; the
//!   organisers then decide (`…/process/expire`), override or undo.
//! - **Once**: the announcement and the clearing commit together, and the
//!   write lock serialises the instances, so two instances (or one
//!   restarted) announce a step's expiry exactly once; a timer that ran out
//!   while no instance was running is announced at the next start. A step
//!   that moved on (both locked, the TO decided) is re-armed for its own
//!   deadline; a lock after the announcement does not announce it again.

use super::wh40k;
use crate::bus::{EventData, StepExpiry, TimerAction};
use crate::domain::{now_millis, PairingId, TournamentId};
use crate::error::{ApiError, ApiResult};
use crate::service::{Change, Ctx};
use arbiter_engine::wh40k_teams::captains::{Phase, Side};
use std::time::Duration;

/// How often an instance looks for step timers that ran out.
pub const SCAN_EVERY: Duration = Duration::from_secs(1);

/// The most expiries one scan announces (the rest wait for the next scan).
const SCAN_LIMIT: u64 = 200;

/// Announces every due step expiry now; returns how many it announced.
///
/// # Errors
/// 503 when the database is down.
pub async fn announce_due(ctx: &Ctx) -> ApiResult<usize> {
    let due = ctx.store.read().await?.expired_processes(now_millis(), SCAN_LIMIT).await?;
    let mut announced = 0;
    for (match_id, tournament) in due {
        // On the database runtime, as every change ([`Ctx::run`]).
        if ctx.run(move |c| async move { announce(&c, tournament, match_id).await }).await? {
            announced += 1;
        }
    }
    Ok(announced)
}

/// Announces the expiry of match `match_id`'s step if it is still due
/// (see the module docs); whether it did.
///
/// # Errors
/// 503 when the database is down.
async fn announce(ctx: &Ctx, tournament: TournamentId, match_id: PairingId) -> ApiResult<bool> {
    // The match's lock first, then the tournament's, as a captain's step
    // takes them ([`super::captains::act`]): never the other way round.
    let mut tx = ctx.store.begin().await?;
    tx.lock_team_match(match_id).await?;
    let mut change = Change::within(ctx, tx, tournament, None).await?;
    let now = now_millis();
    let Some(mut process) = change.tx().team_process(match_id).await? else { return Ok(false) };
    let Some(deadline) = process.expires_at.filter(|&at| at <= now) else { return Ok(false) };
    let Some(rules) = crate::service::standings::teams::rules(change.tournament()).cloned() else {
        return Ok(false);
    };
    let state = wh40k::replay(&rules, &process)?;
    process.expires_at = None;
    change.tx().put_team_process(&process).await?;
    let waiting: Vec<Side> = [Side::A, Side::B].into_iter().filter(|&s| !state.is_locked(s)).collect();
    let phase = match state.phase() {
        Phase::Defenders => "defenders",
        Phase::Attackers => "attackers",
        Phase::Choices => "choices",
        // No captain's step to wait for (the timer is never armed then).
        Phase::RollOff | Phase::Done => "",
    };
    if waiting.is_empty() || phase.is_empty() {
        // Both teams locked in the same instant the timer ran out: nothing to decide.
        change.commit(ctx).await?;
        return Ok(false);
    }
    let team_match = change.tx().pairing(match_id).await?.ok_or_else(|| ApiError::internal("a process of no match"))?;
    let round = change.tx().round(team_match.round_id).await?.map_or(0, |r| r.number);
    let teams = change.tx().players_in(&[team_match.player1_id]).await?;
    let team_b = match team_match.player2_id {
        Some(b) => change.tx().players_in(&[b]).await?,
        None => Vec::new(),
    };
    let name = |rows: &[crate::domain::Player]| rows.first().map(|p| p.display_name.clone()).unwrap_or_default();
    let route = |what: &str| format!("/api/matches/{match_id}/process/{what}");
    let mut actions: Vec<TimerAction> = ["expire", "override"]
        .into_iter()
        .map(|a| TimerAction { action: a.into(), method: "POST".into(), path: route(a) })
        .collect();
    if state.can_undo() {
        actions.push(TimerAction { action: "undo".into(), method: "POST".into(), path: route("undo") });
    }
    let expiry = StepExpiry {
        match_id,
        round,
        table: team_match.table_number,
        team_a: name(&teams),
        team_b: name(&team_b),
        phase: phase.into(),
        step: u32::try_from(process.actions.len()).unwrap_or(u32::MAX),
        deadline,
        waiting: waiting.iter().map(|s| if *s == Side::A { "a" } else { "b" }.to_string()).collect(),
        options_a: state.options(Side::A),
        options_b: state.options(Side::B),
        actions,
    };
    change.emit(EventData::StepTimerExpired { expiry }).await?;
    change.commit(ctx).await?;
    Ok(true)
}

/// Scans for due step expiries every [`SCAN_EVERY`] until the task is
/// aborted (started with the server; every instance runs one).
pub fn watch(ctx: Ctx) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SCAN_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(e) = announce_due(&ctx).await {
                tracing::warn!(error = %e, "cannot announce the captains' step timers that ran out");
            }
        }
    })
}
