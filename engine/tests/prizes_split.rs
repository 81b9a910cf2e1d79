//! Cash splitting among tied players: the US Chess forum example on rule
//! 32B3 (Steve Immitt's prize list, Bill Smythe's place-first method), the
//! WinTD help example, the Hort system's published vector, and hand-worked
//! cases for the parts those examples do not reach.

mod prizes_support;

use arbiter_engine::model::PlayerNo;
use arbiter_engine::prizes::{
    allocate, split_cash, AwardKind, CashSplit, Category, Cents, ClassExcess, ManualOverride, Player, PrizeError,
    PrizeEvent, SplitMethod, UnawardedReason,
};
use prizes_support::*;

fn split(event: &PrizeEvent, method: SplitMethod) -> CashSplit {
    let mut e = event.clone();
    e.rules.cash_split = method;
    let allocation = allocate(&e).unwrap_or_else(|x| panic!("{x}"));
    split_cash(&e, &allocation).unwrap_or_else(|x| panic!("{x}"))
}

/// Cents paid to players `1..=n` by pairing number (0 for nobody paid).
fn paid(s: &CashSplit, n: u32) -> Vec<u64> {
    (1..=n).map(|id| s.payouts.iter().find(|p| p.player_id == PlayerNo(id)).map_or(0, |p| p.amount.0)).collect()
}

fn under(id: &str, order: u32, max_rating: u32, prizes: &[u64]) -> Category {
    let prizes = prizes.iter().zip(1..).map(|(&units, place)| cash(&format!("{id}-{place}"), place, units)).collect();
    Category { max_rating: Some(max_rating), ..category(id, order, prizes) }
}

fn open(prizes: &[u64]) -> Category {
    let prizes = prizes.iter().zip(1..).map(|(&units, place)| cash(&format!("open-{place}"), place, units)).collect();
    category("open", 1, prizes)
}

/// Steve Immitt's prize list and the top of the standings from the forum
/// thread: 5.0 (2673), 4.5 (2699), four on 4.0 (2495, then three under
/// 2400: 2391, 2387, 2385), five under-2400 players on 3.5; two players on
/// 3.0 below them win nothing. "Under 2400" excludes 2400: max 2399.
fn immitt() -> PrizeEvent {
    let players = [
        (2673, 50),
        (2699, 45),
        (2495, 40),
        (2391, 40),
        (2387, 40),
        (2385, 40),
        (2350, 35),
        (2310, 35),
        (2250, 35),
        (2190, 35),
        (2105, 35),
        (2450, 30),
        (2010, 30),
    ];
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    let cats = vec![open(&[2375, 1149, 536, 306, 230]), under("u2400", 2, 2399, &[1379, 766])];
    event(players, cats)
}

const IMMITT_FUND: u64 = 674_100;

#[test]
fn forum_example_under_rule_32b3() {
    let s = split(&immitt(), SplitMethod::Uscf32B3);
    let each_4 = 74_675; // (536 + 306 + 1379 + 766) / 4
    let each_35 = 4_600; // 230 / 5
    assert_eq!(
        paid(&s, 13),
        [237_500, 114_900, each_4, each_4, each_4, each_4, each_35, each_35, each_35, each_35, each_35, 0, 0]
    );
    assert_eq!((s.fund.0, s.paid.0), (IMMITT_FUND, IMMITT_FUND));
    assert!(s.unawarded.is_empty());
    let pool = &s.awards[2];
    assert_eq!(pool.kind, AwardKind::Pooled);
    let ids: Vec<&str> = pool.prize_ids.iter().map(|p| p.0.as_str()).collect();
    assert_eq!(ids, ["u2400-1", "u2400-2", "open-3", "open-4"]);
    assert_eq!(pool.total, Cents(298_700));
}

#[test]
fn forum_example_under_the_place_first_method() {
    let s = split(&immitt(), SplitMethod::PlaceFirst);
    let class_4 = 71_500; // max(268, 2145 / 3)
    let class_35 = 16_080; // 804 / 5
    assert_eq!(
        paid(&s, 13),
        [237_500, 114_900, 26_800, class_4, class_4, class_4, class_35, class_35, class_35, class_35, class_35, 0, 0]
    );
    assert_eq!((s.fund.0, s.paid.0), (IMMITT_FUND, IMMITT_FUND));
    // The three under-2400 players on 4.0 keep their 268 of place money and
    // take 447 each from the class; the 3 × 268 they did not need stays in
    // the class for the five players on 3.5.
    let trio = &s.awards[3];
    assert_eq!(trio.kind, AwardKind::Category { category_id: cid("u2400") });
    let shares: Vec<(u64, u64)> = trio.shares.iter().map(|x| (x.share.0, x.paid.0)).collect();
    assert_eq!(shares, [(71_500, 44_700); 3]);
    assert_eq!(trio.carried_out, Cents(80_400));
    assert_eq!(s.awards[4].carried_in, Cents(80_400));
    assert!(s.awards[4].prize_ids.is_empty());
}

#[test]
fn forum_example_without_splitting_pays_the_allocation() {
    // Prize spec: "Player can win only one prize (the first they qualify for
    // in brochure order)"; "Prize splitting" is a non-goal ("one player gets
    // one prize"). Open (brochure order 1) goes down the standings: 1st to
    // 5th to the first five; Under 2400 (order 2) to the best under-2400
    // players who have no prize yet: 2385 on 4.0 (1379) and 2350 on 3.5 (766).
    let s = split(&immitt(), SplitMethod::None);
    assert_eq!(paid(&s, 13), [237_500, 114_900, 53_600, 30_600, 23_000, 137_900, 76_600, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.paid.0, IMMITT_FUND);
    assert!(s.awards.iter().all(|a| a.kind == AwardKind::Tiebreak && a.prize_ids.len() == 1));
}

#[test]
fn forum_example_under_hort() {
    // Each keeps half of the prize the allocation gave them (see the test
    // above) and the other halves of the tie are shared by the tied players
    // eligible for them. 4.0 group: open 536, 306, 230 (players 3, 4, 5)
    // and U2400 1379 (player 6, 2385). Open halves: 268, 153, 115 kept; the
    // other 536 shared by all four, 134 each. U2400 half: 689.50 kept by
    // player 6; the other 689.50 only among the three under 2400 (player 3
    // is 2495): 229.84, 229.83, 229.83 in tie-break order. So player 3
    // 268 + 134 = 402; player 4 153 + 134 + 229.84 = 516.84; player 5
    // 115 + 134 + 229.83 = 478.83; player 6 689.50 + 134 + 229.83 = 1053.33.
    // 3.5 group, all under 2400: the 766 of the first; 383 kept, 383 shared
    // by five (76.60).
    let s = split(&immitt(), SplitMethod::Hort);
    assert_eq!(
        paid(&s, 13),
        [237_500, 114_900, 40_200, 51_684, 47_883, 105_333, 45_960, 7_660, 7_660, 7_660, 7_660, 0, 0]
    );
    assert_eq!(s.paid.0, IMMITT_FUND);
}

/// Issue 32, point 1: an Under-1800 2nd prize of $250 won by a class
/// player tied on score with a 2050 player, who holds no prize. Open 1st
/// $500; Under 1800 1st $300 and 2nd $250 ("Under 1800": max 1799).
/// P1 2100 on 5; P2 1750 on 4.5; P3 2050 and P4 1650 on 4; P5 1600 on 3.
fn class_prize_tied_with_an_outsider() -> PrizeEvent {
    let players = [(2100, 50), (1750, 45), (2050, 40), (1650, 40), (1600, 30)];
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    event(players, vec![open(&[500]), under("u1800", 2, 1799, &[300, 250])])
}

#[test]
fn class_money_goes_only_to_class_players_under_every_method() {
    // Class prizes exist so that "a class player can win more money for the
    // same score than a player outside the class" (the forum post); the
    // 2050 player is outside Under 1800 and may receive none of its money.
    // Allocation: open 1st to P1, U1800 1st to P2, U1800 2nd to P4 (best
    // class player without a prize), P3 nothing. Hort used to keep P4's
    // half (125) and share the other 125 with P3: 62.50 to P3, 187.50 to
    // P4. Now the other half is shared only by the tied class players, P4
    // alone: P4 keeps the 250 whole. 32B3: the 4.0 pair's pool is the 250
    // (125 each), but P4 alone takes the class prize (250 > 125), and no
    // other prize is open to P3. Place-first: the open has one prize (P1);
    // the class pays P2 300 and P4 250.
    let e = class_prize_tied_with_an_outsider();
    for method in [SplitMethod::None, SplitMethod::Uscf32B3, SplitMethod::PlaceFirst, SplitMethod::Hort] {
        let s = split(&e, method);
        assert_eq!(paid(&s, 5), [50_000, 30_000, 0, 25_000, 0], "{method:?}");
        assert_eq!(s.paid, s.fund, "{method:?}");
    }
}

/// The forum example with only one under-2400 player on 3.5 (the other
/// four on 3.5 and the two on 3.0 rated 2400 or more). The post hands the
/// $804 the three under-2400 players on 4.0 did not need to "the
/// under-2400 players tied at 3.5"; all of it to the one player would pay
/// him more on 3.5 than the $715 of each under-2400 player on 4.0.
fn immitt_one_class_player_on_35() -> PrizeEvent {
    let mut e = immitt();
    for (p, rating) in e.players.iter_mut().skip(7).zip([2450, 2410, 2420, 2405, 2450, 2460]) {
        p.rating = Some(rating);
    }
    e
}

#[test]
fn place_first_caps_class_money_handed_down_and_reports_the_rest() {
    let e = immitt_one_class_player_on_35();
    let s = split(&e, SplitMethod::PlaceFirst);
    // 4.0: 268 each of place money; the under-2400 three take 715 (447 from
    // the class); $804 handed down; the one under-2400 player on 3.5 is
    // paid at most $715, and the $89 the cap holds back is reported.
    assert_eq!(paid(&s, 13), [237_500, 114_900, 26_800, 71_500, 71_500, 71_500, 71_500, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.unawarded.len(), 1);
    let u = &s.unawarded[0];
    assert_eq!(
        (u.category_id.clone(), u.prize_id.clone(), u.amount, u.reason),
        (cid("u2400"), None, Cents::units(89), UnawardedReason::Capped)
    );
    assert_eq!(s.paid + u.amount, s.fund);

    // The organiser's other choice: the whole excess to the class, as the post does.
    let mut e = e;
    e.rules.class_excess = ClassExcess::ToClass;
    let s = split(&e, SplitMethod::PlaceFirst);
    assert_eq!(paid(&s, 13), [237_500, 114_900, 26_800, 71_500, 71_500, 71_500, 80_400, 0, 0, 0, 0, 0, 0]);
    assert!(s.unawarded.is_empty());
    assert_eq!(s.paid, s.fund);
}

#[test]
fn an_override_pays_its_prize_whole_under_every_method() {
    // The organiser gives the U2400 1st (1379) to the under-2400 player on
    // 3.5 rated 2350. Under 32B3 the 4.0 group then pools the four largest
    // prizes open to it, 766 + 536 + 306 + 230 = 1838 (459.50 each), which
    // beats the under-2400 three sharing the 766 alone (255.33).
    let mut e = immitt();
    e.overrides.push(ManualOverride { prize_id: pid("u2400-1"), player_id: PlayerNo(7) });
    let s = split(&e, SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 13), [237_500, 114_900, 45_950, 45_950, 45_950, 45_950, 137_900, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.awards[0].kind, AwardKind::Manual);
    for method in [SplitMethod::None, SplitMethod::PlaceFirst, SplitMethod::Hort] {
        let s = split(&e, method);
        assert_eq!(paid(&s, 7)[6], 137_900, "{method:?}");
        assert_eq!(s.paid + s.unawarded.iter().map(|u| u.amount).sum::<Cents>(), s.fund, "{method:?}");
    }
}

/// The Hort system's published vector (German Wikipedia "Hort-System"):
/// prizes 100/80/60/40/20/10; A and B tie on 8, C alone on 7.5, D, E and F
/// tie on 7. A 95, B 85, C 60, D 31.67, E 21.67, F 16.67 before rounding;
/// with the leftover cent rule the 7-point pot of 35.00 splits 11.67,
/// 11.67, 11.66, so F has 16.66 and the total stays 310.00.
#[test]
fn hort_published_vector() {
    let players = [80, 80, 75, 70, 70, 70];
    let players = players.iter().zip(1..).map(|(&score, n)| scored(n, n, 2000, score)).collect();
    let e = event(players, vec![open(&[100, 80, 60, 40, 20, 10])]);
    let s = split(&e, SplitMethod::Hort);
    assert_eq!(paid(&s, 6), [9_500, 8_500, 6_000, 3_167, 2_167, 1_666]);
    assert_eq!(s.paid, Cents::units(310));
    assert_eq!(s.awards[0].kind, AwardKind::Hort);
    assert_eq!(s.awards[1].kind, AwardKind::Tiebreak);
}

/// WinTD's help example (via tourneygeek.com): $300 and $200 overall and a
/// $150 youth prize; four players tie for first, one of them a youth.
fn wintd(youth_prize: u64, youth_in_tie: bool) -> PrizeEvent {
    let mut players: Vec<Player> = (1..=4).map(|n| scored(n, n, 1800, 40)).collect();
    for p in &mut players {
        p.date_of_birth = Some(aged(40));
    }
    if youth_in_tie {
        players[2].date_of_birth = Some(aged(15));
    }
    let youth = Category { max_age: Some(18), ..category("youth", 2, vec![cash("youth-1", 1, youth_prize)]) };
    event(players, vec![open(&[300, 200]), youth])
}

#[test]
fn wintd_example_under_rule_32b3() {
    // Pool 300 + 200 + 150 = 650: 162.50 each.
    let s = split(&wintd(150, true), SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 4), [16_250; 4]);
    // With no youth in the tie: 500 / 4 = 125 each, the youth prize unawarded.
    let s = split(&wintd(150, false), SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 4), [12_500; 4]);
    assert_eq!(s.unawarded.len(), 1);
    assert_eq!(s.unawarded[0].amount, Cents::units(150));
    assert_eq!(s.paid.0 + s.unawarded[0].amount.0, s.fund.0);
}

#[test]
fn wintd_variant_the_youth_takes_a_larger_prize_alone() {
    // Youth prize 200: the pooled share, 700 / 4 = 175, is less than 200,
    // so the youth takes 200 alone and the other three share 500: 166.67,
    // 166.67, 166.66 in tie-break order.
    let s = split(&wintd(200, true), SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 4), [16_667, 16_667, 20_000, 16_666]);
    assert_eq!(s.awards[0].kind, AwardKind::ClassAlone { category_id: cid("youth") });
    assert_eq!(s.paid, Cents::units(700));
}

/// Leader L (2500) on 5; X (2450), Y (2350), Z (2380), W (2250) on 4; V
/// (2000) on 3. Open 1000 / 200 / 100, under 2400 `u2400_prize`, under 2300
/// 600.
fn nested_classes(u2400_prize: u64) -> PrizeEvent {
    let players = [(2500, 50), (2450, 40), (2350, 40), (2380, 40), (2250, 40), (2000, 30)];
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    let cats = vec![open(&[1000, 200, 100]), under("u2400", 2, 2399, &[u2400_prize]), under("u2300", 3, 2299, &[600])];
    event(players, cats)
}

#[test]
fn rule_32b3_peels_off_classes_that_pay_more_alone_and_re_pools() {
    // Pool of four: 600 + 500 + 200 + 100 = 1400, 350 each. W alone takes
    // the U2300 600 (> 350). X, Y, Z re-pool 500 + 200 + 100 = 800: 266.67
    // each, better than Y and Z sharing the U2400 500 (250).
    let s = split(&nested_classes(500), SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 6), [100_000, 26_667, 26_667, 26_666, 60_000, 0]);
    assert_eq!(s.paid, s.fund);

    // With U2400 at 700: pool 1600 (400 each); W takes 600 alone; X, Y, Z
    // would pool 1000 (333.33) but Y and Z get 350 sharing the U2400 700,
    // so they do; X alone takes one prize, 2nd place (200), and 3rd place
    // (100) passes down to V.
    let s = split(&nested_classes(700), SplitMethod::Uscf32B3);
    assert_eq!(paid(&s, 6), [100_000, 20_000, 35_000, 35_000, 60_000, 10_000]);
    assert_eq!(s.paid, s.fund);
}

#[test]
fn place_first_settles_more_inclusive_classes_first() {
    // Open 1000 / 500, under 2000 400, under 1800 300. P1 (2100) on 5, P2
    // (1950) and P3 (1750) on 4, P4 (1700) on 3, P5 (1600) on 2.
    // Open: P1 1000; P2, P3 share 500 (250 each).
    // U2000 (4 eligible) before U1800 (3): P2, P3 share 400 (200 each) but
    // have 250: the 400 goes down the class; P4 may take at most the 250 P2
    // and P3 received, and hands 150 down to P5.
    // U1800: P3's share 300 tops P3 up by 50 and hands 250 down; P4 has 250
    // already; P5 is topped up from 150 to 250 (no more than P4 received);
    // nobody is left to take the last 150, which is reported unawarded.
    let players = [(2100, 50), (1950, 40), (1750, 40), (1700, 30), (1600, 20)];
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    let cats = vec![under("u1800", 2, 1799, &[300]), open(&[1000, 500]), under("u2000", 3, 1999, &[400])];
    let s = split(&event(players, cats), SplitMethod::PlaceFirst);
    assert_eq!(paid(&s, 5), [100_000, 25_000, 30_000, 25_000, 25_000]);
    assert_eq!(s.unawarded.len(), 1);
    let u = &s.unawarded[0];
    assert_eq!(
        (u.category_id.clone(), u.prize_id.clone(), u.amount, u.reason),
        (cid("u1800"), None, Cents::units(150), UnawardedReason::NoClassPlayerLeft)
    );
    assert_eq!(s.paid + Cents::units(150), s.fund);
}

/// Issue 32, point 6: a place-first class whose best player is paid more by
/// a place prize. Open 1st $500, 2nd $300; Under 1800 1st $150, 2nd $100.
/// P1 2200 on 5; P2 1700 on 4.5; P3 1650 on 4; P4 2100 on 3.5; and, when
/// `with_p5`, P5 1500 on 3.
fn short_class(with_p5: bool) -> PrizeEvent {
    let mut players = vec![(2200, 50), (1700, 45), (1650, 40), (2100, 35)];
    if with_p5 {
        players.push((1500, 30));
    }
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    event(players, vec![open(&[500, 300]), under("u1800", 2, 1799, &[150, 100])])
}

#[test]
fn place_first_gives_one_prize_per_player_when_the_class_runs_short() {
    // Step A, the place prizes: P1 500, P2 300. Step B: "If some players
    // already receiving a prize in step A would now have their prize
    // increased, get the increase from the class prizes … Observe the
    // limit-one-prize-per-player rule" (the forum post). P2's 300 would not
    // be increased by the class 1st (150), so P2 is no class winner and the
    // class 1st goes to the next class player, P3: $150, one prize. The
    // class 2nd (100) has no class player left: unawarded. (It used to pay
    // P3 the 2nd's 100 plus the 150 P2 did not need: $250, two prizes.)
    let s = split(&short_class(false), SplitMethod::PlaceFirst);
    assert_eq!(paid(&s, 4), [50_000, 30_000, 15_000, 0]);
    assert_eq!(s.unawarded.len(), 1);
    let u = &s.unawarded[0];
    assert_eq!(
        (u.prize_id.clone(), u.amount, u.reason),
        (Some(pid("u1800-2")), Cents::units(100), UnawardedReason::NoWinner)
    );
    assert_eq!(s.paid + u.amount, s.fund);
    // Without a split, the prize spec's "Player can win only one prize (the
    // first they qualify for in brochure order)" gives the same: P2 the open
    // 2nd, P3 the Under 1800 1st, the Under 1800 2nd to nobody.
    assert_eq!(paid(&split(&short_class(false), SplitMethod::None), 4), [50_000, 30_000, 15_000, 0]);

    // With one more class player, P5 on 3, the class places move up: P3
    // takes the 1st (150), P5 the 2nd (100), as without a split.
    for method in [SplitMethod::PlaceFirst, SplitMethod::None] {
        let s = split(&short_class(true), method);
        assert_eq!(paid(&s, 5), [50_000, 30_000, 15_000, 0, 10_000], "{method:?}");
        assert_eq!(s.paid, s.fund, "{method:?}");
    }
}

#[test]
fn tied_players_share_the_places_they_cover() {
    // Three tied for first with 25 / 15 / 8: 16 each; 4th place (5) goes to
    // the next score (rules notes §3.3).
    let players = [40, 40, 40, 30];
    let players = players.iter().zip(1..).map(|(&score, n)| scored(n, n, 1500, score)).collect();
    let e = event(players, vec![open(&[25, 15, 8, 5])]);
    for method in [SplitMethod::Uscf32B3, SplitMethod::PlaceFirst] {
        assert_eq!(paid(&split(&e, method), 4), [1_600, 1_600, 1_600, 500], "{method:?}");
    }
}

#[test]
fn scores_must_follow_the_standings() {
    let e = event(vec![scored(1, 1, 2000, 30), scored(2, 2, 2000, 35)], vec![open(&[100])]);
    let a = allocate(&e).unwrap_or_else(|x| panic!("{x}"));
    assert!(matches!(
        split_cash(&e, &a),
        Err(PrizeError::ScoresOutOfOrder { ahead: PlayerNo(1), behind: PlayerNo(2), .. })
    ));
}

#[test]
fn results_round_trip_through_json() {
    for method in [SplitMethod::Uscf32B3, SplitMethod::PlaceFirst, SplitMethod::Hort, SplitMethod::None] {
        let s = split(&immitt(), method);
        let json = serde_json::to_string(&s).unwrap_or_else(|x| panic!("{x}"));
        let back: CashSplit = serde_json::from_str(&json).unwrap_or_else(|x| panic!("{x}"));
        assert_eq!(back, s);
    }
    let json = serde_json::to_value(split(&immitt(), SplitMethod::PlaceFirst)).unwrap_or_default();
    assert_eq!(json["method"], "place_first");
    assert_eq!(json["awards"][3]["kind"], "category");
    assert_eq!(json["awards"][3]["category_id"], "u2400");
    assert_eq!(serde_json::to_value(SplitMethod::Uscf32B3).unwrap_or_default(), "uscf_32b3");
}
