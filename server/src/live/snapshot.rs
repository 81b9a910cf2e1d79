//! The public state of a tournament at one sequence number: what a live
//! page starts from (and falls back to when it fell too far behind).

use super::view::{View, QUEUE_STANDINGS};
use super::Hub;
use crate::domain::{TournamentId, User};
use crate::error::ApiResult;
use crate::service::standings;
use crate::service::views::{self, roster, Snapshot, StandingsWindow, ViewState};
use crate::store::Store;

/// Reads the snapshot of `id` in one consistent read.
///
/// # Errors
/// 404 for an unknown tournament (or a DRAFT not owned by `viewer`); 503 when the database is down.
pub async fn snapshot(store: &Store, id: TournamentId, viewer: Option<&User>) -> ApiResult<Snapshot> {
    let tx = store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let sheet = tx.sheet(&t).await?;
    let pools = tx.pools(id).await?;
    let players = &sheet.entrants;
    let names = roster(players);
    // The board shows the latest round, a playoff round included.
    let latest = tx.latest_round(id).await?;
    let round = match latest.as_ref() {
        Some(r) => Some(views::round(r, &tx.pairings_of_round(r.id).await?, &names)),
        None => None,
    };
    drop(tx);
    let (seq, tournament) = (t.last_seq, views::tournament(&t, players.iter().filter(|p| !p.removed).count()));
    let shown = players.iter().filter(|p| !p.removed).map(|p| views::player(p, false, false)).collect();
    let (standings, standings_meta) = standings::table_apart(sheet, pools).await?;
    Ok(Snapshot { seq, tournament, players: shown, round, standings, standings_meta })
}

/// The state a live view starts from, and the sequence number it reflects.
///
/// # Errors
/// 404 for an unknown tournament (or a DRAFT not owned by `viewer`); 503 when the database is down.
pub async fn for_view(hub: &Hub, id: TournamentId, viewer: Option<&User>, view: &View) -> ApiResult<(i64, ViewState)> {
    if let Some(prepared) = super::pairing_room::snapshot(hub.store(), id, viewer, view).await? {
        return Ok(prepared);
    }
    if *view == View::Events {
        let s = snapshot(hub.store(), id, viewer).await?;
        return Ok((s.seq, ViewState::Events(s)));
    }
    let tx = hub.store().read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    let tournament = views::tournament(&t, tx.player_count(id).await?);
    // The latest round, shared with every snapshot taken at the same sequence number.
    let latest = hub
        .latest_round(id, t.last_seq, || async {
            let Some(r) = tx.latest_round(id).await? else { return ApiResult::Ok(None) };
            let names = roster(&tx.players(id).await?);
            Ok(Some(views::round(&r, &tx.pairings_of_round(r.id).await?, &names)))
        })
        .await?;
    let clock = match latest.as_deref() {
        Some(r) => tx.round_clock(r.id).await?.map(|c| views::clock(&c, r.number)),
        None => None,
    };
    let data = match view {
        View::Events | View::Queue => {
            let players = tx.players(id).await?;
            let round = latest.as_deref().cloned();
            let players = players.iter().filter(|p| !p.removed).map(|p| views::player(p, false, false)).collect();
            drop(tx);
            let cache = hub.standings(id).await;
            let rows = cache.as_ref().map(|c| c.rows.as_slice()).unwrap_or_default();
            let standings_meta = cache.as_ref().map(|c| (*c.meta).clone()).unwrap_or_default();
            let standings = StandingsWindow::of(rows, 0, QUEUE_STANDINGS);
            ViewState::Queue { tournament, players, round, standings, standings_meta, clock }
        }
        View::Board { from, to } => {
            let round = latest.map(|r| r.for_tables(*from, *to));
            let (games, teams) = match (&t.teams, &round) {
                (Some(_), Some(r)) => crate::service::teams::screens::board(&tx, id, r).await?,
                _ => (Vec::new(), Vec::new()),
            };
            ViewState::Board { tournament, round, clock, games, teams }
        }
        View::Standings { offset, limit } => {
            drop(tx);
            let cache = hub.standings(id).await;
            let rows = cache.as_ref().map(|c| c.rows.as_slice()).unwrap_or_default();
            let standings_meta = cache.as_ref().map(|c| (*c.meta).clone()).unwrap_or_default();
            let seq = cache.as_ref().map_or(t.last_seq, |c| c.seq);
            let standings = StandingsWindow::of(rows, *offset, *limit);
            return Ok((seq, ViewState::Standings { tournament, standings, standings_meta }));
        }
        View::Player { player, user, .. } => {
            let row = tx.player(*player).await?.filter(|p| p.tournament_id == id);
            // A captain who does not play follows their team's row.
            let row = row.map(|p| crate::service::teams::screens::as_captain(p, *user));
            let me = row.as_ref().map(|p| views::player(p, true, true));
            let ranked = view.ranked().unwrap_or(*player);
            let bracket =
                crate::service::lifecycle::playoffs::bracket_of(&tx, &t).await?.and_then(|b| b.for_player(ranked));
            let (round, mut pairing) = match &latest {
                Some(r) => {
                    let mine = r.pairings.iter().find(|p| p.seats().any(|s| s == *player)).cloned();
                    (Some(r.header()), mine)
                }
                None => (None, None),
            };
            let (mut team, mut team_match, mut team_games) = (None, None, Vec::new());
            if let Some(member) = row.as_ref().filter(|p| crate::service::teams::screens::team_followed(p).is_some()) {
                let doubles = t.teams.as_ref().is_some_and(|r| r.format == crate::domain::TeamFormat::Doubles);
                let phone =
                    crate::service::teams::screens::phone(&tx, member, *user, latest.as_deref(), doubles).await?;
                (team, team_match, pairing, team_games) = (phone.team, phone.team_match, phone.mine, phone.games);
            }
            drop(tx);
            let standing = hub.standings(id).await.and_then(|c| c.rows.iter().find(|r| r.player_id == ranked).cloned());
            ViewState::Player { tournament, me, round, pairing, standing, clock, bracket, team, team_match, team_games }
        }
        View::Process { .. } | View::Rooms => ViewState::Prepared(serde_json::Value::Null),
        View::Bracket => {
            let bracket = crate::service::lifecycle::playoffs::bracket_of(&tx, &t).await?;
            ViewState::Bracket { tournament, bracket }
        }
    };
    Ok((t.last_seq, data))
}
