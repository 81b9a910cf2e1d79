//! The parts of the standings beyond the rows: the configured columns, the
//! ties the TO may order by hand, their decisions and the notices left when
//! results undo one, and a tied group's mini-league table.

use super::sets::{Game, OpenTieKind, PairingSystem, TieState, TiebreakKey, TiebreakModifier};
use crate::ids::{PlayerId, UserId};
use serde::{Deserialize, Serialize};

/// A standings column: the primary score or a tie-break. Pages name it by
/// `key` and `modifier` in their language (`name` is the English name).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ColumnView {
    /// The short code in the header: `Pts`, `SB`, `BH-C1` (FIDE C.07), `ML 20s`, `+/-`.
    pub code: String,
    /// The full name in English: `Sonneborn-Berger`, `Mini-league 20s`.
    pub name: String,
    /// What the column holds, by key: `buchholz`, `total_20s`, `points`.
    pub key: TiebreakKey,
    /// Its C.07 art. 14 modifier: `cut1`, `median2`…; `null` without one.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, example = "cut1"))]
    pub modifier: Option<TiebreakModifier>,
}

/// A player's part in a tie on the primary score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TieView {
    /// The position of the first player on the same primary score.
    pub group: u32,
    /// How many players share that score (pages mark groups of three or more).
    pub group_size: u32,
    /// What placed the player: `decided` (by column `by`), `provisional`
    /// (by column `by`, which the TO is asked to confirm: crokinole total
    /// 20s), `unresolved` (every criterion equal; the rank is shared) or
    /// `manual` (ordered by the TO).
    pub status: TieState,
    /// The code of the column that placed the player, for `decided` and
    /// `provisional`: a [`ColumnView::code`] (`BH-C1`), text rather than a
    /// closed set because a C.07 cut or median of any count makes a code.
    pub by: Option<String>,
    /// Whether pages show ⚠ and the TO's = and ↓ buttons.
    pub attention: bool,
}

/// A group the TO may order: unresolved, or ordered only provisionally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OpenTieView {
    /// `unresolved` or `provisional`.
    pub kind: OpenTieKind,
    /// The provisional column's code: a [`ColumnView::code`], text as
    /// [`TieView::by`] is.
    pub by: Option<String>,
    /// The position of the group's first member.
    pub first_position: u32,
    /// The members (registration ids) in the order the rules placed them.
    pub players: Vec<String>,
    /// Their names, in the same order.
    pub names: Vec<String>,
}

/// A TO's order of a tie.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResolutionView {
    /// The position of the group's first member.
    pub first_position: u32,
    /// The members (registration ids) in the order the rules placed them.
    pub players: Vec<String>,
    /// The order chosen, first place first (registration ids).
    pub order: Vec<String>,
    /// The chosen order's names.
    pub names: Vec<String>,
    /// The TO's account.
    pub by: UserId,
    /// The TO's name.
    pub by_name: String,
    /// When it was decided (Unix ms).
    pub at: i64,
    /// When the order was drawn by lot (C.07 art. 4.2): the draw's seed, 16
    /// hex digits; `Lot { seed }.order(players)` gives `order` again.
    pub lot: Option<String>,
}

/// A TO decision dropped because results changed its tie.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NoticeView {
    /// `not_tied`, `moved`, `reordered`, `not_a_permutation` or `duplicate`.
    pub reason: super::sets::NoticeReason,
    /// What happened, in words.
    pub message: String,
    /// The decision as it was.
    pub resolution: ResolutionView,
    /// When it was dropped (Unix ms).
    pub dropped_at: i64,
}

/// Everything the standings show beside the rows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingsMeta {
    /// The game: `wh40k`, `chess` or `crokinole`.
    pub game: Game,
    /// The primary score's column.
    pub primary: Option<ColumnView>,
    /// The tie-break columns, in the configured order (`StandingView::values`).
    pub columns: Vec<ColumnView>,
    /// Ties open to the TO, first place first.
    pub open_ties: Vec<OpenTieView>,
    /// The TO's decisions in force.
    pub resolutions: Vec<ResolutionView>,
    /// Decisions dropped by later results, newest last, until the TO dismisses them.
    pub notices: Vec<NoticeView>,
    /// Configured columns not applied, in words (e.g. ratings-based
    /// tie-breaks with unrated players, FIDE C.07 art. 10).
    pub skipped: Vec<String>,
    /// Whether a tied group's mini-league (crokinole) or direct-encounter
    /// (chess) table can be opened.
    pub group_tables: bool,
}

impl Default for StandingsMeta {
    /// No columns, ties or notices (a 40K event's before any result).
    fn default() -> StandingsMeta {
        StandingsMeta {
            game: Game::Wh40k,
            primary: None,
            columns: Vec::new(),
            open_ties: Vec::new(),
            resolutions: Vec::new(),
            notices: Vec::new(),
            skipped: Vec::new(),
            group_tables: false,
        }
    }
}

/// One line of a tied group's mini-league: only the games among its members.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MiniLeagueRowView {
    /// Registration id.
    pub player_id: PlayerId,
    /// Name.
    pub display_name: String,
    /// Games played against other members.
    pub played: u32,
    /// Won.
    pub won: u32,
    /// Drawn (tied).
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Points from those games (crokinole 2/1/0; chess per C.07 art. 6).
    pub points: String,
    /// 20s scored in those games (crokinole).
    pub twenties: Option<u32>,
}

/// The mini-league (crokinole) or direct-encounter (chess) table of the
/// players level on one primary score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MiniLeagueView {
    /// The group's first position.
    pub group: u32,
    /// `mini_league` or `direct_encounter`.
    pub kind: super::sets::MiniLeagueKind,
    /// The lines, best first.
    pub players: Vec<MiniLeagueRowView>,
}

/// A tie-break the TO may add to the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TiebreakOption {
    /// The header code, e.g. `BH-C1`.
    pub code: String,
    /// The full name in English, e.g. `Buchholz Cut-1`.
    pub name: String,
    /// What it computes, by key, e.g. `buchholz`: pages name it by key.
    pub key: TiebreakKey,
    /// Its C.07 art. 14 modifier, e.g. `cut1`; `null` without one.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, example = "cut1"))]
    pub modifier: Option<TiebreakModifier>,
    /// The value to put in the configuration's `tiebreaks` list.
    pub value: serde_json::Value,
}

/// One change of the standings configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfigChangeView {
    /// The TO's account.
    pub by: UserId,
    /// The TO's name.
    pub by_name: String,
    /// When (Unix ms).
    pub at: i64,
    /// Rounds already paired then (0: before round 1).
    pub rounds_paired: u32,
    /// The configuration set.
    pub config: serde_json::Value,
    /// The point values set (chess).
    pub points: Option<crate::views::PointsView>,
}

/// How an event's standings are ranked, and what the TO may change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TiebreaksView {
    /// The game.
    pub game: Game,
    /// The pairing system.
    pub pairing_system: PairingSystem,
    /// The configuration in force (the engine's JSON).
    pub config: serde_json::Value,
    /// Chess point values; `null` in other games.
    pub points: Option<crate::views::PointsView>,
    /// The game's default configuration for this pairing system.
    pub default_config: serde_json::Value,
    /// Tie-breaks that may be listed (chess, 40K); empty for crokinole,
    /// whose tie-breaks follow the format.
    pub available: Vec<TiebreakOption>,
    /// Rounds already paired.
    pub rounds_paired: u32,
    /// Whether a change must carry `"confirm": true` (round 1 is paired).
    pub confirmation_required: bool,
    /// Every change so far, oldest first.
    pub log: Vec<ConfigChangeView>,
}
