//! The top cut's shapes: the bracket (`GET /api/tournaments/{id}/playoffs`,
//! the `bracket_changed` event, the `bracket` live view) and the event's final
//! ranking (`GET /api/tournaments/{id}/ranking`).

use crate::ids::{PairingId, PlayerId, RoundId};
use serde::{Deserialize, Serialize};

/// The TO's playoff settings.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayoffSettingsView {
    /// How many players make the cut (2–64).
    pub cut: u32,
    /// Whether each round after the first pairs highest remaining with lowest remaining.
    pub reseed: bool,
    /// Whether the semifinal losers play for third place.
    pub third_place: bool,
    /// What decides a level game, in the TO's words.
    pub tiebreak: Option<String>,
    /// With round-robin pools: how many of each pool make the cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_pool: Option<u32>,
    /// How many games a playoff table plays: `single`, `best_of_three` or `tiebreak_games`.
    #[serde(default)]
    pub format: super::sets::MatchFormat,
    /// Chess `tiebreak_games`: the tie-break games after a drawn game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreak_games: Option<u32>,
    /// Chess `tiebreak_games`: `alternate` or `reported` colours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<super::sets::TiebreakColours>,
}

/// A seed in the bracket: its number, and its player once seeded.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeedView {
    /// 1 = the best of the Swiss.
    pub seed: u32,
    /// The registration, once the cut is seeded.
    pub player_id: Option<PlayerId>,
    /// The player's name, once seeded ("Seed N" before).
    pub name: String,
}

/// One place of a bracket round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotView {
    /// `game` (both players known), `bye` (`high` passes the round) or `open` (players not known yet).
    pub kind: super::sets::SlotKind,
    /// The higher seed; a bye's seed; an open game's known player.
    pub high: Option<SeedView>,
    /// The lower seed.
    pub low: Option<SeedView>,
    /// The winner's seed, once decided.
    pub winner: Option<u32>,
    /// The table's pairing, once the game's round is paired.
    pub pairing_id: Option<PairingId>,
    /// Its table number.
    pub table: Option<u32>,
    /// Its reporting state (`UNREPORTED`, `REPORTED`, `DISPUTED`, `CONFIRMED`).
    pub state: Option<super::sets::PairingState>,
    /// Its score in words (`72 – 45`), once reported.
    pub score_text: Option<String>,
}

/// One bracket round.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BracketRoundView {
    /// `Quarterfinals`, `Semifinals`, `Final`, `Round of 16`… (English; a
    /// page names the round in its language from `of`).
    pub name: String,
    /// How many entrants the round is for: 2 the final, 4 the semifinals,
    /// 8 the quarterfinals, 16…
    #[serde(default)]
    pub of: u32,
    /// The event's round, once paired.
    pub round_id: Option<RoundId>,
    /// The event's round number, once paired.
    pub number: Option<u32>,
    /// The round's slots, top of the bracket first.
    pub slots: Vec<SlotView>,
}

/// Where a playoff round stands in its bracket, for a page to name it in
/// its language (a round's `mission` holds its English name).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayoffStage {
    /// How many entrants the round is for: 2 the final, 4 the semifinals,
    /// 8 the quarterfinals, 16…
    pub of: u32,
    /// Whether the round also holds the third-place game.
    pub third_place: bool,
}

impl PlayoffStage {
    /// The stage a playoff round's stored name stands for
    /// ([`arbiter_engine::playoffs::parse_stage`]); `None` for another name.
    #[must_use]
    pub fn of_name(name: &str) -> Option<PlayoffStage> {
        arbiter_engine::playoffs::parse_stage(name).map(|(of, third_place)| PlayoffStage { of, third_place })
    }
}

/// A seed's place in the playoff.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlacementView {
    /// The seed.
    pub seed: SeedView,
    /// The place (1 = champion; shared places repeat); `None` while still in.
    pub place: Option<u32>,
}

/// An event's bracket.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BracketView {
    /// The settings.
    pub settings: PlayoffSettingsView,
    /// Whether the cut has been seeded (the first playoff round is paired).
    pub seeded: bool,
    /// Before seeding: whether the names are projected from the current
    /// standings (who would be seeded if the playoffs started now).
    #[serde(default)]
    pub projected: bool,
    /// The rounds, first to final.
    pub rounds: Vec<BracketRoundView>,
    /// The third-place game, when played.
    pub third_place: Option<SlotView>,
    /// The champion, once the final is decided.
    pub champion: Option<SeedView>,
    /// Whether every game is decided.
    pub finished: bool,
    /// The seeds by place so far.
    pub ranking: Vec<PlacementView>,
}

/// A line of the event's final ranking: the playoff's places for the players
/// in the cut, then the Swiss standings for everyone else.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RankingRowView {
    /// The place (shared places repeat: semifinal losers without a third-place game share 3rd).
    pub place: u32,
    /// The registration.
    pub player_id: PlayerId,
    /// The player's name.
    pub name: String,
    /// `playoff` (placed by the bracket) or `swiss` (by the standings).
    pub stage: super::sets::PlaceStage,
    /// The playoff seed, for players in the cut.
    pub seed: Option<u32>,
    /// The rank in the Swiss standings.
    pub swiss_rank: Option<u32>,
}

/// An event's round-robin pools (`GET /api/tournaments/{id}/pools`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PoolsView {
    /// How they were made: `serpentine` (from the seeding order) or `by_hand`.
    pub rule: super::sets::PoolRule,
    /// How many of each pool make the top cut, when the playoff takes them by pool.
    pub per_pool: Option<u32>,
    /// The pools, A first.
    pub pools: Vec<PoolView>,
}

/// One pool: its players in seeding order and its own standings.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PoolView {
    /// The pool's letter: A, B, ….
    pub name: String,
    /// The players in the pool's seeding order (its Berger pairing numbers 1, 2, …).
    pub players: Vec<SeedView>,
    /// The pool's standings, by the event's configured tie-breaks within the pool.
    pub standings: Vec<crate::views::StandingView>,
}

impl SlotView {
    /// Whether `player` is in this slot.
    #[must_use]
    pub fn has(&self, player: PlayerId) -> bool {
        [&self.high, &self.low].iter().any(|s| s.as_ref().is_some_and(|s| s.player_id == Some(player)))
    }
}

impl BracketView {
    /// What a player's phone is sent: the bracket narrowed to `player`'s
    /// own slots (every round kept, for its name) and place; `None` when
    /// the player is not in the cut (seeded or projected).
    #[must_use]
    pub fn for_player(&self, player: PlayerId) -> Option<BracketView> {
        let rounds: Vec<BracketRoundView> = self
            .rounds
            .iter()
            .map(|r| BracketRoundView {
                slots: r.slots.iter().filter(|s| s.has(player)).cloned().collect(),
                ..r.clone()
            })
            .collect();
        if rounds.iter().all(|r| r.slots.is_empty()) {
            return None;
        }
        Some(BracketView {
            rounds,
            third_place: self.third_place.clone().filter(|s| s.has(player)),
            ranking: self.ranking.iter().filter(|p| p.seed.player_id == Some(player)).cloned().collect(),
            ..self.clone()
        })
    }
}
