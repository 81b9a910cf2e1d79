//! The TO's hand on open ties (crokinole tie-breaker specification,
//! "Manual Resolution"; FIDE C.07 art. 4.2, drawing of lots): for a group the
//! rules leave tied, or order only by crokinole total 20s, the TO confirms
//! the order (=) or swaps a player with the one below (↓); a tie every
//! tie-break leaves open may instead be drawn by lot, once: the seed is
//! drawn at random, stored with the order, and shown, so anyone can redo
//! the draw ([`arbiter_engine::standings::Lot::order`]).
//!
//! A decision is stored with who and when, applies while the same players
//! stay tied at the same places in the same rule order
//! ([`arbiter_engine::standings::apply_resolutions`]), and is dropped with a
//! notice when results change the tie (see [`crate::service::standings::publish`]).
//! A second action on the same tie starts from the order in force, so ↓
//! pressed twice moves a player down two places.

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{now_millis, PlayerId, ResolutionMeta, TieResolution, TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::standings::{self, resolution_view};
use crate::service::Ctx;
use crate::service::{require_to, Change};
use arbiter_engine::standings::{OpenTieKind, Resolution};
use arbiter_web::views::{MiniLeagueView, ResolutionView};
use serde::Deserialize;
use uuid::Uuid;

/// What the TO does to a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TieActionKind {
    /// = : keep the order shown.
    Confirm,
    /// ↓ : swap the player with the one below them in the tie.
    Swap,
    /// Draw lots for the tie (C.07 art. 4.2): only a tie the whole list
    /// leaves, and only once.
    DrawLots,
}

impl TieActionKind {
    /// `confirm`, `swap` or `draw_lots`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            TieActionKind::Confirm => "confirm",
            TieActionKind::Swap => "swap",
            TieActionKind::DrawLots => "draw_lots",
        }
    }
}

/// `POST /api/tournaments/{id}/ties`.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TieAction {
    /// `confirm`, `swap` or `draw_lots`.
    pub action: TieActionKind,
    /// A player of the tie; for `swap`, the one moving down.
    pub player_id: PlayerId,
}

/// Confirms, reorders or draws lots for the open tie `input.player_id` is in.
///
/// # Errors
/// 403 for anyone but the TO; 404 `player_not_found` for someone not in the
/// standings; 409 `not_tied` when the player is in no tie open to the TO
/// (40K ties are always settled by registration order), 409 `nobody_below`
/// for a swap of the tie's last player, 409 `not_unresolved` for lots on a
/// tie a tie-break orders, 409 `already_drawn` for lots drawn before.
pub async fn act(ctx: &Ctx, user: &User, id: TournamentId, input: TieAction) -> ApiResult<ResolutionView> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "order tied players")?;
    let sheet = change.tx().sheet(&t).await?;
    let c = standings::compute_all(&sheet)?;
    let (no, who) = c
        .by_no
        .iter()
        .find(|(_, p)| p.id == input.player_id)
        .map(|(n, p)| (*n, p.display_name.clone()))
        .ok_or_else(|| ApiError::not_found(Code::PlayerNotFound, "This player is not in the standings."))?;
    let tie = c.raw.open_ties.iter().find(|tie| tie.members.contains(&no)).ok_or_else(|| {
        ApiError::conflict(
            Code::NotTied,
            format!("{who} is not in a tie open to the organiser: the tie-breaks already decide their place."),
        )
    })?;
    let meta = ResolutionMeta { by: user.id, by_name: user.display_name.clone(), at: now_millis() };
    let same = |r: &TieResolution| r.first_position == tie.first_position && r.members == tie.members;
    let current = t.resolutions.iter().find(|r| same(r));
    if input.action == TieActionKind::DrawLots {
        if tie.kind != OpenTieKind::Unresolved {
            return Err(ApiError::conflict(
                Code::NotUnresolved,
                "Lots are drawn only for a tie every tie-break leaves open (C.07 art. 4.2); this order comes from \
                 a tie-break: confirm it or swap.",
            ));
        }
        if let Some(lot) = current.and_then(|r| r.lot) {
            return Err(ApiError::conflict(
                Code::AlreadyDrawn,
                format!("Lots were already drawn for this tie (seed {:016x}); a draw stands.", lot.seed),
            ));
        }
    }
    let mut resolution = match current {
        _ if input.action == TieActionKind::DrawLots => {
            let seed = u64::try_from(Uuid::new_v4().as_u128() >> 64).unwrap_or_default();
            Resolution::draw_lots(tie, seed, meta)
        }
        Some(r) => Resolution { meta, ..r.clone() },
        None => Resolution::confirm(tie, meta),
    };
    if input.action == TieActionKind::Swap {
        if resolution.order.last() == Some(&no) {
            return Err(ApiError::conflict(
                Code::NobodyBelow,
                format!("{who} is last in the tied group: nobody below to swap with."),
            ));
        }
        resolution = resolution.swap_below(no);
    }
    t.resolutions.retain(|r| !same(r));
    t.resolutions.push(resolution.clone());
    change.tx().update_tournament(&t).await?;
    let view = resolution_view(&resolution, &c.by_no);
    change
        .emit(EventData::TieResolved {
            resolution: view.clone(),
            action: input.action.code().into(),
            player_id: input.player_id,
        })
        .await?;
    standings::publish(&mut change, &mut t, StandingsCause::of(Cause::TieResolved)).await?;
    change.commit(ctx).await?;
    Ok(view)
}

/// Dismisses the notices of dropped tie decisions. Returns how many there were.
///
/// # Errors
/// 403 for anyone but the TO.
pub async fn dismiss_notices(ctx: &Ctx, user: &User, id: TournamentId) -> ApiResult<usize> {
    let mut change = Change::begin(ctx, id, user).await?;
    let mut t = change.tournament().clone();
    require_to(&t, user, "dismiss tie notices")?;
    let count = t.tie_notices.len();
    if count == 0 {
        return Ok(0);
    }
    t.tie_notices.clear();
    change.tx().update_tournament(&t).await?;
    change.emit(EventData::TieNoticesDismissed { count }).await?;
    standings::publish(&mut change, &mut t, StandingsCause::of(Cause::TieResolved)).await?;
    change.commit(ctx).await?;
    Ok(count)
}

/// The mini-league or direct-encounter table of the tied group starting at place `group`.
///
/// # Errors
/// 404 for an unknown tournament or group; 409 in 40K.
pub async fn group(ctx: &Ctx, viewer: Option<&User>, id: TournamentId, group: u32) -> ApiResult<MiniLeagueView> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    standings::group_table(&tx.sheet(&t).await?, group)
}
