//! The result payload of each game: what players report and dispute and the
//! TO overrides, checked value by value.
//!
//! - 40K: `{"player1_vp": 72, "player2_vp": 45}`, whole VP from 0 to the event's maximum;
//! - chess: `{"result": "1-0"}`: `1-0`, `½-½` (or `1/2-1/2`), `0-1`, and the
//!   forfeits `1F-0F`, `0F-1F`, `0F-0F`; player 1 is White;
//! - crokinole: `{"player1_points": 6, "player2_points": 2, "player1_twenties": 3,
//!   "player2_twenties": 1}`, whole game points from 0 to the event's maximum
//!   and 20s from 0 to [`MAX_TWENTIES`].
//!
//! A field of another game answers 422 `invalid_score` naming the fields the
//! event expects; a missing field 400 `invalid_json` (a malformed request, as
//! a missing field always was); a bad value 422 with a code per value
//! (`invalid_vp`, `invalid_result`, `invalid_points`, `invalid_twenties`).

use crate::domain::{ChessResult, Game, GameScore, Tournament};
use crate::error::{ApiError, ApiResult, Code};
use serde::Deserialize;
use serde_json::Number;

pub use crate::game::crokinole::MAX_TWENTIES;
use crate::game::{ScoreFields, ScoreRefusal, ScoreUnit};

/// A result payload: `result.report`, `result.override` and `result.dispute`
/// (whose fields are all optional). Only the fields of the event's game may
/// be given.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// 40K: player 1's VP (whole number, 0 to the event's maximum).
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player1_vp: Option<Number>,
    /// 40K: player 2's VP.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player2_vp: Option<Number>,
    /// Chess: the result, White (player 1) first.
    #[serde(default)]
    pub result: Option<String>,
    /// Crokinole: player 1's game points.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player1_points: Option<Number>,
    /// Crokinole: player 2's game points.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player2_points: Option<Number>,
    /// Crokinole: 20s shot by player 1.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player1_twenties: Option<Number>,
    /// Crokinole: 20s shot by player 2.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub player2_twenties: Option<Number>,
    /// The TO's note (override), or what is wrong (dispute).
    #[serde(default)]
    pub note: Option<String>,
    /// Playoff games only, the TO's override: the seat (1 or 2) that won the
    /// tiebreaker of a level score (see `service::playoffs::decide`).
    #[serde(default)]
    pub winner: Option<u8>,
    /// A best-of-three playoff match (crokinole): each game played, in order,
    /// with its own score fields (and, from the TO, `winner` for a level game).
    /// (A `Score` itself: the schema refers to itself rather than recurse.)
    #[serde(default)]
    #[schema(no_recursion)]
    pub games: Option<Vec<Score>>,
    /// A chess tie-break game whose colours the TO sets: the seat (1 or 2) with White.
    #[serde(default)]
    pub white: Option<u8>,
}

/// The score fields of `game`, and how its result is written, in words.
fn fields_of(game: Game) -> (&'static [&'static str], &'static str) {
    let rules = crate::game::system(game);
    (rules.score_fields(), rules.score_fields_text())
}

impl Score {
    /// The score fields given, by name.
    fn given(&self) -> Vec<&'static str> {
        let numbers = [
            ("player1_vp", &self.player1_vp),
            ("player2_vp", &self.player2_vp),
            ("player1_points", &self.player1_points),
            ("player2_points", &self.player2_points),
            ("player1_twenties", &self.player1_twenties),
            ("player2_twenties", &self.player2_twenties),
        ];
        let mut out: Vec<&'static str> = numbers.iter().filter(|(_, v)| v.is_some()).map(|(k, _)| *k).collect();
        if self.result.is_some() {
            out.push("result");
        }
        if self.games.is_some() {
            out.push("games");
        }
        out
    }

    /// Whether a single game's score fields are given (beside a match's `games`).
    #[must_use]
    pub fn has_score_fields(&self) -> bool {
        self.given().iter().any(|f| *f != "games") || self.white.is_some()
    }

    /// Whether a single game's score fields (or a tiebreaker's `winner`) are given.
    #[must_use]
    pub fn has_single_score(&self) -> bool {
        self.has_score_fields() || self.winner.is_some()
    }

    /// Refuses fields of another game.
    fn only_fields_of(&self, t: &Tournament) -> ApiResult<()> {
        let (fields, expected) = fields_of(t.game);
        let foreign: Vec<&str> = self.given().into_iter().filter(|f| !fields.contains(f)).collect();
        if foreign.is_empty() {
            return Ok(());
        }
        Err(ApiError::invalid(
            Code::InvalidScore,
            format!(
                "This is a {} event: its result is {expected}; {} {} not part of it.",
                crate::game::system(t.game).label(),
                foreign.join(", "),
                if foreign.len() == 1 { "is" } else { "are" }
            ),
        ))
    }

    /// The complete score for `t`'s game.
    ///
    /// # Errors
    /// 422 `invalid_score` for another game's fields; 400 `invalid_json`
    /// for a missing field; 422 `invalid_vp`, `invalid_result`,
    /// `invalid_points` or `invalid_twenties` for a value out of range.
    pub fn parse(&self, t: &Tournament) -> ApiResult<GameScore> {
        self.only_fields_of(t)?;
        let (fields, _) = fields_of(t.game);
        let given = self.given();
        if let Some(missing) = fields.iter().find(|f| !given.contains(f)) {
            return Err(ApiError::bad_request(
                Code::InvalidJson,
                format!("The JSON has a wrong or missing field: missing field `{missing}`."),
            ));
        }
        crate::game::system(t.game).parse_score(self, t.max_vp).map_err(refused)
    }

    /// A dispute's counter-report: in 40K either VP may be given alone (as
    /// `(player1_vp, player2_vp, None)`); in chess and crokinole the whole
    /// score or nothing.
    ///
    /// # Errors
    /// As [`Score::parse`].
    pub fn counter(&self, t: &Tournament) -> ApiResult<(Option<u32>, Option<u32>, Option<GameScore>)> {
        self.only_fields_of(t)?;
        if let Some(parts) = crate::game::system(t.game).counter_parts(self, t.max_vp) {
            let (a, b) = parts.map_err(refused)?;
            return Ok((a, b, None));
        }
        if self.is_empty() {
            Ok((None, None, None))
        } else {
            Ok((None, None, Some(self.parse(t)?)))
        }
    }

    /// Whether no score field is given at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.given().is_empty()
    }
}

impl ScoreFields for Score {
    fn number(&self, field: &str) -> Option<&Number> {
        match field {
            "player1_vp" => self.player1_vp.as_ref(),
            "player2_vp" => self.player2_vp.as_ref(),
            "player1_points" => self.player1_points.as_ref(),
            "player2_points" => self.player2_points.as_ref(),
            "player1_twenties" => self.player1_twenties.as_ref(),
            "player2_twenties" => self.player2_twenties.as_ref(),
            _ => None,
        }
    }

    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }
}

/// The answer to a value a game refuses: 422 `invalid_vp`,
/// `invalid_points`, `invalid_twenties` (naming the field) or `invalid_result`.
fn refused(r: ScoreRefusal) -> ApiError {
    match r {
        ScoreRefusal::Range { field, unit, max, given } => {
            let (code, words) = match unit {
                ScoreUnit::Vp => (Code::InvalidVp, "VP"),
                ScoreUnit::GamePoints => (Code::InvalidPoints, "game points"),
                ScoreUnit::Twenties => (Code::InvalidTwenties, "20s"),
            };
            whole(code, field, words, &given, max).err().unwrap_or_else(|| ApiError::internal("a refused value passed"))
        }
        ScoreRefusal::Result { given } => {
            chess_result(&given).err().unwrap_or_else(|| ApiError::internal("a refused result passed"))
        }
    }
}

/// Checks a VP value: a whole number from 0 to `max`.
///
/// # Errors
/// 422 `invalid_vp` naming the field.
pub fn vp(field: &str, n: &Number, max: u32) -> ApiResult<u32> {
    whole(Code::InvalidVp, field, "VP", n, max)
}

/// Checks a whole number from 0 to `max` of `unit`.
fn whole(code: Code, field: &str, unit: &str, n: &Number, max: u32) -> ApiResult<u32> {
    n.as_u64().and_then(|v| u32::try_from(v).ok()).filter(|v| *v <= max).ok_or_else(|| {
        ApiError::invalid(
            code,
            format!(
                "{} must be a whole number of {unit} from 0 to {max}; {n} is not.",
                crate::service::field_words(field)
            ),
        )
        .with_details(serde_json::json!({ "field": field }))
    })
}

/// Parses a chess result.
///
/// # Errors
/// 422 `invalid_result` listing the results accepted.
pub fn chess_result(s: &str) -> ApiResult<ChessResult> {
    ChessResult::parse(s).ok_or_else(|| {
        let all: Vec<&str> = ChessResult::ALL.iter().map(|r| r.as_str()).collect();
        ApiError::invalid(
            Code::InvalidResult,
            format!("result must be one of {} (1/2-1/2 is accepted for a draw); got {s:?}.", all.join(", ")),
        )
    })
}

#[cfg(test)]
pub(crate) mod tests;
