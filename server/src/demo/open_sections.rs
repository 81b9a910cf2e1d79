//! `arbiter demo --format open-sections`: a chess open of three sections
//! (Open, U1800, U1400) in one event, 60 players, played through the HTTP
//! API. The U1400 is capped at 18: its last two entries wait, and when a
//! player withdraws before round 1 the first of them is let in by itself.
//! Every player is a walk-in entry the TO adds with a rating; the TO
//! checks them in and enters each board's result (the venue's result
//! slips), then closes the round, section by section.

use crate::client::ApiClient;
use crate::demo::{DemoArgs, PASSWORD, TO_EMAIL};
use anyhow::Context as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{json, Value};
use std::time::Duration;

/// The sections: name, lowest and highest rating of its entries.
const SECTIONS: [(&str, u32, u32); 3] = [("Open", 1800, 2450), ("U1800", 1400, 1799), ("U1400", 900, 1399)];

/// Players per section.
const PER_SECTION: usize = 20;

/// The U1400's cap: two of its 20 entries wait.
const CAP: u32 = 18;

const FIRST: [&str; 20] = [
    "Ada", "Boris", "Chloé", "Dmitri", "Elif", "Farid", "Greta", "Hamid", "Ines", "Jonas", "Keiko", "Lars", "Mira",
    "Nikolai", "Olga", "Pavel", "Rosa", "Stefan", "Tamar", "Viktor",
];
const LAST: [&str; 3] = ["Andersen", "Kowalski", "Moreau"];

/// Plays the demo on the server at `base`.
///
/// # Errors
/// The API refused a step.
pub async fn play(args: &DemoArgs, base: &str) -> anyhow::Result<()> {
    let pause = Duration::from_millis(args.pause_ms);
    let rounds = args.rounds.unwrap_or(4);
    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
    let run_id = &uuid::Uuid::new_v4().simple().to_string()[..8];
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let mut to = ApiClient::new(base);
    to.sign_up_or_in(TO_EMAIL, PASSWORD, "The Organiser").await?;
    let e = to
        .post(
            "/api/events",
            &json!({ "name": format!("Arbiter Autumn Open ({run_id})"), "starts_on": today, "location": "Demo Hall" }),
        )
        .await?
        .ok()?;
    let ev = e["event"]["id"].as_str().context("event id")?.to_string();
    println!("\nArbiter demo: a chess open in three sections (Open, U1800, U1400), 60 players, {rounds} rounds");
    println!("  Event page     : {base}/e/{ev}");
    println!("  Pairings board : {base}/e/{ev}/board   (find your name: {base}/e/{ev}/board?view=names)");
    println!("  Standings      : {base}/e/{ev}/standings");
    println!("\nSign in at {base}/login as the TO, {TO_EMAIL} (password: {PASSWORD}).\n");

    let mut sections = Vec::new();
    for (name, low, high) in SECTIONS {
        let body = json!({ "name": name, "event_date": today, "location": "Demo Hall", "format": "Swiss, 90+30",
                           "game": "chess", "pairing_system": "dutch", "total_rounds": rounds });
        let t = to.post(&format!("/api/events/{ev}/sections"), &body).await?.ok()?;
        let tid = t["tournament"]["id"].as_str().context("section id")?.to_string();
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "DRAFT" })).await?.ok()?;
        if name == "U1400" {
            to.send(
                awc::http::Method::PATCH,
                &format!("/api/tournaments/{tid}/settings"),
                Some(&json!({ "cap": CAP })),
            )
            .await?
            .ok()?;
        }
        let mut entries = Vec::new();
        for first in FIRST.iter().take(PER_SECTION) {
            let rating = rng.gen_range(low..=high);
            let who = format!("{first} {}", LAST[sections.len()]);
            let body = json!({ "display_name": who, "profile": { "rating": rating } });
            let p = to.post(&format!("/api/tournaments/{tid}/entries"), &body).await?.ok()?;
            entries.push(p["player"]["id"].as_str().context("entry id")?.to_string());
        }
        println!("{name}: {PER_SECTION} entries, ratings {low}–{high}");
        sections.push((name, tid, entries));
    }

    // The capped section: a withdrawal lets the first waiting player in.
    let (_, capped, entries) = &sections[2];
    let w = to.get(&format!("/api/tournaments/{capped}/waitlist")).await?.ok()?;
    let waiting: Vec<String> = names(&w["waitlist"]);
    println!("U1400 is capped at {CAP}: waiting, in order: {}", waiting.join(", "));
    let gone = to.send(awc::http::Method::DELETE, &format!("/api/players/{}", entries[0]), None).await?.ok()?;
    let w = to.get(&format!("/api/tournaments/{capped}/waitlist")).await?.ok()?;
    println!(
        "{} withdrew; {} has their place; still waiting: {}",
        gone["player"]["display_name"].as_str().unwrap_or_default(),
        waiting.first().map_or("nobody", String::as_str),
        names(&w["waitlist"]).join(", ")
    );
    tokio::time::sleep(pause * 3).await;

    for (_, tid, _) in &sections {
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
        let list = to.get(&format!("/api/tournaments/{tid}/players")).await?.ok()?;
        for p in list["players"].as_array().into_iter().flatten() {
            if p["removed"] == true || !p["waitlist"].is_null() {
                continue;
            }
            let id = p["id"].as_str().unwrap_or_default();
            to.post_empty(&format!("/api/players/{id}/check-in")).await?.ok()?;
        }
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
    }

    for n in 1..=rounds {
        for (name, tid, _) in &sections {
            let round = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
            let rid = round["round"]["id"].as_str().context("round id")?.to_string();
            let published = to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()?;
            println!("{name}: round {n} paired");
            for p in published["round"]["pairings"].as_array().into_iter().flatten() {
                if p["player2"].is_null() {
                    continue;
                }
                let pid = p["id"].as_str().unwrap_or_default();
                let result = match rng.gen_range(0..10) {
                    0..=3 => "1-0",
                    4..=6 => "0-1",
                    _ => "½-½",
                };
                to.post(&format!("/api/pairings/{pid}/override"), &json!({ "result": result })).await?.ok()?;
                tokio::time::sleep(pause).await;
            }
            to.post_empty(&format!("/api/rounds/{rid}/close")).await?.ok()?;
        }
        println!("round {n} closed in every section");
    }
    println!("\nWinners:");
    for (name, tid, _) in &sections {
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "IN_PROGRESS" })).await?.ok()?;
        let st = to.get(&format!("/api/tournaments/{tid}/standings")).await?.ok()?;
        let top = &st["players"][0];
        println!(
            "  {name:<6} {} ({} points)",
            top["display_name"].as_str().unwrap_or_default(),
            top["score"].as_str().unwrap_or_default()
        );
    }
    Ok(())
}

/// The display names of a list of registrations.
fn names(list: &Value) -> Vec<String> {
    list.as_array().into_iter().flatten().filter_map(|p| p["display_name"].as_str().map(String::from)).collect()
}
