//! Pairing speed of the FIDE (Dutch) System: one round (round 6 of 11) at 100,
//! 300, 1000 and 3000 players, from seeded random tournaments. Prints the
//! median time of several pairings, their median CPU time (the thread's time
//! on a CPU, from `/proc/thread-self/schedstat`: the figure to compare on a
//! busy machine) and the peak memory (VmHWM) of the process.
//!
//! Run by hand: `cargo bench -p arbiter-engine --bench dutch`
//! (`DUTCH_BENCH_SIZES=100,300` to choose sizes, `DUTCH_BENCH_ROUND=1` to
//! pair another round of the 11, `DUTCH_BENCH_DUMP=file` to write every
//! round's pairing, the earlier rounds' included, to `file.<players>` so that
//! two builds can be compared pairing for pairing; `DUTCH_BENCH_TRF=file` to
//! write the tournament of the earlier rounds to `file.<players>` as TRF, for
//! `arbiter check --dutch`).

use arbiter_engine::pairing::dutch::pair;
use arbiter_engine::simulate::{Config, Simulation};
use std::time::Instant;

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The calling thread's time on a CPU so far, in seconds.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

fn main() {
    let sizes: Vec<u32> = std::env::var("DUTCH_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![100, 300, 1000, 3000]);
    let round: u32 = std::env::var("DUTCH_BENCH_ROUND")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .filter(|r| (1..=11).contains(r))
        .unwrap_or(6);
    println!("FIDE (Dutch) System, pairing round {round} of 11 (seeded random tournaments)");
    for players in sizes {
        let setup = Instant::now();
        let mut sim = Simulation::new(Config::new(players, 11, u64::from(players)));
        if let Err(e) = sim.play_until(round - 1) {
            println!("{players:>5} players: could not generate the tournament: {e}");
            continue;
        }
        let input = sim.next_input();
        let setup = setup.elapsed().as_secs_f64();
        if let Ok(path) = std::env::var("DUTCH_BENCH_TRF") {
            if let Err(e) = std::fs::write(format!("{path}.{players}"), sim.to_trf_text()) {
                println!("could not write the tournament to {path}.{players}: {e}");
            }
        }
        let runs = if players >= 3000 {
            3
        } else if players >= 1000 {
            5
        } else {
            11
        };
        let mut last = None;
        let mut cpu: Vec<f64> = Vec::new();
        let mut times: Vec<f64> = (0..runs)
            .map(|_| {
                let cpu_start = thread_cpu_seconds();
                let start = Instant::now();
                let result = pair(&input);
                let t = start.elapsed().as_secs_f64();
                if let (Some(a), Some(b)) = (cpu_start, thread_cpu_seconds()) {
                    cpu.push(b - a);
                }
                assert!(result.is_ok(), "{result:?}");
                last = result.ok();
                t
            })
            .collect();
        if let Ok(path) = std::env::var("DUTCH_BENCH_DUMP") {
            let mut text = String::new();
            for p in sim.pairings().iter().chain(last.as_ref()) {
                let boards: Vec<String> = p.boards.iter().map(|b| format!("{}-{}", b.white.0, b.black.0)).collect();
                let bye = p.bye.map_or_else(|| "-".to_string(), |b| b.0.to_string());
                text.push_str(&format!("round {} bye {bye}: {}\n", p.round, boards.join(" ")));
            }
            if let Err(e) = std::fs::write(format!("{path}.{players}"), text) {
                println!("could not write the pairings to {path}.{players}: {e}");
            }
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        cpu.sort_by(f64::total_cmp);
        let cpu = cpu.get(cpu.len() / 2).map_or_else(|| "n/a".to_string(), |c| format!("{:.3} ms", c * 1e3));
        let memory = peak_memory_kib().map_or_else(|| "n/a".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
        println!(
            "{players:>5} players: median {:>9.3} ms over {runs} runs (min {:.3} ms; median CPU {cpu}); setup (earlier rounds) {setup:.2} s; peak memory {memory}",
            median * 1e3,
            times[0] * 1e3
        );
    }
}
