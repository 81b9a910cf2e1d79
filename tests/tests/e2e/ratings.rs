//! Elo ratings over HTTP: a round is rated once however many close requests
//! race; every close rates its round at once; an override in a closed round
//! re-rates every later round across events; the rebuild lands on the live
//! numbers.

use arbiter_engine::model::Outcome;
use arbiter_engine::rating::elo::{rate_round, RatedGame, Rating};
use arbiter_server::client::ApiClient;
use arbiter_server::ratings_cli::describe;
use arbiter_server::service::ratings::{rebuild, GameRebuild};
use arbiter_server::store::Store;
use arbiter_tests::{open_tournament, register, s, Api, Backend, TestApp};
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

const PASSWORD: &str = "a long password";

struct Player {
    name: String,
    user: String,
    client: ApiClient,
}

async fn players(app: &TestApp, names: &[&str]) -> anyhow::Result<Vec<Player>> {
    let mut out = Vec::new();
    for name in names {
        let (client, user) = app.user(name).await?;
        out.push(Player { name: (*name).to_string(), user, client });
    }
    Ok(out)
}

fn client_of<'a>(players: &'a mut [Player], user: &str) -> anyhow::Result<&'a mut ApiClient> {
    players
        .iter_mut()
        .find(|p| p.user == user)
        .map(|p| &mut p.client)
        .ok_or_else(|| anyhow::anyhow!("no player {user}"))
}

/// An organiser signed in twice (two sessions, as from two devices).
async fn organiser(app: &TestApp) -> anyhow::Result<(ApiClient, ApiClient)> {
    let email = format!("to-{}@test.arbiter", uuid::Uuid::new_v4().simple());
    let mut first = app.client();
    first.sign_up(&email, PASSWORD, "The TO").await?;
    let mut second = app.client();
    second.post("/api/auth/login", &json!({ "email": email, "password": PASSWORD })).await?.ok()?;
    Ok((first, second))
}

/// Opens an event, registers and checks in `players`, and starts it.
async fn start_event(to: &mut ApiClient, name: &str, rounds: u32, players: &mut [Player]) -> anyhow::Result<String> {
    let id = open_tournament(to, name, rounds).await?;
    for p in players.iter_mut() {
        register(&mut p.client, &id, &p.name, "Necrons").await?;
    }
    to.advance(&id).await?.ok()?;
    for p in players.iter_mut() {
        p.client.check_in(&id).await?.ok()?;
    }
    to.advance(&id).await?.ok()?;
    Ok(id)
}

/// VP at a table: a win for player 1, a win for player 2, or a draw.
fn score(round: u32, table: u64) -> (u32, u32) {
    match (u64::from(round) + table) % 3 {
        0 => (62, 41),
        1 => (38, 70),
        _ => (55, 55),
    }
}

/// Creates and pairs the next round, then reports and confirms every table
/// with `score`. Returns the round id (the round is left open).
async fn play_round(
    to: &mut ApiClient,
    players: &mut [Player],
    tournament: &str,
    number: u32,
) -> anyhow::Result<String> {
    let round = to.post(&format!("/api/tournaments/{tournament}/rounds"), &json!({})).await?.ok()?;
    let id = s(&round["round"], "id").to_string();
    let published = to.pair_round(&id).await?.ok()?;
    for p in published["round"]["pairings"].as_array().cloned().unwrap_or_default() {
        if p["player2"].is_null() {
            continue;
        }
        let (vp1, vp2) = score(number, p["table"].as_u64().unwrap_or(0));
        let pid = s(&p, "id");
        client_of(players, s(&p["player1"], "user_id"))?.report_vp(pid, vp1, vp2).await?.ok()?;
        client_of(players, s(&p["player2"], "user_id"))?.confirm(pid).await?.ok()?;
    }
    Ok(id)
}

/// Ratings computed here with the engine's formula from the rounds as the
/// API shows them, taken in close order: each round from the ratings before
/// it, byes left out. Per account: the rating, and `(round, before, after)`
/// of each rated game.
type Expected = (HashMap<String, Rating>, HashMap<String, Vec<(String, i32, i32)>>);

fn expected(rounds: &[Value]) -> Expected {
    let mut ratings: HashMap<String, Rating> = HashMap::new();
    let mut history: HashMap<String, Vec<(String, i32, i32)>> = HashMap::new();
    for round in rounds {
        let mut games = Vec::new();
        for p in round["pairings"].as_array().into_iter().flatten() {
            let score_a = match s(p, "result") {
                "P1_WIN" => Outcome::Win,
                "P2_WIN" => Outcome::Loss,
                "DRAW" => Outcome::Draw,
                _ => continue,
            };
            games.push(RatedGame { a: s(&p["player1"], "user_id"), b: s(&p["player2"], "user_id"), score_a });
        }
        let before: HashMap<&str, Rating> =
            games.iter().flat_map(|g| [g.a, g.b]).filter_map(|u| Some((u, *ratings.get(u)?))).collect();
        let Ok(rated) = rate_round(&before, &games) else { panic!("a player twice in round {}", round["number"]) };
        for c in rated.changes {
            history.entry(c.player.to_string()).or_default().push((s(round, "id").to_string(), c.before, c.after));
        }
        ratings.extend(rated.ratings.into_iter().map(|(k, v)| (k.to_string(), v)));
    }
    (ratings, history)
}

/// Every listed account's ratings as the API answers them.
async fn live(client: &mut ApiClient, users: &[String]) -> anyhow::Result<Vec<Value>> {
    let mut out = Vec::new();
    for u in users {
        out.push(client.user_ratings(u).await?.ok()?);
    }
    Ok(out)
}

/// Checks the live ratings of `users` against [`expected`] over `rounds`.
async fn assert_live_matches(client: &mut ApiClient, users: &[String], rounds: &[Value]) -> anyhow::Result<()> {
    let (ratings, history) = expected(rounds);
    for (u, view) in users.iter().zip(live(client, users).await?) {
        let want = ratings.get(u).copied();
        let got = view["ratings"].as_array().and_then(|r| r.first()).cloned();
        match (want, got) {
            (None, None) => {}
            (Some(want), Some(got)) => {
                assert_eq!(got["game"], "wh40k");
                assert_eq!(
                    (got["rating"].as_i64(), got["games_played"].as_u64()),
                    (Some(i64::from(want.rating)), Some(u64::from(want.games))),
                    "{u}"
                );
                let rows: Vec<(String, i32, i32)> = got["history"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|h| {
                        (
                            s(h, "round_id").to_string(),
                            h["rating_before"].as_i64().unwrap_or(0) as i32,
                            h["rating_after"].as_i64().unwrap_or(0) as i32,
                        )
                    })
                    .collect();
                assert_eq!(Some(&rows), history.get(u), "history of {u}");
            }
            (want, got) => panic!("{u}: expected {want:?}, the API says {got:?}"),
        }
    }
    Ok(())
}

async fn round(client: &mut ApiClient, id: &str) -> anyhow::Result<Value> {
    Ok(client.round(id).await?.ok()?["round"].clone())
}

async fn events(client: &mut ApiClient, tournament: &str, kind: &str) -> anyhow::Result<Vec<Value>> {
    let all = client.events(tournament, "?since=0").await?.ok()?;
    Ok(all["events"].as_array().into_iter().flatten().filter(|e| e["kind"] == kind).cloned().collect())
}

async fn sql(url: &str, statements: &[&str]) -> anyhow::Result<Vec<i64>> {
    let db = Database::connect(url).await?;
    let backend = db.get_database_backend();
    let mut out = Vec::new();
    for q in statements {
        if q.starts_with("SELECT") {
            let row = db.query_one_raw(Statement::from_string(backend, *q)).await?;
            out.push(row.map(|r| r.try_get::<i64>("", "n")).transpose()?.unwrap_or(-1));
        } else {
            db.execute_raw(Statement::from_string(backend, *q)).await?;
        }
    }
    db.close().await?;
    Ok(out)
}

async fn rebuild_at(url: &str) -> anyhow::Result<Vec<GameRebuild>> {
    let store = Store::connect(url).await?;
    rebuild(&store).await.map_err(|e| anyhow::anyhow!("rebuild: {e}"))
}

/// Four new players, two tables: a 62–41 win and a 55–55 draw. Two close
/// requests race; one closes the round, the other is refused, and the round
/// is rated once: winner 1200 + 32·½ = 1216, loser 1184, the drawn pair
/// stay 1200, each with one rated game.
async fn concurrent_closes_rate_a_round_once(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, mut to_again) = organiser(&app).await?;
    let mut ps = players(&app, &["Ann", "Ben", "Cat", "Dan"]).await?;
    let t = start_event(&mut to, "Race GT", 3, &mut ps).await?;
    let round_id = {
        let r = to.post(&format!("/api/tournaments/{t}/rounds"), &json!({})).await?.ok()?;
        s(&r["round"], "id").to_string()
    };
    let published = to.pair_round(&round_id).await?.ok()?;
    let tables = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
    assert_eq!(tables.len(), 2);
    for (p, (vp1, vp2)) in tables.iter().zip([(62, 41), (55, 55)]) {
        let pid = s(p, "id");
        client_of(&mut ps, s(&p["player1"], "user_id"))?.report_vp(pid, vp1, vp2).await?.ok()?;
        client_of(&mut ps, s(&p["player2"], "user_id"))?.confirm(pid).await?.ok()?;
    }

    let mut ws = app.ws(&t, None).await?;
    assert_eq!(ws.next_json(Duration::from_secs(5)).await.map(|f| f["type"].clone()), Some(json!("snapshot")));
    let path = format!("/api/rounds/{round_id}/close");
    let (a, b) = tokio::join!(to.post_empty(&path), to_again.post_empty(&path));
    let (a, b) = (a?, b?);
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{:?} / {:?}", a.body, b.body);
    let refused = if a.status.as_u16() == 409 { &a } else { &b };
    assert_eq!(refused.code(), "round_closed");

    let want = [
        (s(&tables[0]["player1"], "user_id"), 1216),
        (s(&tables[0]["player2"], "user_id"), 1184),
        (s(&tables[1]["player1"], "user_id"), 1200),
        (s(&tables[1]["player2"], "user_id"), 1200),
    ];
    for (user, rating) in want {
        let v = to.user_ratings(user).await?.ok()?;
        let r = &v["ratings"][0];
        assert_eq!((r["rating"].as_i64(), r["games_played"].as_u64()), (Some(rating), Some(1)), "{user}");
        assert_eq!(r["history"].as_array().map(Vec::len), Some(1));
    }
    let counts = sql(
        &app.database_url,
        &[
            "SELECT COUNT(*) AS n FROM elo_history",
            "SELECT COUNT(*) AS n FROM rated_rounds",
            "SELECT COUNT(*) AS n FROM player_elo",
        ],
    )
    .await?;
    assert_eq!(counts, [4, 1, 4]);
    // Pushed live right after the close, once: nothing else follows it.
    let (frames, seen) = ws.until(Duration::from_secs(5), |f| f["kind"] == "ratings_changed").await;
    let kinds: Vec<&str> = frames.iter().map(|f| s(f, "kind")).collect();
    assert!(seen && kinds.ends_with(&["round_closed", "ratings_changed"]), "{kinds:?}");
    assert_eq!(ws.next_json(Duration::from_millis(500)).await, None);
    let changed = events(&mut to, &t, "ratings_changed").await?;
    assert_eq!(changed.len(), 1);
    let names: Vec<&str> =
        changed[0]["data"]["ratings"]["changes"].as_array().into_iter().flatten().map(|c| s(c, "name")).collect();
    assert_eq!(names, ["Ann", "Ben", "Cat", "Dan"]);
    app.stop().await;
    Ok(())
}

#[actix_web::test]
async fn concurrent_closes_rate_a_round_once_sqlite() -> anyhow::Result<()> {
    concurrent_closes_rate_a_round_once(Backend::Sqlite).await
}

#[actix_web::test]
async fn concurrent_closes_rate_a_round_once_postgres() -> anyhow::Result<()> {
    concurrent_closes_rate_a_round_once(Backend::Postgres).await
}

mod event;
