//! A chess team event's board prizes from the prize CSV (issue 25, point 6):
//! the `board` and `min_games` columns give a category exactly what the API
//! gives it. A prize list created through the API, written as CSV and
//! imported back is the same list (ids aside), and it awards the same
//! prizes; on SQLite and PostgreSQL.

use super::prize_list::payouts;
use super::team_views::chess_teams;
use arbiter_tests::{Backend, TestApp};
use awc::http::Method;
use serde_json::{json, Value};

/// `v` without its `id` fields (new on each import).
fn without_ids(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(k, _)| k.as_str() != "id").map(|(k, v)| (k.clone(), without_ids(v))).collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_ids).collect()),
        _ => v.clone(),
    }
}

/// The prize list `categories` (the config's shape) as prize CSV: one row per prize.
fn as_csv(categories: &Value) -> String {
    let mut out = String::from("category,order,ranked_by,board,min_games,place,cash,trophy\n");
    let opt = |v: &Value| match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        v => v.to_string(),
    };
    for c in categories.as_array().unwrap() {
        for p in c["prizes"].as_array().unwrap() {
            let cents = p["cash"].as_u64().unwrap();
            out.push_str(&format!(
                "{},{},{},{},{},{},{}.{:02},{}\n",
                opt(&c["name"]),
                opt(&c["brochure_order"]),
                opt(&c["ranked_by"]),
                opt(&c["board"]),
                opt(&c["min_games"]),
                opt(&p["place"]),
                cents / 100,
                cents % 100,
                if p["trophy"] == json!(true) { "yes" } else { "no" },
            ));
        }
    }
    out
}

async fn board_prizes_round_trip(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = chess_teams(&app, 4, 4).await;
    for m in ev.matches().await {
        for (k, r) in ["1-0", "½-½", "0-1", "1-0"].iter().enumerate() {
            ev.play(&m, k, r).await;
        }
    }
    let tid = ev.tid.clone();
    let path = format!("/api/tournaments/{tid}/prizes/config");
    let made = json!({ "categories": [
        { "name": "Teams", "brochure_order": 1, "prizes": [{ "place": 1, "cash": 20000, "trophy": true }] },
        { "name": "Board 1", "brochure_order": 2, "ranked_by": "board_percentage", "board": 1, "min_games": 1,
          "prizes": [{ "place": 1, "cash": 5000, "trophy": true }, { "place": 2, "cash": 2550 }] },
        { "name": "Board 4", "brochure_order": 3, "ranked_by": "board_percentage", "board": 4, "min_games": 1,
          "prizes": [{ "place": 1, "cash": 3000 }] }
    ] });
    ev.to.send(Method::PUT, &path, Some(&made)).await.unwrap().ok().unwrap();
    let by_api = ev.to.get(&path).await.unwrap().ok().unwrap()["config"].clone();
    let b1 = &by_api["categories"][1];
    assert_eq!((b1["board"].clone(), b1["min_games"].clone()), (json!(1), json!(1)), "{by_api}");
    let run_api = ev.to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await.unwrap().ok().unwrap();
    let paid_api = payouts(&run_api["run"]);
    assert!(paid_api.len() >= 3, "the team prize and the board prizes are paid: {paid_api:?}");

    // The same list as CSV, imported back.
    let csv = as_csv(&by_api["categories"]);
    assert!(csv.contains("Board 1,2,board_percentage,1,1,1,50.00,yes"), "{csv}");
    let import = format!("/api/tournaments/{tid}/prizes/import");
    let r = ev.to.send_raw(Method::POST, &import, Some(("text/csv", csv.clone()))).await.unwrap();
    let imported = r.ok().unwrap();
    let by_csv = ev.to.get(&path).await.unwrap().ok().unwrap()["config"].clone();
    assert_eq!(without_ids(&imported["config"]["categories"]), without_ids(&by_csv["categories"]));
    assert_eq!(without_ids(&by_csv["categories"]), without_ids(&by_api["categories"]), "{csv}");
    let run_csv = ev.to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await.unwrap().ok().unwrap();
    assert_eq!(payouts(&run_csv["run"]), paid_api, "the imported list awards what the created one did");

    // A board prize's columns are checked as the others are.
    let bad = "category,ranked_by,board,min_games,place\nBoard 1,board_percentage,1,two,1\n".to_string();
    let r = ev.to.send_raw(Method::POST, &import, Some(("text/csv", bad))).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_csv"));
    assert_eq!(r.body["message"], "Row 2, column min_games: `two` is not a whole number.");
    app.stop().await;
}

#[actix_web::test]
async fn board_prizes_round_trip_through_the_prize_csv_on_sqlite() {
    board_prizes_round_trip(Backend::Sqlite).await;
}

#[actix_web::test]
async fn board_prizes_round_trip_through_the_prize_csv_on_postgres() {
    board_prizes_round_trip(Backend::Postgres).await;
}
