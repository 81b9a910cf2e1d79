//! # arbiter-engine
//!
//! The rules of the games Arbiter runs, as pure functions: values in, values out,
//! no I/O, no clocks, no randomness that the caller does not seed.
//!
//! - [`model`]: the shared vocabulary: [`model::Points`] (fixed-point scores),
//!   [`model::Colour`], and a player's round as FIDE C.04.1/C.07 see it.
//! - [`pairing`]: record-based Swiss (40K), FIDE Dutch (chess), round robin.
//! - [`matching`]: the graph matching the pairing systems are built on.
//! - [`standings`]: standings and tie-breaks.
//! - [`playoffs`]: the top cut: single-elimination brackets, seeding, byes, ranking.
//! - [`rating`]: Elo ratings across events.
//! - [`prizes`]: prize allocation and cash splitting.
//! - [`teams`]: team events: chess team Swiss (FIDE Olympiad Pairing Rules),
//!   team standings (FIDE C.07 team tie-breaks), board results and prizes.
//! - [`trf`]: the FIDE Tournament Report File, in and out.
//! - [`simulate`]: seeded random tournaments (benchmarks, property tests).

pub mod matching;
pub mod model;
pub mod pairing;
pub mod playoffs;
pub mod prizes;
pub mod rating;
pub mod simulate;
pub mod standings;
pub mod teams;
pub mod trf;
pub mod wh40k_teams;
