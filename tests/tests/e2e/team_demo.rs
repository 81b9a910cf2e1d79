//! `arbiter demo --format teams` (issue 25, point 7) against a running
//! server, on SQLite and PostgreSQL: the real binary plays its 8-team × 5
//! 40K team event to the end, and the event it leaves is checked over the
//! API against what the rules make of any such event: 8 teams of 5 linked
//! to the printed accounts, 3 rounds of 4 matches with no rematch, each
//! match's process run to its end by the roll-off and the two captains'
//! ten locks (11 actions), each match's 5 games confirmed with every member
//! playing once a round, and each match's score the WTC split of 5 games
//! (20 points a game: 100 a match).

use arbiter_server::client::ApiClient;
use arbiter_tests::process::{arbiter_binary, ServerProcess};
use arbiter_tests::{s, Backend};
use std::collections::{HashMap, HashSet};
use std::process::Command;

async fn demo_plays_to_the_end(backend: Backend) {
    let (url, _dir) = backend.fresh().await.unwrap();
    let server = ServerProcess::spawn(&url, None).await.unwrap();
    let base = server.base.clone();
    let out = actix_web::rt::task::spawn_blocking(move || {
        Command::new(arbiter_binary().unwrap())
            .args(["demo", "--format", "teams", "--url", &base, "--pause-ms", "0", "--exit"])
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    for printed in ["to@demo.arbiter", "alice.north@demo.arbiter", "eve.mid@demo.arbiter", "/board", "/standings"] {
        assert!(text.contains(printed), "the demo prints {printed}: {text}");
    }

    let mut to = ApiClient::new(&server.base);
    to.sign_in("to@demo.arbiter", "demo tournament day").await.unwrap();
    let mine = to.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    let tid = s(&mine["tournaments"][0], "id").to_string();
    let t = to.get(&format!("/api/tournaments/{tid}")).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["status"], "COMPLETE", "{}", t["tournament"]);

    // 8 teams of 5, each captained by its first player, every member an account.
    let teams = to.get(&format!("/api/tournaments/{tid}/teams")).await.unwrap().ok().unwrap();
    let teams = teams["teams"].as_array().unwrap().clone();
    assert_eq!(teams.len(), 8);
    let mut team_of: HashMap<String, String> = HashMap::new();
    for team in &teams {
        let members = team["members"].as_array().unwrap();
        assert_eq!(members.len(), 5, "{team}");
        assert_eq!(team["captain_id"], members[0]["user_id"], "the first player captains {team}");
        let factions: HashSet<&str> = members.iter().map(|m| s(m, "faction")).collect();
        assert_eq!(factions.len(), 5, "no faction twice in {team}");
        for m in members {
            assert!(m["user_id"].is_string(), "{m}");
            team_of.insert(s(m, "player_id").to_string(), s(team, "id").to_string());
        }
    }

    let rounds = to.get(&format!("/api/tournaments/{tid}/rounds")).await.unwrap().ok().unwrap();
    let rounds = rounds["rounds"].as_array().unwrap().clone();
    assert_eq!(rounds.len(), 3);
    let mut met = HashSet::new();
    let mut overridden = 0;
    let mut anon = ApiClient::new(&server.base);
    for r in &rounds {
        let round = to.get(&format!("/api/rounds/{}", s(r, "id"))).await.unwrap().ok().unwrap();
        let matches = round["round"]["pairings"].as_array().unwrap();
        assert_eq!(matches.len(), 4, "{round}");
        let mut played = HashSet::new();
        for m in matches {
            let (a, b) = (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string());
            assert!(met.insert((a.clone().min(b.clone()), a.clone().max(b.clone()))), "a rematch: {m}");
            let v = anon.get(&format!("/api/matches/{}/process", s(m, "id"))).await.unwrap().ok().unwrap();
            assert_eq!(v["state"]["phase"], "done", "{v}");
            assert_eq!(v["step"], 11, "the roll-off and ten locks: {v}");
            assert!(v["state"]["roll_off_winner"].is_string(), "{v}");
            let games = v["games"].as_array().unwrap();
            assert_eq!(games.len(), 5);
            for g in games {
                assert_eq!(g["state"], "CONFIRMED", "{g}");
                overridden += usize::from(g["to_override"] == true);
                let (p1, p2) = (s(&g["player1"], "id").to_string(), s(&g["player2"], "id").to_string());
                assert_eq!((&team_of[&p1], &team_of[&p2]), (&a, &b), "board of the match's own teams: {g}");
                assert!(played.insert(p1) && played.insert(p2), "a member plays once a round");
            }
            let (va, vb) = (m["player1_vp"].as_u64().unwrap(), m["player2_vp"].as_u64().unwrap());
            assert_eq!(va + vb, 100, "five games of 20 points: {m}");
            assert!(m["result"].is_string(), "{m}");
        }
        assert_eq!(played.len(), 40);
    }
    assert_eq!(overridden, 3, "one dispute a round, settled by the TO");

    let st = to.get(&format!("/api/tournaments/{tid}/standings")).await.unwrap().ok().unwrap();
    let rows = st["players"].as_array().unwrap();
    assert_eq!(rows.len(), 8, "the team rows are ranked: {st}");
    let sum = |k: &str| rows.iter().map(|r| r[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("wins"), sum("losses"));
    assert_eq!(sum("wins") + sum("losses") + sum("draws"), 8 * 3);
}

#[actix_web::test]
async fn the_team_demo_plays_a_whole_event_sqlite() {
    demo_plays_to_the_end(Backend::Sqlite).await;
}

#[actix_web::test]
async fn the_team_demo_plays_a_whole_event_postgres() {
    demo_plays_to_the_end(Backend::Postgres).await;
}
