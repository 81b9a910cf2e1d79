//! Captains' process benchmark (issue 25; run by hand, not in CI):
//!
//! ```sh
//! cargo build -p arbiter-server            # or --release (the default binary)
//! cargo bench -p arbiter-tests --bench captains_load
//! ```
//!
//! One 40K team event of 128 teams of 5 (registered by their 128 captains
//! over HTTP) is paired: 64 team matches. The 128 captains and 1,000
//! anonymous viewers follow the event's live socket; then the 64 matches run
//! their whole defender/attacker process at once, each captain reading their
//! own view of the process, thinking a while (`THINK_MS`, uniform from 0 to
//! it) and locking one of the choices it offers, step after step.
//!
//! Measured: the **lock-to-reveal latency**, from the moment the second
//! captain's lock request of a step is sent to the moment the frame of that
//! reveal (`process_changed` with the reveal's step number) arrives at the
//! other captain's socket, and at each viewer's. Printed as p50 / p99 / max
//! over every step of every match, with reveals missed (a socket that never
//! got one), the second lock's own answer time, the CPU each server used and
//! how long the whole process took.
//!
//! Knobs (environment): `MATCHES` (64), `VIEWERS` (1000), `THINK_MS` (2000;
//! 0 runs every step back to back), `INSTANCES` (1; 2 runs two instances on
//! PostgreSQL + Redis, captains and viewers alternating between them, as
//! `live_load` does), `BACKEND` (`sqlite` for one instance, `postgres`),
//! `ARBITER_BIN` (default `target/release/arbiter` when built, else
//! `target/debug/arbiter`).

use arbiter_server::client::ApiClient;
use arbiter_tests::load::{percentile, process_cpu_secs};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{s, sign_up, Backend, WsClient};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Setup signs up hundreds of accounts from one address in seconds and every
/// socket connects from it: limits far above what this load needs.
const LIMITS: &[&str] = &["--auth-burst-per-address", "100000", "--ws-per-address", "100000"];

/// When each socket heard each (match, step): the arrival instants.
type Heard = Arc<Mutex<HashMap<(String, u64), Vec<Instant>>>>;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Raises the open-file limit to `want` (the hard limit too, which root may).
fn open_files(want: u64) -> anyhow::Result<()> {
    let (soft, hard) = rlimit::Resource::NOFILE.get()?;
    if hard < want {
        let _ = rlimit::Resource::NOFILE.set(want, want);
    }
    let (_, hard) = rlimit::Resource::NOFILE.get()?;
    if soft < want.min(hard) {
        rlimit::Resource::NOFILE.set(want.min(hard), hard)?;
    }
    let (soft, _) = rlimit::Resource::NOFILE.get()?;
    anyhow::ensure!(soft >= want, "raise the open-file limit (ulimit -n {want})");
    Ok(())
}

/// The `(match id, step)` a `process_changed` frame carries, wherever the
/// frame nests the event's data.
fn process_step(frame: &Value) -> Option<(String, u64)> {
    match frame {
        Value::Object(map) => {
            if let (Some(Value::String(m)), Some(Value::Number(n))) = (map.get("match_id"), map.get("step")) {
                return Some((m.clone(), n.as_u64()?));
            }
            map.values().find_map(process_step)
        }
        Value::Array(items) => items.iter().find_map(process_step),
        _ => None,
    }
}

/// Reads `socket` until it closes, noting when each process step arrived.
fn listen(mut socket: WsClient, heard: Heard) {
    actix_web::rt::spawn(async move {
        while let Some(frame) = socket.next_json(Duration::from_secs(3600)).await {
            let at = Instant::now();
            if frame.to_string().contains("process_changed") {
                if let Some(key) = process_step(&frame) {
                    heard.lock().unwrap_or_else(std::sync::PoisonError::into_inner).entry(key).or_default().push(at);
                }
            }
        }
    });
}

/// A small deterministic generator (xorshift64*): the captains' picks and
/// thinking times, the same every run.
struct Rng(u64);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    }
}

/// One team match: its id and its two captains (team A's, team B's).
struct Match {
    id: String,
    captains: [ApiClient; 2],
}

/// Each reveal of a match: (match id, reveal step, the captain who locked
/// first (0: team A's, 1: team B's), second lock sent at, its answer time).
type Reveal = (String, u64, usize, Instant, Duration);

/// Runs match `m`'s process to its end; returns its reveals.
async fn run_match(mut m: Match, think_ms: u64, seed: u64) -> anyhow::Result<Vec<Reveal>> {
    let mut rng = Rng(seed.max(1));
    let path = format!("/api/matches/{}/process", m.id);
    let mut reveals = Vec::new();
    loop {
        let v = m.captains[0].get(&path).await?.ok()?;
        if v["state"]["phase"] == "done" {
            return Ok(reveals);
        }
        anyhow::ensure!(v["state"]["phase"] != "roll_off", "the bench's event has no roll-off");
        let first = rng.below(2) as usize;
        for (k, c) in [first, 1 - first].into_iter().enumerate() {
            let mine = m.captains[c].get(&path).await?.ok()?;
            let options = mine["options"].as_array().cloned().unwrap_or_default();
            anyhow::ensure!(!options.is_empty(), "match {}: no choice offered: {mine}", m.id);
            let choice = options[rng.below(options.len() as u64) as usize].clone();
            if think_ms > 0 {
                tokio::time::sleep(Duration::from_millis(rng.below(think_ms + 1))).await;
            }
            let sent = Instant::now();
            let done = m.captains[c].post(&format!("{path}/lock"), &json!({ "choice": choice })).await?.ok()?;
            if k == 1 {
                let step = done["step"].as_u64().unwrap_or_default();
                reveals.push((m.id.clone(), step, first, sent, sent.elapsed()));
            }
        }
    }
}

fn main() -> anyhow::Result<()> {
    let matches = env("MATCHES", 64);
    let viewers = env("VIEWERS", 1000);
    let think_ms = env("THINK_MS", 2000) as u64;
    let instances = env("INSTANCES", 1).clamp(1, 2);
    let backend = std::env::var("BACKEND").unwrap_or_else(|_| if instances > 1 { "postgres" } else { "sqlite" }.into());
    open_files((2 * (viewers + 2 * matches) + 4096) as u64)?;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target");
    let bin = std::env::var("ARBITER_BIN").map(PathBuf::from).unwrap_or_else(|_| {
        let release = root.join("release/arbiter");
        if release.exists() {
            release
        } else {
            root.join("debug/arbiter")
        }
    });
    anyhow::ensure!(bin.exists(), "build the server first: cargo build -p arbiter-server ({} missing)", bin.display());
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    println!(
        "captains_load: {matches} team matches ({} captains), {viewers} viewers, think 0–{think_ms} ms, {instances} instance(s) on {backend}{}, server {}",
        2 * matches,
        if instances > 1 { " + Redis" } else { "" },
        bin.display()
    );

    let sys = actix_web::rt::System::new();
    sys.block_on(async move {
        let (url, _dir) = match backend.as_str() {
            "sqlite" => {
                anyhow::ensure!(instances == 1, "SQLite serves one instance: INSTANCES=1");
                Backend::Sqlite.fresh().await?
            }
            _ => Backend::Postgres.fresh().await?,
        };
        let mut servers = Vec::new();
        for _ in 0..instances {
            servers
                .push(ServerProcess::spawn_bin(&bin, &url, (instances > 1).then_some(redis.as_str()), LIMITS).await?);
        }
        let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();

        // The event: 2 × MATCHES teams registered by their captains, checked in, paired.
        let started = Instant::now();
        let (mut to, _) = sign_up(&bases[0], "Organiser").await?;
        let body = json!({ "name": "Captains Load Open", "event_date": "2026-05-17", "format": "5-player teams",
            "game": "wh40k", "total_rounds": 3, "teams": { "format": "wh40k", "size": 5, "table_choice": "off" } });
        let t = to.post("/api/tournaments", &body).await?.ok()?;
        let tid = s(&t["tournament"], "id").to_string();
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "DRAFT" })).await?.ok()?;
        const FACTIONS: [&str; 5] = ["Orks", "Necrons", "Aeldari", "T'au Empire", "Space Marines"];
        let mut captains: HashMap<String, ApiClient> = HashMap::new();
        let teams: Vec<usize> = (0..2 * matches).collect();
        for chunk in teams.chunks(16) {
            let made = futures_util::future::join_all(chunk.iter().map(|&i| {
                let (tid, base) = (tid.clone(), bases[i % bases.len()].clone());
                async move {
                    let (mut c, _) = sign_up(&base, &format!("Captain {i}")).await?;
                    let players: Vec<Value> = FACTIONS
                        .iter()
                        .enumerate()
                        .map(|(j, f)| json!({ "name": format!("T{i}P{j}"), "faction": f }))
                        .collect();
                    let team = c
                        .post(
                            &format!("/api/tournaments/{tid}/teams"),
                            &json!({ "name": format!("Team {i}"), "players": players }),
                        )
                        .await?
                        .ok()?;
                    let id = s(&team["team"], "id").to_string();
                    anyhow::Ok((id, c))
                }
            }))
            .await;
            for r in made {
                let (id, c) = r?;
                captains.insert(id, c);
            }
        }
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
        for (id, c) in &mut captains {
            c.post_empty(&format!("/api/teams/{id}/check-in")).await?.ok()?;
        }
        to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
        let r = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
        let p = to.post_empty(&format!("/api/rounds/{}/pairings", s(&r["round"], "id"))).await?.ok()?;
        let pairs: Vec<Value> = p["round"]["pairings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|m| !m["player2"].is_null())
            .cloned()
            .collect();
        anyhow::ensure!(pairs.len() == matches, "{} matches paired, {matches} wanted", pairs.len());
        println!(
            "event: {} teams registered by their captains and {} matches paired in {:.1?}",
            2 * matches,
            pairs.len(),
            started.elapsed()
        );

        // The sockets: each captain's (signed in), then the viewers', alternating instances.
        let ws: Vec<String> = servers.iter().map(|s| format!("{}/ws/tournaments/{tid}", s.ws_base())).collect();
        let started = Instant::now();
        let mut games: Vec<Match> = Vec::new();
        let mut captain_heard: HashMap<String, [Heard; 2]> = HashMap::new();
        for (k, m) in pairs.iter().enumerate() {
            let a = captains
                .remove(s(&m["player1"], "id"))
                .ok_or_else(|| anyhow::anyhow!("no captain for {}", m["player1"]))?;
            let b = captains
                .remove(s(&m["player2"], "id"))
                .ok_or_else(|| anyhow::anyhow!("no captain for {}", m["player2"]))?;
            let heard: [Heard; 2] = [Heard::default(), Heard::default()];
            for (j, c) in [&a, &b].into_iter().enumerate() {
                let socket = WsClient::connect_as(&ws[(2 * k + j) % ws.len()], c.session()).await?;
                listen(socket, heard[j].clone());
            }
            captain_heard.insert(s(m, "id").to_string(), heard);
            games.push(Match { id: s(m, "id").to_string(), captains: [a, b] });
        }
        let viewer_heard: Heard = Heard::default();
        for chunk in (0..viewers).collect::<Vec<_>>().chunks(50) {
            let made = futures_util::future::join_all(chunk.iter().map(|i| WsClient::connect(&ws[i % ws.len()]))).await;
            for socket in made {
                listen(socket?, viewer_heard.clone());
            }
        }
        println!("{} sockets connected in {:.1?}", viewers + 2 * matches, started.elapsed());
        tokio::time::sleep(Duration::from_secs(2)).await;

        // The load: every match's process at once.
        let cpu_before: Vec<f64> = servers.iter().map(|s| process_cpu_secs(s.pid())).collect();
        let started = Instant::now();
        let runs = futures_util::future::join_all(
            games.into_iter().enumerate().map(|(k, m)| run_match(m, think_ms, 40_000 + k as u64)),
        )
        .await;
        let took = started.elapsed();
        let mut reveals: Vec<Reveal> = Vec::new();
        for r in runs {
            reveals.extend(r?);
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        let cpu: Vec<f64> = servers.iter().zip(&cpu_before).map(|(s, b)| process_cpu_secs(s.pid()) - b).collect();

        // Latencies: the other captain (the one who locked first) and every viewer.
        let (mut at_captain, mut at_viewers, mut answers) = (Vec::new(), Vec::new(), Vec::new());
        let (mut missed_captain, mut missed_viewer) = (0usize, 0usize);
        let viewer_heard = viewer_heard.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for (mid, step, first, sent, answer) in &reveals {
            answers.push(answer.as_micros() as i64);
            let key = (mid.clone(), *step);
            // The other captain: the one who locked first and waits for the reveal.
            match captain_heard[mid][*first]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get(&key)
                .and_then(|v| v.first())
            {
                Some(at) => at_captain.push(at.saturating_duration_since(*sent).as_micros() as i64),
                None => missed_captain += 1,
            }
            let arrivals = viewer_heard.get(&key).map_or(&[][..], Vec::as_slice);
            missed_viewer += viewers.saturating_sub(arrivals.len());
            at_viewers.extend(arrivals.iter().map(|at| at.saturating_duration_since(*sent).as_micros() as i64));
        }
        let show = |name: &str, v: &mut Vec<i64>| {
            v.sort_unstable();
            println!(
                "  {name:<28} p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms  n {}",
                percentile(v, 0.5) as f64 / 1000.0,
                percentile(v, 0.99) as f64 / 1000.0,
                v.last().copied().unwrap_or(0) as f64 / 1000.0,
                v.len()
            );
        };
        println!("{} reveals in {} matches in {took:.1?}; lock-to-reveal latency:", reveals.len(), matches);
        show("at the other captain's socket", &mut at_captain);
        show("at the viewers' sockets", &mut at_viewers);
        show("second lock's answer", &mut answers);
        println!("reveals missed: other captain's socket {missed_captain}, viewers' sockets {missed_viewer}");
        println!(
            "server CPU over the load ({:.1} s): {}",
            took.as_secs_f64(),
            cpu.iter()
                .enumerate()
                .map(|(i, c)| format!("instance {} {:.0} %", i + 1, c * 100.0 / took.as_secs_f64().max(0.001)))
                .collect::<Vec<_>>()
                .join(", ")
        );
        drop(servers);
        anyhow::Ok(())
    })
}
