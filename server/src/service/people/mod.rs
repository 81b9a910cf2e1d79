//! Who takes part: accounts, registrations and entries, profiles, claim codes, staff,
//! and the score adjustments (penalties, bonuses) given to players.

pub mod accounts;
pub mod adjustments;
pub mod codes;
pub mod eligibility;
pub mod entries;
pub mod payments;
pub mod players;
pub mod profile;
pub mod staff;
pub mod tokens;
pub mod waitlist;
