//! Standings from results, for every game, computed fresh from the database
//! on each change: the engine ranks by the event's configuration
//! ([`crate::domain::Tournament::standings`]), the TO's decisions on open
//! ties are applied while their tie is unchanged, and a decision results
//! have undone is dropped with a notice.
//!
//! - 40K ([`arbiter_engine::standings::compute_wh40k`]): registration order
//!   is the last criterion (seed "Standings Tiebreakers"), so every rank is
//!   distinct and no tie is left open.
//! - Chess ([`arbiter_engine::standings::compute_chess`]) and crokinole
//!   ([`arbiter_engine::standings::compute_crokinole`]): a tie the rules
//!   leave open shares its rank and waits for the TO (= / ↓), as does a
//!   crokinole order decided only by total 20s.
//!
//! Before any game counts the standings are the entry list: nobody is tied yet.

mod inputs;
mod meta;
pub mod scores;
pub mod teams;
pub mod tiebreaks;
pub mod ties;

pub use inputs::{adjustments, chess_event, entrants, games, history, number};
pub use meta::{group_table, resolution_view};

use super::views::{StandingView, StandingsMeta};
use super::{Change, Ctx};
use crate::bus::{EventData, StandingsCause};
use crate::domain::{
    now_millis, Game, MatchResult, Pairing, PairingState, Player, PlayerId, Pools, ResolutionMeta, RoundStatus, Sheet,
    TieNotice, Tournament, TournamentId, User,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::store::Store;
use arbiter_engine::model::PlayerNo;
use arbiter_engine::standings::wh40k::{self, Standing};
use arbiter_engine::standings::{
    apply_resolutions, compute_chess, compute_crokinole, wh40k_table, Adjustment, DroppedResolution, Standings,
    StandingsConfig,
};
use std::collections::HashMap;

/// The most notices kept for the TO.
const MAX_NOTICES: usize = 20;

/// The engine's 40K standings lines (record, VP, margin, SOS), after the
/// organisers' wins and VP adjustments: the order record-based Swiss pairs by.
/// Reads the sheet's Swiss stage (its entrants, rounds and tables).
///
/// # Errors
/// 500 if stored results are inconsistent (a player twice in a round).
pub fn compute(sheet: &Sheet) -> ApiResult<Vec<Standing<PlayerId>>> {
    let Sheet { tournament: t, entrants: players, rounds, pairings, .. } = sheet;
    let entrants = entrants(t, players, pairings);
    let ids: Vec<PlayerId> = entrants.iter().map(|p| p.id).collect();
    let mut lines = wh40k::standings(&ids, &games(rounds, pairings)).map_err(ApiError::internal)?;
    wh40k::adjust(&mut lines, &adjustments_of(&entrants, pairings));
    Ok(lines)
}

/// The entrants' adjustments by player id, and the rounds they missed and lost.
fn adjustments_of(entrants: &[&Player], pairings: &[Pairing]) -> Vec<Adjustment<PlayerId>> {
    let mut all: Vec<_> = entrants.iter().flat_map(|p| inputs::adjustments(p, p.id)).collect();
    all.extend(inputs::missed_losses(pairings));
    all
}

/// An event's standings.
pub struct Computed<'a> {
    /// The engine's standings before the TO's decisions.
    pub raw: Standings,
    /// After the TO's decisions: what is shown.
    pub resolved: Standings,
    /// The TO's decisions that no longer apply.
    pub dropped: Vec<DroppedResolution<ResolutionMeta>>,
    /// The entrants by their number in the standings.
    pub by_no: HashMap<PlayerNo, &'a Player>,
    /// Whether any game counts yet.
    pub started: bool,
    /// 40K: each player's line (record, VP, margin, SOS); empty in other games.
    pub lines: HashMap<PlayerId, Standing<PlayerId>>,
}

/// Computes the standings of the sheet's tournament from its Swiss stage
/// (entrants, rounds and tables; the top cut is not read).
///
/// # Errors
/// 500 if stored results are inconsistent.
pub fn compute_all(sheet: &Sheet) -> ApiResult<Computed<'_>> {
    let Sheet { tournament: t, entrants: players, rounds, pairings, .. } = sheet;
    let entrants = entrants(t, players, pairings);
    let started = sheet.started();
    let mut lines = HashMap::new();
    let (raw, by_no) = match &t.standings {
        StandingsConfig::Wh40k(config) => {
            let ids: Vec<PlayerId> = entrants.iter().map(|p| p.id).collect();
            let mut computed = wh40k::standings(&ids, &games(rounds, pairings)).map_err(ApiError::internal)?;
            let adjustments = adjustments_of(&entrants, pairings);
            wh40k::adjust(&mut computed, &adjustments);
            let mut s = wh40k_table(&ids, &computed, &[], &adjustments, config).map_err(ApiError::internal)?;
            registration_order_decides(&mut s);
            lines = computed.into_iter().map(|l| (l.id, l)).collect();
            (s, entrants.iter().zip(1..).map(|(p, k)| (PlayerNo(k), *p)).collect())
        }
        StandingsConfig::Chess(config) => {
            let event = inputs::chess_event(t, &entrants, rounds, pairings);
            (compute_chess(&event, config).map_err(ApiError::internal)?, by_number(&entrants))
        }
        StandingsConfig::Crokinole(config) => {
            let event = inputs::crokinole_event(&entrants, pairings);
            (compute_crokinole(&event, config).map_err(ApiError::internal)?, by_number(&entrants))
        }
    };
    let raw = if started { raw } else { entry_list(raw) };
    let (resolved, dropped) = apply_resolutions(raw.clone(), &t.resolutions);
    Ok(Computed { raw, resolved, dropped, by_no, started, lines })
}

fn by_number<'a>(entrants: &[&'a Player]) -> HashMap<PlayerNo, &'a Player> {
    entrants.iter().map(|p| (number(p), *p)).collect()
}

/// 40K: players level on every configured criterion are ordered by
/// registration (the engine already placed them so): distinct ranks, no open tie.
fn registration_order_decides(s: &mut Standings) {
    for row in &mut s.rows {
        row.rank = row.position;
    }
    s.open_ties.clear();
}

/// Before any game counts: the entry list (by number, after anyone a bye
/// already gave points), nobody tied yet.
fn entry_list(mut s: Standings) -> Standings {
    for row in &mut s.rows {
        row.rank = row.position;
        row.tie = None;
    }
    s.open_ties.clear();
    s
}

/// The standings rows and their meta, as the API, events and pages show them.
///
/// # Errors
/// As [`compute_all`].
pub fn table(sheet: &Sheet) -> ApiResult<(Vec<StandingView>, StandingsMeta)> {
    let c = compute_all(sheet)?;
    Ok(views(&sheet.tournament, &c, &sheet.pairings))
}

/// Each pool's standings rows, pool A first: the pool's players and the
/// pool rounds' tables among them ([`Sheet::among`]), ranked by the
/// event's configuration.
///
/// # Errors
/// As [`table`].
pub fn pool_tables(sheet: &Sheet, pools: &Pools) -> ApiResult<Vec<Vec<StandingView>>> {
    pools.members.iter().map(|members| Ok(table(&sheet.among(members))?.0)).collect()
}

/// [`table`] on a blocking thread, so a large event's standings never hold up
/// the async runtime's threads (which serve every other request and socket).
/// With `pools`, each row also names the player's pool and place in it
/// ([`pool_tables`]).
///
/// # Errors
/// As [`compute_all`].
pub async fn table_apart(sheet: Sheet, pools: Option<Pools>) -> ApiResult<(Vec<StandingView>, StandingsMeta)> {
    let inputs = Inputs { sheet, pools };
    tokio::task::spawn_blocking(move || inputs.table()).await.map_err(ApiError::internal)?
}

/// Everything a tournament's standings are computed from, as read in one snapshot.
pub struct Inputs {
    /// The tournament's sheet (its tournament's `last_seq` is the snapshot's).
    pub sheet: Sheet,
    /// Its round-robin pools, if any.
    pub pools: Option<Pools>,
}

impl Inputs {
    /// Reads the inputs of `tournament`'s standings in one snapshot.
    ///
    /// # Errors
    /// 404 for an unknown tournament; 503 when the database is down.
    pub async fn read(store: &Store, tournament: TournamentId) -> ApiResult<Inputs> {
        let tx = store.read().await?;
        let t = super::load_tournament(&tx, tournament).await?;
        let sheet = tx.sheet(&t).await?;
        let pools = tx.pools(tournament).await?;
        Ok(Inputs { sheet, pools })
    }

    /// [`table`], each row naming the player's pool and place in it when
    /// there are pools ([`pool_tables`]): CPU work, for a thread that may block.
    ///
    /// # Errors
    /// As [`compute_all`].
    pub fn table(&self) -> ApiResult<(Vec<StandingView>, StandingsMeta)> {
        let Inputs { sheet, pools } = self;
        let (mut rows, meta) = table(sheet)?;
        if let Some(pools) = pools {
            let tables = pool_tables(sheet, pools)?;
            for (i, pool) in tables.iter().enumerate() {
                for line in pool {
                    if let Some(row) = rows.iter_mut().find(|r| r.player_id == line.player_id) {
                        row.pool = Some(Pools::name(i));
                        row.pool_rank = Some(line.rank);
                    }
                }
            }
        }
        Ok((rows, meta))
    }
}

/// Builds the rows and meta of computed standings.
fn views(t: &Tournament, c: &Computed<'_>, pairings: &[Pairing]) -> (Vec<StandingView>, StandingsMeta) {
    let lines = &c.lines;
    let records = records(t.game, pairings);
    let rows = c
        .resolved
        .rows
        .iter()
        .filter_map(|row| {
            let p = c.by_no.get(&row.player)?;
            let line = lines.get(&p.id);
            let rec = records.get(&p.id).copied().unwrap_or_default();
            Some(StandingView {
                rank: row.rank,
                position: row.position,
                player_id: p.id,
                display_name: p.display_name.clone(),
                faction: p.faction.clone(),
                wins: line.map_or(rec.0, |l| l.wins),
                losses: line.map_or(rec.1, |l| l.losses),
                draws: line.map_or(rec.2, |l| l.draws),
                byes: line.map_or(rec.3, |l| l.byes),
                vp_for: line.map_or(0, |l| l.vp_for),
                vp_against: line.map_or(0, |l| l.vp_against),
                margin: line.map_or(0, |l| l.margin),
                sos: line.map_or(0.0, |l| (l.sos.as_percent_f64() * 10.0).round() / 10.0),
                sos_exact: line.map_or_else(|| "0/1".into(), |l| format!("{}/{}", l.sos.num(), l.sos.den())),
                dropped: p.dropped || p.removed,
                score: row.score.display.clone(),
                values: row.values.iter().map(|v| v.display.clone()).collect(),
                tie: row.tie.as_ref().map(|tie| meta::tie_view(tie, &c.resolved)),
                tie_reason: row.tie.as_ref().and_then(|tie| tie.reason).map(Into::into),
                pool: None,
                pool_rank: None,
                adjustments: super::views::adjustments(p),
            })
        })
        .collect();
    (rows, meta::meta(t, c))
}

/// Games won, lost, drawn (forfeits included; a double forfeit is lost by
/// both) and byes, by player, from the confirmed tables; outside chess a
/// missed round counted as lost is a loss.
fn records(game: Game, pairings: &[Pairing]) -> HashMap<PlayerId, (u32, u32, u32, u32)> {
    let mut out: HashMap<PlayerId, (u32, u32, u32, u32)> = HashMap::new();
    let mut add = |id: PlayerId, k: usize| {
        let r = out.entry(id).or_default();
        match k {
            0 => r.0 += 1,
            1 => r.1 += 1,
            2 => r.2 += 1,
            _ => r.3 += 1,
        }
    };
    for p in pairings.iter().filter(|p| p.state == PairingState::Confirmed) {
        let (a, b) = match p.result {
            _ if game != Game::Chess && p.is_missed_round() => (1, 1),
            Some(MatchResult::P1Win | MatchResult::P1WinForfeit) => (0, 1),
            Some(MatchResult::P2Win | MatchResult::P2WinForfeit) => (1, 0),
            Some(MatchResult::Draw) => (2, 2),
            Some(MatchResult::DoubleForfeit) => (1, 1),
            Some(
                MatchResult::Bye | MatchResult::HalfPointBye | MatchResult::ZeroPointBye | MatchResult::FullPointBye,
            ) => (3, 3),
            None => continue,
        };
        add(p.player1_id, a);
        if let Some(p2) = p.player2_id {
            add(p2, b);
        }
    }
    out
}

/// Announces inside a change that the standings changed (`standings_changed`
/// with `cause`). The table itself is not sent: rooms recompute it for the
/// views that show it. When the TO has ordered ties, the standings are
/// recomputed here, in the change's transaction, so that decisions the
/// results have undone are removed, kept as notices, and announced first
/// (`tie_resolutions_dropped`).
///
/// # Errors
/// As [`compute_all`]; the database failed.
pub async fn publish(change: &mut Change, t: &mut Tournament, cause: StandingsCause) -> ApiResult<()> {
    if !t.resolutions.is_empty() {
        let sheet = change.tx().sheet(t).await?;
        let c = compute_all(&sheet)?;
        if !c.dropped.is_empty() {
            let at = now_millis();
            t.resolutions.retain(|r| !c.dropped.iter().any(|d| d.resolution == *r));
            let notices: Vec<TieNotice> = c
                .dropped
                .iter()
                .map(|d| TieNotice { resolution: d.resolution.clone(), reason: d.reason, at })
                .collect();
            let views: Vec<_> = notices.iter().map(|n| meta::notice_view(n, &c.by_no)).collect();
            t.tie_notices.extend(notices);
            let excess = t.tie_notices.len().saturating_sub(MAX_NOTICES);
            t.tie_notices.drain(..excess);
            change.tx().update_tournament(t).await?;
            change.emit(EventData::TieResolutionsDropped { notices: views }).await?;
        }
    }
    change.emit(EventData::StandingsChanged(cause)).await
}

/// `GET …/standings[?after_round=N]`: the standings of a tournament visible
/// to `viewer` — now, or as they stood after round `N` (the games of rounds
/// 1 to `N` only) — and the round they count up to.
///
/// # Errors
/// 404 for an unknown tournament (or a DRAFT not owned by `viewer`); 400
/// `invalid_query` for a round not yet paired; 503 when the database is down.
pub async fn read(
    ctx: &Ctx,
    id: TournamentId,
    viewer: Option<&User>,
    after_round: Option<u32>,
) -> ApiResult<(usize, Vec<StandingView>, StandingsMeta)> {
    let tx = ctx.store.read().await?;
    let t = super::visible(&tx, id, viewer).await?;
    let mut sheet = tx.sheet(&t).await?;
    let pools = tx.pools(id).await?;
    drop(tx);
    let mut played = sheet.rounds.iter().filter(|r| r.status != RoundStatus::Pending).count();
    if let Some(n) = after_round {
        if n == 0 || n as usize > played {
            return Err(ApiError::bad_request(Code::InvalidQuery, "")
                .text("refusal-query-after-round", [("played", Fill::from(&played))]));
        }
        sheet = sheet.after_round(n);
        played = n as usize;
    }
    // A 40K team event ranks its teams by the team standings.
    let teams = teams::rules(&sheet.tournament).cloned().map(|r| (r, sheet.clone()));
    let (mut rows, meta) = table_apart(sheet, pools).await?;
    if let Some((rules, sheet)) = teams {
        rows = teams::standing_rows(&rules, &sheet, &rows);
    }
    Ok((played, rows, meta))
}
