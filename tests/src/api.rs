//! Typed requests for the API routes the tests use most, so a test says what it
//! does (`player.report_vp(&pairing, 70, 40)`) rather than spelling the path.
//!
//! Every method sends one request and returns the [`Reply`]: `.ok()?` for a
//! step that must succeed, or its status and `code()` for one that must be
//! refused. Ids are the UUID strings the API returns. Tests that send bad
//! input on purpose (malformed ids, wrong methods, odd bodies) keep raw paths.

// The futures hold an `ApiClient` (awc, not `Send`) and run on the test's own
// runtime, so no `Send` bound is wanted on them.
#![allow(async_fn_in_trait)]

use arbiter_server::client::{ApiClient, Reply};
use awc::http::Method;
use serde_json::{json, Value};

/// The API's routes as methods of a client (see the module docs).
pub trait Api {
    /// `POST /api/tournaments` with `body` (name, date, format, game, …): creates a tournament.
    async fn create_tournament(&mut self, body: &Value) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}`.
    async fn tournament(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/advance`: the next lifecycle stage
    /// (draft → registration → check-in → in progress → …), from the stage
    /// the event is at now (read first).
    async fn advance(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/register` with `body` (display name, faction, list).
    async fn register_with(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/check-in`: the caller checks in.
    async fn check_in(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/players`.
    async fn players(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/rounds`: creates the next round (unpaired).
    async fn new_round(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/rounds/{round}`.
    async fn round(&mut self, round: &str) -> anyhow::Result<Reply>;
    /// `POST /api/rounds/{round}/pairings`: pairs and publishes `round`.
    async fn pair_round(&mut self, round: &str) -> anyhow::Result<Reply>;
    /// `POST /api/rounds/{round}/close`.
    async fn close_round(&mut self, round: &str) -> anyhow::Result<Reply>;
    /// `POST /api/pairings/{pairing}/report` with the game's result payload
    /// (`{"player1_vp", "player2_vp"}` for 40K, `{"result": "1-0"}` for chess, …).
    async fn report(&mut self, pairing: &str, score: &Value) -> anyhow::Result<Reply>;
    /// `POST /api/pairings/{pairing}/report` of a 40K result: `vp1`–`vp2` victory points.
    async fn report_vp(&mut self, pairing: &str, vp1: u32, vp2: u32) -> anyhow::Result<Reply>;
    /// `POST /api/pairings/{pairing}/confirm`: the opponent confirms the report.
    async fn confirm(&mut self, pairing: &str) -> anyhow::Result<Reply>;
    /// `POST /api/pairings/{pairing}/override` with a result payload: the TO sets the result.
    async fn override_result(&mut self, pairing: &str, score: &Value) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/standings`.
    async fn standings(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/events{query}`, `query` empty or `?since=…&limit=…`.
    async fn events(&mut self, tournament: &str, query: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/snapshot`.
    async fn snapshot(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/trf`: the FIDE Tournament Report File (in `text`).
    async fn trf(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/trf` with a TRF file as `text/plain`: imports it.
    async fn import_trf(&mut self, tournament: &str, trf: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/byes` with `{"round", "kind"}`: the caller asks for a bye.
    async fn request_bye(&mut self, tournament: &str, round: u32, kind: &str) -> anyhow::Result<Reply>;
    /// `POST /api/players/{player}/byes` with `{"round", "kind"}`: the TO arranges a bye.
    async fn arrange_bye(&mut self, player: &str, round: u32, kind: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/byes`.
    async fn byes(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `PUT /api/players/{player}/profile` with `body` (`{"profile": {…}}`).
    async fn put_profile(&mut self, player: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/drop`: the caller drops out.
    async fn drop_out(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/lock-lists`: the TO locks the army lists.
    async fn lock_lists(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/rounds`.
    async fn rounds(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/pairings/{pairing}/dispute` with `body` (`{}` or a reason).
    async fn dispute(&mut self, pairing: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `PUT /api/tournaments/{tournament}/tiebreaks` with `body` (the standings configuration).
    async fn set_tiebreaks(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/ties` with `body` (`{"action", "player_id"}`): the TO's hand on a tie.
    async fn resolve_tie(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `GET /api/users/{user}/ratings`: a user's ratings per game system.
    async fn user_ratings(&mut self, user: &str) -> anyhow::Result<Reply>;
    /// `PUT /api/tournaments/{tournament}/playoffs` with `body` (`{"cut", "reseed", "third_place", "tiebreak"}`):
    /// the TO adds the top cut or changes it.
    async fn set_playoffs(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `DELETE /api/tournaments/{tournament}/playoffs`: the TO removes the top cut.
    async fn remove_playoffs(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/playoffs`: the bracket.
    async fn bracket(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `POST /api/tournaments/{tournament}/playoffs/rounds`: pairs the next playoff round.
    async fn pair_playoff_round(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/ranking`: the final ranking (playoff places, then the Swiss).
    async fn ranking(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `PUT /api/tournaments/{tournament}/pools`: the TO sets the round-robin pools.
    async fn set_pools(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `DELETE /api/tournaments/{tournament}/pools`: the TO removes the pools.
    async fn remove_pools(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{tournament}/pools`: the pools and their standings.
    async fn pools(&mut self, tournament: &str) -> anyhow::Result<Reply>;
    /// `GET /api/tournaments/{id}/export/{file}`: `players.csv`, `rounds/2.json`,
    /// `standings.csv?after_round=1`, … (the text in `Reply::text`).
    async fn export(&mut self, tournament: &str, file: &str) -> anyhow::Result<Reply>;
    /// `GET /api/ratings/{game}/export.{ext}`: the whole leaderboard as a file.
    async fn export_ratings(&mut self, game: &str, ext: &str) -> anyhow::Result<Reply>;
    /// `POST /api/events` with `body` (`{"name", "starts_on", "ends_on", "location"}`): creates an event.
    async fn create_event(&mut self, body: &Value) -> anyhow::Result<Reply>;
    /// `GET /api/events/{event}`: the event and its sections.
    async fn event(&mut self, event: &str) -> anyhow::Result<Reply>;
    /// `POST /api/events/{event}/sections` with a tournament's body: a new section.
    async fn create_section(&mut self, event: &str, body: &Value) -> anyhow::Result<Reply>;
    /// `PUT /api/events/{event}/sections/{tournament}`: an existing tournament becomes a section.
    async fn attach_section(&mut self, event: &str, tournament: &str) -> anyhow::Result<Reply>;
}

impl Api for ApiClient {
    async fn create_tournament(&mut self, body: &Value) -> anyhow::Result<Reply> {
        self.post("/api/tournaments", body).await
    }

    async fn tournament(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}")).await
    }

    async fn advance(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        let t = self.tournament(tournament).await?;
        let from = t.body["tournament"]["status"].clone();
        self.post(&format!("/api/tournaments/{tournament}/advance"), &json!({ "from": from })).await
    }

    async fn register_with(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/tournaments/{tournament}/register"), body).await
    }

    async fn check_in(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/tournaments/{tournament}/check-in")).await
    }

    async fn players(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/players")).await
    }

    async fn new_round(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/tournaments/{tournament}/rounds")).await
    }

    async fn round(&mut self, round: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/rounds/{round}")).await
    }

    async fn pair_round(&mut self, round: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/rounds/{round}/pairings")).await
    }

    async fn close_round(&mut self, round: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/rounds/{round}/close")).await
    }

    async fn report(&mut self, pairing: &str, score: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/pairings/{pairing}/report"), score).await
    }

    async fn report_vp(&mut self, pairing: &str, vp1: u32, vp2: u32) -> anyhow::Result<Reply> {
        self.report(pairing, &json!({ "player1_vp": vp1, "player2_vp": vp2 })).await
    }

    async fn confirm(&mut self, pairing: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/pairings/{pairing}/confirm")).await
    }

    async fn override_result(&mut self, pairing: &str, score: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/pairings/{pairing}/override"), score).await
    }

    async fn standings(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/standings")).await
    }

    async fn events(&mut self, tournament: &str, query: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/events{query}")).await
    }

    async fn snapshot(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/snapshot")).await
    }

    async fn trf(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/trf")).await
    }

    async fn import_trf(&mut self, tournament: &str, trf: &str) -> anyhow::Result<Reply> {
        self.send_raw(
            Method::POST,
            &format!("/api/tournaments/{tournament}/trf"),
            Some(("text/plain", trf.to_string())),
        )
        .await
    }

    async fn request_bye(&mut self, tournament: &str, round: u32, kind: &str) -> anyhow::Result<Reply> {
        self.post(&format!("/api/tournaments/{tournament}/byes"), &json!({ "round": round, "kind": kind })).await
    }

    async fn arrange_bye(&mut self, player: &str, round: u32, kind: &str) -> anyhow::Result<Reply> {
        self.post(&format!("/api/players/{player}/byes"), &json!({ "round": round, "kind": kind })).await
    }

    async fn byes(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/byes")).await
    }

    async fn put_profile(&mut self, player: &str, body: &Value) -> anyhow::Result<Reply> {
        self.send(Method::PUT, &format!("/api/players/{player}/profile"), Some(body)).await
    }

    async fn drop_out(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/tournaments/{tournament}/drop")).await
    }

    async fn lock_lists(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/tournaments/{tournament}/lock-lists")).await
    }

    async fn rounds(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/rounds")).await
    }

    async fn dispute(&mut self, pairing: &str, body: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/pairings/{pairing}/dispute"), body).await
    }

    async fn set_tiebreaks(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply> {
        self.send(Method::PUT, &format!("/api/tournaments/{tournament}/tiebreaks"), Some(body)).await
    }

    async fn resolve_tie(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/tournaments/{tournament}/ties"), body).await
    }

    async fn user_ratings(&mut self, user: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/users/{user}/ratings")).await
    }

    async fn set_playoffs(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply> {
        self.send(Method::PUT, &format!("/api/tournaments/{tournament}/playoffs"), Some(body)).await
    }

    async fn remove_playoffs(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.send(Method::DELETE, &format!("/api/tournaments/{tournament}/playoffs"), None).await
    }

    async fn bracket(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/playoffs")).await
    }

    async fn pair_playoff_round(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.post_empty(&format!("/api/tournaments/{tournament}/playoffs/rounds")).await
    }

    async fn ranking(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/ranking")).await
    }

    async fn set_pools(&mut self, tournament: &str, body: &Value) -> anyhow::Result<Reply> {
        self.send(Method::PUT, &format!("/api/tournaments/{tournament}/pools"), Some(body)).await
    }

    async fn remove_pools(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.send(Method::DELETE, &format!("/api/tournaments/{tournament}/pools"), None).await
    }

    async fn pools(&mut self, tournament: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/pools")).await
    }

    async fn export(&mut self, tournament: &str, file: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/tournaments/{tournament}/export/{file}")).await
    }

    async fn export_ratings(&mut self, game: &str, ext: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/ratings/{game}/export.{ext}")).await
    }

    async fn create_event(&mut self, body: &Value) -> anyhow::Result<Reply> {
        self.post("/api/events", body).await
    }

    async fn event(&mut self, event: &str) -> anyhow::Result<Reply> {
        self.get(&format!("/api/events/{event}")).await
    }

    async fn create_section(&mut self, event: &str, body: &Value) -> anyhow::Result<Reply> {
        self.post(&format!("/api/events/{event}/sections"), body).await
    }

    async fn attach_section(&mut self, event: &str, tournament: &str) -> anyhow::Result<Reply> {
        self.send(Method::PUT, &format!("/api/events/{event}/sections/{tournament}"), None).await
    }
}
