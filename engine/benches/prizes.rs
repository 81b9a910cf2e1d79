//! Prize allocation and cash splitting on a large open: prints the median
//! time of each over repeated runs.
//!
//! `cargo bench -p arbiter-engine --bench prizes`

#[path = "../tests/prizes_support/mod.rs"]
mod prizes_support;

use arbiter_engine::model::Points;
use arbiter_engine::prizes::{allocate, split_cash, Category, Cents, Player, PrizeEvent, SplitMethod};
use prizes_support::*;
use std::hint::black_box;
use std::time::{Duration, Instant};

const PLAYERS: u32 = 2_000;
const RUNS: usize = 21;

/// A 9-round open of `PLAYERS` players with big score groups: 20 place
/// prizes, eight under-X rating classes of 5 prizes, four age groups of 3,
/// a girls' prize list of 5 — 77 prizes in 14 categories.
fn big_open() -> PrizeEvent {
    let mut seed: u64 = 0x5eed;
    let mut next = |m: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % m
    };
    let mut scores: Vec<i32> = (0..PLAYERS).map(|_| i32::try_from(next(19)).unwrap_or(0) * 5).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    let players: Vec<Player> = scores
        .iter()
        .zip(1..)
        .map(|(&score, n)| Player {
            score: Points::from_tenths(score),
            rating: Some(1000 + u32::try_from(next(1_700)).unwrap_or(0)),
            gender: Some(if next(4) == 0 { "F" } else { "M" }.into()),
            date_of_birth: Some(aged(u16::try_from(8 + next(60)).unwrap_or(30))),
            ..player(n, &format!("Player {n}"), n)
        })
        .collect();
    let prizes = |id: &str, amounts: &[u64]| {
        amounts.iter().zip(1..).map(|(&a, place)| cash(&format!("{id}-{place}"), place, a)).collect()
    };
    let places: Vec<u64> = (1..=20).map(|p| 5_000 / p).collect();
    let mut cats = vec![category("open", 1, prizes("open", &places))];
    for (i, max) in (1_200..=2_600).step_by(200).enumerate() {
        let id = format!("u{max}");
        let mut c = category(&id, 2 + i as u32, prizes(&id, &[800, 500, 300, 200, 100]));
        c.max_rating = Some(max - 1);
        cats.push(c);
    }
    for (i, max) in [10, 12, 14, 18].into_iter().enumerate() {
        let id = format!("age{max}");
        let mut c = category(&id, 20 + i as u32, prizes(&id, &[300, 200, 100]));
        c.max_age = Some(max);
        cats.push(c);
    }
    let girls: Category =
        Category { gender: Some("F".into()), ..category("girls", 30, prizes("girls", &[400, 300, 200, 100, 50])) };
    cats.push(girls);
    event(players, cats)
}

fn median(mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

fn main() {
    let event = big_open();
    let prizes: usize = event.categories.iter().map(|c| c.prizes.len()).sum();
    println!(
        "{} players, {} categories, {prizes} prizes, median of {RUNS} runs",
        event.players.len(),
        event.categories.len()
    );
    let t = median(|| {
        black_box(allocate(black_box(&event)).ok());
    });
    println!("allocate            {t:>12.3?}");
    for method in [SplitMethod::None, SplitMethod::Uscf32B3, SplitMethod::PlaceFirst, SplitMethod::Hort] {
        let mut e = event.clone();
        e.rules.cash_split = method;
        let Ok(allocation) = allocate(&e) else { continue };
        let paid = split_cash(&e, &allocation).map_or(Cents::ZERO, |s| s.paid);
        let t = median(|| {
            black_box(split_cash(black_box(&e), black_box(&allocation)).ok());
        });
        println!("split {:<13} {t:>12.3?}  (paid {paid})", format!("{method:?}"));
    }
}
