//! Warhammer 40K standings by a configurable tie-break list, on the values
//! [`super::wh40k::standings`] computes (record, VP, margin, exact SOS).
//!
//! Unlike [`super::wh40k::standings`], which needs a total order for pairing
//! and falls back to registration order, this table never breaks a tie the
//! list leaves open: such players keep registration order, share a rank, and
//! are listed as an open tie for the organiser.
//!
//! Default list (seed "Standings Tiebreakers"): wins, then VP margin, then
//! strength of schedule, then total VP. Events that score battle points per
//! game (a scoring pack's points, e.g. 20–0 from the VP difference) can rank
//! by them instead of wins, or use them as a tie-break.

use super::adjustment::{total, Adjustment, AdjustmentKind};
use super::column::ColumnKey;
use super::error::StandingsError;
use super::rank::{assemble, rank, Criterion, Table};
use super::table::{Column, Standings};
use super::value::{Cell, Exact};
use super::wh40k::{self, Game, Standing, SwissProcedure};
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

/// How a 40K event ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wh40kConfig {
    /// The primary score.
    #[serde(default)]
    pub primary: Wh40kPrimary,
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<Wh40kTiebreak>,
    /// How rounds are paired ([`crate::pairing::swiss_record`]): the seed's
    /// fold-and-swap (`fold`, default) or the matching variant (`matching`).
    #[serde(default)]
    pub pairing: SwissProcedure,
}

impl Default for Wh40kConfig {
    /// Wins, then VP margin, SOS and total VP (the seed's order).
    fn default() -> Wh40kConfig {
        Wh40kConfig {
            primary: Wh40kPrimary::Wins,
            tiebreaks: vec![Wh40kTiebreak::VpMargin, Wh40kTiebreak::StrengthOfSchedule, Wh40kTiebreak::TotalVp],
            pairing: SwissProcedure::Fold,
        }
    }
}

/// The primary score of a 40K event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wh40kPrimary {
    /// Games won (a bye is a win); shown as the W-L-D record.
    #[default]
    Wins,
    /// The battle points the event awarded, summed.
    BattlePoints,
}

/// A 40K tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wh40kTiebreak {
    /// Games won, byes included.
    Wins,
    /// VP scored minus VP conceded.
    VpMargin,
    /// Strength of schedule: the opponents' average win rate
    /// ([`super::wh40k::Standing::sos`]).
    StrengthOfSchedule,
    /// Total VP scored.
    TotalVp,
    /// The battle points the event awarded, summed.
    BattlePoints,
    /// The painting scores staff entered, summed ([`AdjustmentKind::Painting`]).
    Painting,
    /// The sportsmanship scores staff entered, summed ([`AdjustmentKind::Sportsmanship`]).
    Sportsmanship,
}

impl Wh40kTiebreak {
    fn column(self) -> Column {
        let (code, name, key) = match self {
            Wh40kTiebreak::Wins => ("W", "Wins", ColumnKey::Wins),
            Wh40kTiebreak::VpMargin => ("+/-", "VP margin", ColumnKey::VpMargin),
            Wh40kTiebreak::StrengthOfSchedule => ("SOS", "Strength of schedule", ColumnKey::StrengthOfSchedule),
            Wh40kTiebreak::TotalVp => ("VP", "Total VP", ColumnKey::TotalVp),
            Wh40kTiebreak::BattlePoints => ("BP", "Battle points", ColumnKey::BattlePoints),
            Wh40kTiebreak::Painting => ("PNT", "Painting", ColumnKey::Painting),
            Wh40kTiebreak::Sportsmanship => ("SPT", "Sportsmanship", ColumnKey::Sportsmanship),
        };
        Column { code: code.into(), name: name.into(), key, modifier: None }
    }
}

/// Battle points awarded to one player for one round.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BattlePoints<Id> {
    /// The round.
    pub round: u32,
    /// The player.
    pub player: Id,
    /// The points.
    pub points: u32,
}

/// The standings of a 40K event: `entrants` in registration order (row
/// `player` is `PlayerNo(k + 1)` for `entrants[k]`), the `games` that count,
/// the battle points awarded (empty when the event scores none) and the
/// organisers' adjustments (wins, VP, battle points, painting,
/// sportsmanship; [`super::wh40k::adjust`]).
///
/// # Errors
/// [`StandingsError::Wh40k`] for inconsistent games (see
/// [`super::wh40k::standings`]) or battle points of a non-entrant.
pub fn compute_wh40k<Id>(
    entrants: &[Id],
    games: &[Game<Id>],
    battle_points: &[BattlePoints<Id>],
    adjustments: &[Adjustment<Id>],
    config: &Wh40kConfig,
) -> Result<Standings, StandingsError>
where
    Id: Copy + Eq + Hash + Ord + Debug,
{
    let mut lines = wh40k::standings(entrants, games).map_err(|e| StandingsError::Wh40k(e.to_string()))?;
    wh40k::adjust(&mut lines, adjustments);
    wh40k_table(entrants, &lines, battle_points, adjustments, config)
}

/// [`compute_wh40k`] from the players' lines already computed by
/// [`super::wh40k::standings`] (and [`super::wh40k::adjust`]ed) for the same
/// `entrants` (so a caller that shows the lines too computes them once);
/// `adjustments` add battle points and the painting and sportsmanship scores.
///
/// # Errors
/// [`StandingsError::Wh40k`] for battle points of a non-entrant.
pub fn wh40k_table<Id>(
    entrants: &[Id],
    lines: &[Standing<Id>],
    battle_points: &[BattlePoints<Id>],
    adjustments: &[Adjustment<Id>],
    config: &Wh40kConfig,
) -> Result<Standings, StandingsError>
where
    Id: Copy + Eq + Hash + Ord + Debug,
{
    let n = entrants.len();
    let mut by_entry: Vec<Option<&Standing<Id>>> = vec![None; n];
    for line in lines {
        if let Some(slot) = by_entry.get_mut(line.registration) {
            *slot = Some(line);
        }
    }
    let lines: Vec<&Standing<Id>> = by_entry.into_iter().flatten().collect();
    let index: HashMap<Id, usize> = entrants.iter().enumerate().map(|(k, &id)| (id, k)).collect();
    let mut bp = vec![0_i64; n];
    for b in battle_points {
        let k = index.get(&b.player).ok_or_else(|| {
            StandingsError::Wh40k(format!("round {}: battle points for {:?}, who is not an entrant", b.round, b.player))
        })?;
        bp[*k] += i64::from(b.points);
    }
    let adjusted = |k: usize, kind| total(adjustments, &entrants[k], kind);
    let value = |t: Wh40kTiebreak, k: usize| -> (Exact, String) {
        let s = lines[k];
        match t {
            Wh40kTiebreak::Wins => (Exact::integer(i64::from(s.wins)), s.wins.to_string()),
            Wh40kTiebreak::VpMargin => (Exact::integer(s.margin), format!("{:+}", s.margin)),
            Wh40kTiebreak::StrengthOfSchedule => {
                (s.sos, format!("{}%", Exact::ratio(100 * s.sos.num(), s.sos.den()).to_fixed(1)))
            }
            Wh40kTiebreak::TotalVp => {
                (Exact::integer(i64::try_from(s.vp_for).unwrap_or(i64::MAX)), s.vp_for.to_string())
            }
            Wh40kTiebreak::BattlePoints => {
                let v = bp[k] + adjusted(s.registration, AdjustmentKind::BattlePoints);
                (Exact::integer(v), v.to_string())
            }
            Wh40kTiebreak::Painting | Wh40kTiebreak::Sportsmanship => {
                let kind =
                    if t == Wh40kTiebreak::Painting { AdjustmentKind::Painting } else { AdjustmentKind::Sportsmanship };
                let v = adjusted(s.registration, kind);
                (Exact::integer(v), v.to_string())
            }
        }
    };
    let primary: Vec<(Exact, String)> = (0..lines.len())
        .map(|k| match config.primary {
            Wh40kPrimary::Wins => (Exact::integer(i64::from(lines[k].wins)), lines[k].record().to_string()),
            Wh40kPrimary::BattlePoints => value(Wh40kTiebreak::BattlePoints, k),
        })
        .collect();
    let computed: Vec<Vec<(Exact, String)>> =
        config.tiebreaks.iter().map(|&t| (0..lines.len()).map(|k| value(t, k)).collect()).collect();
    let mut criteria: Vec<Criterion<'_>> = computed
        .iter()
        .map(|col| Criterion::Key { keys: col.iter().map(|(v, _)| *v).collect(), provisional: false })
        .collect();
    let ranking = rank(&primary.iter().map(|(v, _)| *v).collect::<Vec<_>>(), &mut criteria);
    let cell = |(v, s): (Exact, String)| Cell { value: Some(v), display: s };
    let table = Table {
        players: (1..=lines.len()).map(|k| PlayerNo(u32::try_from(k).unwrap_or(u32::MAX))).collect(),
        scores: primary.into_iter().map(cell).collect(),
        columns: config.tiebreaks.iter().map(|t| t.column()).collect(),
        cells: computed.into_iter().map(|col| col.into_iter().map(cell).collect()).collect(),
        skipped: Vec::new(),
    };
    Ok(assemble(table, &ranking, |_, _| None))
}
