//! Team events, registration (issue 25 point 1): an event created with team
//! rules (checked per format), teams registered by their captains (or the
//! organisers) with players linked by e-mail or as walk-ins claimed with a
//! claim code, the size and reserve rules, the no-faction-twice rule, who
//! may change a team, check-in, withdrawal, removal and lineups; and 16
//! registrations at once on SQLite and PostgreSQL.

use super::undo::{delete, put, refused};
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// A signed-up account: its client, id and e-mail.
pub(crate) async fn account(app: &TestApp, name: &str) -> (ApiClient, String, String) {
    let mut c = app.client();
    let email = format!(
        "{}-{}@test.arbiter",
        name.to_lowercase().replace(' ', "."),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    );
    let me = c.sign_up(&email, "a long password", name).await.unwrap();
    (c, s(&me["user"], "id").to_string(), email)
}

/// A team event of `game` with `teams` rules, opened for registration; its id.
pub(crate) async fn team_event(to: &mut ApiClient, game: &str, system: &str, rounds: u32, teams: Value) -> String {
    let body = json!({ "name": "Team Open", "event_date": "2026-05-17", "format": "Teams", "game": game,
        "pairing_system": system, "total_rounds": rounds, "teams": teams });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    let id = s(&t["tournament"], "id").to_string();
    to.advance(&id).await.unwrap().ok().unwrap();
    id
}

fn teams_path(tid: &str) -> String {
    format!("/api/tournaments/{tid}/teams")
}

/// A 40K player `name` playing `faction` (a walk-in).
fn walk_in(name: &str, faction: &str) -> Value {
    json!({ "name": name, "faction": faction })
}

/// Five walk-ins of distinct factions, names prefixed.
fn five(prefix: &str) -> Vec<Value> {
    ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"]
        .iter()
        .enumerate()
        .map(|(i, f)| walk_in(&format!("{prefix}{}", i + 1), f))
        .collect()
}

fn created(r: Reply) -> Value {
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    r.body["team"].clone()
}

#[actix_web::test]
async fn team_event_rules_are_checked_at_creation() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let base = |game: &str, teams: Value| json!({ "name": "T", "event_date": "2026-05-17", "format": "Teams", "game": game, "total_rounds": 3, "teams": teams });
    for (game, teams, field) in [
        ("wh40k", json!({ "format": "wh40k", "size": 6 }), "teams.size"),
        ("chess", json!({ "format": "wh40k", "size": 5 }), "teams.format"),
        ("chess", json!({ "format": "chess", "size": 11 }), "teams.size"),
        ("chess", json!({ "format": "chess", "size": 4, "ranking_boards": 5 }), "teams.ranking_boards"),
        ("crokinole", json!({ "format": "doubles", "size": 3 }), "teams.size"),
        ("crokinole", json!({ "format": "doubles", "size": 2, "reserves": 1 }), "teams.reserves"),
        ("wh40k", json!({ "format": "wh40k", "size": 5, "reserves": 6 }), "teams.reserves"),
        ("wh40k", json!({ "format": "wh40k", "size": 5, "step_seconds": 5 }), "teams.step_seconds"),
    ] {
        let r = to.create_tournament(&base(game, teams.clone())).await.unwrap();
        assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_field"), "{teams}: {}", r.body);
        assert_eq!(r.body["details"]["field"], json!(field), "{}", r.body);
        assert!(s(&r.body, "message").starts_with(field), "{}", r.body);
    }
    let r = to.create_tournament(&base("wh40k", json!({ "format": "squads", "size": 5 }))).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);
    // A good one: the rules are shown, defaults filled in (WTC conversion, 180 s steps, unique factions).
    let t = to.create_tournament(&base("wh40k", json!({ "format": "wh40k", "size": 8, "reserves": 2 }))).await.unwrap();
    let t = t.ok().unwrap();
    let got = to.tournament(s(&t["tournament"], "id")).await.unwrap().ok().unwrap();
    let rules = &got["tournament"]["teams"];
    assert_eq!(
        (rules["format"].clone(), rules["size"].clone(), rules["reserves"].clone()),
        (json!("wh40k"), json!(8), json!(2))
    );
    assert_eq!((rules["unique_factions"].clone(), rules["step_seconds"].clone()), (json!(true), json!(180)));
    // A singles event says so.
    let t = to
        .create_tournament(&json!({ "name": "S", "event_date": "2026-05-17", "format": "Open", "total_rounds": 3 }))
        .await
        .unwrap();
    assert_eq!(t.ok().unwrap()["tournament"]["teams"], Value::Null);
}

#[actix_web::test]
async fn registration_permissions_and_rules_sqlite() {
    registration(Backend::Sqlite).await;
}

#[actix_web::test]
async fn registration_permissions_and_rules_postgres() {
    registration(Backend::Postgres).await;
}

async fn registration(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let tid =
        team_event(&mut to, "wh40k", "swiss_record", 3, json!({ "format": "wh40k", "size": 5, "reserves": 1 })).await;
    let (mut cap_a, cap_a_id, _) = account(&app, "Captain A").await;
    let (mut cap_b, _, _) = account(&app, "Captain B").await;
    let (mut alice, alice_id, alice_mail) = account(&app, "Alice").await;
    let (mut stranger, _, _) = account(&app, "Stranger").await;

    // Team A: Alice by e-mail on board 1, four walk-ins, one reserve.
    let mut players = five("A");
    players[0] = json!({ "name": "Alice", "email": alice_mail, "faction": "Orks", "list_text": "Orks list" });
    let body = json!({ "name": "Alpha", "players": players, "reserves": [walk_in("A6", "Votann")] });
    let a = created(cap_a.post(&teams_path(&tid), &body).await.unwrap());
    let a_id = s(&a, "id").to_string();
    assert_eq!((a["captain_id"].clone(), a["registration_no"].clone()), (json!(cap_a_id), json!(1)));
    let members = a["members"].as_array().unwrap();
    assert_eq!(members.len(), 6);
    let seats: Vec<(u64, bool, &str)> =
        members.iter().map(|m| (m["seat"].as_u64().unwrap(), m["reserve"].as_bool().unwrap(), s(m, "name"))).collect();
    assert_eq!(
        seats,
        vec![
            (0, false, "Alice"),
            (1, false, "A2"),
            (2, false, "A3"),
            (3, false, "A4"),
            (4, false, "A5"),
            (5, true, "A6")
        ]
    );
    assert_eq!((members[0]["user_id"].clone(), members[0]["claimed"].clone()), (json!(alice_id), json!(true)));
    assert_eq!((members[1]["user_id"].clone(), members[1]["claimed"].clone()), (Value::Null, json!(false)));
    let a2 = s(&members[1], "player_id").to_string();
    let alice_row = s(&members[0], "player_id").to_string();

    // Refusals change nothing.
    let before = app.fingerprint().await.unwrap();
    // Four players, or a second reserve: the size rules.
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": &five("B")[..4] })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_team").await;
    assert!(s(&r.body, "message").contains("exactly 5 players"), "{}", r.body);
    let two = [walk_in("B6", "Votann"), walk_in("B7", "Drukhari")];
    let r =
        cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": five("B"), "reserves": two })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_team").await;
    assert!(s(&r.body, "message").contains("at most 1 reserve"), "{}", r.body);
    // A faction twice (case and spaces do not matter), a reserve's included: named in the refusal.
    let mut dup = five("B");
    dup[3] = walk_in("B4", " orks ");
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": dup })).await.unwrap();
    refused(&app, &before, &r, 409, "faction_taken").await;
    assert_eq!(
        s(&r.body, "message"),
        "Orks appears twice in Beta (B1 and B4): a faction is played at most once in a team."
    );
    let r = cap_b
        .post(
            &teams_path(&tid),
            &json!({ "name": "Beta", "players": five("B"), "reserves": [walk_in("B6", "Necrons")] }),
        )
        .await
        .unwrap();
    refused(&app, &before, &r, 409, "faction_taken").await;
    // A 40K player gives a faction; a name is taken; Alice plays for Alpha already; an unknown e-mail.
    let mut nofaction = five("B");
    nofaction[2] = json!({ "name": "B3" });
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": nofaction })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_team").await;
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": " alpha ", "players": five("B") })).await.unwrap();
    refused(&app, &before, &r, 409, "team_name_taken").await;
    let mut with_alice = five("B");
    with_alice[0] = json!({ "name": "Alice", "email": alice_mail, "faction": "Orks" });
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": with_alice })).await.unwrap();
    refused(&app, &before, &r, 409, "already_registered").await;
    let mut ghost = five("B");
    ghost[0] = json!({ "name": "Ghost", "email": "nobody@test.arbiter", "faction": "Orks" });
    let r = cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": ghost })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_team").await;
    // A captain captains one team; only the organisers name another captain.
    let r = cap_a.post(&teams_path(&tid), &json!({ "name": "Alpha II", "players": five("C") })).await.unwrap();
    refused(&app, &before, &r, 409, "already_registered").await;
    let r =
        cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "captain": null, "players": five("B") })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_staff").await;
    // Not a team event: teams are refused.
    let singles = to
        .create_tournament(&json!({ "name": "S", "event_date": "2026-05-17", "format": "Open", "total_rounds": 3 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let sid = s(&singles["tournament"], "id").to_string();
    to.advance(&sid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = cap_b.post(&teams_path(&sid), &json!({ "name": "Beta", "players": five("B") })).await.unwrap();
    refused(&app, &before, &r, 409, "not_team_event").await;

    // The organisers register a team they keep (no captain).
    let kept = created(
        to.post(&teams_path(&tid), &json!({ "name": "House", "captain": null, "players": five("H") })).await.unwrap(),
    );
    assert_eq!((kept["captain_id"].clone(), kept["registration_no"].clone()), (Value::Null, json!(2)));
    let b = created(cap_b.post(&teams_path(&tid), &json!({ "name": "Beta", "players": five("B") })).await.unwrap());
    let b_id = s(&b, "id").to_string();

    // Lists: the member, the captain or the organisers; not another team's captain, nor a stranger.
    let list = |m: &str| format!("/api/teams/{a_id}/members/{m}/list");
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut cap_b, &list(&a2), &json!({ "list_text": "sabotage" })).await;
    refused(&app, &before, &r, 403, "not_team_captain").await;
    let r = put(&mut stranger, &list(&a2), &json!({ "list_text": "sabotage" })).await;
    refused(&app, &before, &r, 403, "not_team_captain").await;
    // A faction change meets the rule too.
    let r = put(&mut cap_a, &list(&a2), &json!({ "list_text": "x", "faction": "Orks" })).await;
    refused(&app, &before, &r, 409, "faction_taken").await;
    let r = put(&mut cap_a, &list(&a2), &json!({ "list_text": "Necron list v2" })).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    let r = put(&mut alice, &list(&alice_row), &json!({ "list_text": "Orks list v2" })).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    // Lists are read by the captain and the organisers, not by others before the lock.
    let seen = cap_a.get(&format!("/api/teams/{a_id}")).await.unwrap().ok().unwrap();
    assert_eq!(seen["team"]["members"][1]["list_text"], json!("Necron list v2"));
    let seen = stranger.get(&format!("/api/teams/{a_id}")).await.unwrap().ok().unwrap();
    assert_eq!(
        (seen["team"]["members"][1]["list_text"].clone(), seen["team"]["members"][1]["has_list"].clone()),
        (Value::Null, json!(true))
    );

    // Claim codes: the captain issues one for a walk-in of their team, not of another team.
    let before = app.fingerprint().await.unwrap();
    let b2 = s(&b["members"][1], "player_id").to_string();
    let r = cap_a.post_empty(&format!("/api/players/{b2}/claim-code")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = cap_a.post_empty(&format!("/api/players/{a_id}/claim-code")).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_team").await;
    let code = cap_a.post_empty(&format!("/api/players/{a2}/claim-code")).await.unwrap().ok().unwrap();
    let (mut amy, amy_id, _) = account(&app, "Amy").await;
    amy.post_empty(&format!("/api/claims/{}", s(&code, "code"))).await.unwrap().ok().unwrap();
    let seen = to.get(&format!("/api/teams/{a_id}")).await.unwrap().ok().unwrap();
    assert_eq!(
        (seen["team"]["members"][1]["user_id"].clone(), seen["team"]["members"][1]["claimed"].clone()),
        (json!(amy_id), json!(true))
    );
    // Amy, now on Alpha, cannot be put on another team.
    let (mut cap_c, _, _) = account(&app, "Captain C").await;
    let amy_mail = amy.get("/api/auth/me").await.unwrap().body["user"]["email"].clone();
    let mut with_amy = five("C");
    with_amy[1] = json!({ "name": "Amy", "email": amy_mail, "faction": "Necrons" });
    let before = app.fingerprint().await.unwrap();
    let r = cap_c.post(&teams_path(&tid), &json!({ "name": "Gamma", "players": with_amy })).await.unwrap();
    refused(&app, &before, &r, 409, "already_registered").await;

    // Lineups: the captain or the organisers, one per board, from the roster.
    let lineup = format!("/api/teams/{a_id}/lineup");
    let ids: Vec<String> = a["members"].as_array().unwrap().iter().map(|m| s(m, "player_id").to_string()).collect();
    let r = put(&mut cap_b, &lineup, &json!({ "round": 1, "players": &ids[1..6] })).await;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_team_captain"), "{}", r.body);
    let r = put(&mut cap_a, &lineup, &json!({ "round": 1, "players": &ids[1..5] })).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_team"), "{}", r.body);
    let r = put(&mut cap_a, &lineup, &json!({ "round": 1, "players": [&ids[1], &ids[1], &ids[2], &ids[3], &ids[5]] }))
        .await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_team"), "{}", r.body);
    let r =
        put(&mut cap_a, &lineup, &json!({ "round": 1, "players": [&ids[0], &ids[2], &ids[3], &ids[4], &b_id] })).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_team"), "{}", r.body);
    let r = put(&mut cap_a, &lineup, &json!({ "round": 4, "players": &ids[1..6] })).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_round"), "{}", r.body);
    // Alice (board 1) sits out round 2: the reserve plays the bottom board, the others move up.
    let r = put(&mut cap_a, &lineup, &json!({ "round": 2, "players": [&ids[5], &ids[3], &ids[1], &ids[4], &ids[2]] }))
        .await;
    let got = r.ok().unwrap();
    let boards: Vec<&str> = got["lineup"]["boards"].as_array().unwrap().iter().map(|b| s(b, "name")).collect();
    assert_eq!(boards, vec!["A2", "A3", "A4", "A5", "A6"]);
    let r1 = cap_a.get(&format!("{lineup}?round=1")).await.unwrap().ok().unwrap();
    let boards: Vec<&str> = r1["lineup"]["boards"].as_array().unwrap().iter().map(|b| s(b, "name")).collect();
    assert_eq!((boards, r1["lineup"]["set"].clone()), (vec!["Alice", "A2", "A3", "A4", "A5"], json!(false)));
    let r2 = stranger.get(&format!("{lineup}?round=2")).await.unwrap().ok().unwrap();
    assert_eq!(r2["lineup"]["set"], json!(true));

    // The list of teams, in registration order.
    let all = stranger.get(&teams_path(&tid)).await.unwrap().ok().unwrap();
    let names: Vec<&str> = all["teams"].as_array().unwrap().iter().map(|t| s(t, "name")).collect();
    assert_eq!(names, vec!["Alpha", "House", "Beta"]);

    // Check-in: by the captain (or the staff), not by another captain; withdrawal; removal by the TO.
    to.advance(&tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = cap_b.post_empty(&format!("/api/teams/{a_id}/check-in")).await.unwrap();
    refused(&app, &before, &r, 403, "not_team_captain").await;
    let r = cap_a.post_empty(&format!("/api/teams/{a_id}/check-in")).await.unwrap().ok().unwrap();
    assert_eq!(r["team"]["checked_in"], json!(true));
    let kept_id = s(&kept, "id");
    to.post_empty(&format!("/api/teams/{kept_id}/check-in")).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = cap_a.post_empty(&format!("/api/teams/{b_id}/withdraw")).await.unwrap();
    refused(&app, &before, &r, 403, "not_team_captain").await;
    let r = delete(&mut cap_b, &format!("/api/teams/{b_id}")).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let w = cap_b.post_empty(&format!("/api/teams/{b_id}/withdraw")).await.unwrap().ok().unwrap();
    assert_eq!(w["team"]["dropped"], json!(true));
    let gone = delete(&mut to, &format!("/api/teams/{b_id}")).await.ok().unwrap();
    assert_eq!(gone["team"]["removed"], json!(true));
    let r = stranger.get(&format!("/api/teams/{b_id}")).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (404, "team_not_found"));
    let all = stranger.get(&teams_path(&tid)).await.unwrap().ok().unwrap();
    assert_eq!(all["teams"].as_array().unwrap().len(), 2);
    // Teams are the event's entrants: two registered now (Beta removed).
    let t = stranger.tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["player_count"], json!(2));
    let _ = alice;
    app.stop().await;
}

#[actix_web::test]
async fn sixteen_registrations_at_once_sqlite() {
    concurrent(Backend::Sqlite).await;
}

#[actix_web::test]
async fn sixteen_registrations_at_once_postgres() {
    concurrent(Backend::Postgres).await;
}

/// 16 captains register at once: 8 distinct teams, and 8 that collide two
/// by two (a name, or a player's account): each pair gives one team and
/// one refusal; registration numbers are 1…n without a gap or a repeat.
async fn concurrent(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let tid = team_event(&mut to, "chess", "dutch", 5, json!({ "format": "chess", "size": 4, "reserves": 1 })).await;
    let mut captains = Vec::new();
    for i in 0..16 {
        captains.push(account(&app, &format!("Captain {i}")).await.0);
    }
    let mut shared = Vec::new();
    for i in 0..2 {
        shared.push(account(&app, &format!("Shared {i}")).await.2);
    }
    let board = |name: String| json!({ "name": name, "rating": 1800 });
    let bodies: Vec<Value> = (0..16)
        .map(|i| {
            let name = match i {
                0..=7 => format!("Team {i}"),
                // 8–11: two teams named "Clash 0", two "Clash 1".
                8..=11 => format!("Clash {}", (i - 8) / 2),
                _ => format!("Team {i}"),
            };
            let mut players: Vec<Value> = (1..=4).map(|b| board(format!("P{i}.{b}"))).collect();
            if i >= 12 {
                // 12–15: two teams name Shared 0 on board 1, two Shared 1.
                players[0] = json!({ "name": "Shared", "email": shared[(i - 12) / 2], "rating": 2000 });
            }
            json!({ "name": name, "players": players })
        })
        .collect();
    let path = teams_path(&tid);
    let replies = join_all(captains.iter_mut().zip(&bodies).map(|(c, b)| c.post(&path, b))).await;
    let mut codes: Vec<(usize, u16, String)> = Vec::new();
    for (i, r) in replies.into_iter().enumerate() {
        let r = r.unwrap();
        codes.push((i, r.status.as_u16(), r.code().to_string()));
    }
    for (i, status, _) in &codes[..8] {
        assert_eq!(*status, 201, "team {i}");
    }
    for pair in [8usize, 10] {
        let got: Vec<(u16, &str)> = codes[pair..pair + 2].iter().map(|(_, st, c)| (*st, c.as_str())).collect();
        assert!(
            got.contains(&(201, "")) && got.contains(&(409, "team_name_taken")),
            "one of a clashing pair registers, the other is refused: {got:?}"
        );
    }
    for pair in [12usize, 14] {
        let got: Vec<(u16, &str)> = codes[pair..pair + 2].iter().map(|(_, st, c)| (*st, c.as_str())).collect();
        assert!(got.contains(&(201, "")) && got.contains(&(409, "already_registered")), "{got:?}");
    }
    let all = to.get(&path).await.unwrap().ok().unwrap();
    let teams = all["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 12);
    let mut numbers: Vec<u64> = teams.iter().map(|t| t["registration_no"].as_u64().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=12).collect::<Vec<u64>>());
    let mut names: Vec<&str> = teams.iter().map(|t| s(t, "name")).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 12, "no name twice");
    let shared_rows =
        teams.iter().flat_map(|t| t["members"].as_array().unwrap()).filter(|m| s(m, "name") == "Shared").count();
    assert_eq!(shared_rows, 2, "each shared account plays for one team");
    let members: usize = teams.iter().map(|t| t["members"].as_array().unwrap().len()).sum();
    assert_eq!(members, 48);
    app.stop().await;
}
