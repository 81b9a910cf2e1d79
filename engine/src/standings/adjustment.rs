//! Scores beside the games: the penalties and bonuses organisers award
//! (40K wins, VP and battle points; crokinole points) and the 40K painting
//! and sportsmanship scores staff enter. Each is per player and signed (a
//! penalty is negative); the reason and who awarded it are the caller's.
//!
//! An adjustment is no game: it moves the adjusted player's own values, never
//! the opponents' (40K SOS averages the opponents' win rates over the games;
//! crokinole head-to-head and mini-leagues read the games).

use serde::{Deserialize, Serialize};

/// What an adjustment moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdjustmentKind {
    /// 40K: games won (the record's W; never below 0).
    Wins,
    /// 40K: VP scored, and so the VP margin (total VP never below 0).
    Vp,
    /// 40K: battle points.
    BattlePoints,
    /// Crokinole: the primary value (game points 2/1/0, or points scored).
    Points,
    /// 40K: a painting score (a column, a tie-break, a prize category).
    Painting,
    /// 40K: a sportsmanship score (a column, a tie-break, a prize category).
    Sportsmanship,
    /// 40K: rounds lost without playing (a late entry's missed rounds, when
    /// the organiser counts them as losses): the record's L, and rounds in
    /// the player's win rate.
    Losses,
}

impl AdjustmentKind {
    /// Every kind.
    pub const ALL: [AdjustmentKind; 7] = [
        AdjustmentKind::Wins,
        AdjustmentKind::Vp,
        AdjustmentKind::BattlePoints,
        AdjustmentKind::Points,
        AdjustmentKind::Painting,
        AdjustmentKind::Sportsmanship,
        AdjustmentKind::Losses,
    ];

    /// The kind's name: `wins`, `vp`, `battle_points`, `points`, `painting`,
    /// `sportsmanship`, `losses`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            AdjustmentKind::Wins => "wins",
            AdjustmentKind::Vp => "vp",
            AdjustmentKind::BattlePoints => "battle_points",
            AdjustmentKind::Points => "points",
            AdjustmentKind::Painting => "painting",
            AdjustmentKind::Sportsmanship => "sportsmanship",
            AdjustmentKind::Losses => "losses",
        }
    }

    /// The kind named `s` ([`AdjustmentKind::as_str`]).
    #[must_use]
    pub fn parse(s: &str) -> Option<AdjustmentKind> {
        AdjustmentKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// One adjustment of one player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Adjustment<Id> {
    /// The player.
    pub player: Id,
    /// What it moves.
    pub kind: AdjustmentKind,
    /// By how much (negative: a penalty).
    pub amount: i64,
}

/// The sum of `player`'s adjustments of `kind`.
#[must_use]
pub fn total<Id: PartialEq>(adjustments: &[Adjustment<Id>], player: &Id, kind: AdjustmentKind) -> i64 {
    adjustments.iter().filter(|a| a.kind == kind && a.player == *player).map(|a| a.amount).sum()
}
