//! Full chess standings for a 10,000-player, 11-round Swiss, with Buchholz,
//! Sonneborn-Berger and Progressive Score (target: under 50 ms), and with the
//! default Swiss list for comparison. Run by hand:
//!
//! ```sh
//! cargo bench -p arbiter-engine --bench standings
//! ```
//!
//! Prints the median, minimum and maximum of repeated runs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_engine::model::{Colour, Outcome, PlayerNo, PointSystem, RoundRecord, Unplayed};
use arbiter_engine::simulate::seeded_rng;
use arbiter_engine::standings::{
    compute_chess, ChessConfig, ChessEvent, ChessPlayer, ChessTiebreak, Modifier, PairingKind,
};
use rand::Rng as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

const PLAYERS: u32 = 10_000;
const ROUNDS: usize = 11;
const RUNS: usize = 21;

/// A Swiss-like event: each round pairs neighbours by score, with requested
/// half-point byes, a pairing-allocated bye when the count is odd, forfeits,
/// and random results.
fn event() -> ChessEvent {
    // Seeded, so every run ranks the same event.
    let mut rng = seeded_rng(2026);
    let n = PLAYERS as usize;
    let mut rounds: Vec<Vec<RoundRecord>> = vec![Vec::with_capacity(ROUNDS); n];
    let mut score = vec![0_i32; n];
    for _ in 0..ROUNDS {
        let mut available: Vec<usize> = Vec::with_capacity(n);
        for i in 0..n {
            if rng.gen_ratio(1, 97) {
                rounds[i].push(RoundRecord::Unpaired(Unplayed::HalfPointBye));
                score[i] += 5;
            } else {
                available.push(i);
            }
        }
        available.sort_by_key(|&i| (std::cmp::Reverse(score[i]), i));
        if available.len() % 2 == 1 {
            let last = available.pop().expect("odd count");
            rounds[last].push(RoundRecord::Unpaired(Unplayed::PairingBye));
            score[last] += 10;
        }
        for pair in available.chunks(2) {
            let (w, b) = (pair[0], pair[1]);
            let (pw, pb) = (PlayerNo(w as u32 + 1), PlayerNo(b as u32 + 1));
            let roll: u32 = rng.gen_range(0..100);
            if roll < 4 {
                rounds[w].push(RoundRecord::Forfeit { opponent: pb, colour: Some(Colour::White), won: true });
                rounds[b].push(RoundRecord::Forfeit { opponent: pw, colour: Some(Colour::Black), won: false });
                score[w] += 10;
                continue;
            }
            let outcome = match roll {
                4..=43 => Outcome::Win,
                44..=69 => Outcome::Draw,
                _ => Outcome::Loss,
            };
            let tenths = |o| match o {
                Outcome::Win => 10,
                Outcome::Draw => 5,
                Outcome::Loss => 0,
            };
            score[w] += tenths(outcome);
            score[b] += tenths(outcome.reversed());
            rounds[w].push(RoundRecord::Played { opponent: pb, colour: Colour::White, outcome, rated: true });
            rounds[b].push(RoundRecord::Played {
                opponent: pw,
                colour: Colour::Black,
                outcome: outcome.reversed(),
                rated: true,
            });
        }
    }
    ChessEvent {
        players: rounds
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| ChessPlayer {
                no: PlayerNo(i as u32 + 1),
                rating: Some(rng.gen_range(1000..2800)),
                rounds,
            })
            .collect(),
        points: PointSystem::default(),
        pairing: PairingKind::Swiss,
        start_date: Some("2026-06-01".parse().expect("date")),
        total_rounds: Some(ROUNDS as u32),
    }
}

fn time(label: &str, event: &ChessEvent, config: &ChessConfig) {
    let mut samples: Vec<Duration> = Vec::with_capacity(RUNS);
    for run in 0..RUNS + 2 {
        let start = Instant::now();
        let standings = compute_chess(black_box(event), black_box(config)).expect("standings");
        let elapsed = start.elapsed();
        black_box(standings);
        if run >= 2 {
            samples.push(elapsed);
        }
    }
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{label}: median {:.2} ms (min {:.2}, max {:.2}) over {RUNS} runs",
        ms(samples[RUNS / 2]),
        ms(samples[0]),
        ms(samples[RUNS - 1])
    );
}

fn main() {
    let event = event();
    println!("standings: {PLAYERS} players x {ROUNDS} rounds");
    let bh_sb_ps = ChessConfig::with(vec![
        ChessTiebreak::Buchholz { modifier: Modifier::None },
        ChessTiebreak::SonnebornBerger { modifier: Modifier::None },
        ChessTiebreak::ProgressiveScore { cut: 0 },
    ]);
    time("BH, SB, PS", &event, &bh_sb_ps);
    time("BH-C1, BH, SB, DE, WIN (Swiss default)", &event, &ChessConfig::swiss_default());
}
