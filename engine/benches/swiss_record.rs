//! Record-based Swiss (40K) at scale: random events of 100 to 5000 players
//! over 8 rounds, VP results at random, a few drops each round; and a small
//! field played far past exhaustion (64 players, 80 rounds), where most
//! feasibility checks need the exact blossom matching. Prints the median and
//! worst time per round of `standings` and of `pair_round`.
//!
//! Run with `cargo bench -p arbiter-engine --bench swiss_record`.

use arbiter_engine::pairing::swiss_record::{pair_standings, Game, SwissProcedure};
use arbiter_engine::simulate::seeded_rng;
use arbiter_engine::standings::wh40k::standings;
use rand::Rng as _;
use std::collections::HashSet;
use std::time::{Duration, Instant};

const SEEDS: [u64; 3] = [0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, 0x8CB9_2BA7_2F3D_8DD7];

/// Plays one event; returns the time of each round's standings and pairing.
fn event(players: u32, rounds: u32, seed: u64) -> (Vec<Duration>, Vec<Duration>, usize) {
    let mut rng = seeded_rng(seed);
    let entrants: Vec<u32> = (0..players).collect();
    let mut dropped = HashSet::new();
    let mut history = Vec::new();
    let (mut standing_times, mut pairing_times, mut rematches) = (Vec::new(), Vec::new(), 0);
    for round in 1..=rounds {
        let start = Instant::now();
        let Ok(table) = standings(&entrants, &history) else {
            break;
        };
        standing_times.push(start.elapsed());

        let start = Instant::now();
        let Ok(pairing) = pair_standings(&table, |id| !dropped.contains(&id), &history, SwissProcedure::Fold) else {
            break;
        };
        pairing_times.push(start.elapsed());
        rematches += pairing.warnings.len();

        for t in &pairing.tables {
            let (vp1, vp2) = (rng.gen_range(0..=100), rng.gen_range(0..=100));
            history.push(Game { round, player1: t.player1, player2: Some(t.player2), vp1, vp2 });
        }
        if let Some(b) = pairing.bye {
            history.push(Game { round, player1: b, player2: None, vp1: 0, vp2: 0 });
        }
        for t in &pairing.tables {
            if rounds <= 8 && rng.gen_ratio(1, 50) {
                dropped.insert(t.player2);
            }
        }
    }
    (standing_times, pairing_times, rematches)
}

fn summary(mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let worst = times.last().copied().unwrap_or_default();
    format!("median {:>9.3} ms  worst {:>9.3} ms", median.as_secs_f64() * 1e3, worst.as_secs_f64() * 1e3)
}

fn main() {
    for (players, rounds) in [(100, 8), (500, 8), (1000, 8), (2000, 8), (5000, 8), (64, 80)] {
        let (mut standing_times, mut pairing_times, mut warnings) = (Vec::new(), Vec::new(), 0);
        for seed in SEEDS {
            let (s, p, w) = event(players, rounds, seed);
            standing_times.extend(s);
            pairing_times.extend(p);
            warnings += w;
        }
        println!(
            "{players:>5} players {rounds:>2} rounds x{}  pair_round: {}  standings: {}  warnings: {warnings}",
            SEEDS.len(),
            summary(pairing_times),
            summary(standing_times)
        );
    }
}
