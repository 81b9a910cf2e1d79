//! The top cut: after the Swiss (or a round robin), the best players play a
//! single-elimination bracket seeded from the final standings. Seeds follow
//! the standard bracket (1v8, 4v5, 2v7, 3v6); a cut that is not a power of
//! two gives the top seeds byes; results are reported, confirmed, disputed
//! and overridden like any table; a level score in a game that needs a
//! winner is refused with what decides it; the final ranking puts the
//! playoff's places above the Swiss standings. Expected seeds are read from
//! the Swiss standings the event shows (tested on their own elsewhere), the
//! rest follows from the bracket rules.

use arbiter_server::client::ApiClient;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, Table, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// The standings' names, best first.
async fn standings_names(ev: &mut Event) -> Vec<String> {
    let st = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap();
    st["players"].as_array().unwrap().iter().map(|r| s(r, "display_name").to_string()).collect()
}

/// Plays every table of a Swiss round: the player registered first wins, by a margin that grows with the gap.
async fn play_swiss_round(ev: &mut Event) {
    let (round, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        let (a, b) = (t.p1, t.p2);
        let gap = u32::try_from(a.abs_diff(b)).unwrap();
        if a < b {
            ev.play(t, 60 + gap, 40).await.unwrap();
        } else {
            ev.play(t, 40, 60 + gap).await.unwrap();
        }
    }
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
}

/// The tables of a published playoff round, as (player 1, player 2) names, and the tables.
fn playoff_tables(ev: &Event, published: &Value) -> (Vec<(String, String)>, Vec<Table>) {
    let mut names = Vec::new();
    let mut tables = Vec::new();
    for p in published["round"]["pairings"].as_array().unwrap() {
        let (a, b) = (s(&p["player1"], "name").to_string(), s(&p["player2"], "name").to_string());
        tables.push(Table { id: s(p, "id").to_string(), p1: ev.index_of(&a).unwrap(), p2: ev.index_of(&b).unwrap() });
        names.push((a, b));
    }
    (names, tables)
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

/// The final ranking as (place, name).
async fn ranking(ev: &mut Event) -> Vec<(u64, String)> {
    let r = ev.to.ranking(&ev.tid).await.unwrap().ok().unwrap();
    r["ranking"].as_array().unwrap().iter().map(|x| (x["place"].as_u64().unwrap(), s(x, "name").to_string())).collect()
}

fn refused(r: &arbiter_server::client::Reply, status: u16, code: &str) {
    assert_eq!((r.status.as_u16(), r.code()), (status, code), "{}", r.body);
}

#[actix_web::test]
async fn topcut_of_eight_after_a_five_round_40k_swiss() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "W", 12, 5).await.unwrap();
    for _ in 0..5 {
        play_swiss_round(&mut ev).await;
    }
    let swiss = standings_names(&mut ev).await;
    let st = |i: usize| swiss[i - 1].clone();
    let swiss_table = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap()["players"].clone();

    // Added after the last Swiss round: a cut of 8, no third-place game.
    let b = ev.to.set_playoffs(&ev.tid, &json!({ "cut": 8 })).await.unwrap().ok().unwrap();
    assert_eq!(
        (b["bracket"]["seeded"].as_bool(), b["bracket"]["rounds"].as_array().map(Vec::len)),
        (Some(false), Some(3))
    );
    let qf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!((qf["round"]["number"].as_u64(), s(&qf["round"], "mission")), (Some(6), "Quarterfinals"));
    assert_eq!(qf["round"]["playoff"], true);
    let (names, tables) = playoff_tables(&ev, &qf);
    // 1v8, 4v5, 2v7, 3v6, the higher seed as player 1.
    assert_eq!(names, [pair(&st(1), &st(8)), pair(&st(4), &st(5)), pair(&st(2), &st(7)), pair(&st(3), &st(6))]);
    // The higher seeds win, but for 5 over 4.
    for (i, t) in tables.iter().enumerate() {
        if i == 1 {
            ev.play(t, 41, 77).await.unwrap();
        } else {
            ev.play(t, 80, 20).await.unwrap();
        }
    }
    let qf_round = s(&qf["round"], "id").to_string();
    ev.to.close_round(&qf_round).await.unwrap().ok().unwrap();
    // Playoff games leave the Swiss standings as they were, and are rated when their round closes.
    assert_eq!(ev.to.standings(&ev.tid).await.unwrap().ok().unwrap()["players"], swiss_table);
    let log = ev.log().await.unwrap();
    assert!(
        log.iter().any(|e| e["kind"] == "ratings_changed" && e["data"]["ratings"]["round_id"] == qf_round.as_str()),
        "the quarterfinals are rated"
    );

    // Semifinals: 1 v 5 (the winner of 4v5) and 2 v 3.
    let sf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!(s(&sf["round"], "mission"), "Semifinals");
    let (names, tables) = playoff_tables(&ev, &sf);
    assert_eq!(names, [pair(&st(1), &st(5)), pair(&st(2), &st(3))]);
    ev.play(&tables[0], 70, 30).await.unwrap();
    // The second semifinal is disputed: 2 says 55–45, 3 disputes; the round cannot close until the TO rules.
    let disputed = &tables[1];
    ev.players[disputed.p1].report_vp(&disputed.id, 55, 45).await.unwrap().ok().unwrap();
    ev.players[disputed.p2]
        .dispute(&disputed.id, &json!({ "player1_vp": 45, "player2_vp": 52 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let bracket = ev.to.bracket(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!(bracket["bracket"]["rounds"][1]["slots"][1]["state"], "DISPUTED");
    let sf_round = s(&sf["round"], "id").to_string();
    refused(&ev.to.close_round(&sf_round).await.unwrap(), 409, "round_incomplete");
    ev.to.override_result(&disputed.id, &json!({ "player1_vp": 45, "player2_vp": 52 })).await.unwrap().ok().unwrap();
    ev.to.close_round(&sf_round).await.unwrap().ok().unwrap();

    // The final: 1 v 3; 3 wins.
    let fin = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &fin);
    assert_eq!((s(&fin["round"], "mission"), names), ("Final", vec![pair(&st(1), &st(3))]));
    ev.play(&tables[0], 38, 61).await.unwrap();
    ev.to.close_round(s(&fin["round"], "id")).await.unwrap().ok().unwrap();
    let bracket = ev.to.bracket(&ev.tid).await.unwrap().ok().unwrap()["bracket"].clone();
    assert_eq!((bracket["finished"].as_bool(), s(&bracket["champion"], "name")), (Some(true), st(3).as_str()));

    // A finished bracket has no round to pair, and its games take no more reports.
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.pair_playoff_round(&ev.tid).await.unwrap();
    refused(&r, 409, "bracket_finished");
    let r = ev.players[tables[0].p1].report_vp(&tables[0].id, 61, 38).await.unwrap();
    refused(&r, 409, "round_closed");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // The final ranking: champion, finalist, the semifinal losers share 3rd, the
    // quarterfinal losers 5th (by seed), then the Swiss standings from 9th.
    let want: Vec<(u64, String)> = [
        (1, st(3)),
        (2, st(1)),
        (3, st(2)),
        (3, st(5)),
        (5, st(4)),
        (5, st(6)),
        (5, st(7)),
        (5, st(8)),
        (9, st(9)),
        (10, st(10)),
        (11, st(11)),
        (12, st(12)),
    ]
    .into_iter()
    .collect();
    assert_eq!(ranking(&mut ev).await, want);

    // Prizes follow the final ranking: 500 / 300 / 100 / 100; the semifinal
    // losers share 3rd, so under US Chess 32B3 they split 3rd and 4th: 100 each.
    let prizes = json!({
        "categories": [{ "id": "open", "name": "Open", "brochure_order": 1, "prizes": [
            { "id": "p1", "place": 1, "cash": 50000 }, { "id": "p2", "place": 2, "cash": 30000 },
            { "id": "p3", "place": 3, "cash": 10000 }, { "id": "p4", "place": 4, "cash": 10000 }
        ] }],
        "rules": { "cash_split": "uscf_32b3" }
    });
    let base = format!("/api/tournaments/{}/prizes", ev.tid);
    ev.to.send(awc::http::Method::PUT, &format!("{base}/config"), Some(&prizes)).await.unwrap().ok().unwrap();
    let run = ev.to.post(&format!("{base}/runs"), &json!({})).await.unwrap().ok().unwrap()["run"].clone();
    let mut paid: Vec<(String, String)> = run["payouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (s(p, "name").to_string(), s(p, "amount").to_string()))
        .collect();
    paid.sort();
    let mut want = vec![
        (st(3), "500.00".to_string()),
        (st(1), "300.00".to_string()),
        (st(2), "100.00".to_string()),
        (st(5), "100.00".to_string()),
    ];
    want.sort();
    assert_eq!(paid, want, "{run}");
    ev.to.advance(&ev.tid).await.unwrap().ok().unwrap();
    app.stop().await;
}

#[actix_web::test]
async fn topcut_of_six_gives_the_top_two_byes_and_plays_for_third() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "B", 8, 3).await.unwrap();
    // Added before the first round.
    let b = ev.to.set_playoffs(&ev.tid, &json!({ "cut": 6, "third_place": true })).await.unwrap().ok().unwrap();
    let kinds: Vec<&str> =
        b["bracket"]["rounds"][0]["slots"].as_array().unwrap().iter().map(|x| s(x, "kind")).collect();
    assert_eq!(kinds, ["bye", "game", "bye", "game"]);
    assert_eq!(s(&b["bracket"]["rounds"][0]["slots"][0]["high"], "name"), "Seed 1");
    // The Swiss cannot end while the bracket waits.
    for _ in 0..3 {
        play_swiss_round(&mut ev).await;
    }
    refused(&ev.to.advance(&ev.tid).await.unwrap(), 409, "playoffs_unfinished");
    let swiss = standings_names(&mut ev).await;
    let st = |i: usize| swiss[i - 1].clone();

    // Seeds 1 and 2 have byes: only 4v5 and 3v6 are played.
    let r1 = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &r1);
    assert_eq!(names, [pair(&st(4), &st(5)), pair(&st(3), &st(6))]);
    ev.play(&tables[0], 30, 50).await.unwrap(); // 5 beats 4
    ev.play(&tables[1], 50, 30).await.unwrap(); // 3 beats 6
    ev.to.close_round(s(&r1["round"], "id")).await.unwrap().ok().unwrap();
    let sf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &sf);
    assert_eq!(names, [pair(&st(1), &st(5)), pair(&st(2), &st(3))]);
    ev.play(&tables[0], 50, 30).await.unwrap(); // 1 beats 5
    ev.play(&tables[1], 30, 50).await.unwrap(); // 3 beats 2
    ev.to.close_round(s(&sf["round"], "id")).await.unwrap().ok().unwrap();

    // The final and the third-place game in one round.
    let fin = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!(s(&fin["round"], "mission"), "Final and third-place game");
    let (names, tables) = playoff_tables(&ev, &fin);
    assert_eq!(names, [pair(&st(1), &st(3)), pair(&st(2), &st(5))]);
    ev.play(&tables[0], 50, 30).await.unwrap(); // 1 is champion
    ev.play(&tables[1], 30, 50).await.unwrap(); // 5 takes third
    ev.to.close_round(s(&fin["round"], "id")).await.unwrap().ok().unwrap();
    let want: Vec<(u64, String)> =
        vec![(1, st(1)), (2, st(3)), (3, st(5)), (4, st(2)), (5, st(4)), (5, st(6)), (7, st(7)), (8, st(8))];
    assert_eq!(ranking(&mut ev).await, want);
    ev.to.advance(&ev.tid).await.unwrap().ok().unwrap();
    app.stop().await;
}

#[actix_web::test]
async fn topcut_refusals_leave_the_event_as_it_was() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "R", 4, 1).await.unwrap();
    let tid = ev.tid.clone();
    refused(&ev.to.bracket(&tid).await.unwrap(), 404, "no_playoffs");
    let before = app.fingerprint().await.unwrap();
    refused(&ev.players[0].set_playoffs(&tid, &json!({ "cut": 4 })).await.unwrap(), 403, "not_tournament_organiser");
    for cut in [0, 1, 65] {
        let r = ev.to.set_playoffs(&tid, &json!({ "cut": cut })).await.unwrap();
        refused(&r, 422, "invalid_cut");
        assert!(r.body["message"].as_str().unwrap().contains("2 to 64"), "{}", r.body);
    }
    assert_eq!(app.fingerprint().await.unwrap(), before);

    let rule = "most primary points, then a roll-off the TO records";
    ev.to.set_playoffs(&tid, &json!({ "cut": 5, "tiebreak": rule })).await.unwrap().ok().unwrap();
    // Before the Swiss is played, then with a cut larger than the field.
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "swiss_unfinished");
    assert_eq!(app.fingerprint().await.unwrap(), before);
    play_swiss_round(&mut ev).await;
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "cut_too_large");
    assert_eq!(app.fingerprint().await.unwrap(), before);
    ev.to.set_playoffs(&tid, &json!({ "cut": 4, "tiebreak": rule })).await.unwrap().ok().unwrap();
    let swiss = standings_names(&mut ev).await;
    let sf = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &sf);
    assert_eq!(names, [pair(&swiss[0], &swiss[3]), pair(&swiss[1], &swiss[2])]);

    // Seeded: the settings hold; the event cannot end with a playoff round open; the next round waits for it.
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.set_playoffs(&tid, &json!({ "cut": 2 })).await.unwrap(), 409, "playoffs_started");
    refused(&ev.to.remove_playoffs(&tid).await.unwrap(), 409, "playoffs_started");
    refused(&ev.to.advance(&tid).await.unwrap(), 409, "round_open");
    refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "round_open");
    // A draw where a winner is needed: refused with what decides it.
    let t = &tables[0];
    let r = ev.players[t.p1].report_vp(&t.id, 50, 50).await.unwrap();
    refused(&r, 422, "winner_needed");
    let message = r.body["message"].as_str().unwrap();
    assert!(message.contains("tiebreaker") && message.contains(rule), "{message}");
    let r = ev.players[t.p1].report(&t.id, &json!({ "player1_vp": 50, "player2_vp": 50, "winner": 1 })).await.unwrap();
    refused(&r, 422, "invalid_winner");
    refused(
        &ev.to.override_result(&t.id, &json!({ "player1_vp": 50, "player2_vp": 50 })).await.unwrap(),
        422,
        "winner_needed",
    );
    let r = ev.to.override_result(&t.id, &json!({ "player1_vp": 60, "player2_vp": 40, "winner": 2 })).await.unwrap();
    refused(&r, 422, "invalid_winner");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // The TO records the tiebreaker's winner: seed 4 goes through on level VP.
    let o = ev.to.override_result(&t.id, &json!({ "player1_vp": 50, "player2_vp": 50, "winner": 2 })).await.unwrap();
    assert_eq!(o.ok().unwrap()["pairing"]["result"], "P2_WIN");
    ev.play(&tables[1], 60, 40).await.unwrap();
    ev.to.close_round(s(&sf["round"], "id")).await.unwrap().ok().unwrap();
    let fin = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let (names, ftables) = playoff_tables(&ev, &fin);
    assert_eq!(names, [pair(&swiss[1], &swiss[3])]);
    // The semifinal's winner can no longer change: the final follows from it.
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.override_result(&t.id, &json!({ "player1_vp": 60, "player2_vp": 40 })).await.unwrap();
    refused(&r, 409, "bracket_moved_on");
    assert_eq!(app.fingerprint().await.unwrap(), before);
    ev.play(&ftables[0], 60, 40).await.unwrap();
    ev.to.close_round(s(&fin["round"], "id")).await.unwrap().ok().unwrap();
    // A report for a finished bracket.
    let before = app.fingerprint().await.unwrap();
    refused(&ev.players[ftables[0].p2].report_vp(&ftables[0].id, 40, 60).await.unwrap(), 409, "round_closed");
    refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "bracket_finished");
    assert_eq!(app.fingerprint().await.unwrap(), before);
    app.stop().await;
}

/// A crokinole round robin (the championship's pool) into a top 4: level
/// game points are decided by the 20s; level 20s too need a tiebreak round.
#[actix_web::test]
async fn topcut_crokinole_round_robin_into_playoffs() {
    let app = TestApp::spawn().await.unwrap();
    let body = json!({ "name": "Crokinole Championship", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "round_robin" });
    let mut ev = Event::build(&app.base).tournament(body).numbered("C", 6).faction("Club").start().await.unwrap();
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 4 })).await.unwrap().ok().unwrap();
    let game = |p1: u32, p2: u32, t1: u32, t2: u32| json!({ "player1_points": p1, "player2_points": p2, "player1_twenties": t1, "player2_twenties": t2 });
    // Five rounds (6 players, Berger tables): the player registered first wins 6–2.
    for _ in 0..5 {
        let (round, tables) = ev.pair_next().await.unwrap();
        for t in &tables {
            let score = if t.p1 < t.p2 { game(6, 2, 3, 1) } else { game(2, 6, 1, 3) };
            ev.players[t.p1].report(&t.id, &score).await.unwrap().ok().unwrap();
            ev.players[t.p2].confirm(&t.id).await.unwrap().ok().unwrap();
        }
        ev.to.close_round(&round).await.unwrap().ok().unwrap();
    }
    // 2/1/0 points: C1 10, C2 8, C3 6, C4 4, C5 2, C6 0.
    assert_eq!(standings_names(&mut ev).await, ["C1", "C2", "C3", "C4", "C5", "C6"]);
    let sf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &sf);
    assert_eq!(names, [pair("C1", "C4"), pair("C2", "C3")]);
    // 4–4, 20s 3–5: C4 wins on 20s.
    let r = ev.players[tables[0].p1].report(&tables[0].id, &game(4, 4, 3, 5)).await.unwrap().ok().unwrap();
    assert_eq!(r["pairing"]["result"], "P2_WIN");
    ev.players[tables[0].p2].confirm(&tables[0].id).await.unwrap().ok().unwrap();
    // 4–4, 20s 2–2: a tiebreak round decides, the TO records it.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[tables[1].p1].report(&tables[1].id, &game(4, 4, 2, 2)).await.unwrap();
    refused(&r, 422, "winner_needed");
    assert!(r.body["message"].as_str().unwrap().contains("tiebreak round"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);
    let mut w = game(4, 4, 2, 2);
    w["winner"] = json!(1);
    ev.to.override_result(&tables[1].id, &w).await.unwrap().ok().unwrap();
    ev.to.close_round(s(&sf["round"], "id")).await.unwrap().ok().unwrap();
    let fin = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &fin);
    assert_eq!(names, [pair("C2", "C4")]);
    ev.players[tables[0].p1].report(&tables[0].id, &game(6, 2, 4, 0)).await.unwrap().ok().unwrap();
    ev.players[tables[0].p2].confirm(&tables[0].id).await.unwrap().ok().unwrap();
    ev.to.close_round(s(&fin["round"], "id")).await.unwrap().ok().unwrap();
    let want: Vec<(u64, String)> = [(1, "C2"), (2, "C4"), (3, "C1"), (3, "C3"), (5, "C5"), (6, "C6")]
        .iter()
        .map(|(p, n)| (*p, n.to_string()))
        .collect();
    assert_eq!(ranking(&mut ev).await, want);
    app.stop().await;
}

/// Sixteen "pair the next playoff round" at once (a TO's double taps on
/// several devices): one round is paired, the others answer 409 `round_open`.
async fn pairs_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "P", 4, 1).await.unwrap();
    play_swiss_round(&mut ev).await;
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 4 })).await.unwrap().ok().unwrap();
    let mut clients: Vec<ApiClient> = (0..16).map(|_| ev.to.clone_to(&app.base)).collect();
    let tid = ev.tid.clone();
    let replies = join_all(clients.iter_mut().map(|c| {
        let tid = tid.clone();
        async move { c.pair_playoff_round(&tid).await.unwrap() }
    }))
    .await;
    let codes: Vec<(u16, &str)> = replies.iter().map(|r| (r.status.as_u16(), r.code())).collect();
    assert_eq!(codes.iter().filter(|(st, _)| *st == 201).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| c.0 == 201 || *c == (409, "round_open")), "{codes:?}");
    let rounds = ev.to.rounds(&tid).await.unwrap().ok().unwrap();
    let playoff: Vec<&Value> = rounds["rounds"].as_array().unwrap().iter().filter(|r| r["playoff"] == true).collect();
    assert_eq!(playoff.len(), 1, "{rounds}");
    assert_eq!(playoff[0]["pairings"].as_array().map(Vec::len), Some(2));
    app.stop().await;
}

/// Sixteen changes of the top cut at once (the TO on several devices): each
/// waits its turn and succeeds, and the bracket then holds exactly one of the
/// settings sent, whole (never one request's cut with another's third place).
async fn settings_change_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "Q", 4, 1).await.unwrap();
    play_swiss_round(&mut ev).await;
    let sent: Vec<Value> = (0..16u32).map(|i| json!({ "cut": 2 + i % 3, "third_place": i % 3 == 0 })).collect();
    let mut clients: Vec<ApiClient> = (0..16).map(|_| ev.to.clone_to(&app.base)).collect();
    let tid = ev.tid.clone();
    let replies = join_all(clients.iter_mut().zip(&sent).map(|(c, body)| {
        let tid = tid.clone();
        async move { c.set_playoffs(&tid, body).await.unwrap() }
    }))
    .await;
    let codes: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
    assert!(codes.iter().all(|c| *c == 200), "{codes:?}");
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    let kept = &b["bracket"]["settings"];
    let third = kept["third_place"] == true;
    assert!(sent.iter().any(|v| v["cut"] == kept["cut"] && (v["third_place"] == true) == third), "{kept}");
    app.stop().await;
}

#[actix_web::test]
async fn topcut_settings_change_at_once_sqlite() {
    settings_change_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn topcut_settings_change_at_once_postgres() {
    settings_change_at_once(Backend::Postgres).await;
}

#[actix_web::test]
async fn topcut_pairs_once_sqlite() {
    pairs_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn topcut_pairs_once_postgres() {
    pairs_once(Backend::Postgres).await;
}

/// The bracket page follows the semifinals live, on a phone: a confirmed
/// semifinal marks its winner and puts them in the final, and the page never
/// scrolls sideways.
#[actix_web::test]
async fn topcut_bracket_page_updates_when_a_semifinal_is_confirmed() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "L", 4, 1).await.unwrap();
    play_swiss_round(&mut ev).await;
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 4 })).await.unwrap().ok().unwrap();
    let sf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &sf);
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(390, 844).await.unwrap();
    b.client.goto(&format!("{}/t/{}/bracket", app.base, ev.tid)).await.unwrap();
    let wait = arbiter_tests::WAIT;
    let fits = "const d = document.documentElement; return [d.scrollWidth <= d.clientWidth, \
        Array.from(document.querySelectorAll('.bk-name')).every(x => parseFloat(getComputedStyle(x).fontSize) >= 14)];";
    let shown = b
        .until("return Array.from(document.querySelectorAll('.bk-round')).map(r => r.querySelector('h2').firstChild.textContent.trim()).join('|') || null;", wait)
        .await;
    assert_eq!(shown, Some(json!("Semifinals|Final")));
    let state = format!(
        "const s = document.querySelector('.bk-slot[data-pairing=\"{}\"]'); return s && s.dataset.state;",
        tables[0].id
    );
    assert_eq!(b.until(&state, wait).await, Some(json!("UNREPORTED")));
    // The semifinal is confirmed: the page marks its winner (the lower seed, an upset) and the final shows them.
    ev.play(&tables[0], 35, 62).await.unwrap();
    let winner = format!(
        "const s = document.querySelector('.bk-slot[data-pairing=\"{}\"][data-state=\"CONFIRMED\"] .bk-won .bk-name'); return s && s.textContent;",
        tables[0].id
    );
    assert_eq!(b.until(&winner, wait).await, Some(json!(names[0].1)));
    let in_final =
        "const f = document.querySelector('.bk-round[data-round=\"1\"] .bk-name'); return f && f.textContent;";
    assert_eq!(b.until(in_final, wait).await, Some(json!(names[0].1)));
    assert_eq!(b.client.execute(fits, vec![]).await.unwrap(), json!([true, true]), "sideways scroll, small type");
    // A player of the other semifinal sees their playoff game on their page.
    let session = ev.players[tables[1].p1].session().unwrap().to_string();
    let cookie = format!("document.cookie = 'arbiter_session={session}; path=/'; return true;");
    b.client.execute(&cookie, vec![]).await.unwrap();
    b.client.goto(&format!("{}/t/{}/me", app.base, ev.tid)).await.unwrap();
    let game = "const t = document.body.innerText; return t.indexOf('Playoffs · Semifinals') >= 0 ? t : null;";
    let page = b.until(game, wait).await.unwrap_or_default();
    assert!(page.as_str().unwrap_or_default().contains(&format!("vs {}", names[1].1)), "{page}");
    b.close().await;
    app.stop().await;
}

/// The TO adds a top cut of 4 on the dashboard after the Swiss and pairs its
/// semifinals there; the bracket page then names the seeds.
#[actix_web::test]
async fn topcut_set_up_and_paired_from_the_dashboard() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "D", 5, 1).await.unwrap();
    play_swiss_round(&mut ev).await;
    let swiss = standings_names(&mut ev).await;
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    let cookie = format!("document.cookie = 'arbiter_session={}; path=/'; return true;", ev.to.session().unwrap());
    b.client.execute(&cookie, vec![]).await.unwrap();
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
    let wait = arbiter_tests::WAIT;
    let set = "const c = document.getElementById('po-cut'); if (!c) return null; c.value = '4'; document.getElementById('po-third').checked = true; document.querySelector('[data-action=\"playoffs-set\"]').click(); return true;";
    assert!(b.until(set, wait).await.is_some(), "no top-cut form on the dashboard");
    let pair = "const p = document.querySelector('[data-action=\"playoffs-pair\"]'); if (!p) return null; p.click(); return true;";
    assert!(b.until(pair, wait).await.is_some(), "no button to pair the playoffs");
    let paired = "return document.querySelector('[data-action=\"close-round\"]') ? true : null;";
    assert!(b.until(paired, wait).await.is_some(), "the semifinals were not paired");
    let bracket = ev.to.bracket(&ev.tid).await.unwrap().ok().unwrap()["bracket"].clone();
    assert_eq!(
        (bracket["settings"]["cut"].as_u64(), bracket["settings"]["third_place"].as_bool()),
        (Some(4), Some(true))
    );
    let first = &bracket["rounds"][0]["slots"][0];
    assert_eq!((s(&first["high"], "name"), s(&first["low"], "name")), (swiss[0].as_str(), swiss[3].as_str()));
    b.client.goto(&format!("{}/t/{}/bracket", app.base, ev.tid)).await.unwrap();
    let names = "const n = document.querySelectorAll('.bk-round[data-round=\"0\"] .bk-name'); return n.length ? Array.from(n).map(x => x.textContent) : null;";
    let want = json!([swiss[0], swiss[3], swiss[1], swiss[2]]);
    assert_eq!(b.until(names, wait).await, Some(want));
    b.close().await;
    app.stop().await;
}

/// A venue screen of 1920×1080 shows a whole bracket of 16 as the venue
/// board shows a round, readable from across the hall: the whole width,
/// every (long) name whole, no type smaller than the board's smallest,
/// lines joining each pair of games to the game its winners meet in; the
/// playoff rounds are named on the results pages too (QF, SF, Final where
/// space is short).
#[actix_web::test]
async fn topcut_bracket_of_sixteen_is_a_venue_screen_at_1920_by_1080() {
    let app = TestApp::spawn().await.unwrap();
    let names = [
        "Alexandra Montgomery-Smythe",
        "Bartholomew Featherstone",
        "Jean-Baptiste Delacroix",
        "Maximilian Oberhauser",
        "Wojciech Brzeczyszczykiewicz",
        "Thandiwe Nkosi-Mahlangu",
        "Guillermo Fernandez Ruiz",
        "Katarzyna Wisniewska",
        "Oluwaseun Adebayo-Okafor",
        "Hiroshi Takahashi",
        "Ingrid Johannessen",
        "Rafael Dominguez Ortega",
        "Priya Raghunathan",
        "Cornelius Vanderbilt III",
        "Ebony Blackwood",
        "Tobias Rasmussen",
    ];
    let mut ev = Event::build(&app.base).name("Sixteen Open").rounds(1).players(&names).start().await.unwrap();
    play_swiss_round(&mut ev).await;
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 16, "third_place": true })).await.unwrap().ok().unwrap();
    let first = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(1920, 1080).await.unwrap();
    let wait = arbiter_tests::WAIT;
    // The venue board showing the round of 16: the smallest type it uses (its faction line).
    b.client.goto(&format!("{}/t/{}/board", app.base, ev.tid)).await.unwrap();
    let smallest = "const e = [...document.querySelectorAll('#board-body th, #board-body td, #board-body td *')].filter(e => e.offsetParent && e.textContent.trim()); \
        return e.length > 8 && Math.min(...e.map(x => parseFloat(getComputedStyle(x).fontSize)));";
    let board = b.until(smallest, wait).await.and_then(|v| v.as_f64()).expect("the board was not drawn");

    b.client.goto(&format!("{}/t/{}/bracket", app.base, ev.tid)).await.unwrap();
    let script = "const n = document.querySelectorAll('.bk-round[data-round=\"0\"] .bk-name'); if (n.length < 16) return null; \
        const d = document.documentElement, box = document.getElementById('bracket'); \
        const text = [...box.querySelectorAll('h2, .bk-line, .bk-line *, .bk-state, .bk-label')].filter(e => e.offsetParent && e.textContent.trim()); \
        const min = Math.min(...text.map(x => parseFloat(getComputedStyle(x).fontSize))); \
        const names = parseFloat(getComputedStyle(n[0]).fontSize); \
        const cut = [...document.querySelectorAll('.bk-name')].filter(x => x.scrollWidth > x.clientWidth || x.getClientRects().length !== 1).map(x => x.textContent); \
        const mid = r => (r.top + r.bottom) / 2; \
        const lines = [...box.querySelectorAll('.bk-bar')].map(bar => { \
          const cell = bar.parentElement, next = cell.nextElementSibling, r = bar.getBoundingClientRect(); \
          const round = +cell.closest('.bk-round').dataset.round, k = [...cell.parentElement.children].indexOf(cell) / 2; \
          const target = document.querySelectorAll('.bk-round[data-round=\"' + (round + 1) + '\"] .bk-cell')[k].querySelector('.bk-slot'); \
          return [r.height > 10 && parseFloat(getComputedStyle(bar).borderLeftWidth) >= 1, \
            Math.max(Math.abs(r.top - mid(cell.querySelector('.bk-slot').getBoundingClientRect())), Math.abs(r.bottom - mid(next.querySelector('.bk-slot').getBoundingClientRect())), \
              Math.abs(mid(r) - mid(target.getBoundingClientRect())))]; }); \
        return { rounds: [...document.querySelectorAll('.bk-round h2')].map(h => h.firstChild.textContent.trim()), \
          across: d.scrollWidth <= innerWidth, down: d.scrollHeight <= innerHeight, min, names, cut, \
          width: box.getBoundingClientRect().width / innerWidth, height: box.getBoundingClientRect().height / innerHeight, \
          overlap: [...document.querySelectorAll('.bk-slots')].some(c => { const s = [...c.querySelectorAll('.bk-slot')].map(x => x.getBoundingClientRect()); \
            return s.some((a, i) => s.some((b, j) => i !== j && a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right)); }), \
          bars: lines.length, drawn: lines.every(l => l[0]), off: Math.max(...lines.map(l => l[1])), \
          stubs: [box.querySelectorAll('.bk-out').length, box.querySelectorAll('.bk-in').length] };";
    let got = b.until(script, wait).await.expect("the bracket was not drawn");
    b.save_screenshot("bracket-16.png").await;
    eprintln!("board's smallest type {board} px; bracket: {got}");
    assert_eq!(got["rounds"], json!(["Round of 16", "Quarterfinals", "Semifinals", "Final"]), "{got}");
    assert_eq!(
        (&got["across"], &got["down"], &got["cut"]),
        (&json!(true), &json!(true), &json!([])),
        "scrolls, or names cut or wrapped: {got}"
    );
    let (min, size) = (got["min"].as_f64().unwrap(), got["names"].as_f64().unwrap());
    assert!(min >= board - 0.05, "type of {min} px, below the board's {board} px: {got}");
    assert!(size >= board, "names in {size} px: {got}");
    assert!(got["width"].as_f64().unwrap() >= 0.9, "the bracket fills {} of the width", got["width"]);
    assert!(got["height"].as_f64().unwrap() >= 0.75, "the bracket fills {} of the height", got["height"]);
    assert_eq!(got["overlap"], json!(false), "games drawn over each other: {got}");
    // 8 + 4 + 2 games lead on: 7 pairs joined by a bar, each level with the middles of its two games and of the next.
    assert_eq!((&got["bars"], &got["drawn"], &got["stubs"]), (&json!(7), &json!(true), &json!([14, 7])), "{got}");
    assert!(got["off"].as_f64().unwrap() < 3.0, "lines off the games' middles by {} px", got["off"]);

    // The whole bracket played: the results pages name the playoff rounds.
    let mut published = first;
    loop {
        let (_, tables) = playoff_tables(&ev, &published);
        for t in &tables {
            ev.play(t, 70, 30).await.unwrap();
        }
        ev.to.close_round(s(&published["round"], "id")).await.unwrap().ok().unwrap();
        match ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok() {
            Ok(next) => published = next,
            Err(_) => break,
        }
    }
    b.client.goto(&format!("{}/t/{}/results", app.base, ev.tid)).await.unwrap();
    let tabs = "if (document.body.dataset.ready !== '1') return null; return [[...document.querySelectorAll('#round-links a')].map(a => a.textContent), \
        [...document.querySelectorAll('.crosstable thead th')].map(t => t.textContent).slice(2, -1)];";
    let got = b.until(tabs, wait).await.expect("the results page was not drawn");
    assert_eq!(
        got,
        json!([
            ["Round 1", "Round of 16", "Quarterfinals", "Semifinals", "Final and third-place game", "Players"],
            ["R1", "Round of 16", "QF", "SF", "Final"]
        ])
    );
    b.close().await;
    app.stop().await;
}

/// Re-seeded each round: after upsets (8 over 1, 5 over 4) the semifinals
/// pair the highest remaining seed with the lowest — 2 v 8 and 3 v 5 —
/// instead of following the bracket's lines (5 v 8, 2 v 3).
#[actix_web::test]
async fn topcut_reseeded_pairs_highest_remaining_with_lowest() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "S", 8, 3).await.unwrap();
    for _ in 0..3 {
        play_swiss_round(&mut ev).await;
    }
    let swiss = standings_names(&mut ev).await;
    let st = |i: usize| swiss[i - 1].clone();
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 8, "reseed": true })).await.unwrap().ok().unwrap();
    let qf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, tables) = playoff_tables(&ev, &qf);
    assert_eq!(names, [pair(&st(1), &st(8)), pair(&st(4), &st(5)), pair(&st(2), &st(7)), pair(&st(3), &st(6))]);
    ev.play(&tables[0], 30, 50).await.unwrap(); // 8 beats 1
    ev.play(&tables[1], 30, 50).await.unwrap(); // 5 beats 4
    ev.play(&tables[2], 50, 30).await.unwrap();
    ev.play(&tables[3], 50, 30).await.unwrap();
    ev.to.close_round(s(&qf["round"], "id")).await.unwrap().ok().unwrap();
    let sf = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let (names, _) = playoff_tables(&ev, &sf);
    assert_eq!(names, [pair(&st(2), &st(8)), pair(&st(3), &st(5))]);
    app.stop().await;
}
