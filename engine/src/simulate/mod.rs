//! Seeded random Swiss tournaments: players with ratings, rounds paired by the
//! FIDE (Dutch) System, results drawn from the Elo expectation, and the odd
//! requested bye, absence or forfeit. The same seed always gives the same
//! tournament. Used for benchmarks, property tests and demos.

use crate::model::{Colour, Outcome, PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use crate::pairing::dutch::{pair, Pairing, PairingError, PlayerInput, RoundInput, RoundStatus};
use crate::trf::{Line, LineEnding, PlayerLine, RoundsTag, Trf};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The engine's seeded random generator: ChaCha8, whose stream for a seed is
/// the same on every platform and build. [`Simulation`], the benchmarks and
/// the randomised tests all draw from it, so a seed names one event.
pub type SeededRng = ChaCha8Rng;

/// The [`SeededRng`] for `seed` (`ChaCha8Rng::seed_from_u64`).
#[must_use]
pub fn seeded_rng(seed: u64) -> SeededRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// How to generate a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Number of players.
    pub players: u32,
    /// Number of rounds of the tournament.
    pub rounds: u32,
    /// The random seed.
    pub seed: u64,
    /// Probability that a game between equals is drawn (0-1).
    pub draw_rate: f64,
    /// Probability that a player asks for a half-point bye in a round.
    pub half_point_bye_rate: f64,
    /// Probability that a player is absent from a round (zero-point bye).
    pub absence_rate: f64,
    /// Probability that a paired game is lost by forfeit.
    pub forfeit_rate: f64,
    /// Points for each kind of round.
    pub points: PointSystem,
}

impl Config {
    /// A tournament of `players` players and `rounds` rounds with typical
    /// rates: 30% draws, 1% half-point byes, 1% absences, 1% forfeits.
    #[must_use]
    pub fn new(players: u32, rounds: u32, seed: u64) -> Config {
        Config {
            players,
            rounds,
            seed,
            draw_rate: 0.3,
            half_point_bye_rate: 0.01,
            absence_rate: 0.01,
            forfeit_rate: 0.01,
            points: PointSystem::default(),
        }
    }
}

/// A tournament being generated.
#[derive(Debug, Clone)]
pub struct Simulation {
    config: Config,
    rng: SeededRng,
    ratings: Vec<u32>,
    history: Vec<Vec<RoundRecord>>,
    initial_colour: Colour,
    next_status: Vec<RoundStatus>,
    pairings: Vec<Pairing>,
}

impl Simulation {
    /// A tournament before round 1: ratings from 2700 down, with random gaps.
    #[must_use]
    pub fn new(config: Config) -> Simulation {
        let mut rng = seeded_rng(config.seed);
        let mut rating = 2700u32;
        let ratings = (0..config.players)
            .map(|_| {
                let r = rating;
                rating = rating.saturating_sub(rng.gen_range(0..=(1800 / config.players.max(1)).max(3)));
                r.max(1000)
            })
            .collect();
        let initial_colour = if rng.gen_bool(0.5) { Colour::White } else { Colour::Black };
        let mut sim = Simulation {
            history: vec![Vec::new(); config.players as usize],
            config,
            rng,
            ratings,
            initial_colour,
            next_status: Vec::new(),
            pairings: Vec::new(),
        };
        sim.draw_statuses();
        sim
    }

    /// The rounds played so far.
    #[must_use]
    pub fn rounds_played(&self) -> u32 {
        self.pairings.len() as u32
    }

    /// The pairings of the rounds played.
    #[must_use]
    pub fn pairings(&self) -> &[Pairing] {
        &self.pairings
    }

    /// The pairing input of the next round (its byes and absences already drawn).
    #[must_use]
    pub fn next_input(&self) -> RoundInput {
        let players = (0..self.config.players as usize)
            .map(|i| PlayerInput {
                id: PlayerNo(i as u32 + 1),
                rating: self.ratings[i],
                history: self.history[i].clone(),
                virtual_points: Vec::new(),
                status: self.next_status[i],
            })
            .collect();
        RoundInput {
            round: self.rounds_played() + 1,
            total_rounds: self.config.rounds,
            initial_colour: self.initial_colour,
            points: self.config.points,
            players,
            forbidden: Vec::new(),
        }
    }

    /// Pairs and plays the next round.
    ///
    /// # Errors
    /// The pairing's error, e.g. when no legal pairing exists.
    pub fn play_round(&mut self) -> Result<(), PairingError> {
        let pairing = pair(&self.next_input())?;
        let mut records: Vec<RoundRecord> = self
            .next_status
            .iter()
            .map(|s| RoundRecord::Unpaired(if let RoundStatus::Out(k) = s { *k } else { Unplayed::Absent }))
            .collect();
        for board in &pairing.boards {
            let (w, b) = (board.white.0 as usize - 1, board.black.0 as usize - 1);
            let (white, black) = self.game(w, b);
            records[w] = white;
            records[b] = black;
        }
        if let Some(bye) = pairing.bye {
            records[bye.0 as usize - 1] = RoundRecord::Unpaired(Unplayed::PairingBye);
        }
        for (h, r) in self.history.iter_mut().zip(records) {
            h.push(r);
        }
        self.pairings.push(pairing);
        self.draw_statuses();
        Ok(())
    }

    /// Plays rounds until `rounds` have been played.
    ///
    /// # Errors
    /// As [`Simulation::play_round`].
    pub fn play_until(&mut self, rounds: u32) -> Result<(), PairingError> {
        while self.rounds_played() < rounds.min(self.config.rounds) {
            self.play_round()?;
        }
        Ok(())
    }

    /// The tournament as a TRF file (with `XXR`, `XXC`, point values and the
    /// next round's byes), ready to be paired or checked.
    #[must_use]
    pub fn to_trf(&self) -> Trf {
        let mut lines = vec![
            Line::Other(format!("012 Simulated tournament {}", self.config.seed)),
            Line::TotalRounds { tag: RoundsTag::Xxr, rounds: self.config.rounds },
            Line::Configuration { initial_colour: Some(self.initial_colour), rank: false },
        ];
        let p = &self.config.points;
        if p.win != Points::ONE || p.draw != Points::HALF {
            lines.push(Line::PointValue { tag: crate::trf::PointTag::Win, points: p.win });
            lines.push(Line::PointValue { tag: crate::trf::PointTag::Draw, points: p.draw });
        }
        let scores: Vec<Points> = self.history.iter().map(|h| h.iter().map(|r| r.points(p)).sum()).collect();
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].cmp(&scores[a]).then(a.cmp(&b)));
        let mut rank = vec![0u32; scores.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i] = r as u32 + 1;
        }
        for i in 0..self.history.len() {
            let mut rounds: Vec<Option<RoundRecord>> = self.history[i].iter().copied().map(Some).collect();
            if let RoundStatus::Out(kind) = self.next_status[i] {
                if self.rounds_played() < self.config.rounds {
                    rounds.push(Some(RoundRecord::Unpaired(kind)));
                }
            }
            lines.push(Line::Player(PlayerLine {
                number: PlayerNo(i as u32 + 1),
                sex: String::new(),
                title: String::new(),
                name: format!("Player {:04}", i + 1),
                rating: Some(self.ratings[i]),
                federation: String::new(),
                fide_id: String::new(),
                birth_date: String::new(),
                points: scores[i],
                rank: Some(rank[i]),
                rounds,
            }));
        }
        Trf { lines }
    }

    /// The TRF text with LF line ends.
    #[must_use]
    pub fn to_trf_text(&self) -> String {
        self.to_trf().to_text(LineEnding::Lf)
    }

    fn draw_statuses(&mut self) {
        let c = &self.config;
        self.next_status = (0..c.players)
            .map(|_| {
                let x: f64 = self.rng.gen();
                if x < c.half_point_bye_rate {
                    RoundStatus::Out(Unplayed::HalfPointBye)
                } else if x < c.half_point_bye_rate + c.absence_rate {
                    RoundStatus::Out(Unplayed::ZeroPointBye)
                } else {
                    RoundStatus::Pair
                }
            })
            .collect();
    }

    /// Draws the result of White `w` against Black `b`.
    fn game(&mut self, w: usize, b: usize) -> (RoundRecord, RoundRecord) {
        let (wid, bid) = (PlayerNo(w as u32 + 1), PlayerNo(b as u32 + 1));
        if self.rng.gen_bool(self.config.forfeit_rate.clamp(0.0, 1.0)) {
            let white_wins = self.rng.gen_bool(0.5);
            return (
                RoundRecord::Forfeit { opponent: bid, colour: Some(Colour::White), won: white_wins },
                RoundRecord::Forfeit { opponent: wid, colour: Some(Colour::Black), won: !white_wins },
            );
        }
        let diff = f64::from(self.ratings[b]) - f64::from(self.ratings[w]) - 35.0;
        let expected = 1.0 / (1.0 + 10f64.powf(diff / 400.0));
        let draw = self.config.draw_rate * (1.0 - (2.0 * expected - 1.0).abs());
        let x: f64 = self.rng.gen();
        let outcome = if x < expected - draw / 2.0 {
            Outcome::Win
        } else if x < expected + draw / 2.0 {
            Outcome::Draw
        } else {
            Outcome::Loss
        };
        (
            RoundRecord::Played { opponent: bid, colour: Colour::White, outcome, rated: true },
            RoundRecord::Played { opponent: wid, colour: Colour::Black, outcome: outcome.reversed(), rated: true },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_tournament() {
        let run = |seed| {
            let mut s = Simulation::new(Config::new(24, 7, seed));
            s.play_until(7).map(|()| s.to_trf_text())
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }

    #[test]
    fn trf_of_a_simulation_checks_clean() {
        let mut s = Simulation::new(Config::new(30, 6, 11));
        assert!(s.play_until(6).is_ok());
        let trf = Trf::parse(&s.to_trf_text());
        let report = trf.map(|t| crate::pairing::dutch::check_tournament(&t));
        assert!(matches!(report, Ok(Ok(ref r)) if r.is_clean() && r.rounds_checked == 6), "{report:?}");
    }
}
