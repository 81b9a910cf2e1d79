//! The shared vocabulary of the engine: scores, colours, chess results and what happened to a
//! player in one round, and the Baku acceleration's virtual points (C.04.7), which both TRF
//! files and the Dutch pairing read.

mod baku;
mod chess;
mod colour;
mod points;
mod round;
mod title;

pub use baku::{baku_virtual_points, baku_virtual_points_with_late_entries};
pub use chess::ChessResult;
pub use colour::Colour;
pub use points::{ParsePointsError, Points};
pub use round::{Outcome, PlayerNo, PointSystem, RoundRecord, Unplayed};
pub use title::{title_rank, TITLES};
