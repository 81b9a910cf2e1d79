//! Results: a player reports VP, the opponent confirms or disputes, the TO
//! overrides. The result (win/loss/draw) is always derived from the VP.

use super::views::{self, roster, PairingView};
use super::{load_tournament, Change, EventKind};
use crate::app::AppState;
use crate::domain::{now_millis, Dispute, MatchResult, Pairing, PairingState, Player, RoundStatus, Tournament, TournamentStatus, User};
use crate::error::{ApiError, ApiResult};
use arbiter_web::views::ratings::RatingsChangedView;
use serde::Deserialize;
use serde_json::json;
use uuid::Uuid;

/// `result.report` and `result.override`: both players' VP.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// Player 1's VP (whole number, 0 to the event's maximum).
    pub player1_vp: serde_json::Number,
    /// Player 2's VP.
    pub player2_vp: serde_json::Number,
    /// The TO's note (override only).
    #[serde(default)]
    pub note: Option<String>,
}

/// `result.dispute`: what the disputing player says the score was.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisputeInput {
    /// Player 1's VP as the disputing player saw it.
    #[serde(default)]
    pub player1_vp: Option<serde_json::Number>,
    /// Player 2's VP as the disputing player saw it.
    #[serde(default)]
    pub player2_vp: Option<serde_json::Number>,
    /// What is wrong, in words.
    #[serde(default)]
    pub note: Option<String>,
}

/// Checks a VP value: a whole number from 0 to `max`.
///
/// # Errors
/// 422 `invalid_vp` naming the field.
pub fn vp(field: &str, n: &serde_json::Number, max: u32) -> ApiResult<u32> {
    n.as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .filter(|v| *v <= max)
        .ok_or_else(|| ApiError::invalid("invalid_vp", format!("{field} must be a whole number of VP from 0 to {max}; got {n}.")))
}

fn note(s: Option<&str>) -> ApiResult<Option<String>> {
    match s.map(str::trim) {
        None | Some("") => Ok(None),
        Some(n) if n.chars().count() > 500 => Err(ApiError::invalid("invalid_field", "note must be at most 500 characters.")),
        Some(n) => Ok(Some(n.to_string())),
    }
}

/// A pairing inside a change, with its tournament and the two players.
struct Table {
    change: Change,
    t: Tournament,
    pairing: Pairing,
    players: Vec<Player>,
}

impl Table {
    async fn open(state: &AppState, pairing_id: Uuid) -> ApiResult<Table> {
        let not_found = || ApiError::not_found("pairing_not_found", "There is no pairing with this id.");
        let t_id = state.store.read().await?.pairing(pairing_id).await?.ok_or_else(not_found)?.tournament_id;
        let change = Change::begin(state, t_id).await?;
        let t = load_tournament(change.tx(), t_id).await?;
        let pairing = change.tx().pairing(pairing_id).await?.ok_or_else(not_found)?;
        let players = change.tx().players(t_id).await?;
        Ok(Table { change, t, pairing, players })
    }

    fn user_of(&self, player: Option<Uuid>) -> Option<Uuid> {
        player.and_then(|id| self.players.iter().find(|p| p.id == id)).map(|p| p.user_id)
    }

    /// The caller's seat: 1 or 2; 403 when not at this table.
    fn seat_of(&self, user: &User) -> ApiResult<u8> {
        if self.user_of(Some(self.pairing.player1_id)) == Some(user.id) {
            Ok(1)
        } else if self.user_of(self.pairing.player2_id) == Some(user.id) {
            Ok(2)
        } else if user.id == self.t.owner_id {
            Err(ApiError::forbidden(
                "not_your_table",
                "Only the players at this table report, confirm or dispute; as the organiser, use override.",
            ))
        } else {
            Err(ApiError::forbidden("not_your_table", "You are not playing at this table."))
        }
    }

    async fn in_playable_round(&self) -> ApiResult<()> {
        if self.pairing.is_bye() {
            return Err(ApiError::conflict("bye", "A bye has no result to report: it counts as a win with 0 VP."));
        }
        let round = self.change.tx().round(self.pairing.round_id).await?;
        if round.is_none_or(|r| r.status != RoundStatus::Active) {
            return Err(ApiError::conflict("round_closed", "This round is closed; ask the organiser to correct a result."));
        }
        Ok(())
    }

    /// Checks the caller is the opponent of the reporter of a pending report.
    fn require_opponent_of_reporter(&self, user: &User, verb: &str) -> ApiResult<()> {
        self.seat_of(user)?;
        match self.pairing.state {
            PairingState::Unreported => {
                return Err(ApiError::conflict("not_reported", format!("Nothing to {verb}: no result has been reported yet.")))
            }
            PairingState::Confirmed => {
                return Err(ApiError::conflict("already_confirmed", "This result is already final."));
            }
            PairingState::Disputed => {
                return Err(ApiError::conflict("result_disputed", "This result is disputed; the organiser will resolve it."));
            }
            PairingState::Reported => {}
        }
        if self.pairing.reported_by == Some(user.id) {
            return Err(ApiError::forbidden(
                "own_report",
                format!("You reported this result; your opponent must {verb} it."),
            ));
        }
        Ok(())
    }

    async fn finish(mut self, state: &AppState, kind: EventKind) -> ApiResult<PairingView> {
        let view = self.record(kind).await?;
        self.change.commit(state).await?;
        Ok(view)
    }

    /// Saves the pairing and emits `kind` (and the standings once it counts), without committing.
    async fn record(&mut self, kind: EventKind) -> ApiResult<PairingView> {
        self.change.tx().update_pairing(&self.pairing).await?;
        let view = views::pairing(&self.pairing, &roster(&self.players));
        self.change.emit(kind, &json!({ "pairing": view })).await?;
        if self.pairing.state == PairingState::Confirmed {
            let round = self.change.tx().round(self.pairing.round_id).await?.map_or(0, |r| r.number);
            let cause = json!({ "cause": kind.as_str(), "pairing_id": self.pairing.id, "round": round });
            self.change.emit(EventKind::StandingsChanged, &cause).await?;
        }
        Ok(view)
    }

    fn set_score(&mut self, vp1: u32, vp2: u32, by: &User) {
        self.pairing.player1_vp = Some(vp1);
        self.pairing.player2_vp = Some(vp2);
        self.pairing.result = Some(MatchResult::from_vp(vp1, vp2));
        self.pairing.reported_by = Some(by.id);
        self.pairing.reported_at = Some(now_millis());
    }
}

/// `result.report`: a player at the table reports both players' VP; the
/// opponent must then confirm or dispute.
///
/// # Errors
/// 403 when not at this table; 409 when already reported, or the round is
/// closed; 422 for VP outside 0..=max.
pub async fn report(state: &AppState, user: &User, pairing_id: Uuid, score: Score) -> ApiResult<PairingView> {
    let mut table = Table::open(state, pairing_id).await?;
    let (vp1, vp2) = (vp("player1_vp", &score.player1_vp, table.t.max_vp)?, vp("player2_vp", &score.player2_vp, table.t.max_vp)?);
    table.seat_of(user)?;
    table.in_playable_round().await?;
    match table.pairing.state {
        PairingState::Unreported => {}
        PairingState::Reported if table.pairing.reported_by == Some(user.id) => {
            return Err(ApiError::conflict("already_reported", "You already reported this result; your opponent must confirm it."));
        }
        PairingState::Reported => {
            return Err(ApiError::conflict(
                "already_reported",
                format!(
                    "Your opponent already reported {}–{}: confirm it, or dispute it with your score.",
                    table.pairing.player1_vp.unwrap_or(0),
                    table.pairing.player2_vp.unwrap_or(0)
                ),
            ));
        }
        PairingState::Disputed => {
            return Err(ApiError::conflict("result_disputed", "This result is disputed; the organiser will resolve it."));
        }
        PairingState::Confirmed => return Err(ApiError::conflict("already_confirmed", "This result is already final.")),
    }
    table.set_score(vp1, vp2, user);
    table.pairing.state = PairingState::Reported;
    table.finish(state, EventKind::ResultReported).await
}

/// `result.confirm`: the reporter's opponent confirms; the result counts.
///
/// # Errors
/// 403 for the reporter or anyone not at the table; 409 when there is no
/// pending report.
pub async fn confirm(state: &AppState, user: &User, pairing_id: Uuid) -> ApiResult<PairingView> {
    let mut table = Table::open(state, pairing_id).await?;
    table.in_playable_round().await?;
    table.require_opponent_of_reporter(user, "confirm")?;
    table.pairing.state = PairingState::Confirmed;
    table.finish(state, EventKind::ResultConfirmed).await
}

/// `result.dispute`: the reporter's opponent flags the report for the TO,
/// optionally with their own score and a note.
///
/// # Errors
/// As [`confirm`]; 422 for VP outside 0..=max.
pub async fn dispute(state: &AppState, user: &User, pairing_id: Uuid, input: DisputeInput) -> ApiResult<PairingView> {
    let mut table = Table::open(state, pairing_id).await?;
    let max = table.t.max_vp;
    let counter = Dispute {
        player1_vp: input.player1_vp.as_ref().map(|n| vp("player1_vp", n, max)).transpose()?,
        player2_vp: input.player2_vp.as_ref().map(|n| vp("player2_vp", n, max)).transpose()?,
        note: note(input.note.as_deref())?,
    };
    table.in_playable_round().await?;
    table.require_opponent_of_reporter(user, "dispute")?;
    table.pairing.state = PairingState::Disputed;
    table.pairing.dispute = Some(counter);
    table.finish(state, EventKind::ResultDisputed).await
}

/// `result.override`'s answer: the table, and what it did to ratings
/// (`null` while the round is open: it is rated when it closes).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Overridden {
    /// The table with its new result.
    pub pairing: PairingView,
    /// The re-rating of a closed round.
    pub ratings: Option<RatingsChangedView>,
}

/// `result.override`: the TO sets the result (any state, any round); it
/// counts at once, and in a closed round it re-rates that round and every
/// later one ([`super::ratings::result_overridden`]).
///
/// # Errors
/// 403 for anyone but the TO; 409 for a bye or a complete event; 422 for bad VP.
pub async fn override_result(state: &AppState, user: &User, pairing_id: Uuid, score: Score) -> ApiResult<Overridden> {
    let mut table = Table::open(state, pairing_id).await?;
    super::require_to(&table.t, user, "override results")?;
    let (vp1, vp2) = (vp("player1_vp", &score.player1_vp, table.t.max_vp)?, vp("player2_vp", &score.player2_vp, table.t.max_vp)?);
    if table.pairing.is_bye() {
        return Err(ApiError::conflict("bye", "A bye has no result to override: it counts as a win with 0 VP."));
    }
    if table.t.status == TournamentStatus::Complete {
        return Err(ApiError::conflict("wrong_status", "The tournament is complete; its results are final."));
    }
    table.set_score(vp1, vp2, user);
    table.pairing.state = PairingState::Confirmed;
    table.pairing.to_override = true;
    table.pairing.override_note = note(score.note.as_deref())?;
    let pairing = table.record(EventKind::ResultOverridden).await?;
    let ratings = super::ratings::result_overridden(&mut table.change, &table.t, &table.pairing).await?;
    table.change.commit(state).await?;
    Ok(Overridden { pairing, ratings })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vp_must_be_whole_and_in_range() {
        let n = |s: &str| serde_json::from_str::<serde_json::Number>(s).unwrap_or_else(|_| serde_json::Number::from(0));
        assert_eq!(vp("p", &n("72"), 100).ok(), Some(72));
        assert_eq!(vp("p", &n("0"), 100).ok(), Some(0));
        assert_eq!(vp("p", &n("100"), 100).ok(), Some(100));
        for bad in ["-1", "101", "72.5", "1e9", "18446744073709551615"] {
            assert!(vp("p", &n(bad), 100).is_err_and(|e| e.code() == "invalid_vp"), "{bad}");
        }
    }
}
