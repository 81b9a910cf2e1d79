//! A free pairings checker (C.04.2 art. 1.4): re-pairs every round of a
//! played tournament and lists the rounds whose recorded pairing differs.

use super::{pair, Board, Pairing, PairingError};
use crate::model::PlayerNo;
use crate::trf::{RecordedRound, Trf, TrfError};
use serde::Serialize;
use std::fmt;

/// The checker's verdict on a whole tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The number of rounds checked.
    pub rounds_checked: u32,
    /// The rounds whose pairing differs from what the Dutch system gives, in order.
    pub differences: Vec<RoundDifference>,
}

/// A round the file pairs differently from the Dutch system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundDifference {
    /// The round (1-based).
    pub round: u32,
    /// The first difference, in words.
    pub first_difference: String,
    /// The pairing the Dutch system gives (`None` when it finds no legal pairing).
    pub expected: Option<Pairing>,
}

impl CheckReport {
    /// Whether every round matches.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.differences.is_empty()
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.differences.is_empty() {
            return writeln!(f, "All {} rounds are paired as the FIDE (Dutch) System pairs them.", self.rounds_checked);
        }
        writeln!(
            f,
            "{} of {} rounds differ from the FIDE (Dutch) System:",
            self.differences.len(),
            self.rounds_checked
        )?;
        for d in &self.differences {
            writeln!(f, "round {}: {}", d.round, d.first_difference)?;
        }
        Ok(())
    }
}

/// Re-pairs every round recorded in `trf` from the rounds before it and
/// compares with the recorded pairing (pairs, colours where the file gives
/// them, and the PAB; a TRF has no board numbers).
///
/// # Errors
/// A [`TrfError`] when the file cannot be turned into pairing input.
pub fn check_tournament(trf: &Trf) -> Result<CheckReport, TrfError> {
    let rounds = trf.rounds_paired();
    let mut differences = Vec::new();
    for round in 1..=rounds {
        let input = trf.round_input(round)?;
        let recorded = trf.recorded_round(round);
        let difference = match pair(&input) {
            Ok(p) => first_difference(&p, &recorded).map(|text| (text, Some(p))),
            Err(PairingError::NoLegalPairing) => {
                Some(("the FIDE (Dutch) System finds no legal pairing for this round".to_string(), None))
            }
            Err(e) => Some((format!("the round cannot be paired: {e}"), None)),
        };
        if let Some((first_difference, expected)) = difference {
            differences.push(RoundDifference { round, first_difference, expected });
        }
    }
    Ok(CheckReport { rounds_checked: rounds, differences })
}

/// Describes the first board (in board order) of `engine` that the file does
/// not have, or the first pair the file has that the engine does not.
fn first_difference(engine: &Pairing, recorded: &RecordedRound) -> Option<String> {
    let find = |p: PlayerNo| recorded.boards.iter().find(|b| b.white == p || b.black == p);
    let describe = |b: &Board| format!("{} (White) - {} (Black)", b.white, b.black);
    for (i, board) in engine.boards.iter().enumerate() {
        let same_pair = find(board.white).filter(|r| r.white == board.black || r.black == board.black);
        match same_pair {
            Some(r) if !r.colours_known || r.white == board.white => continue,
            Some(_) => {
                return Some(format!(
                    "board {}: the system gives {}, the file has the colours reversed",
                    i + 1,
                    describe(board)
                ))
            }
            None => {
                let theirs = match find(board.white) {
                    Some(r) => {
                        format!("{} plays {}", board.white, if r.white == board.white { r.black } else { r.white })
                    }
                    None if recorded.bye == Some(board.white) => format!("{} has the PAB", board.white),
                    None => format!("{} is not paired", board.white),
                };
                return Some(format!(
                    "board {}: the system gives {}, but in the file {theirs}",
                    i + 1,
                    describe(board)
                ));
            }
        }
    }
    if engine.bye != recorded.bye {
        let name = |b: Option<PlayerNo>| b.map_or("nobody".to_string(), |p| p.to_string());
        return Some(format!("the system gives the PAB to {}, the file to {}", name(engine.bye), name(recorded.bye)));
    }
    if engine.boards.len() != recorded.boards.len() {
        return Some(format!(
            "the system makes {} boards, the file has {}",
            engine.boards.len(),
            recorded.boards.len()
        ));
    }
    None
}
