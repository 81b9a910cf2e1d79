//! Live load benchmark (run by hand, not in CI):
//!
//! ```sh
//! cargo build --release -p arbiter-server
//! cargo bench -p arbiter-tests --bench live_load
//! ```
//!
//! Two `arbiter serve` instances (release build) on one PostgreSQL and one
//! Redis; a 2,000-player 40K event is paired (1,000 tables); 10,000 WebSocket
//! clients connect, half to each instance: venue boards following 50 tables
//! each (80%), standings windows (10%) and players' phones (10%). Results
//! are then reported and confirmed at 50 per second, alternately through
//! each instance. Every client records, for each confirmation it receives,
//! the time from the confirm's commit (the frame's `at`) to receipt.
//!
//! Prints p50, p99 and max latency, confirmations missed (a board or phone
//! that should have seen one and did not), and each instance's memory.
//! Knobs (environment): `CLIENTS` (10000), `PLAYERS` (2000), `RATE` (50 per
//! second), `MIX` (percent of boards, standings windows and phones; default
//! `80,10,10`, the heaviest fan-out: every result reaches a fifth of the
//! boards), `ARBITER_BIN` (default `target/release/arbiter`). Phones are
//! players' own pages; with more phones than players a player has several.

use arbiter_server::client::ApiClient;
use arbiter_tests::load::{connect_all, memory, mix, percentile, shows, Follow, Observed};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{open_tournament, register, s, sign_up, Backend};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The setup signs up thousands of players from one address in seconds, and
/// every viewer connects from it: limits far above what this load needs.
const LIMITS: &[&str] = &["--auth-burst-per-address", "100000", "--ws-per-address", "100000"];

/// Tables one venue board follows.
const BOARD_TABLES: u32 = 50;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Event {
    base: [String; 2],
    to: ApiClient,
    players: Vec<ApiClient>,
    tid: String,
    /// (pairing id, table number, player1 index, player2 index).
    tables: Vec<(String, u32, usize, usize)>,
}

fn main() -> anyhow::Result<()> {
    let clients = env("CLIENTS", 10_000);
    let players = env("PLAYERS", 2000);
    let rate = env("RATE", 50);
    let (soft, hard) = rlimit::Resource::NOFILE.get()?;
    let want = (clients as u64 * 2 + 4096).min(hard);
    if soft < want {
        rlimit::Resource::NOFILE.set(want, hard)?;
    }
    anyhow::ensure!(want >= clients as u64 * 2, "raise the open-file limit (ulimit -n {})", clients * 2 + 4096);
    let bin = std::env::var("ARBITER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/arbiter"));
    anyhow::ensure!(
        bin.exists(),
        "build the server first: cargo build --release -p arbiter-server ({} missing)",
        bin.display()
    );
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());

    // Servers and the event, driven from an actix system (the API client is awc).
    let sys = actix_web::rt::System::new();
    let (servers, mut event) = sys.block_on(async {
        let (url, _) = Backend::Postgres.fresh().await?;
        let a = ServerProcess::spawn_bin(&bin, &url, Some(&redis), LIMITS).await?;
        let b = ServerProcess::spawn_bin(&bin, &url, Some(&redis), LIMITS).await?;
        let started = Instant::now();
        let event = setup(&a.base, &b.base, players).await?;
        println!("event: {players} players, {} tables paired in {:.1?}", event.tables.len(), started.elapsed());
        anyhow::Ok(([a, b], event))
    })?;

    let setup_memory = memory(&servers);

    // The clients, on their own runtime.
    let follows = plan(clients, &event);
    let observed = Arc::new(Mutex::new(Observed::default()));
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let ws_base: Vec<String> = servers.iter().map(ServerProcess::ws_base).collect();
    let tid = event.tid.clone();
    let started = Instant::now();
    let connected = rt.block_on(connect_all(&ws_base, &tid, &follows, &observed))?;
    println!("{connected} clients connected in {:.1?} ({} per instance)", started.elapsed(), connected / 2);
    let idle = memory(&servers);

    // Confirm results at `rate` per second.
    let started = Instant::now();
    let confirmed = sys.block_on(confirm_all(&mut event, rate))?;
    let took = started.elapsed();
    println!("{confirmed} results confirmed in {took:.1?} ({:.1}/s)", confirmed as f64 / took.as_secs_f64());
    // Let the last frames arrive: until nothing new for 2 s (at most 30 s).
    let mut last = (usize::MAX, Instant::now());
    while last.1.elapsed() < Duration::from_secs(2) && started.elapsed() < took + Duration::from_secs(30) {
        let n = observed.lock().map(|o| o.latencies_ms.len()).unwrap_or(0);
        if n != last.0 {
            last = (n, Instant::now());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let peak = memory(&servers);
    for (i, s) in servers.iter().enumerate() {
        let metrics = sys
            .block_on(async { ApiClient::new(&s.base).get_text("/metrics").await })
            .map(|(_, t)| t)
            .unwrap_or_default();
        let pick = |name: &str| {
            metrics
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().last())
                .unwrap_or("?")
                .to_string()
        };
        println!(
            "instance {}: frames delivered {}, viewers cut off (queue full) {}, standings recomputes {}",
            i + 1,
            pick("arbiter_live_frames_delivered_total"),
            pick("arbiter_live_queue_drops_total"),
            pick("arbiter_live_standings_recomputes_total")
        );
    }

    // Report.
    let o = observed.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
    let mut lat = o.latencies_ms.clone();
    lat.sort_unstable();
    let pct = |p: f64| percentile(&lat, p);
    let expected: usize = follows
        .iter()
        .enumerate()
        .map(|(i, f)| event.tables.iter().filter(|t| shows(f, t.1) && !o.confirmed.contains(&(i, t.1))).count())
        .sum();
    println!("confirmations delivered: {} (standings window updates: {})", lat.len(), o.standings_updates);
    println!(
        "latency commit → client: p50 {} ms, p99 {} ms, max {} ms",
        pct(0.50),
        pct(0.99),
        lat.last().copied().unwrap_or(0)
    );
    println!("confirmations missed: {expected}");
    for (i, ((before, idle), peak)) in setup_memory.iter().zip(&idle).zip(&peak).enumerate() {
        println!(
            "instance {}: RSS {} MiB before clients (after the setup's sign-ups), {} MiB with its clients connected, {} MiB after the load (peak {} MiB)",
            i + 1,
            before.0 / 1024,
            idle.0 / 1024,
            peak.0 / 1024,
            peak.1 / 1024
        );
    }
    drop(servers);
    Ok(())
}

/// Signs up the TO and the players, registers, checks in and pairs round 1.
async fn setup(a: &str, b: &str, n: usize) -> anyhow::Result<Event> {
    let (mut to, _) = sign_up(a, "Organiser").await?;
    let tid = open_tournament(&mut to, "Load Test Open", 5).await?;
    let mut players = Vec::with_capacity(n);
    for chunk in (1..=n).collect::<Vec<_>>().chunks(16) {
        let made = futures_util::future::join_all(chunk.iter().map(|i| {
            let tid = tid.clone();
            let base = if i % 2 == 0 { a.to_string() } else { b.to_string() };
            async move {
                let (mut c, _) = sign_up(&base, &format!("L{i}")).await?;
                register(&mut c, &tid, &format!("L{i}"), "Orks").await?;
                anyhow::Ok(c)
            }
        }))
        .await;
        for c in made {
            players.push(c?);
        }
    }
    to.post_empty(&format!("/api/tournaments/{tid}/advance")).await?.ok()?;
    let check_in = format!("/api/tournaments/{tid}/check-in");
    for chunk in players.chunks_mut(32) {
        let done = futures_util::future::join_all(chunk.iter_mut().map(|c| c.post_empty(&check_in))).await;
        for r in done {
            r?.ok()?;
        }
    }
    to.post_empty(&format!("/api/tournaments/{tid}/advance")).await?.ok()?;
    let r = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await?.ok()?;
    let p = to.post_empty(&format!("/api/rounds/{}/pairings", s(&r["round"], "id"))).await?.ok()?;
    let index = |seat: &Value| s(seat, "name").trim_start_matches('L').parse::<usize>().map(|k| k - 1);
    let mut tables = Vec::new();
    for t in p["round"]["pairings"].as_array().into_iter().flatten().filter(|t| !t["player2"].is_null()) {
        tables.push((
            s(t, "id").to_string(),
            t["table"].as_u64().unwrap_or(0) as u32,
            index(&t["player1"])?,
            index(&t["player2"])?,
        ));
    }
    Ok(Event { base: [a.to_string(), b.to_string()], to, players, tid, tables })
}

/// What each client follows: `MIX` percent boards of 50 tables, standings
/// windows (50 rows, over the first 1,000 places) and phones, interleaved.
fn plan(clients: usize, e: &Event) -> Vec<Follow> {
    let (boards_pct, standings_pct) = mix((80, 10));
    let tables = e.tables.len() as u32;
    let boards = tables.div_ceil(BOARD_TABLES).max(1);
    let table_of: HashMap<usize, u32> = e.tables.iter().flat_map(|t| [(t.2, t.1), (t.3, t.1)]).collect();
    let (mut n_board, mut n_standings, mut n_phone) = (0usize, 0usize, 0usize);
    (0..clients)
        .map(|i| match i % 100 {
            k if k < boards_pct => {
                let b = n_board as u32 % boards;
                n_board += 1;
                Follow::Board { from: b * BOARD_TABLES + 1, to: (b + 1) * BOARD_TABLES }
            }
            k if k < boards_pct + standings_pct => {
                n_standings += 1;
                Follow::Standings { offset: (n_standings % 20) as u32 * 50 }
            }
            _ => {
                let p = n_phone % e.players.len();
                n_phone += 1;
                Follow::Player {
                    table: table_of.get(&p).copied().unwrap_or(0),
                    session: e.players[p].session().unwrap_or_default().to_string(),
                }
            }
        })
        .collect()
}

/// Reports and confirms every table, starting one confirmation every 1/rate s.
async fn confirm_all(e: &mut Event, rate: usize) -> anyhow::Result<usize> {
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let mut ticker = tokio::time::interval(gap);
    let mut in_flight = Vec::new();
    let tables = e.tables.clone();
    for (k, (pid, _, p1, p2)) in tables.into_iter().enumerate() {
        ticker.tick().await;
        // Report through one instance, confirm through the other.
        let mut reporter = e.players[p1].clone_to(&e.base[k % 2]);
        let mut confirmer = e.players[p2].clone_to(&e.base[(k + 1) % 2]);
        in_flight.push(actix_web::rt::spawn(async move {
            reporter
                .post(&format!("/api/pairings/{pid}/report"), &json!({ "player1_vp": 70, "player2_vp": 45 }))
                .await?
                .ok()?;
            confirmer.post_empty(&format!("/api/pairings/{pid}/confirm")).await?.ok()?;
            anyhow::Ok(())
        }));
    }
    let mut done = 0;
    for h in in_flight {
        h.await??;
        done += 1;
    }
    let _ = &e.to;
    Ok(done)
}
