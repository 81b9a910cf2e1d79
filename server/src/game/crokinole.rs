//! Crokinole: game points and 20s per game; round robin or Swiss; 2/1/0
//! game points, then the mini-league or head-to-head, then 20s (the
//! seed's crokinole tie-breakers); best-of-three playoff matches.

use super::GameSystem;
use crate::domain::{crokinole_format, Game, MatchFormat, PairingSystem};
use arbiter_engine::standings::crokinole::CrokinoleScoring;
use arbiter_engine::standings::{AdjustmentKind, CrokinoleConfig, StandingsConfig};

/// The default cap on a crokinole player's game points per game (2 per
/// round won: 8 in a four-round game; raise it for longer games or points mode).
pub const DEFAULT_MAX_POINTS: u32 = 8;

/// Crokinole.
pub struct Crokinole;

impl GameSystem for Crokinole {
    fn game(&self) -> Game {
        Game::Crokinole
    }

    fn label(&self) -> &'static str {
        "Crokinole"
    }

    fn pairing_systems(&self) -> &'static [PairingSystem] {
        &[PairingSystem::RoundRobin, PairingSystem::DoubleRoundRobin, PairingSystem::SwissRecord]
    }

    fn score_fields(&self) -> &'static [&'static str] {
        &["player1_points", "player2_points", "player1_twenties", "player2_twenties"]
    }

    fn score_fields_text(&self) -> &'static str {
        "player1_points, player2_points, player1_twenties and player2_twenties (whole numbers)"
    }

    fn default_max_score(&self) -> u32 {
        DEFAULT_MAX_POINTS
    }

    /// 2/1/0 game points, then the mini-league (round robin) or head-to-head
    /// (Swiss) and 20s; a round robin's bye is worth no points, a Swiss bye a win's 2.
    fn default_standings(&self, system: PairingSystem) -> StandingsConfig {
        StandingsConfig::Crokinole(CrokinoleConfig {
            scoring: CrokinoleScoring::Wins,
            format: crokinole_format(system),
            bye_points: system.is_round_robin().then_some(0),
        })
    }

    fn adjustment_kinds(&self) -> &'static [AdjustmentKind] {
        &[AdjustmentKind::Points]
    }

    fn playoff_formats(&self) -> &'static [MatchFormat] {
        &[MatchFormat::BestOfThree]
    }
}
