//! The captains' pairing room, live (issue 25, point 5): the `process` view
//! of one team match for each kind of viewer (captain A, captain B, staff,
//! the public) and the `rooms` view of every match of the round, over the
//! WebSocket on SQLite and PostgreSQL. The raw frames of captain B's socket,
//! a public socket and the `rooms` view never name captain A's locked
//! defender (neither its id nor its name, beyond the rosters every frame
//! shows) before the reveal, and do after it; the staff's socket sees both
//! sealed choices. A socket's kind of viewer follows its account's role:
//! one opened as the public by an account made staff since gets the staff's
//! frames, one opened as staff by an account removed from the staff since
//! gets the public's, the sealed choice in none of its raw frames.

use super::captains::{attackers, defender, keep, pair_next, post, roster, teams, view};
use arbiter_tests::{s, Backend, TestApp, WsClient};
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

/// The next frame of `kind` on `socket` (its `data`).
async fn next_update(socket: &mut WsClient, kind: &str) -> Value {
    let (frames, got) = socket.until(WAIT, |f| f["type"] == "update" && f["kind"] == kind).await;
    assert!(got, "no {kind} update: {frames:?}");
    frames.last().unwrap().clone()
}

/// The next snapshot on `socket` (its whole frame).
async fn snapshot(socket: &mut WsClient) -> Value {
    let (frames, got) = socket.until(WAIT, |f| f["type"] == "snapshot").await;
    assert!(got, "no snapshot: {frames:?}");
    frames.last().unwrap().clone()
}

/// How often `needle` occurs in the raw text of `frame`.
fn count(frame: &Value, needle: &str) -> usize {
    frame.to_string().matches(needle).count()
}

async fn live_room(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 2).await;
    let (_, m, _) = pair_next(&mut e).await;
    let mid = s(&m[0], "id").to_string();
    let (ta, tb) = (s(&m[0]["player1"], "id").to_string(), s(&m[0]["player2"], "id").to_string());
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
    let v = view(&mut e.to, &mid).await;
    let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));
    let (secret, secret_name) = (a[3].clone(), s(&v["team_a"]["players"][3], "name").to_string());

    let base = format!("{}/ws/tournaments/{}", app.base.replacen("http", "ws", 1), e.tid);
    let process = format!("{base}?view=process&match={mid}");
    let (sa, sb, sto) = (
        e.captain_of(&ta).session().map(str::to_string),
        e.captain_of(&tb).session().map(str::to_string),
        e.to.session().map(str::to_string),
    );
    let mut socket_a = WsClient::connect_as(&process, sa.as_deref()).await.unwrap();
    let mut socket_b = WsClient::connect_as(&process, sb.as_deref()).await.unwrap();
    let mut staff = WsClient::connect_as(&process, sto.as_deref()).await.unwrap();
    let mut public = WsClient::connect(&process).await.unwrap();
    let mut rooms = WsClient::connect(&format!("{base}?view=rooms")).await.unwrap();
    // A public socket that switches to the room with a `subscribe` frame.
    let mut switched = WsClient::connect(&format!("{base}?view=board")).await.unwrap();
    snapshot(&mut switched).await;
    switched.send_text(&json!({ "v": 1, "type": "subscribe", "view": "process", "match": mid }).to_string()).unwrap();

    // Each socket's snapshot is its viewer's.
    let mut public_snap = Value::Null;
    for (socket, who) in [
        (&mut socket_a, "captain_a"),
        (&mut socket_b, "captain_b"),
        (&mut staff, "organiser"),
        (&mut public, "public"),
        (&mut switched, "public"),
    ] {
        let snap = snapshot(socket).await;
        assert_eq!((snap["view"].as_str(), snap["data"]["viewer"].as_str()), (Some("process"), Some(who)), "{snap}");
        assert_eq!(snap["data"]["state"]["phase"], "defenders");
        if who == "public" {
            public_snap = snap;
        }
    }
    let rooms_snap = snapshot(&mut rooms).await;
    assert_eq!(rooms_snap["data"]["matches"].as_array().map(Vec::len), Some(1), "{rooms_snap}");
    assert_eq!(rooms_snap["data"]["matches"][0]["viewer"], "public");
    // What every frame shows of the defender before any lock: its place in the roster and the pool.
    let (ids, names) = (count(&public_snap["data"], &secret), count(&public_snap["data"], &secret_name));
    assert!(ids >= 2 && names >= 1, "the roster names the player: {public_snap}");

    // Roles that change while the sockets are open. Jo opens the room as the
    // public and joins the staff since; Kim opens it as staff and is removed
    // since. Their next frames follow who they are now.
    let staff_path = format!("/api/tournaments/{}/staff", e.tid);
    let code = |r: arbiter_server::client::Reply| s(&r.ok().unwrap(), "code").to_string();
    let (mut kim_client, kim_id) = app.user("Kim").await.unwrap();
    let k = code(e.to.post(&format!("{staff_path}/invites"), &json!({ "role": "JUDGE" })).await.unwrap());
    kim_client.post_empty(&format!("/api/staff-invites/{k}")).await.unwrap().ok().unwrap();
    let (mut jo_client, _) = app.user("Jo").await.unwrap();
    let mut jo = WsClient::connect_as(&process, jo_client.session()).await.unwrap();
    let mut kim = WsClient::connect_as(&process, kim_client.session()).await.unwrap();
    assert_eq!(snapshot(&mut jo).await["data"]["viewer"], "public");
    assert_eq!(snapshot(&mut kim).await["data"]["viewer"], "organiser");
    let j = code(e.to.post(&format!("{staff_path}/invites"), &json!({ "role": "JUDGE" })).await.unwrap());
    jo_client.post_empty(&format!("/api/staff-invites/{j}")).await.unwrap().ok().unwrap();
    e.to.send(awc::http::Method::DELETE, &format!("{staff_path}/{kim_id}"), None).await.unwrap().ok().unwrap();

    // Captain A locks the defender: its own socket and the staff's see it sealed.
    post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": defender(&secret) })).await.ok().unwrap();
    let own = next_update(&mut socket_a, "process").await;
    assert_eq!(own["data"]["state"]["sealed_a"], defender(&secret));
    let to = next_update(&mut staff, "process").await;
    assert_eq!(to["data"]["state"]["sealed_a"], defender(&secret));
    assert_eq!(count(&to["data"], &secret), ids + 1, "the staff sees the sealed choice");
    // B, the public, the switched socket and the rooms view: locked, not named.
    for socket in [&mut socket_b, &mut public, &mut switched] {
        let f = next_update(socket, "process").await;
        assert_eq!(f["data"]["state"]["locked_a"], true);
        assert!(f["data"]["state"]["sealed_a"].is_null() && f["data"]["state"]["defender_a"].is_null(), "{f}");
        assert_eq!((count(&f["data"], &secret), count(&f["data"], &secret_name)), (ids, names), "{f}");
        for late in socket.collect(Duration::from_millis(300)).await {
            assert_eq!(count(&late, &secret), if late["type"] == "update" { ids } else { 0 }, "{late}");
        }
    }
    // Jo, staff now: the room as the staff sees it, sealed choice included.
    let (frames, got) = jo.until(WAIT, |f| f["data"]["state"]["sealed_a"] == defender(&secret)).await;
    assert!(got, "Jo sees the sealed choice as staff: {frames:?}");
    assert_eq!(frames.last().unwrap()["data"]["viewer"], "organiser", "{frames:?}");
    assert!(frames.iter().all(|f| f["data"]["viewer"] != "public"), "no public frame after the change: {frames:?}");
    // Kim, no longer staff: the room as the public sees it, the sealed choice in none of its raw frames.
    let (frames, got) = kim.until(WAIT, |f| f["data"]["state"]["locked_a"] == true).await;
    assert!(got, "Kim sees A locked: {frames:?}");
    let mut frames = frames;
    frames.extend(kim.collect(Duration::from_millis(300)).await);
    let last = frames.iter().rev().find(|f| f["data"]["state"]["locked_a"] == true).unwrap();
    assert_eq!(last["data"]["viewer"], "public", "{last}");
    for f in &frames {
        assert!(f["data"]["state"]["sealed_a"].is_null(), "{f}");
        assert!(count(f, &secret) <= ids && count(f, &secret_name) <= names, "the sealed choice reaches Kim: {f}");
    }

    let room = next_update(&mut rooms, "room").await;
    assert_eq!(room["data"]["match_id"], mid.as_str());
    assert_eq!(room["data"]["state"]["locked_a"], true);
    assert_eq!((count(&room["data"], &secret), count(&room["data"], &secret_name)), (ids, names), "{room}");

    // B locks: both defenders are revealed on every socket.
    post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": defender(&b[2]) })).await.ok().unwrap();
    for socket in [&mut socket_a, &mut socket_b, &mut staff, &mut public, &mut switched] {
        let f = next_update(socket, "process").await;
        assert_eq!(f["data"]["state"]["defender_a"], secret.as_str(), "{f}");
        assert_eq!(f["data"]["state"]["phase"], "attackers");
        assert!(f.to_string().contains(&format!("\"defender_a\":\"{secret}\"")), "the raw frame names it: {f}");
    }
    let room = next_update(&mut rooms, "room").await;
    assert_eq!(room["data"]["state"]["defender_a"], secret.as_str());

    // The rest of the process: the games reach every socket, named.
    let steps = [
        (attackers(&a[1], &a[2]), attackers(&b[1], &b[0])),
        (keep(&b[1]), keep(&a[1])),
        (defender(&a[0]), defender(&b[3])),
        (keep(&b[0]), keep(&a[2])),
    ];
    for (ca, cb) in steps {
        post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": ca })).await.ok().unwrap();
        post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": cb })).await.ok().unwrap();
    }
    for socket in [&mut socket_b, &mut public] {
        let (frames, got) = socket.until(WAIT, |f| f["data"]["games"].as_array().is_some_and(|g| g.len() == 5)).await;
        assert!(got, "the games reach the room: {frames:?}");
        let last = frames.last().unwrap();
        assert_eq!(last["data"]["state"]["phase"], "done");
        assert!(last["data"]["games"].to_string().contains(&secret_name));
    }
    let (frames, got) = rooms.until(WAIT, |f| f["data"]["games"].as_array().is_some_and(|g| g.len() == 5)).await;
    assert!(got, "the games reach the rooms view: {frames:?}");

    // A match of no team, or none at all: refused when the socket opens.
    let bad = format!("{base}?view=process&match={}", e.ids[0]);
    assert!(WsClient::connect(&bad).await.is_err(), "a team row is not a team match");
    assert!(WsClient::connect(&format!("{base}?view=process")).await.is_err(), "the match is needed");
    app.stop().await;
}

#[actix_web::test]
async fn the_pairing_room_keeps_a_sealed_choice_off_other_sockets_sqlite() {
    live_room(Backend::Sqlite).await;
}

#[actix_web::test]
async fn the_pairing_room_keeps_a_sealed_choice_off_other_sockets_postgres() {
    live_room(Backend::Postgres).await;
}
