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
use arbiter_tests::{register, s, TestApp};
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
    /// `extra`), registers `names` in order, checks everyone in and starts it.
    pub async fn start(
        app: &TestApp,
        game: &str,
        pairing_system: &str,
        names: &[&str],
        extra: Value,
    ) -> anyhow::Result<Event> {
        let (mut to, _) = app.user("Organiser").await?;
        let mut body = json!({ "name": format!("{game} {pairing_system}"), "event_date": "2026-05-17", "format": "Open", "game": game, "pairing_system": pairing_system });
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            b.extend(e.clone());
        }
        let t = to.post("/api/tournaments", &body).await?.ok()?;
        let id = s(&t["tournament"], "id").to_string();
        to.post_empty(&format!("/api/tournaments/{id}/advance")).await?.ok()?;
        let mut players = Vec::new();
        for name in names {
            let (mut c, _) = app.user(name).await?;
            let pid = register(&mut c, &id, name, "Club").await?;
            players.push((c, pid, (*name).to_string()));
        }
        to.post_empty(&format!("/api/tournaments/{id}/advance")).await?.ok()?;
        for (c, _, _) in &mut players {
            c.post_empty(&format!("/api/tournaments/{id}/check-in")).await?.ok()?;
        }
        to.post_empty(&format!("/api/tournaments/{id}/advance")).await?.ok()?;
        Ok(Event { id, to, players })
    }

    /// Creates and pairs the next round; returns the publication (`round`, `warnings`, …).
    pub async fn pair_next(&mut self) -> anyhow::Result<Value> {
        let r = self.to.post_empty(&format!("/api/tournaments/{}/rounds", self.id)).await?.ok()?;
        let rid = s(&r["round"], "id").to_string();
        self.to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()
    }

    /// The registration id of `name`.
    pub fn id_of(&self, name: &str) -> String {
        self.players.iter().find(|p| p.2 == name).map(|p| p.1.clone()).unwrap_or_default()
    }

    /// Player 1 reports `score` at `pairing` and player 2 confirms it.
    pub async fn report_and_confirm(&mut self, pairing: &Value, score: &Value) -> anyhow::Result<()> {
        let pid = s(pairing, "id").to_string();
        let (p1, p2) = (s(&pairing["player1"], "id").to_string(), s(&pairing["player2"], "id").to_string());
        self.client(&p1).post(&format!("/api/pairings/{pid}/report"), score).await?.ok()?;
        self.client(&p2).post_empty(&format!("/api/pairings/{pid}/confirm")).await?.ok()?;
        Ok(())
    }

    fn client(&mut self, id: &str) -> &mut ApiClient {
        let k = self.players.iter().position(|p| p.1 == id).unwrap_or(0);
        &mut self.players[k].0
    }

    /// Closes round `round` (its id).
    pub async fn close(&mut self, round: &Value) -> anyhow::Result<()> {
        self.to.post_empty(&format!("/api/rounds/{}/close", s(round, "id"))).await?.ok()?;
        Ok(())
    }

    /// `GET /standings`.
    pub async fn standings(&mut self) -> anyhow::Result<Value> {
        self.to.get(&format!("/api/tournaments/{}/standings", self.id)).await?.ok()
    }

    /// The events after `since`, as `(kind, data)`.
    pub async fn events(&mut self, since: i64) -> anyhow::Result<Vec<(String, Value)>> {
        let v = self.to.get(&format!("/api/tournaments/{}/events?since={since}", self.id)).await?.ok()?;
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
        let v = self.to.get(&format!("/api/tournaments/{}/snapshot", self.id)).await?.ok()?;
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
