//! The team Swiss of a 40K team event (issue 25, point 2).
//!
//! - **Round 1** is drawn at random from a seed the server records: the teams
//!   are shuffled by [`crate::simulate::seeded_rng`] (ChaCha8, the same
//!   stream on every platform) and paired in shuffled order, 1st v 2nd, 3rd v
//!   4th, …; with an odd number of teams the last one drawn has the bye. The
//!   same seed and the same teams always give the same round.
//! - **Later rounds** pair the teams by record with the record-based Swiss of
//!   [`crate::pairing::swiss_record`] (seed `wh40k-tournament-manager.md`,
//!   "Swiss Pairing Algorithm"), reused unchanged with teams as its entrants:
//!   teams are ranked by [`team_standings`] (team match wins, then total game
//!   points, then the event's tie-break list, then registration), grouped by
//!   W-L-D match record, folded, rematches swapped away or, failing that,
//!   searched away ([`crate::pairing::swiss_record::pair_round_by_records`]).
//!   Its tables, bye, and rematch/repeat-bye warnings are returned as they are.
//! - **The bye** (odd number of teams) goes by default to the lowest-ranked
//!   team that has not had one (the seed's "lowest-ranked unpaired player gets
//!   a bye", as `swiss_record` applies it); [`ByeRecipient::RandomWorstRecord`]
//!   instead draws it among the teams with the worst record that have not had
//!   one (WBC's Up Front rules: "a bye will be given to a player randomly
//!   selected from those with the worst record. No player may receive more
//!   than one bye", boardgamers.org/yearbkex/upfpge.htm). It scores
//!   [`ByeScore`]: by default a match win (the seed: a bye "counts as WIN, 0
//!   VP for both sides") and the game points of that 0–0 VP margin for every
//!   game of the match (10 of 20 each on the WTC table, so 50 for a team of
//!   five, 80 for eight).

use super::scoring::ConversionTable;
use super::TeamSize;
use crate::model::Outcome;
use crate::pairing::swiss_record::{
    pair_round_by_records, Game, Record, RoundPairing, SwissError, SwissProcedure, Table,
};
use crate::simulate::seeded_rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hash;

/// One team match of a past round, or a bye, as the standings count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamMatch<T> {
    /// The round (1-based).
    pub round: u32,
    /// The first team, or the team with the bye.
    pub team_a: T,
    /// The second team; `None` for a bye.
    pub team_b: Option<T>,
    /// Team A's game points (see [`super::scoring::MatchRule::score`]).
    pub points_a: u32,
    /// Team B's game points (0 for a bye).
    pub points_b: u32,
    /// The result for team A.
    pub outcome: Outcome,
}

impl<T> TeamMatch<T> {
    /// A bye for `team` in `round`, scored by `score`.
    #[must_use]
    pub fn bye(round: u32, team: T, score: ByeScore) -> Self {
        TeamMatch { round, team_a: team, team_b: None, points_a: score.points, points_b: 0, outcome: score.outcome }
    }
}

/// What a team bye scores (see the module docs for the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByeScore {
    /// The match result the bye counts as.
    pub outcome: Outcome,
    /// The game points the team is given.
    pub points: u32,
}

impl ByeScore {
    /// The default: a win (seed: a bye "counts as WIN, 0 VP for both
    /// sides"), with each of the team's games scored as a 0–0 VP game on
    /// `table` (10 points each on the WTC table).
    #[must_use]
    pub fn seed_default(size: TeamSize, table: &ConversionTable) -> Self {
        let per_game = table.convert(0, 0).0;
        ByeScore { outcome: Outcome::Win, points: per_game * size.players() as u32 }
    }
}

/// Who has the bye when the number of teams is odd (rounds after the first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ByeRecipient {
    /// The lowest-ranked team without a bye (the seed's rule).
    #[default]
    LowestRanked,
    /// Drawn from `seed` (mixed with the round number) among the teams with
    /// the worst record that have not had a bye (WBC Up Front rules).
    RandomWorstRecord {
        /// The recorded seed.
        seed: u64,
    },
}

/// A tie-break between teams level on match wins and game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamTieBreak {
    /// The sum of the opponents' match wins, byes not counted as opponents
    /// (GW organised-play guidance: tied records ranked by "the opponents'
    /// win records"; research/rules.md §4.2).
    StrengthOfSchedule,
    /// The sum of the opponents' game points.
    OpponentsGamePoints,
    /// Game points conceded, fewest first.
    GamePointsAgainst,
}

/// How the team Swiss ranks and pairs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSwissConfig {
    /// Tie-breaks after match wins and game points, in order; registration
    /// order is always the last resort.
    pub tie_breaks: Vec<TeamTieBreak>,
    /// Who has the bye.
    pub bye: ByeRecipient,
    /// How `swiss_record` pairs each round.
    pub procedure: SwissProcedure,
}

impl Default for TeamSwissConfig {
    /// Strength of schedule as the one tie-break, the seed's bye and the
    /// seed's fold procedure.
    fn default() -> Self {
        TeamSwissConfig {
            tie_breaks: vec![TeamTieBreak::StrengthOfSchedule],
            bye: ByeRecipient::LowestRanked,
            procedure: SwissProcedure::Fold,
        }
    }
}

/// One team's line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamStanding<T> {
    /// The team.
    pub team: T,
    /// Its match record (a bye counts as its [`ByeScore::outcome`]).
    pub record: Record,
    /// Game points scored, byes included.
    pub game_points: u32,
    /// Game points conceded.
    pub game_points_against: u32,
    /// The sum of its opponents' match wins (byes are not opponents).
    pub strength_of_schedule: u32,
    /// The sum of its opponents' game points.
    pub opponents_game_points: u32,
    /// Its position in registration order (0-based).
    pub registration: usize,
}

/// The team standings after `matches`, best first: match wins, then game
/// points, then `tie_breaks` in order, then registration order (`teams` is
/// the registration order; matches of teams not in it are ignored).
#[must_use]
pub fn team_standings<T>(teams: &[T], matches: &[TeamMatch<T>], tie_breaks: &[TeamTieBreak]) -> Vec<TeamStanding<T>>
where
    T: Copy + Eq + Hash,
{
    let mut lines: Vec<TeamStanding<T>> = teams
        .iter()
        .enumerate()
        .map(|(registration, &team)| TeamStanding {
            team,
            record: Record::default(),
            game_points: 0,
            game_points_against: 0,
            strength_of_schedule: 0,
            opponents_game_points: 0,
            registration,
        })
        .collect();
    let index: HashMap<T, usize> = teams.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    for m in matches {
        if let Some(line) = index.get(&m.team_a).and_then(|&i| lines.get_mut(i)) {
            line.record.add(m.outcome);
            line.game_points += m.points_a;
            line.game_points_against += m.points_b;
        }
        if let Some(line) = m.team_b.and_then(|b| index.get(&b)).and_then(|&i| lines.get_mut(i)) {
            line.record.add(m.outcome.reversed());
            line.game_points += m.points_b;
            line.game_points_against += m.points_a;
        }
    }
    let totals: Vec<(u32, u32)> = lines.iter().map(|l| (l.record.wins, l.game_points)).collect();
    for m in matches {
        let Some(b) = m.team_b else { continue };
        let (Some(&ia), Some(&ib)) = (index.get(&m.team_a), index.get(&b)) else { continue };
        let (Some(&(wins_a, points_a)), Some(&(wins_b, points_b))) = (totals.get(ia), totals.get(ib)) else { continue };
        if let Some(line) = lines.get_mut(ia) {
            line.strength_of_schedule += wins_b;
            line.opponents_game_points += points_b;
        }
        if let Some(line) = lines.get_mut(ib) {
            line.strength_of_schedule += wins_a;
            line.opponents_game_points += points_a;
        }
    }
    lines.sort_by(|x, y| {
        let key = |l: &TeamStanding<T>| -> Vec<i64> {
            let mut k = vec![i64::from(l.record.wins), i64::from(l.game_points)];
            k.extend(tie_breaks.iter().map(|tb| match tb {
                TeamTieBreak::StrengthOfSchedule => i64::from(l.strength_of_schedule),
                TeamTieBreak::OpponentsGamePoints => i64::from(l.opponents_game_points),
                TeamTieBreak::GamePointsAgainst => -i64::from(l.game_points_against),
            }));
            k
        };
        key(y).cmp(&key(x)).then(x.registration.cmp(&y.registration))
    });
    lines
}

fn check_teams<T: Copy + Eq + Hash + fmt::Debug>(teams: &[T]) -> Result<(), SwissError<T>> {
    if teams.len() < 2 {
        return Err(SwissError::TooFewPlayers { active: teams.len() });
    }
    let mut seen = HashSet::new();
    for &t in teams {
        if !seen.insert(t) {
            return Err(SwissError::DuplicatePlayer(t));
        }
    }
    Ok(())
}

/// Round 1: `teams` (the active teams) drawn at random from `seed` (see the
/// module docs). Errors on fewer than two teams or a team listed twice.
pub fn pair_first_round<T>(teams: &[T], seed: u64) -> Result<RoundPairing<T>, SwissError<T>>
where
    T: Copy + Eq + Hash + fmt::Debug,
{
    check_teams(teams)?;
    let mut drawn = teams.to_vec();
    drawn.shuffle(&mut seeded_rng(seed));
    let bye = if drawn.len() % 2 == 1 { drawn.pop() } else { None };
    let tables = drawn
        .chunks_exact(2)
        .zip(1..)
        .filter_map(|(pair, number)| match *pair {
            [player1, player2] => Some(Table { number, player1, player2 }),
            _ => None,
        })
        .collect();
    Ok(RoundPairing { tables, bye, warnings: Vec::new() })
}

/// A later round: the teams of `teams` (registration order) for which
/// `is_active` holds, ranked by [`team_standings`] over `matches` (every past
/// match and bye), paired by `swiss_record` with teams as entrants, the bye
/// by `config.bye`. `round` is the round being paired (it mixes the seed of
/// [`ByeRecipient::RandomWorstRecord`]). Errors as
/// [`crate::pairing::swiss_record::pair_round`].
pub fn pair_next_round<T>(
    teams: &[T],
    is_active: impl Fn(T) -> bool,
    matches: &[TeamMatch<T>],
    config: &TeamSwissConfig,
    round: u32,
) -> Result<RoundPairing<T>, SwissError<T>>
where
    T: Copy + Eq + Hash + Ord + fmt::Debug,
{
    let standings = team_standings(teams, matches, &config.tie_breaks);
    let active: Vec<&TeamStanding<T>> = standings.iter().filter(|s| is_active(s.team)).collect();
    let history: Vec<Game<T>> = matches
        .iter()
        .map(|m| Game { round: m.round, player1: m.team_a, player2: m.team_b, vp1: m.points_a, vp2: m.points_b })
        .collect();
    let chosen_bye = match config.bye {
        ByeRecipient::RandomWorstRecord { seed } if active.len() % 2 == 1 => {
            random_worst_record_bye(&active, matches, seed.wrapping_add(u64::from(round)))
        }
        _ => None,
    };
    let paired: Vec<&&TeamStanding<T>> = active.iter().filter(|s| Some(s.team) != chosen_bye).collect();
    let ranked: Vec<T> = paired.iter().map(|s| s.team).collect();
    let records: Vec<Record> = paired.iter().map(|s| s.record).collect();
    let mut pairing = pair_round_by_records(&ranked, &records, &history, config.procedure)?;
    if chosen_bye.is_some() {
        pairing.bye = chosen_bye;
    }
    Ok(pairing)
}

/// The bye of [`ByeRecipient::RandomWorstRecord`]: among the active teams
/// without a bye, those with the worst record (fewest wins, then fewest
/// draws, then most losses), one drawn from `seed`; `None` when every team
/// has had a bye (then `swiss_record`'s rule applies, with its warning).
fn random_worst_record_bye<T: Copy + Eq + Hash>(
    active: &[&TeamStanding<T>],
    matches: &[TeamMatch<T>],
    seed: u64,
) -> Option<T> {
    let had_bye: HashSet<T> = matches.iter().filter(|m| m.team_b.is_none()).map(|m| m.team_a).collect();
    let candidates: Vec<&TeamStanding<T>> = active.iter().copied().filter(|s| !had_bye.contains(&s.team)).collect();
    let worst = candidates.iter().map(|s| (s.record.wins, s.record.draws, Reverse(s.record.losses))).min()?;
    let pool: Vec<T> = candidates
        .iter()
        .filter(|s| (s.record.wins, s.record.draws, Reverse(s.record.losses)) == worst)
        .map(|s| s.team)
        .collect();
    pool.choose(&mut seeded_rng(seed)).copied()
}

#[cfg(test)]
mod tests;
