//! `arbiter demo`: creates a sample Warhammer 40K event (24 players, 5
//! rounds by default) and plays it through the HTTP API with short pauses,
//! so a newcomer can watch the board, standings and dashboard move.
//! `--format teams` plays a 40K team event instead ([`teams`]), `--format
//! chess-teams` a chess team Swiss ([`chess_teams`]), `--format
//! open-sections` a chess open in three sections of one event
//! ([`open_sections`]).

pub mod chess_teams;
pub mod open_sections;
pub mod teams;

use crate::client::ApiClient;
use crate::config::Settings;
use crate::startup::Application;
use anyhow::Context as _;
use clap::Args;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{json, Value};
use std::time::Duration;

/// Options of `arbiter demo`.
#[derive(Clone, Debug, Args)]
pub struct DemoArgs {
    /// Play against a server already running at this URL instead of starting one.
    #[arg(long)]
    pub url: Option<String>,
    /// Where the demo's own server listens (when `--url` is not given).
    #[arg(long, env = "ARBITER_BIND", default_value = "127.0.0.1:3005")]
    pub bind: String,
    /// The demo server's database (when `--url` is not given).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/arbiter.db?mode=rwc")]
    pub database_url: String,
    /// Pause between results, in milliseconds.
    #[arg(long, default_value_t = 700)]
    pub pause_ms: u64,
    /// Number of players.
    #[arg(long, default_value_t = 24)]
    pub players: usize,
    /// Number of rounds (default: 5 singles rounds, 3 team rounds).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Random seed for the results.
    #[arg(long, default_value_t = 40_000)]
    pub seed: u64,
    /// Exit when the event is over instead of serving on.
    #[arg(long)]
    pub exit: bool,
    /// The event to play: `singles` (a 40K singles event, `--players`
    /// players), `teams` (a 40K team event of 8 teams of 5 with the
    /// captains' pairing process each round) or `chess-teams` (a chess team
    /// Swiss: 10 teams × 4 boards, 5 rounds) or `open-sections` (a chess
    /// open of three sections, Open, U1800 and U1400, 60 players, one
    /// section capped with a waitlist; 4 rounds).
    #[arg(long, value_enum, default_value_t = DemoFormat::Singles)]
    pub format: DemoFormat,
}

/// The events `arbiter demo` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DemoFormat {
    /// A 40K singles event (`--players`, `--rounds`).
    Singles,
    /// A 40K team event (see [`crate::demo::teams`]).
    Teams,
    /// A chess team Swiss: 10 teams × 4 boards over 5 rounds ([`crate::demo::chess_teams`]).
    ChessTeams,
    /// A chess open in three sections of one event ([`crate::demo::open_sections`]).
    OpenSections,
}

/// The demo TO's sign-in.
pub const TO_EMAIL: &str = "to@demo.arbiter";
/// Every demo account's password.
pub const PASSWORD: &str = "demo tournament day";

/// The 40K factions the demo's players field.
const FACTIONS: [&str; 12] = [
    "Space Marines",
    "Necrons",
    "Orks",
    "Aeldari",
    "T'au Empire",
    "Chaos Space Marines",
    "Adepta Sororitas",
    "Tyranids",
    "Astra Militarum",
    "Death Guard",
    "Grey Knights",
    "Adeptus Custodes",
];
const NAMES: [&str; 24] = [
    "Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj", "Olivia",
    "Peggy", "Rupert", "Sybil", "Trent", "Uma", "Victor", "Wendy", "Xavier", "Yolanda", "Zed", "Quinn",
];

/// Runs the demo.
///
/// # Errors
/// The server could not start, or the API refused a step.
pub async fn run(args: DemoArgs) -> anyhow::Result<()> {
    let (base, server) = match &args.url {
        Some(url) => (url.trim_end_matches('/').to_string(), None),
        None => {
            let app =
                Application::build(Settings::new(&args.bind, &args.database_url, std::env::var("REDIS_URL").ok()))
                    .await
                    .with_context(|| {
                        format!("starting the demo server on {} (is one already running? pass --url)", args.bind)
                    })?;
            let base = format!("http://{}", args.bind.replace("0.0.0.0", "127.0.0.1"));
            let handle = app.stopper();
            let task = actix_web::rt::spawn(app.run_until_stopped());
            (base, Some((handle, task)))
        }
    };
    match args.format {
        DemoFormat::Singles => singles(&args, &base).await?,
        DemoFormat::Teams => crate::demo::teams::play(&args, &base).await?,
        DemoFormat::ChessTeams => crate::demo::chess_teams::play(&args, &base).await?,
        DemoFormat::OpenSections => crate::demo::open_sections::play(&args, &base).await?,
    }
    match server {
        Some((handle, task)) if !args.exit => {
            println!("\nDemo complete. Still serving at {base} — press Ctrl-C to stop.");
            let _ = task.await;
            drop(handle);
        }
        Some((handle, _)) => handle.stop().await,
        None => {}
    }
    Ok(())
}

/// Plays the singles demo against `base`.
/// The demo TO signs in (the same account every run, so the README can name
/// it) and creates the event `fields` describe, named `name (run id)`,
/// dated today at the demo hall; returns the TO's client and the event's id.
///
/// # Errors
/// The sign-in or the creation was refused.
async fn create_event(base: &str, name: &str, fields: Value) -> anyhow::Result<(ApiClient, String)> {
    let run_id = &uuid::Uuid::new_v4().simple().to_string()[..8];
    let mut to = ApiClient::new(base);
    to.sign_up_or_in(TO_EMAIL, PASSWORD, "The Organiser").await?;
    let mut body = json!({
        "name": format!("{name} ({run_id})"),
        "event_date": chrono::Utc::now().format("%Y-%m-%d").to_string(),
        "location": "Demo Hall",
    });
    if let (Some(body), Value::Object(fields)) = (body.as_object_mut(), fields) {
        body.extend(fields);
    }
    let t = to.post("/api/tournaments", &body).await?.ok()?;
    let tid = t["tournament"]["id"].as_str().context("tournament id")?.to_string();
    Ok((to, tid))
}

async fn singles(args: &DemoArgs, base: &str) -> anyhow::Result<()> {
    let rounds = args.rounds.unwrap_or(5);
    let pause = Duration::from_millis(args.pause_ms);
    let fields = json!({ "format": "2000pts Matched Play", "total_rounds": rounds });
    let (mut to, tid) = create_event(base, "Arbiter Demo GT", fields).await?;
    println!("\nArbiter demo: {} players, {} rounds", args.players, rounds);
    println!("  Pairings board : {base}/t/{tid}/board");
    println!("  Standings      : {base}/t/{tid}/standings");
    println!("  TO dashboard   : {base}/t/{tid}/dashboard");
    println!("  Event page     : {base}/t/{tid}");
    println!("  Player's page  : {base}/t/{tid}/me");
    println!("\nSign in at {base}/login (every account's password: {PASSWORD}):");
    println!("  the TO         : {TO_EMAIL}");
    for (i, email) in (0..args.players).map(|i| (i, player_email(i))) {
        println!("  {:<14} : {email}", player_name(i));
    }
    println!();
    tokio::time::sleep(pause * 3).await;

    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "DRAFT" })).await?.ok()?;
    let mut players = Vec::new();
    let mut user_ids = Vec::new();
    for i in 0..args.players {
        let mut c = ApiClient::new(base);
        let name = player_name(i);
        let me = c.sign_up_or_in(&player_email(i), PASSWORD, &name).await?;
        user_ids.push(me["user"]["id"].as_str().unwrap_or_default().to_string());
        let faction = FACTIONS[i % FACTIONS.len()];
        c.post(&format!("/api/tournaments/{tid}/register"), &json!({
            "display_name": name,
            "faction": faction,
            "list_text": format!("+ FACTION KEYWORD: {faction}\n+ DETACHMENT: Demo Detachment\n\nHQ: Warlord [100pts]\nTROOPS: Battleline [90pts]"),
        }))
        .await?
        .ok()?;
        players.push(c);
    }
    println!("{} players registered", players.len());
    to.post_empty(&format!("/api/tournaments/{tid}/lock-lists")).await?.ok()?;
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
    for c in &mut players {
        c.post_empty(&format!("/api/tournaments/{tid}/check-in")).await?.ok()?;
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
    println!("everyone checked in; the event has started");

    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
    for n in 1..=rounds {
        let round = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
        let rid = round["round"]["id"].as_str().context("round id")?.to_string();
        let published = to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()?;
        let tables: Vec<Value> = published["round"]["pairings"].as_array().cloned().unwrap_or_default();
        println!("round {n}: {} tables published", tables.iter().filter(|p| !p["player2"].is_null()).count());
        tokio::time::sleep(pause * 2).await;
        for (i, p) in tables.iter().filter(|p| !p["player2"].is_null()).enumerate() {
            let pid = p["id"].as_str().context("pairing id")?;
            let reporter = seat_client(&user_ids, &p["player1"])?;
            let (vp1, vp2) = (rng.gen_range(20..=95u32), rng.gen_range(20..=95u32));
            players[reporter]
                .post(&format!("/api/pairings/{pid}/report"), &json!({ "player1_vp": vp1, "player2_vp": vp2 }))
                .await?
                .ok()?;
            tokio::time::sleep(pause / 2).await;
            let opponent = seat_client(&user_ids, &p["player2"])?;
            if i == 1 {
                // One dispute per round, resolved by the TO.
                players[opponent]
                    .post(&format!("/api/pairings/{pid}/dispute"), &json!({ "player1_vp": vp1.saturating_sub(10), "player2_vp": vp2, "note": "Secondary scored twice" }))
                    .await?
                    .ok()?;
                tokio::time::sleep(pause).await;
                to.post(&format!("/api/pairings/{pid}/override"), &json!({ "player1_vp": vp1.saturating_sub(5), "player2_vp": vp2, "note": "Checked the score sheet" }))
                    .await?
                    .ok()?;
            } else {
                players[opponent].post_empty(&format!("/api/pairings/{pid}/confirm")).await?.ok()?;
            }
            tokio::time::sleep(pause).await;
        }
        to.post_empty(&format!("/api/rounds/{rid}/close")).await?.ok()?;
        println!("round {n} closed");
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "IN_PROGRESS" })).await?.ok()?;
    let standings = to.get(&format!("/api/tournaments/{tid}/standings")).await?.ok()?;
    println!("\nFinal standings (top 8):");
    for s in standings["players"].as_array().into_iter().flatten().take(8) {
        println!(
            "  {:>2}. {:<10} {:<22} {}-{}-{}  {:+}  {} VP  SOS {:.1}%",
            s["rank"],
            s["display_name"].as_str().unwrap_or_default(),
            s["faction"].as_str().unwrap_or_default(),
            s["wins"],
            s["losses"],
            s["draws"],
            s["margin"].as_i64().unwrap_or(0),
            s["vp_for"],
            s["sos"].as_f64().unwrap_or(0.0)
        );
    }
    Ok(())
}

/// The name of the demo's player `i` (from 0).
fn player_name(i: usize) -> String {
    NAMES.get(i).map_or_else(|| format!("Player {}", i + 1), |n| (*n).to_string())
}

/// The e-mail the demo's player `i` signs in with: `alice@demo.arbiter`, …,
/// `player25@demo.arbiter` beyond the named ones.
fn player_email(i: usize) -> String {
    format!("{}@demo.arbiter", player_name(i).to_lowercase().replace(' ', ""))
}

/// The index of the demo player sitting in `seat` (a pairing's `player1`/`player2`).
fn seat_client(user_ids: &[String], seat: &Value) -> anyhow::Result<usize> {
    let id = seat["user_id"].as_str().unwrap_or_default();
    user_ids.iter().position(|u| u == id).with_context(|| format!("no demo player for seat {seat}"))
}
