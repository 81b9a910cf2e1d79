//! Team events on the server (issue 25): the rounds, the captains' pairing
//! process and the match scores of 40K team events.
//!
//! - [`wh40k`]: a 40K team event's rounds pair the team rows (round 1 drawn
//!   from a seed, later rounds by team record), open each match's captains'
//!   process, create the games when it ends, and score each match from its
//!   games.
//! - [`captains`]: the captains' process of one match: each viewer's view,
//!   the captains' locks and the staff's roll-off, override, expiry and undo.

pub mod captains;
pub mod wh40k;
