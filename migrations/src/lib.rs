//! # arbiter-migrations
//!
//! Arbiter's database schema as `sea-orm-migration` steps, one file per change,
//! applied in order at start by `arbiter serve` (and by `arbiter migrate`). Works
//! on SQLite and PostgreSQL alike: ids are UUID text, times are Unix
//! milliseconds (`BIGINT`), JSON payloads are text.

pub use sea_orm_migration::prelude::*;

mod m0001_accounts;
mod m0002_tournaments;
mod m0003_rounds;
mod m0004_events;
mod m0005_ratings;
mod m0006_games;
mod m0007_player_profile;
mod m0008_prizes;
mod m0009_swiss_chess;
mod m0010_round_clocks;
mod m0011_round_times;
mod m0012_playoffs;
mod m0013_pools;
mod m0014_match_games;
mod m0015_round_drafts;
mod m0016_claim_codes;
mod m0017_staff;
mod m0018_constraints;
mod m0019_action_log;
mod m0020_adjustments;
mod m0021_acceleration;
mod m0022_round_one;
mod m0023_teams;
mod m0024_step_timer;
mod m0025_waitlist_cap;
mod m0026_waitlist_fees;
mod m0027_api_tokens;
mod m0028_eligibility_rules;
mod m0029_events_sections;

/// The ordered list of migrations.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_accounts::Migration),
            Box::new(m0002_tournaments::Migration),
            Box::new(m0003_rounds::Migration),
            Box::new(m0004_events::Migration),
            Box::new(m0005_ratings::Migration),
            Box::new(m0006_games::Migration),
            Box::new(m0007_player_profile::Migration),
            Box::new(m0008_prizes::Migration),
            Box::new(m0009_swiss_chess::Migration),
            Box::new(m0010_round_clocks::Migration),
            Box::new(m0011_round_times::Migration),
            Box::new(m0012_playoffs::Migration),
            Box::new(m0013_pools::Migration),
            Box::new(m0014_match_games::Migration),
            Box::new(m0015_round_drafts::Migration),
            Box::new(m0016_claim_codes::Migration),
            Box::new(m0017_staff::Migration),
            Box::new(m0018_constraints::Migration),
            Box::new(m0019_action_log::Migration),
            Box::new(m0020_adjustments::Migration),
            Box::new(m0021_acceleration::Migration),
            Box::new(m0022_round_one::Migration),
            Box::new(m0023_teams::Migration),
            Box::new(m0024_step_timer::Migration),
            Box::new(m0025_waitlist_cap::Migration),
            Box::new(m0026_waitlist_fees::Migration),
            Box::new(m0027_api_tokens::Migration),
            Box::new(m0028_eligibility_rules::Migration),
            Box::new(m0029_events_sections::Migration),
        ]
    }
}
