//! Chess and crokinole beside 40K: round robins by the Berger tables,
//! per-game result payloads, configurable standings and the TO's hand on
//! open ties, driven over HTTP.

mod c07;
pub mod chess;
mod crokinole;
mod dutch;
mod pages;
mod ties;

use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, TestApp};
use awc::http::Method;
use serde_json::{json, Value};

/// An event with its TO and players (client, registration id, name), in
/// registration order.
pub struct Event {
    pub id: String,
    pub to: ApiClient,
    pub players: Vec<(ApiClient, String, String)>,
}

impl Event {
    /// Creates a `game` event paired by `pairing_system` (extra fields in
    /// `extra`), registers `names` in order, checks everyone in and starts it
    /// ([`arbiter_tests::Event::build`] with this game's creation body).
    pub async fn start(
        app: &TestApp,
        game: &str,
        pairing_system: &str,
        names: &[&str],
        extra: Value,
    ) -> anyhow::Result<Event> {
        let body = json!({ "name": format!("{game} {pairing_system}"), "event_date": "2026-05-17", "format": "Open", "game": game, "pairing_system": pairing_system });
        let e = arbiter_tests::Event::build(&app.base)
            .tournament(body)
            .with(extra)
            .players(names)
            .faction("Club")
            .start()
            .await?;
        let players =
            e.players.into_iter().zip(e.registrations).zip(e.names).map(|((c, id), name)| (c, id, name)).collect();
        Ok(Event { id: e.tid, to: e.to, players })
    }

    /// Creates and pairs the next round; returns the publication (`round`, `warnings`, …).
    pub async fn pair_next(&mut self) -> anyhow::Result<Value> {
        let r = self.to.new_round(&self.id).await?.ok()?;
        let rid = s(&r["round"], "id").to_string();
        self.to.pair_round(&rid).await?.ok()
    }

    /// The registration id of `name`.
    pub fn id_of(&self, name: &str) -> String {
        self.players.iter().find(|p| p.2 == name).map(|p| p.1.clone()).unwrap_or_default()
    }

    /// Player 1 reports `score` at `pairing` and player 2 confirms it.
    pub async fn report_and_confirm(&mut self, pairing: &Value, score: &Value) -> anyhow::Result<()> {
        let pid = s(pairing, "id").to_string();
        let (p1, p2) = (s(&pairing["player1"], "id").to_string(), s(&pairing["player2"], "id").to_string());
        self.client(&p1).report(&pid, score).await?.ok()?;
        self.client(&p2).confirm(&pid).await?.ok()?;
        Ok(())
    }

    fn client(&mut self, id: &str) -> &mut ApiClient {
        let k = self.players.iter().position(|p| p.1 == id).unwrap_or(0);
        &mut self.players[k].0
    }

    /// Closes round `round` (its id).
    pub async fn close(&mut self, round: &Value) -> anyhow::Result<()> {
        self.to.close_round(s(round, "id")).await?.ok()?;
        Ok(())
    }

    /// `GET /standings`.
    pub async fn standings(&mut self) -> anyhow::Result<Value> {
        self.to.standings(&self.id).await?.ok()
    }

    /// The events after `since`, as `(kind, data)`.
    pub async fn events(&mut self, since: i64) -> anyhow::Result<Vec<(String, Value)>> {
        let v = self.to.events(&self.id, &format!("?since={since}")).await?.ok()?;
        Ok(v["events"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|e| (s(&e, "kind").to_string(), e["data"].clone()))
            .collect())
    }

    /// The last event's sequence number.
    pub async fn seq(&mut self) -> anyhow::Result<i64> {
        let v = self.to.snapshot(&self.id).await?.ok()?;
        Ok(v["seq"].as_i64().unwrap_or(0))
    }

    /// `PUT path` as the TO.
    pub async fn put(&mut self, path: &str, body: &Value) -> anyhow::Result<Reply> {
        self.to.send(Method::PUT, path, Some(body)).await
    }
}

/// The rows of a standings answer as (name, field) pairs.
pub fn column<'a>(standings: &'a Value, field: &str) -> Vec<(&'a str, &'a Value)> {
    standings["players"]
        .as_array()
        .map(|rows| rows.iter().map(|r| (s(r, "display_name"), &r[field])).collect())
        .unwrap_or_default()
}
