//! What each game's result payload accepts and refuses.

use super::*;
use crate::domain::{PairingSystem, Player, TournamentStatus};
use crate::game::{default_points, default_standings};
use uuid::Uuid;

/// Registration `no` (id `no`, account `1000 + no`, named `P{no}`),
/// checked in, no pairing number yet.
pub(crate) fn player(no: u32) -> Player {
    Player {
        id: Uuid::from_u128(u128::from(no)).into(),
        tournament_id: Uuid::nil().into(),
        user_id: Uuid::from_u128(1000 + u128::from(no)).into(),
        registration_no: no,
        pairing_no: None,
        display_name: format!("P{no}"),
        faction: String::new(),
        list_text: None,
        checked_in: true,
        dropped: false,
        removed: false,
        registered_at: 0,
        profile: crate::domain::PlayerProfile::default(),
        adjustments: Vec::new(),
        kind: crate::domain::PlayerKind::Single,
        waitlist: None,
        payment: None,
    }
}

pub(crate) fn event(game: Game, pairing_system: PairingSystem) -> Tournament {
    Tournament {
        id: Uuid::nil().into(),
        owner_id: Uuid::nil().into(),
        name: "Test".into(),
        game,
        pairing_system,
        event_date: chrono::NaiveDate::from_ymd_opt(2026, 5, 17).unwrap_or_default(),
        location: None,
        format: "Open".into(),
        total_rounds: 5,
        max_vp: if game == Game::Crokinole { 8 } else { 100 },
        missions: vec![],
        round_times: vec![],
        status: TournamentStatus::InProgress,
        lists_locked: false,
        standings: default_standings(game, pairing_system),
        points: default_points(game, pairing_system),
        resolutions: vec![],
        tie_notices: vec![],
        staff: vec![],
        constraints: crate::domain::Constraints::default(),
        acceleration: crate::domain::Acceleration::None,
        round_one: crate::domain::RoundOne::Registration,
        teams: None,
        standings_log: vec![],
        initial_colour: None,
        cap: None,
        fee: None,
        eligibility: crate::domain::Eligibility::default(),
        event_id: None,
        event_staff: Vec::new(),
        last_seq: 0,
        created_at: 0,
    }
}

fn score(json: &str) -> Score {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn code(r: ApiResult<GameScore>) -> &'static str {
    r.err().map_or("ok", |e| e.code())
}

#[test]
fn vp_must_be_whole_and_in_range() {
    let n = |s: &str| serde_json::from_str::<Number>(s).unwrap_or_else(|_| Number::from(0));
    assert_eq!(vp("p", &n("72"), 100).ok(), Some(72));
    assert_eq!(vp("p", &n("0"), 100).ok(), Some(0));
    assert_eq!(vp("p", &n("100"), 100).ok(), Some(100));
    for bad in ["-1", "101", "72.5", "1e9", "18446744073709551615"] {
        assert!(vp("p", &n(bad), 100).is_err_and(|e| e.code() == "invalid_vp"), "{bad}");
    }
}

#[test]
fn a_40k_result_is_two_vp_values() {
    let t = event(Game::Wh40k, PairingSystem::SwissRecord);
    assert_eq!(
        score(r#"{"player1_vp":72,"player2_vp":45}"#).parse(&t).ok(),
        Some(GameScore::Wh40k { player1_vp: 72, player2_vp: 45 })
    );
    assert_eq!(code(score(r#"{"player1_vp":72}"#).parse(&t)), "invalid_json");
    assert_eq!(code(score(r#"{"player1_vp":101,"player2_vp":0}"#).parse(&t)), "invalid_vp");
    let e = score(r#"{"result":"1-0"}"#).parse(&t).err();
    assert_eq!(e.as_ref().map(ApiError::code), Some("invalid_score"));
    assert!(e.is_some_and(
        |e| e.message().contains("player1_vp and player2_vp") && e.message().contains("result is not part")
    ));
}

#[test]
fn a_chess_result_is_one_of_six() {
    let t = event(Game::Chess, PairingSystem::RoundRobin);
    for (s, r) in
        [("1-0", ChessResult::WhiteWins), ("1/2-1/2", ChessResult::Draw), ("0F-1F", ChessResult::BlackWinsByForfeit)]
    {
        assert_eq!(score(&format!(r#"{{"result":"{s}"}}"#)).parse(&t).ok(), Some(GameScore::Chess { result: r }));
    }
    assert_eq!(code(score(r#"{"result":"2-0"}"#).parse(&t)), "invalid_result");
    assert_eq!(code(score(r#"{}"#).parse(&t)), "invalid_json");
    assert_eq!(code(score(r#"{"player1_vp":1,"player2_vp":0}"#).parse(&t)), "invalid_score");
    assert_eq!(code(score(r#"{"result":"1-0","player1_twenties":1}"#).parse(&t)), "invalid_score");
}

#[test]
fn a_crokinole_result_is_points_and_twenties() {
    let t = event(Game::Crokinole, PairingSystem::RoundRobin);
    let ok = r#"{"player1_points":6,"player2_points":2,"player1_twenties":3,"player2_twenties":1}"#;
    assert_eq!(
        score(ok).parse(&t).ok(),
        Some(GameScore::Crokinole { player1_points: 6, player2_points: 2, player1_twenties: 3, player2_twenties: 1 })
    );
    assert_eq!(
        code(score(r#"{"player1_points":6,"player2_points":2,"player1_twenties":3}"#).parse(&t)),
        "invalid_json"
    );
    // The event's maximum is 8 game points.
    assert_eq!(
        code(score(r#"{"player1_points":9,"player2_points":0,"player1_twenties":0,"player2_twenties":0}"#).parse(&t)),
        "invalid_points"
    );
    assert_eq!(
        code(score(r#"{"player1_points":4,"player2_points":4,"player1_twenties":-1,"player2_twenties":0}"#).parse(&t)),
        "invalid_twenties"
    );
    assert_eq!(
        code(score(r#"{"player1_points":4,"player2_points":4,"player1_twenties":101,"player2_twenties":0}"#).parse(&t)),
        "invalid_twenties"
    );
    assert_eq!(
        code(score(r#"{"player1_points":4.5,"player2_points":3,"player1_twenties":0,"player2_twenties":0}"#).parse(&t)),
        "invalid_points"
    );
    assert_eq!(code(score(r#"{"result":"1-0"}"#).parse(&t)), "invalid_score");
}

#[test]
fn counter_reports_are_partial_in_40k_and_whole_elsewhere() {
    let w = event(Game::Wh40k, PairingSystem::SwissRecord);
    assert_eq!(score(r#"{"player2_vp":40,"note":"x"}"#).counter(&w).ok(), Some((None, Some(40), None)));
    let c = event(Game::Chess, PairingSystem::RoundRobin);
    assert_eq!(score(r#"{"note":"wrong"}"#).counter(&c).ok(), Some((None, None, None)));
    assert_eq!(
        score(r#"{"result":"0-1"}"#).counter(&c).ok(),
        Some((None, None, Some(GameScore::Chess { result: ChessResult::BlackWins })))
    );
    assert!(score(r#"{"player1_vp":3}"#).counter(&c).is_err_and(|e| e.code() == "invalid_score"));
}
