//! The event as the chess tie-breaks read it: checked, indexed by player, with
//! the scores and the adjusted scores (C.07 art. 16.3; before 2023, unplayed
//! games as draws) computed once.

use super::{ChessEvent, PairingKind};
use crate::model::{Colour, Outcome, PlayerNo, RoundRecord, Unplayed};
use crate::standings::error::StandingsError;
use crate::standings::version::RulesVersion;

/// No opponent in this round.
pub(crate) const NO_OPP: u32 = u32::MAX;

/// What a round was, for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A game over the board.
    Game { outcome: Outcome, colour: Colour },
    /// A forfeit won (C.07 art. 16.2.2).
    ForfeitWin,
    /// A forfeit lost, or a double forfeit (art. 16.2.4).
    ForfeitLoss,
    /// No opponent.
    Bye(Unplayed),
}

impl Kind {
    /// A voluntary unplayed round (art. 16.1.2): a requested bye (a half- or
    /// zero-point bye, or any round after a withdrawal, art. 16.1.1) or a
    /// forfeit loss. A round without a game or a bye (`Unplayed::Absent`) is
    /// read as a zero-point bye: the player was not available.
    pub(crate) const fn is_vur(self) -> bool {
        matches!(self, Kind::ForfeitLoss) || self.is_requested_bye()
    }

    /// A requested bye (art. 16.1.1).
    pub(crate) const fn is_requested_bye(self) -> bool {
        matches!(self, Kind::Bye(Unplayed::HalfPointBye | Unplayed::ZeroPointBye | Unplayed::Absent))
    }

    /// A forfeit, won or lost.
    pub(crate) const fn is_forfeit(self) -> bool {
        matches!(self, Kind::ForfeitWin | Kind::ForfeitLoss)
    }
}

/// One player's round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rec {
    pub kind: Kind,
    /// The opponent's index, or [`NO_OPP`].
    pub opp: u32,
    /// The points awarded, in tenths.
    pub pts: i32,
}

/// The checked event.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    /// Players.
    pub n: usize,
    /// Player numbers, ascending: index `i` is player `nos[i]`.
    pub nos: Vec<PlayerNo>,
    /// Ratings, by index.
    pub ratings: Vec<Option<u16>>,
    /// Rounds recorded.
    pub rounds: usize,
    /// `recs[i * rounds + r]`: player `i`'s round `r` (0-based).
    pub recs: Vec<Rec>,
    /// Final scores, tenths.
    pub score: Vec<i32>,
    /// Scores as seen by opponents (art. 16.3), tenths; equal to `score` when
    /// pairings are predetermined (art. 15.2).
    pub adjusted: Vec<i32>,
    /// Swiss (art. 16 applies) rather than predetermined pairings.
    pub swiss: bool,
    /// The C.07 version.
    pub version: RulesVersion,
    /// Points for a win, a draw and a loss, tenths.
    pub win: i32,
    pub draw: i32,
    pub loss: i32,
}

impl Prepared {
    /// Checks `event` and indexes it; player index `i` is the `i`-th player
    /// by ascending number.
    ///
    /// # Errors
    /// Duplicate players, unequal round counts, unknown or self opponents,
    /// and two records of one game that disagree.
    pub(crate) fn new(event: &ChessEvent, version: RulesVersion) -> Result<Prepared, StandingsError> {
        let mut players: Vec<_> = event.players.iter().collect();
        players.sort_by_key(|p| p.no);
        for w in players.windows(2) {
            if w[0].no == w[1].no {
                return Err(StandingsError::DuplicatePlayer { player: w[0].no });
            }
        }
        let n = players.len();
        let rounds = players.first().map_or(0, |p| p.rounds.len());
        let lookup = Lookup::new(players.iter().map(|p| p.no.0));
        let ps = &event.points;
        let mut recs = Vec::with_capacity(n * rounds);
        for (i, p) in players.iter().enumerate() {
            if p.rounds.len() != rounds {
                return Err(StandingsError::RoundCount { player: p.no, found: p.rounds.len(), expected: rounds });
            }
            for (r, record) in p.rounds.iter().enumerate() {
                let opp = match record.opponent() {
                    Some(o) => {
                        let j = lookup.get(o.0).ok_or(StandingsError::UnknownOpponent {
                            round: r + 1,
                            player: p.no,
                            opponent: o,
                        })?;
                        if j as usize == i {
                            return Err(StandingsError::SelfPaired { round: r + 1, player: p.no });
                        }
                        j
                    }
                    None => NO_OPP,
                };
                let kind = match *record {
                    RoundRecord::Played { outcome, colour, .. } => Kind::Game { outcome, colour },
                    RoundRecord::Forfeit { won: true, .. } => Kind::ForfeitWin,
                    RoundRecord::Forfeit { won: false, .. } => Kind::ForfeitLoss,
                    RoundRecord::Unpaired(u) => Kind::Bye(u),
                };
                recs.push(Rec { kind, opp, pts: record.points(ps).tenths() });
            }
        }
        let mut prep = Prepared {
            n,
            nos: players.iter().map(|p| p.no).collect(),
            ratings: players.iter().map(|p| p.rating).collect(),
            rounds,
            recs,
            score: Vec::new(),
            adjusted: Vec::new(),
            swiss: event.pairing == PairingKind::Swiss,
            version,
            win: ps.win.tenths(),
            draw: ps.draw.tenths(),
            loss: ps.loss.tenths(),
        };
        prep.check_symmetry()?;
        prep.finish();
        Ok(prep)
    }

    /// Player `i`'s rounds.
    pub(crate) fn row(&self, i: usize) -> &[Rec] {
        &self.recs[i * self.rounds..(i + 1) * self.rounds]
    }

    /// Every game must be recorded the same way by both players.
    fn check_symmetry(&self) -> Result<(), StandingsError> {
        for i in 0..self.n {
            for (r, a) in self.row(i).iter().enumerate() {
                if a.opp == NO_OPP {
                    continue;
                }
                let j = a.opp as usize;
                let b = self.recs[j * self.rounds + r];
                let agree = b.opp as usize == i
                    && match (a.kind, b.kind) {
                        (Kind::Game { outcome: oa, colour: ca }, Kind::Game { outcome: ob, colour: cb }) => {
                            ob == oa.reversed() && cb == ca.opposite()
                        }
                        (Kind::ForfeitWin, Kind::ForfeitLoss)
                        | (Kind::ForfeitLoss, Kind::ForfeitWin | Kind::ForfeitLoss) => true,
                        _ => false,
                    };
                if !agree {
                    return Err(StandingsError::Inconsistent {
                        round: r + 1,
                        player: self.nos[i],
                        opponent: self.nos[j],
                    });
                }
            }
        }
        Ok(())
    }

    /// Computes the scores and the adjusted scores.
    fn finish(&mut self) {
        let rounds = self.rounds;
        self.score = (0..self.n).map(|i| self.row(i).iter().map(|r| r.pts).sum()).collect();
        self.adjusted = if self.swiss && self.version == RulesVersion::FidePre2023 {
            // Pre-2023: every unplayed game of an opponent counts as a draw.
            (0..self.n)
                .map(|i| {
                    self.row(i)
                        .iter()
                        .map(|r| if matches!(r.kind, Kind::Game { .. }) { r.pts } else { self.draw })
                        .sum()
                })
                .collect()
        } else if self.swiss {
            (0..self.n)
                .map(|i| {
                    // Art. 16.3: a requested bye followed only by VURs, or in
                    // the last round (art. 16.2.5), counts as a draw; every
                    // other round as awarded.
                    let mut only_vurs_after = true;
                    let mut adj = 0;
                    for rec in self.recs[i * rounds..(i + 1) * rounds].iter().rev() {
                        adj += if rec.kind.is_requested_bye() && only_vurs_after { self.draw } else { rec.pts };
                        only_vurs_after &= rec.kind.is_vur();
                    }
                    adj
                })
                .collect()
        } else {
            self.score.clone()
        };
    }

    /// The event as Fore Buchholz sees it (art. 8.3): every game paired in
    /// round `last` (0-based), played or forfeited, drawn.
    pub(crate) fn fore(&self, last: usize) -> Prepared {
        let mut fore = self.clone();
        for i in 0..self.n {
            let rec = &mut fore.recs[i * self.rounds + last];
            if rec.opp != NO_OPP {
                let colour = match rec.kind {
                    Kind::Game { colour, .. } => colour,
                    _ => Colour::White,
                };
                rec.kind = Kind::Game { outcome: Outcome::Draw, colour };
                rec.pts = self.draw;
            }
        }
        fore.finish();
        fore
    }

    /// The dummy opponent's score for player `i`'s unplayed round `rec`
    /// (art. 16.4): the player's own score, capped from 2026 at the scheduled
    /// opponent's adjusted score for a forfeit (16.4.1) and at a draw's
    /// points times the rounds played so far for any other unplayed round
    /// (16.4.2).
    pub(crate) fn dummy(&self, i: usize, rec: &Rec) -> i32 {
        let own = self.score[i];
        if self.version < RulesVersion::Fide2026 {
            return own;
        }
        if rec.kind.is_forfeit() {
            own.min(self.adjusted[rec.opp as usize])
        } else {
            let rounds = i32::try_from(self.rounds).unwrap_or(i32::MAX);
            own.min(self.draw.saturating_mul(rounds))
        }
    }
}

impl Prepared {
    /// The virtual opponent's score for player `i`'s unplayed round `round`
    /// (0-based), pre-2023 rules: the opponent starts the round with the
    /// player's score before it, takes the opposite result in it and draws
    /// every later round: `Svon = SPR + (1 − SfPR) + 0.5·(n − R)`, with the
    /// event's points for a win, a draw and a loss.
    pub(crate) fn virtual_opponent(&self, i: usize, round: usize) -> i32 {
        let row = self.row(i);
        let before: i32 = row[..round].iter().map(|r| r.pts).sum();
        let opposite = match row[round].kind {
            Kind::ForfeitWin | Kind::Bye(Unplayed::PairingBye | Unplayed::FullPointBye) => self.loss,
            Kind::Bye(Unplayed::HalfPointBye) => self.draw,
            Kind::ForfeitLoss | Kind::Bye(Unplayed::ZeroPointBye | Unplayed::Absent) => self.win,
            Kind::Game { outcome, .. } => match outcome {
                Outcome::Win => self.loss,
                Outcome::Draw => self.draw,
                Outcome::Loss => self.win,
            },
        };
        let later = i32::try_from(self.rounds - round - 1).unwrap_or(0);
        before + opposite + self.draw * later
    }
}

/// Player number → index: a dense table for compact numbering, else a
/// binary search.
enum Lookup {
    Dense(Vec<u32>),
    Sorted(Vec<u32>),
}

impl Lookup {
    fn new(sorted: impl ExactSizeIterator<Item = u32>) -> Lookup {
        let nos: Vec<u32> = sorted.collect();
        let max = nos.last().copied().unwrap_or(0) as usize;
        if max <= 8 * nos.len() + 1024 {
            let mut dense = vec![NO_OPP; max + 1];
            for (i, &no) in nos.iter().enumerate() {
                dense[no as usize] = u32::try_from(i).unwrap_or(NO_OPP);
            }
            Lookup::Dense(dense)
        } else {
            Lookup::Sorted(nos)
        }
    }

    fn get(&self, no: u32) -> Option<u32> {
        match self {
            Lookup::Dense(d) => d.get(no as usize).copied().filter(|&i| i != NO_OPP),
            Lookup::Sorted(s) => s.binary_search(&no).ok().and_then(|i| u32::try_from(i).ok()),
        }
    }
}
