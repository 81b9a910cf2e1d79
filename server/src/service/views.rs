//! Builds the view models of `arbiter_web::views` from domain records.

use crate::domain::{
    Acceleration, GameScore, MatchFormat, Pairing, Player, PlayerId, Round, RoundOne, Tournament, UserId,
};
use arbiter_engine::model::PointSystem;
use arbiter_web::views::sets as web;
pub use arbiter_web::views::{
    AdjustmentView, ClockView, DisputeView, PairingView, PlayerView, PointsView, ProfileView, RoundView, Seat,
    Snapshot, StandingView, StandingsMeta, StandingsWindow, TournamentView, ViewState,
};
use std::collections::HashMap;
use uuid::Uuid;

impl From<&Acceleration> for web::Acceleration {
    fn from(a: &Acceleration) -> web::Acceleration {
        match a {
            Acceleration::None => web::Acceleration::None,
            Acceleration::Baku => web::Acceleration::Baku,
            Acceleration::Given { .. } => web::Acceleration::Given,
        }
    }
}

impl From<RoundOne> for web::RoundOnePairing {
    fn from(r: RoundOne) -> web::RoundOnePairing {
        match r {
            RoundOne::Registration => web::RoundOnePairing::Registration,
            RoundOne::Random { .. } => web::RoundOnePairing::Random,
            RoundOne::Rating => web::RoundOnePairing::Rating,
        }
    }
}

impl From<MatchFormat> for web::MatchFormat {
    fn from(f: MatchFormat) -> web::MatchFormat {
        match f {
            MatchFormat::Single => web::MatchFormat::Single,
            MatchFormat::BestOfThree => web::MatchFormat::BestOfThree,
            MatchFormat::TiebreakGames => web::MatchFormat::TiebreakGames,
        }
    }
}

/// The view of `t` with `player_count` registrations.
#[must_use]
pub fn tournament(t: &Tournament, player_count: usize) -> TournamentView {
    TournamentView {
        id: t.id,
        name: t.name.clone(),
        game: t.game,
        pages_like: crate::game::system(t.game).pages_like(),
        pairing_system: t.pairing_system,
        event_date: t.event_date.format("%Y-%m-%d").to_string(),
        location: t.location.clone(),
        format: t.format.clone(),
        total_rounds: t.total_rounds,
        max_vp: t.max_vp,
        standings_config: serde_json::to_value(&t.standings).unwrap_or_default(),
        points: t.points.as_ref().map(points),
        missions: t.missions.clone(),
        round_times: t.round_times.clone(),
        status: t.status,
        lists_locked: t.lists_locked,
        owner_id: t.owner_id,
        player_count,
        acceleration: (&t.acceleration).into(),
        round_one_pairing: t.round_one.into(),
        round_one_seed: t.round_one.seed(),
        teams: t.teams.as_ref().and_then(|r| serde_json::to_value(r).ok()),
        cap: t.cap,
        fee: t.fee.as_ref().map(|f| arbiter_web::views::FeeView { amount: f.amount, currency: f.currency.clone() }),
        eligibility: eligibility(&t.eligibility),
        event_id: t.event_id,
    }
}

/// Chess point values, in points.
#[must_use]
pub fn points(p: &PointSystem) -> PointsView {
    PointsView { win: p.win.as_f64(), draw: p.draw.as_f64(), loss: p.loss.as_f64(), bye: p.pairing_bye.as_f64() }
}

/// The view of `p`, with the list if `show_list`, and the private part of
/// the profile (birth date, sex, disability) if `private`.
#[must_use]
pub fn player(p: &Player, show_list: bool, private: bool) -> PlayerView {
    PlayerView {
        id: p.id,
        user_id: p.user_id,
        registration_no: p.registration_no,
        pairing_no: p.pairing_no,
        display_name: p.display_name.clone(),
        faction: p.faction.clone(),
        has_list: p.list_text.as_deref().is_some_and(|l| !l.trim().is_empty()),
        list_text: if show_list { p.list_text.clone() } else { None },
        checked_in: p.checked_in,
        dropped: p.dropped,
        removed: p.removed,
        profile: profile(&p.profile, private),
        adjustments: adjustments(p),
        waitlist: p.waitlist,
        payment: private.then(|| payment(p)),
    }
}

/// Who may enter, as everyone reads it (`None`: everyone; the invitation
/// list is left out).
#[must_use]
pub fn eligibility(e: &crate::domain::Eligibility) -> Option<arbiter_web::views::EligibilityView> {
    use arbiter_web::views::{AgeRuleView, EligibilityView, RatingBandView};
    (!e.is_open()).then(|| EligibilityView {
        rating: e.rating.as_ref().map(|b| RatingBandView {
            source: b.source.as_str().into(),
            min: b.min,
            max: b.max,
            unrated: b.unrated,
        }),
        age: e.age.as_ref().map(|a| AgeRuleView { cutoff: a.cutoff.to_string(), min: a.min, max: a.max }),
        invitation_only: e.invitation_only,
    })
}

/// A player's payment as shown (owed, by nobody, when nothing was marked).
#[must_use]
pub fn payment(p: &Player) -> arbiter_web::views::PaymentView {
    match &p.payment {
        Some(x) => arbiter_web::views::PaymentView {
            state: match x.state {
                crate::domain::PaymentState::Paid => web::PaymentState::Paid,
                crate::domain::PaymentState::Owed => web::PaymentState::Owed,
                crate::domain::PaymentState::Waived => web::PaymentState::Waived,
            },
            amount: x.amount,
            by: Some(x.by_name.clone()),
            at: Some(x.at),
        },
        None => arbiter_web::views::PaymentView { state: web::PaymentState::Owed, amount: 0, by: None, at: None },
    }
}

/// A player's adjustments as shown, oldest first.
#[must_use]
pub fn adjustments(p: &Player) -> Vec<AdjustmentView> {
    p.adjustments
        .iter()
        .map(|a| AdjustmentView {
            no: a.no,
            kind: a.kind.into(),
            amount: a.amount,
            reason: a.reason.clone(),
            round: a.round,
            by: a.by.clone(),
            at: a.at,
        })
        .collect()
}

/// The view of a profile; the private part only if `private`.
#[must_use]
pub fn profile(p: &crate::domain::PlayerProfile, private: bool) -> ProfileView {
    ProfileView {
        rating: p.rating,
        fide_id: p.fide_id.clone(),
        title: p.title.as_deref().and_then(web::FideTitle::parse),
        federation: p.federation.clone(),
        club: p.club.clone(),
        city: p.city.clone(),
        state: p.state.clone(),
        birth_date: p.birth_date.filter(|_| private).map(|d| d.format("%Y-%m-%d").to_string()),
        sex: p.sex.as_deref().and_then(web::Sex::parse).filter(|_| private),
        disability: private.then_some(p.disability),
    }
}

/// Names and factions by registration id.
pub type Roster = HashMap<PlayerId, Seat>;

/// Builds the roster of a tournament's players.
#[must_use]
pub fn roster(players: &[Player]) -> Roster {
    players
        .iter()
        .map(|p| {
            let seat = Seat { id: p.id, user_id: p.user_id, name: p.display_name.clone(), faction: p.faction.clone() };
            (p.id, seat)
        })
        .collect()
}

/// The seat of `id`; a registration missing from the roster (which the
/// database's keys rule out) is shown as `?` with the nil account.
fn seat(roster: &Roster, id: PlayerId) -> Seat {
    roster.get(&id).cloned().unwrap_or(Seat {
        id,
        user_id: UserId::from_uuid(Uuid::nil()),
        name: "?".into(),
        faction: String::new(),
    })
}

/// The view of `p`, naming its players from `roster`.
#[must_use]
pub fn pairing(p: &Pairing, roster: &Roster) -> PairingView {
    let p1 = seat(roster, p.player1_id);
    let p2 = p.player2_id.map(|id| seat(roster, id));
    let reported_by = p.reported_by.map(|u| {
        if u == p1.user_id {
            web::ReportedBy::Player1
        } else if p2.as_ref().is_some_and(|s| s.user_id == u) {
            web::ReportedBy::Player2
        } else {
            web::ReportedBy::To
        }
    });
    PairingView {
        id: p.id,
        round_id: p.round_id,
        table: p.table_number,
        player1: p1,
        player2: p2,
        player1_vp: p.score.and_then(|s| s.vp()).map(|v| v.0),
        player2_vp: p.score.and_then(|s| s.vp()).map(|v| v.1),
        score: p.score.as_ref().map(score_json),
        player1_score: p.score.map(|s| s.seat(1)),
        player2_score: p.score.filter(|_| !p.is_bye()).map(|s| s.seat(2)),
        score_text: p.score.map(|s| s.text()),
        result: p.result,
        state: p.state,
        reported_by,
        dispute: p.dispute.as_ref().map(|d| DisputeView {
            player1_vp: d.player1_vp,
            player2_vp: d.player2_vp,
            score: d.score.as_ref().map(score_json),
            score_text: d.score.map(|s| s.text()),
            note: d.note.clone(),
        }),
        to_override: p.to_override,
        override_note: p.override_note.clone(),
        rematch: p.rematch,
        match_id: p.in_match.map(|m| m.match_id),
        board: p.in_match.map(|m| m.board),
    }
}

/// A score as its result payload.
fn score_json(s: &GameScore) -> serde_json::Value {
    serde_json::to_value(s).unwrap_or_default()
}

/// The view of a round's clock; `round` is the round's number.
#[must_use]
pub fn clock(c: &crate::domain::clock::RoundClock, round: u32) -> ClockView {
    use crate::domain::clock::ClockState;
    let (state, ends_at, remaining_ms) = match c.state {
        ClockState::Running { ends_at } => (web::ClockState::Running, Some(ends_at), None),
        ClockState::Paused { remaining } => (web::ClockState::Paused, None, Some(remaining)),
        ClockState::Ended => (web::ClockState::Ended, None, None),
    };
    ClockView { round_id: c.round_id, round, state, duration_ms: c.duration, ends_at, remaining_ms }
}

/// The view of `r` with its `pairings`.
#[must_use]
pub fn round(r: &Round, pairings: &[Pairing], roster: &Roster) -> RoundView {
    RoundView {
        id: r.id,
        number: r.number,
        status: r.status,
        mission: r.mission.clone(),
        pairings: pairings.iter().map(|p| pairing(p, roster)).collect(),
        tables_total: u32::try_from(pairings.iter().filter(|p| !p.is_bye()).count()).unwrap_or(u32::MAX),
        playoff: r.playoff,
        stage: if r.playoff { arbiter_web::views::playoffs::PlayoffStage::of_name(&r.mission) } else { None },
    }
}
