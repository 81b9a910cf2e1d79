//! A team event's live views (issue 25, point 5), on SQLite and PostgreSQL:
//! what the venue board's, the standings' and a player's frames say equals
//! what the API holds.
//!
//! - A chess team Swiss of four teams × four boards, round 1 paired: the
//!   board snapshot's team matches are the round's, its games are the
//!   round's boards (`GET /api/rounds/{id}/matches`: pairing id, board,
//!   match, players), a screen of table 1 gets match 1's games only; a
//!   board-1 player's phone shows their team, their team's match and their
//!   own game; a game's report and confirmation reach the board (named by
//!   its match and board) and the two players' phones; a match whose boards
//!   are all confirmed reaches the board and its players' phones; the
//!   standings window's rows then equal `GET …/standings`.
//! - The 40K team demo (8 teams × 5, one round with the captains' process):
//!   the board snapshot's games are each match's games as its process
//!   answers them (`GET /api/matches/{id}/process`).

use arbiter_server::client::ApiClient;
use arbiter_server::demo::{DemoArgs, DemoFormat};
use arbiter_tests::{s, Api, Backend, TestApp, WsClient};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

/// A chess team event, round 1 paired.
pub(crate) struct ChessTeams {
    /// The organiser.
    pub to: ApiClient,
    /// The tournament.
    pub tid: String,
    /// Round 1.
    pub rid: String,
    /// Team ids in registration order.
    pub teams: Vec<String>,
    /// Each team's captain (who reports for boards 2-4).
    pub captains: Vec<ApiClient>,
    /// Each team's board-1 player, who has an account and reports themselves.
    pub first_boards: Vec<ApiClient>,
    /// Each team's members' registration ids, board 1 first.
    pub members: Vec<Vec<String>>,
}

/// Club names with long words, as real ones have.
pub(crate) const CLUBS: [&str; 10] = [
    "Schachfreunde Oberhausen-Sterkrade",
    "Club d'Échecs de Montpellier",
    "Hastings & St Leonards",
    "Círculo de Ajedrez Ruy López",
    "Wiener Schachklub Hietzing",
    "Sporting Club Lisboa",
    "Mechanics' Institute",
    "Vasas SC Budapest",
    "Tromsø Sjakklubb",
    "Kraków Hetman",
];

/// Players' first names and surnames (some long), for realistic boards.
const FIRST: [&str; 12] = [
    "Alexandra",
    "Bartholomew",
    "Chidinma",
    "Dmitri",
    "Eleanor",
    "Guðrún",
    "Hiroshi",
    "Ingrid",
    "Jean-Baptiste",
    "Kwame",
    "Lucía",
    "Maximilian",
];
const LAST: [&str; 7] =
    ["Oberhauser", "Nakamura", "Papadopoulou", "Venkataraghavan", "Kowalczyk", "Fernández", "Lindqvist"];

/// The name of board `b` (0-based) of team `i`.
fn player_name(i: usize, b: usize, boards: usize) -> String {
    let k = i * boards + b;
    format!("{} {}", FIRST[k % FIRST.len()], LAST[(k / FIRST.len() + k) % LAST.len()])
}

/// A signed-up account: its client and e-mail.
async fn account(app: &TestApp, name: &str) -> (ApiClient, String) {
    let mut c = app.client();
    let email = format!(
        "{}-{}@test.arbiter",
        name.to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "."),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    );
    c.sign_up(&email, "a long password", name).await.unwrap();
    (c, email)
}

/// A chess team event of `n` teams × `boards` boards (board 1's player with
/// an account, the others walk-ins, rated), checked in and round 1 paired.
pub(crate) async fn chess_teams(app: &TestApp, n: usize, boards: u32) -> ChessTeams {
    chess_teams_over(app, n, boards, 5).await
}

/// As [`chess_teams`], over `rounds` Swiss rounds.
pub(crate) async fn chess_teams_over(app: &TestApp, n: usize, boards: u32, rounds: u32) -> ChessTeams {
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let body = json!({ "name": "Interclubs Live", "event_date": "2026-05-17", "format": "4 boards",
        "game": "chess", "pairing_system": "dutch", "total_rounds": rounds,
        "teams": { "format": "chess", "size": boards } });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let (mut teams, mut captains, mut first_boards, mut members) = (vec![], vec![], vec![], vec![]);
    for i in 0..n {
        let club = &if i < CLUBS.len() { CLUBS[i].to_string() } else { format!("{} II", CLUBS[i % CLUBS.len()]) };
        let (captain, _) = account(app, &format!("Captain {}", i + 1)).await;
        let first_name = player_name(i, 0, boards as usize);
        let (first, email) = account(app, &first_name).await;
        let players: Vec<_> = (0..boards)
            .map(|b| {
                let rating = 2400 - 40 * i as u32 - 10 * b;
                if b == 0 {
                    json!({ "name": first_name, "email": email, "rating": rating })
                } else {
                    json!({ "name": player_name(i, b as usize, boards as usize), "rating": rating })
                }
            })
            .collect();
        let mut captain = captain;
        let r = captain
            .post(&format!("/api/tournaments/{tid}/teams"), &json!({ "name": club, "players": players }))
            .await
            .unwrap();
        let team = r.ok().unwrap()["team"].clone();
        teams.push(s(&team, "id").to_string());
        members.push(team["members"].as_array().unwrap().iter().map(|m| s(m, "player_id").to_string()).collect());
        captains.push(captain);
        first_boards.push(first);
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for (c, id) in captains.iter_mut().zip(&teams) {
        c.post_empty(&format!("/api/teams/{id}/check-in")).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    to.pair_round(&rid).await.unwrap().ok().unwrap();
    ChessTeams { to, tid, rid, teams, captains, first_boards, members }
}

impl ChessTeams {
    /// The index of the team `member` plays for.
    pub(crate) fn team_of(&self, member: &str) -> usize {
        self.members.iter().position(|m| m.iter().any(|x| x == member)).unwrap()
    }

    /// Round 1's matches as the API answers them.
    pub(crate) async fn matches(&mut self) -> Vec<Value> {
        let m = self.to.get(&format!("/api/rounds/{}/matches", self.rid)).await.unwrap().ok().unwrap();
        m["matches"].as_array().unwrap().clone()
    }

    /// Reports `result` (White first) on board `board` of `m` and confirms
    /// it: board 1 by its players, the others by the teams' captains.
    pub(crate) async fn play(&mut self, m: &Value, board: usize, result: &str) {
        let bd = &m["boards"][board];
        let pid = s(bd, "pairing_id").to_string();
        let (w, b) = (self.team_of(s(&bd["white"], "id")), self.team_of(s(&bd["black"], "id")));
        let score = json!({ "result": result });
        let who = if board == 0 { &mut self.first_boards } else { &mut self.captains };
        who[w].report(&pid, &score).await.unwrap().ok().unwrap();
        who[b].confirm(&pid).await.unwrap().ok().unwrap();
    }
}

/// A live view's socket, past its snapshot (returned).
pub(crate) async fn view(app: &TestApp, tid: &str, query: &str, session: Option<&str>) -> (WsClient, Value) {
    let url = format!("{}/ws/tournaments/{tid}?{query}", app.base.replacen("http", "ws", 1));
    let mut ws = WsClient::connect_as(&url, session).await.unwrap();
    let snap = ws.next_json(WAIT).await.unwrap();
    assert_eq!(snap["type"], "snapshot", "{query}: {snap}");
    (ws, snap["data"].clone())
}

/// The frames up to the first whose kind is `kind` and that `pred` accepts (which must come).
async fn until_kind(ws: &mut WsClient, kind: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let (frames, seen) = ws.until(WAIT, |f| f["kind"] == kind && pred(&f["data"])).await;
    assert!(seen, "no {kind} frame among {:?}", frames.iter().map(|f| f["kind"].clone()).collect::<Vec<_>>());
    frames.last().cloned().unwrap_or_default()
}

/// (game id, match id, board, white's id, black's id) of every board of `matches`.
fn api_games(matches: &[Value]) -> Vec<(String, String, u64, String, String)> {
    let mut v: Vec<_> = matches
        .iter()
        .flat_map(|m| {
            m["boards"].as_array().unwrap().iter().map(|b| {
                (
                    s(b, "pairing_id").to_string(),
                    s(m, "id").to_string(),
                    b["board"].as_u64().unwrap(),
                    s(&b["white"], "id").to_string(),
                    s(&b["black"], "id").to_string(),
                )
            })
        })
        .collect();
    v.sort();
    v
}

/// The same of a board frame's games.
fn frame_games(games: &Value) -> Vec<(String, String, u64, String, String)> {
    let mut v: Vec<_> = games
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|g| {
            (
                s(g, "id").to_string(),
                s(g, "match_id").to_string(),
                g["board"].as_u64().unwrap(),
                s(&g["player1"], "id").to_string(),
                s(&g["player2"], "id").to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

async fn chess_team_frames_equal_the_api(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = chess_teams(&app, 4, 4).await;
    let tid = ev.tid.clone();
    let matches = ev.matches().await;
    assert_eq!(matches.len(), 2);

    let (mut standings, st0) = view(&app, &tid, "view=standings&offset=0&limit=50", None).await;
    let (mut board, snap) = view(&app, &tid, "view=board", None).await;
    let shown: Vec<&str> = snap["round"]["pairings"].as_array().unwrap().iter().map(|p| s(p, "id")).collect();
    let wanted: Vec<&str> = matches.iter().map(|m| s(m, "id")).collect();
    assert_eq!(shown, wanted, "the board's team matches are the round's");
    assert_eq!(frame_games(&snap["games"]), api_games(&matches), "the board's games are the round's boards");
    let teams = snap["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 4);
    for t in teams {
        let i = ev.teams.iter().position(|x| x == s(t, "id")).unwrap();
        let ids: Vec<&str> = t["members"].as_array().unwrap().iter().map(|m| s(m, "id")).collect();
        assert_eq!(ids, ev.members[i], "a team's players in board order");
    }
    // A screen of table 1: match 1 and its games only.
    let (mut first_table, snap1) = view(&app, &tid, "view=board&from=1&to=1", None).await;
    assert_eq!(frame_games(&snap1["games"]), api_games(&matches[..1]));

    // Board 1 of match 1: White's and Black's phones.
    let bd = matches[0]["boards"][0].clone();
    let (w, b) = (ev.team_of(s(&bd["white"], "id")), ev.team_of(s(&bd["black"], "id")));
    let (mut white, phone) = view(&app, &tid, "view=player", ev.first_boards[w].session()).await;
    assert_eq!(s(&phone["team"], "id"), ev.teams[w]);
    assert_eq!(s(&phone["team_match"], "id"), s(&matches[0], "id"), "the team's match");
    assert_eq!(s(&phone["pairing"], "id"), s(&bd, "pairing_id"), "the player's own game");
    assert_eq!(phone["pairing"]["board"], 1);
    assert_eq!(s(&phone["me"], "id"), ev.members[w][0]);
    let (mut black, _) = view(&app, &tid, "view=player", ev.first_boards[b].session()).await;
    // A board-1 player of match 2 sees nothing of match 1's game.
    let bd2 = &matches[1]["boards"][0];
    let other = ev.team_of(s(&bd2["white"], "id"));
    let (mut bystander, _) = view(&app, &tid, "view=player", ev.first_boards[other].session()).await;

    let game = s(&bd, "pairing_id").to_string();
    let m0 = matches[0].clone();
    ev.play(&m0, 0, "1-0").await;
    let is_game = |d: &Value| d["pairing"]["id"] == json!(game) && d["pairing"]["state"] == "CONFIRMED";
    for ws in [&mut board, &mut first_table, &mut white, &mut black] {
        let f = until_kind(ws, "result_confirmed", is_game).await;
        assert_eq!(f["data"]["pairing"]["match_id"], m0["id"], "{f}");
        assert_eq!(f["data"]["pairing"]["board"], 1);
    }
    for ws in [&mut bystander] {
        let got = ws.collect(Duration::from_millis(300)).await;
        assert!(got.iter().all(|f| f["data"]["pairing"]["id"] != json!(game)), "{got:?}");
    }

    // The match's other boards: the match is decided, on the board and both phones.
    for (k, r) in [(1, "½-½"), (2, "0-1"), (3, "1-0")] {
        ev.play(&m0, k, r).await;
    }
    let is_match = |d: &Value| d["pairing"]["id"] == m0["id"] && d["pairing"]["state"] == "CONFIRMED";
    for ws in [&mut board, &mut white, &mut black] {
        let f = until_kind(ws, "result_confirmed", is_match).await;
        assert!(f["data"]["pairing"]["match_id"].is_null(), "the team match itself: {f}");
    }
    let after = ev.matches().await;
    let (_, snap) = view(&app, &tid, "view=board", None).await;
    assert_eq!(frame_games(&snap["games"]), api_games(&after));
    let states: HashMap<&str, &str> =
        snap["games"].as_array().unwrap().iter().map(|g| (s(g, "id"), s(g, "state"))).collect();
    for m in &after {
        for bd in m["boards"].as_array().unwrap() {
            assert_eq!(states[s(bd, "pairing_id")], s(bd, "state"), "{bd}");
        }
    }

    // The standings window: its rows are the standings API's.
    let api = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    let want: Vec<(String, u64, String)> = api["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (s(r, "player_id").to_string(), r["rank"].as_u64().unwrap(), r["score"].to_string()))
        .collect();
    let rows = |w: &Value| -> Vec<(String, u64, String)> {
        w["rows"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|r| (s(r, "player_id").to_string(), r["rank"].as_u64().unwrap(), r["score"].to_string()))
            .collect()
    };
    // The window follows the results (recomputed at most once a second): its
    // latest rows, after the last result, are the API's.
    let mut got = rows(&st0["standings"]);
    let (frames, _) =
        standings.until(WAIT, |f| f["kind"] == "standings" && rows(&f["data"]["standings"]) == want).await;
    if let Some(f) = frames.iter().rev().find(|f| f["kind"] == "standings") {
        got = rows(&f["data"]["standings"]);
    }
    assert_eq!(got, want);
    let (_, st) = view(&app, &tid, "view=standings&offset=0&limit=50", None).await;
    assert_eq!(rows(&st["standings"]), want, "a new window's snapshot");
    let ids: HashSet<&String> = got.iter().map(|r| &r.0).collect();
    assert_eq!(ids, ev.teams.iter().collect(), "the team rows are ranked");
    app.stop().await;
}

#[actix_web::test]
async fn chess_team_board_phone_and_standings_frames_equal_the_api_on_sqlite() {
    chess_team_frames_equal_the_api(Backend::Sqlite).await;
}

#[actix_web::test]
async fn chess_team_board_phone_and_standings_frames_equal_the_api_on_postgres() {
    chess_team_frames_equal_the_api(Backend::Postgres).await;
}

/// Plays the 40K team demo (`rounds` rounds) against `app`.
pub(crate) async fn forty_k_demo(app: &TestApp, rounds: u32) {
    let args = DemoArgs {
        url: Some(app.base.clone()),
        bind: String::new(),
        database_url: String::new(),
        pause_ms: 0,
        players: 0,
        rounds: Some(rounds),
        seed: 40_000,
        exit: true,
        format: DemoFormat::Teams,
    };
    arbiter_server::demo::teams::play(&args, &app.base).await.unwrap();
}

/// The demo's event and its latest round's team matches.
pub(crate) async fn demo_event(app: &TestApp) -> (ApiClient, String, Vec<Value>) {
    let mut to = app.client();
    to.sign_in(arbiter_server::demo::TO_EMAIL, arbiter_server::demo::PASSWORD).await.unwrap();
    let mine = to.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    let tid = s(&mine["tournaments"][0], "id").to_string();
    let rounds = to.get(&format!("/api/tournaments/{tid}/rounds")).await.unwrap().ok().unwrap();
    let last = rounds["rounds"].as_array().unwrap().last().cloned().unwrap();
    let round = to.get(&format!("/api/rounds/{}", s(&last, "id"))).await.unwrap().ok().unwrap();
    (to, tid, round["round"]["pairings"].as_array().unwrap().clone())
}

async fn forty_k_board_shows_each_process_games(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    forty_k_demo(&app, 1).await;
    let (mut to, tid, matches) = demo_event(&app).await;
    assert_eq!(matches.len(), 4);
    let (_, snap) = view(&app, &tid, "view=board", None).await;
    let mut want = Vec::new();
    for m in &matches {
        let p = to.get(&format!("/api/matches/{}/process", s(m, "id"))).await.unwrap().ok().unwrap();
        for g in p["games"].as_array().unwrap() {
            let (id, state) = (s(g, "id").to_string(), s(g, "state").to_string());
            want.push((id, s(m, "id").to_string(), g["player1_vp"].clone(), g["player2_vp"].clone(), state));
        }
    }
    want.sort_by(|a, b| a.0.cmp(&b.0));
    let mut got: Vec<_> = snap["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let ids = (s(g, "id").to_string(), s(g, "match_id").to_string());
            (ids.0, ids.1, g["player1_vp"].clone(), g["player2_vp"].clone(), s(g, "state").to_string())
        })
        .collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(got.len(), 20, "4 matches × 5 games");
    assert_eq!(got, want);
    // Each match's score is the sum of its games' converted scores: 100 a match.
    for p in snap["round"]["pairings"].as_array().unwrap() {
        assert_eq!(p["player1_vp"].as_u64().unwrap() + p["player2_vp"].as_u64().unwrap(), 100, "{p}");
    }
    app.stop().await;
}

#[actix_web::test]
async fn forty_k_team_board_shows_each_process_games_on_sqlite() {
    forty_k_board_shows_each_process_games(Backend::Sqlite).await;
}

#[actix_web::test]
async fn forty_k_team_board_shows_each_process_games_on_postgres() {
    forty_k_board_shows_each_process_games(Backend::Postgres).await;
}
