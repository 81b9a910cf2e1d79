//! The standings page in a browser: the crokinole example's configured
//! columns rendered live, ⚠ on the pair ordered only by 20s, the TO's ↓
//! applied and pushed back over the socket, the mini-league modal; the TO
//! dashboard's tie-break panel.

use super::crokinole::example_event;
use arbiter_tests::browser::Browser;
use arbiter_tests::TestApp;
use serde_json::{json, Value};
use std::time::Duration;

/// Runs `script` in the page until it returns something other than `null`/`false` (10 s at most).
async fn until(b: &Browser, script: &str) -> anyhow::Result<Value> {
    b.until(script, Duration::from_secs(10)).await.ok_or_else(|| anyhow::anyhow!("timed out waiting for: {script}"))
}

#[actix_web::test]
async fn the_standings_page_shows_ties_and_takes_the_organisers_order() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let e = example_event(&app).await?;
    let b = Browser::start().await?;
    b.client.goto(&app.base).await?;
    let token = e.to.session().unwrap_or_default().to_string();
    // Signed in as the TO: the session cookie, set from the page.
    let set = format!("document.cookie = '{}={token}; path=/; SameSite=Lax';", arbiter_server::auth::session::COOKIE);
    b.client.execute(&set, vec![]).await?;
    b.client.goto(&format!("{}/t/{}/standings", app.base, e.id)).await?;

    let heads = until(&b, "const h = [...document.querySelectorAll('#standings-head th')].map(t => t.textContent); return h.includes('ML 20s') && h;").await?;
    assert_eq!(heads, json!(["#", "Player", "Pts", "ML PTS", "ML 20s", "20s"]));
    let rows = "return [...document.querySelectorAll('#standings-body tr')].map(r => r.dataset.player);";
    let warned = b.client.execute("return [...document.querySelectorAll('#standings-body tr')].filter(r => r.querySelector('.tie-warn')).map(r => r.dataset.player);", vec![]).await?;
    assert_eq!(warned, json!([e.id_of("Player6"), e.id_of("Player7")]));
    let orange =
        b.client.execute("return document.querySelectorAll('#standings-body tr.tie-group').length;", vec![]).await?;
    assert_eq!(orange, json!(4));

    // ↓ on Player6: the live update puts Player7 third.
    let p6 = e.id_of("Player6");
    b.client
        .execute(&format!("document.querySelector('button[data-tie=swap][data-player=\"{p6}\"]').click();"), vec![])
        .await?;
    let want = e.id_of("Player7");
    until(&b, &format!("const r = (() => {{ {rows} }})(); return r[2] === '{want}';")).await?;

    // The mini-league modal of the tied group.
    b.client.execute("document.querySelector('#standings-body tr .tie-badge').click();", vec![]).await?;
    let ml = until(&b, "const d = document.getElementById('tie-dialog'); return d && d.open && [...d.querySelectorAll('tbody tr')].map(r => r.cells[0].textContent + ' ' + r.cells[5].textContent + ' ' + r.cells[6].textContent);").await?;
    assert_eq!(ml, json!(["Player2 4 15", "Isis 4 9", "Player6 2 14", "Player7 2 14"]));

    // The dashboard: standings with the TO's buttons and the crokinole tie-break panel.
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, e.id)).await?;
    until(&b, "return document.querySelector('#dash-standings-body button[data-tie]') !== null;").await?;
    until(&b, "const s = document.querySelector('#tiebreaks select[name=scoring]'); return s && s.value;").await?;
    b.close().await;
    Ok(())
}

/// Signs the browser in with `client`'s session.
async fn sign_in(b: &Browser, base: &str, client: &arbiter_server::client::ApiClient) -> anyhow::Result<()> {
    b.client.goto(base).await?;
    let set = format!(
        "document.cookie = '{}={}; path=/; SameSite=Lax';",
        arbiter_server::auth::session::COOKIE,
        client.session().unwrap_or_default()
    );
    b.client.execute(&set, vec![]).await?;
    Ok(())
}

#[actix_web::test]
async fn chess_results_are_reported_and_overridden_from_the_pages() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = super::Event::start(&app, "chess", "round_robin", &["White", "Black"], json!({})).await?;
    e.pair_next().await?;
    let b = Browser::start().await?;

    // White reports 1-0 from the player page's chess form.
    sign_in(&b, &app.base, &e.players[0].0).await?;
    b.client.goto(&format!("{}/t/{}/me", app.base, e.id)).await?;
    until(&b, "return document.querySelector('#report-form select[name=result]') !== null;").await?;
    b.client
        .execute("const f = document.getElementById('report-form'); f.result.value = '1-0'; f.requestSubmit();", vec![])
        .await?;
    let said =
        until(&b, "const t = document.getElementById('my-pairing').textContent; return t.includes('Reported') && t;")
            .await?;
    assert!(said.as_str().is_some_and(|t| t.contains("1–0") && t.contains("you play White")), "{said}");

    // The TO sets 0-1 from the dashboard's chess override form.
    sign_in(&b, &app.base, &e.to).await?;
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, e.id)).await?;
    until(&b, "const f = document.querySelector('form.override select[name=result]'); return f && f.value === '1-0';")
        .await?;
    b.client
        .execute(
            "const f = document.querySelector('form.override'); f.result.value = '0-1'; f.requestSubmit();",
            vec![],
        )
        .await?;
    until(&b, "return [...document.querySelectorAll('h4')].some(h => h.textContent === 'Confirmed (1)');").await?;
    let st = e.standings().await?;
    assert_eq!(st["players"][0]["display_name"], "Black");
    b.close().await;
    Ok(())
}
