//! The FIDE (Dutch) System: FIDE Handbook C.04.3 as applied from 1 February
//! 2026 (approved 28/10/2025), with the basic rules C.04.1, the general
//! handling rules C.04.2 and the accelerated systems C.04.7 (Baku).
//!
//! - [`pair`]: pairs the next round from a neutral [`RoundInput`] (the server
//!   builds it from its database, [`crate::trf::Trf::next_round_input`] from a file).
//! - [`explain`]: pairs the round and says why, bracket by bracket and board
//!   by board, in the terms of the rules ([`Explanation`]).
//! - [`baku_virtual_points`], [`baku_virtual_points_with_late_entries`]: the
//!   Baku acceleration's virtual points.

mod assign;
mod bracket;
mod check;
mod colour;
mod criteria;
mod explain;
mod feasibility;
mod from_trf;
mod input;
mod layout;
mod round;
mod scope;
mod stages;
mod state;
mod text;

pub use crate::model::{baku_virtual_points, baku_virtual_points_with_late_entries};
pub use check::{check_tournament, CheckReport, RoundDifference};
pub use colour::ColourRule;
pub use explain::{
    explain, BoardExplanation, BracketExplanation, ByeExplanation, Conflict, Decision, Entrant, Explanation,
    FloatReason, Preference,
};
pub use input::{PlayerInput, RoundInput, RoundStatus};
pub use scope::Lookahead;
pub use text::pairing_text;

use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};

/// One board of a round: who has White and who has Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The player with White.
    pub white: PlayerNo,
    /// The player with Black.
    pub black: PlayerNo,
}

/// The pairing of a round: boards in board order (C.04.2 art. 3.6) and the
/// player given the pairing-allocated bye (C.04.1 art. 3), if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round paired (1-based).
    pub round: u32,
    /// Boards, board 1 first.
    pub boards: Vec<Board>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerNo>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria [C1]-[C3] for all players
    /// (C.04.3 art. 1.9.3: the Chief Arbiter decides what to do).
    #[error("no legal pairing exists: the absolute criteria C1-C3 cannot all be met")]
    NoLegalPairing,
    /// The input is not a consistent tournament.
    #[error("invalid pairing input: {reason}")]
    InvalidInput {
        /// What is wrong.
        reason: String,
    },
    /// A bracket needs more criteria bits than the engine supports.
    #[error("a bracket is too large to pair ({bits} bits of criteria)")]
    TooLarge {
        /// The number of bits needed.
        bits: u32,
    },
}

/// Pairs round `input.round` by the FIDE (Dutch) System.
///
/// # Errors
/// [`PairingError::NoLegalPairing`] when the absolute criteria cannot be met;
/// [`PairingError::InvalidInput`] for an inconsistent input.
pub fn pair(input: &RoundInput) -> Result<Pairing, PairingError> {
    round::pair_round(input).map(|p| p.pairing)
}
