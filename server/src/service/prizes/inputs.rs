//! What an allocation run reads: the event's current standings (rank and
//! score after tie-breaks and the TO's tie decisions, as
//! [`crate::service::standings`] computes them) and each player's profile
//! (rating, birth date, sex, disability, city, state, club), as the engine's
//! [`PrizeEvent`].

use crate::domain::{Entrant, Pairing, Player, PrizeConfig, Round, RunInputs, Tournament};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::standings;
use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::prizes::{Date, ManualOverride, Player as PrizePlayer, PrizeEvent};
use arbiter_engine::standings::Exact;
use chrono::Datelike;

/// The engine's input for `t` with `config` and `overrides`, from its
/// standings. Players the TO removed take no prize; players who withdrew
/// keep their place. A player's engine number is their registration number.
///
/// # Errors
/// 409 `no_results` before any game counts; 500 if stored results are
/// inconsistent.
pub fn prize_event(
    t: &Tournament,
    players: &[Player],
    rounds: &[Round],
    pairings: &[Pairing],
    config: &PrizeConfig,
    overrides: Vec<ManualOverride>,
) -> ApiResult<RunInputs> {
    let c = standings::compute_all(t, players, rounds, pairings)?;
    if !c.started {
        return Err(ApiError::conflict(
            Code::NoResults,
            "No game counts yet: prizes are allocated from the standings once results are in.",
        ));
    }
    let mut entrants = Vec::new();
    let mut event_players = Vec::new();
    for row in &c.resolved.rows {
        let Some(p) = c.by_no.get(&row.player).filter(|p| !p.removed) else { continue };
        let no = PlayerNo(p.registration_no);
        entrants.push(Entrant { no, player_id: p.id, user_id: p.user_id, score: row.score.display.clone() });
        event_players.push(PrizePlayer {
            id: no,
            name: p.display_name.clone(),
            rank: row.rank,
            score: points(row.score.value),
            rating: p.profile.rating,
            gender: p.profile.sex.as_deref().map(|s| if s == "w" { "F".to_string() } else { s.to_uppercase() }),
            date_of_birth: p.profile.birth_date.and_then(date),
            disability: p.profile.disability.then(|| "yes".to_string()),
            city: p.profile.city.clone(),
            state: p.profile.state.clone(),
            club: p.profile.club.clone(),
        });
    }
    let start_date =
        date(t.event_date).ok_or_else(|| ApiError::internal(format!("event date {} out of range", t.event_date)))?;
    Ok(RunInputs {
        event: PrizeEvent {
            tournament_id: Some(t.id.to_string()),
            start_date,
            players: event_players,
            categories: config.categories.clone(),
            rules: config.rules,
            overrides,
        },
        entrants,
    })
}

/// A standings score in tenths of a point, rounded down (scores of every
/// game are whole tenths; rounding down keeps the standings order).
fn points(v: Option<Exact>) -> Points {
    let v = v.unwrap_or(Exact::ZERO);
    let tenths = (i128::from(v.num()) * 10).div_euclid(i128::from(v.den()).max(1));
    Points::from_tenths(i32::try_from(tenths).unwrap_or(if tenths < 0 { i32::MIN } else { i32::MAX }))
}

fn date(d: chrono::NaiveDate) -> Option<Date> {
    Date::new(u16::try_from(d.year()).ok()?, u8::try_from(d.month()).ok()?, u8::try_from(d.day()).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_dates_convert_exactly() {
        assert_eq!(points(Exact::new(7, 2)), Points::from_tenths(35));
        assert_eq!(points(Some(Exact::integer(3))), Points::whole(3));
        assert_eq!(points(None), Points::ZERO);
        let d = chrono::NaiveDate::from_ymd_opt(2012, 2, 29).and_then(date);
        assert_eq!(d.map(|d| d.to_string()).as_deref(), Some("2012-02-29"));
    }
}
