//! `arbiter demo --format teams`: a 40K team event of 8 teams of 5 played
//! through the HTTP API (issue 25, point 7), as its people would play it:
//!
//! - each team is registered by its captain (the team's first player) with
//!   its five players linked by the e-mails of their accounts, one faction
//!   at most once per team, and checked in by the captain;
//! - each round the TO pairs the teams; in every team match the two
//!   captains run the defender/attacker process step by step from their own
//!   accounts (each reads their own view of the process and locks one of the
//!   choices it offers: defenders, attackers, which attacker to keep), the
//!   TO recording the roll-off first when the event's table choice asks for
//!   one;
//! - each game is reported by its first player and confirmed by the second
//!   (one game a round is disputed and settled by the TO), and the round is
//!   closed once every match is scored.

use crate::client::ApiClient;
use crate::demo::{DemoArgs, PASSWORD, TO_EMAIL};
use anyhow::Context as _;
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// The demo's teams (8) and the word their players' names and e-mails carry.
const TEAMS: [(&str, &str); 8] = [
    ("Northern Wolves", "north"),
    ("Southern Cross", "south"),
    ("Eastern Dragons", "east"),
    ("Western Rangers", "west"),
    ("Highland Raiders", "high"),
    ("Lowland Legion", "low"),
    ("Coastal Krakens", "coast"),
    ("Midland Iron", "mid"),
];
/// The five players' first names of every team (seat order).
const FIRST: [&str; 5] = ["Alice", "Bob", "Carol", "Dave", "Eve"];
// Factions: team `i` fields five consecutive ones from `i`, so none twice in a team.
use super::FACTIONS;
/// Players per team.
const SIZE: usize = 5;
/// Rounds when `--rounds` is not given: 3 (8 teams, no rematch).
pub const DEFAULT_ROUNDS: u32 = 3;

/// The e-mail of seat `seat` of team `team`: `alice.north@demo.arbiter`.
#[must_use]
pub fn member_email(team: usize, seat: usize) -> String {
    format!("{}.{}@demo.arbiter", FIRST[seat].to_lowercase(), TEAMS[team].1)
}

/// The name of seat `seat` of team `team`: `Alice North`.
fn member_name(team: usize, seat: usize) -> String {
    let word = TEAMS[team].1;
    format!("{} {}{}", FIRST[seat], word[..1].to_uppercase(), &word[1..])
}

/// Plays the team demo against `base` (a server already running); prints
/// the pages to open and each round's matches.
///
/// # Errors
/// The API refused a step.
pub async fn play(args: &DemoArgs, base: &str) -> anyhow::Result<()> {
    let rounds = args.rounds.unwrap_or(DEFAULT_ROUNDS);
    let pause = Duration::from_millis(args.pause_ms);
    let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);

    let fields = json!({
                "format": "5-player teams, 2000pts",
                "game": "wh40k",
                "total_rounds": rounds,
                "teams": { "format": "wh40k", "size": SIZE, "table_choice": "roll_off_winner" },
    });
    let (mut to, tid) = super::create_event(base, "Arbiter Demo Teams", fields).await?;
    println!("\nArbiter team demo: {} teams of {SIZE}, {rounds} rounds", TEAMS.len());
    println!("  Pairings board : {base}/t/{tid}/board");
    println!("  Standings      : {base}/t/{tid}/standings");
    println!("  TO dashboard   : {base}/t/{tid}/dashboard");
    println!("  Event page     : {base}/t/{tid}");
    println!("  Player's page  : {base}/t/{tid}/me");
    println!("  Pairing rooms  : {base}/t/{tid}/rooms  (each match: {base}/t/{tid}/matches/{{match id}})");
    println!("  Teams (API)    : {base}/api/tournaments/{tid}/teams");
    println!("  A match's process (API): {base}/api/matches/{{match id}}/process");
    println!("\nSign in at {base}/login (every account's password: {PASSWORD}):");
    println!("  the TO         : {TO_EMAIL}");
    for (i, (name, _)) in TEAMS.iter().enumerate() {
        println!(
            "  {name:<17}: captain {}, players {} … {}",
            member_email(i, 0),
            member_email(i, 1),
            member_email(i, SIZE - 1)
        );
    }
    println!();
    tokio::time::sleep(pause * 3).await;
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "DRAFT" })).await?.ok()?;

    // The players' accounts, then each team registered by its captain (seat 1).
    let mut clients: Vec<ApiClient> = Vec::new();
    let mut by_user: HashMap<String, usize> = HashMap::new();
    let mut team_ids = Vec::new();
    let mut captain_of: HashMap<String, usize> = HashMap::new();
    for (i, (team, _)) in TEAMS.iter().enumerate() {
        let mut players = Vec::new();
        for seat in 0..SIZE {
            let mut c = ApiClient::new(base);
            let me = c.sign_up_or_in(&member_email(i, seat), PASSWORD, &member_name(i, seat)).await?;
            by_user.insert(me["user"]["id"].as_str().unwrap_or_default().to_string(), clients.len());
            let faction = FACTIONS[(i + seat) % FACTIONS.len()];
            players.push(json!({
                "name": member_name(i, seat),
                "email": member_email(i, seat),
                "faction": faction,
                "list_text": format!("+ FACTION KEYWORD: {faction}\n+ DETACHMENT: Demo Detachment\n\nHQ: Warlord [100pts]"),
            }));
            clients.push(c);
        }
        let captain = clients.len() - SIZE;
        let made = clients[captain]
            .post(&format!("/api/tournaments/{tid}/teams"), &json!({ "name": team, "players": players }))
            .await?
            .ok()?;
        let id = made["team"]["id"].as_str().context("team id")?.to_string();
        captain_of.insert(id.clone(), captain);
        team_ids.push(id);
    }
    println!("{} teams registered by their captains", team_ids.len());
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
    for id in &team_ids {
        clients[captain_of[id]].post_empty(&format!("/api/teams/{id}/check-in")).await?.ok()?;
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
    println!("every team checked in; the event has started");

    for n in 1..=rounds {
        let round = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
        let rid = round["round"]["id"].as_str().context("round id")?.to_string();
        let published = to.post_empty(&format!("/api/rounds/{rid}/pairings")).await?.ok()?;
        let matches: Vec<Value> = published["round"]["pairings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| !p["player2"].is_null())
            .cloned()
            .collect();
        println!("round {n}: {} team matches paired", matches.len());
        tokio::time::sleep(pause * 2).await;
        for (k, m) in matches.iter().enumerate() {
            let mid = m["id"].as_str().context("match id")?.to_string();
            let captains = [
                captain_of[m["player1"]["id"].as_str().unwrap_or_default()],
                captain_of[m["player2"]["id"].as_str().unwrap_or_default()],
            ];
            let done = captains_process(&mut to, &mut clients, captains, &mid, &mut rng, pause).await?;
            println!(
                "  table {}: {} v {}: {} games set",
                m["table"],
                m["player1"]["name"].as_str().unwrap_or_default(),
                m["player2"]["name"].as_str().unwrap_or_default(),
                done["games"].as_array().map_or(0, Vec::len)
            );
            for (g, game) in done["games"].as_array().into_iter().flatten().enumerate() {
                let gid = game["id"].as_str().context("game id")?;
                let seat = |key: &str| {
                    let user = game[key]["user_id"].as_str().unwrap_or_default();
                    by_user.get(user).copied().with_context(|| format!("no demo player for {}", game[key]))
                };
                let (first, second) = (seat("player1")?, seat("player2")?);
                let (vp1, vp2) = (rng.gen_range(20..=95u32), rng.gen_range(20..=95u32));
                clients[first]
                    .post(&format!("/api/pairings/{gid}/report"), &json!({ "player1_vp": vp1, "player2_vp": vp2 }))
                    .await?
                    .ok()?;
                tokio::time::sleep(pause / 2).await;
                if k == 0 && g == 0 {
                    // One dispute a round, settled by the TO.
                    clients[second]
                        .post(
                            &format!("/api/pairings/{gid}/dispute"),
                            &json!({ "player1_vp": vp1.saturating_sub(10), "player2_vp": vp2, "note": "Secondary scored twice" }),
                        )
                        .await?
                        .ok()?;
                    to.post(
                        &format!("/api/pairings/{gid}/override"),
                        &json!({ "player1_vp": vp1.saturating_sub(5), "player2_vp": vp2, "note": "Checked the score sheet" }),
                    )
                    .await?
                    .ok()?;
                } else {
                    clients[second].post_empty(&format!("/api/pairings/{gid}/confirm")).await?.ok()?;
                }
            }
        }
        let board = to.get(&format!("/api/rounds/{rid}")).await?.ok()?;
        for m in board["round"]["pairings"].as_array().into_iter().flatten() {
            println!(
                "  table {}: {} {}–{} {}",
                m["table"],
                m["player1"]["name"].as_str().unwrap_or_default(),
                m["player1_vp"],
                m["player2_vp"],
                m["player2"]["name"].as_str().unwrap_or("(bye)")
            );
        }
        to.post_empty(&format!("/api/rounds/{rid}/close")).await?.ok()?;
        println!("round {n} closed");
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "IN_PROGRESS" })).await?.ok()?;
    let standings = to.get(&format!("/api/tournaments/{tid}/standings")).await?.ok()?;
    println!("\nFinal team standings:");
    for s in standings["players"].as_array().into_iter().flatten() {
        println!(
            "  {:>2}. {:<18} {}-{}-{}  {} game points",
            s["rank"],
            s["display_name"].as_str().unwrap_or_default(),
            s["wins"],
            s["losses"],
            s["draws"],
            s["vp_for"]
        );
    }
    Ok(())
}

/// Runs match `mid`'s captains' process to its end: the TO records the
/// roll-off when the process starts with one; then, step by step, each
/// captain (in `clients`, by index in `captains`: team A's, team B's) reads
/// their own view and locks one of the choices it offers, in a random order
/// of the two. Returns the final view (team A's captain's).
///
/// # Errors
/// The API refused a step, or the process offered no choice to anyone.
async fn captains_process(
    to: &mut ApiClient,
    clients: &mut [ApiClient],
    captains: [usize; 2],
    mid: &str,
    rng: &mut rand::rngs::StdRng,
    pause: Duration,
) -> anyhow::Result<Value> {
    let path = format!("/api/matches/{mid}/process");
    for _ in 0..64 {
        let v = clients[captains[0]].get(&path).await?.ok()?;
        match v["state"]["phase"].as_str().unwrap_or_default() {
            "done" => return Ok(v),
            "roll_off" => {
                let winner = if rng.gen_bool(0.5) { "a" } else { "b" };
                to.post(&format!("{path}/roll-off"), &json!({ "winner": winner })).await?.ok()?;
                continue;
            }
            _ => {}
        }
        let mut order = captains;
        order.shuffle(rng);
        let mut locked = 0;
        for c in order {
            let mine = clients[c].get(&path).await?.ok()?;
            let options = mine["options"].as_array().cloned().unwrap_or_default();
            if let Some(choice) = options.choose(rng) {
                clients[c].post(&format!("{path}/lock"), &json!({ "choice": choice })).await?.ok()?;
                locked += 1;
                tokio::time::sleep(pause / 4).await;
            }
        }
        anyhow::ensure!(locked > 0, "match {mid}: no captain has a choice to lock in phase {}", v["state"]["phase"]);
    }
    anyhow::bail!("match {mid}: the captains' process did not end")
}
