//! Memory budget benchmark (run by hand, not in CI):
//!
//! ```sh
//! cargo build --release -p arbiter-server
//! cargo bench -p arbiter-tests --bench memory
//! ```
//!
//! One `arbiter serve` (release build) on a fresh SQLite file. Prints its
//! resident memory (RSS, and the peak VmHWM) idle; during and after a burst
//! of 240 sign-ups sent 48 at a time; after 1,000 sign-ups in total; and per
//! idle WebSocket viewer (1,000 viewers of a board, standings and phones).
//! Budgets: idle < 50 MB; burst peak and after < 200 MB; after 1,000
//! sign-ups < 150 MB; < 16 KiB per idle viewer. Every request must succeed.
//! Knobs (environment): `BURST` (240), `IN_FLIGHT` (48), `TOTAL` (1000),
//! `VIEWERS` (1000), `ARBITER_BIN` (default `target/release/arbiter`).

use arbiter_server::client::ApiClient;
use arbiter_tests::load::{connect_all, memory, Follow, Observed, Routes};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{open_tournament, register, sign_up};
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
    // Every request comes from 127.0.0.1: limits far above this load (memory is measured here).
    let limits = ["--ws-per-address", "100000", "--auth-burst-per-address", "100000"];
    let server = sys.block_on(ServerProcess::spawn_bin(&bin, &url, None, &limits))?;
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

    // Idle viewers of one event: boards, standings windows, phones.
    let mut players = first;
    let tid = sys.block_on(async {
        let (mut to, _) = sign_up(&server.base, "Organiser").await?;
        let tid = open_tournament(&mut to, "Memory Open", 3).await?;
        for (i, c) in players.iter_mut().take(64).enumerate() {
            register(c, &tid, &format!("Player {i}"), "Orks").await?;
        }
        anyhow::Ok(tid)
    })?;
    let follows: Vec<Follow> = (0..viewers)
        .map(|i| match i % 10 {
            0..=5 => Follow::Board { from: 1, to: 32 },
            6 | 7 => Follow::Standings { offset: 0 },
            _ => Follow::Player {
                table: 0,
                session: players
                    .get(i % players.len().clamp(1, 64))
                    .and_then(ApiClient::session)
                    .unwrap_or_default()
                    .to_string(),
            },
        })
        .collect();
    let before_viewers = memory(std::slice::from_ref(&server))[0];
    let observed = Arc::new(Mutex::new(Observed::default()));
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let connected = rt.block_on(connect_all(&[server.ws_base()], &tid, &follows, &observed))?;
    std::thread::sleep(Duration::from_secs(3));
    let with_viewers = memory(std::slice::from_ref(&server))[0];
    let per_viewer = (with_viewers.0.saturating_sub(before_viewers.0)) as f64 / connected.max(1) as f64;
    println!(
        "{connected} idle viewers:           RSS {} → {} ({per_viewer:.1} KiB per viewer)",
        mib(before_viewers.0),
        mib(with_viewers.0)
    );
    let r = routes.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
    println!("requests:\n{}", r.report());
    println!(
        "budgets: idle {} (< 50 MB), burst peak {} and after {} (< 200 MB), after 1,000 {} (< 150 MB), {per_viewer:.1} KiB per viewer (< 16 KiB), {} failed requests (0)",
        mib(idle.0),
        mib(peak),
        mib(after.0),
        mib(thousand.0),
        r.failures()
    );
    drop(rt);
    drop(server);
    Ok(())
}
