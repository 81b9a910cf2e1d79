//! Lineups: who of a team's roster plays a round (substitutions of
//! reserves), set by the captain or the organisers before the round is
//! paired. Board order never changes: the engine's
//! [`lineup::boards`](arbiter_engine::teams::lineup::boards) puts the regular
//! players chosen in their board order and the reserves on the bottom boards.
//!
//! A lineup is recorded as its event (`lineup_set`: team, round, members in
//! board order); the latest one for a team and round is the lineup. A round
//! with none is played by the regular players, in board order.

use super::{load_team, require_captain, rules_of};
use crate::bus::EventData;
use crate::domain::{Player, PlayerId, PlayerKind, RoundStatus, Tournament, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::{Change, Ctx};
use crate::store::Tx;
use serde::{Deserialize, Serialize};

/// `PUT /api/teams/{id}/lineup`: who plays a round.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetLineup {
    /// The round (1-based), not paired yet.
    pub round: u32,
    /// The members who play (their registration ids, any order): exactly
    /// the team size, from the team's roster.
    pub players: Vec<PlayerId>,
}

/// A round's lineup, board 1 first.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LineupView {
    /// The team.
    pub team: PlayerId,
    /// The round.
    pub round: u32,
    /// Whether the captain or the organisers set it (`false`: the regular players).
    pub set: bool,
    /// The members who play, in board order.
    pub boards: Vec<LineupBoard>,
}

/// One board of a lineup.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LineupBoard {
    /// Board number, 1-based.
    pub board: u32,
    /// The member's registration id.
    pub player_id: PlayerId,
    /// The member's name.
    pub name: String,
    /// Whether the member was registered as a reserve.
    pub reserve: bool,
}

/// The members of `team` who play round `round`, in board order: the
/// latest lineup set for it, or the regular players (not removed) by seat.
///
/// # Errors
/// 503 when the database is down.
pub async fn lineup(tx: &Tx, team: &Player, round: u32) -> ApiResult<(bool, Vec<Player>)> {
    let members = tx.members_of_team(team.id).await?;
    let mut set = None;
    for e in tx.events_of_kind(team.tournament_id, "lineup_set").await? {
        if let Ok(EventData::LineupSet { team: t, round: r, players }) = EventData::from_json(&e.kind, &e.payload) {
            if t == team.id && r == round {
                set = Some(players);
            }
        }
    }
    Ok(match set {
        Some(ids) => (true, ids.iter().filter_map(|id| members.iter().find(|m| m.id == *id).cloned()).collect()),
        None => (
            false,
            members
                .into_iter()
                .filter(|m| !m.removed && matches!(m.kind, PlayerKind::Member { reserve: false, .. }))
                .collect(),
        ),
    })
}

fn view(team: PlayerId, round: u32, set: bool, players: &[Player]) -> LineupView {
    LineupView {
        team,
        round,
        set,
        boards: (1u32..)
            .zip(players)
            .map(|(board, p)| LineupBoard {
                board,
                player_id: p.id,
                name: p.display_name.clone(),
                reserve: matches!(p.kind, PlayerKind::Member { reserve: true, .. }),
            })
            .collect(),
    }
}

/// `team.lineup`: the lineup of a round (set, or the regular players).
///
/// # Errors
/// 404 `team_not_found`.
pub async fn get(ctx: &Ctx, viewer: Option<&User>, team: PlayerId, round: u32) -> ApiResult<LineupView> {
    let tx = ctx.store.read().await?;
    let row = load_team(&tx, team).await?;
    crate::service::visible(&tx, row.tournament_id, viewer).await.map_err(|_| super::team_not_found())?;
    let (set, players) = lineup(&tx, &row, round).await?;
    Ok(view(team, round, set, &players))
}

/// `team.setLineup`: the captain (or the organisers) sets who plays a
/// round, before it is paired.
///
/// # Errors
/// 403 `not_team_captain`; 409 `round_already_paired`, `player_dropped`
/// (a withdrawn team), `wrong_status`; 422 `invalid_round` (a round the
/// event does not have), `invalid_team` (not the team size, a member not
/// on the roster or removed, one named twice).
pub async fn set(ctx: &Ctx, user: &User, team: PlayerId, input: SetLineup) -> ApiResult<LineupView> {
    let t_id = load_team(&ctx.store.read().await?, team).await?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t: Tournament = change.tournament().clone();
    let row = load_team(change.tx(), team).await?;
    let rules = rules_of(&t)?.clone();
    require_captain(&t, &row, user, false, "set the team's lineup")?;
    if t.status == crate::domain::TournamentStatus::Complete {
        return Err(ApiError::conflict(Code::WrongStatus, "The tournament is complete."));
    }
    if row.dropped || row.removed {
        return Err(ApiError::conflict(Code::PlayerDropped, format!("{} is out of the event.", row.display_name)));
    }
    if input.round == 0 || (t.total_rounds > 0 && input.round > t.total_rounds) {
        return Err(ApiError::invalid(
            Code::InvalidRound,
            format!("Round {}: the event has rounds 1 to {}.", input.round, t.total_rounds),
        ));
    }
    let paired = change
        .tx()
        .all_rounds(t.id)
        .await?
        .iter()
        .any(|r| !r.playoff && r.number == input.round && r.status != RoundStatus::Pending);
    if paired {
        return Err(ApiError::conflict(
            Code::RoundAlreadyPaired,
            format!("Round {} is already paired: its lineup can no longer change.", input.round),
        ));
    }
    let members = change.tx().members_of_team(row.id).await?;
    let mut chosen = Vec::with_capacity(input.players.len());
    for id in &input.players {
        match members.iter().position(|m| m.id == *id) {
            Some(i) if !members[i].removed => chosen.push(i),
            _ => {
                return Err(ApiError::invalid(
                    Code::InvalidTeam,
                    format!("{id} is not a player of {}.", row.display_name),
                ))
            }
        }
    }
    // `members_of_team` is by seat: its indices are the engine's roster indices.
    let boards = arbiter_engine::teams::lineup::boards(members.len(), rules.size as usize, &chosen)
        .map_err(|e| ApiError::invalid(Code::InvalidTeam, format!("{}: {e}.", row.display_name)))?;
    let players: Vec<Player> = boards.iter().map(|&i| members[i].clone()).collect();
    let ids = players.iter().map(|p| p.id).collect();
    change.emit(EventData::LineupSet { team: row.id, round: input.round, players: ids }).await?;
    change.commit(ctx).await?;
    Ok(view(row.id, input.round, true, &players))
}
