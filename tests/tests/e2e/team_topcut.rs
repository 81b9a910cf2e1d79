//! The top cut and prizes of team events (issue 25, point 6), over HTTP on
//! SQLite and PostgreSQL.
//!
//! **40K.** Six teams of five are registered by their captains, play two
//! Swiss rounds with the captains' process in every match, and the four best
//! teams by the team standings make a cut of 4 (sixteen requests pair the
//! semifinals at once: one does). Every bracket match opens its
//! captains' process (the higher seed is team A) and its games are reported
//! and confirmed as in the Swiss. Semifinal 1 (1 v 4) is won 57–43 by seed
//! 1; semifinal 2 (2 v 3) is 50–50, level by the WTC threshold: it is
//! DISPUTED, the round cannot close, and the TO records the tiebreaker's
//! winner (seed 3), as for any level playoff game. The final (1 v 3) is won
//! 60–40 by seed 3, the champion. Prizes: a team category (300 / 100 to the
//! team rows) and "best player" by game points over every game of the
//! event, the top cut's included (50 to a player; a "best player of the
//! Swiss" ranked by `swiss_game_points` leaves the top cut out): what the
//! run allocates, the published list and the prize page all say the same.
//!
//! **Chess.** The hand-worked Olympiad Swiss of `chess_teams` (final order
//! F, B, A, E, D, C) with a cut of 4: F v E and B v A. F wins 3½–½; B–A is
//! 2–2 and B (the first team: White on board 1) wins it on the Berlin
//! tie-break, 5½–4½ (board 1 drawn, B wins board 2 (3), A board 3 (2),
//! board 4 drawn). The final F–B is 2–2 and 5–5 on Berlin points (F wins
//! boards 1 and 4, B boards 2 and 3): DISPUTED until the TO records the
//! decider's winner, F.

use super::captains::{pair_next, play, run_process, teams, Teams, LOSS_40_60, WIN_57_43};
use super::chess_teams::{played_swiss, result};
use super::prize_list::{list_and_payouts, payouts};
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Every game 50–50: 10–10 on the WTC table, a 50–50 match.
const LEVEL: [(u32, u32); 5] = [(50, 50); 5];

/// The WTC conversion of the VP used here (the captains' test's worked figures).
fn converted(vp: (u32, u32)) -> (u64, u64) {
    match vp {
        (60, 40) => (14, 6),
        (50, 50) | (70, 70) => (10, 10),
        (40, 90) => (2, 18),
        (75, 70) => (11, 9),
        (100, 30) => (20, 0),
        (40, 60) => (6, 14),
        (55, 45) => (12, 8),
        (30, 62) => (3, 17),
        (45, 50) => (9, 11),
        other => panic!("no worked conversion for {other:?}"),
    }
}

/// Plays match `m`'s process and games with `vp`; adds each member's game
/// points to `points` when given.
async fn match_played(e: &mut Teams, m: &Value, vp: [(u32, u32); 5], points: Option<&mut HashMap<String, u64>>) {
    let v = run_process(e, m).await;
    play(e, &v, vp).await;
    if let Some(points) = points {
        for (g, pair) in v["games"].as_array().unwrap().iter().zip(vp) {
            let (a, b) = converted(pair);
            *points.entry(s(&g["player1"], "id").to_string()).or_default() += a;
            *points.entry(s(&g["player2"], "id").to_string()).or_default() += b;
        }
    }
}

fn ids(m: &Value) -> (String, String) {
    (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string())
}

fn refused(r: &arbiter_server::client::Reply, status: u16, code: &str) {
    assert_eq!((r.status.as_u16(), r.code()), (status, code), "{}", r.body);
}

async fn wh40k_top_cut(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 6).await;
    let tid = e.tid.clone();
    let rule = "a roll-off between the two captains";
    e.to.set_playoffs(&tid, &json!({ "cut": 4, "tiebreak": rule })).await.unwrap().ok().unwrap();

    // Two Swiss rounds, each match through the captains' process.
    let mut points: HashMap<String, u64> = HashMap::new();
    for round in 0..2 {
        let (rid, matches, byes) = pair_next(&mut e).await;
        assert!(byes.is_empty());
        assert_eq!(matches.len(), 3);
        for (k, m) in matches.iter().enumerate() {
            let vp = [WIN_57_43, LOSS_40_60, LEVEL][(k + round) % 3];
            match_played(&mut e, m, vp, Some(&mut points)).await;
        }
        e.to.close_round(&rid).await.unwrap().ok().unwrap();
    }
    // The team standings: match wins, then game points.
    let st = e.to.standings(&tid).await.unwrap().ok().unwrap();
    let rows = st["players"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 6);
    let key = |r: &Value| (r["wins"].as_u64().unwrap(), r["vp_for"].as_u64().unwrap());
    assert!(rows.windows(2).all(|w| key(&w[0]) >= key(&w[1])), "{st}");
    let order: Vec<String> = rows.iter().map(|r| s(r, "player_id").to_string()).collect();
    let (team_ids, team_names) = (e.ids.clone(), e.names.clone());
    let name = |id: &str| team_names[team_ids.iter().position(|t| t == id).unwrap()].clone();

    // Semifinals: 1 v 4 and 2 v 3, the higher seed as team A. Sixteen
    // requests to pair them at once (the TO on several devices): one pairs
    // the round and opens its two processes, the others find it open.
    let mut clients: Vec<ApiClient> = (0..16).map(|_| e.to.clone_to(&app.base)).collect();
    let replies = join_all(clients.iter_mut().map(|c| {
        let tid = tid.clone();
        async move { c.pair_playoff_round(&tid).await.unwrap() }
    }))
    .await;
    let (paired, refused_at_once): (Vec<_>, Vec<_>) = replies.into_iter().partition(|r| r.status.is_success());
    assert_eq!(paired.len(), 1, "one request pairs the round");
    assert!(refused_at_once.iter().all(|r| (r.status.as_u16(), r.code()) == (409, "round_open")));
    let sf = paired[0].body.clone();
    let rounds = e.to.get(&format!("/api/tournaments/{tid}/rounds")).await.unwrap().ok().unwrap();
    assert_eq!(rounds["rounds"].as_array().map(Vec::len), Some(3), "{rounds}");
    assert_eq!(s(&sf["round"], "mission"), "Semifinals");
    let sf_rid = s(&sf["round"], "id").to_string();
    let semis = sf["round"]["pairings"].as_array().unwrap().clone();
    let pairs: Vec<(String, String)> = semis.iter().map(ids).collect();
    assert_eq!(pairs, [(order[0].clone(), order[3].clone()), (order[1].clone(), order[2].clone())]);
    let b = e.to.bracket(&tid).await.unwrap().ok().unwrap();
    let slot = &b["bracket"]["rounds"][0]["slots"][0];
    assert_eq!(
        (s(&slot["high"], "name"), s(&slot["low"], "name")),
        (name(&order[0]).as_str(), name(&order[3]).as_str())
    );
    // Every member's game points over the whole event, the top cut's games included.
    let swiss = points.clone();
    match_played(&mut e, &semis[0], WIN_57_43, Some(&mut points)).await;
    match_played(&mut e, &semis[1], LEVEL, Some(&mut points)).await;
    // 50–50 is level by the WTC threshold: the match awaits the TO's tiebreaker.
    let b = e.to.bracket(&tid).await.unwrap().ok().unwrap();
    let s0 = &b["bracket"]["rounds"][0]["slots"];
    assert_eq!((s0[0]["winner"].as_u64(), s0[0]["state"].as_str()), (Some(1), Some("CONFIRMED")), "{b}");
    assert_eq!((s0[1]["winner"].as_u64(), s0[1]["state"].as_str()), (None, Some("DISPUTED")), "{b}");
    refused(&e.to.close_round(&sf_rid).await.unwrap(), 409, "round_incomplete");
    let mid = s(&semis[1], "id").to_string();
    let r = e.to.override_result(&mid, &json!({ "player1_vp": 50, "player2_vp": 50 })).await.unwrap();
    refused(&r, 422, "winner_needed");
    assert!(s(&r.body, "message").contains(rule), "{}", r.body);
    let body = json!({ "player1_vp": 50, "player2_vp": 50, "winner": 2, "note": "roll-off won by seed 3" });
    e.to.override_result(&mid, &body).await.unwrap().ok().unwrap();
    e.to.close_round(&sf_rid).await.unwrap().ok().unwrap();

    // Final: seed 1 v seed 3; seed 3 wins 60–40.
    let f = e.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let fin = f["round"]["pairings"].as_array().unwrap().clone();
    assert_eq!(fin.iter().map(ids).collect::<Vec<_>>(), [(order[0].clone(), order[2].clone())]);
    match_played(&mut e, &fin[0], LOSS_40_60, Some(&mut points)).await;
    e.to.close_round(s(&f["round"], "id")).await.unwrap().ok().unwrap();
    let b = e.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!(b["bracket"]["finished"], true);
    assert_eq!(s(&b["bracket"]["champion"], "name"), name(&order[2]));
    let ranking = e.to.ranking(&tid).await.unwrap().ok().unwrap();
    let got: Vec<(u64, String)> = ranking["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x["place"].as_u64().unwrap(), s(x, "player_id").to_string()))
        .collect();
    let want: Vec<(u64, String)> =
        [(1, 2), (2, 0), (3, 1), (3, 3), (5, 4), (6, 5)].iter().map(|&(p, i)| (p, order[i].clone())).collect();
    assert_eq!(got, want);
    e.to.advance(&tid).await.unwrap().ok().unwrap();

    let leaders = |p: &HashMap<String, u64>, among: &dyn Fn(&str) -> bool| {
        let best = p.iter().filter(|(id, _)| among(id)).map(|(_, &x)| x).max().unwrap_or_default();
        let mut v: Vec<String> = p.iter().filter(|(id, &x)| among(id) && x == best).map(|(id, _)| id.clone()).collect();
        v.sort();
        v
    };
    let base = format!("/api/tournaments/{tid}/prizes");
    let winner_of =
        |run: &Value| run["entries"][0]["recipients"][0]["player_id"].as_str().unwrap_or_default().to_string();
    // The top cut's games count: only the finalists' players played 4 games
    // (2 Swiss, the semifinal, the final), so a best player "with at least 4
    // games" is one of them, the one with the most game points over all 4.
    let finalists: Vec<String> = [&order[0], &order[2]]
        .iter()
        .flat_map(|t| e.members[e.ids.iter().position(|x| x == *t).unwrap()].iter().map(|m| m.1.clone()))
        .collect();
    let finalist_best = json!({ "categories": [
        { "id": "fin", "name": "Best player with 4 games", "brochure_order": 1, "ranked_by": "game_points",
          "min_games": 4, "prizes": [{ "id": "fin-1", "place": 1, "cash": 5000 }] }
    ], "rules": { "cash_split": "none" } });
    e.to.send(Method::PUT, &format!("{base}/config"), Some(&finalist_best)).await.unwrap().ok().unwrap();
    let run = e.to.post(&format!("{base}/runs"), &json!({})).await.unwrap().ok().unwrap()["run"].clone();
    let w = winner_of(&run);
    assert!(leaders(&points, &|id| finalists.iter().any(|f| f == id)).contains(&w), "{w}: {points:?} / {run}");
    // A prize that says so counts the Swiss rounds only (`swiss_game_points`).
    let swiss_only = json!({ "categories": [
        { "id": "swiss", "name": "Best player of the Swiss", "brochure_order": 1, "ranked_by": "swiss_game_points",
          "prizes": [{ "id": "swiss-1", "place": 1, "cash": 5000 }] }
    ], "rules": { "cash_split": "none" } });
    e.to.send(Method::PUT, &format!("{base}/config"), Some(&swiss_only)).await.unwrap().ok().unwrap();
    let run = e.to.post(&format!("{base}/runs"), &json!({})).await.unwrap().ok().unwrap()["run"].clone();
    let w = winner_of(&run);
    assert!(leaders(&swiss, &|_| true).contains(&w), "{w} leads the Swiss: {swiss:?} / {run}");

    // Prizes: teams 300 / 100, best player by game points 50 (no split).
    let config = json!({ "categories": [
        { "id": "teams", "name": "Teams", "brochure_order": 1, "prizes": [
            { "id": "t1", "place": 1, "cash": 30000, "trophy": true }, { "id": "t2", "place": 2, "cash": 10000 } ] },
        { "id": "best", "name": "Best player", "brochure_order": 2, "ranked_by": "game_points",
          "prizes": [{ "id": "best-1", "place": 1, "cash": 5000 }] }
    ], "rules": { "cash_split": "none" } });
    e.to.send(Method::PUT, &format!("{base}/config"), Some(&config)).await.unwrap().ok().unwrap();
    let run = e.to.post(&format!("{base}/runs"), &json!({})).await.unwrap().ok().unwrap()["run"].clone();
    let paid = payouts(&run);
    assert_eq!(paid[..2], [(name(&order[2]), "300.00".to_string()), (name(&order[0]), "100.00".to_string())]);
    // The best player: the most game points over every game of the event,
    // the top cut's included (ties by the standings' order).
    let member_name = |id: &str| {
        let (t, k) = (0..e.members.len())
            .flat_map(|t| (0..5).map(move |k| (t, k)))
            .find(|&(t, k)| e.members[t][k].1 == id)
            .unwrap();
        format!("T{}P{}", t + 1, k + 1)
    };
    let best = points.values().max().copied().unwrap();
    let (who, amount) = paid[2].clone();
    assert_eq!(amount, "50.00");
    let theirs = points.iter().find(|(id, _)| member_name(id) == who).map(|(_, p)| *p);
    assert_eq!(theirs, Some(best), "{who} has the most game points ({best}): {points:?}");
    assert_eq!(paid.len(), 3, "{paid:?}");
    let winners: Vec<String> = run["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|x| x["recipients"].as_array().into_iter().flatten())
        .map(|r| s(r, "player_id").to_string())
        .collect();
    // The team prizes go to the team rows, the award to a player.
    assert!(winners[..2].iter().all(|w| e.ids.contains(w)), "{winners:?}");
    assert!(!e.ids.contains(&winners[2]), "{winners:?}");

    // Published: the list and the page say what the run allocated.
    let rid = s(&run, "id").to_string();
    e.to.post_empty(&format!("{base}/runs/{rid}/publish")).await.unwrap().ok().unwrap();
    let public = app.client().get(&base).await.unwrap().ok().unwrap()["prizes"].clone();
    assert_eq!(payouts(&public), paid);
    let (listed, paid_out) = list_and_payouts(&public);
    assert_eq!(listed, paid_out);
    let (status, page) = app.client().get_text(&format!("/t/{tid}/prizes")).await.unwrap();
    assert_eq!(status.as_u16(), 200);
    for (who, amount) in &paid {
        assert!(page.contains(who.as_str()) && page.contains(amount.as_str()), "the page names {who} and {amount}");
    }
    app.stop().await;
}

#[actix_web::test]
async fn a_40k_team_event_plays_to_a_top_cut_champion_and_prizes_sqlite() {
    wh40k_top_cut(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_40k_team_event_plays_to_a_top_cut_champion_and_prizes_postgres() {
    wh40k_top_cut(Backend::Postgres).await;
}

/// Reports board results on every board of the playoff match `m` (from
/// `/api/rounds/{id}/matches`) by the two captains: `winners` by board (a
/// team's letter, `=` a draw).
async fn boards_played(su: &mut super::chess_teams::Setup, m: &Value, winners: [char; 4]) {
    let team = |v: &Value| s(v, "name").chars().last().unwrap_or('?');
    let (first, second) = (team(&m["first"]), team(&m["second"]));
    for (i, bd) in m["boards"].as_array().unwrap().iter().enumerate() {
        // The first team (the higher seed) has White on odd boards.
        let (white, black) = if i % 2 == 0 { (first, second) } else { (second, first) };
        assert_eq!(su.members[s(&bd["white"], "id")].0, white, "{bd}");
        let pid = s(bd, "pairing_id");
        let score = json!({ "result": result(winners[i], white) });
        su.captains.get_mut(&white).unwrap().report(pid, &score).await.unwrap().ok().unwrap();
        su.captains.get_mut(&black).unwrap().confirm(pid).await.unwrap().ok().unwrap();
    }
}

async fn chess_top_cut(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut su, _) = played_swiss(&app).await;
    let tid = su.tid.clone();
    su.to.set_playoffs(&tid, &json!({ "cut": 4, "tiebreak": "an Armageddon game" })).await.unwrap().ok().unwrap();
    let letters = |v: &Value| -> Vec<(char, char)> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|m| (s(&m["first"], "name").chars().last().unwrap(), s(&m["second"], "name").chars().last().unwrap()))
            .collect()
    };

    // Semifinals: F (1) v E (4), B (2) v A (3).
    let sf = su.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&sf["round"], "id").to_string();
    let m = su.to.get(&format!("/api/rounds/{rid}/matches")).await.unwrap().ok().unwrap()["matches"].clone();
    assert_eq!(letters(&m), [('F', 'E'), ('B', 'A')]);
    boards_played(&mut su, &m[0], ['F', 'F', 'F', '=']).await;
    boards_played(&mut su, &m[1], ['=', 'B', 'A', '=']).await;
    let m = su.to.get(&format!("/api/rounds/{rid}/matches")).await.unwrap().ok().unwrap()["matches"].clone();
    // 2–2, and B wins on the Berlin tie-break.
    let gp = |k: &str| s(&m[1], k).parse::<f64>().unwrap();
    assert_eq!((gp("first_game_points"), gp("second_game_points")), (2.0, 2.0), "{}", m[1]);
    let b = su.to.bracket(&tid).await.unwrap().ok().unwrap();
    let slots = &b["bracket"]["rounds"][0]["slots"];
    assert_eq!((slots[0]["winner"].as_u64(), slots[1]["winner"].as_u64()), (Some(1), Some(2)), "{b}");
    assert_eq!(s(&slots[1]["high"], "name"), "Team B");
    su.to.close_round(&rid).await.unwrap().ok().unwrap();

    // Final: F v B, 2–2 and 5–5 on Berlin points: the TO records the decider.
    let f = su.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&f["round"], "id").to_string();
    let m = su.to.get(&format!("/api/rounds/{rid}/matches")).await.unwrap().ok().unwrap()["matches"].clone();
    assert_eq!(letters(&m), [('F', 'B')]);
    boards_played(&mut su, &m[0], ['F', 'B', 'B', 'F']).await;
    let b = su.to.bracket(&tid).await.unwrap().ok().unwrap();
    let last = b["bracket"]["rounds"].as_array().unwrap().last().unwrap()["slots"][0].clone();
    assert_eq!((last["winner"].as_u64(), last["state"].as_str()), (None, Some("DISPUTED")), "{b}");
    refused(&su.to.close_round(&rid).await.unwrap(), 409, "round_incomplete");
    let mid = s(&m[0], "id").to_string();
    let body = json!({ "result": "½-½", "winner": 1, "note": "F won the Armageddon game" });
    su.to.override_result(&mid, &body).await.unwrap().ok().unwrap();
    su.to.close_round(&rid).await.unwrap().ok().unwrap();
    let b = su.to.bracket(&tid).await.unwrap().ok().unwrap();
    assert_eq!((b["bracket"]["finished"].as_bool(), s(&b["bracket"]["champion"], "name")), (Some(true), "Team F"));
    let ranking = su.to.ranking(&tid).await.unwrap().ok().unwrap();
    let got: Vec<(u64, &str)> =
        ranking["ranking"].as_array().unwrap().iter().map(|x| (x["place"].as_u64().unwrap(), s(x, "name"))).collect();
    assert_eq!(got, [(1, "Team F"), (2, "Team B"), (3, "Team A"), (3, "Team E"), (5, "Team D"), (6, "Team C")]);
    // The Swiss standings are the Swiss's: the top cut leaves them as they were.
    let st = su.to.standings(&tid).await.unwrap().ok().unwrap();
    let names: Vec<&str> = st["players"].as_array().unwrap().iter().map(|r| s(r, "display_name")).collect();
    assert_eq!(names, ["Team F", "Team B", "Team A", "Team E", "Team D", "Team C"]);
    app.stop().await;
}

#[actix_web::test]
async fn a_chess_team_top_cut_goes_by_board_points_then_berlin_sqlite() {
    chess_top_cut(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_chess_team_top_cut_goes_by_board_points_then_berlin_postgres() {
    chess_top_cut(Backend::Postgres).await;
}
