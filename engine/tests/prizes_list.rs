//! The published prize list: one entry per award of the split, each prize
//! once, trophies and medals to the allocation's winners.

mod prizes_support;

use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::prizes::{
    allocate, paid_by_list, prize_list, split_cash, AwardKind, Cents, EntryKind, ListEntry, PrizeEvent, SplitMethod,
};
use prizes_support::*;

fn list(e: &PrizeEvent, method: SplitMethod) -> Vec<ListEntry> {
    let mut e = e.clone();
    e.rules.cash_split = method;
    let a = allocate(&e).unwrap_or_else(|x| panic!("{x}"));
    let s = split_cash(&e, &a).unwrap_or_else(|x| panic!("{x}"));
    prize_list(&e, &a, &s)
}

/// The round robin: P1 > P2 > P3 > P4 rated 1700, 2100, 1650, 1500;
/// Open 1st $100 (brochure order 1), Under-1800 1st $500 (order 2).
fn open_and_under_1800() -> PrizeEvent {
    let players = [(1700, 30), (2100, 20), (1650, 10), (1500, 0)];
    let players = players.iter().zip(1..).map(|(&(rating, score), n)| scored(n, n, rating, score)).collect();
    let mut u1800 = category("u1800", 2, vec![cash("u1800-1", 1, 500)]);
    u1800.max_rating = Some(1799);
    event(players, vec![category("open", 1, vec![cash("open-1", 1, 100)]), u1800])
}

#[test]
fn without_a_split_the_list_pays_what_it_says_each_player_won() {
    // Prize spec: "Player can win only one prize (the first they qualify for
    // in brochure order)": P1 wins the Open 1st ($100); P3 is the first
    // under-1800 player without a prize: Under-1800 1st ($500).
    let l = list(&open_and_under_1800(), SplitMethod::None);
    let got: Vec<(&str, u32, u64)> =
        l.iter().map(|e| (e.prizes[0].prize_id.0.as_str(), e.shares[0].player_id.0, e.shares[0].paid.0)).collect();
    assert_eq!(got, [("open-1", 1, 10_000), ("u1800-1", 3, 50_000)]);
    assert_eq!(paid_by_list(&l), [(PlayerNo(1), Cents::units(100)), (PlayerNo(3), Cents::units(500))]);
}

#[test]
fn a_pooled_award_is_one_entry_with_its_prizes_and_players() {
    // Two tied on 3.0 share Open 1st + 2nd (100 + 60): 80 each; a trophy on
    // the 1st goes to the first by tie-break.
    let players = vec![scored(1, 1, 2000, 30), scored(2, 1, 1900, 30), scored(3, 3, 1800, 20)];
    let mut first = cash("open-1", 1, 100);
    first.trophy = true;
    let e = event(players, vec![category("open", 1, vec![first, cash("open-2", 2, 60), trophy("open-3", 3)])]);
    let l = list(&e, SplitMethod::Uscf32B3);
    assert_eq!(l.len(), 2);
    assert_eq!(l[0].kind, EntryKind::Paid(AwardKind::Pooled));
    assert_eq!(l[0].score, Some(Points::whole(3)));
    let ids: Vec<&str> = l[0].prizes.iter().map(|p| p.prize_id.0.as_str()).collect();
    assert_eq!(ids, ["open-1", "open-2"]);
    assert_eq!(l[0].prizes[0].items_to, Some(PlayerNo(1)));
    assert_eq!(l[0].prizes[1].items_to, None);
    let shares: Vec<(u32, u64)> = l[0].shares.iter().map(|s| (s.player_id.0, s.paid.0)).collect();
    assert_eq!(shares, [(1, 8_000), (2, 8_000)]);
    // The third prize carries no cash: the allocation's winner, paid nothing.
    assert_eq!(l[1].kind, EntryKind::Items);
    assert_eq!((l[1].prizes[0].items_to, l[1].shares[0].paid), (Some(PlayerNo(3)), Cents::ZERO));
}
