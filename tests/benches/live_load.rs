//! Live load benchmark (run by hand, or by `scripts/bench-live`; not in CI):
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
//! that should have seen one and did not), the results per second achieved,
//! each stage of the way from commit to socket (the servers' own
//! `arbiter_live_stage_seconds` histograms, read before and after the load),
//! the CPU used during the load by each server, by this load generator and
//! by the machine (user, system, softirq), and each instance's memory.
//!
//! Knobs (environment): `CLIENTS` (10000), `PLAYERS` (2000), `RATE` (50 per
//! second), `MIX` (percent of boards, standings windows and phones; default
//! `80,10,10`, the heaviest fan-out: every result reaches a twentieth of the
//! boards), `INSTANCES` (2; 1 runs one instance with no Redis), `BACKEND`
//! (`postgres`, or `sqlite` for one instance), `ARBITER_BIN` (default
//! `target/release/arbiter`), `PERF_OUT` (a file: `perf record -a -g` runs
//! over the load phase and writes there, for `perf report`). Phones are
//! players' own pages; with more phones than players a player has several.

use arbiter_server::client::ApiClient;
use arbiter_tests::load::fleet::{self, Fleet};
use arbiter_tests::load::{
    histogram_buckets, histogram_quantile, memory, mix, percentile, process_cpu_secs, shows, Follow, MachineCpu, Routes,
};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{open_tournament, register, s, sign_up, Backend};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The setup signs up thousands of players from one address in seconds, and
/// every viewer connects from it: limits far above what this load needs.
const LIMITS: &[&str] = &["--auth-burst-per-address", "100000", "--ws-per-address", "100000"];

/// Tables one venue board follows.
const BOARD_TABLES: u32 = 50;

/// The servers' per-stage histogram (see `server/src/live/stats.rs`).
const STAGES: &str = "arbiter_live_stage_seconds";

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

struct Event {
    base: Vec<String>,
    to: ApiClient,
    players: Vec<ApiClient>,
    tid: String,
    /// (pairing id, table number, player1 index, player2 index).
    tables: Vec<(String, u32, usize, usize)>,
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

/// Each instance's `/metrics` page.
fn metrics(sys: &actix_web::rt::SystemRunner, servers: &[ServerProcess]) -> Vec<String> {
    servers
        .iter()
        .map(|s| {
            sys.block_on(async { ApiClient::new(&s.base).get_text("/metrics").await })
                .map(|(_, t)| t)
                .unwrap_or_default()
        })
        .collect()
}

fn main() -> anyhow::Result<()> {
    if std::env::var_os(fleet::CHILD).is_some() {
        return fleet::child_main();
    }
    let clients = env("CLIENTS", 10_000);
    let players = env("PLAYERS", 2000);
    let rate = env("RATE", 50);
    let instances = env("INSTANCES", 2).clamp(1, 4);
    let backend = std::env::var("BACKEND").unwrap_or_else(|_| "postgres".into());
    // The servers hold the sockets too (half each, or all of them); the
    // viewers are in child processes of at most `fleet::PER_CHILD` each.
    open_files((clients / instances + 4096) as u64)?;
    let bin = std::env::var("ARBITER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/arbiter"));
    anyhow::ensure!(
        bin.exists(),
        "build the server first: cargo build --release -p arbiter-server ({} missing)",
        bin.display()
    );
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let (boards, standings) = mix((80, 10));
    println!(
        "live_load: {clients} clients (mix {boards},{standings},{}), {players} players, {rate} results/s, {instances} instance(s) on {backend}{}",
        100usize.saturating_sub(boards + standings),
        if instances > 1 { " + Redis" } else { "" }
    );

    // Servers and the event, driven from an actix system (the API client is awc).
    let sys = actix_web::rt::System::new();
    let (servers, mut event, _db_dir) = sys.block_on(async {
        let (url, dir) = match backend.as_str() {
            "sqlite" => {
                anyhow::ensure!(instances == 1, "SQLite serves one instance: INSTANCES=1");
                Backend::Sqlite.fresh().await?
            }
            _ => Backend::Postgres.fresh().await?,
        };
        let redis = (instances > 1).then_some(redis.as_str());
        let mut servers = Vec::new();
        for _ in 0..instances {
            servers.push(ServerProcess::spawn_bin(&bin, &url, redis, LIMITS).await?);
        }
        let started = Instant::now();
        let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();
        let event = setup(&bases, players).await?;
        println!("event: {players} players, {} tables paired in {:.1?}", event.tables.len(), started.elapsed());
        anyhow::Ok((servers, event, dir))
    })?;

    let setup_memory = memory(&servers);

    // The clients, in processes of their own (see `fleet`).
    let follows = plan(clients, &event);
    let ws_base: Vec<String> = servers.iter().map(ServerProcess::ws_base).collect();
    let started = Instant::now();
    let queries: Vec<(String, Option<String>)> =
        follows.iter().map(|f| (f.query(), f.session().map(str::to_string))).collect();
    let viewers = Fleet::spawn(&ws_base, &event.tid, &queries)?;
    let (connected, snapshots) = viewers.connected();
    println!(
        "{connected} clients connected in {:.1?} ({} per instance, in {} load processes), {snapshots} snapshots",
        started.elapsed(),
        connected / instances,
        viewers.pids().len()
    );
    let idle = memory(&servers);

    // Confirm results at `rate` per second, measuring the CPU and the stages meanwhile.
    let stages_before = metrics(&sys, &servers);
    let cpu_before: Vec<f64> = servers.iter().map(|s| process_cpu_secs(s.pid())).collect();
    let generator_cpu = || -> f64 {
        viewers.pids().iter().map(|p| process_cpu_secs(*p)).sum::<f64>() + process_cpu_secs(std::process::id())
    };
    let me_before = generator_cpu();
    let machine_before = MachineCpu::now();
    let perf = std::env::var("PERF_OUT").ok().map(|out| {
        std::process::Command::new("perf")
            .args(["record", "-F", "499", "-a", "-g", "-o", &out, "--", "sleep", "3600"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
    });
    let started = Instant::now();
    let (confirmed, last_done) = sys.block_on(confirm_all(&mut event, rate))?;
    let took = started.elapsed();
    // Let the last frames arrive: until nothing new for 2 s (at most 30 s).
    let mut last = (usize::MAX, Instant::now());
    while last.1.elapsed() < Duration::from_secs(2) && started.elapsed() < took + Duration::from_secs(30) {
        let n = viewers.confirmations();
        if n != last.0 {
            last = (n, Instant::now());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let busy = last.1.duration_since(started).as_secs_f64().max(0.001);
    let machine = MachineCpu::now().shares_since(&machine_before);
    let me = generator_cpu() - me_before;
    let cpu: Vec<f64> = servers.iter().zip(&cpu_before).map(|(s, b)| process_cpu_secs(s.pid()) - b).collect();
    if let Some(Ok(mut p)) = perf {
        let _ = std::process::Command::new("kill").args(["-INT", &p.id().to_string()]).status();
        let _ = p.wait();
    }
    let stages_after = metrics(&sys, &servers);
    let peak = memory(&servers);
    println!(
        "{confirmed} results confirmed in {took:.1?}: {:.1}/s achieved (target {rate}), the last answered after {:.1?}",
        confirmed as f64 / last_done.as_secs_f64().max(0.001),
        last_done
    );
    println!(
        "CPU over the load ({busy:.1} s, until the last frame): {}; load generator (all its processes) {:.0} % of a core; machine: {machine}",
        cpu.iter().enumerate().map(|(i, c)| format!("instance {} {:.0} %", i + 1, c * 100.0 / busy)).collect::<Vec<_>>().join(", "),
        me * 100.0 / busy
    );
    for (i, (before, after)) in stages_before.iter().zip(&stages_after).enumerate() {
        let (before, after) = (histogram_buckets(before, STAGES), histogram_buckets(after, STAGES));
        let pick = |metrics: &str, name: &str| {
            metrics
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().last())
                .unwrap_or("?")
                .to_string()
        };
        let page = &stages_after[i];
        println!(
            "instance {}: frames delivered {}, viewers cut off (queue full) {}, standings recomputes {}; stages (ms, p50 / p99 over n):",
            i + 1,
            pick(page, "arbiter_live_frames_delivered_total"),
            pick(page, "arbiter_live_queue_drops_total"),
            pick(page, "arbiter_live_standings_recomputes_total")
        );
        let empty = Vec::new();
        for (stage, buckets) in &after {
            let b = before.get(stage).unwrap_or(&empty);
            let (n, p50) = histogram_quantile(b, buckets, 0.5);
            let (_, p99) = histogram_quantile(b, buckets, 0.99);
            println!("  {stage:<10} p50 {p50:>8.3}  p99 {p99:>8.3}  n {n}");
        }
        // A change's wait for its tournament's write lock, and how long it held it.
        for (name, metric) in
            [("lock wait", "arbiter_db_lock_wait_seconds"), ("lock held", "arbiter_db_lock_held_seconds")]
        {
            let (b, a) = (histogram_buckets(&stages_before[i], metric), histogram_buckets(page, metric));
            let Some(a) = a.get("") else { continue };
            let b = b.get("").unwrap_or(&empty);
            let (n, p50) = histogram_quantile(b, a, 0.5);
            let (_, p99) = histogram_quantile(b, a, 0.99);
            println!("  {name:<10} p50 {p50:>8.3}  p99 {p99:>8.3}  n {n}");
        }
    }

    // Report.
    let o = viewers.finish()?;
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
    println!("worst latency of each second's confirmations (ms): {:?}", o.worst_per_second());
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
async fn setup(bases: &[String], n: usize) -> anyhow::Result<Event> {
    let (mut to, _) = sign_up(&bases[0], "Organiser").await?;
    let tid = open_tournament(&mut to, "Load Test Open", 5).await?;
    let mut players = Vec::with_capacity(n);
    for chunk in (1..=n).collect::<Vec<_>>().chunks(16) {
        let made = futures_util::future::join_all(chunk.iter().map(|i| {
            let tid = tid.clone();
            let base = bases[i % bases.len()].clone();
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
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "REGISTRATION" })).await?.ok()?;
    let check_in = format!("/api/tournaments/{tid}/check-in");
    for chunk in players.chunks_mut(32) {
        let done = futures_util::future::join_all(chunk.iter_mut().map(|c| c.post_empty(&check_in))).await;
        for r in done {
            r?.ok()?;
        }
    }
    to.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "CHECK_IN" })).await?.ok()?;
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
    Ok(Event { base: bases.to_vec(), to, players, tid, tables })
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

/// Reports and confirms every table, starting one confirmation every 1/rate
/// s; returns how many, and when the last one was answered.
async fn confirm_all(e: &mut Event, rate: usize) -> anyhow::Result<(usize, Duration)> {
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let mut ticker = tokio::time::interval(gap);
    let mut in_flight = Vec::new();
    let tables = e.tables.clone();
    let started = Instant::now();
    let n = e.base.len();
    let routes = std::rc::Rc::new(std::cell::RefCell::new(Routes::default()));
    for (k, (pid, _, p1, p2)) in tables.into_iter().enumerate() {
        ticker.tick().await;
        // Report through one instance, confirm through the next.
        let mut reporter = e.players[p1].clone_to(&e.base[k % n]);
        let mut confirmer = e.players[p2].clone_to(&e.base[(k + 1) % n]);
        let routes = routes.clone();
        in_flight.push(actix_web::rt::spawn(async move {
            let t = Instant::now();
            let report = json!({ "player1_vp": 70, "player2_vp": 45 });
            let r = reporter.post(&format!("/api/pairings/{pid}/report"), &report).await?.ok().map(|_| ());
            routes.borrow_mut().record("report", t, r.as_ref().err().map(ToString::to_string));
            r?;
            let t = Instant::now();
            let c = confirmer.post_empty(&format!("/api/pairings/{pid}/confirm")).await?.ok().map(|_| ());
            routes.borrow_mut().record("confirm", t, c.as_ref().err().map(ToString::to_string));
            c?;
            anyhow::Ok(started.elapsed())
        }));
    }
    let (mut done, mut last) = (0, Duration::ZERO);
    for h in in_flight {
        last = last.max(h.await??);
        done += 1;
    }
    let _ = &e.to;
    print!("requests during the load:\n{}", routes.borrow().report());
    Ok((done, last))
}
