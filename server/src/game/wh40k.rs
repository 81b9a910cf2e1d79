//! Warhammer 40,000: VP per game, record-based Swiss, wins → VP margin →
//! SOS → total VP (the seed's tournament manager).

use super::GameSystem;
use crate::domain::{Game, PairingSystem};
use arbiter_engine::standings::{AdjustmentKind, StandingsConfig, Wh40kConfig};

/// Missions used when the TO gives none (Pariah Nexus primary missions).
pub const DEFAULT_MISSIONS: [&str; 5] = ["Take and Hold", "Purge the Foe", "Supply Drop", "Linchpin", "Scorched Earth"];

/// Warhammer 40,000.
pub struct Wh40k;

impl GameSystem for Wh40k {
    fn game(&self) -> Game {
        Game::Wh40k
    }

    fn label(&self) -> &'static str {
        "Warhammer 40,000"
    }

    fn pairing_systems(&self) -> &'static [PairingSystem] {
        &[PairingSystem::SwissRecord]
    }

    fn score_fields(&self) -> &'static [&'static str] {
        &["player1_vp", "player2_vp"]
    }

    fn score_fields_text(&self) -> &'static str {
        "player1_vp and player2_vp (whole numbers of VP)"
    }

    fn default_missions(&self) -> &'static [&'static str] {
        &DEFAULT_MISSIONS
    }

    /// Wins, VP margin, SOS, total VP.
    fn default_standings(&self, _system: PairingSystem) -> StandingsConfig {
        StandingsConfig::Wh40k(Wh40kConfig::default())
    }

    /// Battle points are not recorded (tie-breaks refuse them): no adjustment of them either.
    fn adjustment_kinds(&self) -> &'static [AdjustmentKind] {
        &[AdjustmentKind::Wins, AdjustmentKind::Vp, AdjustmentKind::Painting, AdjustmentKind::Sportsmanship]
    }
}
