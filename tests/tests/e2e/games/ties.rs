//! The TO's hand on open ties, on the crokinole example (Player6 and
//! Player7 ordered only by total 20s): = and ↓ are stored with who and when,
//! survive a recomputation that leaves the tie as it was, and are dropped
//! with a notice when a later result changes the tie. Every step is an event.

use super::crokinole::{example_event, payload, Game, GAMES};
use super::Event;
use arbiter_tests::{s, Api, Backend, TestApp};
use serde_json::{json, Value};

/// The names in standings order.
fn order(st: &Value) -> Vec<String> {
    st["players"].as_array().into_iter().flatten().map(|r| s(r, "display_name").to_string()).collect()
}

/// The pairing where `a` met `b`.
async fn table(e: &mut Event, a: &str, b: &str) -> anyhow::Result<Value> {
    let rounds = e.to.rounds(&e.id).await?.ok()?;
    rounds["rounds"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["pairings"].as_array().cloned().unwrap_or_default())
        .find(|p| {
            let (x, y) = (s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or(""));
            (x == a && y == b) || (x == b && y == a)
        })
        .ok_or_else(|| anyhow::anyhow!("{a} and {b} never met"))
}

/// The TO overrides the game between `a` and `b` with `games`' result.
async fn override_game(e: &mut Event, a: &str, b: &str, games: &[Game]) -> anyhow::Result<()> {
    let p = table(e, a, b).await?;
    let score = payload(s(&p["player1"], "name"), s(&p["player2"], "name"), games).unwrap_or_default();
    e.to.override_result(s(&p, "id"), &score).await?.ok()?;
    Ok(())
}

fn kinds(events: &[(String, Value)]) -> Vec<&str> {
    events.iter().map(|(k, _)| k.as_str()).collect()
}

#[actix_web::test]
async fn tie_orders_are_kept_while_the_tie_stands_and_dropped_with_a_notice() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = example_event(&app).await?;
    let (p6, p7) = (e.id_of("Player6"), e.id_of("Player7"));
    let ties = format!("/api/tournaments/{}/ties", e.id);

    // Only the TO, only players in an open tie, nobody below the last.
    let r = e.players[0].0.post(&ties, &json!({ "action": "confirm", "player_id": p6 })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let r = e.to.post(&ties, &json!({ "action": "swap", "player_id": e.id_of("Player2") })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "not_tied"));
    let r = e.to.post(&ties, &json!({ "action": "swap", "player_id": p7 })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "nobody_below"));

    // = keeps Player6 above Player7; ↓ then swaps them. Stored with who and when, pushed live.
    let since = e.seq().await?;
    let kept = e.to.post(&ties, &json!({ "action": "confirm", "player_id": p6 })).await?.ok()?;
    assert_eq!(kept["resolution"]["names"], json!(["Player6", "Player7"]));
    let swapped = e.to.post(&ties, &json!({ "action": "swap", "player_id": p6 })).await?.ok()?;
    assert_eq!(swapped["resolution"]["names"], json!(["Player7", "Player6"]));
    assert_eq!(s(&swapped["resolution"], "by_name"), "Organiser");
    assert!(swapped["resolution"]["at"].as_i64().is_some_and(|t| t > 0));
    let events = e.events(since).await?;
    assert_eq!(kinds(&events), ["tie_resolved", "standings_changed", "tie_resolved", "standings_changed"]);
    assert_eq!(s(&events[2].1, "action"), "swap");

    let st = e.standings().await?;
    assert_eq!(order(&st)[..4], ["Player2", "Isis", "Player7", "Player6"]);
    assert_eq!(s(&st["players"][2]["tie"], "status"), "manual");
    assert_eq!(st["players"][2]["rank"], 3);
    assert!(st["open_ties"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(st["resolutions"][0]["names"], json!(["Player7", "Player6"]));

    // A recomputation that leaves the tie as it was: Player1 v Player3 with
    // other 20s. The order stays, no notice.
    let mut changed = GAMES.to_vec();
    if let Some(g) = changed.iter_mut().find(|g| g.0 .0 == "Player1" && g.1 .0 == "Player3") {
        g.0 .2 = 7;
    }
    let since = e.seq().await?;
    override_game(&mut e, "Player1", "Player3", &changed).await?;
    assert_eq!(kinds(&e.events(since).await?), ["result_overridden", "standings_changed"]);
    let st = e.standings().await?;
    assert_eq!(order(&st)[..4], ["Player2", "Isis", "Player7", "Player6"]);
    assert_eq!(st["resolutions"].as_array().map(Vec::len), Some(1));

    // A result that changes the tie: Player7 draws Player5 instead of
    // winning, drops to 7 points, and is no longer level with Player6.
    if let Some(g) = changed.iter_mut().find(|g| g.0 .0 == "Player7" && g.1 .0 == "Player5") {
        (g.0 .1, g.1 .1) = (4, 4);
    }
    let since = e.seq().await?;
    override_game(&mut e, "Player7", "Player5", &changed).await?;
    let events = e.events(since).await?;
    // The round is closed, so the override also re-rates it.
    assert_eq!(
        kinds(&events),
        ["result_overridden", "tie_resolutions_dropped", "standings_changed", "ratings_changed"]
    );
    let notice = &events[1].1["notices"][0];
    assert_eq!(s(notice, "reason"), "not_tied");
    assert_eq!(notice["resolution"]["names"], json!(["Player7", "Player6"]));
    assert!(s(notice, "message").contains("no longer applies"));
    let st = e.standings().await?;
    assert!(st["resolutions"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(st["notices"].as_array().map(Vec::len), Some(1));
    let names = order(&st);
    let at = |n: &str| names.iter().position(|x| x == n);
    assert!(at("Player6") < at("Player7"), "{names:?}");

    // The TO reads the notice and dismisses it.
    let d = e.to.send(awc::http::Method::DELETE, &format!("{ties}/notices"), None).await?.ok()?;
    assert_eq!(d["dismissed"], 1);
    assert!(e.standings().await?["notices"].as_array().is_some_and(Vec::is_empty));
    Ok(())
}

/// The same decision on PostgreSQL: stored as JSON on the event, applied on reads.
#[actix_web::test]
async fn tie_orders_are_stored_on_postgres() -> anyhow::Result<()> {
    let app = TestApp::spawn_with(Backend::Postgres, None).await?;
    let mut e = example_event(&app).await?;
    let p6 = e.id_of("Player6");
    e.to.resolve_tie(&e.id, &json!({ "action": "swap", "player_id": p6 })).await?.ok()?;
    let st = e.standings().await?;
    assert_eq!(order(&st)[2..4], ["Player7", "Player6"]);
    assert_eq!(s(&st["resolutions"][0], "by_name"), "Organiser");
    Ok(())
}
