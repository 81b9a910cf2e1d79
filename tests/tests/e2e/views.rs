//! Live views: each client receives what it shows — a board its tables, a
//! phone its own pairing and line, a standings page its window — not the
//! whole event.

use arbiter_tests::{Event, TestApp, WsClient};
use serde_json::Value;
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

async fn view(app: &TestApp, tid: &str, query: &str, session: Option<&str>) -> WsClient {
    let url = format!("{}/ws/tournaments/{tid}?{query}", app.base.replacen("http", "ws", 1));
    let mut ws = WsClient::connect_as(&url, session).await.unwrap();
    let snap = ws.next_json(WAIT).await.unwrap();
    assert_eq!(snap["type"], "snapshot", "{query}: {snap}");
    ws
}

/// The frames up to the first of kind `last` (which must come), and any
/// that follow within `quiet` of it.
async fn through(ws: &mut WsClient, last: &str, quiet: Duration) -> Vec<Value> {
    let (mut out, seen) = ws.until(WAIT, |f| f["kind"] == last).await;
    assert!(seen, "no {last} frame: {:?}", kinds(&out));
    out.extend(ws.collect(quiet).await);
    out
}

fn kinds(frames: &[Value]) -> Vec<&str> {
    frames.iter().filter_map(|f| f["kind"].as_str()).collect()
}

#[actix_web::test]
async fn each_view_receives_only_what_it_shows() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "V", 8, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let first = tables[0].clone();
    let me = ev.players[first.p1].session().map(String::from);
    let bystander = ev.players[tables[3].p1].session().map(String::from);

    let mut board_1_2 = view(&app, &ev.tid, "view=board&from=1&to=2", None).await;
    let mut board_3_4 = view(&app, &ev.tid, "view=board&from=3&to=4", None).await;
    let mut player = view(&app, &ev.tid, "view=player", me.as_deref()).await;
    let mut other = view(&app, &ev.tid, "view=player", bystander.as_deref()).await;
    let mut standings = view(&app, &ev.tid, "view=standings&offset=0&limit=3", None).await;
    let mut queue = view(&app, &ev.tid, "view=queue", None).await;

    ev.play(&first, 80, 20).await.unwrap();

    let b12 = through(&mut board_1_2, "result_confirmed", Duration::from_millis(300)).await;
    assert_eq!(kinds(&b12), ["result_reported", "result_confirmed"], "the board showing table 1");
    assert!(b12.iter().all(|f| f["type"] == "update" && f["view"] == "board"));
    assert_eq!(b12[1]["data"]["pairing"]["player1_vp"], 80);
    assert!(board_3_4.collect(Duration::from_millis(300)).await.is_empty(), "a board of other tables gets nothing");

    let mine = through(&mut player, "standing", Duration::from_millis(300)).await;
    assert!(kinds(&mine).starts_with(&["result_reported", "result_confirmed"]), "{:?}", kinds(&mine));
    let line = mine.iter().find(|f| f["kind"] == "standing").expect("the player's own standings line");
    assert_eq!((line["data"]["row"]["wins"].as_u64(), line["data"]["row"]["margin"].as_i64()), (Some(1), Some(60)));
    let theirs = other.collect(Duration::from_millis(300)).await;
    assert!(
        !kinds(&theirs).iter().any(|k| k.starts_with("result_")),
        "another player's phone gets no result of table 1"
    );

    let st = through(&mut standings, "standings", Duration::from_millis(300)).await;
    let update = st.iter().find(|f| f["kind"] == "standings").expect("a standings window update");
    let rows = update["data"]["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "only the window's rows");
    assert_eq!(update["data"]["standings"]["total"], 8);
    assert_eq!(rows[0]["wins"], 1);
    assert!(update["data"]["standings_meta"].is_object());

    let q = through(&mut queue, "standings", Duration::from_millis(300)).await;
    assert_eq!(
        kinds(&q),
        ["result_reported", "result_confirmed", "standings"],
        "the TO queue: results and its top of the standings, no markers"
    );
    assert_eq!(q[2]["data"]["standings"]["rows"].as_array().map(Vec::len), Some(8));

    // A standings page turns: a snapshot of the next window follows.
    standings.send_text(r#"{"v":1,"type":"subscribe","view":"standings","offset":3,"limit":3}"#).unwrap();
    let snap = standings.next_json(WAIT).await.unwrap();
    assert_eq!((snap["type"].as_str(), snap["view"].as_str()), (Some("snapshot"), Some("standings")));
    assert_eq!(snap["data"]["standings"]["offset"], 3);
    assert_eq!(snap["data"]["standings"]["rows"][0]["rank"], 4);
    standings.send_text(r#"{"v":1,"type":"subscribe","view":"standings","limit":5000}"#).unwrap();
    let err = standings.next_json(WAIT).await.unwrap();
    assert_eq!((err["type"].as_str(), err["code"].as_str()), (Some("error"), Some("bad_view")));

    // The player view needs a registration.
    let url = format!("{}/ws/tournaments/{}?view=player", app.base.replacen("http", "ws", 1), ev.tid);
    assert!(WsClient::connect(&url).await.is_err(), "an anonymous client cannot follow a player view");
    app.stop().await;
}
