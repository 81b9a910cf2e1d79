//! 40K team rounds and the captains' pairing process over HTTP and the live
//! socket (issue 25, point 2): team rows paired (round 1 drawn from a seed,
//! round 2 by team record), each match's process driven by its captains and
//! the staff, the games reported and confirmed as singles, the match scores
//! the sum of the WTC conversions, the sealed choice leaking nowhere before
//! the reveal, and sixteen locks of one step at once taking exactly one.

use super::teams::{account, team_event};
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, Backend, TestApp, WsClient};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

/// A 40K team event in progress: the TO, the captains, the members.
pub(crate) struct Teams {
    pub(crate) tid: String,
    pub(crate) to: ApiClient,
    /// Team rows' ids, in registration order.
    pub(crate) ids: Vec<String>,
    /// Team names, in registration order.
    pub(crate) names: Vec<String>,
    /// Each team's captain.
    pub(crate) captains: Vec<ApiClient>,
    /// Each team's members: (client, member row id), seat order.
    pub(crate) members: Vec<Vec<(ApiClient, String)>>,
}

impl Teams {
    fn team_of(&self, id: &str) -> usize {
        self.ids.iter().position(|t| t == id).unwrap()
    }

    pub(crate) fn captain_of(&mut self, team_id: &str) -> &mut ApiClient {
        let k = self.team_of(team_id);
        &mut self.captains[k]
    }

    /// The client of the member `id`.
    pub(crate) fn member(&mut self, id: &str) -> &mut ApiClient {
        self.members.iter_mut().flatten().find(|(_, m)| m == id).map(|(c, _)| c).unwrap()
    }
}

/// A 40K team event of `n` teams of five registered by their captains
/// (each player by the e-mail of their own account, five factions), checked
/// in by the captains and started.
pub(crate) async fn teams(app: &TestApp, n: usize) -> Teams {
    teams_with(app, n, json!({ "format": "wh40k", "size": 5 })).await
}

/// As [`teams`], with the event's team `rules`.
pub(crate) async fn teams_with(app: &TestApp, n: usize, rules: Value) -> Teams {
    let (mut to, _, _) = account(app, "Organiser").await;
    let tid = team_event(&mut to, "wh40k", "swiss_record", 2, rules).await;
    let factions = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"];
    let (mut captains, mut members, mut ids, mut names) = (vec![], vec![], vec![], vec![]);
    for i in 0..n {
        let (mut captain, _, _) = account(app, &format!("Captain {}", i + 1)).await;
        let mut clients = vec![];
        let mut players = vec![];
        for (j, faction) in factions.iter().enumerate() {
            let name = format!("T{}P{}", i + 1, j + 1);
            let (c, _, email) = account(app, &name).await;
            clients.push(c);
            players.push(json!({ "name": name, "email": email, "faction": faction }));
        }
        let name = format!("Team {}", (b'A' + u8::try_from(i).unwrap()) as char);
        let r =
            captain.post(&format!("/api/tournaments/{tid}/teams"), &json!({ "name": name, "players": players })).await;
        let team = r.unwrap().ok().unwrap()["team"].clone();
        let rows: Vec<String> =
            team["members"].as_array().unwrap().iter().map(|m| s(m, "player_id").to_string()).collect();
        members.push(clients.into_iter().zip(rows).collect());
        ids.push(s(&team, "id").to_string());
        names.push(name);
        captains.push(captain);
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for (c, id) in captains.iter_mut().zip(&ids) {
        c.post_empty(&format!("/api/teams/{id}/check-in")).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    Teams { tid, to, ids, names, captains, members }
}

pub(crate) async fn view(c: &mut ApiClient, m: &str) -> Value {
    c.get(&format!("/api/matches/{m}/process")).await.unwrap().ok().unwrap()
}

pub(crate) async fn post(c: &mut ApiClient, m: &str, what: &str, body: &Value) -> Reply {
    c.post(&format!("/api/matches/{m}/process/{what}"), body).await.unwrap()
}

pub(crate) fn defender(p: &str) -> Value {
    json!({ "kind": "defender", "player": p })
}

pub(crate) fn attackers(a: &str, b: &str) -> Value {
    json!({ "kind": "attackers", "first": a, "second": b })
}

pub(crate) fn keep(p: &str) -> Value {
    json!({ "kind": "keep", "player": p })
}

/// The ids of a side's roster in a view (`team_a` or `team_b`).
pub(crate) fn roster(v: &Value, side: &str) -> Vec<String> {
    v[side]["players"].as_array().unwrap().iter().map(|p| s(p, "id").to_string()).collect()
}

/// Pairs the next round; returns (round id, team matches, bye).
pub(crate) async fn pair_next(e: &mut Teams) -> (String, Vec<Value>, Vec<Value>) {
    let r = e.to.new_round(&e.tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let p = e.to.pair_round(&rid).await.unwrap().ok().unwrap();
    let all = p["round"]["pairings"].as_array().unwrap().clone();
    let (matches, byes) = all.into_iter().partition(|p| !p["player2"].is_null());
    (rid, matches, byes)
}

/// The whole five-player process of match `m` driven by its two captains:
/// roll-off (the TO), defenders a0/b0, attackers a1+a2 / b1+b2, A keeps b1
/// and B keeps a1; then defenders a3/b3 (the two left beside each defender
/// are the attackers), A keeps b2 and B keeps a2; a4 and b4 are refused and
/// play each other. Returns the final view (captain A's).
pub(crate) async fn run_process(e: &mut Teams, m: &Value) -> Value {
    let mid = s(m, "id").to_string();
    let (ta, tb) = (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string());
    let v = view(&mut e.to, &mid).await;
    let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));
    assert_eq!(v["state"]["phase"], "roll_off");
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
    let steps: [(Value, Value); 5] = [
        (defender(&a[0]), defender(&b[0])),
        (attackers(&a[1], &a[2]), attackers(&b[1], &b[2])),
        (keep(&b[1]), keep(&a[1])),
        (defender(&a[3]), defender(&b[3])),
        (keep(&b[2]), keep(&a[2])),
    ];
    let mut last = Value::Null;
    for (ca, cb) in steps {
        post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": ca })).await.ok().unwrap();
        last = post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": cb })).await.ok().unwrap();
    }
    assert_eq!(last["state"]["phase"], "done");
    view(e.captain_of(&ta), &mid).await
}

/// The games of a finished process as (player A, player B, table), board order.
fn games(v: &Value) -> Vec<(String, String, u64)> {
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (s(&g["player1"], "id").to_string(), s(&g["player2"], "id").to_string(), g["table"].as_u64().unwrap()))
        .collect()
}

/// Reports `vp` on each game (board order) by player 1 and confirms it by player 2.
pub(crate) async fn play(e: &mut Teams, v: &Value, vp: [(u32, u32); 5]) {
    for (g, (a, b)) in v["games"].as_array().unwrap().clone().iter().zip(vp) {
        let gid = s(g, "id").to_string();
        e.member(s(&g["player1"], "id")).report_vp(&gid, a, b).await.unwrap().ok().unwrap();
        e.member(s(&g["player2"], "id")).confirm(&gid).await.unwrap().ok().unwrap();
    }
}

/// Match 1 of round 1: WTC table (gd streamer, "WTC Scoring"): margins 20,
/// 0, 50, 5, 70 → 14–6, 10–10, 2–18, 11–9, 20–0: team A 57, team B 43.
pub(crate) const WIN_57_43: [(u32, u32); 5] = [(60, 40), (50, 50), (40, 90), (75, 70), (100, 30)];
/// Margins 20, 10, 32, 0, 5 → 6–14, 12–8, 3–17, 10–10, 9–11: team A 40, team B 60.
pub(crate) const LOSS_40_60: [(u32, u32); 5] = [(40, 60), (55, 45), (30, 62), (70, 70), (45, 50)];

async fn whole_event(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 4).await;

    // Round 1: a draw of the four team rows, the same when paired again.
    let (r1, m1, bye) = pair_next(&mut e).await;
    assert!(bye.is_empty());
    assert_eq!(m1.len(), 2);
    let drawn: Vec<(String, String)> =
        m1.iter().map(|m| (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string())).collect();
    let mut seen: Vec<&String> = drawn.iter().flat_map(|(a, b)| [a, b]).collect();
    seen.sort();
    let mut all: Vec<&String> = e.ids.iter().collect();
    all.sort();
    assert_eq!(seen, all, "every team plays once");
    e.to.send(awc::http::Method::DELETE, &format!("/api/rounds/{r1}/pairings"), None).await.unwrap().ok().unwrap();
    let again = e.to.pair_round(&r1).await.unwrap().ok().unwrap();
    let redrawn: Vec<(String, String)> = again["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string()))
        .collect();
    assert_eq!(redrawn, drawn, "the seeded draw is reproducible");
    let m1: Vec<Value> = again["round"]["pairings"].as_array().unwrap().clone();

    // Each match: the whole process, games on the match's tables in the order set.
    let mut winners = vec![];
    let mut losers = vec![];
    for (k, m) in m1.iter().enumerate() {
        let v = run_process(&mut e, m).await;
        let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));
        let table = m["table"].as_u64().unwrap();
        let first = (table - 1) * 5;
        assert_eq!(
            games(&v),
            vec![
                (a[0].clone(), b[1].clone(), first + 1),
                (a[1].clone(), b[0].clone(), first + 2),
                (a[3].clone(), b[2].clone(), first + 3),
                (a[2].clone(), b[3].clone(), first + 4),
                (a[4].clone(), b[4].clone(), first + 5),
            ]
        );
        let (vp, expected, result) =
            if k == 0 { (WIN_57_43, (57, 43), "P1_WIN") } else { (LOSS_40_60, (40, 60), "P2_WIN") };
        play(&mut e, &v, vp).await;
        let round = e.to.round(&r1).await.unwrap().ok().unwrap();
        let scored =
            round["round"]["pairings"].as_array().unwrap().iter().find(|p| p["id"] == m["id"]).unwrap().clone();
        assert_eq!((scored["player1_vp"].as_u64().unwrap(), scored["player2_vp"].as_u64().unwrap()), expected);
        assert_eq!(scored["result"], result);
        assert_eq!(scored["state"], "CONFIRMED");
        let (p1, p2) = (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string());
        if k == 0 {
            winners.push(p1);
            losers.push(p2);
        } else {
            winners.push(p2);
            losers.push(p1);
        }
    }
    e.to.close_round(&r1).await.unwrap().ok().unwrap();
    // W1 won 57–43 as team A of match 1, W2 60–40 as team B of match 2.
    let (w1, w2, l1, l2) = (winners[0].clone(), winners[1].clone(), losers[0].clone(), losers[1].clone());

    // Round 2 by team record: the two winners meet, and the two losers.
    let (r2, m2, _) = pair_next(&mut e).await;
    let mut pairs: Vec<Vec<String>> = m2
        .iter()
        .map(|m| {
            let mut p = vec![s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string()];
            p.sort();
            p
        })
        .collect();
    pairs.sort();
    winners.sort();
    losers.sort();
    let mut expected = vec![winners.clone(), losers.clone()];
    expected.sort();
    assert_eq!(pairs, expected);
    for m in &m2 {
        let v = run_process(&mut e, m).await;
        play(&mut e, &v, [(50, 50); 5]).await;
    }
    e.to.close_round(&r2).await.unwrap().ok().unwrap();
    // Round 2: every game 50–50 VP, 10–10 on the WTC table, each match 50–50, a draw.
    // Team standings (match wins, then game points): W2 60+50, W1 57+50, L1 43+50, L2 40+50.
    let standings = e.to.standings(&e.tid).await.unwrap().ok().unwrap();
    let rows = standings["players"].as_array().unwrap();
    let got: Vec<(String, u64, u64, u64, u64)> = rows
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (s(r, "player_id").to_string(), n("wins"), n("draws"), n("losses"), n("vp_for"))
        })
        .collect();
    assert_eq!(got, vec![(w2, 1, 1, 0, 110), (w1, 1, 1, 0, 107), (l1, 0, 1, 1, 93), (l2, 0, 1, 1, 90)]);
    for name in &e.names {
        assert!(standings.to_string().contains(name.as_str()), "{name} in the standings");
    }
    app.stop().await;
}

#[actix_web::test]
async fn a_team_event_runs_two_rounds_with_the_captains_process_sqlite() {
    whole_event(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_team_event_runs_two_rounds_with_the_captains_process_postgres() {
    whole_event(Backend::Postgres).await;
}

/// Everything captain B and an anonymous viewer can read, as text.
async fn public_texts(app: &TestApp, e: &mut Teams, b: &str, mid: &str, rid: &str) -> Vec<(String, String)> {
    let mut anon = app.client();
    let mut out = vec![];
    let room = format!("/t/{}/matches/{mid}", e.tid);
    let cb = e.captain_of(b);
    out.push(("process as B".into(), cb.get(&format!("/api/matches/{mid}/process")).await.unwrap().text));
    out.push(("pairing room as B".into(), cb.get_text(&room).await.unwrap().1));
    for path in [
        format!("/api/matches/{mid}/process"),
        format!("/api/tournaments/{}", e.tid),
        format!("/api/tournaments/{}/rounds", e.tid),
        format!("/api/rounds/{rid}"),
        format!("/api/tournaments/{}/standings", e.tid),
        format!("/api/tournaments/{}/events?since=0", e.tid),
        format!("/api/tournaments/{}/snapshot", e.tid),
        format!("/t/{}", e.tid),
        format!("/t/{}/board", e.tid),
        format!("/t/{}/standings", e.tid),
        format!("/t/{}/results", e.tid),
        format!("/t/{}/rooms", e.tid),
        format!("/t/{}/matches/{mid}", e.tid),
    ] {
        let (_, text) = anon.get_text(&path).await.unwrap();
        out.push((path, text));
    }
    out
}

async fn sealed_reveal(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 2).await;
    let (rid, m, _) = pair_next(&mut e).await;
    let mid = s(&m[0], "id").to_string();
    let (ta, tb) = (s(&m[0]["player1"], "id").to_string(), s(&m[0]["player2"], "id").to_string());
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "b" })).await.ok().unwrap();
    let v = view(&mut e.to, &mid).await;
    let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));
    let secret = a[3].clone();

    let before = public_texts(&app, &mut e, &tb, &mid, &rid).await;
    let seq = e.to.snapshot(&e.tid).await.unwrap().ok().unwrap()["seq"].as_i64().unwrap();
    let session_b = e.captain_of(&tb).session().map(str::to_string);
    let url = format!("{}/ws/tournaments/{}?since={seq}", app.base.replacen("http", "ws", 1), e.tid);
    let mut socket_b = WsClient::connect_as(&url, session_b.as_deref()).await.unwrap();
    let mut socket_anon = WsClient::connect(&url).await.unwrap();

    let locked = post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": defender(&secret) })).await.ok().unwrap();
    assert_eq!(locked["state"]["sealed_a"], defender(&secret), "captain A sees their own lock");

    // B's socket and an anonymous one: the frames after the lock never name the defender.
    let (frames_b, got) = socket_b.until(Duration::from_secs(10), |f| f.to_string().contains("process_changed")).await;
    assert!(got, "B's socket hears that the process changed: {frames_b:?}");
    let (frames_anon, _) =
        socket_anon.until(Duration::from_secs(10), |f| f.to_string().contains("process_changed")).await;
    for f in frames_b.iter().chain(&frames_anon).chain(&socket_b.collect(Duration::from_millis(500)).await) {
        assert!(!f.to_string().contains(&secret), "a frame names the sealed defender: {f}");
    }
    // Every route B or anyone reads: the defender's id as often as before the lock (in the pools and rosters only).
    let after = public_texts(&app, &mut e, &tb, &mid, &rid).await;
    for ((path, was), (_, now)) in before.iter().zip(&after) {
        assert_eq!(was.matches(&secret).count(), now.matches(&secret).count(), "{path} shows the sealed defender");
    }
    let events = e.to.events(&e.tid, &format!("?since={seq}")).await.unwrap().ok().unwrap();
    assert!(!events.to_string().contains(&secret), "the stored events name the sealed defender");
    let as_b = view(e.captain_of(&tb), &mid).await;
    assert_eq!(as_b["state"]["locked_a"], true);
    assert!(as_b["state"]["sealed_a"].is_null());
    assert!(as_b["state"]["defender_a"].is_null());
    let public = view(&mut app.client(), &mid).await;
    assert!(public["state"]["sealed_a"].is_null() && public["viewer"] == "public");

    // A locks again: refused, the lock stands. The captain cannot undo; B cannot lock for A.
    let again = post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": defender(&a[0]) })).await;
    assert_eq!((again.status.as_u16(), again.code()), (409, "choice_locked"));
    let undo = e.captain_of(&ta).post_empty(&format!("/api/matches/{mid}/process/undo")).await.unwrap();
    assert_eq!(undo.status.as_u16(), 403);
    let for_a = post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": defender(&a[0]), "side": "a" })).await;
    assert_eq!((for_a.status.as_u16(), for_a.code()), (403, "not_captain"));

    // B locks: both are revealed to both.
    post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": defender(&b[2]) })).await.ok().unwrap();
    for side in [&ta, &tb] {
        let v = view(e.captain_of(side), &mid).await;
        assert_eq!((s(&v["state"], "defender_a"), s(&v["state"], "defender_b")), (secret.as_str(), b[2].as_str()));
        assert_eq!(v["state"]["phase"], "attackers");
    }

    // The timer runs out with only B locked: the TO decides for A.
    post(e.captain_of(&tb), &mid, "lock", &json!({ "choice": attackers(&b[0], &b[1]) })).await.ok().unwrap();
    let v = view(&mut e.to, &mid).await;
    assert!(v["deadline"].as_i64().unwrap() >= v["step_started_at"].as_i64().unwrap() + 180_000);
    let refused = post(e.captain_of(&ta), &mid, "expire", &json!({ "a": attackers(&a[0], &a[1]) })).await;
    assert_eq!(refused.status.as_u16(), 403);
    let expired = post(&mut e.to, &mid, "expire", &json!({ "a": attackers(&a[0], &a[1]) })).await.ok().unwrap();
    assert_eq!(expired["state"]["phase"], "choices");
    assert_eq!(expired["state"]["attackers_a"], json!([a[0], a[1]]));
    // The TO undoes it: back to the attackers step, nothing locked.
    let undone = e.to.post_empty(&format!("/api/matches/{mid}/process/undo")).await.unwrap().ok().unwrap();
    assert_eq!(undone["state"]["phase"], "attackers");
    assert_eq!(
        (undone["state"]["locked_a"].clone(), undone["state"]["locked_b"].clone()),
        (json!(false), json!(false))
    );
    app.stop().await;
}

#[actix_web::test]
async fn a_sealed_choice_reaches_no_one_before_the_reveal_sqlite() {
    sealed_reveal(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_sealed_choice_reaches_no_one_before_the_reveal_postgres() {
    sealed_reveal(Backend::Postgres).await;
}

async fn sixteen_locks(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 2).await;
    let (_, m, _) = pair_next(&mut e).await;
    let mid = s(&m[0], "id").to_string();
    let ta = s(&m[0]["player1"], "id").to_string();
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
    let a = roster(&view(&mut e.to, &mid).await, "team_a");
    let captain = e.captain_of(&ta);
    let replies = join_all((0..16).map(|i| {
        let mut c = captain.clone_to(&app.base);
        let body = json!({ "choice": defender(&a[i % 5]) });
        let path = format!("/api/matches/{mid}/process/lock");
        async move { c.post(&path, &body).await.unwrap() }
    }))
    .await;
    let accepted: Vec<&Reply> = replies.iter().filter(|r| r.status.is_success()).collect();
    assert_eq!(accepted.len(), 1, "exactly one lock is taken");
    for r in replies.iter().filter(|r| !r.status.is_success()) {
        assert_eq!((r.status.as_u16(), r.code()), (409, "choice_locked"), "{:?}", r.body);
        assert!(s(&r.body, "message").contains("already locked"));
    }
    let v = view(&mut e.to, &mid).await;
    assert_eq!(v["state"]["sealed_a"], accepted[0].body["state"]["sealed_a"]);
    assert_eq!(v["step"], 2, "the roll-off and one lock are logged");
    app.stop().await;
}

#[actix_web::test]
async fn sixteen_simultaneous_locks_take_one_sqlite() {
    sixteen_locks(Backend::Sqlite).await;
}

#[actix_web::test]
async fn sixteen_simultaneous_locks_take_one_postgres() {
    sixteen_locks(Backend::Postgres).await;
}
