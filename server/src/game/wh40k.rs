//! Warhammer 40,000: VP per game, record-based Swiss, wins → VP margin →
//! SOS → total VP (the seed's tournament manager).

use super::GameSystem;
use crate::domain::{Game, GameScore, PairingSystem, Tournament};
use crate::error::ApiResult;
use crate::service::scores::{need, vp, Score};
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
    fn parse_score(&self, s: &Score, max_score: u32) -> ApiResult<GameScore> {
        Ok(GameScore::Wh40k {
            player1_vp: vp("player1_vp", &need(&s.player1_vp), max_score)?,
            player2_vp: vp("player2_vp", &need(&s.player2_vp), max_score)?,
        })
    }

    /// Either VP may be disputed alone.
    fn counter_score(&self, s: &Score, t: &Tournament) -> ApiResult<(Option<u32>, Option<u32>, Option<GameScore>)> {
        Ok((
            s.player1_vp.as_ref().map(|n| vp("player1_vp", n, t.max_vp)).transpose()?,
            s.player2_vp.as_ref().map(|n| vp("player2_vp", n, t.max_vp)).transpose()?,
            None,
        ))
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
