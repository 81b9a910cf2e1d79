//! The views beside the standings rows: columns, ties, the TO's decisions
//! and notices, and a tied group's mini-league or direct-encounter table.

use super::{compute_all, inputs, Computed};
use crate::domain::{Game, Player, PlayerId, Sheet, TieNotice, TieResolution, Tournament};
use crate::error::{ApiError, ApiResult, Code};
use arbiter_engine::model::PlayerNo;
use arbiter_engine::standings::crokinole::CrokinoleScoring;
use arbiter_engine::standings::table::SkipReason;
use arbiter_engine::standings::{
    direct_encounter_table, mini_league, ChessTiebreak, Column, ColumnKey, DropReason, MiniLeagueRow, OpenTieKind,
    Standings, StandingsConfig, TieInfo, TieStatus, Wh40kPrimary,
};
use arbiter_web::views::sets::MiniLeagueKind;
use arbiter_web::views::{
    ColumnView, MiniLeagueRowView, MiniLeagueView, NoticeView, OpenTieKind as OpenTie, OpenTieView, ResolutionView,
    StandingsMeta, TieState, TieView,
};
use std::collections::HashMap;
use uuid::Uuid;

/// A column as shown: its code and English name, and its key and modifier
/// by which pages name it.
fn column(col: &Column) -> ColumnView {
    ColumnView {
        code: col.code.clone(),
        name: col.name.clone(),
        key: col.key.into(),
        modifier: col.modifier.map(Into::into),
    }
}

/// A primary score's column (no modifier).
fn primary_column(code: &str, name: &str, key: ColumnKey) -> ColumnView {
    ColumnView { code: code.into(), name: name.into(), key: key.into(), modifier: None }
}

/// The primary score's column.
fn primary(config: &StandingsConfig) -> ColumnView {
    match config {
        StandingsConfig::Wh40k(c) if c.primary == Wh40kPrimary::BattlePoints => {
            primary_column("BP", "Battle points", ColumnKey::BattlePoints)
        }
        StandingsConfig::Wh40k(_) => primary_column("W-L-D", "Record", ColumnKey::Record),
        StandingsConfig::Chess(_) => primary_column("Pts", "Points", ColumnKey::Points),
        StandingsConfig::Crokinole(c) if c.scoring == CrokinoleScoring::Points => {
            primary_column("Pts", "Crokinole points scored", ColumnKey::CrokinolePoints)
        }
        StandingsConfig::Crokinole(_) => {
            primary_column("Pts", "Game points (2 win, 1 tie, 0 loss)", ColumnKey::GamePoints)
        }
    }
}

/// The code of column `by`.
fn code(s: &Standings, by: u32) -> Option<String> {
    s.columns.get(by as usize).map(|c| c.code.clone())
}

/// A row's tie, as shown.
#[must_use]
pub(super) fn tie_view(tie: &TieInfo, s: &Standings) -> TieView {
    let (status, by) = match tie.status {
        TieStatus::Decided { by } => (TieState::Decided, code(s, by)),
        TieStatus::Provisional { by } => (TieState::Provisional, code(s, by)),
        TieStatus::Unresolved => (TieState::Unresolved, None),
        TieStatus::Manual => (TieState::Manual, None),
    };
    TieView { group: tie.group, group_size: tie.group_size, status, by, attention: tie.needs_attention() }
}

fn ids(players: &[PlayerNo], by_no: &HashMap<PlayerNo, &Player>) -> (Vec<String>, Vec<String>) {
    players
        .iter()
        .map(|n| {
            by_no
                .get(n)
                .map_or_else(|| (String::new(), format!("#{n}")), |p| (p.id.to_string(), p.display_name.clone()))
        })
        .unzip()
}

/// A TO decision, as shown.
#[must_use]
pub fn resolution_view(r: &TieResolution, by_no: &HashMap<PlayerNo, &Player>) -> ResolutionView {
    let (players, _) = ids(&r.members, by_no);
    let (order, names) = ids(&r.order, by_no);
    ResolutionView {
        first_position: r.first_position,
        players,
        order,
        names,
        by: r.meta.by,
        by_name: r.meta.by_name.clone(),
        at: r.meta.at,
        lot: r.lot.map(|l| format!("{:016x}", l.seed)),
    }
}

/// A dropped decision, as shown to the TO.
#[must_use]
pub(super) fn notice_view(n: &TieNotice, by_no: &HashMap<PlayerNo, &Player>) -> NoticeView {
    let resolution = resolution_view(&n.resolution, by_no);
    let why = match n.reason {
        DropReason::NotTied => "results changed the tie: these players are no longer level",
        DropReason::Moved => "they are still tied, but at other places",
        DropReason::Reordered => "the tie-breaks now place them in another order",
        DropReason::NotAPermutation => "it was not an order of the tied players",
        DropReason::Duplicate => "another decision already settled this tie",
    };
    let last = n.resolution.first_position + u32::try_from(n.resolution.order.len().saturating_sub(1)).unwrap_or(0);
    NoticeView {
        reason: n.reason.into(),
        message: format!(
            "{}'s order of {} (places {}–{}) no longer applies: {why}. Check the standings and decide again if needed.",
            resolution.by_name,
            resolution.names.join(", "),
            n.resolution.first_position,
            last
        ),
        resolution,
        dropped_at: n.at,
    }
}

/// The meta of computed standings.
#[must_use]
pub(super) fn meta(t: &Tournament, c: &Computed<'_>) -> StandingsMeta {
    let s = &c.resolved;
    let applied = |r: &&TieResolution| !c.dropped.iter().any(|d| d.resolution == **r);
    StandingsMeta {
        game: t.game,
        primary: Some(primary(&t.standings)),
        columns: s.columns.iter().map(column).collect(),
        open_ties: s
            .open_ties
            .iter()
            .map(|tie| {
                let (players, names) = ids(&tie.members, &c.by_no);
                let (kind, by) = match tie.kind {
                    OpenTieKind::Unresolved => (OpenTie::Unresolved, None),
                    OpenTieKind::Provisional { by } => (OpenTie::Provisional, code(s, by)),
                };
                OpenTieView { kind, by, first_position: tie.first_position, players, names }
            })
            .collect(),
        resolutions: t.resolutions.iter().filter(applied).map(|r| resolution_view(r, &c.by_no)).collect(),
        notices: t.tie_notices.iter().map(|n| notice_view(n, &c.by_no)).collect(),
        skipped: s
            .skipped
            .iter()
            .map(|k| {
                let col = code(s, k.column).unwrap_or_default();
                match k.reason {
                    SkipReason::UnratedPlayers => {
                        format!("{col} is not applied: some players are unrated and no rating is set for them (FIDE C.07 art. 10).")
                    }
                }
            })
            .collect(),
        group_tables: t.game != Game::Wh40k,
    }
}

fn row_view(r: MiniLeagueRow, by_no: &HashMap<PlayerNo, &Player>) -> MiniLeagueRowView {
    let p = by_no.get(&r.player);
    MiniLeagueRowView {
        player_id: p.map_or(PlayerId::from_uuid(Uuid::nil()), |p| p.id),
        display_name: p.map_or_else(|| format!("#{}", r.player), |p| p.display_name.clone()),
        played: r.played,
        won: r.won,
        drawn: r.drawn,
        lost: r.lost,
        points: r.points.display,
        twenties: r.twenties,
    }
}

/// The mini-league (crokinole) or direct-encounter (chess, C.07 art. 6.1)
/// table of the players level on the primary score with the row at
/// position `group`: only the games among them count.
///
/// # Errors
/// 409 `no_group_table` in 40K; 404 `group_not_found` when no tie starts at
/// `group`.
pub fn group_table(sheet: &Sheet, group: u32) -> ApiResult<MiniLeagueView> {
    let Sheet { tournament: t, entrants: players, rounds, pairings, .. } = sheet;
    if t.game == Game::Wh40k {
        return Err(ApiError::conflict(
            Code::NoGroupTable,
            "40K standings have no mini-league: ties are decided by the tie-break list.",
        ));
    }
    let c = compute_all(sheet)?;
    let members: Vec<PlayerNo> = c
        .resolved
        .rows
        .iter()
        .filter(|r| r.tie.as_ref().is_some_and(|tie| tie.group == group))
        .map(|r| r.player)
        .collect();
    if members.len() < 2 {
        return Err(ApiError::not_found(Code::GroupNotFound, format!("No tied group starts at place {group}.")));
    }
    let entrants = inputs::entrants(t, players, pairings);
    let (kind, rows) = match &t.standings {
        StandingsConfig::Chess(config) => {
            let forfeits =
                config.tiebreaks.iter().any(|tb| matches!(tb, ChessTiebreak::DirectEncounter { forfeits: true }));
            let event = inputs::chess_event(t, &entrants, rounds, pairings);
            (MiniLeagueKind::DirectEncounter, direct_encounter_table(&event, forfeits, &members))
        }
        _ => (MiniLeagueKind::MiniLeague, mini_league(&inputs::crokinole_event(&entrants, pairings), &members)),
    };
    Ok(MiniLeagueView {
        group,
        kind,
        players: rows.map_err(ApiError::internal)?.into_iter().map(|r| row_view(r, &c.by_no)).collect(),
    })
}
