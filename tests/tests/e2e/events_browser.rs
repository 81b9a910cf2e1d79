//! The venue screens of an event with three chess sections (Open, U1800,
//! U1400) in Chromium at 1920×1080: every section's current round side by
//! side without scrolling sideways, "find your name" across sections (A–Z,
//! with section, table and opponent), `?sections=` choosing which, a result
//! reported in one section reaching the open screen, the standings screen,
//! the event page and the home page listing the event once; and axe-core
//! finding no critical or serious violation on the new pages.

use super::a11y::{axe_source, violations};
use super::events::chess_section;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Event, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

/// A chess section of `names`, registered, checked in, started, round 1 paired.
async fn section(base: &str, name: &str, names: &[&str]) -> (Event, Vec<arbiter_tests::Table>) {
    let mut ev =
        Event::build(base).tournament(chess_section(name)).players(names).faction("Club").start().await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    (ev, tables)
}

#[actix_web::test]
async fn the_event_board_shows_three_sections_at_1920x1080() {
    let app = TestApp::spawn().await.unwrap();
    let (mut open, open_tables) = section(
        &app.base,
        "Open",
        &[
            "Zoe Adams",
            "Yusuf Brandt",
            "Xenia Castro",
            "Wim de Vries",
            "Vera Eklund",
            "Umar Farouk",
            "Tess Gray",
            "Sam Holt",
        ],
    )
    .await;
    let (mut u1800, u1800_tables) = section(
        &app.base,
        "U1800",
        &["Anna Ivanova", "Boris Jansen", "Clara Kim", "David Lowe", "Emma Moreau", "Felix Novak"],
    )
    .await;
    let (mut u1400, _) =
        section(&app.base, "U1400", &["Gina Ortiz", "Hugo Petit", "Iris Quinn", "Jack Rossi", "Kira Sato"]).await;

    // One event holds the three: its owner runs the Open and puts the other
    // sections' organisers on its staff, who attach their tournaments.
    let e = open
        .to
        .create_event(&json!({ "name": "Autumn Chess Open", "starts_on": "2026-10-03", "ends_on": "2026-10-04" }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let ev = s(&e["event"], "id").to_string();
    open.to.attach_section(&ev, &open.tid).await.unwrap().ok().unwrap();
    for other in [&mut u1800, &mut u1400] {
        let t = other.to.tournament(&other.tid).await.unwrap().ok().unwrap();
        let owner = s(&t["tournament"], "owner_id").to_string();
        open.to
            .send(
                awc::http::Method::PUT,
                &format!("/api/events/{ev}/staff/{owner}"),
                Some(&json!({ "role": "CO_ORGANISER" })),
            )
            .await
            .unwrap()
            .ok()
            .unwrap();
        other.to.attach_section(&ev, &other.tid).await.unwrap().ok().unwrap();
    }
    // One result in the Open before the screen opens.
    let t0 = &open_tables[0];
    open.players[t0.p1].report(&t0.id, &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();
    open.players[t0.p2].confirm(&t0.id).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    b.client.set_window_size(1920, 1080).await.unwrap();
    let inner = b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap();
    let extra = |i: usize, want: u64| want - inner[i].as_u64().unwrap_or(want).min(want);
    b.client.set_window_size((1920 + extra(0, 1920)) as u32, (1080 + extra(1, 1080)) as u32).await.unwrap();

    // By section: the three side by side, each with its round's tables.
    b.client.goto(&format!("{}/e/{ev}/board", app.base)).await.unwrap();
    let shown = b
        .until(
            r#"const s = [...document.querySelectorAll('.event-section')];
               if (s.length !== 3) return null;
               return {
                 names: s.map(x => x.querySelector('h2').firstChild.textContent.trim()),
                 rows: s.map(x => x.querySelectorAll('tbody tr').length),
                 tops: s.map(x => Math.round(x.getBoundingClientRect().top)),
                 inside: s.every(x => x.getBoundingClientRect().right <= window.innerWidth + 1),
                 sideways: document.documentElement.scrollWidth > window.innerWidth,
                 width: window.innerWidth, height: window.innerHeight,
               };"#,
            WAIT,
        )
        .await
        .expect("three sections on the board");
    b.save_screenshot("event-board.png").await;
    assert_eq!(shown["names"], json!(["Open", "U1800", "U1400"]), "{shown}");
    // 8 players: 4 tables; 6: 3 tables; 5: 2 tables and a bye.
    assert_eq!(shown["rows"], json!([4, 3, 3]), "{shown}");
    assert_eq!((shown["width"].as_u64(), shown["height"].as_u64()), (Some(1920), Some(1080)), "{shown}");
    assert_eq!(shown["inside"], true, "every section inside the screen's width: {shown}");
    assert_eq!(shown["sideways"], false, "no sideways scrolling: {shown}");
    let tops = shown["tops"].as_array().unwrap();
    assert!(tops.iter().all(|t| t == &tops[0]), "the sections side by side: {shown}");
    let text = b.client.find(fantoccini::Locator::Css("#event-live")).await.unwrap().text().await.unwrap();
    assert!(text.contains("1–0") || text.contains("1-0"), "the reported result shows: {text}");

    // Live: a result in the U1800 reaches the open screen.
    let t1 = &u1800_tables[0];
    let (white, black) = (u1800.names[t1.p1].clone(), u1800.names[t1.p2].clone());
    u1800.players[t1.p1].report(&t1.id, &json!({ "result": "0-1" })).await.unwrap().ok().unwrap();
    u1800.players[t1.p2].confirm(&t1.id).await.unwrap().ok().unwrap();
    let live = format!(
        r#"const rows = [...document.querySelectorAll('.event-section')[1].querySelectorAll('tbody tr')];
           const r = rows.find(r => r.textContent.includes({white:?}) && r.textContent.includes({black:?}));
           return r && /0\s*[–-]\s*1/.test(r.textContent) ? r.textContent : null;"#
    );
    b.until(&live, WAIT).await.expect("the U1800 result reaches the event board");

    // Find your name: everyone A–Z across sections, with section, table and opponent.
    b.client.goto(&format!("{}/e/{ev}/board?view=names", app.base)).await.unwrap();
    let lines = b
        .until(
            "const r = [...document.querySelectorAll('#event-names tbody tr')];
             return r.length ? r.map(x => [...x.cells].map(c => c.textContent.trim())) : null;",
            WAIT,
        )
        .await
        .expect("the names list");
    let lines: Vec<Vec<String>> = serde_json::from_value(lines).unwrap();
    assert_eq!(lines.len(), 8 + 6 + 5, "everyone once: {lines:?}");
    let names: Vec<String> = lines.iter().map(|l| l[0].to_lowercase()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "A–Z");
    assert_eq!(lines[0][0], "Anna Ivanova", "{lines:?}");
    assert_eq!(lines.last().unwrap()[0], "Zoe Adams", "{lines:?}");
    let white_line = lines.iter().find(|l| l[0] == white).unwrap();
    assert_eq!((white_line[1].as_str(), white_line[3].as_str()), ("U1800", black.as_str()), "{white_line:?}");
    let byes: Vec<&Vec<String>> = lines.iter().filter(|l| l[2] == "–").collect();
    assert_eq!(byes.len(), 1, "the U1400's bye: {lines:?}");
    assert_eq!((byes[0][1].as_str(), byes[0][3].as_str()), ("U1400", "Bye"), "{byes:?}");

    // ?sections= chooses the sections (by name, any case).
    b.client.goto(&format!("{}/e/{ev}/board?sections=open,U1400", app.base)).await.unwrap();
    let two = b
        .until(
            "const s = [...document.querySelectorAll('.event-section h2')].map(h => h.firstChild.textContent.trim());
             return s.length ? s : null;",
            WAIT,
        )
        .await
        .unwrap();
    assert_eq!(two, json!(["Open", "U1400"]));

    // The standings screen: each section's table.
    b.client.goto(&format!("{}/e/{ev}/standings", app.base)).await.unwrap();
    let st = b
        .until(
            "const s = [...document.querySelectorAll('.event-section')];
             return s.length === 3 ? s.map(x => x.querySelectorAll('tbody tr').length) : null;",
            WAIT,
        )
        .await
        .unwrap();
    assert_eq!(st, json!([8, 6, 5]), "every player of each section ranked after round 1 is paired");

    // The event page and the home page: the event once, its sections under it.
    b.client.goto(&format!("{}/e/{ev}", app.base)).await.unwrap();
    let links = b
        .until(
            "const a = [...document.querySelectorAll('.section-card h3 a')].map(a => a.textContent);
             return a.length ? a : null;",
            WAIT,
        )
        .await
        .unwrap();
    assert_eq!(links, json!(["Open", "U1800", "U1400"]));
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    let home: Value = b
        .client
        .execute(
            "return {
               events: [...document.querySelectorAll('#events > ul > li > a')].map(a => a.textContent),
               sections: [...document.querySelectorAll('#events .section-links a')].map(a => a.textContent),
               running: [...document.querySelectorAll('#running li > a')].map(a => a.textContent),
             };",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(home["events"], json!(["Autumn Chess Open"]), "{home}");
    assert_eq!(home["sections"], json!(["Open", "U1800", "U1400"]), "{home}");
    assert_eq!(home["running"], json!([]), "a section is not listed on its own: {home}");

    // axe-core: no critical, serious or moderate violation on the new pages.
    let axe = axe_source();
    let mut found = Vec::new();
    for path in [
        format!("/e/{ev}"),
        format!("/e/{ev}/board"),
        format!("/e/{ev}/board?view=names"),
        format!("/e/{ev}/standings"),
        "/".to_string(),
    ] {
        for v in violations(&b, &app.base, &path, &axe).await {
            found.push(json!({ "page": path, "violation": v }));
        }
    }
    b.close().await;
    assert!(found.is_empty(), "accessibility violations: {}", serde_json::to_string_pretty(&found).unwrap());
}
