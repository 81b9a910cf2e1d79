//! Warhammer 40,000: VP per game, record-based Swiss, wins → VP margin →
//! SOS → total VP (the seed's tournament manager).

use super::GameSystem;
use super::{field, whole, CounterParts, ScoreFields, ScoreRefusal, ScoreUnit};
use crate::domain::{Game, GameScore, PairingSystem, Tournament};
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

    fn suggested_format(&self) -> &'static str {
        "2000pts Matched Play"
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

    /// `{"player1_vp": 72, "player2_vp": 45}`: whole VP from 0 to the event's maximum.
    fn parse_score(&self, s: &dyn ScoreFields, max_score: u32) -> Result<GameScore, ScoreRefusal> {
        Ok(GameScore::Wh40k {
            player1_vp: field(s, "player1_vp", ScoreUnit::Vp, max_score)?,
            player2_vp: field(s, "player2_vp", ScoreUnit::Vp, max_score)?,
        })
    }

    /// Either VP may be disputed alone.
    fn counter_parts(&self, s: &dyn ScoreFields, max_score: u32) -> Option<Result<CounterParts, ScoreRefusal>> {
        let one = |f| s.number(f).map(|n| whole(f, ScoreUnit::Vp, n, max_score)).transpose();
        Some(one("player1_vp").and_then(|a| Ok((a, one("player2_vp")?))))
    }

    fn bye_worth(&self, _t: &Tournament) -> String {
        "a win with 0 VP".into()
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
