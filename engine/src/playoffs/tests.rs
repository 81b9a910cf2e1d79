use super::*;
use std::collections::HashMap;

fn cfg(cut: u32, reseed: bool, third_place: bool) -> PlayoffConfig {
    PlayoffConfig { cut, reseed, third_place }
}

/// Results as (high, low) → winner.
fn results(rs: &[(u32, u32, u32)]) -> impl Fn(u32, u32) -> Option<u32> {
    let m: HashMap<(u32, u32), u32> = rs.iter().map(|&(a, b, w)| ((a.min(b), a.max(b)), w)).collect();
    move |h, l| m.get(&(h, l)).copied()
}

fn g(high: u32, low: u32, winner: Option<u32>) -> Slot {
    Slot::Game { high, low, winner }
}

#[test]
fn playoff_bracket_order_is_the_standard_one() {
    assert_eq!(bracket_order(2), [1, 2]);
    assert_eq!(bracket_order(4), [1, 4, 2, 3]);
    // The order for 8: 1v8, 4v5, 2v7, 3v6.
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(bracket_order(16), [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    for size in [2u32, 4, 8, 16, 32, 64] {
        let o = bracket_order(size);
        assert!(o.chunks(2).all(|p| p[0] + p[1] == size + 1), "every game sums to size + 1");
        // 1 and 2 are in different halves: they can only meet in the final.
        let half = o.len() / 2;
        assert!(o[..half].contains(&1) && o[half..].contains(&2));
    }
}

#[test]
fn playoff_cut_of_eight_seeds_one_v_eight() {
    let b = Bracket::build(cfg(8, false, false), |_, _| None).unwrap();
    assert_eq!(b.rounds.len(), 3);
    assert_eq!(b.rounds[0], [g(1, 8, None), g(4, 5, None), g(2, 7, None), g(3, 6, None)]);
    assert_eq!(b.rounds[1], [Slot::Open { known: None }; 2]);
    assert_eq!(b.round_name(0), "Quarterfinals");
    assert_eq!(b.round_name(2), "Final");
    assert_eq!((b.round_of(0), b.round_of(1), b.round_of(2)), (8, 4, 2));
    assert_eq!(b.games_of(0).len(), 4);
}

#[test]
fn playoff_cut_of_six_gives_the_top_two_seeds_byes() {
    let b = Bracket::build(cfg(6, false, false), |_, _| None).unwrap();
    assert_eq!(b.rounds[0], [Slot::Bye { seed: 1 }, g(4, 5, None), Slot::Bye { seed: 2 }, g(3, 6, None)]);
    assert_eq!(b.rounds[1], [Slot::Open { known: Some(1) }, Slot::Open { known: Some(2) }]);
    assert_eq!(b.games_of(0), [g(4, 5, None), g(3, 6, None)]);
    // 5 beats 4, 3 beats 6: the semifinals are 1v5 and 2v3.
    let b = Bracket::build(cfg(6, false, false), results(&[(4, 5, 5), (3, 6, 3)])).unwrap();
    assert!(b.round_decided(0));
    assert_eq!(b.rounds[1], [g(1, 5, None), g(2, 3, None)]);
}

#[test]
fn playoff_reseeding_pairs_highest_remaining_with_lowest() {
    // Cut of 8, upsets 8 over 1 and 5 over 4: without re-seeding 8 meets 5 and 2 meets 3;
    // re-seeded, the remaining 2, 3, 5, 8 play 2v8 and 3v5.
    let r = results(&[(1, 8, 8), (4, 5, 5), (2, 7, 2), (3, 6, 3)]);
    let plain = Bracket::build(cfg(8, false, false), &r).unwrap();
    assert_eq!(plain.rounds[1], [g(5, 8, None), g(2, 3, None)]);
    let re = Bracket::build(cfg(8, true, false), &r).unwrap();
    assert_eq!(re.rounds[1], [g(2, 8, None), g(3, 5, None)]);
    // Until every quarterfinal is decided a re-seeded round is open.
    let partial = Bracket::build(cfg(8, true, false), results(&[(1, 8, 8)])).unwrap();
    assert_eq!(partial.rounds[1], [Slot::Open { known: None }; 2]);
}

#[test]
fn playoff_ranking_follows_the_rounds_reached() {
    let r = results(&[(1, 8, 1), (4, 5, 5), (2, 7, 7), (3, 6, 3), (1, 5, 1), (3, 7, 3), (1, 3, 3)]);
    let b = Bracket::build(cfg(8, false, false), r).unwrap();
    assert_eq!(b.rounds[1], [g(1, 5, Some(1)), g(3, 7, Some(3))]);
    assert_eq!(b.champion(), Some(3));
    assert!(b.is_finished());
    let places: Vec<(u32, Option<u32>)> = b.ranking().iter().map(|p| (p.seed, p.place)).collect();
    // Champion 3, finalist 1, semifinal losers 5 and 7 share 3rd, quarterfinal losers share 5th.
    assert_eq!(
        places,
        [
            (3, Some(1)),
            (1, Some(2)),
            (5, Some(3)),
            (7, Some(3)),
            (2, Some(5)),
            (4, Some(5)),
            (6, Some(5)),
            (8, Some(5))
        ]
    );
}

#[test]
fn playoff_third_place_game_splits_the_semifinal_losers() {
    let mut rs = vec![(1, 4, 1), (2, 3, 3)];
    let b = Bracket::build(cfg(4, false, true), results(&rs)).unwrap();
    assert_eq!(b.third_place, Some(g(2, 4, None)));
    assert_eq!(b.games_of(1), [g(1, 3, None), g(2, 4, None)], "the final and the third-place game");
    rs.push((1, 3, 1));
    let b = Bracket::build(cfg(4, false, true), results(&rs)).unwrap();
    assert!(!b.is_finished(), "the third-place game is still to play");
    assert!(!b.round_decided(1));
    rs.push((2, 4, 4));
    let b = Bracket::build(cfg(4, false, true), results(&rs)).unwrap();
    assert!(b.is_finished());
    let places: Vec<(u32, Option<u32>)> = b.ranking().iter().map(|p| (p.seed, p.place)).collect();
    assert_eq!(places, [(1, Some(1)), (3, Some(2)), (4, Some(3)), (2, Some(4))]);
}

#[test]
fn playoff_cuts_of_every_size_play_down_to_one_champion() {
    for cut in MIN_CUT..=MAX_CUT {
        for reseed in [false, true] {
            // The higher seed always wins: seed 1 is champion and places follow seeds' rounds.
            let c = cfg(cut, reseed, true);
            let b = Bracket::build(c, |h, _| Some(h)).unwrap();
            assert_eq!(b.champion(), Some(1), "cut {cut}");
            let byes = b.rounds[0].iter().filter(|s| matches!(s, Slot::Bye { .. })).count() as u32;
            assert_eq!(byes, c.size() - cut, "cut {cut}: the top seeds' byes");
            let byes: Vec<u32> = b.rounds[0]
                .iter()
                .filter_map(|s| if let Slot::Bye { seed } = s { Some(*seed) } else { None })
                .collect();
            assert!(byes.iter().all(|&s| s <= c.size() - cut), "cut {cut}: byes go to the top seeds");
            let games: usize = (0..b.rounds.len()).map(|i| b.games_of(i).len()).sum();
            let third = usize::from(cut >= 4);
            assert_eq!(games, cut as usize - 1 + third, "cut {cut}: one game per player knocked out");
            assert!(b.ranking().iter().all(|p| p.place.is_some()));
        }
    }
}

#[test]
fn playoff_refuses_bad_cuts_and_bad_winners() {
    assert_eq!(Bracket::build(cfg(1, false, false), |_, _| None), Err(PlayoffError::BadCut(1)));
    assert_eq!(Bracket::build(cfg(65, false, false), |_, _| None), Err(PlayoffError::BadCut(65)));
    assert_eq!(
        Bracket::build(cfg(4, false, false), |_, _| Some(9)),
        Err(PlayoffError::BadWinner { high: 1, low: 4, winner: 9 })
    );
}

#[test]
fn stored_round_names_read_back_as_their_stage() {
    for of in [2u32, 4, 8, 16, 32, 64] {
        assert_eq!(parse_stage(&stage_name(of)), Some((of, false)));
        assert_eq!(parse_stage(&with_third_place(&stage_name(of))), Some((of, true)));
    }
    assert_eq!(parse_stage("Final and third-place game"), Some((2, true)));
    for other in ["", "Round of 12", "Round of 4", "Finals", "Round 3", "Secure and control"] {
        assert_eq!(parse_stage(other), None, "{other}");
    }
}
