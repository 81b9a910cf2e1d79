//! Who may take a category's prizes (prize spec, "Eligibility Evaluation").

use super::{Category, Date, Entrant, Player, RuleConfig};
use serde::{Deserialize, Serialize};

/// Why a player may not take a category's prizes: the spec's reason codes
/// (serialised in `snake_case`), plus `missing_date_of_birth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ineligible {
    /// The category requires another gender.
    GenderMismatch,
    /// Younger than the category's minimum age on the start date.
    BelowMinAge,
    /// Older than the category's maximum age on the start date.
    AboveMaxAge,
    /// The category has an age limit and the player's date of birth is
    /// unknown. The spec does not name this case; an unknown age cannot be
    /// shown to be in range, so the player is not eligible.
    MissingDateOfBirth,
    /// Unrated, in a rating category that does not admit unrated players.
    UnratedInRatingCategory,
    /// Rated below the category's minimum.
    BelowMinRating,
    /// Rated above the category's maximum.
    AboveMaxRating,
    /// The category requires another disability class.
    DisabilityMismatch,
    /// The category requires another city.
    CityMismatch,
    /// The category requires another state.
    StateMismatch,
    /// The category requires another club.
    ClubMismatch,
    /// The category requires another faction (40K: "Best Orks").
    FactionMismatch,
    /// The category requires another federation.
    FederationMismatch,
    /// The category is ranked by a painting or sportsmanship score the player does not have.
    NoScore,
    /// A team event's player in a team category: its prizes go to the team's row.
    TeamCategory,
    /// A team in an individual award (a category ranked by a score): it goes to a player.
    IndividualAward,
    /// A board prize of another board.
    BoardMismatch,
    /// Fewer games than the category's minimum.
    TooFewGames,
}

impl Ineligible {
    /// The reason code: `gender_mismatch`, `below_min_age`…
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Ineligible::GenderMismatch => "gender_mismatch",
            Ineligible::BelowMinAge => "below_min_age",
            Ineligible::AboveMaxAge => "above_max_age",
            Ineligible::MissingDateOfBirth => "missing_date_of_birth",
            Ineligible::UnratedInRatingCategory => "unrated_in_rating_category",
            Ineligible::BelowMinRating => "below_min_rating",
            Ineligible::AboveMaxRating => "above_max_rating",
            Ineligible::DisabilityMismatch => "disability_mismatch",
            Ineligible::CityMismatch => "city_mismatch",
            Ineligible::StateMismatch => "state_mismatch",
            Ineligible::ClubMismatch => "club_mismatch",
            Ineligible::FactionMismatch => "faction_mismatch",
            Ineligible::FederationMismatch => "federation_mismatch",
            Ineligible::NoScore => "no_score",
            Ineligible::TeamCategory => "team_category",
            Ineligible::IndividualAward => "individual_award",
            Ineligible::BoardMismatch => "board_mismatch",
            Ineligible::TooFewGames => "too_few_games",
        }
    }
}

/// Whether `player` may take `category`'s prizes in an event starting on
/// `start`: first, in a team event, whether the line is of the kind the
/// category is for (a team category takes teams, an individual award
/// players; [`Entrant`]), the board and the minimum of games (board
/// prizes); then in the spec's order (gender, age, rating, disability,
/// city, state, club; then this server's faction and federation, compared
/// as clubs are, and the score a category ranked by one needs) and
/// returning the first failure.
///
/// Readings of the spec: a zero bound or a blank text filter does not filter
/// (the spec tests truthiness); bounds are inclusive; text filters compare
/// trimmed and case-insensitively (the spec normalises gender; the same rule
/// for city, state, club and disability means "Pune" matches "pune "); ages
/// are completed years on `start` ([`Date::years_until`]); an unrated player
/// admitted to a rating category passes its bounds (as in the spec's code).
///
/// # Errors
/// The [`Ineligible`] reason (a verdict, not a failure of the check).
pub fn eligibility(category: &Category, player: &Player, start: Date, rules: &RuleConfig) -> Result<(), Ineligible> {
    // A team event: team categories to teams, individual awards to players (see [`super::Entrant`]).
    match (player.entrant, category.ranked_by) {
        (Some(Entrant::Member), None) => return Err(Ineligible::TeamCategory),
        (Some(Entrant::Team), Some(_)) => return Err(Ineligible::IndividualAward),
        _ => {}
    }
    if bound(category.board).is_some_and(|b| player.board != Some(b)) {
        return Err(Ineligible::BoardMismatch);
    }
    if bound(category.min_games).is_some_and(|m| player.games.unwrap_or(0) < m) {
        return Err(Ineligible::TooFewGames);
    }
    if let Some(g) = filter(&category.gender) {
        if !same(player.gender.as_deref(), g) {
            return Err(Ineligible::GenderMismatch);
        }
    }
    let (min_age, max_age) = (bound(category.min_age), bound(category.max_age));
    if min_age.is_some() || max_age.is_some() {
        let age = i64::from(player.date_of_birth.ok_or(Ineligible::MissingDateOfBirth)?.years_until(start));
        if min_age.is_some_and(|m| age < i64::from(m)) {
            return Err(Ineligible::BelowMinAge);
        }
        if max_age.is_some_and(|m| age > i64::from(m)) {
            return Err(Ineligible::AboveMaxAge);
        }
    }
    let (min_rating, max_rating) = (bound(category.min_rating), bound(category.max_rating));
    if min_rating.is_some() || max_rating.is_some() {
        match player.rated() {
            None if !category.allow_unrated.unwrap_or(rules.allow_unrated_in_rating_category) => {
                return Err(Ineligible::UnratedInRatingCategory);
            }
            None => {}
            Some(r) if min_rating.is_some_and(|m| r < m) => return Err(Ineligible::BelowMinRating),
            Some(r) if max_rating.is_some_and(|m| r > m) => return Err(Ineligible::AboveMaxRating),
            Some(_) => {}
        }
    }
    let text_filters = [
        (&category.disability, &player.disability, Ineligible::DisabilityMismatch),
        (&category.city, &player.city, Ineligible::CityMismatch),
        (&category.state, &player.state, Ineligible::StateMismatch),
        (&category.club, &player.club, Ineligible::ClubMismatch),
        (&category.faction, &player.faction, Ineligible::FactionMismatch),
        (&category.federation, &player.federation, Ineligible::FederationMismatch),
    ];
    for (wanted, has, reason) in text_filters {
        if let Some(w) = filter(wanted) {
            if !same(has.as_deref(), w) {
                return Err(reason);
            }
        }
    }
    if category.ranked_by.is_some_and(|by| player.score_for(by).is_none()) {
        return Err(Ineligible::NoScore);
    }
    Ok(())
}

/// A numeric bound that filters: present and not zero.
fn bound(b: Option<u32>) -> Option<u32> {
    b.filter(|&v| v > 0)
}

/// A text filter that filters: present and not blank.
fn filter(f: &Option<String>) -> Option<&str> {
    f.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn same(value: Option<&str>, wanted: &str) -> bool {
    value.is_some_and(|v| v.trim().to_lowercase() == wanted.to_lowercase())
}
