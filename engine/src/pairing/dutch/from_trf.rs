//! From a TRF file to the neutral pairing input (C.04.2, TRF-2026): the
//! Dutch system reads a file, the file format knows nothing of the pairing.

use super::{PlayerInput, RoundInput, RoundStatus};
use crate::model::{PlayerNo, RoundRecord, Unplayed};
use crate::trf::{Line, Trf, TrfError, TrfErrorKind};
use std::collections::HashMap;

impl Trf {
    /// The input for pairing the round after the last one paired in the file.
    ///
    /// # Errors
    /// As [`Trf::round_input`]; also when the tournament is already complete.
    pub fn next_round_input(&self) -> Result<RoundInput, TrfError> {
        self.round_input(self.rounds_paired() + 1)
    }

    /// The input for pairing round `round` (1-based) from the rounds before it.
    /// A player's entry in column `round` that is a requested bye or absence
    /// (`H`, `F`, `Z`, `-`), a `240` line for the round, or a blank entry in a
    /// round the file has already paired, keeps the player out of the pairing.
    ///
    /// # Errors
    /// Missing `XXR`/`142` (needed unless `round` is already paired in the
    /// file), a round beyond it, inconsistent entries between
    /// opponents, unknown opponents, or a points column that does not match.
    pub fn round_input(&self, round: u32) -> Result<RoundInput, TrfError> {
        let paired = self.rounds_paired();
        // A finished tournament need not say how many rounds it had.
        let total_rounds = self
            .total_rounds()
            .or((round <= paired).then_some(paired))
            .ok_or(TrfError::file(TrfErrorKind::MissingTotalRounds))?;
        if paired > total_rounds || round > total_rounds || round == 0 {
            let played = paired.max(round) as usize;
            return Err(TrfError::file(TrfErrorKind::TooManyRounds { played, total: total_rounds }));
        }
        self.validate()?;
        let points = self.point_system()?;
        let initial_colour = match self.initial_colour() {
            Some(c) => c,
            None if self.players().next().is_none() => return Err(TrfError::file(TrfErrorKind::NoPlayers)),
            None => {
                return Err(TrfError::file(TrfErrorKind::BadValue {
                    field: "XXC / 152 (initial colour)",
                    value: "missing".into(),
                }))
            }
        };
        let acceleration = self.virtual_points(total_rounds, &points);
        let mut byes: HashMap<PlayerNo, Unplayed> = HashMap::new();
        for line in &self.lines {
            if let Line::Byes { kind, round: r, players } = line {
                if *r == round {
                    let bye = match kind {
                        'F' => Unplayed::FullPointBye,
                        'H' => Unplayed::HalfPointBye,
                        _ => Unplayed::ZeroPointBye,
                    };
                    byes.extend(players.iter().map(|p| (*p, bye)));
                }
            }
        }
        let index = round as usize - 1;
        let mut players = Vec::new();
        for p in self.players() {
            let history = (0..index)
                .map(|i| p.rounds.get(i).copied().flatten().unwrap_or(RoundRecord::Unpaired(Unplayed::Absent)))
                .collect();
            let status = match (p.rounds.get(index).copied().flatten(), byes.get(&p.number)) {
                (_, Some(bye)) => RoundStatus::Out(*bye),
                (Some(RoundRecord::Unpaired(kind)), _) if kind != Unplayed::PairingBye => RoundStatus::Out(kind),
                (None, _) if round <= paired => RoundStatus::Out(Unplayed::Absent),
                _ => RoundStatus::Pair,
            };
            players.push(PlayerInput {
                id: p.number,
                rating: p.rating.unwrap_or(0),
                history,
                virtual_points: acceleration.get(&p.number).cloned().unwrap_or_default(),
                status,
            });
        }
        Ok(RoundInput { round, total_rounds, initial_colour, points, players, forbidden: self.forbidden_pairs(round) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, Outcome, Points};
    use crate::trf::RecordedBoard;

    const SAMPLE: &str = "012 Club Championship
XXR 5
XXC black1
BBW  3.0
BBD  1.0
### a comment
001    1 m GM Carlsen, Magnus                   2830 NOR 1503014     1990/11/30  5.0    1     3 w 1     2 b =  0000 - H
001    2 w IM Example, Erika                    2400 GER                         7.0    2  0000 - U     1 w =     3 b +
001    3      Test0003 Player0003               2300                             0.0    3     1 b 0  0000 - Z     2 w -
XYZ something unknown
";

    fn parse(text: &str) -> Trf {
        match Trf::parse(text) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn builds_the_next_round_input() {
        // Round 3 is next: player 1 asked for a half-point bye in it.
        let text = SAMPLE.replace("     3 b +", "").replace("     2 w -", "");
        let trf = parse(&text.replace(" 7.0    2", " 4.0    2"));
        assert_eq!(trf.rounds_paired(), 2);
        let input = trf.next_round_input().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(input.round, 3);
        assert_eq!(input.total_rounds, 5);
        assert_eq!(input.initial_colour, Colour::Black);
        assert_eq!(input.points.win, Points::whole(3));
        let find = |id| input.players.iter().find(|p| p.id == PlayerNo(id)).map(|p| (p.history.clone(), p.status));
        assert_eq!(
            find(3),
            Some((
                vec![
                    RoundRecord::Played {
                        opponent: PlayerNo(1),
                        colour: Colour::Black,
                        outcome: Outcome::Loss,
                        rated: true
                    },
                    RoundRecord::Unpaired(Unplayed::ZeroPointBye)
                ],
                RoundStatus::Pair
            ))
        );
        assert_eq!(find(1).map(|p| p.1), Some(RoundStatus::Out(Unplayed::HalfPointBye)));
        // Re-pairing round 2 of the full file: everyone takes part, the PAB is the engine's to give.
        let round2 = parse(SAMPLE).round_input(2).unwrap_or_else(|e| panic!("{e}"));
        let statuses: Vec<RoundStatus> = round2.players.iter().map(|p| p.status).collect();
        assert_eq!(statuses, vec![RoundStatus::Pair, RoundStatus::Pair, RoundStatus::Out(Unplayed::ZeroPointBye)]);
        let r1 = parse(SAMPLE).recorded_round(1);
        assert_eq!(r1.bye, Some(PlayerNo(2)));
        assert_eq!(r1.boards, vec![RecordedBoard { white: PlayerNo(1), black: PlayerNo(3), colours_known: true }]);
        let r2 = parse(SAMPLE).recorded_round(2);
        assert_eq!(
            (r2.bye, r2.boards),
            (None, vec![RecordedBoard { white: PlayerNo(2), black: PlayerNo(1), colours_known: true }])
        );
    }
}
