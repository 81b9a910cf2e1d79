//! A full 40K event day run in the browser: the prize desk's CSV box, the
//! dashboard's live re-render around open panels, round-1 pairing choices,
//! the one-step "pair the next round" flow and the board's title.

use crate::browser::{open_signed_in, type_into};
use arbiter_tests::browser::Browser;
use arbiter_tests::{open_tournament, register, s, Event, TestApp};
use fantoccini::Locator;
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
