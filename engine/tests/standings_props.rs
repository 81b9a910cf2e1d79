//! Invariants of chess standings on random Swiss events with every kind of
//! unplayed round: the table is a ranking of everyone, a tie is never broken
//! silently, cuts never raise a sum, the 2026 caps never raise a dummy, and
//! confirming every open tie changes nothing.

#![allow(clippy::unwrap_used)]

use arbiter_engine::model::{Colour, Outcome, PlayerNo, PointSystem, RoundRecord, Unplayed};
use arbiter_engine::standings::{
    apply_resolutions, compute_chess, ChessConfig, ChessEvent, ChessPlayer, ChessTiebreak, Modifier, OpenTieKind,
    PairingKind, Resolution, RulesVersion, Standings,
};
use proptest::prelude::*;

/// A random event: each round shuffles the players, gives some of them a
/// bye of a random kind, and pairs the rest with random results.
fn event(players: usize, rounds: usize, seed: u64) -> ChessEvent {
    let mut state = seed | 1;
    let mut next = move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    };
    let mut records: Vec<Vec<RoundRecord>> = vec![Vec::new(); players];
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..players).collect();
        for i in (1..players).rev() {
            order.swap(i, next(i as u64 + 1) as usize);
        }
        let mut paired = Vec::new();
        for p in order {
            if next(6) == 0 {
                let bye = [
                    Unplayed::PairingBye,
                    Unplayed::FullPointBye,
                    Unplayed::HalfPointBye,
                    Unplayed::ZeroPointBye,
                    Unplayed::Absent,
                ][next(5) as usize];
                records[p].push(RoundRecord::Unpaired(bye));
            } else {
                paired.push(p);
            }
        }
        if paired.len() % 2 == 1 {
            let p = paired.pop().unwrap();
            records[p].push(RoundRecord::Unpaired(Unplayed::PairingBye));
        }
        for pair in paired.chunks(2) {
            let (w, b) = (pair[0], pair[1]);
            let (nw, nb) = (PlayerNo(w as u32 + 1), PlayerNo(b as u32 + 1));
            match next(10) {
                0 => {
                    let white_won = next(3);
                    records[w].push(RoundRecord::Forfeit {
                        opponent: nb,
                        colour: Some(Colour::White),
                        won: white_won == 1,
                    });
                    records[b].push(RoundRecord::Forfeit {
                        opponent: nw,
                        colour: Some(Colour::Black),
                        won: white_won == 2,
                    });
                }
                k => {
                    let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][(k % 3) as usize];
                    records[w].push(RoundRecord::Played { opponent: nb, colour: Colour::White, outcome, rated: true });
                    records[b].push(RoundRecord::Played {
                        opponent: nw,
                        colour: Colour::Black,
                        outcome: outcome.reversed(),
                        rated: true,
                    });
                }
            }
        }
    }
    ChessEvent {
        players: records
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| ChessPlayer {
                no: PlayerNo(i as u32 + 1),
                rating: Some(1500 + (i as u16 % 7) * 50),
                rounds,
            })
            .collect(),
        points: PointSystem::default(),
        pairing: PairingKind::Swiss,
        start_date: None,
        total_rounds: None,
    }
}

const ALL: [ChessTiebreak; 14] = [
    ChessTiebreak::Buchholz { modifier: Modifier::Cut1 },
    ChessTiebreak::Buchholz { modifier: Modifier::Median2 },
    ChessTiebreak::SonnebornBerger { modifier: Modifier::Cut2 },
    ChessTiebreak::DirectEncounter { forfeits: false },
    ChessTiebreak::Wins,
    ChessTiebreak::GamesWon,
    ChessTiebreak::GamesWithBlack,
    ChessTiebreak::ProgressiveScore { cut: 1 },
    ChessTiebreak::Koya { limit: 0 },
    ChessTiebreak::AverageRatingOfOpponents { modifier: Modifier::Cut1 },
    ChessTiebreak::PerformanceRating,
    ChessTiebreak::ForeBuchholz { modifier: Modifier::None },
    ChessTiebreak::AverageOfOpponentsBuchholz { fore: false },
    ChessTiebreak::StandardPoints,
];

fn check_table(s: &Standings, players: usize) {
    let mut seen: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
    seen.sort_unstable();
    assert_eq!(seen, (1..=players as u32).collect::<Vec<_>>());
    for (k, row) in s.rows.iter().enumerate() {
        assert_eq!(row.position as usize, k + 1);
        assert!(row.rank <= row.position);
        if k > 0 {
            assert!(s.rows[k - 1].score.value >= row.score.value);
        }
    }
    for tie in &s.open_ties {
        let start = tie.first_position as usize - 1;
        let rows = &s.rows[start..start + tie.members.len()];
        assert_eq!(rows.iter().map(|r| r.player).collect::<Vec<_>>(), tie.members);
        assert!(rows.iter().all(|r| r.score == rows[0].score));
        if tie.kind == OpenTieKind::Unresolved {
            assert!(rows.iter().all(|r| r.rank == tie.first_position));
        }
    }
    for row in &s.rows {
        let shared = s
            .open_ties
            .iter()
            .find(|t| t.kind == OpenTieKind::Unresolved && t.members.contains(&row.player))
            .map(|t| t.first_position);
        assert_eq!(row.rank, shared.unwrap_or(row.position));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_are_a_ranking_that_never_breaks_a_tie_silently(
        players in 2_usize..30, rounds in 1_usize..8, seed in any::<u64>(), pick in any::<u16>()
    ) {
        let event = event(players, rounds, seed);
        let list: Vec<ChessTiebreak> =
            ALL.iter().enumerate().filter(|(i, _)| pick >> i & 1 == 1).map(|(_, t)| *t).collect();
        let with_de = list.iter().any(|t| matches!(t, ChessTiebreak::DirectEncounter { .. }));
        let s = compute_chess(&event, &ChessConfig::with(list)).unwrap();
        check_table(&s, players);
        // Without DE every criterion is a value: two neighbours equal on all
        // of them must share their place.
        if !with_de {
            for w in s.rows.windows(2) {
                let equal = w[0].score == w[1].score
                    && w[0].values.iter().zip(&w[1].values).all(|(a, b)| a.value == b.value);
                prop_assert_eq!(equal, w[0].rank == w[1].rank);
            }
        }
        // Confirming every open tie keeps the order and settles them all.
        let confirm: Vec<Resolution<()>> = s.open_ties.iter().map(|t| Resolution::confirm(t, ())).collect();
        let (resolved, dropped) = apply_resolutions(s.clone(), &confirm);
        prop_assert!(dropped.is_empty());
        prop_assert!(resolved.open_ties.is_empty());
        prop_assert_eq!(
            resolved.rows.iter().map(|r| r.player).collect::<Vec<_>>(),
            s.rows.iter().map(|r| r.player).collect::<Vec<_>>()
        );
        prop_assert!(resolved.rows.iter().all(|r| r.rank == r.position));
    }

    #[test]
    fn cuts_never_raise_a_sum_and_the_2026_caps_never_raise_a_dummy(
        players in 2_usize..30, rounds in 1_usize..8, seed in any::<u64>()
    ) {
        let event = event(players, rounds, seed);
        let values = |tb: ChessTiebreak, rules: RulesVersion| {
            let mut config = ChessConfig::with(vec![tb]);
            config.rules = Some(rules);
            let s = compute_chess(&event, &config).unwrap();
            let mut v: Vec<(u32, _)> = s.rows.iter().map(|r| (r.player.0, r.values[0].value.unwrap())).collect();
            v.sort_by_key(|x| x.0);
            v.into_iter().map(|x| x.1).collect::<Vec<_>>()
        };
        for rules in [RulesVersion::Fide2024, RulesVersion::Fide2026] {
            for make in [
                |m| ChessTiebreak::Buchholz { modifier: m },
                |m| ChessTiebreak::SonnebornBerger { modifier: m },
            ] {
                let full = values(make(Modifier::None), rules);
                let c1 = values(make(Modifier::Cut1), rules);
                let c2 = values(make(Modifier::Cut2), rules);
                let m1 = values(make(Modifier::Median1), rules);
                for i in 0..players {
                    prop_assert!(c2[i] <= c1[i] && c1[i] <= full[i] && m1[i] <= c1[i]);
                }
            }
        }
        let old = values(ChessTiebreak::Buchholz { modifier: Modifier::None }, RulesVersion::Fide2024);
        let new = values(ChessTiebreak::Buchholz { modifier: Modifier::None }, RulesVersion::Fide2026);
        for i in 0..players {
            prop_assert!(new[i] <= old[i]);
        }
    }
}
