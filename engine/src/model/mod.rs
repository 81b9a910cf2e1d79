//! The shared vocabulary of the engine: scores, colours, chess results and what happened to a
//! player in one round.

mod chess;
mod colour;
mod points;
mod round;
mod title;

pub use chess::ChessResult;
pub use colour::Colour;
pub use points::{ParsePointsError, Points};
pub use round::{Outcome, PlayerNo, PointSystem, RoundRecord, Unplayed};
pub use title::{title_rank, TITLES};
