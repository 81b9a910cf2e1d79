//! Which standings configurations and point values an event accepts.

use super::*;
use crate::game::default_standings;
use crate::service::standings::scores::tests::event;

fn config(t: &Tournament, json: &str) -> ApiResult<StandingsConfig> {
    parse_config(t, serde_json::from_str(json).unwrap_or_default())
}

fn code<T>(r: ApiResult<T>) -> &'static str {
    r.err().map_or("ok", |e| e.code())
}

fn points(json: &str) -> PointsInput {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn every_default_configuration_is_valid() {
    for game in [Game::Wh40k, Game::Chess, Game::Crokinole] {
        for &system in crate::game::system(game).pairing_systems() {
            let t = event(game, system);
            assert_eq!(
                validate(game, system, t.max_vp, &default_standings(game, system)).err().map(|e| e.code()),
                None,
                "{game} {system}"
            );
        }
    }
}

#[test]
fn chess_lists_follow_c07() {
    let rr = event(Game::Chess, PairingSystem::RoundRobin);
    assert_eq!(code(config(&rr, r#"{"game":"chess","tiebreaks":[{"code":"SB"},{"code":"DE"},{"code":"KS"}]}"#)), "ok");
    // C.07 art. 8: no Buchholz in a round robin, but fine in a Swiss.
    let bh = r#"{"game":"chess","tiebreaks":[{"code":"BH","modifier":"cut1"}]}"#;
    let e = config(&rr, bh).err();
    assert!(e.is_some_and(
        |e| e.code() == "invalid_standings" && e.message().contains("BH-C1 must not be used in a round robin")
    ));
    assert_eq!(code(config(&event(Game::Chess, PairingSystem::Dutch), bh)), "ok");
    assert_eq!(code(config(&rr, r#"{"game":"chess","tiebreaks":[{"code":"SB"},{"code":"SB"}]}"#)), "invalid_standings");
    assert_eq!(code(config(&rr, r#"{"game":"chess","tiebreaks":[{"code":"XYZ"}]}"#)), "invalid_standings");
    assert_eq!(code(config(&rr, r#"{"game":"chess","tiebreaks":[{"code":"KS","limit":40}]}"#)), "invalid_standings");
    assert_eq!(code(config(&rr, r#"{"game":"wh40k","tiebreaks":["vp_margin"]}"#)), "invalid_standings");
}

#[test]
fn crokinole_format_follows_the_pairing_system() {
    let rr = event(Game::Crokinole, PairingSystem::DoubleRoundRobin);
    assert_eq!(
        code(config(&rr, r#"{"game":"crokinole","scoring":"points","format":"round_robin","bye_points":0}"#)),
        "ok"
    );
    assert_eq!(code(config(&rr, r#"{"game":"crokinole","scoring":"wins","format":"swiss"}"#)), "invalid_standings");
    assert_eq!(
        code(config(&rr, r#"{"game":"crokinole","scoring":"wins","format":"round_robin","bye_points":3}"#)),
        "invalid_standings"
    );
    let swiss = event(Game::Crokinole, PairingSystem::SwissRecord);
    assert_eq!(code(config(&swiss, r#"{"game":"crokinole","scoring":"wins","format":"swiss"}"#)), "ok");
}

#[test]
fn wh40k_ranks_by_what_is_recorded() {
    let t = event(Game::Wh40k, PairingSystem::SwissRecord);
    assert_eq!(code(config(&t, r#"{"game":"wh40k","tiebreaks":["total_vp","vp_margin"]}"#)), "ok");
    assert_eq!(code(config(&t, r#"{"game":"wh40k","primary":"battle_points","tiebreaks":[]}"#)), "invalid_standings");
    assert_eq!(code(config(&t, r#"{"game":"wh40k","tiebreaks":["total_vp","total_vp"]}"#)), "invalid_standings");
}

#[test]
fn chess_points_are_ordered_tenths() {
    let p = parse_points(Game::Chess, PairingSystem::RoundRobin, &points(r#"{"win":3,"draw":1,"loss":0}"#));
    assert_eq!(
        p.as_ref().map(|p| (p.win, p.draw, p.forfeit_win, p.pairing_bye)).ok(),
        Some((Points::whole(3), Points::whole(1), Points::whole(3), Points::ZERO))
    );
    let swiss = parse_points(Game::Chess, PairingSystem::Dutch, &points(r#"{"win":1,"draw":0.5,"loss":0}"#));
    assert_eq!(swiss.map(|p| p.pairing_bye).ok(), Some(Points::ONE));
    for bad in [
        r#"{"win":1,"draw":0.25,"loss":0}"#,
        r#"{"win":0,"draw":0,"loss":0}"#,
        r#"{"win":1,"draw":2,"loss":0}"#,
        r#"{"win":1,"draw":0.5,"loss":0,"bye":2}"#,
        r#"{"win":11,"draw":0.5,"loss":0}"#,
    ] {
        assert_eq!(code(parse_points(Game::Chess, PairingSystem::RoundRobin, &points(bad))), "invalid_points", "{bad}");
    }
    assert_eq!(
        code(parse_points(Game::Crokinole, PairingSystem::RoundRobin, &points(r#"{"win":1,"draw":0.5,"loss":0}"#))),
        "invalid_field"
    );
}
