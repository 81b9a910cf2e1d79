//! Load-test clients shared by the benchmarks (`benches/`): WebSocket
//! viewers that follow a view and time each confirmation from its commit to
//! its receipt, per-route request timings, and server memory.

use crate::process::ServerProcess;
use futures_util::StreamExt as _;
use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::Message;

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

/// Everything the viewers observed.
#[derive(Default, Debug)]
pub struct Observed {
    /// Commit → receipt of each confirmation frame, in ms.
    pub latencies_ms: Vec<i64>,
    /// (viewer, table) confirmations received.
    pub confirmed: HashSet<(usize, u32)>,
    /// Snapshots received.
    pub snapshots: usize,
    /// Standings-window updates received.
    pub standings_updates: usize,
}

/// The fields of a server frame the benchmark reads (the rest is skipped unparsed).
#[derive(serde::Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    ty: std::borrow::Cow<'a, str>,
    #[serde(default, borrow)]
    kind: Option<std::borrow::Cow<'a, str>>,
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

/// Connects every client (200 handshakes in flight) and starts its reader.
///
/// # Errors
/// A handshake failed.
pub async fn connect_all(
    bases: &[String],
    tid: &str,
    follows: &[Follow],
    observed: &Arc<Mutex<Observed>>,
) -> anyhow::Result<usize> {
    let mut connected = 0;
    for (chunk_no, chunk) in follows.chunks(200).enumerate() {
        let handshakes = futures_util::future::join_all(chunk.iter().enumerate().map(|(k, f)| {
            let i = chunk_no * 200 + k;
            let base = &bases[i % bases.len()];
            let url = format!("{base}/ws/tournaments/{tid}?{}", f.query());
            let session = f.session().map(str::to_string);
            async move {
                let mut req = url.into_client_request()?;
                if let Some(s) = session {
                    req.headers_mut().insert("Cookie", format!("arbiter_session={s}").parse()?);
                }
                let (ws, _) = tokio_tungstenite::connect_async(req).await?;
                anyhow::Ok((i, ws))
            }
        }))
        .await;
        for h in handshakes {
            let (i, ws) = h?;
            connected += 1;
            let observed = observed.clone();
            tokio::spawn(async move {
                let (_, mut read) = ws.split();
                while let Some(Ok(msg)) = read.next().await {
                    let Message::Text(text) = msg else { continue };
                    let received = now_ms();
                    let Ok(v) = serde_json::from_str::<Incoming<'_>>(&text) else { continue };
                    let Ok(mut o) = observed.lock() else { return };
                    match (v.ty.as_ref(), v.kind.as_deref()) {
                        ("snapshot", _) => o.snapshots += 1,
                        ("update" | "event", Some("result_confirmed")) => {
                            o.latencies_ms.push(received - v.at.unwrap_or(received));
                            let table = v.data.and_then(|d| d.pairing).and_then(|p| p.table).unwrap_or(0);
                            o.confirmed.insert((i, table));
                        }
                        ("update", Some("standings")) => o.standings_updates += 1,
                        _ => {}
                    }
                }
            });
        }
    }
    // Every client has its snapshot before the load starts.
    for _ in 0..600 {
        if observed.lock().map(|o| o.snapshots).unwrap_or(0) >= connected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(connected)
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
