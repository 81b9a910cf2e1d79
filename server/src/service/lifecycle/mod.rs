//! An event's life: created and set up, its rounds paired (drafts, Swiss, round robin,
//! pools, top cut), its clock and constraints.

pub mod clock;
pub mod constraints;
pub mod drafts;
pub mod events;
pub mod pairing;
pub mod playoffs;
pub mod pools;
pub mod rounds;
pub mod settings;
pub mod tournaments;
