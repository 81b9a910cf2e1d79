//! The captains' pairing room in headless Chromium (issue 25, point 5): two
//! captains on 390×844 phones run a whole five-player pairing process
//! through the page (select, confirm, lock), while the venue screen of
//! every match is open at 1920×1080 and follows each step live. A choice
//! selected but not yet locked survives the other captain's lock, and so
//! does an open confirm. With `ARBITER_SCREENSHOTS=DIR` the captain's phone
//! and the venue screen are saved as `pairing-room.png` and
//! `pairing-rooms-venue.png`.

use super::browser::open_signed_in;
use super::captains::{attackers, defender, keep, pair_next, post, roster, teams, view};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(10);

/// Sizes the window so the page itself gets `width`×`height` CSS pixels.
async fn viewport(b: &Browser, width: u32, height: u32) {
    b.client.set_window_size(width, height).await.unwrap();
    let inner = b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap();
    let extra = |i: usize, want: u32| want - inner[i].as_u64().map_or(want, |v| v as u32).min(want);
    b.client.set_window_size(width + extra(0, width), height + extra(1, height)).await.unwrap();
}

/// Finds the option button for `choice` (its players in any order) and taps it.
const TAP: &str = r"
const want = arguments[0], ids = c => [c.player, c.first, c.second].filter(Boolean).sort().join();
const b = [...document.querySelectorAll('#pr-options .pr-option')]
  .find(b => { const c = JSON.parse(b.dataset.choice); return c.kind === want.kind && ids(c) === ids(want); });
if (!b) return false;
b.click();
return b.getAttribute('aria-pressed') === 'true';
";

/// Whether the option for `choice` is the one selected.
const SELECTED: &str = r"
const want = arguments[0], ids = c => [c.player, c.first, c.second].filter(Boolean).sort().join();
const b = document.querySelector('#pr-options .pr-option[aria-pressed=true]');
if (!b) return 'none';
const c = JSON.parse(b.dataset.choice);
return c.kind === want.kind && ids(c) === ids(want);
";

async fn js(b: &Browser, script: &str, args: Vec<Value>) -> Value {
    b.client.execute(script, args).await.unwrap()
}

async fn wait(b: &Browser, script: &str, what: &str) {
    assert!(b.until(script, LIMIT).await.is_some(), "{what}");
}

/// Taps `choice` (once the page offers it).
async fn select(b: &Browser, choice: &Value) {
    for _ in 0..200 {
        if js(b, TAP, vec![choice.clone()]).await == json!(true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the page never offered {choice}");
}

/// Taps "Lock my choice", then waits for the confirm.
async fn open_confirm(b: &Browser) {
    js(b, "document.getElementById('pr-lock').click(); return true;", vec![]).await;
    wait(b, "return !document.getElementById('pr-confirm').hidden", "the confirm opens").await;
}

async fn confirm(b: &Browser) {
    js(b, "document.getElementById('pr-confirm-yes').click(); return true;", vec![]).await;
}

/// Waits until the page shows team `side` locked (or the step revealed).
async fn sees_locked(b: &Browser, side: &str) {
    let script = format!(
        "const e = document.querySelector('.pr-team[data-side={side}] .pr-lock-state'); return !!e && e.dataset.locked === 'true';"
    );
    wait(b, &script, &format!("the page shows team {side} locked")).await;
}

#[actix_web::test]
async fn two_captains_pair_a_match_on_their_phones_with_the_venue_screen_live() {
    let app = TestApp::spawn().await.unwrap();
    let mut e = teams(&app, 4).await;
    let (_, m, _) = pair_next(&mut e).await;
    let mid = s(&m[0], "id").to_string();
    let (ta, tb) = (s(&m[0]["player1"], "id").to_string(), s(&m[0]["player2"], "id").to_string());
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
    // The other match is under way too, through the API (the venue screen shows both).
    let other = s(&m[1], "id").to_string();
    post(&mut e.to, &other, "roll-off", &json!({ "winner": "b" })).await.ok().unwrap();
    let ov = view(&mut e.to, &other).await;
    let captain = e.captain_of(s(&m[1]["player1"], "id"));
    post(captain, &other, "lock", &json!({ "choice": defender(&roster(&ov, "team_a")[0]) })).await.ok().unwrap();

    let v = view(&mut e.to, &mid).await;
    let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));
    let (sa, sb) = (
        e.captain_of(&ta).session().unwrap_or_default().to_string(),
        e.captain_of(&tb).session().unwrap_or_default().to_string(),
    );
    let (pa, pb, venue) =
        (Browser::start().await.unwrap(), Browser::start().await.unwrap(), Browser::start().await.unwrap());
    viewport(&venue, 1920, 1080).await;
    venue.client.goto(&format!("{}/t/{}/rooms", app.base, e.tid)).await.unwrap();
    wait(&venue, "return document.querySelectorAll('.rm-card').length === 2", "the venue shows both matches").await;
    // Each captain finds their room from the event's page.
    for (phone, session) in [(&pa, &sa), (&pb, &sb)] {
        viewport(phone, 390, 844).await;
        open_signed_in(phone, &app.base, session, &format!("/t/{}", e.tid)).await;
        let link = js(
            phone,
            "const a = document.getElementById('open-pairing-room'); return a && a.getAttribute('href');",
            vec![],
        )
        .await;
        assert_eq!(link, json!(format!("/t/{}/matches/{mid}", e.tid)), "Open your pairing room");
        js(phone, "document.getElementById('open-pairing-room').click(); return true;", vec![]).await;
        wait(phone, "return document.body.dataset.page === 'pairing-room' && document.getElementById('live-status').classList.contains('on')", "the room opens live").await;
    }

    let steps: [(Value, Value); 5] = [
        (defender(&a[0]), defender(&b[0])),
        (attackers(&a[1], &a[2]), attackers(&b[1], &b[2])),
        (keep(&b[1]), keep(&a[1])),
        (defender(&a[3]), defender(&b[3])),
        (keep(&b[2]), keep(&a[2])),
    ];
    let card = format!(".rm-card[data-match='{mid}']");
    for (k, (ca, cb)) in steps.iter().enumerate() {
        // A selects (not yet locked); B locks: A's selection survives the live update.
        select(&pa, ca).await;
        select(&pb, cb).await;
        if k == 1 {
            // A's confirm is open when B locks: it stays open.
            open_confirm(&pa).await;
        }
        open_confirm(&pb).await;
        confirm(&pb).await;
        sees_locked(&pa, "b").await;
        let venue_locked = format!(
            "const c = document.querySelector(\"{card} .rm-side[data-side=b] .rm-lock\"); return !!c && c.dataset.locked === 'true';"
        );
        wait(&venue, &venue_locked, "the venue shows B locked").await;
        if k == 1 {
            assert_eq!(js(&pa, "return !document.getElementById('pr-confirm').hidden", vec![]).await, json!(true));
            venue.save_screenshot("pairing-rooms-venue.png").await;
            pa.save_screenshot("pairing-room.png").await;
        } else {
            assert_eq!(js(&pa, SELECTED, vec![ca.clone()]).await, json!(true), "A's selection survived B's lock");
            open_confirm(&pa).await;
        }
        confirm(&pa).await;
        // Revealed: the venue moves on.
        // The roll-off, then two locks a step.
        let step = 1 + 2 * (k + 1);
        let moved = format!("return document.querySelector(\"{card}\") !== null && window.Arbiter.state.matches.find(m => m.match_id === '{mid}').step >= {step}");
        wait(&venue, &moved, "the venue follows the reveal").await;
    }

    // Done: both phones and the venue show the five games.
    for phone in [&pa, &pb] {
        wait(phone, "return document.querySelectorAll('#pr-games-list li').length === 5", "the phone shows the games")
            .await;
        let fits =
            js(phone, "return document.documentElement.scrollWidth <= document.documentElement.clientWidth", vec![])
                .await;
        assert_eq!(fits, json!(true), "the room fits the phone's width");
    }
    wait(
        &venue,
        &format!("return document.querySelectorAll(\"{card} .rm-games li\").length === 5"),
        "the venue shows the games",
    )
    .await;
    let done = view(&mut e.to, &mid).await;
    assert_eq!(done["state"]["phase"], "done");
    assert_eq!(done["games"].as_array().map(Vec::len), Some(5));
    for br in [pa, pb, venue] {
        br.close().await;
    }
    app.stop().await;
}
