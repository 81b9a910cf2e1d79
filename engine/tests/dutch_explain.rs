//! The explanation of a Dutch pairing (C.04.3), checked on reference case
//! d0007-r03 (7 players, round 3 of 6) against the rules by hand:
//!
//! - scores before the round: 1 and 6 have 2, 3, 4 and 7 have 1, 2 and 5
//!   have ½; 4 received the PAB in round 2 and 7 in round 1 (TRF `U`), which
//!   count as downfloats (art. 1.4.3).
//! - [C5]: 7 players, the PAB goes to a player with ½, the lowest score that
//!   lets the round be completed.
//! - Bracket 1 {1, 6}: S1 = 1, S2 = 6, the first candidate 1-6 is kept.
//! - Bracket 2 {3, 4, 7}: the first candidate 3-4 gives both their
//!   preference for White (3 mild after W B, 4 strong after B), one of them
//!   loses it: [C12] 1. Pairing 4-7 (4 strong White, 7 strong Black) costs
//!   nothing, so 3 floats. 3-7 (4 floating) would satisfy [C12] too but
//!   float 4, who downfloated in round 2: [C14] decides against it. 4-7 is
//!   an exchange (4 to S1, 3 to S2) with S2 transposed.
//! - Bracket 3 {MDP 3; 2, 5}: 3 met 2 in round 2 and 2 met 5 in round 1
//!   ([C1]), so 3-5 and 2 is left for the PAB.
//! - Colours: 1 (W B) - 6 (B W): 5.2.1; 4 - 7: 5.2.1; 3 and 5 both mildly
//!   prefer White with the same colour history, so 5.2.4 gives 3, the
//!   higher-ranked, White.

use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::pairing::dutch::{explain, pair, ColourRule, Conflict, Decision, Explanation};
use arbiter_engine::trf::Trf;
use std::path::Path;

fn case(name: &str) -> arbiter_engine::pairing::dutch::RoundInput {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide-dutch/cases").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let trf = Trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    trf.next_round_input().unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn ids(players: &[arbiter_engine::pairing::dutch::Entrant]) -> Vec<u32> {
    players.iter().map(|p| p.id.0).collect()
}

fn half(tenths: i32) -> Points {
    Points::from_tenths(tenths)
}

#[test]
fn explanation_of_d0007_round_3_follows_the_rules() {
    let input = case("d0007-r03.trf");
    let (pairing, why): (_, Explanation) = explain(&input).unwrap();
    assert_eq!(pairing, pair(&input).unwrap());
    assert_eq!(why.bye_score, Some(half(5)));
    assert_eq!(why.brackets.len(), 3);

    let top = &why.brackets[0];
    assert_eq!((ids(&top.residents), ids(&top.s1), ids(&top.s2)), (vec![1, 6], vec![1], vec![6]));
    assert_eq!(top.decision, Decision::FirstCandidate);

    let second = &why.brackets[1];
    assert_eq!(second.score, Some(half(10)));
    assert_eq!((ids(&second.s1), ids(&second.s2)), (vec![3], vec![4, 7]));
    assert_eq!((ids(&second.moved_to_s2), ids(&second.moved_to_s1)), (vec![3], vec![4]));
    assert!(second.transposed);
    assert_eq!(ids(&second.downfloaters), vec![3]);
    assert!(
        matches!(second.decision, Decision::Criterion { criterion: "C12", chosen: 0, first: 1, .. }),
        "{:?}",
        second.decision
    );
    let floats = &second.floats[0];
    assert_eq!(floats.player.id, PlayerNo(3));
    let reasons: Vec<(u32, &str)> = floats
        .instead
        .iter()
        .map(|(q, d)| (q.id.0, if let Decision::Criterion { criterion, .. } = d { *criterion } else { "other" }))
        .collect();
    assert_eq!(reasons, vec![(4, "C14"), (7, "C12")]);

    let third = &why.brackets[2];
    assert_eq!((ids(&third.mdps), ids(&third.residents), ids(&third.downfloaters)), (vec![3], vec![2, 5], vec![2]));
    assert_eq!(
        third.decision,
        Decision::Absolute(vec![Conflict { higher: PlayerNo(3), lower: PlayerNo(2), criterion: "C1" }])
    );
    assert!(third.c9);

    let rules: Vec<ColourRule> = why.boards.iter().map(|b| b.rule).collect();
    assert_eq!(
        rules,
        vec![ColourRule::BothPreferences, ColourRule::BothPreferences, ColourRule::HigherRankedPreference]
    );
    let board3 = &why.boards[2];
    assert_eq!((board3.white.id, board3.black.id), (PlayerNo(3), PlayerNo(5)));
    let bye = why.bye.unwrap();
    assert_eq!((bye.player.id, bye.lowest_score), (PlayerNo(2), half(5)));

    let text = why.to_string();
    for line in [
        "Bracket 2: scoregroup 1.0 (homogeneous, art. 1.9.1)",
        "Exchange (art. 4.3): moved from S1 to S2: 3 (1.0); from S2 to S1: 4 (1.0)",
        "Why not the first candidate of the generation order (art. 4): [C12] players not getting their colour preference: 0 against 1.",
        "4 (1.0): [C14] paired players who downfloated in the previous round: 1 against 0",
        "[C1] 3-2 have met or may not meet",
        "Board 3: 3 (1.0) White (mild White) - 5 (0.5) Black (mild White): 5.2.4 higher-ranked player's preference granted",
        "PAB: 2 (0.5)",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
}

#[test]
fn every_reference_case_explains_the_pairing_it_gives() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide-dutch/cases");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "trf") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let input = Trf::parse(&text).unwrap().next_round_input().unwrap();
        let Ok((pairing, why)) = explain(&input) else { continue };
        let paired: usize = why.brackets.iter().map(|b| b.pairs.len()).sum();
        assert_eq!(paired, pairing.boards.len(), "{}", path.display());
        assert_eq!(why.boards.len(), pairing.boards.len());
        assert_eq!(why.bye.map(|b| b.player.id), pairing.bye);
        assert!(!why.to_string().is_empty());
        checked += 1;
    }
    assert!(checked > 2000, "{checked} cases explained");
}
