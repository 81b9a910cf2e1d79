//! Chess: 1-0, ½-½, 0-1 and forfeits; round robin (FIDE C.05) or the FIDE
//! Dutch Swiss (C.04.3); FIDE C.07 tie-breaks; a drawn playoff game goes to
//! tie-break games.

use super::GameSystem;
use super::{ScoreFields, ScoreRefusal};
use crate::domain::{Game, GameScore, MatchFormat, PairingSystem, Tournament};
use arbiter_engine::model::{PointSystem, Points};
use arbiter_engine::standings::{AdjustmentKind, ChessConfig, StandingsConfig};

/// Chess.
pub struct Chess;

impl GameSystem for Chess {
    fn game(&self) -> Game {
        Game::Chess
    }

    fn label(&self) -> &'static str {
        "Chess"
    }

    fn suggested_format(&self) -> &'static str {
        "Classical 90+30"
    }

    fn pairing_systems(&self) -> &'static [PairingSystem] {
        &[PairingSystem::RoundRobin, PairingSystem::DoubleRoundRobin, PairingSystem::Dutch]
    }

    fn score_fields(&self) -> &'static [&'static str] {
        &["result"]
    }

    fn score_fields_text(&self) -> &'static str {
        "result (1-0, ½-½, 0-1, 1F-0F, 0F-1F or 0F-0F; player 1 is White)"
    }

    /// `{"result": "1-0"}`, White (player 1) first; `1/2-1/2` is a draw too.
    fn parse_score(&self, s: &dyn ScoreFields, _max_score: u32) -> Result<GameScore, ScoreRefusal> {
        Ok(GameScore::Chess { result: super::result(s)? })
    }

    /// DE, SB, WIN, KS in a round robin (no Buchholz, C.07 art. 8); BH-C1,
    /// BH, SB, DE, WIN in a Swiss.
    fn default_standings(&self, system: PairingSystem) -> StandingsConfig {
        if system.is_round_robin() {
            StandingsConfig::Chess(ChessConfig::round_robin_default())
        } else {
            StandingsConfig::Chess(ChessConfig::swiss_default())
        }
    }

    /// 1 / ½ / 0, forfeits as a win or a loss; the pairing-allocated bye is
    /// worth a win in a Swiss (C.04.1 art. c) and nothing in a round robin,
    /// where the player drawn against the odd field's dummy simply does not
    /// play that round.
    fn default_points(&self, system: PairingSystem) -> Option<PointSystem> {
        let mut p = PointSystem::default();
        if system.is_round_robin() {
            p.pairing_bye = Points::ZERO;
        }
        Some(p)
    }

    fn adjustment_kinds(&self) -> &'static [AdjustmentKind] {
        &[]
    }

    fn no_adjustment_reason(&self) -> Option<&'static str> {
        Some("Chess standings count only games (FIDE C.07): an arbiter's penalty changes a game's result, so override that game's result instead.")
    }

    fn missed_rounds_are_byes(&self) -> bool {
        true
    }

    /// The event's pairing-allocated bye points.
    fn bye_worth(&self, t: &Tournament) -> String {
        match t.points {
            Some(p) => format!("{} point(s)", p.pairing_bye),
            None => "the event's bye points".into(),
        }
    }

    fn playoff_formats(&self) -> &'static [MatchFormat] {
        &[MatchFormat::TiebreakGames]
    }
}
