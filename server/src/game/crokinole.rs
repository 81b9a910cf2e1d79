//! Crokinole: game points and 20s per game; round robin or Swiss; 2/1/0
//! game points, then the mini-league or head-to-head, then 20s (the
//! seed's crokinole tie-breakers); best-of-three playoff matches.

use super::GameSystem;
use super::{field, ScoreFields, ScoreRefusal, ScoreUnit};
use crate::domain::{crokinole_format, Game, GameScore, MatchFormat, PairingSystem, Tournament};
use arbiter_engine::standings::crokinole::CrokinoleScoring;
use arbiter_engine::standings::{AdjustmentKind, CrokinoleConfig, StandingsConfig};

/// The default cap on a crokinole player's game points per game (2 per
/// round won: 8 in a four-round game; raise it for longer games or points mode).
pub const DEFAULT_MAX_POINTS: u32 = 8;

/// The most 20s one player can be credited with in one game (a game of
/// eight rounds of twelve discs is 96).
pub const MAX_TWENTIES: u32 = 100;

/// Crokinole.
pub struct Crokinole;

impl GameSystem for Crokinole {
    fn game(&self) -> Game {
        Game::Crokinole
    }

    fn label(&self) -> &'static str {
        "Crokinole"
    }

    fn suggested_format(&self) -> &'static str {
        "Singles"
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

    /// Whole game points from 0 to the event's maximum and 20s from 0 to [`MAX_TWENTIES`].
    fn parse_score(&self, s: &dyn ScoreFields, max_score: u32) -> Result<GameScore, ScoreRefusal> {
        Ok(GameScore::Crokinole {
            player1_points: field(s, "player1_points", ScoreUnit::GamePoints, max_score)?,
            player2_points: field(s, "player2_points", ScoreUnit::GamePoints, max_score)?,
            player1_twenties: field(s, "player1_twenties", ScoreUnit::Twenties, MAX_TWENTIES)?,
            player2_twenties: field(s, "player2_twenties", ScoreUnit::Twenties, MAX_TWENTIES)?,
        })
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

    /// The standings' bye points (2, a win's, unless set).
    fn bye_worth(&self, t: &Tournament) -> String {
        match &t.standings {
            StandingsConfig::Crokinole(c) => format!("{} point(s)", c.bye_points.unwrap_or(2)),
            _ => "the event's bye points".into(),
        }
    }

    fn playoff_formats(&self) -> &'static [MatchFormat] {
        &[MatchFormat::BestOfThree]
    }
}
