//! What the prize rules read about one event: the players with their final
//! standing, the categories of the prize list with their prizes, the rules the
//! organiser chose, and any manual overrides.

use super::{Cents, Date, SplitMethod};
use crate::model::{PlayerNo, Points};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

/// A prize's identifier as the organiser's data names it (typically a UUID).
/// Ids order by their text, byte by byte; for canonical lower-case UUIDs that
/// is UUID order, the spec's final "stable UUID sort" key.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PrizeId(pub String);

/// A category's identifier (typically a UUID), ordered like [`PrizeId`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CategoryId(pub String);

impl fmt::Display for PrizeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl fmt::Display for CategoryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

/// One player's final standing and the facts categories filter on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's pairing number in the event.
    pub id: PlayerNo,
    /// Full name; the last key of the standings order.
    pub name: String,
    /// Final (absolute) rank after tie-breaks, 1 = first. Players may share a
    /// rank; prizes never use a category-specific rank.
    pub rank: u32,
    /// Final score. Only cash splitting reads it: players on equal scores are
    /// tied for money. Defaults to 0.
    #[serde(default)]
    pub score: Points,
    /// Rating; `None` or `0` means unrated (the spec tests `!player.rating`).
    pub rating: Option<u32>,
    /// Gender as recorded (`"F"`, `"M"`…), compared case-insensitively.
    pub gender: Option<String>,
    /// Date of birth, for age categories.
    pub date_of_birth: Option<Date>,
    /// Disability class as recorded.
    pub disability: Option<String>,
    /// City.
    pub city: Option<String>,
    /// State or region.
    pub state: Option<String>,
    /// Club.
    pub club: Option<String>,
    /// Faction or army (40K), compared as clubs are.
    #[serde(default)]
    pub faction: Option<String>,
    /// Federation (chess: FIDE's three-letter code), compared as clubs are.
    #[serde(default)]
    pub federation: Option<String>,
    /// 40K painting score (staff's judging), for categories ranked by it.
    #[serde(default)]
    pub painting: Option<i64>,
    /// 40K sportsmanship score (votes), for categories ranked by it.
    #[serde(default)]
    pub sportsmanship: Option<i64>,
    /// In a team event, what this line is: a team (its registration row,
    /// which takes the team prizes) or one of a team's players (who takes
    /// the individual awards); `None` in a singles event. See
    /// [`Entrant`] for who may take what.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entrant: Option<Entrant>,
    /// A team event's player: their own game points over every game they
    /// played in the event, top cut included (40K: the sum of their games'
    /// converted scores, 0 to 20 a game; chess: their board points in
    /// half-points), for categories ranked by them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<i64>,
    /// The same over the Swiss rounds only (the top cut left out), for a
    /// category that says so ([`RankedBy::SwissGamePoints`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swiss_game_points: Option<i64>,
    /// A chess team event's player: the board they played (1 = top board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// A team event's player: the games they played over the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u32>,
    /// A chess team event's player: their score on their board as a
    /// percentage of their games, in tenths of a percent (2½ of 3: 833).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_percentage: Option<i64>,
}

/// What a line of a team event's prize standings is (issue 25, point 6).
///
/// Who may take what is exact: a category ranked by the standings is a
/// *team* category, whose prizes (and money) go to the team's row, never to
/// its players; a category ranked by a score ([`RankedBy`]) is an
/// *individual award*, whose prizes go to a player, never to a team. So a
/// team prize is paid once, to the team, and no player takes a share of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entrant {
    /// A team: its registration row.
    Team,
    /// One of a team's players.
    Member,
}

/// What a category ranks its candidates by, besides the standings: a score
/// that is no game result (40K "Best painted", "Best sportsman").
///
/// This is not in the prize specification, whose categories all follow the
/// standings ("prizes never use a category-specific rank"): a category
/// ranked by a score takes candidates with a score, highest first, the
/// standings order breaking equal scores; its cash is paid whole to its
/// holder (no split method shares it, so such a category is refused unless
/// the split is `none`, see [`PrizeError::ScoreCategoryCashSplit`]); the
/// consistency audit leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankedBy {
    /// [`Player::painting`].
    Painting,
    /// [`Player::sportsmanship`].
    Sportsmanship,
    /// [`Player::game_points`]: a team event's best player (40K: game
    /// points), over every game of the event, top cut included.
    GamePoints,
    /// [`Player::swiss_game_points`]: a team event's best player over the
    /// Swiss rounds only (a prize that leaves the top cut out).
    SwissGamePoints,
    /// [`Player::board_percentage`]: a chess team event's board prize (the
    /// best percentage on a board, with the category's `board` and
    /// `min_games`, as the Olympiad's board prizes).
    BoardPercentage,
}

impl fmt::Display for RankedBy {
    /// `painting`, `sportsmanship`, `game_points`, `swiss_game_points` or `board_percentage`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RankedBy::Painting => "painting",
            RankedBy::Sportsmanship => "sportsmanship",
            RankedBy::GamePoints => "game_points",
            RankedBy::SwissGamePoints => "swiss_game_points",
            RankedBy::BoardPercentage => "board_percentage",
        })
    }
}

impl Player {
    /// The player's score a category is ranked by (`None`: they have none).
    #[must_use]
    pub fn score_for(&self, by: RankedBy) -> Option<i64> {
        match by {
            RankedBy::Painting => self.painting,
            RankedBy::Sportsmanship => self.sportsmanship,
            RankedBy::GamePoints => self.game_points,
            RankedBy::SwissGamePoints => self.swiss_game_points,
            RankedBy::BoardPercentage => self.board_percentage,
        }
    }

    /// The rating, or `None` for an unrated player (no rating, or 0).
    #[must_use]
    pub fn rated(&self) -> Option<u32> {
        self.rating.filter(|&r| r > 0)
    }

    /// The order in which players take prizes (prize spec, step 3): rank
    /// ascending, then rating descending (unrated after every rated player),
    /// then name ascending (case-insensitive, then exact text, so `"alice"`
    /// and `"Alice"` still order), then pairing number, so the order is total
    /// and no run depends on input order. Cash splitting uses the same order
    /// as its tie-break order.
    #[must_use]
    pub fn standings_cmp(&self, other: &Player) -> Ordering {
        self.rank
            .cmp(&other.rank)
            .then_with(|| other.rated().cmp(&self.rated()))
            .then_with(|| self.name.to_lowercase().cmp(&other.name.to_lowercase()))
            .then_with(|| self.name.cmp(&other.name))
            .then_with(|| self.id.cmp(&other.id))
    }
}

/// One prize of a category.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    /// Identifier.
    pub id: PrizeId,
    /// Place within its category: 1 for 1st.
    pub place: u32,
    /// Cash amount; zero when the prize carries no money.
    #[serde(default)]
    pub cash: Cents,
    /// Whether the prize carries a trophy.
    #[serde(default)]
    pub trophy: bool,
    /// Whether the prize carries a medal.
    #[serde(default)]
    pub medal: bool,
    /// Inactive prizes are ignored by allocation and splitting.
    #[serde(default = "yes")]
    pub active: bool,
    /// The main-category flag: among otherwise equal prizes, main-category
    /// prizes are allocated first.
    #[serde(default)]
    pub main_category: bool,
}

/// A category of the prize list (Open, Under 12, Girls, Under 2400…) and the
/// prizes it holds. Every filter that is absent, zero or blank does not
/// filter (the spec tests each one for truthiness). Bounds are inclusive:
/// "Under 2400" in the US Chess sense (2400 not eligible) is `max_rating:
/// 2399`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    /// Identifier.
    pub id: CategoryId,
    /// Display name.
    pub name: String,
    /// Position in the brochure: the first key of the prize queue.
    pub brochure_order: u32,
    /// Inactive categories award nothing.
    #[serde(default = "yes")]
    pub active: bool,
    /// Minimum age in completed years on the event's start date.
    pub min_age: Option<u32>,
    /// Maximum age in completed years on the event's start date.
    pub max_age: Option<u32>,
    /// Required gender, compared case-insensitively with the player's.
    pub gender: Option<String>,
    /// Minimum rating.
    pub min_rating: Option<u32>,
    /// Maximum rating.
    pub max_rating: Option<u32>,
    /// Whether unrated players may take this rating category's prizes; when
    /// absent, the event's [`RuleConfig::allow_unrated_in_rating_category`].
    pub allow_unrated: Option<bool>,
    /// Required disability class.
    pub disability: Option<String>,
    /// Required city.
    pub city: Option<String>,
    /// Required state.
    pub state: Option<String>,
    /// Required club.
    pub club: Option<String>,
    /// Required faction or army (40K: "Best Orks").
    #[serde(default)]
    pub faction: Option<String>,
    /// Required federation (chess: best player of a national federation).
    #[serde(default)]
    pub federation: Option<String>,
    /// Ranked by a score instead of the standings (40K "Best painted"; see [`RankedBy`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked_by: Option<RankedBy>,
    /// Only the players of this board (a chess team event's board prize).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// Only players with at least this many games over the board (a board
    /// prize's minimum; a zero does not filter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_games: Option<u32>,
    /// The category's prizes, in any order.
    #[serde(default)]
    pub prizes: Vec<Prize>,
}

impl Category {
    /// An active category open to every player (no age, gender, rating,
    /// disability or place restriction) with no prizes yet.
    #[must_use]
    pub fn unrestricted(id: CategoryId, name: String, brochure_order: u32) -> Category {
        Category {
            id,
            name,
            brochure_order,
            active: true,
            min_age: None,
            max_age: None,
            gender: None,
            min_rating: None,
            max_rating: None,
            allow_unrated: None,
            disability: None,
            city: None,
            state: None,
            club: None,
            faction: None,
            federation: None,
            ranked_by: None,
            board: None,
            min_games: None,
            prizes: Vec::new(),
        }
    }
}

fn yes() -> bool {
    true
}

/// Whether a player may win prizes in more than one category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EligibilityMode {
    /// One prize per player: the first they take in queue order (spec default).
    #[default]
    FirstWin,
    /// A player may win one prize in each category they are eligible for.
    /// The spec's "no exclusion after first win" is read per category: a
    /// player never takes two places of the same category.
    AllowMultiple,
}

impl EligibilityMode {
    /// `first-win` or `allow-multiple`, as the spec writes them.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            EligibilityMode::FirstWin => "first-win",
            EligibilityMode::AllowMultiple => "allow-multiple",
        }
    }
}

/// The organiser's rules for prizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleConfig {
    /// Whether unrated players are eligible for rating categories (spec
    /// default `false`); a category's own `allow_unrated` takes precedence.
    #[serde(alias = "allowUnratedInRatingCategory")]
    pub allow_unrated_in_rating_category: bool,
    /// `first-win` (default) or `allow-multiple`.
    #[serde(alias = "multipleEligibilityMode")]
    pub multiple_eligibility_mode: EligibilityMode,
    /// How tied players share cash (see [`super::split_cash`]).
    pub cash_split: SplitMethod,
    /// Place-first only: where class money goes that a class player did
    /// not need, when handing it to the class's next players would pay a
    /// lower score more than a higher one (see [`ClassExcess`]).
    pub class_excess: ClassExcess,
}

/// What the place-first method does with class money handed down (the
/// excess a class player did not need, "redistributed" to the class's next
/// players in the US Chess forum post) when paying it in full would give a
/// class player more than a class player with a better score received.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassExcess {
    /// Pay the next class players at most what every better-scored class
    /// player received (the method's own monotonicity: a lower score is
    /// never paid more); what the cap holds back passes further down the
    /// class, and what is left is reported unawarded (`capped`) for the
    /// organiser to decide.
    #[default]
    Capped,
    /// Pay the whole excess to the class's next players, as the post does,
    /// even when a lower score is then paid more than a higher one.
    ToClass,
}

impl ClassExcess {
    /// `capped` or `to_class`, as the API writes them.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ClassExcess::Capped => "capped",
            ClassExcess::ToClass => "to_class",
        }
    }
}

/// An organiser's decision that a prize goes to a player, applied before the
/// automatic allocation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManualOverride {
    /// The prize.
    pub prize_id: PrizeId,
    /// The player who receives it.
    pub player_id: PlayerNo,
}

/// Everything the prize rules read about one event. It is the stored input of
/// an allocation run and of a cash split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeEvent {
    /// The tournament's id, written in the allocation log's first line
    /// (prize spec, "Inputs": `tournament_id`; "Logging": `tId=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_id: Option<String>,
    /// The event's first day: ages are taken on it.
    pub start_date: Date,
    /// Final standings.
    pub players: Vec<Player>,
    /// The prize list.
    pub categories: Vec<Category>,
    /// The organiser's rules.
    #[serde(default)]
    pub rules: RuleConfig,
    /// Manual overrides, applied in the order given (allocation only: cash
    /// splitting follows the scores).
    #[serde(default)]
    pub overrides: Vec<ManualOverride>,
}

/// Why an event's prize data cannot be processed at all. (Problems with
/// single overrides are not errors but conflicts in the result.)
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeError {
    /// Two players have the same pairing number.
    #[error("player {0} appears twice in the standings")]
    DuplicatePlayer(PlayerNo),
    /// Two categories have the same id.
    #[error("category `{0}` appears twice in the prize list")]
    DuplicateCategory(CategoryId),
    /// Two prizes have the same id.
    #[error("prize `{0}` appears twice in the prize list")]
    DuplicatePrize(PrizeId),
    /// A prize's cash is above [`Cents::MAX_PRIZE`].
    #[error("prize `{prize}` carries {cash}, more than the largest amount a prize may carry")]
    CashTooLarge {
        /// The prize.
        prize: PrizeId,
        /// Its cash.
        cash: Cents,
    },
    /// Cash splitting needs the standings order and the scores to agree: a
    /// player ranked ahead of another must not have a lower score.
    #[error(
        "player {ahead} is ranked ahead of player {behind} but has the lower score ({ahead_score} < {behind_score})"
    )]
    ScoresOutOfOrder {
        /// The player ranked ahead.
        ahead: PlayerNo,
        /// Their score.
        ahead_score: Points,
        /// The player ranked behind.
        behind: PlayerNo,
        /// Their (higher) score.
        behind_score: Points,
    },
    /// A category ranked by a painting or sportsmanship score carries cash
    /// and the split method shares cash by standings score: such cash is
    /// paid whole (split `none`) or not at all.
    #[error(
        "category `{0}` is ranked by a score, not the standings: its cash can only be paid whole (cash split `none`)"
    )]
    ScoreCategoryCashSplit(CategoryId),
}

/// Where a prize sits in [`PrizeEvent::categories`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrizeAt {
    pub category: usize,
    pub prize: usize,
}

/// A checked event: unique ids, cash in range, and lookups by id.
pub(crate) struct Checked<'a> {
    pub event: &'a PrizeEvent,
    /// Players in standings order.
    pub standings: Vec<&'a Player>,
    /// Pairing number → index in `standings`.
    pub player_at: HashMap<PlayerNo, usize>,
    /// Prize id → where it is.
    pub prize_at: HashMap<&'a PrizeId, PrizeAt>,
}

impl<'a> Checked<'a> {
    /// Checks `event` and builds its lookups.
    pub fn new(event: &'a PrizeEvent) -> Result<Checked<'a>, PrizeError> {
        let mut standings: Vec<&Player> = event.players.iter().collect();
        standings.sort_by(|a, b| a.standings_cmp(b));
        let mut player_at = HashMap::new();
        for (i, p) in standings.iter().enumerate() {
            if player_at.insert(p.id, i).is_some() {
                return Err(PrizeError::DuplicatePlayer(p.id));
            }
        }
        let mut category_ids = HashMap::new();
        let mut prize_at = HashMap::new();
        for (c, cat) in event.categories.iter().enumerate() {
            if category_ids.insert(&cat.id, c).is_some() {
                return Err(PrizeError::DuplicateCategory(cat.id.clone()));
            }
            for (p, prize) in cat.prizes.iter().enumerate() {
                if prize.cash > Cents::MAX_PRIZE {
                    return Err(PrizeError::CashTooLarge { prize: prize.id.clone(), cash: prize.cash });
                }
                if prize_at.insert(&prize.id, PrizeAt { category: c, prize: p }).is_some() {
                    return Err(PrizeError::DuplicatePrize(prize.id.clone()));
                }
            }
        }
        Ok(Checked { event, standings, player_at, prize_at })
    }

    /// The category and prize at `at`.
    pub fn prize(&self, at: PrizeAt) -> (&'a Category, &'a Prize) {
        let cat = &self.event.categories[at.category];
        (cat, &cat.prizes[at.prize])
    }
}
