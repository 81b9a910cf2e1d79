//! The organiser's hand on the standings: their orders of open ties, the
//! notices left when results undo one, and the log of configuration changes.
//! Stored as JSON on the tournament.

use super::{Game, Millis, PairingSystem};
use arbiter_engine::model::{PointSystem, Points};
use arbiter_engine::standings::crokinole::{CrokinoleFormat, CrokinoleScoring};
use arbiter_engine::standings::{ChessConfig, CrokinoleConfig, DropReason, Resolution, StandingsConfig, Wh40kConfig};
use arbiter_web::ids::UserId;
use serde::{Deserialize, Serialize};

/// Who took a decision, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolutionMeta {
    /// The account.
    pub by: UserId,
    /// Their display name at the time.
    pub by_name: String,
    /// When (Unix ms).
    pub at: Millis,
}

/// The TO's order of one open tie, by registration numbers (the players'
/// numbers in the standings), applied by the engine while the tie is unchanged.
pub type TieResolution = Resolution<ResolutionMeta>;

/// A TO decision dropped because results changed its tie.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieNotice {
    /// The decision as it was stored.
    pub resolution: TieResolution,
    /// Why it no longer applies.
    pub reason: DropReason,
    /// When it was dropped (Unix ms).
    pub at: Millis,
}

/// One change of an event's standings configuration or point values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsChange {
    /// Who changed it, and when.
    #[serde(flatten)]
    pub meta: ResolutionMeta,
    /// Rounds already paired at the time (0: before round 1, no confirmation needed).
    pub rounds_paired: u32,
    /// The configuration set.
    pub config: StandingsConfig,
    /// The point values set (chess).
    pub points: Option<PointSystem>,
}

/// The standings an event starts with: the engine's defaults for the game
/// and pairing system. 40K: wins, VP margin, SOS, total VP. Chess: DE, SB,
/// WIN, KS in a round robin (no Buchholz, C.07 art. 8); BH-C1, BH, SB, DE,
/// WIN in a Swiss. Crokinole: 2/1/0 game points, then the mini-league (round
/// robin) or head-to-head (Swiss) and 20s; a round robin's bye is worth no
/// points, a Swiss bye a win's 2.
#[must_use]
pub fn default_standings(game: Game, system: PairingSystem) -> StandingsConfig {
    match game {
        Game::Wh40k => StandingsConfig::Wh40k(Wh40kConfig::default()),
        Game::Chess if system.is_round_robin() => StandingsConfig::Chess(ChessConfig::round_robin_default()),
        Game::Chess => StandingsConfig::Chess(ChessConfig::swiss_default()),
        Game::Crokinole => StandingsConfig::Crokinole(CrokinoleConfig {
            scoring: CrokinoleScoring::Wins,
            format: crokinole_format(system),
            bye_points: system.is_round_robin().then_some(0),
        }),
    }
}

/// The crokinole format (which tie-breaks apply) of a pairing system.
#[must_use]
pub const fn crokinole_format(system: PairingSystem) -> CrokinoleFormat {
    if system.is_round_robin() {
        CrokinoleFormat::RoundRobin
    } else {
        CrokinoleFormat::Swiss
    }
}

/// The point values an event starts with: chess 1 / ½ / 0, forfeits as a win
/// or a loss; the pairing-allocated bye is worth a win in a Swiss (C.04.1
/// art. c) and nothing in a round robin, where the player drawn against the
/// odd field's dummy simply does not play that round. `None` for other games.
#[must_use]
pub fn default_points(game: Game, system: PairingSystem) -> Option<PointSystem> {
    (game == Game::Chess).then(|| {
        let mut p = PointSystem::default();
        if system.is_round_robin() {
            p.pairing_bye = Points::ZERO;
        }
        p
    })
}
