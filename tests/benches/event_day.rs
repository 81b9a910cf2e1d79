//! Event-day benchmark (run by hand, not in CI):
//!
//! ```sh
//! cargo build --release -p arbiter-server
//! cargo bench -p arbiter-tests --bench event_day                      # SQLite, one instance
//! BACKEND=postgres cargo bench -p arbiter-tests --bench event_day     # PostgreSQL + Redis, two instances
//! ```
//!
//! **The morning**: 500 players arrive over 2 minutes (evenly spaced, at
//! most 64 requests in flight): each signs up and registers; the TO opens
//! check-in and everyone checks in; the TO starts the event and pairs round 1
//! (250 tables). **The round**: 5,000 viewers watch (venue boards of 25
//! tables, standings windows, players' phones); 250 reports and 250
//! confirmations arrive within 60 seconds. With two instances, requests and
//! viewers alternate between them.
//!
//! All requests come from 127.0.0.1, as from one venue's public address: the
//! default sign-in limits apply (they must not trip); only the per-address
//! socket cap is raised (5,000 viewers are not one venue's).
//!
//! Prints, per route, requests, failures and p50/p99/max latency; the
//! commit-to-viewer latency p50/p99 of the confirmations and any missed;
//! each instance's memory after the morning, peak and final. Targets: 0
//! failed requests; HTTP p99 < 500 ms for sign-up and < 100 ms for report
//! and confirm; viewer p99 < 100 ms.
//!
//! Knobs (environment): `BACKEND` (`sqlite`), `PLAYERS` (500), `IN_FLIGHT`
//! (64), `MORNING_SECS` (120), `ROUND_SECS` (60), `VIEWERS` (5000), `MIX`
//! (percent boards, standings, phones: `40,20,40`), `ARBITER_BIN`,
//! `SERVE_FLAGS` (extra `arbiter serve` flags; default `--ws-per-address 100000`).

use arbiter_server::client::ApiClient;
use arbiter_tests::load::{connect_all, memory, mix, percentile, shows, Follow, Routes};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{open_tournament, s, Backend};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Tables one venue board shows.
const BOARD_TABLES: u32 = 25;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn mib(kib: u64) -> String {
    format!("{:.0} MiB", kib as f64 / 1024.0)
}

/// Shared by the request tasks of one phase.
#[derive(Clone)]
struct Load {
    routes: Rc<RefCell<Routes>>,
    slots: Rc<Semaphore>,
    start: tokio::time::Instant,
}

impl Load {
    fn new(in_flight: usize) -> Load {
        Load { routes: Rc::default(), slots: Rc::new(Semaphore::new(in_flight)), start: tokio::time::Instant::now() }
    }

    /// Sends one request when a slot is free and records it under `route`.
    async fn send(
        &self,
        route: &'static str,
        c: &mut ApiClient,
        path: &str,
        body: Option<&Value>,
    ) -> anyhow::Result<Value> {
        let _slot = self.slots.acquire().await?;
        let started = Instant::now();
        let reply = match body {
            Some(b) => c.post(path, b).await,
            None => c.post_empty(path).await,
        }
        .and_then(arbiter_server::client::Reply::ok);
        self.routes.borrow_mut().record(route, started, reply.as_ref().err().map(ToString::to_string));
        reply
    }
}

/// One player's morning: arrive at `at`, sign up, register; returns the client.
async fn arrive(load: Load, base: String, tid: String, i: usize, at: Duration) -> anyhow::Result<ApiClient> {
    tokio::time::sleep_until(load.start + at).await;
    let mut c = ApiClient::new(&base);
    let email = format!("player{i}-{}@event.day", &uuid::Uuid::new_v4().simple().to_string()[..6]);
    let body = json!({ "email": email, "password": "a long password", "display_name": format!("E{i}") });
    load.send("sign-up", &mut c, "/api/auth/signup", Some(&body)).await?;
    let reg = json!({ "display_name": format!("E{i}"), "faction": "Orks", "list_text": "Orks" });
    load.send("register", &mut c, &format!("/api/tournaments/{tid}/register"), Some(&reg)).await?;
    Ok(c)
}

fn main() -> anyhow::Result<()> {
    let postgres = std::env::var("BACKEND").is_ok_and(|b| b.eq_ignore_ascii_case("postgres"));
    let (players, in_flight, viewers) = (env("PLAYERS", 500), env("IN_FLIGHT", 64), env("VIEWERS", 5000));
    let (morning, round_secs) = (env("MORNING_SECS", 120) as f64, env("ROUND_SECS", 60) as f64);
    let (soft, hard) = rlimit::Resource::NOFILE.get()?;
    let want = (viewers as u64 * 2 + 4096).min(hard);
    if soft < want {
        rlimit::Resource::NOFILE.set(want, hard)?;
    }
    let bin = std::env::var("ARBITER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/arbiter"));
    anyhow::ensure!(bin.exists(), "build the server first: cargo build --release -p arbiter-server");
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let flags = std::env::var("SERVE_FLAGS").unwrap_or_else(|_| "--ws-per-address 100000".into());
    let flags: Vec<&str> = flags.split_whitespace().collect();

    let sys = actix_web::rt::System::new();
    let (servers, _dir) = sys.block_on(async {
        if postgres {
            let (url, _) = Backend::Postgres.fresh().await?;
            let a = ServerProcess::spawn_bin(&bin, &url, Some(&redis), &flags).await?;
            let b = ServerProcess::spawn_bin(&bin, &url, Some(&redis), &flags).await?;
            anyhow::Ok((vec![a, b], None))
        } else {
            let (url, dir) = Backend::Sqlite.fresh().await?;
            anyhow::Ok((vec![ServerProcess::spawn_bin(&bin, &url, None, &flags).await?], dir))
        }
    })?;
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();
    let base_of = |i: usize| bases[i % bases.len()].clone();
    println!(
        "{}: {players} players, {in_flight} requests in flight at most, {viewers} viewers",
        if postgres { "PostgreSQL + Redis, two instances" } else { "SQLite, one instance" }
    );

    // The morning.
    let load = Load::new(in_flight);
    let started = Instant::now();
    let (mut to, tid, clients, tables) = sys.block_on(async {
        let mut to = ApiClient::new(&bases[0]);
        to.sign_up("to@event.day", "a long password", "Organiser").await?;
        let tid = open_tournament(&mut to, "Event Day Open", 5).await?;
        let registration = morning * 0.75;
        let arrivals: Vec<_> = (0..players)
            .map(|i| {
                let at = Duration::from_secs_f64(registration * i as f64 / players as f64);
                actix_web::rt::spawn(arrive(load.clone(), base_of(i), tid.clone(), i, at))
            })
            .collect();
        // A player whose sign-up or registration failed (counted by its route) stays home.
        let mut clients: Vec<Option<ApiClient>> = Vec::with_capacity(players);
        for a in arrivals {
            clients.push(a.await.ok().and_then(Result::ok));
        }
        load.send(
            "advance",
            &mut to,
            &format!("/api/tournaments/{tid}/advance"),
            Some(&json!({ "from": "REGISTRATION" })),
        )
        .await?;
        let check_in_from = load.start.elapsed().as_secs_f64();
        let window = (morning - check_in_from).max(morning * 0.2);
        let check_ins: Vec<_> = clients
            .drain(..)
            .enumerate()
            .map(|(i, c)| {
                let (load, tid) = (load.clone(), tid.clone());
                let at = Duration::from_secs_f64(check_in_from + window * i as f64 / players as f64);
                actix_web::rt::spawn(async move {
                    let mut c = c?;
                    tokio::time::sleep_until(load.start + at).await;
                    load.send("check-in", &mut c, &format!("/api/tournaments/{tid}/check-in"), None).await.ok()?;
                    Some(c)
                })
            })
            .collect();
        for c in check_ins {
            clients.push(c.await.ok().flatten());
        }
        load.send("advance", &mut to, &format!("/api/tournaments/{tid}/advance"), Some(&json!({ "from": "CHECK_IN" })))
            .await?;
        let round = load.send("round", &mut to, &format!("/api/tournaments/{tid}/rounds"), None).await?;
        let rid = s(&round["round"], "id").to_string();
        let paired = load.send("pair", &mut to, &format!("/api/rounds/{rid}/pairings"), None).await?;
        let index = |seat: &Value| s(seat, "name").trim_start_matches('E').parse::<usize>();
        let mut tables = Vec::new();
        for t in paired["round"]["pairings"].as_array().into_iter().flatten().filter(|t| !t["player2"].is_null()) {
            let table = u32::try_from(t["table"].as_u64().unwrap_or(0))?;
            tables.push((s(t, "id").to_string(), table, index(&t["player1"])?, index(&t["player2"])?));
        }
        anyhow::Ok((to, tid, clients, tables))
    })?;
    println!("the morning took {:.1?}; {} tables paired", started.elapsed(), tables.len());
    println!("requests, the morning:\n{}", load.routes.borrow().report());
    let after_morning = memory(&servers);

    // Viewers.
    let (boards_pct, standings_pct) = mix((40, 20));
    let board_count = (tables.len() as u32).div_ceil(BOARD_TABLES).max(1);
    let table_of: std::collections::HashMap<usize, u32> =
        tables.iter().flat_map(|t| [(t.2, t.1), (t.3, t.1)]).collect();
    let follows: Vec<Follow> = (0..viewers)
        .map(|i| match i % 100 {
            k if k < boards_pct => {
                let b = (i as u32) % board_count;
                Follow::Board { from: b * BOARD_TABLES + 1, to: (b + 1) * BOARD_TABLES }
            }
            k if k < boards_pct + standings_pct => Follow::Standings { offset: (i as u32 % 10) * 50 },
            _ => {
                let p = i % clients.len().max(1);
                Follow::Player {
                    table: table_of.get(&p).copied().unwrap_or(0),
                    session: clients[p].as_ref().and_then(ApiClient::session).unwrap_or_default().to_string(),
                }
            }
        })
        .collect();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let ws_bases: Vec<String> = servers.iter().map(ServerProcess::ws_base).collect();
    let viewers = rt.block_on(connect_all(&ws_bases, &tid, &follows))?;
    println!("{} viewers connected", viewers.len());

    // The round: reports over the first 60% of the window, each confirmed 30% of it later.
    let round = Load::new(in_flight);
    let started = Instant::now();
    sys.block_on(async {
        let mut tasks = Vec::new();
        for (k, (pid, _, p1, p2)) in tables.iter().cloned().enumerate() {
            let report_at = Duration::from_secs_f64(round_secs * 0.6 * k as f64 / tables.len().max(1) as f64);
            let confirm_at = report_at + Duration::from_secs_f64(round_secs * 0.3);
            let (Some(reporter), Some(confirmer)) = (&clients[p1], &clients[p2]) else { continue };
            let mut reporter = reporter.clone_to(&base_of(k));
            let mut confirmer = confirmer.clone_to(&base_of(k + 1));
            let load = round.clone();
            tasks.push(actix_web::rt::spawn(async move {
                tokio::time::sleep_until(load.start + report_at).await;
                let score = json!({ "player1_vp": 60 + k % 30, "player2_vp": 40 + k % 25 });
                load.send("report", &mut reporter, &format!("/api/pairings/{pid}/report"), Some(&score)).await?;
                tokio::time::sleep_until(load.start + confirm_at).await;
                load.send("confirm", &mut confirmer, &format!("/api/pairings/{pid}/confirm"), None).await?;
                anyhow::Ok(())
            }));
        }
        for t in tasks {
            // A failure is counted by its route; the rest go on.
            let _ = t.await;
        }
    });
    println!("the round took {:.1?}", started.elapsed());
    let settle = Instant::now();
    let mut last = (usize::MAX, Instant::now());
    while last.1.elapsed() < Duration::from_secs(2) && settle.elapsed() < Duration::from_secs(30) {
        let n = viewers.confirmations();
        if n != last.0 {
            last = (n, Instant::now());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let end = memory(&servers);
    println!("requests, the round:\n{}", round.routes.borrow().report());
    let o = viewers.observed();
    let mut lat = o.latencies_ms.clone();
    lat.sort_unstable();
    let missed: usize = follows
        .iter()
        .enumerate()
        .map(|(i, f)| tables.iter().filter(|t| shows(f, t.1) && !o.confirmed.contains(&(i, t.1))).count())
        .sum();
    println!(
        "viewers: {} confirmations received, commit → viewer p50 {} ms, p99 {} ms, max {} ms; missed {missed}",
        lat.len(),
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        lat.last().copied().unwrap_or(0)
    );
    for (i, (m, e)) in after_morning.iter().zip(&end).enumerate() {
        println!("instance {}: RSS {} after the morning, {} at the end, peak {}", i + 1, mib(m.0), mib(e.0), mib(e.1));
    }
    let failed = load.routes.borrow().failures() + round.routes.borrow().failures();
    println!("failed requests: {failed}");
    let _ = &mut to;
    drop(rt);
    drop(servers);
    Ok(())
}
