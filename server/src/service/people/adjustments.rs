//! Scores beside the games, entered by staff while the event is in
//! progress: penalties and bonuses with a reason (40K wins and VP;
//! crokinole points) and 40K painting and sportsmanship scores
//! ([`arbiter_engine::standings::adjustment`]). Each is shown to the player,
//! counted in the standings (and so in pairing, prizes and exports), and can
//! be taken back.
//!
//! Chess has none: FIDE standings count games only (C.07); an arbiter's
//! penalty changes a game's result (Laws of Chess art. 12.9), which is an
//! override of that game.

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{now_millis, Game, Player, PlayerAdjustment, PlayerId, Tournament, TournamentStatus, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::{AdjustmentView, PlayerView};
use crate::service::{clean_text, require_judge, views, Change, Ctx};
use arbiter_engine::standings::AdjustmentKind;
use serde::Deserialize;

/// The longest reason, in characters.
pub const MAX_REASON: usize = 200;

/// `POST /api/players/{id}/adjustments`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustmentInput {
    /// 40K: `wins`, `vp`, `painting`, `sportsmanship`; crokinole: `points`.
    pub kind: String,
    /// By how much: negative for a penalty (never 0); a painting or
    /// sportsmanship score is 0–1000. Wins within ±30, others within ±10,000.
    pub amount: i64,
    /// Why (1–200 characters; shown to the player and in the standings).
    /// Optional for painting and sportsmanship scores.
    #[serde(default)]
    pub reason: Option<String>,
    /// The round it concerns, if any (a round already created).
    #[serde(default)]
    pub round: Option<u32>,
}

/// The kinds a game has ([`crate::game::GameSystem::adjustment_kinds`]).
#[must_use]
pub fn kinds(game: Game) -> &'static [AdjustmentKind] {
    crate::game::system(game).adjustment_kinds()
}

fn invalid(message: String) -> ApiError {
    ApiError::invalid(Code::InvalidAdjustment, message)
}

/// `player.adjust`: staff add an adjustment; the standings change at once.
///
/// # Errors
/// 403 `not_tournament_staff`; 404 `player_not_found`; 409 `wrong_status`
/// unless the event is in progress; 422 `invalid_adjustment` for a kind the
/// game does not have (chess: none), an amount out of range, a missing
/// reason or an unknown round; 422 `invalid_field` for a reason too long.
pub async fn add(ctx: &Ctx, user: &User, player: PlayerId, input: AdjustmentInput) -> ApiResult<PlayerView> {
    let (mut change, mut t, mut p) = open(ctx, user, player, "adjust scores").await?;
    let kind = AdjustmentKind::parse(&input.kind).filter(|k| kinds(t.game).contains(k));
    let Some(kind) = kind else {
        return Err(invalid(match crate::game::system(t.game).no_adjustment_reason() {
            Some(reason) => reason.into(),
            None => format!(
                "\"{}\" is no adjustment of this game: use {}.",
                input.kind,
                kinds(t.game).iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
            ),
        }));
    };
    let score = matches!(kind, AdjustmentKind::Painting | AdjustmentKind::Sportsmanship);
    let limit = if kind == AdjustmentKind::Wins { 30 } else { 10_000 };
    if score && !(0..=1000).contains(&input.amount) {
        return Err(invalid(format!("A {} score is 0 to 1000, not {}.", kind.as_str(), input.amount)));
    }
    if !score && (input.amount == 0 || !(-limit..=limit).contains(&input.amount)) {
        return Err(invalid(format!(
            "An adjustment of {} is a non-zero amount within ±{limit}, not {}.",
            kind.as_str(),
            input.amount
        )));
    }
    let reason = match input.reason.as_deref().map(str::trim) {
        Some(r) if !r.is_empty() => clean_text("reason", r, MAX_REASON)?,
        _ if score => String::new(),
        _ => return Err(invalid("Say why: a penalty or bonus needs a reason the player will read.".into())),
    };
    if let Some(n) = input.round {
        let created = change.tx().rounds(t.id).await?.iter().filter(|r| !r.playoff).count();
        if n == 0 || n as usize > created {
            return Err(invalid(format!("There is no round {n} yet ({created} created).")));
        }
    }
    let no = p.adjustments.iter().map(|a| a.no).max().unwrap_or(0) + 1;
    let a = PlayerAdjustment {
        no,
        kind,
        amount: input.amount,
        reason,
        round: input.round,
        by: user.display_name.clone(),
        at: now_millis(),
    };
    p.adjustments.push(a);
    let added = views::adjustments(&p).pop().ok_or_else(|| ApiError::internal("adjustment"))?;
    announce(&mut change, &mut t, &p, added, false).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, false, false))
}

/// `player.unadjust`: staff take adjustment `no` back; the standings change at once.
///
/// # Errors
/// 403 `not_tournament_staff`; 404 `player_not_found` or `adjustment_not_found`;
/// 409 `wrong_status` unless the event is in progress.
pub async fn remove(ctx: &Ctx, user: &User, player: PlayerId, no: u32) -> ApiResult<PlayerView> {
    let (mut change, mut t, mut p) = open(ctx, user, player, "adjust scores").await?;
    let Some(gone) = views::adjustments(&p).into_iter().find(|a| a.no == no) else {
        return Err(ApiError::not_found(
            Code::AdjustmentNotFound,
            format!("{} has no adjustment number {no}.", p.display_name),
        ));
    };
    p.adjustments.retain(|a| a.no != no);
    announce(&mut change, &mut t, &p, gone, true).await?;
    change.commit(ctx).await?;
    Ok(views::player(&p, false, false))
}

async fn open(ctx: &Ctx, user: &User, player: PlayerId, action: &str) -> ApiResult<(Change, Tournament, Player)> {
    let not_found = crate::service::people::players::player_not_found;
    let t_id = ctx.store.read().await?.player(player).await?.ok_or_else(not_found)?.tournament_id;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_judge(&t, user, action)?;
    let p = change.tx().player(player).await?.filter(|p| !p.removed).ok_or_else(not_found)?;
    crate::service::require_not_own_game(&t, user, p.user_id == user.id, "adjust your own score")?;
    if t.status != TournamentStatus::InProgress {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            "Scores are adjusted while the event is in progress (reopen the last round first if it is over).",
        ));
    }
    Ok((change, t, p))
}

/// Stores `p` as it now is and announces `adjustment` added (or removed),
/// then the standings.
async fn announce(
    change: &mut Change,
    t: &mut Tournament,
    p: &Player,
    adjustment: AdjustmentView,
    removed: bool,
) -> ApiResult<()> {
    change.tx().update_player(p).await?;
    change.emit(EventData::PlayerAdjusted { player: views::player(p, false, false), adjustment, removed }).await?;
    crate::service::standings::publish(change, t, StandingsCause::of(Cause::Adjusted)).await
}
