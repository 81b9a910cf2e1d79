//! Pairing systems: who plays whom next round.
//!
//! - [`swiss_record`]: record-based Swiss for Warhammer 40K (as Best Coast Pairings
//!   and the GW organised-play guidance pair).
//! - [`dutch`]: the FIDE (Dutch) System, FIDE Handbook C.04.3.
//! - [`round_robin`]: FIDE Berger tables, C.05 Annex 1.
//! - [`initial`]: the initial ranking that numbers a Swiss field, C.04.2 art. 2.2.

pub mod dutch;
pub mod initial;
pub mod round_robin;
pub mod swiss_record;
