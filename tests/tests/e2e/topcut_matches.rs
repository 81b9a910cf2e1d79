//! Playoff match formats: a crokinole best of three. The match's games are
//! reported in one report (`games`), confirmed like any result, and decided
//! by the first to win two games; a game level on points and 20s goes to a
//! tiebreak round whose winner the TO records. Expected winners and texts
//! are worked out by hand from those rules.

use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

fn refused(r: &Reply, status: u16, code: &str) {
    assert_eq!((r.status.as_u16(), r.code()), (status, code), "{}", r.body);
}

fn message(r: &Reply) -> String {
    r.body["message"].as_str().unwrap_or_default().to_string()
}

fn game(p1: u32, p2: u32, t1: u32, t2: u32) -> Value {
    json!({ "player1_points": p1, "player2_points": p2, "player1_twenties": t1, "player2_twenties": t2 })
}

/// A two-player round robin (`game`, players `prefix`1 and `prefix`2) with a
/// top cut of 2 played as `format`: round 1 reported by table 1's player 1
/// as `first`, confirmed and closed, and the final paired. The event, and
/// the answer pairing the final.
async fn final_paired(base: &str, game: &str, prefix: &str, format: &str, first: Value) -> (Event, Value) {
    let name = if game == "chess" { "Chess Final" } else { "Crokinole Final" };
    let body = json!({ "name": name, "event_date": "2026-05-17", "format": "Open", "game": game, "pairing_system": "round_robin" });
    let mut ev = Event::build(base).tournament(body).numbered(prefix, 2).faction("Club").start().await.unwrap();
    let tid = ev.tid.clone();
    ev.to.set_playoffs(&tid, &json!({ "cut": 2, "format": format })).await.unwrap().ok().unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    let t = &tables[0];
    ev.players[t.p1].report(&t.id, &first).await.unwrap().ok().unwrap();
    ev.players[t.p2].confirm(&t.id).await.unwrap().ok().unwrap();
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
    let fin = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    (ev, fin)
}

/// A 4-player crokinole round robin (the player registered first wins 6–2),
/// then a final of the top 2 played as a best of three.
#[actix_web::test]
async fn topcut_crokinole_final_best_of_three() {
    let app = TestApp::spawn().await.unwrap();
    // Best of three is a crokinole format: a 40K playoff refuses it.
    let mut w40k = Event::start(&app.base, "W", 4, 1).await.unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = w40k.to.set_playoffs(&w40k.tid, &json!({ "cut": 2, "format": "best_of_three" })).await.unwrap();
    refused(&r, 422, "invalid_match");
    assert!(message(&r).contains("crokinole"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);

    let body = json!({ "name": "Crokinole Final", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "round_robin" });
    let mut ev = Event::build(&app.base).tournament(body).numbered("C", 4).faction("Club").start().await.unwrap();
    let tid = ev.tid.clone();
    let b = ev.to.set_playoffs(&tid, &json!({ "cut": 2, "format": "best_of_three" })).await.unwrap().ok().unwrap();
    assert_eq!(b["bracket"]["settings"]["format"], "best_of_three");
    for _ in 0..3 {
        let (round, tables) = ev.pair_next().await.unwrap();
        for t in &tables {
            let score = if t.p1 < t.p2 { game(6, 2, 3, 1) } else { game(2, 6, 1, 3) };
            ev.players[t.p1].report(&t.id, &score).await.unwrap().ok().unwrap();
            ev.players[t.p2].confirm(&t.id).await.unwrap().ok().unwrap();
        }
        ev.to.close_round(&round).await.unwrap().ok().unwrap();
    }
    // C1 6, C2 4, C3 2, C4 0 points: the final is C1 v C2.
    let fin = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let table = &fin["round"]["pairings"][0];
    assert_eq!((s(&table["player1"], "name"), s(&table["player2"], "name")), ("C1", "C2"));
    let id = s(table, "id").to_string();
    let (c1, c2) = (ev.index_of("C1").unwrap(), ev.index_of("C2").unwrap());

    // Reports that do not make a best of three, each refused with why; nothing changes.
    let before = app.fingerprint().await.unwrap();
    let bad = [
        (game(6, 2, 3, 1), "invalid_match", "report each game played under \"games\""),
        (json!({ "games": [game(6, 2, 3, 1), game(2, 6, 1, 3)] }), "invalid_match", "stands 1–1"),
        (
            json!({ "games": [game(6, 2, 3, 1), game(8, 0, 4, 0), game(2, 6, 1, 3)] }),
            "invalid_match",
            "won 2–0 after game 2: game 3 is not played",
        ),
        (json!({ "games": [game(4, 4, 2, 2), game(6, 2, 3, 1)] }), "winner_needed", "Game 1: "),
        (json!({ "games": [game(6, 2, 3, 1)], "player1_points": 6 }), "invalid_match", "nothing outside it"),
    ];
    for (body, code, why) in &bad {
        let r = ev.players[c1].report(&id, body).await.unwrap();
        refused(&r, 422, code);
        assert!(message(&r).contains(why), "{body}: {}", r.body);
    }
    let mut level = game(4, 4, 2, 2);
    level["winner"] = json!(1);
    let r = ev.players[c1].report(&id, &json!({ "games": [level.clone(), game(6, 2, 3, 1)] })).await.unwrap();
    refused(&r, 422, "invalid_winner");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // C2 reports the match C2 won 2–1; C1 confirms; the bracket shows the games.
    let games = json!({ "games": [game(6, 2, 3, 1), game(2, 6, 0, 2), game(3, 5, 1, 1)] });
    let r = ev.players[c2].report(&id, &games).await.unwrap().ok().unwrap();
    assert_eq!(r["pairing"]["result"], "P2_WIN");
    assert_eq!(r["pairing"]["score_text"], "1–2 (6–2, 2–6, 3–5)");
    ev.players[c1].confirm(&id).await.unwrap().ok().unwrap();
    ev.to.close_round(s(&fin["round"], "id")).await.unwrap().ok().unwrap();
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!(b["bracket"]["champion"]["name"], "C2");
    assert_eq!(b["bracket"]["rounds"][0]["slots"][0]["score_text"], "1–2 (6–2, 2–6, 3–5)");
    let names = |r: &Value| -> Vec<(u64, String)> {
        r["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x["place"].as_u64().unwrap(), s(x, "name").to_string()))
            .collect()
    };
    let want = |v: [(u64, &str); 4]| v.iter().map(|(p, n)| (*p, n.to_string())).collect::<Vec<_>>();
    assert_eq!(
        names(&ev.to.ranking(&tid).await.unwrap().ok().unwrap()),
        want([(1, "C2"), (2, "C1"), (3, "C3"), (4, "C4")])
    );

    // The TO corrects it: game 1 was level on points and 20s and C1 won the tiebreak round, and game 2 6–2: C1 2–0.
    let o = ev.to.override_result(&id, &json!({ "games": [level, game(6, 2, 3, 1)] })).await.unwrap().ok().unwrap();
    assert_eq!(o["pairing"]["result"], "P1_WIN");
    assert_eq!(o["pairing"]["score_text"], "2–0 (4–4 (20s 2–2, tiebreak: player 1), 6–2)");
    assert_eq!(
        names(&ev.to.ranking(&tid).await.unwrap().ok().unwrap()),
        want([(1, "C1"), (2, "C2"), (3, "C3"), (4, "C4")])
    );
    app.stop().await;
}

/// Sixteen reports of one best-of-three match at once, eight by each player
/// with their own version of the games: exactly one is recorded, whole (its
/// result and all its games), the others answer 409 `already_reported`.
async fn match_reported_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut ev, fin) = final_paired(&app.base, "crokinole", "C", "best_of_three", game(6, 2, 3, 1)).await;
    let tid = ev.tid.clone();
    let id = s(&fin["round"]["pairings"][0], "id").to_string();
    // Player 1's version: 2–0; player 2's: 1–2.
    let mine = json!({ "games": [game(6, 2, 3, 1), game(8, 0, 4, 0)] });
    let theirs = json!({ "games": [game(6, 2, 3, 1), game(2, 6, 0, 2), game(0, 8, 0, 5)] });
    let mut clients: Vec<(ApiClient, &Value)> = (0..16)
        .map(|i| {
            let who = if i % 2 == 0 { 0 } else { 1 };
            (ev.players[who].clone_to(&app.base), if who == 0 { &mine } else { &theirs })
        })
        .collect();
    let replies = join_all(clients.iter_mut().map(|(c, body)| {
        let id = id.clone();
        async move { c.report(&id, body).await.unwrap() }
    }))
    .await;
    let codes: Vec<(u16, &str)> = replies.iter().map(|r| (r.status.as_u16(), r.code())).collect();
    assert_eq!(codes.iter().filter(|c| c.0 == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| c.0 == 200 || *c == (409, "already_reported")), "{codes:?}");
    let won = replies.iter().find(|r| r.status.as_u16() == 200).unwrap();
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    let slot = &b["bracket"]["rounds"][0]["slots"][0];
    let (text, state) = (slot["score_text"].as_str().unwrap(), slot["state"].as_str().unwrap());
    assert_eq!(state, "REPORTED");
    if won.body["pairing"]["result"] == "P1_WIN" {
        assert_eq!(text, "2–0 (6–2, 8–0)");
    } else {
        assert_eq!((won.body["pairing"]["result"].as_str(), text), (Some("P2_WIN"), "1–2 (6–2, 2–6, 0–8)"));
    }
    app.stop().await;
}

#[actix_web::test]
async fn topcut_match_reported_at_once_sqlite() {
    match_reported_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn topcut_match_reported_at_once_postgres() {
    match_reported_at_once(Backend::Postgres).await;
}

/// A 4-player chess round robin (White wins every game: C1 2½, …), then a
/// final of the top 2 as a game and two tie-break games with alternating
/// colours, then a decider the TO records.
#[actix_web::test]
async fn topcut_chess_final_with_tiebreak_games() {
    let app = TestApp::spawn().await.unwrap();
    let body = json!({ "name": "Chess Final", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "round_robin" });
    let mut ev = Event::build(&app.base).tournament(body).numbered("K", 4).faction("Club").start().await.unwrap();
    let tid = ev.tid.clone();
    // Tie-break settings are checked: a number of games from 1 to 10, and only with the chess format.
    let before = app.fingerprint().await.unwrap();
    for (body, why) in [
        (json!({ "cut": 2, "format": "tiebreak_games", "tiebreak_games": 0 }), "1 to 10 tie-break games"),
        (json!({ "cut": 2, "tiebreak_games": 2 }), "use them with \"format\": \"tiebreak_games\""),
        (json!({ "cut": 2, "format": "best_of_three" }), "played in crokinole"),
    ] {
        let r = ev.to.set_playoffs(&tid, &body).await.unwrap();
        refused(&r, 422, "invalid_match");
        assert!(message(&r).contains(why), "{body}: {}", r.body);
    }
    assert_eq!(app.fingerprint().await.unwrap(), before);
    let rule = "two 10+5 rapid games, then Armageddon";
    let set = json!({ "cut": 2, "format": "tiebreak_games", "tiebreak": rule });
    let b = ev.to.set_playoffs(&tid, &set).await.unwrap().ok().unwrap();
    let settings = &b["bracket"]["settings"];
    assert_eq!(
        (&settings["format"], &settings["tiebreak_games"], &settings["colours"]),
        (&json!("tiebreak_games"), &json!(2), &json!("alternate"))
    );
    // Three rounds; the player registered first wins (1-0 when White, 0-1 when Black): K1 3, K2 2, K3 1, K4 0.
    for _ in 0..3 {
        let (round, tables) = ev.pair_next().await.unwrap();
        for t in &tables {
            let result = if t.p1 < t.p2 { "1-0" } else { "0-1" };
            ev.players[t.p1].report(&t.id, &json!({ "result": result })).await.unwrap().ok().unwrap();
            ev.players[t.p2].confirm(&t.id).await.unwrap().ok().unwrap();
        }
        ev.to.close_round(&round).await.unwrap().ok().unwrap();
    }
    let fin = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let table = &fin["round"]["pairings"][0];
    assert_eq!((s(&table["player1"], "name"), s(&table["player2"], "name")), ("K1", "K2"));
    let id = s(table, "id").to_string();
    let (k1, k2) = (ev.index_of("K1").unwrap(), ev.index_of("K2").unwrap());
    let games = |rs: &[&str]| json!({ "games": rs.iter().map(|r| json!({ "result": r })).collect::<Vec<_>>() });

    let before = app.fingerprint().await.unwrap();
    for (body, code, why) in [
        (json!({ "result": "½-½" }), "invalid_match", "report every game played under \"games\""),
        (games(&["½-½"]), "invalid_match", "report the 2 tie-break game(s) (0 reported so far)"),
        (games(&["1-0", "½-½"]), "invalid_match", "Game 1 was won"),
        // Each tie-break game won with White: level 1–1, the decider.
        (games(&["½-½", "1-0", "1-0"]), "winner_needed", rule),
    ] {
        let r = ev.players[k1].report(&id, &body).await.unwrap();
        refused(&r, 422, code);
        assert!(message(&r).contains(why), "{body}: {}", r.body);
    }
    let mut white1 = games(&["½-½", "1-0"]);
    white1["games"][1]["white"] = json!(1);
    let r = ev.players[k1].report(&id, &white1).await.unwrap();
    refused(&r, 422, "invalid_match");
    assert!(message(&r).contains("player 2 has White"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // K2 reports a draw, then 1-0 with White (tie-break game 1) and a draw: K2 wins 1½–½; K1 confirms.
    let r = ev.players[k2].report(&id, &games(&["½-½", "1-0", "½-½"])).await.unwrap().ok().unwrap();
    assert_eq!(r["pairing"]["result"], "P2_WIN");
    assert_eq!(r["pairing"]["score_text"], "½–½; tie-breaks 0–1, ½–½ (½–1½)");
    ev.players[k1].confirm(&id).await.unwrap().ok().unwrap();
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!(b["bracket"]["champion"]["name"], "K2");
    // The TO corrects it: the tie-break games were each won with White, and K1 won the Armageddon.
    let mut decider = games(&["½-½", "1-0", "1-0"]);
    decider["winner"] = json!(1);
    let o = ev.to.override_result(&id, &decider).await.unwrap().ok().unwrap();
    assert_eq!(o["pairing"]["result"], "P1_WIN");
    assert_eq!(o["pairing"]["score_text"], "½–½; tie-breaks 0–1, 1–0 (1–1); decider: player 1");
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!(b["bracket"]["champion"]["name"], "K1");
    assert_eq!(
        b["bracket"]["rounds"][0]["slots"][0]["score_text"],
        "½–½; tie-breaks 0–1, 1–0 (1–1); decider: player 1"
    );
    app.stop().await;
}

/// A player reports a best-of-three match from their phone: the page offers
/// one form with the three games (the match's settings come with the
/// player's part of the bracket), and the report carries the games played.
#[actix_web::test]
async fn topcut_best_of_three_reported_from_a_phone() {
    let app = TestApp::spawn().await.unwrap();
    let (mut ev, fin) = final_paired(&app.base, "crokinole", "C", "best_of_three", game(6, 2, 3, 1)).await;
    let tid = ev.tid.clone();
    let id = s(&fin["round"]["pairings"][0], "id").to_string();
    assert_eq!(s(&fin["round"]["pairings"][0]["player2"], "name"), "C2");

    // C2's phone (player 2): lost game 1 2–6, won game 2 6–2 and game 3 8–0, in C2's own terms.
    let b = Browser::start().await.unwrap();
    let session = ev.players[ev.index_of("C2").unwrap()].session().unwrap_or_default().to_string();
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    b.client
        .execute(&format!("document.cookie = 'arbiter_session={session}; path=/'; return true;"), vec![])
        .await
        .unwrap();
    b.client.goto(&format!("{}/t/{tid}/me", app.base)).await.unwrap();
    let ready = "return document.getElementById('live-status').classList.contains('on') && !!document.querySelector('#report-form[data-match=best_of_three] input[name=mine3]') && document.getElementById('my-playoffs').textContent;";
    let line = b.until(ready, Duration::from_secs(10)).await.expect("the phone shows the best-of-three form");
    assert!(line.as_str().is_some_and(|l| l.contains("seed 2") && l.contains("next: Final vs C1")), "{line}");
    let fill = "const f = document.getElementById('report-form'); \
        const v = { mine1: 2, theirs1: 6, mine20_1: 1, theirs20_1: 3, mine2: 6, theirs2: 2, mine20_2: 3, theirs20_2: 1, mine3: 8, theirs3: 0, mine20_3: 4, theirs20_3: 0 }; \
        for (const k in v) f[k].value = String(v[k]); f.querySelector('button[type=submit]').click(); return true;";
    b.client.execute(fill, vec![]).await.unwrap();
    let mut result = Value::Null;
    for _ in 0..50 {
        let r = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
        result = r["bracket"]["rounds"][0]["slots"][0].clone();
        if result["state"] == "REPORTED" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Player 1's terms: 6–2, 2–6, 0–8: C2 (player 2) wins 2–1.
    assert_eq!(
        (&result["state"], &result["score_text"]),
        (&json!("REPORTED"), &json!("1–2 (6–2, 2–6, 0–8)")),
        "{result}"
    );
    let c1 = ev.index_of("C1").unwrap();
    let p = ev.players[c1].confirm(&id).await.unwrap().ok().unwrap();
    assert_eq!(p["pairing"]["result"], "P2_WIN");
    b.close().await;
    app.stop().await;
}

/// A player reports a chess playoff game and its tie-break games from their
/// phone: the form says which colour they play in each game (alternating
/// from reversed), and the report carries the games played.
#[actix_web::test]
async fn topcut_tiebreak_games_reported_from_a_phone() {
    let app = TestApp::spawn().await.unwrap();
    let (mut ev, fin) = final_paired(&app.base, "chess", "K", "tiebreak_games", json!({ "result": "1-0" })).await;
    let tid = ev.tid.clone();
    let pairing = &fin["round"]["pairings"][0];
    let (p1, p2) = (s(&pairing["player1"], "name").to_string(), s(&pairing["player2"], "name").to_string());
    // Player 2 of the final (Black in the game, White in tie-break game 1, Black in game 2) reports.
    let b = Browser::start().await.unwrap();
    let session = ev.players[ev.index_of(&p2).unwrap()].session().unwrap_or_default().to_string();
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    b.client
        .execute(&format!("document.cookie = 'arbiter_session={session}; path=/'; return true;"), vec![])
        .await
        .unwrap();
    b.client.goto(&format!("{}/t/{tid}/me", app.base)).await.unwrap();
    let ready = "return document.getElementById('live-status').classList.contains('on') && !!document.querySelector('#report-form[data-match=tiebreak_games] select[name=result2]') && [...document.querySelectorAll('#report-form label')].map(l => l.firstChild.textContent.trim());";
    let labels = b.until(ready, Duration::from_secs(10)).await.expect("the phone shows the tie-break form");
    assert_eq!(
        labels,
        json!(["Game (you play Black)", "Tie-break game 1 (you play White)", "Tie-break game 2 (you play Black)"])
    );
    // A draw; tie-break game 1 won with White (1-0); tie-break game 2 drawn.
    let fill = "const f = document.getElementById('report-form'); f.result0.value = '½-½'; f.result1.value = '1-0'; \
        f.result2.value = '½-½'; f.querySelector('button[type=submit]').click(); return true;";
    b.client.execute(fill, vec![]).await.unwrap();
    let mut slot = Value::Null;
    for _ in 0..50 {
        let r = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
        slot = r["bracket"]["rounds"][0]["slots"][0].clone();
        if slot["state"] == "REPORTED" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Player 1's terms: ½–½, then 0–1 and ½–½: player 2 wins the tie-breaks 1½–½.
    assert_eq!(
        (&slot["state"], &slot["score_text"]),
        (&json!("REPORTED"), &json!("½–½; tie-breaks 0–1, ½–½ (½–1½)")),
        "{slot}"
    );
    let k1 = ev.index_of(&p1).unwrap();
    let p = ev.players[k1].confirm(s(pairing, "id")).await.unwrap().ok().unwrap();
    assert_eq!(p["pairing"]["result"], "P2_WIN");
    b.close().await;
    app.stop().await;
}

/// The TO overrides a best-of-three match from the dashboard: every game's
/// score, and the winner of the tiebreak round of a game level on points and 20s.
#[actix_web::test]
async fn topcut_best_of_three_overridden_from_the_dashboard() {
    let app = TestApp::spawn().await.unwrap();
    let (mut ev, fin) = final_paired(&app.base, "crokinole", "C", "best_of_three", game(6, 2, 3, 1)).await;
    let tid = ev.tid.clone();
    let id = s(&fin["round"]["pairings"][0], "id").to_string();
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    let cookie = format!("document.cookie = 'arbiter_session={}; path=/'; return true;", ev.to.session().unwrap());
    b.client.execute(&cookie, vec![]).await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/dashboard", app.base)).await.unwrap();
    // Game 1 4–4 with 2 twenties each, player 2 won the tiebreak round; game 2 2–6: player 2 wins 2–0.
    let fill = format!(
        "const f = document.querySelector('form.override[data-pairing=\"{id}\"][data-match=best_of_three]'); if (!f) return null; \
         const v = {{ player1_points_1: 4, player2_points_1: 4, player1_twenties_1: 2, player2_twenties_1: 2, winner_1: 2, \
         player1_points_2: 2, player2_points_2: 6, player1_twenties_2: 0, player2_twenties_2: 2 }}; \
         for (const k in v) f[k].value = String(v[k]); f.querySelector('button[type=submit]').click(); return true;"
    );
    assert!(b.until(&fill, Duration::from_secs(10)).await.is_some(), "no match override on the dashboard");
    let mut slot = Value::Null;
    for _ in 0..50 {
        let r = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
        slot = r["bracket"]["rounds"][0]["slots"][0].clone();
        if slot["state"] == "CONFIRMED" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        (&slot["state"], &slot["score_text"]),
        (&json!("CONFIRMED"), &json!("0–2 (4–4 (20s 2–2, tiebreak: player 2), 2–6)")),
        "{slot}"
    );
    assert_eq!(slot["winner"], 2);
    b.close().await;
    app.stop().await;
}
