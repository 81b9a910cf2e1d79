//! SeaORM entities, one per table (see `arbiter-migrations` for the schema).

pub mod event;
pub mod pairing;
pub mod player;
pub mod round;
pub mod session;
pub mod tournament;
pub mod user;
