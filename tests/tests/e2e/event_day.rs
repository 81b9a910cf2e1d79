//! A full 40K event day run in the browser: the prize desk's CSV box, the
//! dashboard's live re-render around open panels, round-1 pairing choices,
//! the one-step "pair the next round" flow and the board's title.

use crate::browser::{open_signed_in, type_into};
use arbiter_tests::browser::Browser;
use arbiter_tests::{open_tournament, register, s, Api, Event, TestApp};
use awc::http::Method;
use fantoccini::Locator;
use serde_json::{json, Value};
use std::time::Duration;

/// The TO types a prize list with a faction prize into the prize desk's
/// CSV box and imports it: the stored list keeps the faction and the desk
/// shows the category restricted to it.
#[actix_web::test]
async fn a_faction_prize_typed_into_the_desk_keeps_its_faction() {
    let app = TestApp::spawn().await.unwrap();
    let ev = Event::start(&app.base, "K", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/prizes/manage")).await;
    let area = b.client.find(Locator::Css("textarea[name=csv]")).await.unwrap();
    area.send_keys("category,place,cash,trophy,faction\nOpen,1,100,yes,\nBest Orks,1,30,,Orks\n").await.unwrap();
    b.client
        .execute("document.querySelector('form[action$=\"/prizes/manage/import\"] button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let shown = b
        .until(
            "var r = [...document.querySelectorAll('table.grid tbody tr')].find(r => r.cells[0].textContent === 'Best Orks'); return r ? r.cells[1].textContent : null",
            Duration::from_secs(5),
        )
        .await;
    // Saving the desk's rules afterwards keeps the list as it is.
    b.client
        .execute("document.querySelector('form[action$=\"/prizes/manage/rules\"] select[name=cash_split]').value = 'place_first'; document.querySelector('form[action$=\"/prizes/manage/rules\"] button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let saved = b.until("return document.querySelector('select[name=cash_split]') && document.querySelector('select[name=cash_split]').value === 'place_first'", Duration::from_secs(5)).await;
    assert!(saved.is_some(), "the rules were not saved");
    let mut to = ev.to;
    let config = to.get(&format!("/api/tournaments/{tid}/prizes/config")).await.unwrap().ok().unwrap();
    let cats = config["config"]["categories"].as_array().cloned().unwrap_or_default();
    let orks = cats.iter().find(|c| s(c, "name") == "Best Orks").expect("no Best Orks category");
    assert_eq!(orks["faction"], "Orks", "{config}");
    let who = shown.expect("the desk does not list Best Orks");
    assert!(who.as_str().unwrap_or_default().contains("Orks"), "Best Orks shown as {who}");
    assert!(!who.as_str().unwrap_or_default().contains("everyone"), "Best Orks shown as {who}");
    // A misspelt column is refused, named, and the typed CSV kept.
    let area = b.client.find(Locator::Css("textarea[name=csv]")).await.unwrap();
    area.clear().await.unwrap();
    area.send_keys("category,place,cash,factoin\nBest Orks,1,30,Orks\n").await.unwrap();
    b.client
        .execute("document.querySelector('form[action$=\"/prizes/manage/import\"] button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let error = b
        .until("var e = document.getElementById('form-error'); return e ? e.textContent : null", Duration::from_secs(5))
        .await;
    let error = error.expect("no error shown for an unknown column");
    assert!(error.as_str().unwrap_or_default().contains("factoin"), "{error}");
    let config = to.get(&format!("/api/tournaments/{tid}/prizes/config")).await.unwrap().ok().unwrap();
    assert!(config.to_string().contains("\"Orks\""), "the refused import changed the list: {config}");
    // The desk's label names every column the import takes.
    let label = b
        .client
        .execute("return document.querySelector('textarea[name=csv]').closest('label').textContent", vec![])
        .await
        .unwrap();
    for column in ["faction", "federation", "ranked_by", "prize_active"] {
        assert!(label.as_str().unwrap_or_default().contains(column), "the label does not list {column}: {label}");
    }
    b.close().await;
    app.stop().await;
}

/// The TO opens "Import a roster", pastes one and previews it while another
/// player registers: the live update leaves the panel open, the pasted text
/// and the preview where they were.
#[actix_web::test]
async fn a_live_update_keeps_the_roster_preview_open() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Roster GT", 3).await.unwrap();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    assert!(b.until("return !!document.querySelector('#roster summary')", Duration::from_secs(5)).await.is_some());
    let live = "return document.getElementById('live-status').classList.contains('on')";
    assert!(b.until(live, Duration::from_secs(5)).await.is_some(), "socket not live");
    b.client.execute("document.querySelector('#roster summary').click(); return true;", vec![]).await.unwrap();
    type_into(&b, "#roster-form textarea[name=csv]", "name,faction\nAda,Orks\nBo,Necrons\n").await;
    b.client
        .execute("document.querySelector('#roster-form button[name=preview]').click(); return true;", vec![])
        .await
        .unwrap();
    let preview =
        "var r = document.querySelector('#roster-report table'); return !!r && r.textContent.includes('Necrons')";
    assert!(b.until(preview, Duration::from_secs(5)).await.is_some(), "no preview");

    // Another player registers: the dashboard's player list updates live.
    let (mut late, _) = app.user("Cy").await.unwrap();
    register(&mut late, &tid, "Cy", "Aeldari").await.unwrap();
    let listed = "return [...document.querySelectorAll('#players-body tr')].some(r => r.textContent.includes('Cy'))";
    assert!(b.until(listed, Duration::from_secs(5)).await.is_some(), "the registration did not reach the dashboard");

    let state = b
        .client
        .execute(
            "return [document.getElementById('roster').open, document.querySelector('#roster-form textarea').value, !!document.querySelector('#roster-report table') && document.querySelector('#roster-report').textContent.includes('Necrons')];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(state, serde_json::json!([true, "name,faction\nAda,Orks\nBo,Necrons\n", true]), "panel, text, preview");
    b.close().await;
    app.stop().await;
}

/// Round 1's tables as (player 1, player 2) names, from the pairing reply.
fn table_names(paired: &Value) -> Vec<(String, String)> {
    paired["round"]["pairings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| !t["player2"].is_null())
        .map(|t| (s(&t["player1"], "name").to_string(), s(&t["player2"], "name").to_string()))
        .collect()
}

/// Pairs round 1 of `ev` and returns its tables by name.
async fn round_one(ev: &mut Event) -> Vec<(String, String)> {
    let r = ev.to.new_round(&ev.tid).await.unwrap().ok().unwrap();
    let p = ev.to.pair_round(s(&r["round"], "id")).await.unwrap().ok().unwrap();
    table_names(&p)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(a, b)| ((*a).to_string(), (*b).to_string())).collect()
}

/// Round 1 of a 40K event: the seed's procedure (registration order, 1st
/// v (n/2+1)th) stays the default; a random draw with a seed is recorded
/// and the same seed gives the same draw; by rating pairs the rated field
/// highest first; a bad choice is refused with a message.
#[actix_web::test]
async fn round_one_pairing_by_registration_random_draw_or_rating() {
    let app = TestApp::spawn().await.unwrap();
    // The default: registration order, 1 v 5, 2 v 6, 3 v 7, 4 v 8.
    let mut plain = Event::start(&app.base, "R", 8, 3).await.unwrap();
    let t = plain.to.get(&format!("/api/tournaments/{}", plain.tid)).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["round_one_pairing"], "registration");
    assert_eq!(round_one(&mut plain).await, pairs(&[("R1", "R5"), ("R2", "R6"), ("R3", "R7"), ("R4", "R8")]));

    // A random draw from seed 20261128, twice: the same tables, recorded seed.
    let random = json!({ "round_one_pairing": "random", "round_one_seed": 20_261_128 });
    let mut draws = Vec::new();
    for _ in 0..2 {
        let mut ev = Event::build(&app.base).with(random.clone()).numbered("R", 8).start().await.unwrap();
        let t = ev.to.get(&format!("/api/tournaments/{}", ev.tid)).await.unwrap().ok().unwrap();
        assert_eq!(
            (&t["tournament"]["round_one_pairing"], &t["tournament"]["round_one_seed"]),
            (&json!("random"), &json!(20_261_128))
        );
        // The draft says how round 1 was ordered.
        let r = ev.to.new_round(&ev.tid).await.unwrap().ok().unwrap();
        let rid = s(&r["round"], "id").to_string();
        let d = ev.to.post_empty(&format!("/api/rounds/{rid}/draft")).await.unwrap().ok().unwrap();
        assert!(s(&d, "explanation").contains("random draw, seed 20261128"), "{d}");
        draws.push(table_names(&d));
    }
    assert_eq!(draws[0], draws[1], "the same seed gave another draw");
    assert_ne!(draws[0], pairs(&[("R1", "R5"), ("R2", "R6"), ("R3", "R7"), ("R4", "R8")]), "not drawn");
    let mut everyone: Vec<String> = draws[0].iter().flat_map(|(a, b)| [a.clone(), b.clone()]).collect();
    everyone.sort();
    assert_eq!(everyone, (1..=8).map(|i| format!("R{i}")).collect::<Vec<_>>(), "everyone plays once");
    // Without a seed the server draws one and shows it.
    let (mut to, _) = app.user("TO").await.unwrap();
    let body = json!({ "name": "Drawn GT", "event_date": "2026-05-17", "format": "2000pts", "total_rounds": 3, "round_one_pairing": "random" });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    assert!(t["tournament"]["round_one_seed"].is_u64(), "{t}");
    let tid = s(&t["tournament"], "id").to_string();
    // The TO changes it before round 1 (the change logged); a bad value is refused.
    let patched = to
        .send(
            Method::PATCH,
            &format!("/api/tournaments/{tid}/settings"),
            Some(&json!({ "round_one_pairing": "rating" })),
        )
        .await
        .unwrap();
    assert_eq!(patched.status.as_u16(), 200, "{}", patched.text);
    let bad = to
        .send(Method::PATCH, &format!("/api/tournaments/{tid}/settings"), Some(&json!({ "round_one_pairing": "coin" })))
        .await
        .unwrap();
    assert_eq!(bad.status.as_u16(), 422);
    assert!(bad.text.contains("not registration, random or rating"), "{}", bad.text);
    let chess = json!({ "name": "C", "event_date": "2026-05-17", "format": "90+30", "game": "chess", "pairing_system": "dutch", "total_rounds": 5, "round_one_pairing": "random" });
    let refused = to.send(Method::POST, "/api/tournaments", Some(&chess)).await.unwrap();
    assert_eq!(refused.status.as_u16(), 422, "{}", refused.text);

    // By rating: a checked-in roster with ratings, highest first (1 v 3, 2 v 4 of the rating order).
    let body = json!({ "name": "Rated GT", "event_date": "2026-05-17", "format": "2000pts", "total_rounds": 3, "round_one_pairing": "rating" });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let csv = "name,faction,rating\nLow,Orks,1200\nTop,Orks,1900\nNone,Orks,\nMid,Orks,1500\n";
    let r = to
        .send_raw(Method::POST, &format!("/api/tournaments/{tid}/entries.csv"), Some(("text/csv", csv.into())))
        .await
        .unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    to.advance(&tid).await.unwrap().ok().unwrap();
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    let p = to.pair_round(s(&r["round"], "id")).await.unwrap().ok().unwrap();
    assert_eq!(table_names(&p), pairs(&[("Top", "Low"), ("Mid", "None")]));
    app.stop().await;
}

/// A roster's rows become registration numbers in file order, or shuffled
/// by a recorded seed (the same seed, the same numbers).
#[actix_web::test]
async fn a_roster_is_numbered_in_file_order_or_by_a_recorded_shuffle() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("TO").await.unwrap();
    let csv = "name,faction\nA1,Orks\nA2,Orks\nA3,Orks\nA4,Orks\nA5,Orks\nA6,Orks\n";
    let mut numbered = Vec::new();
    for query in ["", "?order=shuffle&seed=77", "?order=shuffle&seed=77"] {
        let tid = open_tournament(&mut to, "Roster GT", 3).await.unwrap();
        let r = to
            .send_raw(
                Method::POST,
                &format!("/api/tournaments/{tid}/entries.csv{query}"),
                Some(("text/csv", csv.into())),
            )
            .await
            .unwrap();
        assert_eq!(r.status.as_u16(), 200, "{}", r.text);
        assert_eq!(r.body["shuffle_seed"], if query.is_empty() { Value::Null } else { json!(77) });
        let players = to.get(&format!("/api/tournaments/{tid}/players")).await.unwrap().ok().unwrap();
        let mut list: Vec<(u64, String)> = players["players"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| (p["registration_no"].as_u64().unwrap_or(0), s(p, "display_name").to_string()))
            .collect();
        list.sort();
        numbered.push(list.into_iter().map(|(_, n)| n).collect::<Vec<_>>());
    }
    assert_eq!(numbered[0], ["A1", "A2", "A3", "A4", "A5", "A6"], "file order by default");
    assert_eq!(numbered[1], numbered[2], "the same seed, other numbers");
    assert_ne!(numbered[1], numbered[0], "not shuffled");
    let tid = open_tournament(&mut to, "Roster GT", 3).await.unwrap();
    let r = to
        .send_raw(
            Method::POST,
            &format!("/api/tournaments/{tid}/entries.csv?order=dealt"),
            Some(("text/csv", csv.into())),
        )
        .await
        .unwrap();
    assert_eq!(r.status.as_u16(), 422);
    assert!(r.text.contains("is not file"), "{}", r.text);
    app.stop().await;
}

/// The New-event form offers round 1's pairing; a random draw with a seed
/// chosen there is what the round-1 draft shows.
#[actix_web::test]
async fn the_new_event_form_and_the_round_one_draft_show_the_draw() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, to.session().unwrap_or_default(), "/tournaments/new").await;
    let offered = b
        .client
        .execute(
            "return [...document.querySelectorAll('select[name=round_one_pairing] option')].map(o => o.value)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(offered, json!(["registration", "random", "rating"]));
    let fill = "var f = document.querySelector('form[action=\"/tournaments/new\"]'); f.name.value = 'Draw GT'; f.event_date.value = '2026-05-17'; \
        f.round_one_pairing.value = 'random'; f.round_one_pairing.dispatchEvent(new Event('change')); f.round_one_seed.value = '99'; \
        f.querySelector('button[type=submit]').click(); return true;";
    b.client.execute(fill, vec![]).await.unwrap();
    let tid = b
        .until(
            "var m = location.pathname.match(/^\\/t\\/([^/]+)\\/dashboard$/); return m ? m[1] : null",
            Duration::from_secs(5),
        )
        .await
        .expect("not on the new event's dashboard");
    let tid = tid.as_str().unwrap_or_default().to_string();
    let t = to.get(&format!("/api/tournaments/{tid}")).await.unwrap().ok().unwrap();
    assert_eq!(
        (&t["tournament"]["round_one_pairing"], &t["tournament"]["round_one_seed"]),
        (&json!("random"), &json!(99))
    );
    to.advance(&tid).await.unwrap().ok().unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let csv = "name,faction\nD1,Orks\nD2,Orks\nD3,Orks\nD4,Orks\n";
    to.send_raw(Method::POST, &format!("/api/tournaments/{tid}/entries.csv"), Some(("text/csv", csv.into())))
        .await
        .unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    to.post_empty(&format!("/api/rounds/{}/draft", s(&r["round"], "id"))).await.unwrap().ok().unwrap();
    b.client.refresh().await.unwrap();
    let line = b
        .until(
            "var p = document.getElementById('draft-round-one'); return p ? p.textContent : null",
            Duration::from_secs(5),
        )
        .await
        .expect("the draft does not say how round 1 was ordered");
    assert!(line.as_str().unwrap_or_default().contains("random draw, seed 99"), "{line}");
    b.close().await;
    app.stop().await;
}

/// The New-event form asks how round 1 is ordered only in the pairing
/// system where the chosen game lets the organiser choose (games.js's
/// `roundOneChoice`: 40K's Swiss by record), and not for chess or crokinole.
#[actix_web::test]
async fn the_new_event_form_asks_for_round_one_only_where_the_game_chooses() {
    let app = TestApp::spawn().await.unwrap();
    let (to, _) = app.user("Organiser").await.unwrap();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, to.session().unwrap_or_default(), "/tournaments/new").await;
    let shown = "var g = document.getElementById('new-game'), p = document.getElementById('new-pairing'), \
        f = document.getElementById('new-round-one'); var out = {}; \
        [...g.options].forEach(go => { g.value = go.value; g.dispatchEvent(new Event('change')); \
          [...p.options].filter(o => !o.disabled).forEach(o => { p.value = o.value; p.dispatchEvent(new Event('change')); \
            out[go.value + '/' + o.value] = !f.hidden && !f.disabled; }); }); return out;";
    let out = b.client.execute(shown, vec![]).await.unwrap();
    let asked: Vec<&str> =
        out.as_object().unwrap().iter().filter(|(_, v)| v.as_bool() == Some(true)).map(|(k, _)| k.as_str()).collect();
    assert_eq!(asked, ["wh40k/swiss_record"], "{out}");
    assert!(out.as_object().unwrap().len() >= 5, "every game's pairing systems offered: {out}");
    b.close().await;
    app.stop().await;
}

/// "Pair round N" creates the round, pairs it and shows the draft in one
/// click; "Publish and start the clock" publishes it and starts the clock.
#[actix_web::test]
async fn one_click_pairs_the_next_round_and_one_publishes_and_starts_the_clock() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "N", 6, 3).await.unwrap();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{}/dashboard", ev.tid)).await;
    let click =
        |sel: &str| format!("const b = document.querySelector('{sel}'); if (!b) return null; b.click(); return true;");
    let wait = Duration::from_secs(5);
    let label = b
        .until("var b = document.querySelector('[data-action=pair-next]'); return b ? b.textContent : null", wait)
        .await;
    assert_eq!(label, Some(json!("Pair round 1")));
    assert!(b.until(&click("[data-action=pair-next]"), wait).await.is_some());
    let draft = "return document.querySelectorAll('#draft tr[data-draft-table]').length === 3 ? true : null";
    assert!(b.until(draft, wait).await.is_some(), "no draft of round 1 after one click");
    let rounds = ev.to.get(&format!("/api/tournaments/{}/rounds", ev.tid)).await.unwrap().ok().unwrap();
    let round = rounds["rounds"][0].clone();
    assert_eq!((round["number"].as_u64(), s(&round, "status")), (Some(1), "PENDING"), "{rounds}");

    assert!(b.until("return document.getElementById('clock-minutes') ? true : null", wait).await.is_some());
    b.client
        .execute("var m = document.getElementById('clock-minutes'); m.value = '90'; return true;", vec![])
        .await
        .unwrap();
    assert!(b.until(&click("[data-action=draft-publish-start]"), wait).await.is_some());
    assert!(b.until(&click("dialog.ask [data-ask-ok]"), wait).await.is_some(), "no confirmation");
    let running = "return document.querySelector('[data-action=clock-pause]') ? true : null";
    assert!(b.until(running, wait).await.is_some(), "the clock did not start");
    let rid = s(&round, "id").to_string();
    let r = ev.to.get(&format!("/api/rounds/{rid}")).await.unwrap().ok().unwrap();
    assert_eq!(s(&r["round"], "status"), "ACTIVE", "{r}");
    let clock = ev.to.get(&format!("/api/rounds/{rid}/clock")).await.unwrap().ok().unwrap();
    assert_eq!(
        (s(&clock["clock"], "state"), clock["clock"]["duration_ms"].as_u64()),
        ("running", Some(90 * 60_000)),
        "{clock}"
    );
    b.close().await;
    app.stop().await;
}

/// What the board's title shows and whether each part is cut.
const TITLE: &str = r#"
const h1 = document.querySelector('.board-head h1'), round = document.querySelector('.board-head [data-field=round]');
const a = round.getBoundingClientRect(), box = h1.getBoundingClientRect();
const active = document.querySelector('.board-modes a.active');
return {
  round: round.textContent,
  round_cut: round.scrollWidth > round.clientWidth + 1 || a.right > box.right + 1 || a.left < box.left - 1 || a.width < 1,
  mission: document.querySelector('[data-field=mission]').textContent,
  meta: document.querySelector('.board-meta').textContent,
  mode: active ? active.textContent : '',
  clock: !document.querySelector('.board-clock').hidden,
};
"#;

/// At 1920×1080, with the round's clock running and a long event name, the
/// board's title still shows the round whole; a playoff round is named
/// ("Final"), not "Round 6 · Mission: Final"; the mode is not said twice.
#[actix_web::test]
async fn the_boards_title_always_shows_the_round_whole() {
    let app = TestApp::spawn().await.unwrap();
    let name = "Warhammer World Grand Tournament Heat Three — Nottingham Autumn Invitational Weekend 2026";
    let mut ev = Event::build(&app.base).name(name).numbered("B", 8).start().await.unwrap();
    let (rid, _) = ev.pair_next().await.unwrap();
    ev.to
        .post(&format!("/api/rounds/{rid}/clock"), &json!({ "action": "start", "minutes": 150 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(1920, 1080).await.unwrap();
    let inner = b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap();
    let extra = |i: usize, want: u32| want - inner[i].as_u64().map_or(want, |v| v as u32).min(want);
    b.client.set_window_size(1920 + extra(0, 1920), 1080 + extra(1, 1080)).await.unwrap();
    b.client.goto(&format!("{}/t/{}/board", app.base, ev.tid)).await.unwrap();
    let ready = "return document.querySelectorAll('#board-body tbody tr').length === 4 && !document.querySelector('.board-clock').hidden";
    assert!(b.until(ready, Duration::from_secs(5)).await.is_some(), "no tables or no clock");
    b.save_screenshot("board-title-clock.png").await;
    let shown = b.client.execute(TITLE, vec![]).await.unwrap();
    assert_eq!(
        b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap(),
        json!([1920, 1080])
    );
    assert_eq!(shown["round"], "Round 1", "{shown}");
    assert_eq!(shown["round_cut"], false, "the round is cut: {shown}");
    assert_eq!(shown["clock"], true, "{shown}");
    let mode = shown["mode"].as_str().unwrap_or_default().to_string();
    assert!(
        !mode.is_empty() && !shown["meta"].as_str().unwrap_or_default().contains(&mode),
        "the mode said twice: {shown}"
    );

    // A playoff final, as the screen renders it after the event: "Final", once.
    // (The page's own state is changed, so a live update renders the same.)
    let final_round = "var s = Arbiter.state; s.round.number = 6; s.round.playoff = true; s.round.mission = 'Final'; \
        Arbiter.board.render(s); return true;";
    b.client.execute(final_round, vec![]).await.unwrap();
    b.save_screenshot("board-title-final.png").await;
    let shown = b.client.execute(TITLE, vec![]).await.unwrap();
    assert_eq!((shown["round"].as_str(), shown["mission"].as_str()), (Some("Final"), Some("")), "{shown}");
    assert_eq!(shown["round_cut"], false, "{shown}");
    b.close().await;
    app.stop().await;
}
