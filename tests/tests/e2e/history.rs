//! An event's history: the standings as they stood after an earlier round,
//! the home page's running and finished events with a search, the results
//! page (crosstable, a round, a player's games) read in Chromium, and its
//! printouts (A4 and Letter PDFs read back with `pdftotext`).

use arbiter_tests::browser::Browser;
use arbiter_tests::{open_tournament, register, s, Api, Event, TestApp};
use fantoccini::wd::PrintSize;
use serde_json::{json, Value};
use std::time::Duration;

/// Rank, name and score of each standings row.
fn rows(st: &Value) -> Vec<(u64, String, String)> {
    st["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| (r["rank"].as_u64().unwrap_or(0), s(r, "display_name").to_string(), s(r, "score").to_string()))
        .collect()
}

/// Waits until the results page has drawn what it shows.
async fn ready(b: &Browser) {
    let drawn = b.until("return document.body.dataset.ready === '1';", Duration::from_secs(5)).await;
    assert!(drawn.is_some(), "the results page never finished drawing");
}

#[actix_web::test]
async fn an_events_history_is_kept_shown_and_printed() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "H", 6, 3).await.unwrap();
    let (r1, tables) = ev.pair_next().await.unwrap();
    let scores = [(72, 45), (50, 61), (60, 60)];
    for (t, (a, b)) in tables.iter().zip(scores) {
        ev.play(t, a, b).await.unwrap();
    }
    ev.to.post_empty(&format!("/api/rounds/{r1}/close")).await.unwrap().ok().unwrap();
    let standings = format!("/api/tournaments/{}/standings", ev.tid);
    let after_one = ev.to.get(&standings).await.unwrap().ok().unwrap();
    // Round 2: one table's result is in.
    let (_, tables2) = ev.pair_next().await.unwrap();
    ev.play(&tables2[0], 80, 20).await.unwrap();
    let now = ev.to.get(&standings).await.unwrap().ok().unwrap();
    assert_ne!(rows(&now), rows(&after_one), "round 2's result changed nothing");

    // The standings as they stood after round 1, read after round 2 began.
    let then = app.client().get(&format!("{standings}?after_round=1")).await.unwrap().ok().unwrap();
    assert_eq!(rows(&then), rows(&after_one));
    assert_eq!(then["round"], json!(1));
    for bad in ["0", "3", "x"] {
        let r = app.client().get(&format!("{standings}?after_round={bad}")).await.unwrap();
        assert_eq!(r.status.as_u16(), 400, "after_round={bad}: {}", r.text);
    }

    // The home page: this event is being played; finished events are found by name or venue.
    let mut finished = Vec::new();
    for name in ["Winter Crokinole Classic", "Summer Doubles"] {
        let id = open_tournament(&mut ev.to, name, 3).await.unwrap();
        for c in &mut ev.players[..2] {
            register(c, &id, "Entrant", "Orks").await.unwrap();
        }
        ev.to.advance(&id).await.unwrap().ok().unwrap();
        for c in &mut ev.players[..2] {
            c.post_empty(&format!("/api/tournaments/{id}/check-in")).await.unwrap().ok().unwrap();
        }
        for _ in 0..2 {
            ev.to.advance(&id).await.unwrap().ok().unwrap();
        }
        finished.push(id);
    }
    let (_, home) = app.client().get_text("/").await.unwrap();
    let running = &home[home.find("id=\"running\"").unwrap()..home.find("id=\"finished\"").unwrap()];
    assert!(running.contains("H Open"), "{running}");
    let finished_part = &home[home.find("id=\"finished\"").unwrap()..];
    assert!(finished_part.contains("Winter Crokinole Classic") && finished_part.contains("Summer Doubles"));
    let (_, found) = app.client().get_text("/?q=WINTER").await.unwrap();
    let found = &found[found.find("id=\"finished\"").unwrap()..];
    assert!(found.contains("Winter Crokinole Classic") && !found.contains("Summer Doubles"), "{found}");
    let (_, none) = app.client().get_text("/?q=100%25_").await.unwrap();
    assert!(none.contains("No finished event matches"), "a % or _ in a search is not a wildcard");

    // The crosstable: each round's cell is the opponent's place and the score from the player's side.
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{}/results", app.base, ev.tid)).await.unwrap();
    ready(&b).await;
    let place: Vec<String> =
        now["players"].as_array().unwrap().iter().map(|r| s(r, "display_name").to_string()).collect();
    let cells = b
        .client
        .execute("return [...document.querySelectorAll('.crosstable tbody tr')].map(r => [...r.cells].map(c => c.textContent));", vec![])
        .await
        .unwrap();
    let cells: Vec<Vec<String>> = serde_json::from_value(cells).unwrap();
    assert_eq!(cells.iter().map(|c| c[1].clone()).collect::<Vec<_>>(), place, "standings order");
    let round1 = ev.to.get(&format!("/api/rounds/{r1}")).await.unwrap().ok().unwrap();
    for p in round1["round"]["pairings"].as_array().unwrap() {
        let (a, b_) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
        let (va, vb) = (p["player1_vp"].as_u64().unwrap(), p["player2_vp"].as_u64().unwrap());
        let at = |n: &str| place.iter().position(|x| x == n).unwrap();
        assert_eq!(cells[at(a)][2], format!("{} {va}–{vb}", at(b_) + 1), "{a} in round 1");
        assert_eq!(cells[at(b_)][2], format!("{} {vb}–{va}", at(a) + 1), "{b_} in round 1");
    }
    let (pages, text) = b.print_pdf(PrintSize::A4).await.unwrap();
    assert_eq!(pages, 1, "{text}");
    assert!(place.iter().all(|n| text.contains(n.as_str())), "{text}");
    assert!(!text.contains("Print") && !text.contains("Live standings"), "navigation printed: {text}");

    // Every other printout: round 1 by table and A-Z, standings after round 1, the player list.
    for (show, words) in [
        ("round&n=1", vec!["Round 1", "Table"]),
        ("names&n=1", vec!["Name", "Opponent"]),
        ("standings&after=1", vec!["Standings after round 1"]),
        ("players", vec!["Players (6)"]),
    ] {
        b.client.goto(&format!("{}/t/{}/results?show={show}", app.base, ev.tid)).await.unwrap();
        ready(&b).await;
        let (pages, text) = b.print_pdf(PrintSize::A4).await.unwrap();
        assert_eq!(pages, 1, "{show}: {text}");
        assert!(words.iter().all(|w| text.contains(w)), "{show}: {text}");
        assert!(place.iter().all(|n| text.contains(n.as_str())), "{show}: not every player printed: {text}");
    }

    // A player's games.
    let first = &tables[0];
    let id = now["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| s(r, "display_name") == format!("H{}", first.p1 + 1))
        .map(|r| s(r, "player_id").to_string())
        .unwrap();
    b.client.goto(&format!("{}/t/{}/results?show=player&id={id}", app.base, ev.tid)).await.unwrap();
    ready(&b).await;
    let games = b.client.execute("return [...document.querySelectorAll('.player-card tbody tr')].map(r => [...r.cells].map(c => c.textContent));", vec![]).await.unwrap();
    let opponent = format!("H{}", first.p2 + 1);
    assert_eq!(games[0], json!(["1", "1", opponent, "Player 1", "72–45", "Won"]), "{games}");

    // Result slips for round 2, on Letter paper: one per table, with the names.
    b.client.goto(&format!("{}/t/{}/results?show=slips&n=2", app.base, ev.tid)).await.unwrap();
    ready(&b).await;
    let (pages, text) = b.print_pdf(PrintSize::US_LETTER).await.unwrap();
    assert!(pages >= 1, "{text}");
    let round2 = ev.to.get(&format!("/api/tournaments/{}/rounds", ev.tid)).await.unwrap().ok().unwrap();
    let r2 = round2["rounds"].as_array().unwrap().iter().find(|r| r["number"] == 2).unwrap();
    for p in r2["pairings"].as_array().unwrap().iter().filter(|p| !p["player2"].is_null()) {
        assert!(text.contains(&format!("Round 2 · Table {}", p["table"])), "{text}");
        assert!(text.contains(s(&p["player1"], "name")) && text.contains(s(&p["player2"], "name")), "{text}");
    }
    assert_eq!(text.matches("Signature").count(), 3, "{text}");
    b.close().await;
    app.stop().await;
}
