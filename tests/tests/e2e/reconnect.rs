//! The live pages' reconnects, in Chromium: "full jitter" (each wait random
//! in [0, min(10 s, 0.5 s × 2^n)], AWS Architecture Blog, "Exponential
//! Backoff And Jitter", 2015), a restarting server's "reconnect in N ms"
//! obeyed, and the browser's `online` event reconnecting at once instead of
//! at the end of a long wait.

use arbiter_server::config::Settings;
use arbiter_tests::browser::Browser;
use arbiter_tests::{Event, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const LONG: Duration = Duration::from_secs(30);

#[actix_web::test]
async fn waits_are_full_jitter_and_online_reconnects_at_once() {
    let app = TestApp::spawn().await.unwrap();
    let ev = Event::build(&app.base).rounds(2).players(&["Ann", "Bea", "Cal", "Dee"]).start().await.unwrap();
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{}/board", app.base, ev.tid)).await.unwrap();
    b.until("return document.getElementById('live-status').classList.contains('on');", LONG).await.expect("live");

    // The waits: 0 to the doubling window, capped at 10 s; a server's word taken as is.
    let delays = b
        .client
        .execute(
            "const d = window.Arbiter.retryDelay; \
             const lows = [0, 1, 5, 20].map((n) => d(n, null, 0)); \
             const highs = [0, 1, 2, 3, 4, 5, 6, 30].map((n) => d(n, null, 0.9999)); \
             const told = d(7, 1234, 0.5); \
             const spread = Array.from({length: 2000}, () => d(3, null)); \
             const mean = spread.reduce((a, b) => a + b, 0) / spread.length; \
             return [lows, highs, told, Math.min(...spread), Math.max(...spread), Math.round(mean)];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(delays[0], json!([0, 0, 0, 0]));
    assert_eq!(delays[1], json!([499, 999, 1999, 3999, 7999, 9999, 9999, 9999]));
    assert_eq!(delays[2], json!(1234));
    let (min, max, mean) = (delays[3].as_i64().unwrap(), delays[4].as_i64().unwrap(), delays[5].as_i64().unwrap());
    assert!(min >= 0 && max < 4000, "{delays}");
    // Uniform on [0, 4000): mean 2000, standard error of 2000 draws ≈ 26 ms.
    assert!((1800..2200).contains(&mean), "mean wait {mean} ms");

    // Every socket the page opens from now on is timed; waits are the longest the window allows.
    b.client
        .execute(
            "window.__opened = []; const W = window.WebSocket; \
             window.WebSocket = function (u, p) { window.__opened.push(performance.now()); return new W(u, p); }; \
             window.WebSocket.prototype = W.prototype; Math.random = () => 0.999;",
            vec![],
        )
        .await
        .unwrap();
    let port: u16 = app.base.rsplit(':').next().unwrap().parse().unwrap();
    app.stop().await;
    // The restart's close (its own wait), then refused attempts 1 s, then 2 s apart (the window doubling).
    let opened = b.until("return window.__opened.length >= 3 && window.__opened;", LONG).await.expect("retries");
    let at: Vec<f64> = opened.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    let (gap1, gap2) = (at[1] - at[0], at[2] - at[1]);
    assert!((900.0..2500.0).contains(&gap1) && (1900.0..4500.0).contains(&gap2), "gaps {gap1} ms, {gap2} ms");
    assert!(gap2 > gap1, "the window doubles: {gap1} ms then {gap2} ms");
    // The next wait is about 4 s; the network comes back and the browser says so.
    let settings = Settings::new(format!("127.0.0.1:{port}"), app.database_url.clone(), None);
    let again = TestApp::start_with(settings, None).await.unwrap();
    let before: Value = b.client.execute("return [window.__opened.length, performance.now()];", vec![]).await.unwrap();
    b.client.execute("window.dispatchEvent(new Event('online')); return true;", vec![]).await.unwrap();
    let back = b
        .until("return document.getElementById('live-status').classList.contains('on') && performance.now();", LONG)
        .await
        .expect("reconnected");
    let waited = back.as_f64().unwrap() - before[1].as_f64().unwrap();
    assert!(waited < 1500.0, "online reconnected after {waited} ms, not at once");
    let count: Value = b.client.execute("return window.__opened.length;", vec![]).await.unwrap();
    assert_eq!(count.as_u64(), before[0].as_u64().map(|n| n + 1), "one new socket, made by the online event");
    b.close().await;
    again.stop().await;
}
