//! A crokinole round robin reproducing the worked example of the crokinole
//! tie-breaker specification ("Tiebreaker Algorithm", Example): four players
//! tied on 8 points,
//!
//! | Player  | Mini-League PTS | Mini-League 20s | Total 20s |
//! |---------|-----------------|-----------------|-----------|
//! | Player2 | 4               | 15              | 38        |
//! | Isis    | 4               | 9               | 21        |
//! | Player6 | 2               | 14              | 32        |
//! | Player7 | 2               | 14              | 28        |
//!
//! Player2 > Isis (same mini-league points, more mini-league 20s); Player6 >
//! Player7 (same mini-league points and 20s, decided by total 20s: `twenties`,
//! with ⚠). The 21 games of a 7-player round robin below give exactly that
//! table (each player has one bye, worth no points by default); they are
//! played through the API round by round as the Berger tables pair them.

use super::{column, Event};
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};

pub const NAMES: [&str; 7] = ["Player1", "Player2", "Player3", "Isis", "Player5", "Player6", "Player7"];

/// One player's side of a game: (player, game points, 20s).
pub type Side = (&'static str, u32, u32);
/// A game: one side against the other.
pub type Game = (Side, Side);

pub const GAMES: [Game; 21] = [
    // The mini-league of the four tied players.
    (("Player2", 4, 5), ("Isis", 4, 3)),
    (("Player2", 4, 4), ("Player6", 4, 6)),
    (("Player2", 6, 6), ("Player7", 2, 2)),
    (("Isis", 6, 4), ("Player6", 2, 3)),
    (("Isis", 4, 2), ("Player7", 4, 7)),
    (("Player6", 4, 5), ("Player7", 4, 5)),
    // Their games against the others.
    (("Player2", 2, 5), ("Player1", 6, 1)),
    (("Player2", 8, 9), ("Player3", 0, 0)),
    (("Player2", 6, 9), ("Player5", 2, 2)),
    (("Isis", 6, 4), ("Player1", 2, 2)),
    (("Isis", 2, 3), ("Player3", 6, 4)),
    (("Isis", 6, 5), ("Player5", 2, 1)),
    (("Player6", 6, 6), ("Player1", 2, 0)),
    (("Player6", 8, 6), ("Player3", 0, 1)),
    (("Player6", 6, 6), ("Player5", 2, 3)),
    (("Player7", 6, 4), ("Player1", 2, 2)),
    (("Player7", 6, 5), ("Player3", 2, 2)),
    (("Player7", 8, 5), ("Player5", 0, 0)),
    // The others among themselves.
    (("Player1", 6, 3), ("Player3", 2, 1)),
    (("Player1", 6, 2), ("Player5", 2, 2)),
    (("Player3", 6, 3), ("Player5", 2, 0)),
];

/// The result payload of the game between `p1` and `p2`, player 1 first.
pub fn payload(p1: &str, p2: &str, games: &[Game]) -> Option<Value> {
    games.iter().find_map(|&(a, b)| {
        let (x, y) = if a.0 == p1 && b.0 == p2 {
            (a, b)
        } else if a.0 == p2 && b.0 == p1 {
            (b, a)
        } else {
            return None;
        };
        Some(json!({ "player1_points": x.1, "player2_points": y.1, "player1_twenties": x.2, "player2_twenties": y.2 }))
    })
}

/// Plays every round of a round robin of `names` as the Berger tables pair
/// it, each game's result taken from `games`.
async fn play_round_robin(app: &TestApp, names: &[&str], games: &[Game]) -> anyhow::Result<Event> {
    let mut e = Event::start(app, "crokinole", "round_robin", names, json!({})).await?;
    let mut rounds = None;
    loop {
        let published = e.pair_next().await?;
        let total = rounds.get_or_insert_with(|| published["tournament"]["total_rounds"].clone()).clone();
        let pairings = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
        for p in pairings.iter().filter(|p| !p["player2"].is_null()) {
            let (a, b) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
            let score = payload(a, b, games).ok_or_else(|| anyhow::anyhow!("{a} and {b} do not meet"))?;
            e.report_and_confirm(p, &score).await?;
        }
        e.close(&published["round"]).await?;
        if published["round"]["number"] == total {
            return Ok(e);
        }
    }
}

/// The example event, every round paired, reported, confirmed and closed.
/// Also checks round 1 against the published Berger table for 7 or 8
/// players (C.05 Annex 1: "Rd 1: 1-8, 2-7, 3-6, 4-5"; 8 is the bye).
pub async fn example_event(app: &TestApp) -> anyhow::Result<Event> {
    let mut e = Event::start(app, "crokinole", "round_robin", &NAMES, json!({})).await?;
    for round in 1..=7 {
        let published = e.pair_next().await?;
        if round == 1 {
            assert_eq!(published["tournament"]["total_rounds"], 7, "a 7-player round robin has 7 rounds");
            let tables: Vec<(String, String)> = published["round"]["pairings"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| {
                    (s(&p["player1"], "name").to_string(), p["player2"]["name"].as_str().unwrap_or("BYE").to_string())
                })
                .collect();
            let want = [("Player2", "Player7"), ("Player3", "Player6"), ("Isis", "Player5"), ("Player1", "BYE")];
            assert_eq!(tables, want.map(|(a, b)| (a.to_string(), b.to_string())));
        }
        let pairings = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
        for p in pairings.iter().filter(|p| !p["player2"].is_null()) {
            let (a, b) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
            let score =
                payload(a, b, &GAMES).ok_or_else(|| anyhow::anyhow!("{a} and {b} do not meet in the example"))?;
            e.report_and_confirm(p, &score).await?;
        }
        e.close(&published["round"]).await?;
    }
    Ok(e)
}

#[actix_web::test]
async fn the_specification_example_end_to_end() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = example_event(&app).await?;
    let st = e.standings().await?;
    let codes: Vec<&str> = st["columns"].as_array().into_iter().flatten().map(|c| s(c, "code")).collect();
    assert_eq!(codes, ["ML PTS", "ML 20s", "20s"]);
    let top: Vec<(&str, &str, Vec<&str>)> = st["players"]
        .as_array()
        .into_iter()
        .flatten()
        .take(4)
        .map(|r| {
            (
                s(r, "display_name"),
                s(r, "score"),
                r["values"].as_array().into_iter().flatten().filter_map(Value::as_str).collect(),
            )
        })
        .collect();
    assert_eq!(
        top,
        vec![
            ("Player2", "8", vec!["4", "15", "38"]),
            ("Isis", "8", vec!["4", "9", "21"]),
            ("Player6", "8", vec!["2", "14", "32"]),
            ("Player7", "8", vec!["2", "14", "28"]),
        ]
    );
    // Player2 and Isis are placed by the mini-league; Player6 and Player7 by
    // total 20s: `twenties`, ⚠, open to the TO; all four are a 3+ group.
    let reasons: Vec<(&str, &Value)> = column(&st, "tie_reason").into_iter().take(4).collect();
    assert_eq!(reasons[2], ("Player6", &json!("twenties")));
    assert_eq!(reasons[3], ("Player7", &json!("twenties")));
    assert_eq!(reasons[0], ("Player2", &json!("mini-league")));
    assert_eq!(reasons[1], ("Isis", &json!("mini-league")));
    let ties: Vec<(&str, bool, u64)> = column(&st, "tie")
        .into_iter()
        .take(4)
        .map(|(n, t)| (n, t["attention"].as_bool().unwrap_or(false), t["group_size"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(ties, vec![("Player2", false, 4), ("Isis", false, 4), ("Player6", true, 4), ("Player7", true, 4)]);
    let ranks: Vec<u64> = column(&st, "rank").into_iter().take(4).map(|(_, r)| r.as_u64().unwrap_or(0)).collect();
    assert_eq!(ranks, [1, 2, 3, 4]);
    let open = &st["open_ties"][0];
    assert_eq!((s(open, "kind"), s(open, "by"), &open["first_position"]), ("provisional", "20s", &json!(3)));
    assert_eq!(open["names"], json!(["Player6", "Player7"]));
    // W-L-D kept for every game (the bye is not a win in a round robin).
    let p2 = &st["players"][0];
    assert_eq!((&p2["wins"], &p2["losses"], &p2["draws"], &p2["byes"]), (&json!(3), &json!(1), &json!(2), &json!(1)));

    // The tied group's mini-league (the orange badge): the seed's table.
    let g = e.to.get(&format!("/api/tournaments/{}/standings/groups/1", e.id)).await?.ok()?;
    assert_eq!(s(&g["group"], "kind"), "mini_league");
    let rows: Vec<(&str, &str, &Value)> = g["group"]["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| (s(r, "display_name"), s(r, "points"), &r["twenties"]))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Player2", "4", &json!(15)),
            ("Isis", "4", &json!(9)),
            ("Player6", "2", &json!(14)),
            ("Player7", "2", &json!(14))
        ]
    );
    Ok(())
}

/// "For Round Robin tournaments with 3+ players tied, a 'mini-league'
/// approach is used": when the mini-league places the tied players, their
/// `tie_reason` is `mini-league`, even where a player placed higher lost the
/// game against one placed lower (here B is above A, who beat B).
#[actix_web::test]
async fn a_mini_league_decision_is_named_by_its_tie_reason() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    // A beats B, B beats C, C beats A: 2 points each, mini-league points 2
    // each; mini-league 20s B 5 + 3 = 8, C 1 + 3 = 4, A 1 + 2 = 3.
    let games: [Game; 3] = [(("A", 6, 1), ("B", 2, 5)), (("B", 6, 3), ("C", 2, 1)), (("C", 6, 3), ("A", 2, 2))];
    let mut e = play_round_robin(&app, &["A", "B", "C"], &games).await?;
    let st = e.standings().await?;
    let reasons: Vec<(&str, &Value)> = column(&st, "tie_reason");
    assert_eq!(reasons, [("B", &json!("mini-league")), ("C", &json!("mini-league")), ("A", &json!("mini-league"))]);
    Ok(())
}

#[actix_web::test]
async fn crokinole_results_are_points_and_twenties() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "crokinole", "round_robin", &["A", "B"], json!({})).await?;
    let published = e.pair_next().await?;
    let p = &published["round"]["pairings"][0];
    let pid = s(p, "id").to_string();
    let p1 = s(&p["player1"], "id").to_string();
    let k = e.players.iter().position(|x| x.1 == p1).unwrap_or(0);
    let c = &mut e.players[k].0;
    let r = c.report_vp(&pid, 6, 2).await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_score"));
    let r = c
        .report(
            &pid,
            &json!({ "player1_points": 9, "player2_points": 0, "player1_twenties": 0, "player2_twenties": 0 }),
        )
        .await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_points"));
    let r = c.report(&pid, &json!({ "player1_points": 6, "player2_points": 2, "player1_twenties": 3 })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"));
    let ok = c
        .report(
            &pid,
            &json!({ "player1_points": 6, "player2_points": 2, "player1_twenties": 3, "player2_twenties": 1 }),
        )
        .await?
        .ok()?;
    let v = &ok["pairing"];
    assert_eq!((s(v, "result"), s(v, "player1_score"), s(v, "player2_score")), ("P1_WIN", "6 (3)", "2 (1)"));
    assert_eq!(
        v["score"],
        json!({ "player1_points": 6, "player2_points": 2, "player1_twenties": 3, "player2_twenties": 1 })
    );
    assert!(v["player1_vp"].is_null());
    Ok(())
}

/// Crokinole Swiss: paired by record (score groups by W-L-D, fold), ranked
/// by game points, then head-to-head and total 20s.
#[actix_web::test]
async fn a_crokinole_swiss_pairs_by_record() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e =
        Event::start(&app, "crokinole", "swiss_record", &["A", "B", "C", "D"], json!({ "total_rounds": 3 })).await?;
    let pairs = |published: &Value| -> Vec<(String, String)> {
        published["round"]["pairings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| {
                let mut v = [s(&p["player1"], "name").to_string(), s(&p["player2"], "name").to_string()];
                v.sort();
                (v[0].clone(), v[1].clone())
            })
            .collect()
    };
    // Round 1: one group of four, folded 1st v 3rd, 2nd v 4th.
    let r1 = e.pair_next().await?;
    assert_eq!(pairs(&r1), [("A".to_string(), "C".to_string()), ("B".to_string(), "D".to_string())]);
    for p in r1["round"]["pairings"].as_array().cloned().unwrap_or_default() {
        let winner_first = ["A", "D"].contains(&s(&p["player1"], "name"));
        let (a, b) = if winner_first { (6, 2) } else { (2, 6) };
        e.report_and_confirm(
            &p,
            &json!({ "player1_points": a, "player2_points": b, "player1_twenties": 1, "player2_twenties": 1 }),
        )
        .await?;
    }
    e.close(&r1["round"]).await?;
    // Round 2: the winners A and D meet, and the losers B and C.
    let r2 = e.pair_next().await?;
    let mut got = pairs(&r2);
    got.sort();
    assert_eq!(got, [("A".to_string(), "D".to_string()), ("B".to_string(), "C".to_string())]);
    let st = e.standings().await?;
    let codes: Vec<&str> = st["columns"].as_array().into_iter().flatten().map(|c| s(c, "code")).collect();
    assert_eq!(codes, ["H2H", "20s"]);
    Ok(())
}

/// A double round robin of three: C.05 Annex 1 "3 or 4 players" twice over,
/// six rounds; round 1 is 1-4 (player 4 is the bye: player 1 sits out) and 2-3.
#[actix_web::test]
async fn a_double_round_robin_of_three_has_six_rounds() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = Event::start(&app, "crokinole", "double_round_robin", &["A", "B", "C"], json!({})).await?;
    let r1 = e.pair_next().await?;
    assert_eq!(r1["tournament"]["total_rounds"], 6);
    let tables: Vec<(&str, &str)> = r1["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| (s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or("BYE")))
        .collect();
    assert_eq!(tables, [("B", "C"), ("A", "BYE")]);
    Ok(())
}
