//! # arbiter-tests
//!
//! The end-to-end harness: [`TestApp`] runs the real application (the same
//! `startup::Application` as `arbiter serve`) on 127.0.0.1:0 against a fresh
//! SQLite file or a fresh PostgreSQL database, optionally with Redis;
//! [`WsClient`] is a real WebSocket client; [`browser`] drives headless
//! Chromium through ChromeDriver.

mod api;
pub mod browser;
mod db;
pub mod load;
pub mod process;
mod ws;

pub use api::Api;
pub use db::{fingerprint, Backend};
pub use ws::WsClient;

use arbiter_server::client::ApiClient;
use arbiter_server::config::Settings;

/// The ceiling of every wait for something that must happen (a frame, a
/// page drawn, a socket closed): waits end as soon as it happens, so a long
/// ceiling costs nothing on a quiet machine and keeps the suite green on one
/// busy with a build (a 5 s wait once failed there).
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(30);
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

/// An event in progress: its TO, its players, its id. Built by [`EventBuilder`]
/// (`Event::build(base)…start()`), the one way the tests set up an event.
pub struct Event {
    /// The TO's client.
    pub to: ApiClient,
    /// Players' clients, in registration order.
    pub players: Vec<ApiClient>,
    /// Tournament id.
    pub tid: String,
    /// Players' display names, in registration order.
    pub names: Vec<String>,
    /// Players' registration ids (`/api/players/{id}`), in registration order.
    pub registrations: Vec<String>,
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

/// How to set up an [`Event`]: the tournament's creation body (a 40K event of
/// 3 rounds on 2026-05-17 unless changed), the players' names and faction.
/// [`EventBuilder::start`] creates it, opens registration, registers every
/// player, checks them all in and starts it.
pub struct EventBuilder {
    base: String,
    body: Value,
    names: Vec<String>,
    faction: String,
}

impl EventBuilder {
    /// The tournament's name (default `"Test Open"`).
    #[must_use]
    pub fn name(self, name: &str) -> EventBuilder {
        self.with(json!({ "name": name }))
    }

    /// The number of rounds (`total_rounds`, default 3).
    #[must_use]
    pub fn rounds(self, rounds: u32) -> EventBuilder {
        self.with(json!({ "total_rounds": rounds }))
    }

    /// The whole creation body instead of the 40K default (for other games,
    /// e.g. `{"name", "event_date", "format", "game": "chess", "pairing_system": "round_robin"}`).
    #[must_use]
    pub fn tournament(mut self, body: Value) -> EventBuilder {
        self.body = body;
        self
    }

    /// These fields added to (or replacing those of) the creation body.
    #[must_use]
    pub fn with(mut self, fields: Value) -> EventBuilder {
        if let (Some(b), Some(f)) = (self.body.as_object_mut(), fields.as_object()) {
            b.extend(f.clone());
        }
        self
    }

    /// Players named `{prefix}1`…`{prefix}n`.
    #[must_use]
    pub fn numbered(mut self, prefix: &str, n: usize) -> EventBuilder {
        self.names = (1..=n).map(|i| format!("{prefix}{i}")).collect();
        self
    }

    /// Players with these names, registered in this order.
    #[must_use]
    pub fn players<S: AsRef<str>>(mut self, names: &[S]) -> EventBuilder {
        self.names = names.iter().map(|n| n.as_ref().to_string()).collect();
        self
    }

    /// The faction every player registers with (default `"Orks"`).
    #[must_use]
    pub fn faction(mut self, faction: &str) -> EventBuilder {
        self.faction = faction.to_string();
        self
    }

    /// Signs up the TO ("Organiser") and every player, creates the event,
    /// opens registration, registers the players in order, checks them in
    /// and starts it.
    ///
    /// # Errors
    /// A step was refused.
    pub async fn start(self) -> anyhow::Result<Event> {
        let (mut to, _) = sign_up(&self.base, "Organiser").await?;
        let tid = create_and_open(&mut to, &self.body).await?;
        let (mut players, mut registrations) = (Vec::new(), Vec::new());
        for name in &self.names {
            let (mut c, _) = sign_up(&self.base, name).await?;
            registrations.push(register(&mut c, &tid, name, &self.faction).await?);
            players.push(c);
        }
        to.advance(&tid).await?.ok()?;
        for c in &mut players {
            c.check_in(&tid).await?.ok()?;
        }
        to.advance(&tid).await?.ok()?;
        Ok(Event { to, players, tid, names: self.names, registrations })
    }
}

impl Event {
    /// A builder for an event on the server at `base` (see [`EventBuilder`]).
    #[must_use]
    pub fn build(base: &str) -> EventBuilder {
        EventBuilder {
            base: base.to_string(),
            body: tournament_body("Test Open", 3),
            names: Vec::new(),
            faction: "Orks".to_string(),
        }
    }

    /// A 40K event "{prefix} Open" of `rounds` rounds on the server at `base`
    /// with `n` players named `{prefix}1…{prefix}n`, registered, checked in and started.
    ///
    /// # Errors
    /// A step was refused.
    pub async fn start(base: &str, prefix: &str, n: usize, rounds: u32) -> anyhow::Result<Event> {
        Event::build(base).name(&format!("{prefix} Open")).rounds(rounds).numbered(prefix, n).start().await
    }

    /// The index in [`Event::players`] of the player named `name`.
    #[must_use]
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Creates and pairs the next round; returns its id and tables (the bye excluded).
    ///
    /// # Errors
    /// A step was refused.
    pub async fn pair_next(&mut self) -> anyhow::Result<(String, Vec<Table>)> {
        let r = self.to.new_round(&self.tid).await?.ok()?;
        let rid = s(&r["round"], "id").to_string();
        let p = self.to.pair_round(&rid).await?.ok()?;
        let index = |seat: &Value| {
            let name = s(seat, "name");
            self.index_of(name).ok_or_else(|| anyhow::anyhow!("no player named {name:?}"))
        };
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
        self.players[t.p1].report_vp(&t.id, vp1, vp2).await?.ok()?;
        self.players[t.p2].confirm(&t.id).await?.ok()
    }

    /// The whole event log (as live frames).
    ///
    /// # Errors
    /// The request failed.
    pub async fn log(&mut self) -> anyhow::Result<Vec<Value>> {
        let log = self.to.events(&self.tid, "?limit=5000").await?.ok()?;
        Ok(log["events"].as_array().cloned().unwrap_or_default())
    }
}

/// The creation body of a 40K tournament `name` of `rounds` rounds on 2026-05-17.
fn tournament_body(name: &str, rounds: u32) -> Value {
    json!({ "name": name, "event_date": "2026-05-17", "location": "Test Hall", "format": "2000pts Matched Play", "total_rounds": rounds })
}

/// Creates a tournament from `body` and opens registration; returns its id.
async fn create_and_open(to: &mut ApiClient, body: &Value) -> anyhow::Result<String> {
    let t = to.create_tournament(body).await?.ok()?;
    let id = s(&t["tournament"], "id").to_string();
    to.advance(&id).await?.ok()?;
    Ok(id)
}

/// Creates a 40K tournament owned by `to` with `rounds` rounds and opens
/// registration (what [`EventBuilder::start`] does before registering anyone).
/// Returns its id.
///
/// # Errors
/// A step was refused.
pub async fn open_tournament(to: &mut ApiClient, name: &str, rounds: u32) -> anyhow::Result<String> {
    create_and_open(to, &tournament_body(name, rounds)).await
}

/// Registers `player` in `tournament` as `name` playing `faction`; returns the registration id.
///
/// # Errors
/// Registration was refused.
pub async fn register(player: &mut ApiClient, tournament: &str, name: &str, faction: &str) -> anyhow::Result<String> {
    let body = json!({ "display_name": name, "faction": faction, "list_text": format!("{faction} list of {name}") });
    let p = player.register_with(tournament, &body).await?.ok()?;
    Ok(s(&p["player"], "id").to_string())
}

/// The string at `v[key]` (empty if absent).
#[must_use]
pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_default()
}
