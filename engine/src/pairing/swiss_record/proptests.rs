//! Property tests: random events (random sizes, VP results and drops), paired
//! round after round through the standings, checked against the rules and,
//! on small fields, against an independent brute-force minimum-rematch search.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::standings::wh40k::standings;
use proptest::prelude::*;
use rand::Rng as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};

/// The fewest rematches any pairing of `players` can have (bitmask search).
fn min_rematches(players: &[u32], met: &HashSet<(u32, u32)>) -> usize {
    fn go(mask: usize, players: &[u32], met: &HashSet<(u32, u32)>, memo: &mut HashMap<usize, usize>) -> usize {
        if mask == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut best = usize::MAX;
        for j in (0..players.len()).filter(|&j| rest & (1 << j) != 0) {
            let cost = usize::from(met.contains(&key(players[i], players[j])));
            best = best.min(cost + go(rest & !(1 << j), players, met, memo));
        }
        memo.insert(mask, best);
        best
    }
    go((1 << players.len()) - 1, players, met, &mut HashMap::new())
}

fn key(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// Plays a random event of `size` entrants over `rounds` rounds, paired by
/// `procedure`, checking every pairing.
fn play(size: u32, rounds: u32, seed: u64, procedure: SwissProcedure) -> Result<(), TestCaseError> {
    // The engine's generator, seeded by proptest: a failing case replays.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let entrants: Vec<u32> = (0..size).collect();
    let mut dropped = HashSet::new();
    let mut history: Vec<Game<u32>> = Vec::new();
    let mut met: HashSet<(u32, u32)> = HashSet::new();
    let mut had_bye: HashSet<u32> = HashSet::new();

    for round in 1..=rounds {
        let table = standings(&entrants, &history).unwrap();
        let ranked: Vec<u32> = procedure.order(&table).into_iter().filter(|id| !dropped.contains(id)).collect();
        if ranked.len() < 2 {
            prop_assert!(pair_round(&ranked, &history, procedure).is_err());
            break;
        }
        let pairing = pair_standings(&table, |id| !dropped.contains(&id), &history, procedure).unwrap();
        let rank: HashMap<u32, usize> = ranked.iter().enumerate().map(|(i, &id)| (id, i)).collect();

        // Everyone active is paired exactly once or is the one bye; nobody else is.
        let mut seen: Vec<u32> =
            pairing.tables.iter().flat_map(|t| [t.player1, t.player2]).chain(pairing.bye).collect();
        seen.sort_unstable();
        let mut expected = ranked.clone();
        expected.sort_unstable();
        prop_assert_eq!(&seen, &expected);
        prop_assert_eq!(pairing.bye.is_some(), ranked.len() % 2 == 1);

        // The bye: the lowest-ranked without one, else the lowest-ranked.
        if let Some(b) = pairing.bye {
            let want = ranked.iter().rev().find(|id| !had_bye.contains(id)).unwrap_or(&ranked[ranked.len() - 1]);
            prop_assert_eq!(b, *want);
            let repeat =
                pairing.warnings.iter().any(|w| matches!(w, PairingWarning::RepeatBye { player, .. } if *player == b));
            prop_assert_eq!(repeat, had_bye.contains(&b));
        }

        // Tables: numbered 1.., higher seed first, in order of the higher seed.
        for (i, t) in pairing.tables.iter().enumerate() {
            prop_assert_eq!(t.number as usize, i + 1);
            prop_assert!(rank[&t.player1] < rank[&t.player2]);
            if i > 0 {
                prop_assert!(rank[&pairing.tables[i - 1].player1] < rank[&t.player1]);
            }
        }

        // Rematches: exactly the flagged ones, and no more than unavoidable.
        let rematches: Vec<(u32, u32)> =
            pairing.tables.iter().map(|t| (t.player1, t.player2)).filter(|&(a, b)| met.contains(&key(a, b))).collect();
        let flagged: Vec<(u32, u32)> = pairing
            .warnings
            .iter()
            .filter_map(|w| match w {
                PairingWarning::Rematch { player1, player2, .. } => Some((*player1, *player2)),
                _ => None,
            })
            .collect();
        prop_assert_eq!(&rematches, &flagged);
        let paired: Vec<u32> = ranked.iter().copied().filter(|&id| Some(id) != pairing.bye).collect();
        if paired.len() <= 12 {
            prop_assert_eq!(rematches.len(), min_rematches(&paired, &met), "round {}", round);
        } else {
            // Dirac: if nobody has met half of the others, a rematch-free pairing exists.
            let worst = paired.iter().map(|&a| paired.iter().filter(|&&b| met.contains(&key(a, b))).count()).max();
            if worst.unwrap_or(0) < paired.len() / 2 {
                prop_assert!(rematches.is_empty(), "round {}: avoidable rematch", round);
            }
        }

        // Random results (VP in steps of 10, so draws happen), then random drops.
        for t in &pairing.tables {
            let (vp1, vp2) = (rng.gen_range(0..6_u32) * 10, rng.gen_range(0..6_u32) * 10);
            history.push(Game { round, player1: t.player1, player2: Some(t.player2), vp1, vp2 });
            met.insert(key(t.player1, t.player2));
        }
        if let Some(b) = pairing.bye {
            history.push(Game { round, player1: b, player2: None, vp1: 0, vp2: 0 });
            had_bye.insert(b);
        }
        for &id in &ranked {
            if rng.gen_ratio(1, 15) {
                dropped.insert(id);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Events of 2–60 players over up to 8 rounds.
    #[test]
    fn random_events_pair_by_the_rules(size in 2u32..=60, rounds in 1u32..=8, seed in any::<u64>()) {
        play(size, rounds, seed, SwissProcedure::Fold)?;
        play(size, rounds, seed, SwissProcedure::Matching)?;
    }

    /// Small events played far past exhaustion, where rematches become
    /// unavoidable: the count must still be the minimum.
    #[test]
    fn small_events_make_only_unavoidable_rematches(size in 2u32..=12, rounds in 1u32..=14, seed in any::<u64>()) {
        play(size, rounds, seed, SwissProcedure::Fold)?;
        play(size, rounds, seed, SwissProcedure::Matching)?;
    }
}
