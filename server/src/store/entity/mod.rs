//! SeaORM entities, one per table (see `arbiter-migrations` for the schema).

pub mod api_token;
pub mod bye_request;
pub mod claim_code;
pub mod elo_history;
pub mod event;
pub mod match_game;
pub mod pairing;
pub mod player;
pub mod player_elo;
pub mod playoff;
pub mod pool;
pub mod prize_config;
pub mod prize_run;
pub mod rated_round;
pub mod rating_clock;
pub mod round;
pub mod round_clock;
pub mod round_draft;
pub mod session;
pub mod staff_action;
pub mod staff_invite;
pub mod team_process;
pub mod tournament;
pub mod user;
pub mod venue_event;
