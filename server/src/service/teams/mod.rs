//! Team events (issue 25): teams as entrants, their matches and the games
//! inside them.
//!
//! Chess team Swiss (FIDE Olympiad Pairing Rules 2022):
//! - [`chess_event`]: the store's rows as the engine reads them (pairing
//!   numbers, recorded rounds, board results);
//! - [`chess`]: pairing a round, with each match's board games;
//! - [`chess_results`]: a match settled from its boards, team standings,
//!   board results and prizes ([`chess_views`] are their API shapes);
//! - [`chess_trf`]: the TRF export's team lines.

pub mod chess;
pub mod chess_event;
pub mod chess_results;
pub mod chess_trf;
pub mod chess_views;
