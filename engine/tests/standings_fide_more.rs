//! The C.07 pieces beyond the 2023–2026 tie-breaks: Perfect Tournament
//! Performance (art. 10.3) and its average over the opponents (10.5), the
//! pre-2023 rules for unplayed rounds (the "virtual opponent"), and the
//! drawing of lots for a tie the list leaves (art. 4.2).

#![allow(clippy::unwrap_used)]

mod fide_support;

use arbiter_engine::model::PlayerNo;
use arbiter_engine::standings::{
    compute_chess, CalendarDate, ChessConfig, ChessTiebreak, Lot, Modifier, OpenTie, OpenTieKind, PairingKind,
    Resolution, RulesVersion,
};
use fide_support::{event, SEVEN, SWISS_5};
use std::collections::BTreeMap;

fn column(table: &[(u32, u16, &str)], start: &str, tb: ChessTiebreak) -> BTreeMap<u32, String> {
    let s = compute_chess(&event(table, PairingKind::Swiss, start), &ChessConfig::with(vec![tb])).unwrap();
    s.rows.iter().map(|r| (r.player.0, r.values[0].display.clone())).collect()
}

#[test]
fn perfect_tournament_performance_exercise_22() {
    // Held, exercise 22: Peter (3) scored 3.5 against 1700, 1950, 1850,
    // 2050 and 2150: PTP 2112, the lowest rating whose expected score
    // (table 8.1b) reaches 3.5.
    let ptp = column(&SWISS_5, "2024-08-01", ChessTiebreak::PerfectPerformance);
    assert_eq!(ptp[&3], "2112");
    // No point scored: the lowest-rated opponent minus 800. Ina (9) lost to
    // 2200 and 1750 over the board: 950; Nick (12) lost his one game, to 2050: 1250.
    assert_eq!((ptp[&9].as_str(), ptp[&12].as_str()), ("950", "1250"));
}

#[test]
fn average_perfect_performance_of_opponents() {
    // Art. 10.5, worked by hand: Peter's (3) opponents over the board are
    // 11, 6, 8, 4 and 2, whose PTPs (art. 10.3, as above) are 1763, 1810,
    // 1715, 2168 and 2216: mean 9672 / 5 = 1934.4, rounded 1934.
    let ptp = column(&SWISS_5, "2024-08-01", ChessTiebreak::PerfectPerformance);
    let got: Vec<&str> = [11, 6, 8, 4, 2].iter().map(|p| ptp[p].as_str()).collect();
    assert_eq!(got, ["1763", "1810", "1715", "2168", "2216"]);
    let appo = column(&SWISS_5, "2024-08-01", ChessTiebreak::AveragePerfectPerformanceOfOpponents);
    assert_eq!(appo[&3], "1934");
    let codes = [ChessTiebreak::PerfectPerformance, ChessTiebreak::AveragePerfectPerformanceOfOpponents];
    assert_eq!(codes.map(|c| c.code()), ["PTP", "APPO"]);
    assert_eq!(serde_json::to_value(codes).unwrap(), serde_json::json!([{ "code": "PTP" }, { "code": "APPO" }]));
}

#[test]
fn the_virtual_opponent_before_2023() {
    // Pre-2023 rules: "every unplayed game of an opponent counts as a draw"
    // (B 2.0, F 2.0, G 0.5, D 1.0 as opponents), and each own unplayed
    // round is a game against a virtual opponent with Svon = SPR + (1 −
    // SfPR) + 0.5·(n − R). Worked from those definitions: D's PAB in round
    // 1 meets 0 + 0 + 1.5 = 1.5 and D's forfeit loss in round 3 meets
    // 1 + 1 + 0.5 = 2.5; B's forfeit win in round 3, 1.5 + 0 + 0.5 = 2.0;
    // C's half-point bye in round 2, 1 + 0.5 + 1 = 2.5.
    let before = "2023-08-31";
    assert_eq!(RulesVersion::in_force_on(before.parse::<CalendarDate>().unwrap()), RulesVersion::FidePre2023);
    let bh = column(&SEVEN, before, ChessTiebreak::Buchholz { modifier: Modifier::None });
    let sb = column(&SEVEN, before, ChessTiebreak::SonnebornBerger { modifier: Modifier::None });
    let got: Vec<(u32, &str, &str)> = (1..=7).map(|p| (p, bh[&p].as_str(), sb[&p].as_str())).collect();
    assert_eq!(
        got,
        [
            (1, "8.0", "6.50"),
            (2, "9.5", "5.00"),
            (3, "7.5", "4.50"),
            (4, "10.5", "1.50"),
            (5, "8.0", "2.50"),
            (6, "6.5", "3.50"),
            (7, "8.0", "0.00")
        ]
    );
    // From 1 September 2023 the same event is ranked by the 2023 rules
    // (dummy opponents, §1.6): A 8.5, B 10.5, C 8.0.
    let bh = column(&SEVEN, "2023-09-01", ChessTiebreak::Buchholz { modifier: Modifier::None });
    assert_eq!((bh[&1].as_str(), bh[&2].as_str(), bh[&3].as_str()), ("8.5", "10.5", "8.0"));
}

/// Player 1's Buchholz in a two-player, nine-round event dated before 2023.
fn buchholz_of_1(table: &[(u32, u16, &str)]) -> String {
    column(table, "2020-01-01", ChessTiebreak::Buchholz { modifier: Modifier::None })[&1].clone()
}

#[test]
fn the_official_virtual_opponent_examples() {
    // "9 rounds; absent in round 3 with 1.5 points before it": Svon = 1.5
    // + 1 + 0.5·6 = 5.5. Player 2 (also absent in round 3) counts as an
    // opponent with that unplayed game as a draw: 0 + ½ + ½ + 6 × ½ = 4.0,
    // in 8 games: BH 8 × 4.0 + 5.5 = 37.5.
    let absent = [(1, 2000, "2w1 2b= - 2b= 2w= 2b= 2w= 2b= 2w="), (2, 2000, "1b0 1w= - 1w= 1b= 1w= 1b= 1w= 1b=")];
    assert_eq!(buchholz_of_1(&absent), "37.5");
    // "9 rounds; the opponent did not show up in round 6, 3.5 points before
    // it": Svon = 3.5 + 0 + 0.5·3 = 5.0. Player 2 as an opponent: 1.5 + the
    // forfeit as a draw ½ + 3 × ½ = 3.5: BH 8 × 3.5 + 5.0 = 33.0.
    let forfeit = [(1, 2000, "2w1 2b1 2w1 2b= 2w0 2b+ 2w= 2b= 2w="), (2, 2000, "1b0 1w0 1b0 1w= 1b1 1w- 1b= 1w= 1b=")];
    assert_eq!(buchholz_of_1(&forfeit), "33.0");
}

#[test]
fn lots_are_drawn_reproducibly() {
    // SplitMix64's published first output for seed 0 is 0xE220A8397B1DCDAF;
    // 0xE220A8397B1DCDAF mod 4 = 3: the last of four keeps its place first.
    let members: Vec<PlayerNo> = [5, 9, 12, 20].map(PlayerNo).to_vec();
    let order = Lot { seed: 0 }.order(&members);
    assert_eq!(order[3], PlayerNo(20));
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, members, "a permutation of the tie");
    for seed in [1_u64, 42, u64::MAX] {
        assert_eq!(Lot { seed }.order(&members), Lot { seed }.order(&members));
    }
    let tie = OpenTie { kind: OpenTieKind::Unresolved, first_position: 3, members: members.clone() };
    let r = Resolution::draw_lots(&tie, 42, ());
    assert_eq!((r.order.clone(), r.lot), (Lot { seed: 42 }.order(&members), Some(Lot { seed: 42 })));
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["lot"]["seed"], 42);
    assert_eq!(r.swap_below(PlayerNo(5)).lot, None, "an order changed by hand is no longer the draw's");
}
