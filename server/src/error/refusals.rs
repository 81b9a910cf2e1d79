//! The engine's refusals as API errors: each refusal of a rule the engine
//! implements gets its code here, and nowhere else.

use super::{ApiError, Code, Fill};
use arbiter_engine::playoffs::matches::{MatchRefusal, Tiebreaker};

impl From<MatchRefusal> for ApiError {
    /// A playoff result's refusal: 422 `invalid_winner`, `winner_needed` or
    /// `invalid_match`, with the engine's text (a level game's refusal in
    /// every language, naming its tiebreaker and the organiser's rule; a
    /// game's refusal inside a match prefixed with the game).
    fn from(r: MatchRefusal) -> ApiError {
        use MatchRefusal as R;
        match r {
            R::InGame { n, refusal } => ApiError::from(*refusal).in_game(n),
            R::WinnerNeeded { tiebreaker, rule } => {
                let how = match tiebreaker {
                    Tiebreaker::Vp => "refusal-winner-needed-wh40k",
                    Tiebreaker::TiebreakRound => "refusal-winner-needed-crokinole",
                    Tiebreaker::TiebreakGames => "refusal-winner-needed-chess",
                };
                let refusal = ApiError::invalid(Code::WinnerNeeded, "");
                match rule.as_deref() {
                    None => refusal.text(how, []),
                    Some(rule) => refusal.text(
                        "refusal-winner-needed-rule",
                        [("how", Fill::Message(how.into())), ("rule", Fill::from(rule))],
                    ),
                }
            }
            R::DeciderNeeded { .. } => ApiError::invalid(Code::WinnerNeeded, r.to_string()),
            R::WinnerFromPlayer | R::AlreadyDecided | R::NotASeat(_) | R::DeciderFromPlayer | R::MatchDecided => {
                ApiError::invalid(Code::InvalidWinner, r.to_string())
            }
            R::MatchOver { .. }
            | R::NotCrokinole
            | R::MatchUndecided { .. }
            | R::NoGames
            | R::GameOneWon
            | R::TiebreaksDecided { .. }
            | R::NoSuchTiebreak { .. }
            | R::GameOneColours(_)
            | R::AlternatingColours { .. }
            | R::WhiteNotASeat { .. }
            | R::WhiteNeeded(_)
            | R::TiebreaksMissing { .. } => ApiError::invalid(Code::InvalidMatch, r.to_string()),
        }
    }
}
