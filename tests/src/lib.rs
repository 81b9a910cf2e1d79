//! # arbiter-tests
//!
//! The end-to-end harness: [`TestApp`] runs the real application (the same
//! `startup::Application` as `arbiter serve`) on 127.0.0.1:0 against a fresh
//! SQLite file or a fresh PostgreSQL database, optionally with Redis;
//! [`WsClient`] is a real WebSocket client; [`browser`] drives headless
//! Chromium through ChromeDriver.

pub mod browser;
mod db;
pub mod load;
pub mod process;
mod ws;

pub use db::Backend;
pub use ws::WsClient;

use arbiter_server::client::ApiClient;
use arbiter_server::config::Settings;
use arbiter_server::startup::Application;
use serde_json::{json, Value};

/// A running application for one test.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The database URL it uses.
    pub database_url: String,
    stopper: arbiter_server::startup::Stopper,
    _dir: Option<tempfile::TempDir>,
}

impl TestApp {
    /// The app on a fresh SQLite database, with the in-process bus.
    ///
    /// # Errors
    /// The app failed to start.
    pub async fn spawn() -> anyhow::Result<TestApp> {
        TestApp::spawn_with(Backend::Sqlite, None).await
    }

    /// The app on a fresh database of `backend`, with Redis at `redis_url` if given.
    ///
    /// # Errors
    /// The database could not be created or the app failed to start.
    pub async fn spawn_with(backend: Backend, redis_url: Option<String>) -> anyhow::Result<TestApp> {
        let (database_url, dir) = backend.fresh().await?;
        TestApp::start(database_url, dir, redis_url).await
    }

    /// Another instance on the same database (and bus).
    ///
    /// # Errors
    /// The app failed to start.
    pub async fn start(
        database_url: String,
        dir: Option<tempfile::TempDir>,
        redis_url: Option<String>,
    ) -> anyhow::Result<TestApp> {
        TestApp::start_with(Settings::new("127.0.0.1:0", database_url, redis_url), dir).await
    }

    /// The app with these settings (`bind` should be `127.0.0.1:0`).
    ///
    /// # Errors
    /// The app failed to start.
    pub async fn start_with(settings: Settings, dir: Option<tempfile::TempDir>) -> anyhow::Result<TestApp> {
        let database_url = settings.database_url.clone();
        let app = Application::build(settings).await?;
        let base = format!("http://127.0.0.1:{}", app.port());
        let stopper = app.stopper();
        actix_web::rt::spawn(app.run_until_stopped());
        Ok(TestApp { base, database_url, stopper, _dir: dir })
    }

    /// A client with no session.
    #[must_use]
    pub fn client(&self) -> ApiClient {
        ApiClient::new(&self.base)
    }

    /// A new signed-up user (`name`, a unique e-mail) and their id.
    ///
    /// # Errors
    /// Sign-up failed.
    pub async fn user(&self, name: &str) -> anyhow::Result<(ApiClient, String)> {
        sign_up(&self.base, name).await
    }

    /// A WebSocket client on `tournament`'s live feed (`?since=` if given).
    ///
    /// # Errors
    /// The connection failed.
    pub async fn ws(&self, tournament: &str, since: Option<i64>) -> anyhow::Result<WsClient> {
        let q = since.map(|s| format!("?since={s}")).unwrap_or_default();
        WsClient::connect(&format!("{}/ws/tournaments/{tournament}{q}", self.base.replacen("http", "ws", 1))).await
    }

    /// Stops the server (gracefully).
    pub async fn stop(&self) {
        self.stopper.stop().await;
    }

    /// Every row of every table (the tables read from the database itself), to
    /// prove a refused request changed nothing.
    ///
    /// # Errors
    /// The database could not be read.
    pub async fn fingerprint(&self) -> anyhow::Result<String> {
        db::fingerprint(&self.database_url).await
    }
}

/// A new signed-up user of the server at `base` (`name`, a unique e-mail) and their id.
///
/// # Errors
/// Sign-up failed.
pub async fn sign_up(base: &str, name: &str) -> anyhow::Result<(ApiClient, String)> {
    let mut c = ApiClient::new(base);
    let email = format!(
        "{}-{}@test.arbiter",
        name.to_lowercase().replace(' ', "."),
        &uuid::Uuid::new_v4().simple().to_string()[..8]
    );
    let me = c.sign_up(&email, "a long password", name).await?;
    let id = me["user"]["id"].as_str().unwrap_or_default().to_string();
    Ok((c, id))
}

/// A 40K event in progress: its TO, its players (named `{prefix}1`…), its id.
pub struct Event {
    /// The TO's client.
    pub to: ApiClient,
    /// Players' clients, in registration order.
    pub players: Vec<ApiClient>,
    /// Tournament id.
    pub tid: String,
    prefix: String,
}

/// One table of a published round: pairing id and the players' indexes in [`Event::players`].
#[derive(Clone, Debug)]
pub struct Table {
    /// Pairing id.
    pub id: String,
    /// Player 1's index.
    pub p1: usize,
    /// Player 2's index.
    pub p2: usize,
}

impl Event {
    /// Creates an event on the server at `base` with `n` players named
    /// `{prefix}1…{prefix}n`, registered, checked in and started.
    ///
    /// # Errors
    /// A step was refused.
    pub async fn start(base: &str, prefix: &str, n: usize, rounds: u32) -> anyhow::Result<Event> {
        let (mut to, _) = sign_up(base, "Organiser").await?;
        let tid = open_tournament(&mut to, &format!("{prefix} Open"), rounds).await?;
        let mut players = Vec::new();
        for i in 1..=n {
            let (mut c, _) = sign_up(base, &format!("{prefix}{i}")).await?;
            register(&mut c, &tid, &format!("{prefix}{i}"), "Orks").await?;
            players.push(c);
        }
        to.post_empty(&format!("/api/tournaments/{tid}/advance")).await?.ok()?;
        for c in &mut players {
            c.post_empty(&format!("/api/tournaments/{tid}/check-in")).await?.ok()?;
        }
        to.post_empty(&format!("/api/tournaments/{tid}/advance")).await?.ok()?;
        Ok(Event { to, players, tid, prefix: prefix.to_string() })
    }

    /// Creates and pairs the next round; returns its id and tables (the bye excluded).
    ///
    /// # Errors
    /// A step was refused.
    pub async fn pair_next(&mut self) -> anyhow::Result<(String, Vec<Table>)> {
        let tid = &self.tid;
        let r = self.to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
        let rid = s(&r["round"], "id").to_string();
        let p = self.to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()?;
        let index =
            |seat: &Value| s(seat, "name").trim_start_matches(self.prefix.as_str()).parse::<usize>().map(|n| n - 1);
        let mut tables = Vec::new();
        for t in p["round"]["pairings"].as_array().into_iter().flatten().filter(|t| !t["player2"].is_null()) {
            tables.push(Table { id: s(t, "id").to_string(), p1: index(&t["player1"])?, p2: index(&t["player2"])? });
        }
        Ok((rid, tables))
    }

    /// Player 1 reports `vp1`–`vp2` and player 2 confirms.
    ///
    /// # Errors
    /// A step was refused.
    pub async fn play(&mut self, t: &Table, vp1: u32, vp2: u32) -> anyhow::Result<Value> {
        let id = &t.id;
        self.players[t.p1]
            .post(&format!("/api/pairings/{id}/report"), &json!({ "player1_vp": vp1, "player2_vp": vp2 }))
            .await?
            .ok()?;
        self.players[t.p2].post_empty(&format!("/api/pairings/{id}/confirm")).await?.ok()
    }

    /// The whole event log (as live frames).
    ///
    /// # Errors
    /// The request failed.
    pub async fn log(&mut self) -> anyhow::Result<Vec<Value>> {
        let log = self.to.get(&format!("/api/tournaments/{}/events?limit=5000", self.tid)).await?.ok()?;
        Ok(log["events"].as_array().cloned().unwrap_or_default())
    }
}

/// Creates a tournament owned by `to` with `rounds` rounds and opens
/// registration. Returns its id.
///
/// # Errors
/// A step was refused.
pub async fn open_tournament(to: &mut ApiClient, name: &str, rounds: u32) -> anyhow::Result<String> {
    let t = to
        .post("/api/tournaments", &json!({ "name": name, "event_date": "2026-05-17", "location": "Test Hall", "format": "2000pts Matched Play", "total_rounds": rounds }))
        .await?
        .ok()?;
    let id = t["tournament"]["id"].as_str().unwrap_or_default().to_string();
    to.post_empty(&format!("/api/tournaments/{id}/advance")).await?.ok()?;
    Ok(id)
}

/// Registers `player` in `tournament` as `name` playing `faction`; returns the registration id.
///
/// # Errors
/// Registration was refused.
pub async fn register(player: &mut ApiClient, tournament: &str, name: &str, faction: &str) -> anyhow::Result<String> {
    let p = player
        .post(
            &format!("/api/tournaments/{tournament}/register"),
            &json!({ "display_name": name, "faction": faction, "list_text": format!("{faction} list of {name}") }),
        )
        .await?
        .ok()?;
    Ok(p["player"]["id"].as_str().unwrap_or_default().to_string())
}

/// The string at `v[key]` (empty if absent).
#[must_use]
pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_default()
}
