//! Player ratings across events.
//!
//! - [`elo`]: the Elo rating of the Warhammer 40K platform (start 1200, K 32
//!   then 16), updated round by round.

pub mod elo;
