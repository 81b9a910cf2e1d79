//! The top cut: the TO's settings for an event's playoff stage and, once the
//! first playoff round is paired, its seeds.

use super::{Millis, PlayerId, TournamentId};
use arbiter_engine::playoffs::matches::{ChessMatch, Colours};
use arbiter_engine::playoffs::PlayoffConfig;
use serde::{Deserialize, Serialize};

/// The TO's playoff settings (stored as JSON in `playoffs.settings`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffSettings {
    /// How many players make the cut: 2 to 64 (the top seeds get byes when it is not a power of two).
    pub cut: u32,
    /// Whether each round after the first pairs the highest remaining seed with the lowest.
    pub reseed: bool,
    /// Whether the semifinal losers play for third place.
    pub third_place: bool,
    /// What decides a level game, in the TO's words (40K: the tiebreaker after
    /// VP; chess: the tie-break games and their colours; crokinole: the
    /// tiebreak round after 20s). Shown when a level result is refused.
    pub tiebreak: Option<String>,
    /// With round-robin pools: the top `per_pool` of each pool make the cut
    /// (cross-seeded, see [`arbiter_engine::playoffs::pools`]); `cut` is then
    /// the pools' count times it. `None`: the cut comes from the event's standings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_pool: Option<u32>,
    /// How many games a playoff table plays: one, (crokinole) best of three,
    /// or (chess) a game then tie-break games.
    #[serde(default)]
    pub format: MatchFormat,
    /// Chess, [`MatchFormat::TiebreakGames`]: how many tie-break games follow a drawn game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreak_games: Option<u32>,
    /// Chess, [`MatchFormat::TiebreakGames`]: who has White in the tie-break games.
    #[serde(default)]
    pub colours: ColourRule,
}

/// How many games make a playoff match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchFormat {
    /// One game decides the table.
    #[default]
    Single,
    /// Crokinole: the first to win two games wins the match (the World
    /// Crokinole Championship's semifinals and final); each game is won on
    /// points, then 20s, then a tiebreak round the TO records.
    BestOfThree,
    /// Chess: a game, and if it is drawn, the TO's number of tie-break games
    /// with colours by the TO's rule; if those are level, a decider (e.g.
    /// Armageddon) whose winner the TO records — the knockout shape of the
    /// FIDE World Cup regulations, with one game before the tie-breaks.
    TiebreakGames,
}

/// Who has White in chess tie-break games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// The first tie-break game reverses the playoff game's colours, and they alternate after.
    #[default]
    Alternate,
    /// The TO sets them: each tie-break game's report names the seat with White (`white`).
    Reported,
}

impl MatchFormat {
    /// The wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchFormat::Single => "single",
            MatchFormat::BestOfThree => "best_of_three",
            MatchFormat::TiebreakGames => "tiebreak_games",
        }
    }
}

pub use arbiter_engine::playoffs::matches::{halves_text, ChessGame, CrokinoleGame, MatchGame};

impl PlayoffSettings {
    /// The engine's part of the settings.
    #[must_use]
    pub const fn engine(&self) -> PlayoffConfig {
        PlayoffConfig { cut: self.cut, reseed: self.reseed, third_place: self.third_place }
    }

    /// The engine's rules of a chess playoff match.
    #[must_use]
    pub fn chess_match(&self) -> ChessMatch<'_> {
        ChessMatch {
            tiebreak_games: self.tiebreak_games,
            colours: match self.colours {
                ColourRule::Alternate => Colours::Alternate,
                ColourRule::Reported => Colours::Reported,
            },
            rule: self.tiebreak.as_deref(),
        }
    }
}

/// An event's playoff stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playoff {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The TO's settings.
    pub settings: PlayoffSettings,
    /// The seeded players, seed 1 first; `None` until the first playoff round is paired.
    pub seeds: Option<Vec<PlayerId>>,
    /// When the settings or seeds last changed (Unix ms).
    pub updated_at: Millis,
}

/// How an event's pools were made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolRule {
    /// Dealt from the seeding order (rating, then registration) by the serpentine rule.
    Serpentine,
    /// Listed by the TO.
    ByHand,
}

impl PoolRule {
    /// The stored and wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PoolRule::Serpentine => "serpentine",
            PoolRule::ByHand => "by_hand",
        }
    }

    /// The rule of a stored name.
    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "serpentine" => Some(PoolRule::Serpentine),
            "by_hand" => Some(PoolRule::ByHand),
            _ => None,
        }
    }
}

/// An event's round-robin pools: each plays its own Berger round robin, and
/// the top cut can take the top `per_pool` of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pools {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The pools, pool A first; each lists its players in seeding order
    /// (their Berger pairing numbers within the pool, from 1).
    pub members: Vec<Vec<PlayerId>>,
    /// How they were made.
    pub rule: PoolRule,
    /// When they last changed (Unix ms).
    pub updated_at: Millis,
}

impl Pools {
    /// The pool's letter: A, B, … Z, then AA, AB….
    #[must_use]
    pub fn name(index: usize) -> String {
        let letter = |i: usize| char::from(b'A' + u8::try_from(i % 26).unwrap_or(0));
        if index < 26 {
            letter(index).to_string()
        } else {
            format!("{}{}", letter(index / 26 - 1), letter(index))
        }
    }

    /// The pool index of a player.
    #[must_use]
    pub fn pool_of(&self, player: PlayerId) -> Option<usize> {
        self.members.iter().position(|m| m.contains(&player))
    }
}
