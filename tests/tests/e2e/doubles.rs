//! Crokinole doubles (issue 25 point 4): a team of two is one entrant,
//! paired, scored and ranked exactly as a singles entrant, and both of its
//! players report, correct, confirm and dispute for it. Two events are run
//! side by side over HTTP, a doubles event of 6 teams and a singles event of
//! 6 players with the same names, registered in the same order, playing the
//! same games over 3 Swiss rounds: each round's tables must be the same, and
//! the final standings (order, points, 20s, tie reasons, every column) equal.

use super::teams::{account, team_event};
use super::undo::refused;
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, TestApp};
use serde_json::{json, Value};

const TEAMS: usize = 6;
const ROUNDS: u32 = 3;

/// The game between entrants `a` (player 1) and `b` in round `round`
/// (entrants numbered from 1): game points and 20s, a fixed function of
/// the three so both events play the same games.
fn game(a: usize, b: usize, round: u32) -> Value {
    const SPLITS: [(u32, u32); 5] = [(6, 2), (2, 6), (4, 4), (8, 0), (0, 8)];
    let k = a * 3 + b * 5 + round as usize;
    let (p1, p2) = SPLITS[k % SPLITS.len()];
    let t1 = u32::try_from((a * 7 + b * 3 + round as usize) % 10).unwrap();
    let t2 = u32::try_from((a * 2 + b * 9 + round as usize) % 10).unwrap();
    json!({ "player1_points": p1, "player2_points": p2, "player1_twenties": t1, "player2_twenties": t2 })
}

/// The number in "Pair N".
fn number(name: &str) -> usize {
    name.trim_start_matches("Pair ").parse().unwrap()
}

/// A round's tables: (pairing id, player 1's number, player 2's number), by table.
fn tables(published: &Value) -> Vec<(String, usize, usize)> {
    published["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (s(p, "id").to_string(), number(s(&p["player1"], "name")), number(s(&p["player2"], "name"))))
        .collect()
}

/// `v` without the ids and factions (which differ between the two events).
fn strip(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "id" | "player_id" | "user_id" | "faction"))
                .map(|(k, x)| (k.clone(), strip(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(strip).collect()),
        other => other.clone(),
    }
}

#[actix_web::test]
async fn doubles_rank_as_singles_sqlite() {
    doubles(Backend::Sqlite).await;
}

#[actix_web::test]
async fn doubles_rank_as_singles_postgres() {
    doubles(Backend::Postgres).await;
}

async fn doubles(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let dtid =
        team_event(&mut to, "crokinole", "swiss_record", ROUNDS, json!({ "format": "doubles", "size": 2 })).await;
    let body = json!({ "name": "Singles", "event_date": "2026-05-17", "format": "Open", "game": "crokinole",
        "pairing_system": "swiss_record", "total_rounds": ROUNDS });
    let stid = s(&to.create_tournament(&body).await.unwrap().ok().unwrap()["tournament"], "id").to_string();
    to.advance(&stid).await.unwrap().ok().unwrap();

    // Team i: its captain plays (member a), with a partner (member b); the
    // singles player i has the team's name.
    let mut members: Vec<[ApiClient; 2]> = Vec::new();
    let mut team_ids = Vec::new();
    let mut singles: Vec<ApiClient> = Vec::new();
    for i in 1..=TEAMS {
        let (mut captain, _, cap_mail) = account(&app, &format!("Captain {i}")).await;
        let (partner, _, partner_mail) = account(&app, &format!("Partner {i}")).await;
        let team = json!({ "name": format!("Pair {i}"), "players": [
            { "name": format!("P{i}a"), "email": cap_mail }, { "name": format!("P{i}b"), "email": partner_mail } ] });
        let r = captain.post(&format!("/api/tournaments/{dtid}/teams"), &team).await.unwrap();
        assert_eq!(r.status.as_u16(), 201, "{}", r.body);
        team_ids.push(s(&r.body["team"], "id").to_string());
        members.push([captain, partner]);
        let (mut single, _, _) = account(&app, &format!("Single {i}")).await;
        single
            .register_with(&stid, &json!({ "display_name": format!("Pair {i}"), "faction": "Club" }))
            .await
            .unwrap()
            .ok()
            .unwrap();
        singles.push(single);
    }
    to.advance(&dtid).await.unwrap().ok().unwrap();
    to.advance(&stid).await.unwrap().ok().unwrap();
    for (i, id) in team_ids.iter().enumerate() {
        members[i][0].post_empty(&format!("/api/teams/{id}/check-in")).await.unwrap().ok().unwrap();
        singles[i].check_in(&stid).await.unwrap().ok().unwrap();
    }
    to.advance(&dtid).await.unwrap().ok().unwrap();
    to.advance(&stid).await.unwrap().ok().unwrap();
    // The teams are the doubles event's entrants: 6, as the singles event's players.
    let t = to.tournament(&dtid).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["player_count"], json!(TEAMS));

    let (mut reported_by_a, mut reported_by_b) = (0, 0);
    // Each entrant's tournament points, added up here game by game: 2 for
    // a win (more game points), 1 for a draw (crokinole's standings).
    let mut points = [0u64; TEAMS + 1];
    for round in 1..=ROUNDS {
        let dr = to.new_round(&dtid).await.unwrap().ok().unwrap();
        let drid = s(&dr["round"], "id").to_string();
        let dpub = to.pair_round(&drid).await.unwrap().ok().unwrap();
        let sr = to.new_round(&stid).await.unwrap().ok().unwrap();
        let srid = s(&sr["round"], "id").to_string();
        let spub = to.pair_round(&srid).await.unwrap().ok().unwrap();
        let (dt, st) = (tables(&dpub), tables(&spub));
        let names = |t: &[(String, usize, usize)]| t.iter().map(|(_, a, b)| (*a, *b)).collect::<Vec<_>>();
        assert_eq!(names(&dt), names(&st), "round {round}: the doubles event is paired as the singles event");
        assert_eq!(dt.len(), TEAMS / 2);

        for (k, (pid, a, b)) in dt.iter().enumerate() {
            let score = game(*a, *b, round);
            let (pa, pb) = (score["player1_points"].as_u64().unwrap(), score["player2_points"].as_u64().unwrap());
            points[*a] += match pa.cmp(&pb) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            points[*b] += match pb.cmp(&pa) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            // Member a of player 1's team reports at even tables, member b at odd ones;
            // the other member of player 2's team confirms.
            let side = (k + round as usize) % 2;
            if round == 1 && k == 0 {
                // A wrong score, corrected by the teammate; the reporter's own
                // team cannot confirm it; a player of another table cannot either.
                let wrong =
                    json!({ "player1_points": 1, "player2_points": 1, "player1_twenties": 0, "player2_twenties": 0 });
                members[a - 1][side].report(pid, &wrong).await.unwrap().ok().unwrap();
                let r = members[a - 1][1 - side]
                    .send(awc::http::Method::PUT, &format!("/api/pairings/{pid}/report"), Some(&score))
                    .await
                    .unwrap();
                assert_eq!(r.status.as_u16(), 200, "the teammate corrects the team's report: {}", r.body);
                let before = app.fingerprint().await.unwrap();
                let r = members[a - 1][side].confirm(pid).await.unwrap();
                refused(&app, &before, &r, 403, "own_report").await;
                let r = members[a - 1][1 - side].confirm(pid).await.unwrap();
                refused(&app, &before, &r, 403, "own_report").await;
                let other = dt[1].1;
                let r = members[other - 1][0].confirm(pid).await.unwrap();
                refused(&app, &before, &r, 403, "not_your_table").await;
                // Player 2's team disputes, withdraws the dispute (its other member), then confirms.
                members[b - 1][side].dispute(pid, &json!({})).await.unwrap().ok().unwrap();
                let r = members[a - 1][1 - side]
                    .send(awc::http::Method::DELETE, &format!("/api/pairings/{pid}/dispute"), None)
                    .await
                    .unwrap();
                assert_eq!((r.status.as_u16(), r.code()), (403, "not_your_dispute"), "{}", r.body);
                members[b - 1][1 - side]
                    .send(awc::http::Method::DELETE, &format!("/api/pairings/{pid}/dispute"), None)
                    .await
                    .unwrap()
                    .ok()
                    .unwrap();
            } else {
                members[a - 1][side].report(pid, &score).await.unwrap().ok().unwrap();
            }
            if side == 0 {
                reported_by_a += 1;
            } else {
                reported_by_b += 1;
            }
            let confirmed = members[b - 1][1 - side].confirm(pid).await.unwrap().ok().unwrap();
            assert_eq!(confirmed["pairing"]["state"], json!("CONFIRMED"), "{confirmed}");
        }
        for (pid, a, b) in &st {
            singles[a - 1].report(pid, &game(*a, *b, round)).await.unwrap().ok().unwrap();
            singles[b - 1].confirm(pid).await.unwrap().ok().unwrap();
        }
        to.close_round(&drid).await.unwrap().ok().unwrap();
        to.close_round(&srid).await.unwrap().ok().unwrap();
    }
    assert!(reported_by_a > 0 && reported_by_b > 0, "both members of the teams reported");

    let d = to.standings(&dtid).await.unwrap().ok().unwrap();
    let sgl = to.standings(&stid).await.unwrap().ok().unwrap();
    let rows = |v: &Value| v["players"].as_array().unwrap().iter().map(strip).collect::<Vec<_>>();
    let (drows, srows) = (rows(&d), rows(&sgl));
    assert_eq!(drows.len(), TEAMS);
    assert_eq!(drows, srows, "the doubles standings are the singles standings");
    // Each line's points are those added up above.
    for row in &drows {
        assert_eq!(s(row, "score"), points[number(s(row, "display_name"))].to_string(), "{row}");
    }
    app.stop().await;
}
