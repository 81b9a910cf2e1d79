//! A round's clock: the TO starts, pauses, resumes, extends and ends it; every
//! board and phone shows it live (`clock_changed`).

use crate::bus::EventData;
use crate::domain::clock::{ClockAction, RoundClock, EXTEND_MINUTES, START_MINUTES};
use crate::domain::{now_millis, RoundId, RoundStatus, User};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::round_not_found;
use crate::service::views::{self, ClockView};
use crate::service::{require_to, Change, Ctx};
use serde::Deserialize;

/// `POST /api/rounds/{id}/clock`: `{"action": "start", "minutes": 150}`,
/// `{"action": "extend", "minutes": 5}` (negative takes time back), or
/// `{"action": "pause" | "resume" | "end"}`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockInput {
    /// `start`, `pause`, `resume`, `extend` or `end`.
    pub action: String,
    /// Minutes: the round's length for `start` (1–600), the change for `extend` (−120–120, not 0).
    #[serde(default)]
    pub minutes: Option<i64>,
}

impl ClockInput {
    /// The action, with its minutes checked.
    ///
    /// # Errors
    /// 422 `invalid_field` naming what to send, in the words of the form.
    pub fn action(&self) -> ApiResult<ClockAction> {
        let refuse = |id: &'static str| ApiError::invalid(Code::InvalidField, "").text(id, []);
        match self.action.as_str() {
            "start" => u32::try_from(self.minutes.ok_or_else(|| refuse("refusal-clock-no-start-minutes"))?)
                .ok()
                .filter(|m| START_MINUTES.contains(m))
                .map(ClockAction::Start)
                .ok_or_else(|| refuse("refusal-clock-start")),
            "extend" => i32::try_from(self.minutes.ok_or_else(|| refuse("refusal-clock-no-extend-minutes"))?)
                .ok()
                .filter(|m| *m != 0 && EXTEND_MINUTES.contains(m))
                .map(ClockAction::Extend)
                .ok_or_else(|| refuse("refusal-clock-extend")),
            "pause" => Ok(ClockAction::Pause),
            "resume" => Ok(ClockAction::Resume),
            "end" => Ok(ClockAction::End),
            other => {
                Err(ApiError::invalid(Code::InvalidField, "")
                    .text("refusal-clock-action", [("action", Fill::from(other))]))
            }
        }
    }
}

/// The TO acts on round `round_id`'s clock; returns the clock as it now is.
///
/// # Errors
/// 404 unknown round; 403 anyone but the TO; 422 a bad action or minutes;
/// 409 `round_closed` for a closed round, `clock_state` when the action does
/// not apply to the clock as it is (e.g. pausing a paused clock).
pub async fn act(ctx: &Ctx, user: &User, round_id: RoundId, input: &ClockInput) -> ApiResult<ClockView> {
    let action = input.action()?;
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "run the round's clock")?;
    let round = change.tx().round(round_id).await?.ok_or_else(round_not_found)?;
    if round.status == RoundStatus::Complete {
        return Err(ApiError::conflict(
            Code::RoundClosed,
            format!("Round {} is closed; its clock can no longer change.", round.number),
        ));
    }
    let current = change.tx().round_clock(round_id).await?;
    let clock = RoundClock::act(current.as_ref(), round_id, t_id, action, now_millis())
        .map_err(|e| ApiError::conflict(Code::ClockState, e.0))?;
    change.tx().put_round_clock(&clock).await?;
    let view = views::clock(&clock, round.number);
    change.emit(EventData::ClockChanged { clock: view.clone() }).await?;
    change.commit(ctx).await?;
    Ok(view)
}

/// The clock of round `round_id` (`null` until started), for anyone who may see the round.
///
/// # Errors
/// 404 unknown round (or its event is a draft the viewer does not own).
pub async fn get(ctx: &Ctx, viewer: Option<&User>, round_id: RoundId) -> ApiResult<Option<ClockView>> {
    let tx = ctx.store.read().await?;
    let round = tx.round(round_id).await?.ok_or_else(round_not_found)?;
    crate::service::visible(&tx, round.tournament_id, viewer).await?;
    Ok(tx.round_clock(round_id).await?.map(|c| views::clock(&c, round.number)))
}
