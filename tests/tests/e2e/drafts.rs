//! Rounds fixed by hand: the TO pairs a round as a draft only staff see,
//! swaps players, moves or unpairs tables (each version checked against the
//! pairing rules), and publishes it; boards and phones get the round at
//! publication. Refusals answer 4xx with a message and change nothing.

use super::browser::open_signed_in;
use super::undo::{put, refused};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// The (player1, player2) names of a round's tables, table order.
fn tables_of(round: &Value) -> Vec<(String, String)> {
    round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["player2"].is_null())
        .map(|p| (s(&p["player1"], "name").to_string(), s(&p["player2"], "name").to_string()))
        .collect()
}

/// A draft's layout for `PUT …/draft` from (player1, player2) registration ids.
fn layout(ev: &Event, tables: &[(&str, &str)]) -> Value {
    let id = |n: &str| ev.registrations[ev.index_of(n).unwrap()].clone();
    json!({ "tables": tables.iter().enumerate().map(|(k, (a, b))| json!({ "table": k + 1, "player1": id(a), "player2": id(b) })).collect::<Vec<_>>() })
}

#[actix_web::test]
async fn a_round_is_drafted_changed_by_hand_and_published_sqlite() {
    drafted(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_round_is_drafted_changed_by_hand_and_published_postgres() {
    drafted(Backend::Postgres).await;
}

async fn drafted(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "D", 6, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (r1, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let round1 = ev.to.round(&r1).await.unwrap().ok().unwrap()["round"].clone();
    let met: Vec<(String, String)> = tables_of(&round1);
    let r2 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let draft = |r: &str| format!("/api/rounds/{r}/draft");

    // The draft: only the TO makes or reads it; the public still sees round 2 pending.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[0].post_empty(&draft(&r2)).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = ev.to.get(&draft(&r2)).await.unwrap();
    refused(&app, &before, &r, 404, "no_draft").await;
    let since = ev.to.snapshot(&tid).await.unwrap().ok().unwrap()["seq"].as_i64().unwrap();
    let d = ev.to.post_empty(&draft(&r2)).await.unwrap().ok().unwrap();
    assert_eq!(tables_of(&d["round"]).len(), 3);
    assert_eq!((s(&d["round"], "status"), &d["checks"], &d["edited"]), ("PENDING", &json!([]), &json!(false)));
    assert!(s(&d, "explanation").starts_with("Pairing order"), "{}", d["explanation"]);
    assert!(s(&d, "explanation").contains("Table 1: 1. "), "{}", d["explanation"]);
    let r = ev.players[0].get(&draft(&r2)).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let public = app.client().get(&format!("/api/tournaments/{tid}/snapshot")).await.unwrap().ok().unwrap();
    assert_eq!(
        (s(&public["round"], "status"), public["round"]["pairings"].as_array().map(Vec::len)),
        ("PENDING", Some(0))
    );
    let r = ev.players[0].round(&r2).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "round_not_published"), "{}", r.body);

    // Swapped by hand into a rematch of round 1: refused with what it
    // breaks until the TO confirms it; then the draft says so.
    let (a, b) = (met[0].0.clone(), met[0].1.clone());
    let others: Vec<String> = ev.names.iter().filter(|n| **n != a && **n != b).cloned().collect();
    let mine =
        [(a.as_str(), b.as_str()), (others[0].as_str(), others[1].as_str()), (others[2].as_str(), others[3].as_str())];
    let mut body = layout(&ev, &mine);
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.to, &draft(&r2), &body).await;
    refused(&app, &before, &r, 409, "confirmation_required").await;
    assert!(s(&r.body, "message").contains(&format!("Rematch: {a} and {b} met in round 1.")), "{}", r.body);
    assert!(r.body["details"]["checks"].as_array().is_some_and(|c| c.iter().any(|c| c["kind"] == "rematch")));
    body["confirm"] = json!(true);
    let d = put(&mut ev.to, &draft(&r2), &body).await.ok().unwrap();
    assert_eq!(d["edited"], true);
    let rematch: Vec<&Value> = d["checks"].as_array().unwrap().iter().filter(|c| c["kind"] == "rematch").collect();
    assert_eq!(
        rematch.len(),
        1 + usize::from(
            met.contains(&(others[0].clone(), others[1].clone()))
                || met.contains(&(others[1].clone(), others[0].clone()))
        ) + usize::from(
            met.contains(&(others[2].clone(), others[3].clone()))
                || met.contains(&(others[3].clone(), others[2].clone()))
        )
    );
    assert_eq!(s(rematch[0], "message"), format!("Rematch: {a} and {b} met in round 1."));

    // Bad layouts are refused, naming the problem; nothing changes.
    let before = app.fingerprint().await.unwrap();
    let twice = layout(&ev, &[(a.as_str(), b.as_str()), (a.as_str(), others[0].as_str())]);
    let r = put(&mut ev.to, &draft(&r2), &twice).await;
    refused(&app, &before, &r, 422, "invalid_draft").await;
    assert!(s(&r.body, "message").contains(&format!("{a} is seated twice")), "{}", r.body);
    let mut zero = layout(&ev, &mine);
    zero["tables"][1]["table"] = json!(0);
    let r = put(&mut ev.to, &draft(&r2), &zero).await;
    refused(&app, &before, &r, 422, "invalid_draft").await;
    let stranger =
        json!({ "tables": [{ "table": 1, "player1": uuid::Uuid::new_v4(), "player2": ev.registrations[0] }] });
    let r = put(&mut ev.to, &draft(&r2), &stranger).await;
    refused(&app, &before, &r, 422, "invalid_draft").await;
    let byes = json!({ "tables": [{ "table": 1, "player1": ev.registrations[0], "player2": null }, { "table": 2, "player1": ev.registrations[1], "player2": null }] });
    let r = put(&mut ev.to, &draft(&r2), &byes).await;
    refused(&app, &before, &r, 422, "invalid_draft").await;
    let r = put(&mut ev.players[0], &draft(&r2), &body).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;

    // Unpair a table, then pair the two by hand again, moved to table 3.
    let two = [(a.as_str(), b.as_str()), (others[0].as_str(), others[1].as_str())];
    let body2 = layout(&ev, &two);
    let d = put(&mut ev.to, &draft(&r2), &body2).await.ok().unwrap();
    let unpaired: Vec<&str> = d["unpaired"].as_array().unwrap().iter().map(|p| s(p, "name")).collect();
    assert_eq!(unpaired.len(), 2);
    assert!(unpaired.contains(&others[2].as_str()) && unpaired.contains(&others[3].as_str()));
    let mut moved = layout(&ev, &mine);
    moved["tables"][2]["table"] = json!(7);
    moved["confirm"] = json!(true);
    let d = put(&mut ev.to, &draft(&r2), &moved).await.ok().unwrap();
    assert_eq!(d["round"]["pairings"][2]["table"], 7);

    // Published: the round has exactly the tables drafted; one announcement.
    let published = ev.to.post_empty(&format!("{}/publish", draft(&r2))).await.unwrap().ok().unwrap();
    let want: Vec<(String, String)> = mine.iter().map(|(x, y)| ((*x).to_string(), (*y).to_string())).collect();
    assert_eq!(tables_of(&published["round"]), want);
    assert_eq!(published["round"]["pairings"][2]["table"], 7);
    let round2 = ev.players[0].round(&r2).await.unwrap().ok().unwrap()["round"].clone();
    assert_eq!((tables_of(&round2), s(&round2, "status")), (want.clone(), "ACTIVE"));
    let kinds: Vec<String> = ev.to.events(&tid, &format!("?since={since}")).await.unwrap().ok().unwrap()["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| s(e, "kind").to_string())
        .collect();
    assert_eq!(kinds, ["pairings_published"], "a draft announces nothing until it is published");
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.get(&draft(&r2)).await.unwrap();
    refused(&app, &before, &r, 409, "round_not_pending").await;
    let r = ev.to.post_empty(&format!("{}/publish", draft(&r2))).await.unwrap();
    refused(&app, &before, &r, 409, "round_not_pending").await;

    // Round 3: a drafted player withdraws before publication.
    let (_, tables2) = (r2.clone(), ev.to.round(&r2).await.unwrap().ok().unwrap()["round"]["pairings"].clone());
    for p in tables2.as_array().unwrap() {
        let (p1, p2) = (ev.index_of(s(&p["player1"], "name")).unwrap(), ev.index_of(s(&p["player2"], "name")).unwrap());
        let t = arbiter_tests::Table { id: s(p, "id").to_string(), p1, p2 };
        ev.play(&t, 50, 45).await.unwrap();
    }
    ev.to.close_round(&r2).await.unwrap().ok().unwrap();
    let r3 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    ev.to.post_empty(&draft(&r3)).await.unwrap().ok().unwrap();
    ev.players[5].drop_out(&tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&format!("{}/publish", draft(&r3))).await.unwrap();
    refused(&app, &before, &r, 409, "draft_stale").await;
    assert!(s(&r.body, "message").starts_with("D6 withdrew"), "{}", r.body);
    // Paired again without them; publishing it twice at once publishes it once.
    let d = ev.to.post_empty(&draft(&r3)).await.unwrap().ok().unwrap();
    assert!(d["unpaired"].as_array().unwrap().is_empty());
    let answers = join_all((0..4).map(|_| {
        let mut c = ev.to.clone_to(&app.base);
        let p = format!("{}/publish", draft(&r3));
        async move { c.post_empty(&p).await.unwrap() }
    }))
    .await;
    assert_eq!(answers.iter().filter(|a| a.status.is_success()).count(), 1);
    assert!(answers
        .iter()
        .filter(|a| !a.status.is_success())
        .all(|a| a.code() == "round_not_pending" || a.code() == "no_draft"));
    let log = ev.log().await.unwrap();
    assert_eq!(log.iter().filter(|e| s(e, "kind") == "pairings_published").count(), 3);
    app.stop().await;
}

/// A Swiss chess draft explains the Dutch pairing per bracket (C.04.3).
#[actix_web::test]
async fn a_dutch_draft_explains_its_brackets() {
    let app = TestApp::spawn().await.unwrap();
    let body = json!({ "name": "Draft Open", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 3 });
    let mut ev = Event::build(&app.base).tournament(body).numbered("C", 5).faction("Club").start().await.unwrap();
    let r1 = s(&ev.to.new_round(&ev.tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let d = ev.to.post_empty(&format!("/api/rounds/{r1}/draft")).await.unwrap().ok().unwrap();
    let why = s(&d, "explanation");
    assert!(why.starts_with("Round 1: 5 players to pair (C.04.3, FIDE Dutch System)."), "{why}");
    assert_eq!(d["round"]["pairings"].as_array().map(Vec::len), Some(3), "two tables and the bye");
    app.stop().await;
}

/// At the table: the TO drafts round 1 on the dashboard while a venue board
/// is open, swaps two players, and publishes; the board shows nothing of
/// the draft and then exactly the published tables.
#[actix_web::test]
async fn draft_swap_and_publish_from_the_dashboard_while_a_board_is_open() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "W", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let r1 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let wait = arbiter_tests::WAIT;
    let live = "return document.getElementById('live-status').classList.contains('on') ? true : null;";
    let board = Browser::start().await.unwrap();
    board.client.goto(&format!("{}/t/{tid}/board", app.base)).await.unwrap();
    assert!(board.until(live, wait).await.is_some(), "board not live");
    let dash = Browser::start().await.unwrap();
    open_signed_in(&dash, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    assert!(dash.until(live, wait).await.is_some(), "dashboard not live");

    // Draft: two tables of two seat buttons each.
    let click =
        |sel: &str| format!("const b = document.querySelector('{sel}'); if (!b) return null; b.click(); return true;");
    assert!(dash.until(&click("[data-action=draft]"), wait).await.is_some(), "no button to pair a draft");
    let seats = "const s = document.querySelectorAll('#draft tr[data-draft-table] button.seat'); return s.length === 4 ? Array.from(s).map(b => b.textContent) : null;";
    let drafted = dash.until(seats, wait).await.expect("no draft tables");
    let names: Vec<String> = drafted.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    // The board shows none of it.
    let board_names = "return document.getElementById('board-body').textContent;";
    let text = board.client.execute(board_names, vec![]).await.unwrap();
    assert!(
        names.iter().all(|n| !text.as_str().unwrap_or_default().contains(n.as_str())),
        "the board shows the draft: {text}"
    );

    // Swap table 1's player 1 with table 2's player 2.
    let pick = |k: usize| {
        format!("const s = document.querySelectorAll('#draft tr[data-draft-table] button.seat'); if (s.length !== 4) return null; s[{k}].click(); return true;")
    };
    assert!(dash.until(&pick(0), wait).await.is_some());
    assert!(
        dash.until("return document.querySelector('#draft button.seat.picked') ? true : null;", wait).await.is_some(),
        "the first click marks the player"
    );
    assert!(dash.until(&pick(3), wait).await.is_some());
    let want = vec![names[3].clone(), names[1].clone(), names[2].clone(), names[0].clone()];
    let swapped = format!("const s = document.querySelectorAll('#draft tr[data-draft-table] button.seat'); const n = Array.from(s).map(b => b.textContent); return JSON.stringify(n) === '{}' ? true : null;", serde_json::to_string(&want).unwrap());
    assert!(dash.until(&swapped, wait).await.is_some(), "the draft did not show the swap");
    let text = board.client.execute(board_names, vec![]).await.unwrap();
    assert!(
        names.iter().all(|n| !text.as_str().unwrap_or_default().contains(n.as_str())),
        "the board shows the draft: {text}"
    );

    // Publish, through the confirmation: the board shows the swapped tables.
    assert!(dash.until(&click("[data-action=draft-publish]"), wait).await.is_some());
    assert!(dash.until(&click("dialog.ask [data-ask-ok]"), wait).await.is_some(), "no confirmation");
    let shown = |a: &str, b: &str| {
        format!("const rows = Array.from(document.querySelectorAll('#board-body tr[data-pairing]')).map(r => r.textContent); return rows.some(t => t.includes('{a}') && t.includes('{b}')) ? true : null;")
    };
    assert!(board.until(&shown(&want[0], &want[1]), wait).await.is_some(), "board lacks {} v {}", want[0], want[1]);
    assert!(board.until(&shown(&want[2], &want[3]), wait).await.is_some(), "board lacks {} v {}", want[2], want[3]);
    let round = ev.to.round(&r1).await.unwrap().ok().unwrap()["round"].clone();
    let stored: Vec<String> = round["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [s(&p["player1"], "name").to_string(), s(&p["player2"], "name").to_string()])
        .collect();
    assert_eq!(stored, want, "what the board shows is what the database holds");
    assert!(dash.until("return document.querySelector('#draft').hidden ? true : null;", wait).await.is_some());
    board.close().await;
    dash.close().await;
    app.stop().await;
}

/// On the dashboard: a swap that makes a rematch is not taken silently.
/// The dialog names the rematch; Cancel leaves the draft as it was, and
/// confirming stores it with the rematch listed among its checks.
#[actix_web::test]
async fn a_swap_into_a_rematch_asks_the_organiser_first() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "M", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (r1, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let met = tables_of(&ev.to.round(&r1).await.unwrap().ok().unwrap()["round"]);
    ev.to.new_round(&tid).await.unwrap().ok().unwrap();
    let dash = Browser::start().await.unwrap();
    open_signed_in(&dash, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    let wait = arbiter_tests::WAIT;
    let live = "return document.getElementById('live-status').classList.contains('on') ? true : null;";
    assert!(dash.until(live, wait).await.is_some(), "dashboard not live");
    let click =
        |sel: &str| format!("const b = document.querySelector('{sel}'); if (!b) return null; b.click(); return true;");
    assert!(dash.until(&click("[data-action=draft]"), wait).await.is_some(), "no button to pair a draft");
    let seats = "const s = document.querySelectorAll('#draft tr[data-draft-table] button.seat'); return s.length === 4 ? Array.from(s).map(b => b.textContent) : null;";
    let drafted = dash.until(seats, wait).await;
    let shown = dash.client.execute("return document.getElementById('draft').outerHTML;", vec![]).await;
    let names: Vec<String> = drafted
        .unwrap_or_else(|| panic!("no draft tables: {shown:?}"))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    // Seat 0's round-1 opponent takes seat 1's place: a rematch at table 1.
    let opponent = met.iter().find_map(|(a, b)| {
        if *a == names[0] {
            Some(b)
        } else if *b == names[0] {
            Some(a)
        } else {
            None
        }
    });
    let k = names.iter().position(|n| Some(n) == opponent).unwrap();
    assert_ne!(k, 1, "the engine paired a rematch: {names:?}");
    let pick = |k: usize| {
        format!("const s = document.querySelectorAll('#draft tr[data-draft-table] button.seat'); s[{k}].click(); return true;")
    };
    let asked = "const d = document.querySelector('dialog.ask[open]'); return d ? d.textContent : null;";
    for answer in ["button[value=cancel]", "[data-ask-ok]"] {
        assert!(dash.until(&pick(1), wait).await.is_some());
        assert!(dash
            .until("return document.querySelector('#draft button.seat.picked') ? true : null;", wait)
            .await
            .is_some());
        assert!(dash.until(&pick(k), wait).await.is_some());
        let text = dash.until(asked, wait).await.expect("no dialog for the rematch");
        assert!(text.as_str().unwrap().contains("Rematch"), "{text}");
        assert!(dash.until(&click(&format!("dialog.ask {answer}")), wait).await.is_some(), "no {answer} button");
        if answer.contains("cancel") {
            let closed = "return document.querySelector('dialog.ask[open]') ? null : true;";
            assert!(dash.until(closed, wait).await.is_some());
            let round = s(&ev.to.rounds(&tid).await.unwrap().ok().unwrap()["rounds"][1], "id").to_string();
            let d = ev.to.get(&format!("/api/rounds/{round}/draft")).await.unwrap().ok().unwrap();
            assert_eq!(d["checks"], json!([]), "a cancelled swap stored nothing");
        }
    }
    // Cancelled once (nothing stored), then confirmed: the draft has the rematch and says so.
    let checks = "const c = document.getElementById('draft').textContent; return c.includes('Rematch') ? true : null;";
    assert!(dash.until(checks, wait).await.is_some(), "the draft does not list the rematch");
    let round = s(&ev.to.rounds(&tid).await.unwrap().ok().unwrap()["rounds"][1], "id").to_string();
    let d = ev.to.get(&format!("/api/rounds/{round}/draft")).await.unwrap().ok().unwrap();
    assert!(d["checks"].as_array().unwrap().iter().any(|c| c["kind"] == "rematch"), "{d}");
    dash.close().await;
    app.stop().await;
}
