//! Top cut: a single-elimination bracket played after the Swiss (or the
//! round-robin pools) by the best `cut` players, seeded from the standings.
//!
//! Seeds are numbered from 1 (the best) to `cut`. The rules:
//!
//! - **Bracket order.** The bracket has `size` = the next power of two ≥ `cut`
//!   lines, arranged in the standard order so that seeds 1 and 2 can only meet
//!   in the final, 1–4 only in the semifinals, and so on: for 8, 1v8, 4v5,
//!   2v7, 3v6 ([`bracket_order`]).
//! - **Byes.** Seeds above `cut` do not exist, so their opponents, the top
//!   `size − cut` seeds, pass round 1 without playing (a cut of 6: seeds 1
//!   and 2 have byes; 3v6, 4v5).
//! - **Re-seeding** (an option): after round 1, each round pairs the highest
//!   remaining seed with the lowest, the second highest with the second
//!   lowest, and so on, instead of following the bracket's lines.
//! - **Third-place game** (an option): the two semifinal losers play for
//!   third place beside the final.
//! - **Ranking** ([`Bracket::ranking`]): the champion 1st, the finalist 2nd,
//!   the third-place game's winner 3rd and loser 4th (without that game both
//!   semifinal losers share 3rd; a cut of 3 has one semifinal, so no such
//!   game); the losers of an earlier round share the
//!   place after everyone who went further (quarterfinal losers 5th, round of
//!   16 losers 9th…). Shared places are listed by seed.
//!
//! Results come in as a lookup `winner(a, b)`: in single elimination two
//! seeds meet at most once, so the pair names the game.

pub mod matches;
#[cfg(test)]
mod matches_tests;
pub mod pools;
#[cfg(test)]
mod pools_tests;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

/// The smallest cut: a final alone.
pub const MIN_CUT: u32 = 2;
/// The largest cut.
pub const MAX_CUT: u32 = 64;

/// Why a bracket cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayoffError {
    /// The cut is outside 2..=64.
    #[error("a top cut has {MIN_CUT} to {MAX_CUT} players, not {0}")]
    BadCut(u32),
    /// A result names as winner a seed that was not in the game.
    #[error("the game between seeds {high} and {low} names seed {winner} as its winner")]
    BadWinner {
        /// The higher seed of the game.
        high: u32,
        /// The lower seed.
        low: u32,
        /// The seed given as winner.
        winner: u32,
    },
}

/// How the playoff is played: the engine's part of the TO's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffConfig {
    /// How many players make the cut (2–64, any number: the top seeds get byes).
    pub cut: u32,
    /// Whether each round after the first pairs highest remaining against lowest remaining.
    pub reseed: bool,
    /// Whether the semifinal losers play for third place.
    pub third_place: bool,
}

impl PlayoffConfig {
    /// Checks the cut size.
    ///
    /// # Errors
    /// [`PlayoffError::BadCut`] outside 2..=64.
    pub const fn check(&self) -> Result<(), PlayoffError> {
        if self.cut < MIN_CUT || self.cut > MAX_CUT {
            return Err(PlayoffError::BadCut(self.cut));
        }
        Ok(())
    }

    /// The bracket's size: the next power of two ≥ the cut.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.cut.next_power_of_two()
    }

    /// The number of elimination rounds: log2 of the size (a cut of 6 or 8: 3).
    #[must_use]
    pub const fn rounds(&self) -> u32 {
        self.size().trailing_zeros()
    }
}

/// The standard bracket order of `size` lines (a power of two): adjacent
/// pairs are round 1's games, and the seeds' sum in every game is `size + 1`.
/// Built by doubling: each seed `s` of the bracket of `n` is followed by its
/// opponent `2n + 1 − s`. For 8: `[1, 8, 4, 5, 2, 7, 3, 6]`.
#[must_use]
pub fn bracket_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    let mut n = 1u32;
    while n < size {
        n *= 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// One place in a bracket round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Slot {
    /// A game between two known seeds; `winner` once decided.
    Game {
        /// The higher seed (the smaller number).
        high: u32,
        /// The lower seed.
        low: u32,
        /// The seed that won, once known.
        winner: Option<u32>,
    },
    /// A seed that passes this round without playing (a top seed in a cut that is not a power of two).
    Bye {
        /// The seed.
        seed: u32,
    },
    /// A game whose players are not known yet; the seeds known so far.
    Open {
        /// The player known already (the winner of the line above), if any.
        known: Option<u32>,
    },
}

impl Slot {
    /// The seed that goes on from this slot, once known.
    #[must_use]
    pub const fn advancing(&self) -> Option<u32> {
        match *self {
            Slot::Game { winner, .. } => winner,
            Slot::Bye { seed } => Some(seed),
            Slot::Open { .. } => None,
        }
    }

    /// The loser of a decided game.
    #[must_use]
    pub const fn loser(&self) -> Option<u32> {
        match *self {
            Slot::Game { high, low, winner: Some(w) } => Some(if w == high { low } else { high }),
            _ => None,
        }
    }

    /// A game ready to be played or being played (both seeds known, no winner yet).
    #[must_use]
    pub const fn is_pending_game(&self) -> bool {
        matches!(self, Slot::Game { winner: None, .. })
    }
}

/// A bracket: its rounds (round 1 first), and the third-place game when the
/// config asks for one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bracket {
    /// The settings it was built from.
    pub config: PlayoffConfig,
    /// Each round's slots, top of the bracket first; the last round is the final.
    pub rounds: Vec<Vec<Slot>>,
    /// The third-place game, when asked for (open until both semifinals are decided).
    pub third_place: Option<Slot>,
}

/// A seed's final place (1 = champion); shared places repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// The seed.
    pub seed: u32,
    /// The place; `None` while the seed is still in the bracket.
    pub place: Option<u32>,
}

/// Makes the game of `a` and `b` (the higher seed first) with its result.
fn game(a: u32, b: u32, winner: &impl Fn(u32, u32) -> Option<u32>) -> Result<Slot, PlayoffError> {
    let (high, low) = if a < b { (a, b) } else { (b, a) };
    let w = winner(high, low);
    if let Some(w) = w {
        if w != high && w != low {
            return Err(PlayoffError::BadWinner { high, low, winner: w });
        }
    }
    Ok(Slot::Game { high, low, winner: w })
}

impl Bracket {
    /// Builds the bracket of `config` with the results known so far:
    /// `winner(high, low)` answers the winner of the game between two seeds,
    /// or `None` while it is not decided.
    ///
    /// # Errors
    /// [`PlayoffError::BadCut`] for a cut outside 2..=64;
    /// [`PlayoffError::BadWinner`] for a result naming a seed not in its game.
    pub fn build(config: PlayoffConfig, winner: impl Fn(u32, u32) -> Option<u32>) -> Result<Bracket, PlayoffError> {
        config.check()?;
        let order = bracket_order(config.size());
        let mut rounds: Vec<Vec<Slot>> = Vec::new();
        let mut first = Vec::with_capacity(order.len() / 2);
        for pair in order.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            first.push(if b > config.cut { Slot::Bye { seed: a } } else { game(a, b, &winner)? });
        }
        rounds.push(first);
        while rounds.last().is_some_and(|r| r.len() > 1) {
            let prev = rounds.last().map(Vec::as_slice).unwrap_or_default();
            let next = if config.reseed {
                Self::reseeded(prev, &winner)?
            } else {
                let mut next = Vec::with_capacity(prev.len() / 2);
                for pair in prev.chunks(2) {
                    next.push(match (pair[0].advancing(), pair[1].advancing()) {
                        (Some(a), Some(b)) => game(a, b, &winner)?,
                        (a, b) => Slot::Open { known: a.or(b) },
                    });
                }
                next
            };
            rounds.push(next);
        }
        // A third-place game needs two semifinal losers (a cut of 3 has one: its top seed's bye).
        let semis_played = rounds.len() >= 2 && rounds[rounds.len() - 2].iter().all(|s| !matches!(s, Slot::Bye { .. }));
        let third_place = if config.third_place && semis_played {
            let semis = &rounds[rounds.len() - 2];
            Some(match (semis[0].loser(), semis.get(1).and_then(Slot::loser)) {
                (Some(a), Some(b)) => game(a, b, &winner)?,
                (a, b) => Slot::Open { known: a.or(b) },
            })
        } else {
            None
        };
        Ok(Bracket { config, rounds, third_place })
    }

    /// The next round when re-seeding: once every slot of `prev` has
    /// someone going on, highest remaining against lowest remaining.
    fn reseeded(prev: &[Slot], winner: &impl Fn(u32, u32) -> Option<u32>) -> Result<Vec<Slot>, PlayoffError> {
        let going: Option<Vec<u32>> = prev.iter().map(Slot::advancing).collect();
        let games = prev.len() / 2;
        let Some(mut going) = going else {
            return Ok(vec![Slot::Open { known: None }; games]);
        };
        going.sort_unstable();
        (0..games).map(|i| game(going[i], going[going.len() - 1 - i], winner)).collect()
    }

    /// The champion, once the final is decided.
    #[must_use]
    pub fn champion(&self) -> Option<u32> {
        self.rounds.last().and_then(|r| r.first()).and_then(Slot::advancing)
    }

    /// Whether every game is decided (the final, and the third-place game when there is one).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.champion().is_some() && self.third_place.is_none_or(|s| s.advancing().is_some())
    }

    /// The games of round `index` (0-based) that are to be played: both
    /// seeds known, no winner yet; the third-place game goes with the final.
    #[must_use]
    pub fn games_of(&self, index: usize) -> Vec<Slot> {
        let mut out: Vec<Slot> = self.rounds.get(index).into_iter().flatten().copied().collect();
        if index + 1 == self.rounds.len() {
            out.extend(self.third_place);
        }
        out.retain(|s| matches!(s, Slot::Game { .. }));
        out
    }

    /// Whether every game of round `index` (with the third-place game for the final) is decided.
    #[must_use]
    pub fn round_decided(&self, index: usize) -> bool {
        let Some(round) = self.rounds.get(index) else { return false };
        let third = index + 1 < self.rounds.len() || self.third_place.is_none_or(|s| s.advancing().is_some());
        third && round.iter().all(|s| s.advancing().is_some())
    }

    /// Every seed with its place so far (see the module's ranking rule),
    /// best first: placed seeds by place then seed, then the seeds still in.
    #[must_use]
    pub fn ranking(&self) -> Vec<Placement> {
        let total = self.rounds.len();
        let mut place: Vec<Option<u32>> = vec![None; self.config.cut as usize + 1];
        for (i, round) in self.rounds.iter().enumerate() {
            // Losing in round i (0-based) of `total` leaves 2^(total-1-i) players ahead.
            let shared = (1u32 << (total - 1 - i)) + 1;
            for s in round {
                if let Some(l) = s.loser() {
                    place[l as usize] = Some(shared);
                }
            }
        }
        if let Some(c) = self.champion() {
            place[c as usize] = Some(1);
        }
        if let Some(Slot::Game { winner: Some(w), .. }) = self.third_place {
            if let Some(l) = self.third_place.and_then(|s| s.loser()) {
                place[w as usize] = Some(3);
                place[l as usize] = Some(4);
            }
        }
        let mut out: Vec<Placement> =
            (1..=self.config.cut).map(|seed| Placement { seed, place: place[seed as usize] }).collect();
        out.sort_by_key(|p| (p.place.unwrap_or(u32::MAX), p.seed));
        out
    }

    /// How many entrants round `index` (0-based) is for: 2 for the final, 4
    /// for the semifinals, 8, 16… (byes included: the bracket's size halved
    /// each round).
    #[must_use]
    pub fn round_of(&self, index: usize) -> u32 {
        let left = self.rounds.len().saturating_sub(index);
        1u32 << left.min(31)
    }

    /// The name of round `index` (0-based) as people say it: Final,
    /// Semifinals, Quarterfinals, then "Round of 16", "Round of 32"… (what
    /// an event's playoff round is called in the database; pages name it
    /// in their language from [`Bracket::round_of`]).
    #[must_use]
    pub fn round_name(&self, index: usize) -> String {
        stage_name(self.round_of(index))
    }
}

/// The English name of the bracket round for `of` entrants
/// ([`Bracket::round_name`]).
#[must_use]
pub fn stage_name(of: u32) -> String {
    match of {
        2 => "Final".into(),
        4 => "Semifinals".into(),
        8 => "Quarterfinals".into(),
        n => format!("Round of {n}"),
    }
}

/// What the round that also holds the third-place game is called:
/// "Final and third-place game".
#[must_use]
pub fn with_third_place(name: &str) -> String {
    format!("{name}{THIRD_PLACE}")
}

const THIRD_PLACE: &str = " and third-place game";

/// The bracket round a playoff round's stored name ([`Bracket::round_name`],
/// maybe [`with_third_place`]) stands for: how many entrants it is for, and
/// whether it holds the third-place game; `None` for any other name.
#[must_use]
pub fn parse_stage(name: &str) -> Option<(u32, bool)> {
    let (base, third) = match name.strip_suffix(THIRD_PLACE) {
        Some(base) => (base, true),
        None => (name, false),
    };
    let of = match base {
        "Final" => 2,
        "Semifinals" => 4,
        "Quarterfinals" => 8,
        _ => base.strip_prefix("Round of ")?.parse().ok().filter(|n: &u32| n.is_power_of_two() && *n > 8)?,
    };
    Some((of, third))
}
