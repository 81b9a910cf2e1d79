//! Headless Chromium watches the venue board while a result is confirmed
//! through the API: the page shows it within a second, without reloading.

use arbiter_tests::browser::Browser;
use arbiter_tests::{open_tournament, register, s, Api, Event, TestApp};
use fantoccini::Locator;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Polls `script` (which returns a boolean) until true or `limit` passes; returns the time taken.
async fn wait_for(b: &Browser, script: &str, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    b.until(script, limit).await.map(|_| start.elapsed())
}

#[actix_web::test]
async fn board_updates_in_place() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Screen Test GT", 3).await.unwrap();
    let mut players = Vec::new();
    for n in 1..=5 {
        let (mut c, _) = app.user(&format!("S{n}")).await.unwrap();
        register(&mut c, &tid, &format!("S{n}"), "Aeldari").await.unwrap();
        players.push(c);
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for c in &mut players {
        c.check_in(&tid).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/board", app.base)).await.unwrap();
    b.client.find(Locator::Css("#board-body")).await.unwrap();
    assert!(
        wait_for(&b, "return document.getElementById('live-status').classList.contains('on')", Duration::from_secs(5))
            .await
            .is_some(),
        "socket not live"
    );
    // A marker that a reload would erase.
    b.client.execute("window.__noReload = 42; return true;", vec![]).await.unwrap();

    // Pairings published after the page opened appear in place.
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let p = to.pair_round(&rid).await.unwrap().ok().unwrap();
    let table = p["round"]["pairings"][0].clone();
    let pid = s(&table, "id").to_string();
    let row = format!("document.querySelector('tr[data-pairing=\"{pid}\"]')");
    assert!(
        wait_for(&b, &format!("return !!{row}"), Duration::from_secs(2)).await.is_some(),
        "pairings did not appear"
    );
    assert!(
        wait_for(
            &b,
            "var r = document.querySelector('#board-body tr.bye'); return !!r && r.textContent.includes('Bye')",
            Duration::from_secs(2)
        )
        .await
        .is_some(),
        "no bye row"
    );

    let who = |seat: &str| s(&table[seat], "name")[1..].parse::<usize>().unwrap() - 1;
    players[who("player1")].report_vp(&pid, 72, 45).await.unwrap().ok().unwrap();
    let shown = wait_for(
        &b,
        &format!("var r = {row}; return !!r && r.textContent.includes('72') && r.textContent.includes('45')"),
        Duration::from_secs(2),
    )
    .await;
    assert!(shown.is_some(), "reported VP not shown");

    players[who("player2")].confirm(&pid).await.unwrap().ok().unwrap();
    let took = wait_for(
        &b,
        &format!("var r = {row}; return !!r && r.classList.contains('state-confirmed')"),
        Duration::from_secs(3),
    )
    .await;
    let took = took.expect("the confirmed result never appeared");
    // How fast is measured by the live benchmarks (docs/benchmarks.md), not asserted here.
    eprintln!("the confirmed result reached the board {took:?} after the confirmation");
    let marker = b.client.execute("return window.__noReload === 42", vec![]).await.unwrap();
    assert_eq!(marker.as_bool(), Some(true), "the page reloaded");
    b.close().await;
    app.stop().await;
}

/// A chess player asks for a half-point bye on their own page (`/t/{id}/me`,
/// signed in by the session cookie); the server records it, the panel lists
/// it, and when the TO arranges another player's bye the page does not show it.
#[actix_web::test]
async fn a_player_asks_for_a_bye_on_their_page() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Arbiter").await.unwrap();
    let body = json!({ "name": "Swiss Open", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 5 });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let mut players = Vec::new();
    for n in 1..=4 {
        let mut c = arbiter_server::client::ApiClient::new(&app.base);
        c.sign_up(&format!("c{n}@swiss.test"), "a long password", &format!("C{n}")).await.unwrap();
        let id = register(&mut c, &tid, &format!("C{n}"), "Club").await.unwrap();
        players.push((c, id));
    }

    let b = Browser::start().await.unwrap();
    // C1 signs in on the login page and lands on their page.
    b.client.goto(&format!("{}/login?next=/t/{tid}/me", app.base)).await.unwrap();
    b.client
        .execute("var f = document.querySelector('form'); f.email.value = 'c1@swiss.test'; f.password.value = 'a long password'; f.submit(); return true;", vec![])
        .await
        .unwrap();
    let form = "document.querySelector('#swiss #bye-form')";
    assert!(
        wait_for(&b, &format!("return !!{form}"), Duration::from_secs(5)).await.is_some(),
        "no bye form on the player's page"
    );
    b.client
        .execute(&format!("var f = {form}; f.round.value = '2'; f.kind.value = 'half'; f.querySelector('button').click(); return true;"), vec![])
        .await
        .unwrap();
    let listed = "var p = document.getElementById('swiss'); return p.textContent.includes('round 2') && p.textContent.includes('½ point')";
    assert!(wait_for(&b, listed, Duration::from_secs(3)).await.is_some(), "the bye is not listed");
    let byes = to.byes(&tid).await.unwrap().ok().unwrap();
    assert_eq!(
        byes["byes"],
        json!([{ "player_id": players[0].1, "player_name": "C1", "round": 2, "kind": "half", "requested_by": "player" }])
    );

    // Another player's bye arranged by the TO reaches the page live, but is not listed as C1's.
    to.arrange_bye(&players[1].1, 3, "zero").await.unwrap().ok().unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let shown = b
        .client
        .execute("return document.getElementById('swiss').textContent.includes('round 3')", vec![])
        .await
        .unwrap();
    assert_eq!(shown.as_bool(), Some(false), "another player's bye shown on C1's page");
    b.close().await;
    app.stop().await;
}

/// Opens `path` in the browser signed in with `session` (the cookie a
/// sign-in sets), as a person who signed in on this device earlier.
pub(crate) async fn open_signed_in(b: &Browser, base: &str, session: &str, path: &str) {
    b.client.goto(&format!("{base}/")).await.unwrap();
    let set = format!("document.cookie = 'arbiter_session={session}; path=/'; return true;");
    b.client.execute(&set, vec![]).await.unwrap();
    b.client.goto(&format!("{base}{path}")).await.unwrap();
}

/// Waits for `field` and a live socket, then types `keys` into it.
pub(crate) async fn type_into(b: &Browser, field: &str, keys: &str) {
    assert!(
        wait_for(b, &format!("return !!document.querySelector('{field}')"), Duration::from_secs(5)).await.is_some(),
        "no field {field} on the page"
    );
    assert!(
        wait_for(b, "return document.getElementById('live-status').classList.contains('on')", Duration::from_secs(5))
            .await
            .is_some(),
        "socket not live"
    );
    // The socket's first snapshot may re-render the form between finding the
    // field and typing (the element goes stale): find it again and type.
    for attempt in 0..5 {
        let typed = async { b.client.find(Locator::Css(field)).await?.send_keys(keys).await };
        match typed.await {
            Ok(()) => return,
            Err(e) if attempt < 4 => {
                eprintln!("typing into {field} again: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("could not type into {field}: {e}"),
        }
    }
}

/// `field`'s value and whether it has the focus.
async fn value_and_focus(b: &Browser, field: &str) -> serde_json::Value {
    let script = format!("var f = document.querySelector('{field}'); return [f.value, document.activeElement === f];");
    b.client.execute(&script, vec![]).await.unwrap()
}

/// The TO types an override on one table while another table's result
/// arrives: the dashboard updates around the half-typed field, which keeps
/// its value and the focus.
#[actix_web::test]
async fn a_live_update_leaves_the_field_being_typed_in_alone() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "T", 6, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let (typed, other) = (&tables[2], &tables[0]);

    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{}/dashboard", ev.tid)).await;
    let field = format!("form.override[data-pairing=\"{}\"] input[name=player1_vp]", typed.id);
    type_into(&b, &field, "7").await;

    // Another table reports: its row moves to "Pending confirmation" on the dashboard.
    let report = json!({ "player1_vp": 80, "player2_vp": 20 });
    ev.players[other.p1].report(&other.id, &report).await.unwrap().ok().unwrap();
    let moved = format!("return !!document.querySelector('tr.state-reported[data-pairing=\"{}\"]')", other.id);
    assert!(wait_for(&b, &moved, Duration::from_secs(3)).await.is_some(), "the report did not reach the dashboard");

    assert_eq!(
        value_and_focus(&b, &field).await,
        json!(["7", true]),
        "the half-typed override was wiped or lost focus"
    );
    // Typing goes on where it was.
    b.client.find(Locator::Css(&field)).await.unwrap().send_keys("5").await.unwrap();
    assert_eq!(value_and_focus(&b, &field).await, json!(["75", true]));
    b.close().await;
    app.stop().await;
}

/// On a phone, a player half-way through the report form keeps what they
/// typed when their page is updated (another table's result changes the
/// standings their page shows).
#[actix_web::test]
async fn a_players_half_filled_report_survives_an_update() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "U", 6, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    // The phone belongs to player 1 of the first table; another table plays meanwhile.
    let (mine, other) = (&tables[0], tables[1].clone());

    let b = Browser::start().await.unwrap();
    let session = ev.players[mine.p1].session().unwrap_or_default().to_string();
    open_signed_in(&b, &app.base, &session, &format!("/t/{}/me", ev.tid)).await;
    let field = "#report-form input[name=mine]";
    type_into(&b, field, "6").await;
    // Count the updates the page applies (each re-renders it).
    b.client
        .execute("window.__updates = 0; Arbiter.onChange(function () { window.__updates += 1; }); return true;", vec![])
        .await
        .unwrap();

    // The other table reports and confirms: the standings this player's page shows are updated.
    ev.play(&other, 90, 10).await.unwrap();
    assert!(
        wait_for(&b, "return window.__updates > 0", Duration::from_secs(5)).await.is_some(),
        "the page received no update"
    );
    assert_eq!(value_and_focus(&b, field).await, json!(["6", true]), "the half-filled report was wiped or lost focus");
    b.close().await;
    app.stop().await;
}

/// A fresh 4-player event (players named `{prefix}1`…), round 1 paired, and
/// the first table's player 1 on their page in Chromium with their report
/// half filled in (61 to 48, not sent).
async fn half_filled_report(app: &TestApp, prefix: &str) -> (Event, Vec<arbiter_tests::Table>, Browser) {
    let mut ev = Event::start(&app.base, prefix, 4, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let b = Browser::start().await.unwrap();
    let session = ev.players[tables[0].p1].session().unwrap_or_default().to_string();
    open_signed_in(&b, &app.base, &session, &format!("/t/{}/me", ev.tid)).await;
    type_into(&b, "#report-form input[name=mine]", "61").await;
    type_into(&b, "#report-form input[name=theirs]", "48").await;
    (ev, tables, b)
}

/// A player submits their report while the server is unreachable: the form
/// says so in plain words, in the form itself, keeps what they typed, and the
/// message stays (live re-renders included) until they dismiss it.
#[actix_web::test]
async fn a_report_sent_while_the_server_is_away_says_so_and_keeps_the_input() {
    let app = TestApp::spawn().await.unwrap();
    let (_ev, _tables, b) = half_filled_report(&app, "O").await;

    app.stop().await;
    b.client
        .execute("document.querySelector('#report-form button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let said = "var p = document.querySelector('#report-form .field-error'); return !!p && p.textContent;";
    let shown = "return !!document.querySelector('#report-form .field-error');";
    assert!(wait_for(&b, shown, Duration::from_secs(5)).await.is_some(), "no message in the form");
    let text = b.client.execute(said, vec![]).await.unwrap();
    assert!(text.as_str().is_some_and(|t| t.contains("could not be reached: nothing was sent")), "{text}");
    assert!(!text.as_str().unwrap_or_default().contains("Failed to fetch"), "{text}");
    let kept = "return [document.querySelector('#report-form input[name=mine]').value, document.querySelector('#report-form input[name=theirs]').value];";
    assert_eq!(b.client.execute(kept, vec![]).await.unwrap(), json!(["61", "48"]));
    // Still there after the page re-renders (as a live update does), gone when dismissed.
    b.client
        .execute("Arbiter.listeners.forEach(function (f) { f(Arbiter.state, {}); }); return true;", vec![])
        .await
        .unwrap();
    assert!(b.client.execute(said, vec![]).await.unwrap().is_string(), "the message went away by itself");
    b.client
        .execute("document.querySelector('#report-form .field-error .dismiss').click(); return true;", vec![])
        .await
        .unwrap();
    assert_eq!(b.client.execute(said, vec![]).await.unwrap(), json!(false));
    b.close().await;
}

/// The TO's dashboard during a round: by default only the tables that need
/// attention are listed (the confirmed ones counted, folded away); the
/// filter finds a table or a player; `n` jumps to the next table needing
/// attention; on a 390-pixel phone every override field is on screen.
#[actix_web::test]
async fn the_dashboard_filters_the_queue_and_jumps_to_what_needs_attention() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "D", 6, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 70, 30).await.unwrap();
    ev.players[tables[1].p1].report_vp(&tables[1].id, 55, 50).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{}/dashboard", ev.tid)).await;
    let visible = "return [...document.querySelectorAll('#round-queues tr[data-pairing]')].filter(r => !r.hidden && r.offsetParent).map(r => r.dataset.pairing);";
    let wait = format!("{} ", visible.replace("return ", "var v = ").replace(";", "; return v.length === 2;"));
    assert!(wait_for(&b, &wait, Duration::from_secs(5)).await.is_some(), "the queue was not drawn");
    let shown = b.client.execute(visible, vec![]).await.unwrap();
    assert_eq!(shown, json!([tables[1].id, tables[2].id]), "confirmed tables are folded away by default");

    // Find by a player's name, then by table number.
    let name = format!("D{}", tables[0].p2 + 1);
    b.client.find(Locator::Css("#queue-find")).await.unwrap().send_keys(&name).await.unwrap();
    assert_eq!(b.client.execute(visible, vec![]).await.unwrap(), json!([tables[0].id]));
    b.client.execute("var f = document.getElementById('queue-find'); f.value = '3'; f.dispatchEvent(new Event('input')); return true;", vec![]).await.unwrap();
    assert_eq!(b.client.execute(visible, vec![]).await.unwrap(), json!([tables[2].id]));
    b.client.execute("var f = document.getElementById('queue-find'); f.value = ''; f.dispatchEvent(new Event('input')); f.blur(); return true;", vec![]).await.unwrap();

    // `n`: the pending table first, then the missing one, then round again.
    let focused = "var r = document.activeElement.closest('tr[data-pairing]'); return r && r.dataset.pairing;";
    for want in [&tables[1].id, &tables[2].id, &tables[1].id] {
        b.client
            .execute(
                "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true })); return true;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(b.client.execute(focused, vec![]).await.unwrap(), json!(want));
    }

    // On a phone, the override fields are on screen without sideways scrolling.
    b.client.set_window_size(390, 844).await.unwrap();
    let fits = "var w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth <= w, [...document.querySelectorAll('#round-queues tr:not([hidden]) form.override input')].every(i => i.getBoundingClientRect().right <= w)];";
    let wide = "var w = document.documentElement.clientWidth; return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('.scroll')).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));";
    let over = b.client.execute(wide, vec![]).await.unwrap();
    assert_eq!(b.client.execute(fits, vec![]).await.unwrap(), json!([true, true]), "wider than the phone: {over}");
    b.close().await;
    app.stop().await;
}

/// A player's half-filled report survives the server restarting: the page
/// says the connection is lost, then back, and the typed values are still
/// there and are sent once the server answers again.
#[actix_web::test]
async fn a_half_filled_report_survives_a_server_restart() {
    let app = TestApp::spawn().await.unwrap();
    let (mut ev, tables, b) = half_filled_report(&app, "S").await;

    let banner = "var x = document.getElementById('live-banner'); return !!x && !x.hidden && x.textContent.indexOf(arguments[0]) === 0;";
    let until_banner = |text: &'static str| {
        let b = &b;
        async move {
            for _ in 0..400 {
                if b.client.execute(banner, vec![json!(text)]).await.ok() == Some(json!(true)) {
                    return true;
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            false
        }
    };
    app.stop().await;
    assert!(until_banner("Connection lost").await, "no banner when the server went away");
    let port = app.base.rsplit(':').next().unwrap_or_default().to_string();
    let settings = arbiter_server::config::Settings::new(format!("127.0.0.1:{port}"), app.database_url.clone(), None);
    let again = TestApp::start_with(settings, None).await.unwrap();
    assert!(until_banner("Connection back").await, "no banner when the server came back");
    let kept = "return [document.querySelector('#report-form input[name=mine]').value, document.querySelector('#report-form input[name=theirs]').value];";
    assert_eq!(b.client.execute(kept, vec![]).await.unwrap(), json!(["61", "48"]));
    b.client
        .execute("document.querySelector('#report-form button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let mut state = Value::Null;
    for _ in 0..200 {
        let r = ev.to.get(&format!("/api/tournaments/{}/rounds", ev.tid)).await.unwrap().ok().unwrap();
        state = r["rounds"][0]["pairings"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["id"] == tables[0].id.as_str())
            .map(|p| json!([p["state"], p["player1_vp"], p["player2_vp"]]))
            .unwrap_or_default();
        if state[0] == "REPORTED" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(state, json!(["REPORTED", 61, 48]));
    b.close().await;
    again.stop().await;
}
