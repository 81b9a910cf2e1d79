//! Crokinole standings, by the crokinole tie-breaker rules (the "Tiebreaker
//! Algorithm" specification users run today):
//!
//! - Primary: game points 2/1/0 (win/tie/loss, "wins" mode) or the total
//!   crokinole points scored ("points" mode).
//! - Swiss: head-to-head result, then total 20s, then unresolved.
//! - Round robin with 3+ players tied: mini-league points (2/1/0 in the
//!   games among them), mini-league 20s, total 20s, then unresolved.
//! - No fallback to rating or seed: an unresolved tie stays open for the
//!   organiser, and so does an order decided only by total 20s ("they show a
//!   warning indicator … the admin can manually override").
//!
//! Readings where the specification is silent, chosen as the most natural:
//! head-to-head among 3+ players in a Swiss applies only when all of them
//! met (otherwise it cannot compare them); two players tied in a round robin
//! take the Swiss order (head-to-head, then total 20s), the mini-league being
//! specified for 3+; the mini-league counts the games played so far; the
//! criteria are not re-applied to a sub-tie (the specification sends players
//! level on mini-league points and 20s straight to total 20s).

use super::adjustment::{Adjustment, AdjustmentKind};
use super::column::ColumnKey;
use super::error::StandingsError;
use super::rank::{assemble, rank, Criterion, Table};
use super::table::{Column, MiniLeagueRow, Standings, TieReason, TieStatus};
use super::value::{Cell, Exact};
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How a crokinole event ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrokinoleConfig {
    /// The primary value.
    pub scoring: CrokinoleScoring,
    /// Swiss or round robin: the tie-breaks differ.
    pub format: CrokinoleFormat,
    /// Primary points for a bye; `None`: a win's 2 in wins mode, 0 in points
    /// mode.
    #[serde(default)]
    pub bye_points: Option<u32>,
}

/// The primary value of a crokinole event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrokinoleScoring {
    /// 2 for a game won, 1 tied, 0 lost.
    Wins,
    /// Total crokinole (game) points scored.
    Points,
}

/// The format of a crokinole event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CrokinoleFormat {
    /// Swiss system.
    Swiss,
    /// Round robin.
    RoundRobin,
}

/// A crokinole event's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrokinoleEvent {
    /// The players.
    pub players: Vec<PlayerNo>,
    /// Every game played.
    pub games: Vec<CrokinoleGame>,
    /// One entry per bye received.
    #[serde(default)]
    pub byes: Vec<PlayerNo>,
    /// The organisers' adjustments of the primary value
    /// ([`AdjustmentKind::Points`]; other kinds are not crokinole's and are ignored).
    #[serde(default)]
    pub adjustments: Vec<Adjustment<PlayerNo>>,
}

/// One crokinole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrokinoleGame {
    /// One player's side.
    pub a: CrokinoleSide,
    /// The other player's side.
    pub b: CrokinoleSide,
}

/// One player's result in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrokinoleSide {
    /// The player.
    pub player: PlayerNo,
    /// Game points scored (the higher side wins the game; equal is a tie).
    pub points: u32,
    /// Number of 20s scored.
    pub twenties: u32,
}

/// A game as indices: (a, b, a's game points 2/1/0, a's 20s, b's 20s, a's points, b's points).
#[derive(Clone, Copy)]
struct Game {
    a: usize,
    b: usize,
    a_result: u32,
    a_twenties: u32,
    b_twenties: u32,
    a_points: u32,
    b_points: u32,
}

/// The checked event: players by ascending number.
struct Indexed {
    nos: Vec<PlayerNo>,
    games: Vec<Game>,
    byes: Vec<usize>,
}

fn index(event: &CrokinoleEvent) -> Result<Indexed, StandingsError> {
    let mut nos = event.players.clone();
    nos.sort_unstable();
    if let Some(w) = nos.windows(2).find(|w| w[0] == w[1]) {
        return Err(StandingsError::DuplicatePlayer { player: w[0] });
    }
    let find = |game: usize, player: PlayerNo| {
        nos.binary_search(&player).map_err(|_| StandingsError::UnknownPlayer { game, player })
    };
    let mut games = Vec::with_capacity(event.games.len());
    for (k, g) in event.games.iter().enumerate() {
        let (a, b) = (find(k, g.a.player)?, find(k, g.b.player)?);
        if a == b {
            return Err(StandingsError::SelfGame { game: k, player: g.a.player });
        }
        let a_result = match g.a.points.cmp(&g.b.points) {
            Ordering::Greater => 2,
            Ordering::Equal => 1,
            Ordering::Less => 0,
        };
        games.push(Game {
            a,
            b,
            a_result,
            a_twenties: g.a.twenties,
            b_twenties: g.b.twenties,
            a_points: g.a.points,
            b_points: g.b.points,
        });
    }
    let byes = event
        .byes
        .iter()
        .map(|&p| nos.binary_search(&p).map_err(|_| StandingsError::NotInEvent { player: p }))
        .collect::<Result<_, _>>()?;
    Ok(Indexed { nos, games, byes })
}

/// Each member's line in the mini-league of `members` (sorted indices).
fn league(ix: &Indexed, members: &[usize]) -> Vec<MiniLeagueRow> {
    let mut rows: Vec<MiniLeagueRow> = members
        .iter()
        .map(|&m| MiniLeagueRow {
            player: ix.nos[m],
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            points: Cell::empty(),
            twenties: Some(0),
        })
        .collect();
    let mut points = vec![0_u32; members.len()];
    for g in &ix.games {
        let (Ok(a), Ok(b)) = (members.binary_search(&g.a), members.binary_search(&g.b)) else {
            continue;
        };
        for (k, result, twenties) in [(a, g.a_result, g.a_twenties), (b, 2 - g.a_result, g.b_twenties)] {
            let row = &mut rows[k];
            row.played += 1;
            match result {
                2 => row.won += 1,
                1 => row.drawn += 1,
                _ => row.lost += 1,
            }
            points[k] += result;
            row.twenties = row.twenties.map(|t| t + twenties);
        }
    }
    for (row, p) in rows.iter_mut().zip(points) {
        row.points = Cell::fixed(Exact::integer(i64::from(p)), 0);
    }
    rows
}

/// Whether every pair of `members` met at least once.
fn all_met(ix: &Indexed, members: &[usize]) -> bool {
    let k = members.len();
    let mut met = vec![false; k * k];
    for g in &ix.games {
        if let (Ok(a), Ok(b)) = (members.binary_search(&g.a), members.binary_search(&g.b)) {
            met[a * k + b] = true;
            met[b * k + a] = true;
        }
    }
    (0..k).all(|a| (0..k).all(|b| a == b || met[a * k + b]))
}

/// The mini-league table of `group`: only the games among its members, 2/1/0
/// points and the 20s scored in them; rows by points, then 20s, then player
/// number.
///
/// # Errors
/// [`StandingsError`] for games or group members naming unknown players.
pub fn mini_league(event: &CrokinoleEvent, group: &[PlayerNo]) -> Result<Vec<MiniLeagueRow>, StandingsError> {
    let ix = index(event)?;
    let mut members = group
        .iter()
        .map(|&p| ix.nos.binary_search(&p).map_err(|_| StandingsError::NotInEvent { player: p }))
        .collect::<Result<Vec<usize>, _>>()?;
    members.sort_unstable();
    members.dedup();
    let mut rows = league(&ix, &members);
    rows.sort_by(|x, y| (&y.points.value, y.twenties).cmp(&(&x.points.value, x.twenties)));
    Ok(rows)
}

/// The standings of a crokinole event.
///
/// Columns: Swiss `H2H`, `20s`; round robin `ML PTS`, `ML 20s`, `20s`. The
/// head-to-head and mini-league columns are filled for tied players only.
/// Each tied row carries crokinole's `tie_reason`
/// ([`super::table::TieInfo::reason`]), naming what placed it:
/// `head-to-head` when the game(s) between the tied players did (a Swiss, or
/// two players tied in a round robin), `mini-league` when the round robin's
/// mini-league of 3+ tied players did (its points or its 20s: the order
/// among them need not follow any single game), `twenties` when total 20s
/// did (provisional: listed in [`Standings::open_ties`] for the organiser to
/// confirm or swap), `unresolved` when nothing did.
///
/// # Errors
/// [`StandingsError`] for games naming unknown players or a player twice.
pub fn compute_crokinole(event: &CrokinoleEvent, config: &CrokinoleConfig) -> Result<Standings, StandingsError> {
    let ix = index(event)?;
    let n = ix.nos.len();
    let mut primary = vec![0_i64; n];
    let mut twenties = vec![0_i64; n];
    for g in &ix.games {
        let (pa, pb) = match config.scoring {
            CrokinoleScoring::Wins => (g.a_result, 2 - g.a_result),
            CrokinoleScoring::Points => (g.a_points, g.b_points),
        };
        primary[g.a] += i64::from(pa);
        primary[g.b] += i64::from(pb);
        twenties[g.a] += i64::from(g.a_twenties);
        twenties[g.b] += i64::from(g.b_twenties);
    }
    let bye = config.bye_points.unwrap_or(match config.scoring {
        CrokinoleScoring::Wins => 2,
        CrokinoleScoring::Points => 0,
    });
    for &p in &ix.byes {
        primary[p] += i64::from(bye);
    }
    for a in event.adjustments.iter().filter(|a| a.kind == AdjustmentKind::Points) {
        let p = ix.nos.binary_search(&a.player).map_err(|_| StandingsError::NotInEvent { player: a.player })?;
        primary[p] += a.amount;
    }

    // The head-to-head / mini-league values, computed over each group of
    // players level on the primary value.
    let round_robin = config.format == CrokinoleFormat::RoundRobin;
    let mut ml_points: Vec<Option<i64>> = vec![None; n];
    let mut ml_twenties: Vec<Option<i64>> = vec![None; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(primary[p]));
    for group in order.chunk_by(|&x, &y| primary[x] == primary[y]) {
        if group.len() < 2 {
            continue;
        }
        let mut members = group.to_vec();
        members.sort_unstable();
        let mini = round_robin && members.len() >= 3;
        if !mini && !all_met(&ix, &members) {
            continue;
        }
        for (&m, row) in members.iter().zip(league(&ix, &members)) {
            ml_points[m] = row.points.value.map(|v| v.num());
            if mini {
                ml_twenties[m] = row.twenties.map(i64::from);
            }
        }
    }

    let key = |v: &[Option<i64>]| v.iter().map(|x| Exact::integer(x.unwrap_or(-1))).collect::<Vec<_>>();
    let cell = |v: &[Option<i64>]| {
        v.iter().map(|x| x.map_or_else(Cell::empty, |x| Cell::fixed(Exact::integer(x), 0))).collect::<Vec<_>>()
    };
    let totals: Vec<Option<i64>> = twenties.iter().map(|&t| Some(t)).collect();
    let (columns, mut criteria, cells) = if round_robin {
        (
            vec![
                column("ML PTS", "Mini-league points", ColumnKey::MiniLeaguePoints),
                column("ML 20s", "Mini-league 20s", ColumnKey::MiniLeague20s),
                column("20s", "Total 20s", ColumnKey::Total20s),
            ],
            vec![
                Criterion::Key { keys: key(&ml_points), provisional: false },
                Criterion::Key { keys: key(&ml_twenties), provisional: false },
                Criterion::Key { keys: key(&totals), provisional: true },
            ],
            vec![cell(&ml_points), cell(&ml_twenties), cell(&totals)],
        )
    } else {
        (
            vec![column("H2H", "Head-to-head", ColumnKey::HeadToHead), column("20s", "Total 20s", ColumnKey::Total20s)],
            vec![
                Criterion::Key { keys: key(&ml_points), provisional: false },
                Criterion::Key { keys: key(&totals), provisional: true },
            ],
            vec![cell(&ml_points), cell(&totals)],
        )
    };
    let ranking = rank(&primary.iter().map(|&p| Exact::integer(p)).collect::<Vec<_>>(), &mut criteria);
    let table = Table {
        players: ix.nos,
        scores: primary.iter().map(|&p| Cell::fixed(Exact::integer(p), 0)).collect(),
        columns,
        cells,
        skipped: Vec::new(),
    };
    Ok(assemble(table, &ranking, |status, group| match status {
        TieStatus::Decided { .. } if round_robin && group >= 3 => Some(TieReason::MiniLeague),
        TieStatus::Decided { .. } => Some(TieReason::HeadToHead),
        TieStatus::Provisional { .. } => Some(TieReason::Twenties),
        TieStatus::Unresolved => Some(TieReason::Unresolved),
        TieStatus::Manual => None,
    }))
}

fn column(code: &str, name: &str, key: ColumnKey) -> Column {
    Column { code: code.into(), name: name.into(), key, modifier: None }
}
