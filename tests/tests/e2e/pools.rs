//! Round-robin pools then playoffs (the crokinole championship format): the
//! TO splits the field into pools, each pool plays its own Berger round
//! robin (every pool's round at once, tables numbered across pools), each
//! pool has its own standings, and the top of each pool is cross-seeded
//! into the bracket. Expected pools, tables, standings and seeds are worked
//! out by hand below from the rules (serpentine pools, FIDE Berger table
//! for 4, 2/1/0 points, A1 v B2 and B1 v A2).

use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::browser::Browser;

use arbiter_tests::{s, Api, Backend, Event, Table, TestApp, WsClient};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

fn refused(r: &Reply, status: u16, code: &str) {
    assert_eq!((r.status.as_u16(), r.code()), (status, code), "{}", r.body);
}

fn message(r: &Reply) -> String {
    r.body["message"].as_str().unwrap_or_default().to_string()
}

fn game(p1: u32, p2: u32) -> Value {
    // The winner of a 6–2 game has 3 twenties to 1.
    let (t1, t2) = if p1 > p2 { (3, 1) } else { (1, 3) };
    json!({ "player1_points": p1, "player2_points": p2, "player1_twenties": t1, "player2_twenties": t2 })
}

async fn crokinole(app: &TestApp, n: usize) -> Event {
    let body = json!({ "name": "Crokinole Championship", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "round_robin" });
    Event::build(&app.base).tournament(body).numbered("C", n).faction("Club").start().await.unwrap()
}

/// Creates and pairs the next round: its id, its tables as (table, player 1, player 2) names, and the tables.
async fn pair_round(ev: &mut Event) -> (String, Vec<(u64, String, String)>, Vec<Table>) {
    let r = ev.to.new_round(&ev.tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let p = ev.to.pair_round(&rid).await.unwrap().ok().unwrap();
    let mut named = Vec::new();
    let mut tables = Vec::new();
    for t in p["round"]["pairings"].as_array().unwrap().iter().filter(|t| !t["player2"].is_null()) {
        let (a, b) = (s(&t["player1"], "name").to_string(), s(&t["player2"], "name").to_string());
        tables.push(Table { id: s(t, "id").to_string(), p1: ev.index_of(&a).unwrap(), p2: ev.index_of(&b).unwrap() });
        named.push((t["table"].as_u64().unwrap(), a, b));
    }
    (rid, named, tables)
}

fn t(n: u64, a: &str, b: &str) -> (u64, String, String) {
    (n, a.to_string(), b.to_string())
}

/// Each pool's standings as names, best first, and the pools' names.
async fn pool_standings(ev: &mut Event) -> Vec<(String, Vec<String>)> {
    let v = ev.to.pools(&ev.tid).await.unwrap().ok().unwrap();
    v["pools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let names = p["standings"].as_array().unwrap().iter().map(|r| s(r, "display_name").to_string()).collect();
            (s(p, "name").to_string(), names)
        })
        .collect()
}

/// The strength order the pool games follow: the stronger player wins 6–2.
/// Pool A: C5 > C1 > C8 > C4; pool B: C7 > C3 > C2 > C6.
const STRENGTH: [&str; 8] = ["C5", "C7", "C1", "C3", "C8", "C2", "C4", "C6"];

fn stronger(a: &str, b: &str) -> bool {
    STRENGTH.iter().position(|x| *x == a) < STRENGTH.iter().position(|x| *x == b)
}

/// Player 1 of `table` reports `score`, player 2 confirms.
async fn play(ev: &mut Event, table: &Table, score: &Value) {
    ev.players[table.p1].report(&table.id, score).await.unwrap().ok().unwrap();
    ev.players[table.p2].confirm(&table.id).await.unwrap().ok().unwrap();
}

/// Plays the three pool rounds of the 8 players in pools A = C1 C4 C5 C8 and
/// B = C2 C3 C6 C7 (the event has a playoff by pool), checking each round's
/// tables, the stronger player winning 6–2 (see [`STRENGTH`]).
async fn play_pool_rounds(app: &TestApp, ev: &mut Event) {
    let tid = ev.tid.clone();
    // FIDE Berger table for 4: round 1 1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1,
    // pool A's numbers C1 C4 C5 C8, pool B's C2 C3 C6 C7, pool A's tables first.
    let expected = [
        [t(1, "C1", "C8"), t(2, "C4", "C5"), t(3, "C2", "C7"), t(4, "C3", "C6")],
        [t(1, "C8", "C5"), t(2, "C1", "C4"), t(3, "C7", "C6"), t(4, "C2", "C3")],
        [t(1, "C4", "C8"), t(2, "C5", "C1"), t(3, "C3", "C7"), t(4, "C6", "C2")],
    ];
    for want in &expected {
        let (rid, named, tables) = pair_round(ev).await;
        assert_eq!(&named, want);
        // Before the pools are done the playoff waits.
        let before = app.fingerprint().await.unwrap();
        refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "round_open");
        assert_eq!(app.fingerprint().await.unwrap(), before);
        for (table, (_, a, b)) in tables.iter().zip(&named) {
            let score = if stronger(a, b) { game(6, 2) } else { game(2, 6) };
            play(ev, table, &score).await;
        }
        ev.to.close_round(&rid).await.unwrap().ok().unwrap();
    }
}

/// 8 players (no ratings: seeded by registration) in 2 pools of 4 by the
/// serpentine rule, 3 pool rounds, the top 2 of each pool into a bracket of
/// 4 with a third-place game, the final ranking.
#[actix_web::test]
async fn pools_crokinole_two_pools_of_four_into_a_bracket_of_four() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = crokinole(&app, 8).await;
    let tid = ev.tid.clone();
    let v = ev.to.set_pools(&tid, &json!({ "count": 2 })).await.unwrap().ok().unwrap();
    assert_eq!(v["rule"], "serpentine");
    let members: Vec<Vec<String>> = v["pools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["players"].as_array().unwrap().iter().map(|x| s(x, "name").to_string()).collect())
        .collect();
    // Serpentine over 1..8: A = 1, 4, 5, 8; B = 2, 3, 6, 7.
    assert_eq!(members, [["C1", "C4", "C5", "C8"], ["C2", "C3", "C6", "C7"]]);
    let b = ev.to.set_playoffs(&tid, &json!({ "per_pool": 2, "third_place": true })).await.unwrap().ok().unwrap();
    // No game counts yet: nothing to project, the bracket names seeds.
    assert_eq!(b["bracket"]["projected"], false);
    assert_eq!(b["bracket"]["rounds"][0]["slots"][0]["high"]["name"], "Seed 1");
    assert_eq!(
        (b["bracket"]["settings"]["cut"].as_u64(), b["bracket"]["settings"]["per_pool"].as_u64()),
        (Some(4), Some(2))
    );

    play_pool_rounds(&app, &mut ev).await;
    let tournament = ev.to.tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(tournament["tournament"]["total_rounds"], 3, "{tournament}");
    // Each pool ranked by its own games: 6, 4, 2, 0 points.
    assert_eq!(
        pool_standings(&mut ev).await,
        [
            ("A".to_string(), ["C5", "C1", "C8", "C4"].map(String::from).to_vec()),
            ("B".to_string(), ["C7", "C3", "C2", "C6"].map(String::from).to_vec()),
        ]
    );
    // Before seeding, the bracket projects the seeds from the pools as they stand (the same as below),
    // and each confirmed pool game announced the projection again: 12 games, 12 projections.
    let b = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!((&b["bracket"]["seeded"], &b["bracket"]["projected"]), (&json!(false), &json!(true)));
    let projected: Vec<String> = b["bracket"]["rounds"][0]["slots"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|sl| [s(&sl["high"], "name").to_string(), s(&sl["low"], "name").to_string()])
        .collect();
    assert_eq!(projected, ["C5", "C3", "C7", "C1"]);
    let log = ev.log().await.unwrap();
    let frames: Vec<&Value> = log.iter().filter(|e| e["kind"] == "bracket_changed").collect();
    let projections = frames.iter().filter(|e| e.to_string().contains("\"projected\":true")).count();
    assert_eq!(projections, 12, "{frames:?}");
    // The event's standings name each player's pool and place in it.
    let st = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    let mut labels: Vec<(String, String)> = st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (s(r, "display_name").to_string(), format!("{}{}", s(r, "pool"), r["pool_rank"])))
        .collect();
    labels.sort();
    let want = [
        ("C1", "A2"),
        ("C2", "B3"),
        ("C3", "B2"),
        ("C4", "A4"),
        ("C5", "A1"),
        ("C6", "B4"),
        ("C7", "B1"),
        ("C8", "A3"),
    ];
    assert_eq!(labels, want.map(|(a, b)| (a.to_string(), b.to_string())));
    // Cross-seeded: 1 = A1 C5, 2 = B1 C7, 3 = A2 C1, 4 = B2 C3; semifinals A1 v B2, B1 v A2.
    let sf = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let sf_id = s(&sf["round"], "id").to_string();
    let bracket = ev.to.bracket(&tid).await.unwrap().ok().unwrap();
    let seeds: Vec<String> = bracket["bracket"]["rounds"][0]["slots"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|sl| [s(&sl["high"], "name").to_string(), s(&sl["low"], "name").to_string()])
        .collect();
    assert_eq!(seeds, ["C5", "C3", "C7", "C1"]);
    let mut sft = Vec::new();
    for p in sf["round"]["pairings"].as_array().unwrap() {
        let (a, b) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
        sft.push(Table { id: s(p, "id").to_string(), p1: ev.index_of(a).unwrap(), p2: ev.index_of(b).unwrap() });
    }
    // The upsets: C3 beats C5, C7 beats C1.
    play(&mut ev, &sft[0], &game(2, 6)).await;
    play(&mut ev, &sft[1], &game(6, 2)).await;
    ev.to.close_round(&sf_id).await.unwrap().ok().unwrap();
    let fin = ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let fin_id = s(&fin["round"], "id").to_string();
    let mut named = Vec::new();
    for p in fin["round"]["pairings"].as_array().unwrap() {
        let (a, b) = (s(&p["player1"], "name"), s(&p["player2"], "name"));
        named.push((a.to_string(), b.to_string()));
        let tb = Table { id: s(p, "id").to_string(), p1: ev.index_of(a).unwrap(), p2: ev.index_of(b).unwrap() };
        // The final: C7 (seed 2) beats C3; the third-place game: C1 beats C5 (seed 1).
        let score = if a == "C5" { game(2, 6) } else { game(6, 2) };
        play(&mut ev, &tb, &score).await;
    }
    assert_eq!(named, [("C7".to_string(), "C3".to_string()), ("C5".to_string(), "C1".to_string())]);
    ev.to.close_round(&fin_id).await.unwrap().ok().unwrap();
    let r = ev.to.ranking(&tid).await.unwrap().ok().unwrap();
    let ranking: Vec<(u64, String)> = r["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["place"].as_u64().unwrap(), s(x, "name").to_string()))
        .collect();
    assert_eq!(ranking[..4], [(1, "C7".into()), (2, "C3".into()), (3, "C1".into()), (4, "C5".into())]);
    // The rest by the event's standings: C8 and C2 (one win each) above C4 and C6 (none), places 5–8.
    let rest: Vec<&str> = ranking[4..].iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(ranking[4..].iter().map(|(p, _)| *p).collect::<Vec<_>>(), [5, 6, 7, 8]);
    let (mut top, mut bottom) = (rest[..2].to_vec(), rest[2..].to_vec());
    top.sort_unstable();
    bottom.sort_unstable();
    assert_eq!((top, bottom), (vec!["C2", "C8"], vec!["C4", "C6"]));
    ev.to.advance(&tid).await.unwrap().ok().unwrap();
    app.stop().await;
}

/// Pools refused as they cannot be played, each a 4xx with a message and the database unchanged.
#[actix_web::test]
async fn pools_refusals_leave_the_event_as_it_was() {
    let app = TestApp::spawn().await.unwrap();
    // Not a crokinole round robin.
    let mut swiss = Event::start(&app.base, "S", 4, 1).await.unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = swiss.to.set_pools(&swiss.tid, &json!({ "count": 2 })).await.unwrap();
    refused(&r, 409, "pools_not_offered");
    assert!(message(&r).contains("crokinole round-robin"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);

    let mut ev = crokinole(&app, 8).await;
    let tid = ev.tid.clone();
    let ids = ev.registrations.clone();
    refused(&ev.to.pools(&tid).await.unwrap(), 404, "no_pools");
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.remove_pools(&tid).await.unwrap(), 404, "no_pools");
    refused(&ev.players[0].set_pools(&tid, &json!({ "count": 2 })).await.unwrap(), 403, "not_tournament_organiser");
    let bad = [
        (json!({ "count": 3 }), "at least 3 players"),
        (json!({ "count": 1 }), "at least 2 pools"),
        (json!({ "size": 2 }), "at least 3 players"),
        (json!({ "size": 0 }), "at least 3"),
        (json!({ "count": 2, "size": 4 }), "exactly one"),
        (json!({}), "exactly one"),
        (json!({ "pools": [ids[..3], ids[3..]] }), "differ by one"),
        (json!({ "pools": [ids[..4], ids[4..7]] }), "C8 is in none"),
        (json!({ "pools": [ids[..4], ids[3..]] }), "C4 is in more than one pool"),
        (json!({ "pools": [ids[..2], ids[2..]] }), "at least 3 players"),
    ];
    for (body, why) in &bad {
        let r = ev.to.set_pools(&tid, body).await.unwrap();
        refused(&r, 422, "invalid_pools");
        assert!(message(&r).contains(why), "{body}: {}", r.body);
    }
    // A playoff by pool needs pools.
    let r = ev.to.set_playoffs(&tid, &json!({ "per_pool": 2 })).await.unwrap();
    refused(&r, 422, "invalid_pools");
    refused(&ev.to.set_playoffs(&tid, &json!({})).await.unwrap(), 422, "invalid_cut");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // By hand: pools of 4 and 4, in the order given.
    let hand = json!({ "pools": [[ids[7], ids[0], ids[1], ids[2]], ids[3..7]] });
    let v = ev.to.set_pools(&tid, &hand).await.unwrap().ok().unwrap();
    assert_eq!(v["rule"], "by_hand");
    assert_eq!(v["pools"][0]["players"][0]["name"], "C8");
    let before = app.fingerprint().await.unwrap();
    // More of each pool than it holds; a cut that is not the pools' count times per_pool.
    let r = ev.to.set_playoffs(&tid, &json!({ "per_pool": 5 })).await.unwrap();
    refused(&r, 422, "invalid_pools");
    assert!(message(&r).contains("smallest pool has 4 players"), "{}", r.body);
    let r = ev.to.set_playoffs(&tid, &json!({ "per_pool": 2, "cut": 6 })).await.unwrap();
    refused(&r, 422, "invalid_cut");
    assert!(message(&r).contains("cut of 4, not 6"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);
    ev.to.set_playoffs(&tid, &json!({ "per_pool": 2 })).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.pair_playoff_round(&tid).await.unwrap(), 409, "pools_unfinished");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // A player withdraws after the pools were set: round 1 is refused until they are set again.
    ev.players[7].drop_out(&tid).await.unwrap().ok().unwrap();
    let r = ev.to.new_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.pair_round(&rid).await.unwrap();
    refused(&r, 409, "pools_stale");
    assert!(message(&r).contains("C8"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);
    // 7 players in pools of at most 4: 2 pools (serpentine: A = C1 C4 C5, B = C2 C3 C6 C7).
    let v = ev.to.set_pools(&tid, &json!({ "size": 4 })).await.unwrap().ok().unwrap();
    let sizes: Vec<usize> =
        v["pools"].as_array().unwrap().iter().map(|p| p["players"].as_array().unwrap().len()).collect();
    assert_eq!(sizes, [3, 4]);
    let p = ev.to.pair_round(&rid).await.unwrap().ok().unwrap();
    // Pool A's 3 players: one table and a bye; pool B's 4: two tables.
    let pairings = p["round"]["pairings"].as_array().unwrap();
    assert_eq!(pairings.iter().filter(|t| t["player2"].is_null()).count(), 1, "{p}");
    assert_eq!(pairings.iter().filter(|t| !t["player2"].is_null()).count(), 3, "{p}");

    // Drawn: the pools are fixed.
    let before = app.fingerprint().await.unwrap();
    refused(&ev.to.set_pools(&tid, &json!({ "count": 2 })).await.unwrap(), 409, "pools_locked");
    refused(&ev.to.remove_pools(&tid).await.unwrap(), 409, "pools_locked");
    assert_eq!(app.fingerprint().await.unwrap(), before);
    app.stop().await;
}

/// Sixteen changes of the pools at once (the TO on several devices): each
/// waits its turn and succeeds, and the event then holds exactly one
/// request's pools, whole.
async fn pools_set_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = crokinole(&app, 9).await;
    let tid = ev.tid.clone();
    let ids = ev.registrations.clone();
    let sent: Vec<Value> = (0..16usize)
        .map(|i| match i % 4 {
            0 => json!({ "count": 2 }),
            1 => json!({ "count": 3 }),
            2 => json!({ "size": 5 }),
            _ => {
                let mut order = ids.clone();
                order.rotate_left(i % 9);
                json!({ "pools": [order[..3], order[3..6], order[6..]] })
            }
        })
        .collect();
    let mut clients: Vec<ApiClient> = (0..16).map(|_| ev.to.clone_to(&app.base)).collect();
    let replies = join_all(clients.iter_mut().zip(&sent).map(|(c, body)| {
        let tid = tid.clone();
        async move { c.set_pools(&tid, body).await.unwrap() }
    }))
    .await;
    let codes: Vec<u16> = replies.iter().map(|r| r.status.as_u16()).collect();
    assert!(codes.iter().all(|c| *c == 200), "{codes:?}");
    let kept = ev.to.pools(&tid).await.unwrap().ok().unwrap();
    let members = |v: &Value| -> Vec<Vec<String>> {
        v["pools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["players"].as_array().unwrap().iter().map(|x| s(x, "player_id").to_string()).collect())
            .collect()
    };
    assert!(replies.iter().any(|r| members(&r.body) == members(&kept) && r.body["rule"] == kept["rule"]), "{kept}");
    // Every checked-in player is in exactly one pool.
    let mut all: Vec<String> = members(&kept).concat();
    all.sort();
    let mut want = ids.clone();
    want.sort();
    assert_eq!(all, want);
    app.stop().await;
}

#[actix_web::test]
async fn pools_set_at_once_sqlite() {
    pools_set_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn pools_set_at_once_postgres() {
    pools_set_at_once(Backend::Postgres).await;
}

/// The standings page of a pools event: a Pool column with each player's
/// pool and place in it (the hand-computed pool standings above).
#[actix_web::test]
async fn pools_standings_page_shows_each_players_pool() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = crokinole(&app, 8).await;
    let tid = ev.tid.clone();
    ev.to.set_pools(&tid, &json!({ "count": 2 })).await.unwrap().ok().unwrap();
    ev.to.set_playoffs(&tid, &json!({ "per_pool": 2 })).await.unwrap().ok().unwrap();
    play_pool_rounds(&app, &mut ev).await;
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{}/standings", app.base, tid)).await.unwrap();
    let script = "const h = [...document.querySelectorAll('#standings-head th')].map(t => t.textContent); \
        if (!h.includes('Pool')) return null; const i = h.indexOf('Pool'); \
        return [...document.querySelectorAll('#standings-body tr')].map(r => r.cells[1].childNodes[0].textContent.trim() + ' ' + r.cells[i].textContent).sort();";
    let cells = b.until(script, Duration::from_secs(10)).await.expect("the standings page shows a Pool column");
    let want = ["C1 A2", "C2 B3", "C3 B2", "C4 A4", "C5 A1", "C6 B4", "C7 B1", "C8 A3"];
    assert_eq!(cells, json!(want));
    b.close().await;
    app.stop().await;
}

/// Phones follow their own part of the bracket: a player in the projected
/// cut is sent their slot and seed as results come in, then their seeded
/// semifinal; a player never in the cut is sent nothing of it.
#[actix_web::test]
async fn pools_phones_follow_their_part_of_the_bracket() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = crokinole(&app, 8).await;
    let tid = ev.tid.clone();
    ev.to.set_pools(&tid, &json!({ "count": 2 })).await.unwrap().ok().unwrap();
    ev.to.set_playoffs(&tid, &json!({ "per_pool": 2 })).await.unwrap().ok().unwrap();
    let url = format!("{}/ws/tournaments/{tid}?view=player", app.base.replacen("http", "ws", 1));
    let phone = |name: &str| ev.players[ev.index_of(name).unwrap()].session().map(String::from);
    let (c5, c6) = (phone("C5"), phone("C6"));
    let mut top = WsClient::connect_as(&url, c5.as_deref()).await.unwrap();
    let snap = top.next_json(WAIT).await.unwrap();
    // No game counts yet: nobody is projected, so no phone has a part of the bracket.
    assert_eq!(snap["data"]["bracket"], Value::Null, "{snap}");
    let mut last = WsClient::connect_as(&url, c6.as_deref()).await.unwrap();
    last.next_json(WAIT).await.unwrap();
    play_pool_rounds(&app, &mut ev).await;
    let frames = top.collect(Duration::from_secs(1)).await;
    let brackets: Vec<&Value> = frames.iter().filter(|f| f["kind"] == "bracket_changed").collect();
    // C5 is in pool A's projected top 2 after every result but the first (C1 beat C8; C5 had not
    // played, and C4, level with C5 on everything, registered first): 11 of the 12 results.
    // C6 is never in pool B's top 2: C3, level with or ahead of C6 throughout, registered first.
    assert_eq!(brackets.len(), 11, "{brackets:?}");
    let b = &brackets[10]["data"]["bracket"];
    assert_eq!(b["projected"], true);
    let slots: Vec<&Value> =
        b["rounds"].as_array().unwrap().iter().flat_map(|r| r["slots"].as_array().unwrap()).collect();
    // Only C5's own slot: seed 1 against seed 4 (C3) in the semifinal.
    assert_eq!(slots.len(), 1, "{b}");
    assert_eq!((s(&slots[0]["high"], "name"), s(&slots[0]["low"], "name")), ("C5", "C3"));
    let frames = last.collect(Duration::from_secs(1)).await;
    assert!(frames.iter().all(|f| f["kind"] != "bracket_changed"), "{frames:?}");
    // Seeded: C5's phone gets the seeded semifinal, with its table.
    ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let (frames, found) = top.until(WAIT, |f| f["kind"] == "bracket_changed").await;
    assert!(found, "{frames:?}");
    let b = &frames.last().unwrap()["data"]["bracket"];
    assert_eq!((&b["seeded"], &b["rounds"][0]["slots"][0]["table"]), (&json!(true), &json!(1)));
    app.stop().await;
}

/// The TO sets the pools and a playoff by pool, played as best-of-three
/// matches, from the dashboard.
#[actix_web::test]
async fn pools_and_a_playoff_by_pool_set_up_from_the_dashboard() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = crokinole(&app, 8).await;
    let tid = ev.tid.clone();
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/", app.base)).await.unwrap();
    let cookie = format!("document.cookie = 'arbiter_session={}; path=/'; return true;", ev.to.session().unwrap());
    b.client.execute(&cookie, vec![]).await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/dashboard", app.base)).await.unwrap();
    let wait = arbiter_tests::WAIT;
    let set = "const c = document.getElementById('pl-count'); if (!c) return null; c.value = '2'; document.querySelector('[data-action=\"pools-set\"]').click(); return true;";
    assert!(b.until(set, wait).await.is_some(), "no pools form on the dashboard");
    let summary = "const s = document.getElementById('pools-summary'); return s && s.textContent;";
    assert_eq!(b.until(summary, wait).await, Some(json!("Pools (serpentine): A 4 · B 4")));
    let cut = "const k = document.getElementById('po-per-pool'); if (!k) return null; k.value = '2'; document.getElementById('po-format').value = 'best_of_three'; document.querySelector('[data-action=\"playoffs-set\"]').click(); return true;";
    assert!(b.until(cut, wait).await.is_some(), "no per-pool top cut on the dashboard");
    let shown = "const a = document.getElementById('playoff-actions').textContent; return a.includes('Top 4 (2 of each pool), best of three') || null;";
    assert!(b.until(shown, wait).await.is_some(), "the dashboard does not show the playoff by pool");
    let pools = ev.to.pools(&tid).await.unwrap().ok().unwrap();
    assert_eq!(pools["pools"].as_array().map(Vec::len), Some(2));
    let settings = ev.to.bracket(&tid).await.unwrap().ok().unwrap()["bracket"]["settings"].clone();
    assert_eq!(
        (&settings["cut"], &settings["per_pool"], &settings["format"]),
        (&json!(4), &json!(2), &json!("best_of_three"))
    );
    b.close().await;
    app.stop().await;
}
