//! Exports: players, a round's pairings and results, standings after any
//! round (CSV and JSON), and ratings as CSV, checked against the results put
//! in and the seed's 40K ranking (wins, then VP margin) and Elo (both at
//! 1200 with K 32: the winner gains 16, the loser gives 16).

use arbiter_tests::{Api, Backend, Event, TestApp};
use serde_json::json;

/// The CSV's lines split into cells (none of these cells holds a comma or quote).
fn cells(csv: &str) -> Vec<Vec<String>> {
    csv.lines().map(|l| l.split(',').map(str::to_string).collect()).collect()
}

async fn exports_follow_the_results(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::build(&app.base).rounds(2).players(&["Ann", "Bea", "Cal", "Dee"]).start().await.unwrap();
    let tid = ev.tid.clone();

    // Players, in registration order, before any round.
    let r = ev.to.export(&tid, "players.csv").await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let rows = cells(&r.text);
    assert_eq!(
        rows[0].join(","),
        "no,player_id,name,faction,rating,title,fide_id,federation,club,city,state,pairing_no,checked_in,dropped,removed"
    );
    let names: Vec<&str> = rows[1..].iter().map(|r| r[2].as_str()).collect();
    assert_eq!(names, ["Ann", "Bea", "Cal", "Dee"]);
    assert!(rows[1..].iter().all(|r| r[3] == "Orks" && r[12] == "true" && r[13] == "false"), "{rows:?}");
    assert_eq!(rows[1][1], ev.registrations[0]);

    // Round 1: table 1 is won 70–40 (margin 30), table 2 60–50 (margin 10).
    let (rid1, t1) = ev.pair_next().await.unwrap();
    ev.play(&t1[0], 70, 40).await.unwrap();
    ev.play(&t1[1], 60, 50).await.unwrap();
    ev.to.close_round(&rid1).await.unwrap().ok().unwrap();
    let name = |i: usize| ["Ann", "Bea", "Cal", "Dee"][i];
    let (w1, l1, w2, l2) = (name(t1[0].p1), name(t1[0].p2), name(t1[1].p1), name(t1[1].p2));

    let r = ev.to.export(&tid, "rounds/1.csv").await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let rows = cells(&r.text);
    assert_eq!(rows[0][..4].join(","), "round,table,player1_id,player1");
    assert_eq!(rows.len(), 3, "a header and two tables: {rows:?}");
    assert_eq!([&rows[1][1], &rows[1][3], &rows[1][6], &rows[1][8], &rows[1][9]], ["1", w1, l1, "70", "40"]);
    assert_eq!([&rows[2][1], &rows[2][3], &rows[2][6], &rows[2][8], &rows[2][9]], ["2", w2, l2, "60", "50"]);
    assert!(rows[1..].iter().all(|r| r[10] == "P1_WIN" && r[11] == "CONFIRMED"), "{rows:?}");
    let j = ev.to.export(&tid, "rounds/1.json").await.unwrap().ok().unwrap();
    assert_eq!(j[0]["table"], 1);
    assert_eq!(
        (&j[0]["player1"], &j[0]["player1_score"], &j[0]["state"]),
        (&json!(w1), &json!("70"), &json!("CONFIRMED"))
    );

    // Round 2: the two winners meet and the two losers meet; the loser of
    // table 1 (margin −30) wins 90–20, so the order after round 2 differs
    // from the order after round 1.
    let (rid2, t2) = ev.pair_next().await.unwrap();
    for t in &t2 {
        let (a, b) = (name(t.p1), name(t.p2));
        let (vp1, vp2) = if a == l1 || b == l1 {
            if a == l1 {
                (90, 20)
            } else {
                (20, 90)
            }
        } else {
            (55, 45)
        };
        ev.play(t, vp1, vp2).await.unwrap();
    }
    ev.to.close_round(&rid2).await.unwrap().ok().unwrap();

    // Standings after round 1: wins, then margin (+30, +10, −10, −30).
    let r = ev.to.export(&tid, "standings.csv?after_round=1").await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let rows = cells(&r.text);
    assert_eq!(rows[0][..10].join(","), "after_round,rank,player_id,name,faction,score,wins,losses,draws,byes");
    assert_eq!(rows[0].last().map(String::as_str), Some("dropped"));
    let order: Vec<&str> = rows[1..].iter().map(|r| r[3].as_str()).collect();
    assert_eq!(order, [w1, w2, l2, l1]);
    assert!(rows[1..].iter().all(|r| r[0] == "1"));
    assert_eq!((&rows[1][1], &rows[1][6], &rows[1][7]), (&"1".to_string(), &"1".to_string(), &"0".to_string()));
    assert_eq!((&rows[4][6], &rows[4][7]), (&"0".to_string(), &"1".to_string()));
    // Now (after round 2) the table-1 loser has a win: it is no longer last.
    let now = ev.to.export(&tid, "standings.json").await.unwrap().ok().unwrap();
    assert_eq!(now.as_array().unwrap().len(), 4);
    assert!(now.as_array().unwrap().iter().all(|r| r["after_round"] == 2));
    assert_ne!(now[3]["name"], json!(l1), "{now}");
    let l1_row = now.as_array().unwrap().iter().find(|r| r["name"] == json!(l1)).unwrap().clone();
    assert_eq!((&l1_row["wins"], &l1_row["losses"]), (&json!(1), &json!(1)));

    // Ratings (the seed: "Starting rating | 1200", K 32 under 30 games):
    // round 1 at 1200 each, ±16. Round 2 paired the two winners (1216 each)
    // and the two losers (1184 each): ±16 again. So 1232, 1200, 1200, 1168;
    // equal ratings share a place.
    let r = ev.to.export_ratings("wh40k", "csv").await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let rows = cells(&r.text);
    assert_eq!(rows[0].join(","), "rank,user_id,name,rating,games,established");
    let got: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0].as_str(), r[3].as_str())).collect();
    assert_eq!(got, [("1", "1232"), ("2", "1200"), ("2", "1200"), ("4", "1168")]);
    assert!(rows[1..].iter().all(|r| r[4] == "2" && r[5] == "false"), "{rows:?}");
    let j = ev.to.export_ratings("wh40k", "json").await.unwrap().ok().unwrap();
    assert_eq!((&j[0]["rating"], &j[3]["rating"]), (&json!(1232), &json!(1168)));

    app.stop().await;
}

#[actix_web::test]
async fn exports_follow_the_results_on_sqlite() {
    exports_follow_the_results(Backend::Sqlite).await;
}

#[actix_web::test]
async fn exports_follow_the_results_on_postgres() {
    exports_follow_the_results(Backend::Postgres).await;
}

#[actix_web::test]
async fn exports_refuse_what_does_not_exist() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::build(&app.base).rounds(2).numbered("X", 4).start().await.unwrap();
    let tid = ev.tid.clone();
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.export(&tid, "players.xml").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "no_such_endpoint"));
    assert!(r.body["message"].as_str().unwrap().contains(".csv"), "{}", r.body);
    let r = ev.to.export(&tid, "rounds/1.csv").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "round_not_found"), "no round is paired yet");
    assert_eq!(r.body["message"], "The event has no round 1: it has no rounds yet.");
    let r = ev.to.export(&tid, "rounds/zero.csv").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "round_not_found"));
    let r = ev.to.export(&tid, "standings.csv?after_round=3").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_query"));
    let r = ev.to.export("00000000-0000-0000-0000-000000000000", "players.csv").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "tournament_not_found"));
    let r = ev.to.export_ratings("golf", "csv").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "unknown_game"));
    assert_eq!(app.fingerprint().await.unwrap(), before);
    app.stop().await;
}
