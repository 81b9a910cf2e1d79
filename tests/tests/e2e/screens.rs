//! What a full event day shows on its screens and paper: the crosstable
//! printed whole on A4 and Letter however many rounds it has, a late
//! entry's missed round shown as the loss it counts as, the public
//! standings without the organiser's tie markers, a 40K dashboard that asks
//! for no pools, and the small things of the TO's and the players' pages
//! (a correction starts from the report, a name entered twice is said,
//! closing the last round says what comes next, buttons that undo come
//! last, the top-cut form where it belongs, dropping out last on a phone).

use arbiter_server::client::ApiClient;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Event, TestApp, WAIT};
use fantoccini::wd::PrintSize;
use serde_json::{json, Value};

/// Signs the browser in with `client`'s session.
async fn sign_in(b: &Browser, base: &str, client: &ApiClient) {
    b.client.goto(base).await.unwrap();
    let set =
        format!("document.cookie = 'arbiter_session={}; path=/'; return true;", client.session().unwrap_or_default());
    b.client.execute(&set, vec![]).await.unwrap();
}

/// Waits until `script` returns something other than `null`/`false`; fails with `what` otherwise.
async fn until(b: &Browser, script: &str, what: &str) -> Value {
    b.until(script, WAIT).await.unwrap_or_else(|| panic!("{what}"))
}

/// The results page at `show` once drawn.
async fn results(b: &Browser, base: &str, tid: &str, show: &str) {
    b.client.goto(&format!("{base}/t/{tid}/results?show={show}")).await.unwrap();
    until(b, "return document.body.dataset.ready === '1';", "the results page never finished drawing").await;
}

#[actix_web::test]
async fn a_40k_dashboard_asks_for_no_pools_and_meets_no_404() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "N", 4, 3).await.unwrap();
    ev.pair_next().await.unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
    // Once the dashboard has read its top cut (none yet) and drawn the round.
    until(&b, "return document.querySelector('[data-action=\"close-round\"]') !== null && document.getElementById('players-body').children.length === 4;", "the dashboard was not drawn").await;
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    // Every request the page made: none for pools, none refused (a 404 is a console error in Chromium).
    let asked = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/pools') || e.responseStatus >= 400).map(e => e.name + ' ' + e.responseStatus);";
    assert_eq!(b.client.execute(asked, vec![]).await.unwrap(), json!([]), "requests for pools, or failed requests");
    b.close().await;
    app.stop().await;
}

