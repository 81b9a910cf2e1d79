//! Standings and tie-breaks, computed from results.
//!
//! - [`wh40k`]: Warhammer 40K standings (wins, VP margin, SOS, VP).

pub mod wh40k;
