//! Chess round robins: pairings and colours by the published FIDE Berger
//! tables (C.05 Annex 1), chess result payloads, FIDE C.07 tie-break
//! columns and the tie-break configuration API (FIDE Dutch: `dutch.rs`).

use super::{column, Event};
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};

/// C.05 Annex 1, "5 or 6 players", White first.
const TABLE_6: [[(u32, u32); 3]; 5] = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
];

/// The results, White first, by pairing numbers (registration order).
pub const RESULTS: [((u32, u32), &str); 15] = [
    ((1, 6), "1-0"),
    ((2, 5), "1-0"),
    ((3, 4), "1/2-1/2"),
    ((6, 4), "0-1"),
    ((5, 3), "0-1"),
    ((1, 2), "½-½"),
    ((2, 6), "1-0"),
    ((3, 1), "½-½"),
    ((4, 5), "1-0"),
    ((6, 5), "1-0"),
    ((1, 4), "0-1"),
    ((2, 3), "½-½"),
    ((3, 6), "1-0"),
    ((4, 2), "0-1"),
    ((5, 1), "0-1"),
];

/// The players, in registration order.
pub const NAMES: [&str; 6] = ["P1", "P2", "P3", "P4", "P5", "P6"];

/// A player's pairing number (registration order).
pub fn no(name: &str) -> u32 {
    NAMES.iter().position(|n| *n == name).map_or(0, |k| k as u32 + 1)
}

fn tables(published: &Value) -> Vec<(u32, u32)> {
    published["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| !p["player2"].is_null())
        .map(|p| (no(s(&p["player1"], "name")), no(s(&p["player2"], "name"))))
        .collect()
}

/// Six players, five rounds. Final scores P2 4, P3 3½, P4 3½, P1 3, P6 1,
/// P5 0. P3 and P4 drew their game (DE equal, ½ each), so Sonneborn-Berger
/// separates them, by C.07 art. 9.1 (each opponent's score times the points
/// scored against them): P3 ½·3½ + 1·0 + ½·3 + ½·4 + 1·1 = 6.25; P4 ½·3½ +
/// 1·1 + 1·0 + 1·3 + 0·4 = 5.75; P2 1·0 + ½·3 + 1·1 + ½·3½ + 1·3½ = 7.75.
/// Koya (art. 9.2: points against players with at least half the maximum,
/// 2½ of 5: P1, P2, P3, P4): P3 ½+½+½ = 1.5, P4 ½+1+0 = 1.5.
#[actix_web::test]
async fn a_round_robin_follows_the_berger_table_and_ranks_by_fide_tiebreaks() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "chess", "round_robin", &NAMES, json!({})).await?;

    // Tie-breaks before round 1: free, but C.07 art. 8 bars Buchholz.
    let r =
        e.to.set_tiebreaks(&e.id, &json!({ "config": { "game": "chess", "tiebreaks": [{ "code": "BH" }] } })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_standings"));
    e.to.set_tiebreaks(
        &e.id,
        &json!({ "config": { "game": "chess", "tiebreaks": [{ "code": "SB" }, { "code": "WIN" }] } }),
    )
    .await?
    .ok()?;

    for (round, want) in TABLE_6.iter().enumerate() {
        let published = e.pair_next().await?;
        assert_eq!(tables(&published), want.to_vec(), "round {}", round + 1);
        if round == 0 {
            assert_eq!(published["tournament"]["total_rounds"], 5);
            // A change after round 1 is paired needs an explicit confirmation, and is logged.
            let default = json!({ "game": "chess", "tiebreaks": [{ "code": "DE" }, { "code": "SB" }, { "code": "WIN" }, { "code": "KS" }] });
            let since = e.seq().await?;
            let r = e.to.set_tiebreaks(&e.id, &json!({ "config": default })).await?;
            assert_eq!((r.status.as_u16(), r.code()), (409, "confirmation_required"));
            let t = e.to.set_tiebreaks(&e.id, &json!({ "config": default, "confirm": true })).await?.ok()?;
            let log = t["tiebreaks"]["log"].as_array().cloned().unwrap_or_default();
            assert_eq!(log.iter().map(|c| c["rounds_paired"].as_u64().unwrap_or(9)).collect::<Vec<_>>(), [0, 1]);
            assert_eq!(s(&log[1], "by_name"), "Organiser");
            let kinds: Vec<String> = e.events(since).await?.into_iter().map(|(k, _)| k).collect();
            assert_eq!(kinds, ["standings_config_changed", "standings_changed"]);
        }
        let pairings = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
        for p in &pairings {
            let key = (no(s(&p["player1"], "name")), no(s(&p["player2"], "name")));
            let result = RESULTS.iter().find(|(k, _)| *k == key).map(|(_, r)| *r).unwrap_or("?");
            e.report_and_confirm(p, &json!({ "result": result })).await?;
        }
        e.close(&published["round"]).await?;
    }

    let st = e.standings().await?;
    let codes: Vec<&str> = st["columns"].as_array().into_iter().flatten().map(|c| s(c, "code")).collect();
    assert_eq!(codes, ["DE", "SB", "WIN", "KS"]);
    let order: Vec<(&str, &str)> =
        column(&st, "score").into_iter().map(|(n, v)| (n, v.as_str().unwrap_or(""))).collect();
    assert_eq!(order, [("P2", "4.0"), ("P3", "3.5"), ("P4", "3.5"), ("P1", "3.0"), ("P6", "1.0"), ("P5", "0.0")]);
    let values = |k: usize| -> Vec<String> {
        st["players"][k]["values"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| v.as_str().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(values(1), ["0.5", "6.25", "2", "1.5"]);
    assert_eq!(values(2), ["0.5", "5.75", "3", "1.5"]);
    assert_eq!(values(0)[1], "7.75");
    let tie = &st["players"][1]["tie"];
    assert_eq!((s(tie, "status"), s(tie, "by"), &tie["attention"]), ("decided", "SB", &json!(false)));
    assert_eq!(
        column(&st, "rank").into_iter().map(|(_, r)| r.as_u64().unwrap_or(0)).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert!(st["open_ties"].as_array().is_some_and(Vec::is_empty));
    // The direct-encounter table of the tied pair.
    let g = e.to.get(&format!("/api/tournaments/{}/standings/groups/2", e.id)).await?.ok()?;
    assert_eq!(s(&g["group"], "kind"), "direct_encounter");
    assert_eq!(g["group"]["players"].as_array().map(Vec::len), Some(2));
    Ok(())
}

/// An odd field: C.05 Annex 1 "5 or 6 players", player 6 is the bye, so
/// round 1 is 2-5, 3-4 and player 1 sits out, with no points by default.
#[actix_web::test]
async fn an_odd_field_has_a_pointless_bye_and_chess_results_are_validated() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let names = ["P1", "P2", "P3", "P4", "P5"];
    let mut e = Event::start(&app, "chess", "round_robin", &names, json!({})).await?;
    let published = e.pair_next().await?;
    assert_eq!(published["tournament"]["total_rounds"], 5);
    assert_eq!(tables(&published), [(2, 5), (3, 4)]);
    let bye = published["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["player2"].is_null())
        .cloned()
        .unwrap_or_default();
    assert_eq!((s(&bye["player1"], "name"), s(&bye, "result"), s(&bye, "state")), ("P1", "BYE", "CONFIRMED"));

    let p = published["round"]["pairings"][0].clone();
    let (pid, white) = (s(&p, "id").to_string(), s(&p["player1"], "id").to_string());
    let k = e.players.iter().position(|x| x.1 == white).unwrap_or(0);
    let c = &mut e.players[k].0;
    for (body, status, code) in [
        (json!({ "player1_vp": 1, "player2_vp": 0 }), 422, "invalid_score"),
        (json!({ "result": "2-0" }), 422, "invalid_result"),
        (json!({}), 400, "invalid_json"),
    ] {
        let r = c.report(&pid, &body).await?;
        assert_eq!((r.status.as_u16(), r.code()), (status, code), "{body}");
    }
    let v = c.report(&pid, &json!({ "result": "0F-1F" })).await?.ok()?;
    assert_eq!(
        (s(&v["pairing"], "result"), s(&v["pairing"], "player1_score"), s(&v["pairing"], "score_text")),
        ("P2_WIN_F", "0F", "0F–1F")
    );
    let st = e.standings().await?;
    let p1 = st["players"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| s(r, "display_name") == "P1")
        .cloned()
        .unwrap_or_default();
    assert_eq!((s(&p1, "score"), &p1["byes"]), ("0.0", &json!(1)));
    Ok(())
}
