//! What an allocation run reads: the event's current standings (rank and
//! score after tie-breaks and the TO's tie decisions, as
//! [`crate::service::standings`] computes them) and each player's profile
//! (rating, birth date, sex, disability, city, state, club), as the engine's
//! [`PrizeEvent`].

use crate::domain::{Entrant, PlayerId, PrizeConfig, RunInputs, Sheet};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::standings;
use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::prizes::{Date, ManualOverride, Player as PrizePlayer, PrizeEvent};
use arbiter_engine::standings::AdjustmentKind;
use arbiter_engine::standings::Exact;
use chrono::Datelike;

/// The engine's input for the sheet's tournament with `config` and
/// `overrides`, from its standings ([`standings::compute_all`] of the sheet). Players the TO removed take no prize; players who withdrew
/// keep their place. A player's engine number is their registration number.
///
/// With a finished top cut (`playoff`: the players in the cut with their
/// playoff places, best first) the players in the cut come first, ranked by
/// their place (semifinal losers without a third-place game share 3rd, and
/// so are tied for money), above everyone else in Swiss order. For the
/// engine's ties their score is set above every Swiss score, one tenth per
/// place (equal places, equal scores); the score shown stays their Swiss one.
///
/// # Errors
/// 409 `no_results` before any game counts; 500 if stored results are
/// inconsistent.
pub fn prize_event(
    sheet: &Sheet,
    config: &PrizeConfig,
    overrides: Vec<ManualOverride>,
    playoff: Option<&[(PlayerId, u32)]>,
) -> ApiResult<RunInputs> {
    let t = &sheet.tournament;
    let c = standings::compute_all(sheet)?;
    if !c.started {
        return Err(ApiError::conflict(
            Code::NoResults,
            "No game counts yet: prizes are allocated from the standings once results are in.",
        ));
    }
    // Each row with its rank and score for the engine (see the top cut above).
    let mut lines: Vec<(&arbiter_engine::standings::StandingRow, u32, Points)> =
        c.resolved.rows.iter().map(|row| (row, row.rank, points(row.score.value))).collect();
    if let Some(places) = playoff.filter(|p| !p.is_empty()) {
        lines = cut_first(lines, places, |row| c.by_no.get(&row.player).map(|p| p.id));
    }
    let mut entrants = Vec::new();
    let mut event_players = Vec::new();
    for (row, rank, score) in lines {
        let Some(p) = c.by_no.get(&row.player).filter(|p| !p.removed) else { continue };
        let (e, player) = line(p, rank, score, row.score.display.clone());
        entrants.push(e);
        event_players.push(player);
    }
    finish(t, config, overrides, entrants, event_players)
}

/// A registration's line of the engine's standings at `rank` with `score`
/// (`shown`: the score as the standings show it), and who it is.
pub(super) fn line(p: &crate::domain::Player, rank: u32, score: Points, shown: String) -> (Entrant, PrizePlayer) {
    let no = PlayerNo(p.registration_no);
    let entrant = Entrant { no, player_id: p.id, user_id: p.user_id, score: shown };
    let player = PrizePlayer {
        id: no,
        name: p.display_name.clone(),
        rank,
        score,
        rating: p.profile.rating,
        gender: p.profile.sex.as_deref().map(|s| if s == "w" { "F".to_string() } else { s.to_uppercase() }),
        date_of_birth: p.profile.birth_date.and_then(date),
        disability: p.profile.disability.then(|| "yes".to_string()),
        city: p.profile.city.clone(),
        state: p.profile.state.clone(),
        club: p.profile.club.clone(),
        faction: Some(p.faction.clone()).filter(|f| !f.trim().is_empty()),
        federation: p.profile.federation.clone(),
        painting: award(p, AdjustmentKind::Painting),
        sportsmanship: award(p, AdjustmentKind::Sportsmanship),
        entrant: None,
        game_points: None,
        board: None,
        games: None,
        board_percentage: None,
        swiss_game_points: None,
    };
    (entrant, player)
}

/// The run's inputs of `t` from its standings' lines.
///
/// # Errors
/// 500 when the event's date is out of range.
pub(super) fn finish(
    t: &crate::domain::Tournament,
    config: &PrizeConfig,
    overrides: Vec<ManualOverride>,
    entrants: Vec<Entrant>,
    players: Vec<PrizePlayer>,
) -> ApiResult<RunInputs> {
    let start_date =
        date(t.event_date).ok_or_else(|| ApiError::internal(format!("event date {} out of range", t.event_date)))?;
    Ok(RunInputs {
        event: PrizeEvent {
            tournament_id: Some(t.id.to_string()),
            start_date,
            players,
            categories: config.categories.clone(),
            rules: config.rules,
            overrides,
        },
        entrants,
    })
}

/// The standings' `lines` (each with its rank and score) with a finished
/// top cut's players first (`places`: each with their playoff place, best
/// first), ranked by their place and scored above every Swiss score, one
/// tenth per place (equal places, equal scores), then everyone else in Swiss
/// order; `id_of` names a line's registration.
pub(super) fn cut_first<T: Copy>(
    lines: Vec<(T, u32, Points)>,
    places: &[(PlayerId, u32)],
    id_of: impl Fn(T) -> Option<PlayerId>,
) -> Vec<(T, u32, Points)> {
    let top = lines.iter().map(|l| l.2.tenths()).max().unwrap_or(0);
    let cut = u32::try_from(places.len()).unwrap_or(u32::MAX);
    let mut ordered = Vec::with_capacity(lines.len());
    for &(player, place) in places {
        if let Some(l) = lines.iter().find(|l| id_of(l.0) == Some(player)) {
            let above = i32::try_from(cut.saturating_add(1).saturating_sub(place)).unwrap_or(0);
            ordered.push((l.0, place, Points::from_tenths(top.saturating_add(above))));
        }
    }
    let rest: Vec<_> = lines.iter().filter(|l| !places.iter().any(|(p, _)| id_of(l.0) == Some(*p))).collect();
    for (i, l) in rest.iter().enumerate() {
        // Tied Swiss ranks stay tied: the rank of the first of their group.
        let first = rest.iter().position(|x| x.1 == l.1).unwrap_or(i);
        ordered.push((l.0, cut.saturating_add(u32::try_from(first + 1).unwrap_or(u32::MAX)), l.2));
    }
    ordered
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

/// The sum of a player's painting (or sportsmanship) scores, `None` without one.
fn award(p: &crate::domain::Player, kind: AdjustmentKind) -> Option<i64> {
    let all = super::super::standings::adjustments(p, p.id);
    all.iter().any(|a| a.kind == kind).then(|| arbiter_engine::standings::adjustment::total(&all, &p.id, kind))
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
