//! The pairing rooms' reads for the live layer (issue 25, point 5): the
//! captains' process of one team match as one *kind* of viewer sees it
//! (team A's captain, team B's, the staff, the public), and the progress of
//! every match of the current round as the public sees it (the venue screen
//! and the TO's overview).
//!
//! The live layer builds one frame per kind of viewer, not one per socket:
//! what a viewer may see depends only on its kind ([`Viewer`]), so every
//! socket of a kind shares its frame, and a sealed choice reaches only the
//! frames of the kinds that may see it (the engine's [`State::view`]
//! guarantee: the locking captain's and the staff's).
//!
//! [`State::view`]: arbiter_engine::wh40k_teams::captains::State::view

use super::captains::{Loaded, ProcessView};
use crate::domain::{PairingId, TournamentId, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::store::{Store, Tx};
use arbiter_engine::wh40k_teams::captains::Viewer;
use serde::Serialize;

/// Every captains' process of one round, as the public sees it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RoomsView {
    /// The round's number (0 before the first round).
    pub round: u32,
    /// The server's time when the view was made, Unix ms (for the timers).
    pub server_time: i64,
    /// Each team match of the round with a process, by table: its public view.
    pub matches: Vec<ProcessView>,
}

fn not_here() -> ApiError {
    ApiError::bad_request(
        Code::BadView,
        "This tournament has no team match with a captains' pairing process by this id.",
    )
}

/// Who `user` is in the process of `match_id` of `tournament`: team A's or
/// team B's captain, the staff, or the public.
///
/// # Errors
/// 400 `bad_view` when the match is not a team match of `tournament` with a
/// process; 503 when the database is down.
pub async fn viewer_of(
    store: &Store,
    tournament: TournamentId,
    user: Option<&User>,
    match_id: PairingId,
) -> ApiResult<Viewer> {
    let tx = store.read().await?;
    let loaded = load(&tx, tournament, match_id).await?.ok_or_else(not_here)?;
    Ok(loaded.viewer(user))
}

/// The process of `match_id` as `viewer` sees it, with the match's games
/// once set; `None` when `match_id` is not a team match of `tournament`
/// with a process.
///
/// # Errors
/// 503 when the database is down.
pub async fn view_as(
    store: &Store,
    tournament: TournamentId,
    match_id: PairingId,
    viewer: Viewer,
) -> ApiResult<Option<ProcessView>> {
    let tx = store.read().await?;
    let Some(loaded) = load(&tx, tournament, match_id).await? else { return Ok(None) };
    Ok(Some(view(&tx, &loaded, viewer).await?))
}

/// The public views of every captains' process of `tournament`'s latest round, by table.
///
/// # Errors
/// 503 when the database is down.
pub async fn rooms(store: &Store, tournament: TournamentId) -> ApiResult<RoomsView> {
    let tx = store.read().await?;
    let Some(round) = tx.latest_round(tournament).await? else {
        return Ok(RoomsView { server_time: crate::domain::now_millis(), ..RoomsView::default() });
    };
    let mut pairings = tx.pairings_of_round(round.id).await?;
    pairings.sort_by_key(|p| p.table_number);
    let processes = tx.team_processes(tournament).await?;
    let mut matches = Vec::new();
    for p in pairings.iter().filter(|p| processes.iter().any(|x| x.match_id == p.id)) {
        if let Some(loaded) = load(&tx, tournament, p.id).await? {
            matches.push(view(&tx, &loaded, Viewer::Public).await?);
        }
    }
    Ok(RoomsView { round: round.number, server_time: crate::domain::now_millis(), matches })
}

/// The process of `match_id` when it is one of `tournament`'s.
async fn load(tx: &Tx, tournament: TournamentId, match_id: PairingId) -> ApiResult<Option<Loaded>> {
    match tx.pairing(match_id).await? {
        Some(p) if p.tournament_id == tournament => {}
        _ => return Ok(None),
    }
    let Some(t) = tx.tournament(tournament).await? else { return Ok(None) };
    match Loaded::read(tx, t, match_id).await {
        Ok(l) => Ok(Some(l)),
        Err(e) if e.code() == Code::ProcessNotFound.as_str() => Ok(None),
        Err(e) => Err(e),
    }
}

async fn view(tx: &Tx, loaded: &Loaded, viewer: Viewer) -> ApiResult<ProcessView> {
    let round = tx.round(loaded.round_id()).await?.map_or(0, |r| r.number);
    let games = tx.games_of_match(loaded.match_id()).await?;
    Ok(loaded.view(viewer, round, &games))
}

/// The pairing rooms a page links to in `tournament`: whether any match of
/// the latest round has a captains' process that is not finished, and the
/// one `user` captains a team of (their "Open your pairing room").
///
/// # Errors
/// 503 when the database is down.
pub async fn links(
    store: &Store,
    tournament: TournamentId,
    user: Option<&User>,
) -> ApiResult<(bool, Option<PairingId>)> {
    let tx = store.read().await?;
    let Some(round) = tx.latest_round(tournament).await? else { return Ok((false, None)) };
    let pairings = tx.pairings_of_round(round.id).await?;
    let processes = tx.team_processes(tournament).await?;
    let open: Vec<_> = pairings.iter().filter(|p| processes.iter().any(|x| x.match_id == p.id)).collect();
    if open.is_empty() {
        return Ok((false, None));
    }
    let mine = match user {
        Some(u) => {
            let ids: Vec<_> = open.iter().flat_map(|p| [Some(p.player1_id), p.player2_id]).flatten().collect();
            let teams = tx.players_in(&ids).await?;
            let captained: Vec<_> = teams
                .iter()
                .filter(|t| matches!(t.kind, crate::domain::PlayerKind::Team { captain: Some(c) } if c == u.id))
                .map(|t| t.id)
                .collect();
            open.iter()
                .find(|p| captained.contains(&p.player1_id) || p.player2_id.is_some_and(|b| captained.contains(&b)))
                .map(|p| p.id)
        }
        None => None,
    };
    Ok((true, mine))
}
