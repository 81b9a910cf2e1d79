//! Memory budget benchmark (run by hand, not in CI):
//!
//! ```sh
//! cargo build --release -p arbiter-server
//! cargo bench -p arbiter-tests --bench memory
//! ```
//!
//! One `arbiter serve` (release build) on a fresh SQLite file. Prints its
//! resident memory (RSS, and the peak VmHWM) idle; during and after a burst
//! of 240 sign-ups sent 48 at a time; after 1,000 sign-ups in total. Then,
//! per view (board, standings, player, queue, events, and a mix of 60 %
//! boards, 20 % standings, 20 % phones), a fresh server with a 64-player
//! event whose round 1 is paired gets 1,000 idle WebSocket viewers of that
//! view, in two halves: resident memory per viewer (all of them, over the
//! server before any) 3 s after the last connected and 15 s after (settled),
//! and per viewer of the second half alone (its settled growth over the
//! first half's settled figure): what one more viewer costs, without what the
//! first connections pay once and keep (actix's pooled request heads, sized by
//! the handshakes' headers; code paged in; allocator bins opened), 5–6 MiB
//! at 1,000 viewers. Budgets: idle < 50 MB; burst peak and after < 200 MB; after
//! 1,000 sign-ups < 150 MB; < 16 KiB per additional idle viewer of every view.
//! Every request must succeed.
//! Knobs (environment): `BURST` (240), `IN_FLIGHT` (48), `TOTAL` (1000),
//! `VIEWERS` (1000 per view), `VIEWS` (the views to measure, comma-separated:
//! `board,standings,player,queue,events,mix`, all by default), `ARBITER_BIN`
//! (default `target/release/arbiter`).

use arbiter_server::client::ApiClient;
use arbiter_tests::load::{connect_all, memory, Follow, Routes};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{sign_up, Event};
use futures_util::stream::{self, StreamExt as _};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// Signs up `n` users named `{prefix}{i}`, `in_flight` at a time; returns their clients.
async fn sign_ups(base: &str, prefix: &str, n: usize, in_flight: usize, routes: &Arc<Mutex<Routes>>) -> Vec<ApiClient> {
    stream::iter(0..n)
        .map(|i| {
            let (base, routes) = (base.to_string(), routes.clone());
            let name = format!("{prefix}{i}");
            async move {
                let started = Instant::now();
                let made = sign_up(&base, &name).await;
                if let Ok(mut r) = routes.lock() {
                    r.record("sign-up", started, made.as_ref().err().map(ToString::to_string));
                }
                made.ok().map(|(c, _)| c)
            }
        })
        .buffer_unordered(in_flight)
        .filter_map(|c| async move { c })
        .collect()
        .await
}

fn main() -> anyhow::Result<()> {
    let (burst, in_flight, total, viewers) =
        (env("BURST", 240), env("IN_FLIGHT", 48), env("TOTAL", 1000), env("VIEWERS", 1000));
    let (soft, hard) = rlimit::Resource::NOFILE.get()?;
    if soft < (viewers as u64 * 2 + 1024).min(hard) {
        rlimit::Resource::NOFILE.set((viewers as u64 * 2 + 1024).min(hard), hard)?;
    }
    let bin = std::env::var("ARBITER_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/arbiter"));
    anyhow::ensure!(bin.exists(), "build the server first: cargo build --release -p arbiter-server");
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite://{}/arbiter.db?mode=rwc", dir.path().display());
    let routes = Arc::new(Mutex::new(Routes::default()));
    let sys = actix_web::rt::System::new();
    let server = sys.block_on(ServerProcess::spawn_bin(&bin, &url, None, &LIMITS))?;
    std::thread::sleep(Duration::from_secs(1));
    let idle = memory(std::slice::from_ref(&server))[0];
    println!("idle:                        RSS {}", mib(idle.0));

    // The burst, sampled every 50 ms for the peak.
    let pid = server.pid();
    let sampling = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let sampling = sampling.clone();
        std::thread::spawn(move || {
            let mut peak = 0u64;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
                let rss = status
                    .lines()
                    .find(|l| l.starts_with("VmRSS:"))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                peak = peak.max(rss);
                std::thread::sleep(Duration::from_millis(50));
            }
            peak
        })
    };
    let started = Instant::now();
    let first = sys.block_on(sign_ups(&server.base, "Burst", burst, in_flight, &routes));
    let took = started.elapsed();
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let peak = sampler.join().unwrap_or(0);
    std::thread::sleep(Duration::from_secs(2));
    let after = memory(std::slice::from_ref(&server))[0];
    println!("burst: {} sign-ups, {in_flight} in flight, in {took:.1?}", first.len());
    println!("  during the burst:          RSS peak {}", mib(peak));
    println!("  2 s after the burst:       RSS {}", mib(after.0));

    let rest = sys.block_on(sign_ups(&server.base, "More", total.saturating_sub(burst), in_flight, &routes));
    std::thread::sleep(Duration::from_secs(2));
    let thousand = memory(std::slice::from_ref(&server))[0];
    println!("after {} sign-ups in total:  RSS {}", first.len() + rest.len(), mib(thousand.0));

    drop(first);
    let r = routes.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
    println!("requests:\n{}", r.report());
    println!(
        "budgets: idle {} (< 50 MB), burst peak {} and after {} (< 200 MB), after 1,000 {} (< 150 MB), {} failed requests (0)",
        mib(idle.0),
        mib(peak),
        mib(after.0),
        mib(thousand.0),
        r.failures()
    );
    drop(r);
    drop(server);

    // Idle viewers, one view at a time, each on a fresh server (memory a
    // previous view freed would otherwise be reused and hide the cost).
    println!(
        "{viewers} idle viewers per view (event of {PLAYERS} players, round 1 paired), connected in two halves; \
         resident memory per viewer {CONNECTED_FOR:?} after the last connected and after {SETTLED_FOR:?}, \
         and per viewer of the second half alone (settled; budget < {BUDGET_KIB} KiB):"
    );
    let mut over = Vec::new();
    let only = std::env::var("VIEWS").unwrap_or_default();
    for (name, follow) in views().into_iter().filter(|(name, _)| only.is_empty() || only.split(',').any(|v| v == *name))
    {
        let m = sys.block_on(idle_viewers(&bin, viewers, follow))?;
        let verdict = if m.marginal <= BUDGET_KIB { "within" } else { "OVER" };
        println!(
            "  {name:<10} {} connected  RSS {} → {} (half) → {} → {}  {:>5.1} KiB per viewer, {:>5.1} KiB settled, \
             {:>5.1} KiB per viewer of the second half ({verdict} budget)",
            m.connected,
            mib(m.before),
            mib(m.half_rss),
            mib(m.connected_rss),
            mib(m.settled_rss),
            m.per_viewer,
            m.settled,
            m.marginal,
        );
        if m.marginal > BUDGET_KIB {
            over.push(name);
        }
    }
    println!(
        "views over the {BUDGET_KIB} KiB budget: {}",
        if over.is_empty() { "none".into() } else { over.join(", ") }
    );
    Ok(())
}

/// Every request comes from 127.0.0.1: limits far above this load (memory is measured here).
const LIMITS: [&str; 4] = ["--ws-per-address", "100000", "--auth-burst-per-address", "100000"];
/// Players in the viewers' event.
const PLAYERS: usize = 64;
/// The budget per idle viewer, in KiB.
const BUDGET_KIB: f64 = 16.0;
/// How long after the last viewer connected the first figure is taken.
const CONNECTED_FOR: Duration = Duration::from_secs(3);
/// How long after the last viewer connected the settled figure is taken
/// (past the allocator's 10 s decay of freed pages).
const SETTLED_FOR: Duration = Duration::from_secs(15);

/// What viewer `i` follows in an event.
type FollowOf = fn(&Event, usize) -> Follow;

/// What viewer `i` follows in the event, by view; `mix` is the old benchmark's
/// mix (60 % boards, 20 % standings, 20 % phones).
fn views() -> Vec<(&'static str, FollowOf)> {
    fn board(_: &Event, _: usize) -> Follow {
        Follow::Board { from: 1, to: 32 }
    }
    fn standings(_: &Event, _: usize) -> Follow {
        Follow::Standings { offset: 0 }
    }
    fn player(e: &Event, i: usize) -> Follow {
        let session = e.players.get(i % PLAYERS).and_then(ApiClient::session).unwrap_or_default().to_string();
        Follow::Player { table: 0, session }
    }
    fn queue(e: &Event, _: usize) -> Follow {
        Follow::Queue { session: e.to.session().unwrap_or_default().to_string() }
    }
    fn events(_: &Event, _: usize) -> Follow {
        Follow::Events
    }
    fn mix(e: &Event, i: usize) -> Follow {
        match i % 10 {
            0..=5 => board(e, i),
            6 | 7 => standings(e, i),
            _ => player(e, i),
        }
    }
    vec![
        ("board", board),
        ("standings", standings),
        ("player", player),
        ("queue", queue),
        ("events", events),
        ("mix", mix),
    ]
}

/// Resident memory (KiB) around one batch of idle viewers, connected in two halves.
struct ViewerMemory {
    connected: usize,
    before: u64,
    /// Settled, with the first half connected.
    half_rss: u64,
    connected_rss: u64,
    settled_rss: u64,
    /// KiB per viewer (all of them) [`CONNECTED_FOR`] after the last connected.
    per_viewer: f64,
    /// KiB per viewer (all of them) [`SETTLED_FOR`] after the last connected.
    settled: f64,
    /// KiB per viewer of the second half alone (settled): what one more viewer costs,
    /// without what the first connections pay once (pooled request heads, code paged in).
    marginal: f64,
}

/// The server's resident memory (KiB) once the setup's garbage is given
/// back: sampled every second until it moves less than 64 KiB (at most 20 s).
async fn steady_rss(server: &ServerProcess) -> u64 {
    let mut last = memory(std::slice::from_ref(server))[0].0;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let now = memory(std::slice::from_ref(server))[0].0;
        if now.abs_diff(last) < 64 {
            return now;
        }
        last = now;
    }
    last
}

/// Starts a fresh server with an event of [`PLAYERS`] players (round 1
/// paired), connects `n` viewers following `follow` and measures its memory.
async fn idle_viewers(
    bin: &std::path::Path,
    n: usize,
    follow: fn(&Event, usize) -> Follow,
) -> anyhow::Result<ViewerMemory> {
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite://{}/arbiter.db?mode=rwc", dir.path().display());
    let server = ServerProcess::spawn_bin(bin, &url, None, &LIMITS).await?;
    let mut event = Event::start(&server.base, "Player", PLAYERS, 3).await?;
    event.pair_next().await?;
    let follows: Vec<Follow> = (0..n).map(|i| follow(&event, i)).collect();
    let before = steady_rss(&server).await;
    // The viewers run on a runtime of their own (on a thread of their own while
    // connecting), so they stay connected while this one sleeps.
    let (ws, tid) = (server.ws_base(), event.tid.clone());
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let (first, second) = follows.split_at(n / 2);
    let (rt, first_connected) = connect_on(rt, &ws, &tid, first.to_vec())?;
    tokio::time::sleep(SETTLED_FOR).await;
    let half_rss = memory(std::slice::from_ref(&server))[0].0;
    let (rt, second_connected) = connect_on(rt, &ws, &tid, second.to_vec())?;
    let connected = first_connected + second_connected;
    tokio::time::sleep(CONNECTED_FOR).await;
    let connected_rss = memory(std::slice::from_ref(&server))[0].0;
    tokio::time::sleep(SETTLED_FOR.saturating_sub(CONNECTED_FOR)).await;
    let settled_rss = memory(std::slice::from_ref(&server))[0].0;
    let per = |rss: u64| rss.saturating_sub(before) as f64 / connected.max(1) as f64;
    let m = ViewerMemory {
        connected,
        before,
        half_rss,
        connected_rss,
        settled_rss,
        per_viewer: per(connected_rss),
        settled: per(settled_rss),
        marginal: settled_rss.saturating_sub(half_rss) as f64 / second_connected.max(1) as f64,
    };
    rt.shutdown_background();
    drop(server);
    Ok(m)
}

/// Connects `follows` as viewers on `rt` (from a thread of its own: the caller
/// runs inside another runtime); hands the runtime back, with the viewers connected.
fn connect_on(
    rt: tokio::runtime::Runtime,
    ws: &str,
    tid: &str,
    follows: Vec<Follow>,
) -> anyhow::Result<(tokio::runtime::Runtime, usize)> {
    let (ws, tid) = (vec![ws.to_string()], tid.to_string());
    std::thread::spawn(move || -> anyhow::Result<(tokio::runtime::Runtime, usize)> {
        let connected = rt.block_on(connect_all(&ws, &tid, &follows))?.len();
        Ok((rt, connected))
    })
    .join()
    .map_err(|_| anyhow::anyhow!("the viewers' thread panicked"))?
}
