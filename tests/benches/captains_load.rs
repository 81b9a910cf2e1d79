//! Captains' process benchmark (issue 25; run by hand, not in CI):
//!
//! ```sh
//! cargo build --release -p arbiter-server
//! cargo bench -p arbiter-tests --bench captains_load
//! INSTANCES=2 cargo bench -p arbiter-tests --bench captains_load
//! ```
//!
//! One 40K team event of 128 teams of 5 (registered by their 128 captains
//! over HTTP) is paired: 64 team matches. The 128 captains and 1,000
//! anonymous viewers follow the event's live socket (the `events` view: every
//! event, `process_changed` included); then the 64 matches run their whole
//! defender/attacker process at once, each captain reading their own view of
//! the process, thinking a while (`THINK_MS`, uniform from 0 to it) and
//! locking one of the choices it offers, step after step.
//!
//! Measured: the **lock-to-reveal latency**, from the moment the second
//! captain's lock request of a step is sent to the moment the frame of that
//! reveal (`process_changed` with the reveal's step number) arrives at the
//! other captain's socket, and at each viewer's. Printed as p50 / p99 / max
//! over every step of every match, with reveals missed (a socket that never
//! got one), the second lock's own answer time, the frame's commit → socket
//! part of the way (the frame's `at`, the server's clock), the servers' own
//! stages (`arbiter_live_stage_seconds`, the tournament lock's wait and hold),
//! the CPU each server and this generator used, and how long it all took.
//!
//! The sockets are read by the lean reader of the load benchmarks
//! ([`arbiter_tests::load::reader`]): the event's snapshot (128 teams, 640
//! members) is one WebSocket message of over 64 KiB, which a general client
//! refuses by default (and then hears nothing more). The viewers are read on a
//! thread of their own, so the captains' requests and their timing do not
//! wait behind 1,000 sockets' reads.
//!
//! Knobs (environment): `MATCHES` (64), `VIEWERS` (1000), `THINK_MS` (2000;
//! 0 runs every step back to back), `INSTANCES` (1; 2 runs two instances on
//! PostgreSQL + Redis, captains and viewers alternating between them, as
//! `live_load` does), `BACKEND` (`sqlite` for one instance, `postgres`),
//! `ARBITER_BIN` (default: the `arbiter` built beside this benchmark, i.e.
//! `$CARGO_TARGET_DIR/release/arbiter`).

use arbiter_server::client::ApiClient;
use arbiter_tests::load::reader::Viewer as Socket;
use arbiter_tests::load::{histogram_buckets, histogram_quantile, percentile, process_cpu_secs};
use arbiter_tests::process::ServerProcess;
use arbiter_tests::{s, sign_up, Backend};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Setup signs up hundreds of accounts from one address in seconds and every
/// socket connects from it: limits far above what this load needs.
const LIMITS: &[&str] = &["--auth-burst-per-address", "100000", "--ws-per-address", "100000"];

/// The servers' per-stage histogram (see `server/src/live/stats.rs`).
const STAGES: &str = "arbiter_live_stage_seconds";

/// One arrival of a step's frame at a socket: when (this process's clock)
/// and how long after the event's commit (the server's wall clock, ms).
#[derive(Clone, Copy)]
struct Arrival {
    at: Instant,
    from_commit_ms: i64,
}

/// What a group of sockets heard: each (match, step)'s arrivals, the
/// snapshots received and the largest message read.
#[derive(Default)]
struct Ears {
    steps: HashMap<(String, u64), Vec<Arrival>>,
    largest: usize,
}

/// Shared by the sockets of one group (read by one thread, so never waited for).
type Heard = Arc<Mutex<Ears>>;

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

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The fields of a `process_changed` event frame the benchmark reads:
/// `{"v":1,"type":"event",…,"kind":"process_changed","at":MS,"data":{"match_id":ID,"step":N}}`.
#[derive(serde::Deserialize)]
struct StepFrame {
    at: i64,
    data: StepData,
}

#[derive(serde::Deserialize)]
struct StepData {
    match_id: String,
    step: u64,
}

/// The `(match id, step)` and commit time of a `process_changed` frame;
/// `None` for any other frame (found without parsing it).
fn process_step(text: &[u8]) -> Option<(String, u64, i64)> {
    use memchr::memmem::Finder;
    use std::sync::LazyLock;
    static KIND: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(br#""kind":"process_changed""#));
    KIND.find(text)?;
    let f: StepFrame = serde_json::from_slice(text).ok()?;
    Some((f.data.match_id, f.data.step, f.at))
}

/// Whether a text is a snapshot (frames start with their version and type).
fn is_snapshot(text: &[u8]) -> bool {
    text.starts_with(br#"{"v":1,"type":"snapshot""#)
}

/// Reads `socket` until it closes (on the current runtime), noting when each
/// process step arrived and counting its snapshots.
fn listen(socket: Socket, heard: Heard, snapshots: Arc<AtomicUsize>) {
    tokio::spawn(socket.run(move |text| {
        let at = Instant::now();
        if is_snapshot(text) {
            snapshots.fetch_add(1, Ordering::Relaxed);
        }
        let step = process_step(text);
        let mut ears = heard.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        ears.largest = ears.largest.max(text.len());
        if let Some((m, n, committed)) = step {
            ears.steps.entry((m, n)).or_default().push(Arrival { at, from_commit_ms: now_ms() - committed });
        }
    }));
}

/// The viewers, on a thread and runtime of their own: connects `urls`
/// (200 handshakes in flight), reads them until `stop` fires.
struct ViewerThread {
    heard: Heard,
    snapshots: Arc<AtomicUsize>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ViewerThread {
    fn start(urls: Vec<String>) -> anyhow::Result<ViewerThread> {
        let (heard, snapshots) = (Heard::default(), Arc::new(AtomicUsize::new(0)));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready_tx, ready) = std::sync::mpsc::channel::<anyhow::Result<()>>();
        let (h, n) = (heard.clone(), snapshots.clone());
        let thread = std::thread::Builder::new().name("viewers".into()).spawn(move || {
            let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.into()));
                    return;
                }
            };
            rt.block_on(async move {
                for chunk in urls.chunks(200) {
                    let made = futures_util::future::join_all(chunk.iter().map(|u| Socket::connect(u, None))).await;
                    for socket in made {
                        match socket {
                            Ok(socket) => listen(socket, h.clone(), n.clone()),
                            Err(e) => {
                                let _ = ready_tx.send(Err(e));
                                return;
                            }
                        }
                    }
                }
                let _ = ready_tx.send(Ok(()));
                let _ = stopped.await;
            });
        })?;
        ready.recv()??;
        Ok(ViewerThread { heard, snapshots, stop: Some(stop), thread: Some(thread) })
    }
}

impl Drop for ViewerThread {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A histogram's cumulative buckets: (upper bound in seconds, count).
type Buckets = Vec<(f64, u64)>;

/// Each instance's `/metrics` page.
async fn metrics(servers: &[ServerProcess]) -> Vec<String> {
    let mut pages = Vec::new();
    for s in servers {
        pages.push(ApiClient::new(&s.base).get_text("/metrics").await.map(|(_, t)| t).unwrap_or_default());
    }
    pages
}

/// Prints each instance's stages over the load (p50 / p99 in ms) and its
/// tournament lock's wait and hold, from `/metrics` read before and after.
fn print_stages(before: &[String], after: &[String]) {
    let empty = Vec::new();
    for (i, (b_page, a_page)) in before.iter().zip(after).enumerate() {
        println!("instance {}: stages over the load (ms, p50 / p99 over n):", i + 1);
        let (b, a) = (histogram_buckets(b_page, STAGES), histogram_buckets(a_page, STAGES));
        let mut rows: Vec<(String, Buckets, Buckets)> = a
            .into_iter()
            .map(|(stage, buckets)| (stage.clone(), b.get(&stage).unwrap_or(&empty).clone(), buckets))
            .collect();
        for (name, metric) in
            [("lock wait", "arbiter_db_lock_wait_seconds"), ("lock held", "arbiter_db_lock_held_seconds")]
        {
            if let Some(a) = histogram_buckets(a_page, metric).remove("") {
                let b = histogram_buckets(b_page, metric).remove("").unwrap_or_default();
                rows.push((name.to_string(), b, a));
            }
        }
        for (name, b, a) in rows {
            let (n, p50) = histogram_quantile(&b, &a, 0.5);
            let (_, p99) = histogram_quantile(&b, &a, 0.99);
            if n > 0 {
                println!("  {name:<10} p50 {p50:>8.3}  p99 {p99:>8.3}  n {n}");
            }
        }
    }
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
    // The server built beside this benchmark (`target/release/deps/captains_load-…`
    // → `target/release/arbiter`), wherever CARGO_TARGET_DIR puts it.
    let beside = std::env::current_exe()?
        .parent()
        .and_then(|deps| deps.parent())
        .map(|dir| dir.join("arbiter"))
        .ok_or_else(|| anyhow::anyhow!("no target directory"))?;
    let bin = std::env::var("ARBITER_BIN").map_or(beside, PathBuf::from);
    anyhow::ensure!(
        bin.exists(),
        "build the server first: cargo build --release -p arbiter-server ({} missing)",
        bin.display()
    );
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
        let captains_heard: [Heard; 2] = [Heard::default(), Heard::default()];
        let captain_snapshots = Arc::new(AtomicUsize::new(0));
        for (k, m) in pairs.iter().enumerate() {
            let a = captains
                .remove(s(&m["player1"], "id"))
                .ok_or_else(|| anyhow::anyhow!("no captain for {}", m["player1"]))?;
            let b = captains
                .remove(s(&m["player2"], "id"))
                .ok_or_else(|| anyhow::anyhow!("no captain for {}", m["player2"]))?;
            for (j, c) in [&a, &b].into_iter().enumerate() {
                let socket = Socket::connect(&ws[(2 * k + j) % ws.len()], c.session()).await?;
                listen(socket, captains_heard[j].clone(), captain_snapshots.clone());
            }
            games.push(Match { id: s(m, "id").to_string(), captains: [a, b] });
        }
        let urls: Vec<String> = (0..viewers).map(|i| ws[i % ws.len()].clone()).collect();
        let watchers = ViewerThread::start(urls)?;
        // Every socket has its snapshot before the load starts.
        for _ in 0..600 {
            if captain_snapshots.load(Ordering::Relaxed) >= 2 * matches
                && watchers.snapshots.load(Ordering::Relaxed) >= viewers
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let largest = captains_heard.iter().map(|h| h.lock().map_or(0, |e| e.largest)).max().unwrap_or(0);
        println!(
            "{} sockets connected in {:.1?}; snapshots {} of {}, the largest message {} KiB",
            viewers + 2 * matches,
            started.elapsed(),
            captain_snapshots.load(Ordering::Relaxed) + watchers.snapshots.load(Ordering::Relaxed),
            viewers + 2 * matches,
            largest / 1024
        );
        tokio::time::sleep(Duration::from_secs(2)).await;

        // The load: every match's process at once.
        let stages_before = metrics(&servers).await;
        let cpu_before: Vec<f64> = servers.iter().map(|s| process_cpu_secs(s.pid())).collect();
        let me_before = process_cpu_secs(std::process::id());
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
        let busy = took.as_secs_f64().max(0.001);
        let cpu: Vec<f64> = servers.iter().zip(&cpu_before).map(|(s, b)| process_cpu_secs(s.pid()) - b).collect();
        let me = process_cpu_secs(std::process::id()) - me_before;
        let stages_after = metrics(&servers).await;

        // Latencies: the other captain (the one who locked first) and every viewer.
        let (mut at_captain, mut at_viewers, mut answers) = (Vec::new(), Vec::new(), Vec::new());
        let (mut commit_captain, mut commit_viewers) = (Vec::new(), Vec::new());
        let (mut missed_captain, mut missed_viewer) = (0usize, 0usize);
        let captains_heard: Vec<_> =
            captains_heard.iter().map(|h| h.lock().unwrap_or_else(std::sync::PoisonError::into_inner)).collect();
        let viewer_heard = watchers.heard.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for (mid, step, first, sent, answer) in &reveals {
            answers.push(answer.as_micros() as i64);
            let key = (mid.clone(), *step);
            // The other captain: the one who locked first and waits for the reveal.
            match captains_heard[*first].steps.get(&key).and_then(|v| v.first()) {
                Some(a) => {
                    at_captain.push(a.at.saturating_duration_since(*sent).as_micros() as i64);
                    commit_captain.push(a.from_commit_ms * 1000);
                }
                None => missed_captain += 1,
            }
            let arrivals = viewer_heard.steps.get(&key).map_or(&[][..], Vec::as_slice);
            missed_viewer += viewers.saturating_sub(arrivals.len());
            at_viewers.extend(arrivals.iter().map(|a| a.at.saturating_duration_since(*sent).as_micros() as i64));
            commit_viewers.extend(arrivals.iter().map(|a| a.from_commit_ms * 1000));
        }
        let show = |name: &str, v: &mut Vec<i64>| {
            v.sort_unstable();
            println!(
                "  {name:<32} p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms  n {}",
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
        println!("of which from the commit to the socket (server clock, 1 ms steps):");
        show("at the other captain's socket", &mut commit_captain);
        show("at the viewers' sockets", &mut commit_viewers);
        println!("reveals missed: other captain's socket {missed_captain}, viewers' sockets {missed_viewer}");
        println!(
            "CPU over the load ({busy:.1} s): {}; this generator {:.0} % of a core",
            cpu.iter()
                .enumerate()
                .map(|(i, c)| format!("instance {} {:.0} %", i + 1, c * 100.0 / busy))
                .collect::<Vec<_>>()
                .join(", "),
            me * 100.0 / busy
        );
        print_stages(&stages_before, &stages_after);
        drop(viewer_heard);
        drop(watchers);
        drop(servers);
        anyhow::Ok(())
    })
}
