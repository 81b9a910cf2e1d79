//! Byes on request in Swiss chess events (FIDE C.04.1 art. 3; C.04.2 art. 3.2:
//! players not to be paired in a round). A player asks for a half-point or
//! zero-point bye in a round not yet paired, or cancels it; the TO does the
//! same for any player and may also grant a full-point bye. When the round is
//! paired the player is left out and gets a bye row carrying its points
//! (see [`crate::service::lifecycle::rounds::generate`]); the request stays as its record.

use crate::bus::EventData;
use crate::domain::{
    now_millis, ByeKind, ByeRequest, ByeRequestId, PairingSystem, Player, PlayerId, RoundStatus, Tournament,
    TournamentId, TournamentStatus, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::people::players::{locate, own_registration, player_not_found};
use crate::service::Ctx;
use crate::service::{require_to, Change};
use serde::Deserialize;

/// A bye asked for: `{"round": 4, "kind": "half"}` (`half`, `zero`, or `full` for the TO).
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ByeInput {
    /// The round, 1-based; not paired yet.
    pub round: u32,
    /// `half`, `zero` or `full`.
    pub kind: String,
}

use arbiter_web::views::sets as web;
pub use arbiter_web::views::ByeView;

fn view(r: &ByeRequest, p: &Player, t: &Tournament) -> ByeView {
    ByeView {
        player_id: r.player_id,
        player_name: p.display_name.clone(),
        round: r.round,
        kind: match r.kind {
            ByeKind::Half => web::ByeKind::Half,
            ByeKind::Zero => web::ByeKind::Zero,
            ByeKind::Full => web::ByeKind::Full,
        },
        requested_by: if r.requested_by == t.owner_id && p.user_id != t.owner_id {
            web::ByeRequester::To
        } else {
            web::ByeRequester::Player
        },
    }
}

fn parse_kind(kind: &str, by_to: bool) -> ApiResult<ByeKind> {
    let k = ByeKind::parse(&kind.trim().to_uppercase()).ok_or_else(|| {
        ApiError::invalid(Code::InvalidByeKind, format!("kind must be half, zero or full, not {kind:?}."))
    })?;
    if k == ByeKind::Full && !by_to {
        return Err(ApiError::forbidden(
            Code::FullByeByOrganiser,
            "Only the organiser can give a full-point bye; ask for a half-point or zero-point bye.",
        ));
    }
    Ok(k)
}

/// The checks every bye change passes: a Swiss chess event under way or
/// open for entries, a round planned but not yet paired, a player still in.
async fn check(change: &Change, t: &Tournament, p: &Player, round: u32) -> ApiResult<()> {
    if t.pairing_system != PairingSystem::Dutch {
        return Err(ApiError::conflict(
            Code::ByesNotOffered,
            format!(
                "Byes on request are for Swiss chess events (FIDE Dutch); this event is a {}.",
                t.pairing_system.label().to_lowercase()
            ),
        ));
    }
    if matches!(t.status, TournamentStatus::Draft | TournamentStatus::Complete) {
        return Err(ApiError::conflict(
            Code::WrongStatus,
            format!("Byes can be arranged from registration until the event ends; it is {}.", t.status),
        ));
    }
    if round == 0 || round > t.total_rounds {
        return Err(ApiError::invalid(
            Code::InvalidRound,
            format!("round must be between 1 and {}, the event's rounds.", t.total_rounds),
        ));
    }
    let paired = change.tx().rounds(t.id).await?.iter().filter(|r| r.status != RoundStatus::Pending).count();
    if round as usize <= paired {
        return Err(ApiError::conflict(
            Code::RoundAlreadyPaired,
            format!("Round {round} is already paired; byes are arranged before a round is paired."),
        ));
    }
    if p.dropped || p.removed {
        return Err(ApiError::conflict(
            Code::PlayerWithdrawn,
            format!("{} has withdrawn and is not paired again.", p.display_name),
        ));
    }
    Ok(())
}

async fn put(
    ctx: &Ctx,
    user: &User,
    mut change: Change,
    t: &Tournament,
    p: &Player,
    input: &ByeInput,
    by_to: bool,
) -> ApiResult<ByeView> {
    let kind = parse_kind(&input.kind, by_to)?;
    crate::service::people::waitlist::refuse_waiting(p, "have a bye")?;
    check(&change, t, p, input.round).await?;
    let r = ByeRequest {
        id: ByeRequestId::random(),
        tournament_id: t.id,
        player_id: p.id,
        round: input.round,
        kind,
        requested_by: user.id,
        created_at: now_millis(),
    };
    change.tx().put_bye_request(&r).await?;
    let v = view(&r, p, t);
    change
        .emit(EventData::ByeRequested { player: crate::service::views::player(p, false, false), bye: v.clone() })
        .await?;
    change.commit(ctx).await?;
    Ok(v)
}

async fn delete(ctx: &Ctx, mut change: Change, t: &Tournament, p: &Player, round: u32) -> ApiResult<()> {
    check(&change, t, p, round).await?;
    if !change.tx().delete_bye_request(p.id, round).await? {
        return Err(ApiError::not_found(
            Code::ByeNotFound,
            format!("{} has no bye arranged for round {round}.", p.display_name),
        ));
    }
    change.emit(EventData::ByeCancelled { player: crate::service::views::player(p, false, false), round }).await?;
    change.commit(ctx).await?;
    Ok(())
}

/// The signed-in player asks for a bye in tournament `id` (replacing any
/// request of theirs for that round).
///
/// # Errors
/// 404 not registered; 403 `full_bye_by_organiser`; 409 `byes_not_offered`,
/// `round_already_paired`, `player_withdrawn`, `wrong_status`; 422 bad round or kind.
pub async fn request(ctx: &Ctx, user: &User, id: TournamentId, input: ByeInput) -> ApiResult<ByeView> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    let p = own_registration(&change, &t, user).await?;
    put(ctx, user, change, &t, &p, &input, false).await
}

/// The signed-in player cancels their bye for `round`.
///
/// # Errors
/// As [`request`]; 404 `bye_not_found` when there is none.
pub async fn cancel(ctx: &Ctx, user: &User, id: TournamentId, round: u32) -> ApiResult<()> {
    let change = Change::begin(ctx, id, user).await?;
    let t = change.tournament().clone();
    let p = own_registration(&change, &t, user).await?;
    delete(ctx, change, &t, &p, round).await
}

async fn as_to(ctx: &Ctx, user: &User, player: PlayerId) -> ApiResult<(Change, Tournament, Player)> {
    let (t_id, _) = locate(ctx, player).await?;
    let change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    require_to(&t, user, "arrange players' byes")?;
    let p = change.tx().player(player).await?.ok_or_else(player_not_found)?;
    Ok((change, t, p))
}

/// The TO arranges a bye (half, zero or full point) for `player`.
///
/// # Errors
/// 403 for anyone but the TO; otherwise as [`request`].
pub async fn grant(ctx: &Ctx, user: &User, player: PlayerId, input: ByeInput) -> ApiResult<ByeView> {
    let (change, t, p) = as_to(ctx, user, player).await?;
    put(ctx, user, change, &t, &p, &input, true).await
}

/// The TO cancels `player`'s bye for `round`.
///
/// # Errors
/// As [`grant`] and [`cancel`].
pub async fn revoke(ctx: &Ctx, user: &User, player: PlayerId, round: u32) -> ApiResult<()> {
    let (change, t, p) = as_to(ctx, user, player).await?;
    delete(ctx, change, &t, &p, round).await
}

/// Every bye arranged in tournament `id`, by round (public: byes show on the
/// pairings once the round is paired anyway).
///
/// # Errors
/// 404 for an unknown or unpublished tournament.
pub async fn list(ctx: &Ctx, viewer: Option<&User>, id: TournamentId) -> ApiResult<Vec<ByeView>> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let players = tx.players(id).await?;
    Ok(tx
        .bye_requests(id)
        .await?
        .iter()
        .filter_map(|r| players.iter().find(|p| p.id == r.player_id).map(|p| view(r, p, &t)))
        .collect())
}
