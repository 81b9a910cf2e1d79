//! Chess standings by the FIDE Tie-Break Regulations (Handbook C.07), in
//! their 2024 version (TieBreakRegulations082024), the version in force
//! from 1 March 2026 (TieBreakRegulations032026), and the rules for
//! unplayed rounds before 2023 (the "virtual opponent"), each chosen by the
//! event's start date ([`RulesVersion::in_force_on`]) unless set.
//!
//! Unplayed rounds follow art. 15–16: in Swiss events a player's own
//! unplayed rounds count against a dummy (16.4, capped from 2026), their
//! score as an opponent counts a requested bye at the end as a draw (16.3),
//! and cuts take voluntary unplayed rounds first (16.5); with predetermined
//! pairings (round robins) forfeits are games against the scheduled
//! opponent (15.2). Before 2023, an opponent's unplayed games count as
//! draws and one's own unplayed rounds as games against a virtual opponent.
//! Ties left after the list are reported open: "any remaining tie should be
//! broken by drawing of lots" (art. 4.2), which the organiser does
//! ([`super::Resolution::draw_lots`]), or orders by hand.

mod direct;
mod opponents;
mod own;
mod prepare;
mod ratings;
pub(crate) use ratings::DP;

use self::direct::DirectEncounter;
use self::prepare::Prepared;
pub use super::config::PairingKind;
use super::config::{ChessConfig, ChessTiebreak};
use super::error::StandingsError;
use super::rank::{assemble, rank, Criterion, Table};
use super::table::{Column, MiniLeagueRow, SkipReason, Skipped, Standings};
use super::value::{Cell, Exact};
use super::version::{CalendarDate, RulesVersion};
use crate::model::{PlayerNo, PointSystem, RoundRecord};
use serde::{Deserialize, Serialize};

/// A chess event's results, as the tie-breaks read them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessEvent {
    /// The players, in any order.
    pub players: Vec<ChessPlayer>,
    /// The points each kind of round is worth.
    #[serde(default)]
    pub points: PointSystem,
    /// Swiss, or pairings fixed in advance (C.07 art. 15.2).
    pub pairing: PairingKind,
    /// The first day of the event, which chooses the C.07 version.
    #[serde(default)]
    pub start_date: Option<CalendarDate>,
    /// The announced number of rounds; the last one is the "final round" of
    /// Fore Buchholz (art. 8.3). `None`: the last round recorded.
    #[serde(default)]
    pub total_rounds: Option<u32>,
}

/// One player of a chess event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessPlayer {
    /// The pairing number (TPN).
    pub no: PlayerNo,
    /// The rating, `None` when unrated.
    #[serde(default)]
    pub rating: Option<u16>,
    /// Every round played so far, round 1 first; every player has the same
    /// number of rounds (a round after a withdrawal is `Unpaired(Absent)` or
    /// a zero-point bye).
    pub rounds: Vec<RoundRecord>,
}

/// What one configured tie-break computed.
enum Computed {
    /// A value per player, `None` where it does not apply.
    Values { values: Vec<Option<Exact>>, decimals: u32, ascending: bool },
    /// Direct encounter, evaluated during ranking.
    Direct { forfeits: bool },
    /// Not applied.
    Skipped(SkipReason),
}

impl Computed {
    fn all(values: Vec<Exact>, decimals: u32) -> Computed {
        Computed::Values { values: values.into_iter().map(Some).collect(), decimals, ascending: false }
    }

    fn ints(values: Vec<Option<i64>>) -> Computed {
        Computed::Values {
            values: values.into_iter().map(|v| v.map(Exact::integer)).collect(),
            decimals: 0,
            ascending: false,
        }
    }
}

/// The standings of a chess event: points, then `config.tiebreaks` in order.
///
/// Rows carry every configured value; ties left when the list is exhausted
/// share a rank and are listed in [`Standings::open_ties`].
///
/// # Errors
/// [`StandingsError`] when the records are inconsistent (see
/// [`StandingsError::Inconsistent`]) or a Buchholz-type tie-break is set for
/// a round robin.
pub fn compute_chess(event: &ChessEvent, config: &ChessConfig) -> Result<Standings, StandingsError> {
    config.validate(event.pairing)?;
    let version =
        config.rules.unwrap_or_else(|| event.start_date.map_or(RulesVersion::LATEST, RulesVersion::in_force_on));
    let prep = Prepared::new(event, version)?;
    let ratings: Option<Vec<u16>> = prep.ratings.iter().map(|r| r.or(config.unrated_rating)).collect();
    // Fore Buchholz needs the event with the final round drawn (art. 8.3);
    // before the final round is played it equals Buchholz.
    let uses_fore = config.tiebreaks.iter().any(|t| {
        matches!(t, ChessTiebreak::ForeBuchholz { .. } | ChessTiebreak::AverageOfOpponentsBuchholz { fore: true })
    });
    let final_round = event.total_rounds.map_or(prep.rounds, |t| t as usize);
    let fore = (uses_fore && final_round == prep.rounds && prep.rounds > 0).then(|| prep.fore(prep.rounds - 1));
    let fore = fore.as_ref().unwrap_or(&prep);

    let computed: Vec<Computed> =
        config.tiebreaks.iter().map(|tb| compute_one(*tb, &prep, fore, ratings.as_deref())).collect();

    let mut directs: Vec<DirectEncounter<'_>> = computed
        .iter()
        .filter_map(|c| match c {
            Computed::Direct { forfeits } => Some(DirectEncounter::new(&prep, *forfeits)),
            _ => None,
        })
        .collect();
    let primary: Vec<Exact> = prep.score.iter().map(|&s| Exact::ratio(i64::from(s), 10)).collect();
    let ranking = {
        let mut next_direct = directs.iter_mut();
        let mut criteria: Vec<Criterion<'_>> = computed
            .iter()
            .map(|c| match c {
                Computed::Values { values, ascending, .. } => Criterion::Key {
                    keys: values.iter().map(|v| sort_key(*v, *ascending)).collect(),
                    provisional: false,
                },
                Computed::Direct { .. } => next_direct.next().map_or(Criterion::Skip, |d| Criterion::Split(d)),
                Computed::Skipped(_) => Criterion::Skip,
            })
            .collect();
        rank(&primary, &mut criteria)
    };

    let mut directs = directs.into_iter();
    let mut skipped = Vec::new();
    let mut cells = Vec::with_capacity(computed.len());
    for (k, c) in computed.into_iter().enumerate() {
        cells.push(match c {
            Computed::Values { values, decimals, .. } => {
                values.into_iter().map(|v| v.map_or_else(Cell::empty, |v| Cell::fixed(v, decimals))).collect()
            }
            Computed::Direct { .. } => directs.next().map_or_else(Vec::new, |d| {
                d.values
                    .into_iter()
                    .map(|v| v.map_or_else(Cell::empty, |v| Cell { value: Some(v), display: v.to_short() }))
                    .collect()
            }),
            Computed::Skipped(reason) => {
                skipped.push(Skipped { column: u32::try_from(k).unwrap_or(u32::MAX), reason });
                vec![Cell::empty(); prep.n]
            }
        });
    }
    let table = Table {
        players: prep.nos.clone(),
        scores: primary.iter().map(|&s| Cell::fixed(s, 1)).collect(),
        columns: config
            .tiebreaks
            .iter()
            .map(|t| Column { code: t.code(), name: t.name(), key: t.key(), modifier: t.modifier() })
            .collect(),
        cells,
        skipped,
    };
    Ok(assemble(table, &ranking, |_, _| None))
}

/// The ranking key of a value: higher first, absent values last.
fn sort_key(v: Option<Exact>, ascending: bool) -> Exact {
    match v {
        Some(v) if ascending => v.neg(),
        Some(v) => v,
        None => Exact::integer(i64::MIN / 4),
    }
}

/// Computes one tie-break for every player.
fn compute_one(tb: ChessTiebreak, prep: &Prepared, fore: &Prepared, ratings: Option<&[u16]>) -> Computed {
    use ChessTiebreak as T;
    match tb {
        T::DirectEncounter { forfeits } => Computed::Direct { forfeits },
        T::Wins => Computed::all(own::wins(prep), 0),
        T::GamesWon => Computed::all(own::games_won(prep), 0),
        T::GamesWithBlack => Computed::all(own::games_with_black(prep), 0),
        T::GamesWonWithBlack => Computed::all(own::games_won_with_black(prep), 0),
        T::ProgressiveScore { cut } => Computed::all(own::progressive(prep, cut), 1),
        T::RoundsElectedToPlay => Computed::all(own::rounds_elected_to_play(prep), 0),
        T::StandardPoints => Computed::all(own::standard_points(prep), 1),
        T::PairingNumber { reverse } => Computed::Values {
            values: prep.nos.iter().map(|n| Some(Exact::integer(i64::from(n.0)))).collect(),
            decimals: 0,
            ascending: !reverse,
        },
        T::Buchholz { modifier } => Computed::all(opponents::buchholz(prep, modifier), 1),
        T::ForeBuchholz { modifier } => Computed::all(opponents::buchholz(fore, modifier), 1),
        T::AverageOfOpponentsBuchholz { fore: use_fore } => {
            let bh = opponents::buchholz(if use_fore { fore } else { prep }, super::config::Modifier::None);
            Computed::Values { values: opponents::average_of_opponents(prep, &bh), decimals: 2, ascending: false }
        }
        T::SonnebornBerger { modifier } => Computed::all(opponents::sonneborn_berger(prep, modifier), 2),
        T::Koya { limit } => Computed::all(opponents::koya(prep, limit), 1),
        T::AverageRatingOfOpponents { modifier } => match ratings {
            Some(r) => Computed::ints(ratings::average_rating_of_opponents(prep, r, modifier)),
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
        T::PerformanceRating => match ratings {
            Some(r) => Computed::ints(ratings::performance(prep, r)),
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
        T::AveragePerformanceOfOpponents => match ratings {
            Some(r) => Computed::ints(ratings::average_performance_of_opponents(prep, r)),
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
        T::PerfectPerformance => match ratings {
            Some(r) => Computed::ints(ratings::perfect_performance(prep, r)),
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
        T::AveragePerfectPerformanceOfOpponents => match ratings {
            Some(r) => Computed::ints(ratings::average_perfect_performance_of_opponents(prep, r)),
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
        T::Rating { reverse } => match ratings {
            Some(r) => Computed::Values {
                values: r.iter().map(|&x| Some(Exact::integer(i64::from(x)))).collect(),
                decimals: 0,
                ascending: reverse,
            },
            None => Computed::Skipped(SkipReason::UnratedPlayers),
        },
    }
}

/// The separate standings of a tied group (C.07 art. 6.1): each member's
/// games against the other members, points averaged per opponent when two
/// met more than once (6.1.2), forfeits counted when `forfeits` is set or the
/// pairings were predetermined. Rows by points, then player number.
///
/// # Errors
/// The errors of [`compute_chess`] for inconsistent records, and
/// [`StandingsError::NotInEvent`] for a group member who is not a player.
pub fn direct_encounter_table(
    event: &ChessEvent,
    forfeits: bool,
    group: &[PlayerNo],
) -> Result<Vec<MiniLeagueRow>, StandingsError> {
    let prep = Prepared::new(event, RulesVersion::LATEST)?;
    let mut members = group
        .iter()
        .map(|&p| prep.nos.binary_search(&p).map_err(|_| StandingsError::NotInEvent { player: p }))
        .collect::<Result<Vec<usize>, _>>()?;
    members.sort_unstable();
    members.dedup();
    let de = DirectEncounter::new(&prep, forfeits);
    let mut rows: Vec<MiniLeagueRow> = members
        .iter()
        .zip(de.lines(&members))
        .map(|(&m, l)| MiniLeagueRow {
            player: prep.nos[m],
            played: l.played,
            won: l.won,
            drawn: l.drawn,
            lost: l.lost,
            points: Cell { value: Some(l.points), display: l.points.to_short() },
            twenties: None,
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.points.value));
    Ok(rows)
}
