//! `arbiter demo --format chess-teams`: a chess team Swiss of 10 teams × 4
//! boards over 5 rounds (FIDE Olympiad Pairing Rules 2022), played through
//! the HTTP API: each round is paired, every board's result is reported by
//! the captain of the team with White and confirmed by the other captain,
//! and the round is closed.
//!
//! Each team is registered by its captain (`POST /api/tournaments/{id}/teams`,
//! four walk-in players with their ratings) and checked in by the captain.

use crate::client::ApiClient;
use crate::demo::{DemoArgs, PASSWORD, TO_EMAIL};
use anyhow::Context as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// The demo's clubs (10 teams).
const CLUBS: [&str; 10] = [
    "Hastings Knights",
    "Riga Rooks",
    "Baku Bishops",
    "Oslo Openings",
    "Dresden Gambit",
    "Tromsø Tempo",
    "Chennai Castles",
    "Batumi Blitz",
    "Elista Endgame",
    "Turin Tactics",
];

/// Boards per team.
const BOARDS: u32 = 4;

/// Plays the chess team demo on the server at `base`.
///
/// # Errors
/// The API refused a step.
pub async fn play(args: &DemoArgs, base: &str) -> anyhow::Result<()> {
    let pause = Duration::from_millis(args.pause_ms);

    let fields = json!({
                "format": "Team Swiss, 4 boards, 90+30",
                "game": "chess",
                "pairing_system": "dutch",
                "total_rounds": 5,
                "teams": { "format": "chess", "size": BOARDS },
    });
    let (mut to, tid) = super::create_event(base, "Arbiter Team Swiss", fields).await?;
    println!("\nArbiter demo: chess team Swiss, {} teams × {BOARDS} boards, 5 rounds", CLUBS.len());
    println!("  Pairings board : {base}/t/{tid}/board");
    println!("  Team standings : {base}/t/{tid}/standings  (API: {base}/api/tournaments/{tid}/standings)");
    println!("  Board prizes   : {base}/api/tournaments/{tid}/boards");
    println!("  TRF (013 lines): {base}/api/tournaments/{tid}/trf");
    println!("  TO dashboard   : {base}/t/{tid}/dashboard");
    println!("\nSign in at {base}/login (every account's password: {PASSWORD}):");
    println!("  the TO         : {TO_EMAIL}");

    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "DRAFT" })).await?.ok()?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
    let mut captains: Vec<ApiClient> = Vec::new();
    let mut teams: Vec<String> = Vec::new();
    for (k, club) in CLUBS.iter().enumerate() {
        let email = format!("captain{}@demo.arbiter", k + 1);
        println!("  {:<14} : {email}", format!("captain {}", k + 1));
        let mut c = ApiClient::new(base);
        c.sign_up_or_in(&email, PASSWORD, &format!("Captain of {club}")).await?;
        let base_rating = 2450 - 60 * k as u32 + rng.gen_range(0..40u32);
        let players: Vec<Value> = (1..=BOARDS)
            .map(|board| {
                let rating = base_rating - 25 * (board - 1) + rng.gen_range(0..20u32);
                json!({ "name": format!("{} {board}", club.split(' ').next().unwrap_or("Player")), "rating": rating })
            })
            .collect();
        let team = c
            .post(&format!("/api/tournaments/{tid}/teams"), &json!({ "name": club, "players": players }))
            .await?
            .ok()?;
        teams.push(team["team"]["id"].as_str().context("team id")?.to_string());
        captains.push(c);
    }
    println!("\n{} teams registered", teams.len());
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
    for (c, team) in captains.iter_mut().zip(&teams) {
        c.post_empty(&format!("/api/teams/{team}/check-in")).await?.ok()?;
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
    let captain_of: HashMap<String, usize> = teams.iter().enumerate().map(|(k, id)| (id.clone(), k)).collect();

    for n in 1..=5 {
        let round = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
        let rid = round["round"]["id"].as_str().context("round id")?.to_string();
        to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()?;
        let m = to.get(&format!("/api/rounds/{rid}/matches")).await?.ok()?;
        let matches: Vec<Value> = m["matches"].as_array().cloned().unwrap_or_default();
        println!("round {n}: {} matches", matches.len());
        tokio::time::sleep(pause * 2).await;
        for m in &matches {
            let first = captain_of.get(m["first"]["id"].as_str().unwrap_or_default()).copied();
            let second = m["second"]["id"].as_str().and_then(|id| captain_of.get(id)).copied();
            let (Some(first), Some(second)) = (first, second) else { continue };
            for b in m["boards"].as_array().into_iter().flatten() {
                let pid = b["pairing_id"].as_str().context("board game id")?;
                let board = b["board"].as_u64().unwrap_or(1);
                // White's team: the first on odd boards, the second on even ones.
                let (white, black) = if board % 2 == 1 { (first, second) } else { (second, first) };
                let result = ["1-0", "½-½", "0-1"][rng.gen_range(0..3usize)];
                captains[white]
                    .post(&format!("/api/pairings/{pid}/report"), &json!({ "result": result }))
                    .await?
                    .ok()?;
                captains[black].post_empty(&format!("/api/pairings/{pid}/confirm")).await?.ok()?;
                tokio::time::sleep(pause / 4).await;
            }
        }
        to.post_empty(&format!("/api/rounds/{rid}/close")).await?.ok()?;
        println!("round {n} closed");
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "IN_PROGRESS" })).await?.ok()?;
    let standings = to.get(&format!("/api/tournaments/{tid}/standings")).await?.ok()?;
    println!("\nFinal team standings (MP, then GP, SB, BH):");
    for s in standings["players"].as_array().into_iter().flatten() {
        let values: Vec<&str> = s["values"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        println!(
            "  {:>2}. {:<18} {:>2} MP  {}",
            s["rank"],
            s["display_name"].as_str().unwrap_or_default(),
            s["score"].as_str().unwrap_or_default(),
            values.join("  ")
        );
    }
    Ok(())
}
