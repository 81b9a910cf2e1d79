//! Viewers in child processes: one process may hold no more sockets than its
//! open-file limit (20,000 here, and not raisable without privileges), so a
//! benchmark of 20,000 viewers runs them in several children of its own
//! executable. Each child connects its share, reports how many
//! confirmations its viewers have received while the load runs, and at the
//! end what each viewer saw.
//!
//! Parent → child (stdin): `bases URL…`, `tid ID`, one line per viewer
//! (`query\tsession`), then `go`; later `end`. Child → parent (stdout): `ready CONNECTED SNAPSHOTS`,
//! `count N` every 100 ms, and after `end` the observations — `lat MS COMMITTED` per
//! confirmation, `seen VIEWER TABLE` per (viewer, table), `standings N` —
//! then `done`.

use super::Observed;
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The environment variable that makes a benchmark executable a child of a fleet.
pub const CHILD: &str = "ARBITER_LOAD_CHILD";

/// Viewers a child holds at most.
pub const PER_CHILD: usize = 8_000;

/// The children and what they report.
pub struct Fleet {
    children: Vec<(Child, ChildStdin)>,
    counts: Vec<Arc<AtomicUsize>>,
    reports: Vec<Arc<Mutex<Report>>>,
}

#[derive(Default)]
struct Report {
    ready: Option<(usize, usize)>,
    lines: Vec<String>,
    done: bool,
}

impl Fleet {
    /// Starts enough children of this executable for `viewers` (their URL
    /// query and session cookie, if any), each connecting its share to the
    /// `bases` (`ws://…`) in turn, and waits until every one is connected
    /// and has its snapshot.
    ///
    /// # Errors
    /// A child could not start, or failed before it was ready.
    pub fn spawn(bases: &[String], tid: &str, viewers: &[(String, Option<String>)]) -> anyhow::Result<Fleet> {
        let exe = std::env::current_exe()?;
        let mut fleet = Fleet { children: Vec::new(), counts: Vec::new(), reports: Vec::new() };
        for (k, share) in viewers.chunks(PER_CHILD).enumerate() {
            let mut child = Command::new(&exe)
                .env(CHILD, "1")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()?;
            let mut stdin = child.stdin.take().ok_or_else(|| anyhow::anyhow!("no stdin"))?;
            let stdout = child.stdout.take().ok_or_else(|| anyhow::anyhow!("no stdout"))?;
            // Each child starts its bases at its own offset, so viewers alternate between instances overall.
            let first = k * PER_CHILD;
            let rotated: Vec<&String> = (0..bases.len()).map(|i| &bases[(first + i) % bases.len()]).collect();
            let mut script =
                format!("bases {}\ntid {tid}\n", rotated.iter().map(|b| b.as_str()).collect::<Vec<_>>().join(" "));
            for (query, session) in share {
                script.push_str(&format!("{query}\t{}\n", session.as_deref().unwrap_or("")));
            }
            script.push_str("go\n");
            stdin.write_all(script.as_bytes())?;
            stdin.flush()?;
            let (count, report) = (Arc::new(AtomicUsize::new(0)), Arc::new(Mutex::new(Report::default())));
            let (c, r) = (count.clone(), report.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    let Ok(mut r) = r.lock() else { return };
                    if let Some(n) = line.strip_prefix("count ") {
                        c.store(n.parse().unwrap_or(0), Ordering::Relaxed);
                    } else if let Some(rest) = line.strip_prefix("ready ") {
                        let mut n = rest.split(' ').map(|x| x.parse().unwrap_or(0));
                        r.ready = Some((n.next().unwrap_or(0), n.next().unwrap_or(0)));
                    } else if line == "done" {
                        r.done = true;
                    } else {
                        r.lines.push(line);
                    }
                }
                if let Ok(mut r) = r.lock() {
                    r.done = true;
                }
            });
            fleet.children.push((child, stdin));
            fleet.counts.push(count);
            fleet.reports.push(report);
        }
        for _ in 0..1200 {
            let ready = fleet.reports.iter().filter(|r| r.lock().is_ok_and(|r| r.ready.is_some() || r.done)).count();
            if ready == fleet.reports.len() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        anyhow::ensure!(
            fleet.reports.iter().all(|r| r.lock().is_ok_and(|r| r.ready.is_some())),
            "a viewers' process failed to connect its viewers"
        );
        Ok(fleet)
    }

    /// (viewers connected, snapshots received), over every child.
    #[must_use]
    pub fn connected(&self) -> (usize, usize) {
        self.reports
            .iter()
            .filter_map(|r| r.lock().ok().and_then(|r| r.ready))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    }

    /// Confirmations received so far by every viewer (as last reported, every 100 ms).
    #[must_use]
    pub fn confirmations(&self) -> usize {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// The children's process ids (for their CPU time).
    #[must_use]
    pub fn pids(&self) -> Vec<u32> {
        self.children.iter().map(|(c, _)| c.id()).collect()
    }

    /// Ends the children and gathers what every viewer saw (viewer numbers
    /// are the viewers' places in the list given to [`Fleet::spawn`]).
    ///
    /// # Errors
    /// A child did not answer.
    pub fn finish(mut self) -> anyhow::Result<Observed> {
        for (_, stdin) in &mut self.children {
            stdin.write_all(b"end\n")?;
            stdin.flush()?;
        }
        for _ in 0..600 {
            if self.reports.iter().all(|r| r.lock().is_ok_and(|r| r.done)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut o = Observed::default();
        for (k, report) in self.reports.iter().enumerate() {
            let r = report.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            anyhow::ensure!(r.done, "a viewers' process did not report");
            o.snapshots += r.ready.map_or(0, |x| x.1);
            for line in &r.lines {
                let mut f = line.split(' ');
                match (f.next(), f.next(), f.next()) {
                    (Some("lat"), Some(ms), Some(at)) => {
                        o.latencies_ms.push(ms.parse()?);
                        o.committed_ms.push(at.parse()?);
                    }
                    (Some("seen"), Some(v), Some(t)) => {
                        o.confirmed.insert((k * PER_CHILD + v.parse::<usize>()?, t.parse()?));
                    }
                    (Some("standings"), Some(n), None) => o.standings_updates += n.parse::<usize>()?,
                    _ => {}
                }
            }
        }
        for (mut child, stdin) in self.children {
            drop(stdin);
            let _ = child.wait();
        }
        Ok(o)
    }
}

/// A child's life (call it first thing in `main` when [`CHILD`] is set):
/// reads its viewers, connects them on a two-thread runtime, and reports.
///
/// # Errors
/// Its instructions were unreadable, or a viewer could not connect.
pub fn child_main() -> anyhow::Result<()> {
    let mut lines = std::io::stdin().lines();
    let mut bases = Vec::new();
    let mut tid = String::new();
    let mut viewers: Vec<(String, Option<String>)> = Vec::new();
    for line in lines.by_ref() {
        let line = line?;
        if let Some(b) = line.strip_prefix("bases ") {
            bases = b.split(' ').map(str::to_string).collect();
        } else if let Some(t) = line.strip_prefix("tid ") {
            tid = t.to_string();
        } else if line == "go" {
            break;
        } else if let Some((query, session)) = line.split_once('\t') {
            viewers.push((query.to_string(), (!session.is_empty()).then(|| session.to_string())));
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    let connected = rt.block_on(super::connect_queries(&bases, &tid, &viewers))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready {} {}", connected.len(), connected.snapshots())?;
    out.flush()?;
    // Count until told to end (stdin's next line, read on a thread of its own).
    let ended = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let e = ended.clone();
    drop(lines);
    std::thread::spawn(move || {
        let _ = std::io::stdin().read_line(&mut String::new());
        e.store(true, Ordering::Relaxed);
    });
    while !ended.load(Ordering::Relaxed) {
        writeln!(out, "count {}", connected.confirmations())?;
        out.flush()?;
        std::thread::sleep(Duration::from_millis(100));
    }
    let o = connected.observed();
    for (ms, at) in o.latencies_ms.iter().zip(&o.committed_ms) {
        writeln!(out, "lat {ms} {at}")?;
    }
    for (viewer, table) in &o.confirmed {
        writeln!(out, "seen {viewer} {table}")?;
    }
    writeln!(out, "standings {}", o.standings_updates)?;
    writeln!(out, "done")?;
    out.flush()?;
    drop(rt);
    Ok(())
}
