//! Load-test clients shared by the benchmarks (`benches/`): WebSocket
//! viewers that follow a view and time each confirmation from its commit to
//! its receipt, per-route request timings, and server memory.

pub mod fleet;
pub mod reader;

use crate::process::ServerProcess;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The `p`-quantile (0–1) of sorted values (nearest rank), 0 when empty.
#[must_use]
pub fn percentile(sorted: &[i64], p: f64) -> i64 {
    sorted.get(((sorted.len() as f64 * p).ceil() as usize).saturating_sub(1)).copied().unwrap_or(0)
}

/// The `MIX` environment variable (percent of viewers on venue boards and on
/// standings windows, the rest on phones, e.g. `80,10,10`), or `default`'s
/// percentages when it is unset or unreadable.
#[must_use]
pub fn mix(default: (usize, usize)) -> (usize, usize) {
    let given: Vec<usize> =
        std::env::var("MIX").unwrap_or_default().split(',').filter_map(|x| x.trim().parse().ok()).collect();
    (given.first().copied().unwrap_or(default.0), given.get(1).copied().unwrap_or(default.1))
}

/// Requests, failures and latencies per route name.
#[derive(Default, Debug)]
pub struct Routes {
    by_route: BTreeMap<&'static str, (usize, Vec<String>, Vec<i64>)>,
}

impl Routes {
    /// Records one request to `route` that took `started.elapsed()`, failing with `error` if any.
    pub fn record(&mut self, route: &'static str, started: Instant, error: Option<String>) {
        let entry = self.by_route.entry(route).or_default();
        entry.0 += 1;
        entry.2.push(started.elapsed().as_millis() as i64);
        if let Some(e) = error {
            entry.1.push(e);
        }
    }

    /// Failed requests over every route.
    #[must_use]
    pub fn failures(&self) -> usize {
        self.by_route.values().map(|r| r.1.len()).sum()
    }

    /// One line per route: requests, failures, p50/p99/max ms; then the first failures' messages.
    #[must_use]
    pub fn report(&self) -> String {
        let mut out = String::new();
        for (route, (n, failed, lat)) in &self.by_route {
            let mut lat = lat.clone();
            lat.sort_unstable();
            out.push_str(&format!(
                "  {route:<12} {n:>6} requests {:>4} failed   p50 {:>5} ms  p99 {:>5} ms  max {:>5} ms\n",
                failed.len(),
                percentile(&lat, 0.5),
                percentile(&lat, 0.99),
                lat.last().copied().unwrap_or(0)
            ));
            for f in failed.iter().take(3) {
                out.push_str(&format!("      {f}\n"));
            }
        }
        out
    }
}

/// What a viewer shows.
#[derive(Clone, Debug)]
pub enum Follow {
    /// A venue board showing tables `from..=to`.
    Board {
        /// First table.
        from: u32,
        /// Last table.
        to: u32,
    },
    /// A standings page showing 50 rows from `offset`.
    Standings {
        /// First row (0-based).
        offset: u32,
    },
    /// A player's phone: their table, signed in with `session`.
    Player {
        /// The player's table.
        table: u32,
        /// The player's session cookie value.
        session: String,
    },
    /// The TO's dashboard queue, signed in with the TO's `session`.
    Queue {
        /// The TO's session cookie value.
        session: String,
    },
    /// The raw event stream (API clients, tools).
    Events,
}

impl Follow {
    /// The view's query string.
    #[must_use]
    pub fn query(&self) -> String {
        match self {
            Follow::Board { from, to } => format!("view=board&from={from}&to={to}"),
            Follow::Standings { offset } => format!("view=standings&offset={offset}&limit=50"),
            Follow::Player { .. } => "view=player".to_string(),
            Follow::Queue { .. } => "view=queue".to_string(),
            Follow::Events => "view=events".to_string(),
        }
    }

    /// The session cookie the viewer connects with, if any.
    #[must_use]
    pub fn session(&self) -> Option<&str> {
        match self {
            Follow::Player { session, .. } | Follow::Queue { session } => Some(session),
            Follow::Board { .. } | Follow::Standings { .. } | Follow::Events => None,
        }
    }
}

/// Everything the viewers observed, gathered from every viewer's own record
/// ([`Viewers::observed`]).
#[derive(Default, Debug)]
pub struct Observed {
    /// Commit → receipt of each confirmation frame, in ms.
    pub latencies_ms: Vec<i64>,
    /// The commit time (Unix ms) of each of those confirmations, in the same order.
    pub committed_ms: Vec<i64>,
    /// (viewer, table) confirmations received.
    pub confirmed: HashSet<(usize, u32)>,
    /// Snapshots received.
    pub snapshots: usize,
    /// Standings-window updates received.
    pub standings_updates: usize,
}

/// What one viewer's reader saw. Each viewer has its own (locked only by its
/// reader, and once at the end), so the load generator's readers never wait
/// for each other: the generator shares the machine with the servers it
/// measures and must cost as little as it can.
#[derive(Default, Debug)]
struct Seen {
    latencies_ms: Vec<i64>,
    committed_ms: Vec<i64>,
    tables: Vec<u32>,
    snapshots: usize,
    standings_updates: usize,
}

/// The connected viewers: counters read while the load runs, and every
/// viewer's record for the report.
#[derive(Default)]
pub struct Viewers {
    seen: Vec<Arc<Mutex<Seen>>>,
    confirmations: Arc<AtomicUsize>,
    snapshots: Arc<AtomicUsize>,
}

impl Viewers {
    /// Viewers connected.
    #[must_use]
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether none is connected.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Confirmation frames received so far, by every viewer.
    #[must_use]
    pub fn confirmations(&self) -> usize {
        self.confirmations.load(Ordering::Relaxed)
    }

    /// Snapshots received so far, by every viewer.
    #[must_use]
    pub fn snapshots(&self) -> usize {
        self.snapshots.load(Ordering::Relaxed)
    }

    /// Every viewer's observations, gathered.
    #[must_use]
    pub fn observed(&self) -> Observed {
        let mut o = Observed::default();
        for (i, seen) in self.seen.iter().enumerate() {
            let Ok(s) = seen.lock() else { continue };
            o.latencies_ms.extend_from_slice(&s.latencies_ms);
            o.committed_ms.extend_from_slice(&s.committed_ms);
            o.confirmed.extend(s.tables.iter().map(|&t| (i, t)));
            o.snapshots += s.snapshots;
            o.standings_updates += s.standings_updates;
        }
        o
    }
}

/// The fields of a confirmation frame the benchmark reads (the rest is skipped unparsed).
#[derive(serde::Deserialize)]
struct Confirmation {
    #[serde(default)]
    at: Option<i64>,
    #[serde(default)]
    data: Option<IncomingData>,
}

#[derive(serde::Deserialize)]
struct IncomingData {
    #[serde(default)]
    pairing: Option<IncomingPairing>,
}

#[derive(serde::Deserialize)]
struct IncomingPairing {
    #[serde(default)]
    table: Option<u32>,
}

/// What kind of server frame a text is, read from its bytes without parsing
/// it: frames start with their version and type (`{"v":1,"type":"snapshot"`),
/// and only a confirmation (a tenth of the frames or fewer) is parsed.
#[derive(Debug, PartialEq, Eq)]
enum FrameKind {
    Snapshot,
    Confirmed,
    Standings,
    Other,
}

fn frame_kind(text: &[u8]) -> FrameKind {
    use memchr::memmem::Finder;
    use std::sync::LazyLock;
    static CONFIRMED: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(br#""kind":"result_confirmed""#));
    static STANDINGS: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(br#""kind":"standings""#));
    const SNAPSHOT: &[u8] = br#"{"v":1,"type":"snapshot""#;
    if text.starts_with(SNAPSHOT) {
        FrameKind::Snapshot
    } else if CONFIRMED.find(text).is_some() {
        FrameKind::Confirmed
    } else if text.starts_with(br#"{"v":1,"type":"update""#) && STANDINGS.find(text).is_some() {
        FrameKind::Standings
    } else {
        FrameKind::Other
    }
}

/// Whether a viewer following `f` should see table `table`'s confirmation.
#[must_use]
pub fn shows(f: &Follow, table: u32) -> bool {
    match f {
        Follow::Board { from, to } => (*from..=*to).contains(&table),
        Follow::Player { table: t, .. } => *t == table,
        Follow::Queue { .. } | Follow::Events => true,
        Follow::Standings { .. } => false,
    }
}

/// Connects every client (200 handshakes in flight), starts its reader, and
/// waits (up to a minute) until every one has its snapshot.
///
/// # Errors
/// A handshake failed.
pub async fn connect_all(bases: &[String], tid: &str, follows: &[Follow]) -> anyhow::Result<Viewers> {
    let queries: Vec<(String, Option<String>)> =
        follows.iter().map(|f| (f.query(), f.session().map(str::to_string))).collect();
    connect_queries(bases, tid, &queries).await
}

/// [`connect_all`] for viewers given by their URL query and session cookie.
///
/// # Errors
/// A handshake failed.
pub async fn connect_queries(
    bases: &[String],
    tid: &str,
    viewers_to_connect: &[(String, Option<String>)],
) -> anyhow::Result<Viewers> {
    let mut viewers = Viewers::default();
    for (chunk_no, chunk) in viewers_to_connect.chunks(200).enumerate() {
        let handshakes = futures_util::future::join_all(chunk.iter().enumerate().map(|(k, (query, session))| {
            let i = chunk_no * 200 + k;
            let base = &bases[i % bases.len()];
            let url = format!("{base}/ws/tournaments/{tid}?{query}");
            async move { reader::Viewer::connect(&url, session.as_deref()).await }
        }))
        .await;
        for h in handshakes {
            let ws = h?;
            let seen = Arc::new(Mutex::new(Seen::default()));
            viewers.seen.push(seen.clone());
            let (confirmations, snapshots) = (viewers.confirmations.clone(), viewers.snapshots.clone());
            tokio::spawn(ws.run(move |text| {
                let kind = frame_kind(text);
                if kind == FrameKind::Other {
                    return;
                }
                let received = now_ms();
                let Ok(mut s) = seen.lock() else { return };
                match kind {
                    FrameKind::Snapshot => {
                        s.snapshots += 1;
                        snapshots.fetch_add(1, Ordering::Relaxed);
                    }
                    FrameKind::Confirmed => {
                        let Ok(c) = serde_json::from_slice::<Confirmation>(text) else { return };
                        let at = c.at.unwrap_or(received);
                        s.latencies_ms.push(received - at);
                        s.committed_ms.push(at);
                        s.tables.push(c.data.and_then(|d| d.pairing).and_then(|p| p.table).unwrap_or(0));
                        confirmations.fetch_add(1, Ordering::Relaxed);
                    }
                    FrameKind::Standings => s.standings_updates += 1,
                    FrameKind::Other => {}
                }
            }));
        }
    }
    // Every client has its snapshot before the load starts.
    for _ in 0..600 {
        if viewers.snapshots() >= viewers.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(viewers)
}

/// (VmRSS, VmHWM) in KiB of each server.
#[must_use]
pub fn memory(servers: &[ServerProcess]) -> Vec<(u64, u64)> {
    servers
        .iter()
        .map(|s| {
            let status = std::fs::read_to_string(format!("/proc/{}/status", s.pid())).unwrap_or_default();
            let field = |name: &str| {
                status
                    .lines()
                    .find(|l| l.starts_with(name))
                    .and_then(|l| l.split_whitespace().nth(1))
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0)
            };
            (field("VmRSS:"), field("VmHWM:"))
        })
        .collect()
}

impl Observed {
    /// The worst latency (ms) of the confirmations committed in each second
    /// from the first one: whether a tail is steady or comes in bursts.
    #[must_use]
    pub fn worst_per_second(&self) -> Vec<i64> {
        let Some(&start) = self.committed_ms.iter().min() else { return Vec::new() };
        let mut worst = Vec::new();
        for (&at, &ms) in self.committed_ms.iter().zip(&self.latencies_ms) {
            let s = usize::try_from((at - start) / 1000).unwrap_or(0);
            if worst.len() <= s {
                worst.resize(s + 1, 0);
            }
            worst[s] = worst[s].max(ms);
        }
        worst
    }
}

/// CPU seconds (user + system) a process has used, from `/proc/PID/stat`
/// (clock ticks of 1/100 s, Linux's `USER_HZ`); 0 when it cannot be read.
#[must_use]
pub fn process_cpu_secs(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name, in parentheses, may hold spaces: fields count from after it.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    // After the name: state(0) … utime(11) stime(12).
    (ticks(11) + ticks(12)) as f64 / 100.0
}

/// The whole machine's CPU time by kind (`/proc/stat`'s `cpu` line, in ticks).
#[derive(Clone, Copy, Debug, Default)]
pub struct MachineCpu {
    user: u64,
    system: u64,
    softirq: u64,
    idle: u64,
    other: u64,
}

impl MachineCpu {
    /// Reads the counters now.
    #[must_use]
    pub fn now() -> MachineCpu {
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        let f: Vec<u64> =
            stat.lines().next().unwrap_or_default().split_whitespace().skip(1).filter_map(|x| x.parse().ok()).collect();
        let at = |i: usize| f.get(i).copied().unwrap_or(0);
        // user nice system idle iowait irq softirq steal
        MachineCpu { user: at(0) + at(1), system: at(2), softirq: at(6), idle: at(3) + at(4), other: at(5) + at(7) }
    }

    /// "user 50 %, system 27 %, softirq 10 %, idle 11 %, other 2 %" since `before`.
    #[must_use]
    pub fn shares_since(&self, before: &MachineCpu) -> String {
        let d = |a: u64, b: u64| a.saturating_sub(b) as f64;
        let parts = [
            ("user", d(self.user, before.user)),
            ("system", d(self.system, before.system)),
            ("softirq", d(self.softirq, before.softirq)),
            ("idle", d(self.idle, before.idle)),
            ("irq+steal", d(self.other, before.other)),
        ];
        let total: f64 = parts.iter().map(|p| p.1).sum::<f64>().max(1.0);
        parts.iter().map(|(name, v)| format!("{name} {:.0} %", v * 100.0 / total)).collect::<Vec<_>>().join(", ")
    }
}

/// The cumulative buckets of one histogram in a Prometheus text page, by
/// its `stage` label (`""` for a histogram without one):
/// `(stage, [(upper bound in seconds, count)])`, for
/// `name_bucket{stage="…",le="…"} N` lines.
#[must_use]
pub fn histogram_buckets(metrics: &str, name: &str) -> BTreeMap<String, Vec<(f64, u64)>> {
    let prefix = format!("{name}_bucket{{");
    let mut out: BTreeMap<String, Vec<(f64, u64)>> = BTreeMap::new();
    for line in metrics.lines().filter(|l| l.starts_with(&prefix)) {
        let Some((labels, count)) = line[prefix.len()..].split_once("} ") else { continue };
        let label =
            |key: &str| labels.split(',').find_map(|kv| kv.strip_prefix(key)).map(|v| v.trim_matches('"').to_string());
        let Some(le) = label("le=") else { continue };
        let stage = label("stage=").unwrap_or_default();
        let le = if le == "+Inf" { f64::INFINITY } else { le.parse().unwrap_or(f64::INFINITY) };
        out.entry(stage).or_default().push((le, count.trim().parse().unwrap_or(0)));
    }
    out
}

/// The `p`-quantile (0–1) in milliseconds of the observations between two
/// readings of one histogram's cumulative buckets (`before` may be empty),
/// interpolated inside its bucket; and how many observations there were.
#[must_use]
pub fn histogram_quantile(before: &[(f64, u64)], after: &[(f64, u64)], p: f64) -> (u64, f64) {
    let count_before = |le: f64| before.iter().find(|b| b.0 == le).map_or(0, |b| b.1);
    let diff: Vec<(f64, u64)> = after.iter().map(|&(le, n)| (le, n.saturating_sub(count_before(le)))).collect();
    let total = diff.last().map_or(0, |d| d.1);
    if total == 0 {
        return (0, 0.0);
    }
    let rank = p * total as f64;
    let mut lower = (0.0, 0u64);
    for &(le, n) in &diff {
        if n as f64 >= rank {
            if le.is_infinite() {
                return (total, lower.0 * 1000.0);
            }
            let inside = (rank - lower.1 as f64) / ((n - lower.1).max(1)) as f64;
            return (total, (lower.0 + (le - lower.0) * inside) * 1000.0);
        }
        lower = (le, n);
    }
    (total, lower.0 * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_told_apart_by_their_bytes() {
        assert_eq!(frame_kind(br#"{"v":1,"type":"snapshot","view":"board","seq":3,"data":{}}"#), FrameKind::Snapshot);
        let confirmed = br#"{"v":1,"type":"update","view":"board","seq":9,"at":5,"kind":"result_confirmed","data":{"pairing":{"table":7}}}"#;
        assert_eq!(frame_kind(confirmed), FrameKind::Confirmed);
        let c: Confirmation = serde_json::from_slice(confirmed).unwrap();
        assert_eq!((c.at, c.data.and_then(|d| d.pairing).and_then(|p| p.table)), (Some(5), Some(7)));
        let event = br#"{"v":1,"type":"event","tournament":"t","seq":9,"kind":"result_confirmed","at":5,"data":{}}"#;
        assert_eq!(frame_kind(event), FrameKind::Confirmed);
        let standings = br#"{"v":1,"type":"update","view":"standings","seq":9,"at":5,"kind":"standings","data":{}}"#;
        assert_eq!(frame_kind(standings), FrameKind::Standings);
        assert_eq!(
            frame_kind(br#"{"v":1,"type":"update","view":"board","seq":9,"at":5,"kind":"result_reported","data":{}}"#),
            FrameKind::Other
        );
        assert_eq!(frame_kind(br#"{"v":1,"type":"pong","now":5}"#), FrameKind::Other);
    }

    #[test]
    fn quantiles_come_from_the_difference_of_two_readings() {
        let page = "x_bucket{stage=\"queue\",le=\"0.001\"} 10\nx_bucket{stage=\"queue\",le=\"0.002\"} 30\nx_bucket{stage=\"queue\",le=\"+Inf\"} 30\nx_sum{stage=\"queue\"} 1\n";
        let after = histogram_buckets(page, "x");
        let before = vec![(0.001, 10), (0.002, 10), (f64::INFINITY, 10)];
        // 20 observations, all between 1 and 2 ms: the median halfway through the bucket.
        let (n, p50) = histogram_quantile(&before, &after["queue"], 0.5);
        assert_eq!(n, 20);
        assert!((p50 - 1.5).abs() < 1e-9, "{p50}");
        let (n, p50) = histogram_quantile(&[], &after["queue"], 0.5);
        assert_eq!(n, 30);
        assert!((p50 - 1.25).abs() < 1e-9, "{p50}");
    }
}
