//! Prizes of a team event (issue 25, point 6): team categories go to the
//! teams' rows, individual awards (best player by game points, board
//! prizes with a minimum of games) to the teams' players, and no prize or
//! money ever reaches a line that is not eligible for it.

mod prizes_support;

use arbiter_engine::model::{PlayerNo, Points};
use arbiter_engine::prizes::{
    allocate, eligibility, split_cash, Category, Cents, EligibilityMode, Entrant, Ineligible, Player, PrizeEvent,
    RankedBy, SplitMethod,
};
use prizes_support::*;
use proptest::prelude::*;
use std::collections::HashMap;

/// A team row at `rank` with `score` tenths.
fn team(id: u32, rank: u32, tenths: i32) -> Player {
    Player {
        entrant: Some(Entrant::Team),
        score: Points::from_tenths(tenths),
        ..player(id, &format!("Team {id:02}"), rank)
    }
}

/// A team's player below every team (`rank`), with their own figures.
fn member(id: u32, rank: u32, points: Option<i64>, board: u32, games: u32, pct: i64) -> Player {
    Player {
        entrant: Some(Entrant::Member),
        score: Points::from_tenths(-1),
        game_points: points,
        board: Some(board),
        games: Some(games),
        board_percentage: (games > 0).then_some(pct),
        ..player(id, &format!("Member {id:03}"), rank)
    }
}

fn cash(id: &str, place: u32, cents: u64) -> arbiter_engine::prizes::Prize {
    arbiter_engine::prizes::Prize { cash: Cents(cents), ..prize(id, place) }
}

#[test]
fn team_prizes_go_to_teams_and_awards_to_players() {
    let players = vec![
        team(1, 1, 40),
        team(2, 2, 30),
        member(11, 3, Some(55), 1, 3, 833),
        member(12, 3, Some(60), 2, 3, 500),
        member(21, 3, Some(40), 1, 1, 1000),
    ];
    let teams = category("teams", 1, vec![cash("t1", 1, 30_000), cash("t2", 2, 10_000)]);
    let best = Category { ranked_by: Some(RankedBy::GamePoints), ..category("best", 2, vec![cash("b1", 1, 5_000)]) };
    let board1 = Category {
        ranked_by: Some(RankedBy::BoardPercentage),
        board: Some(1),
        min_games: Some(2),
        ..category("board1", 3, vec![trophy("bd1", 1)])
    };
    let e = event(players, vec![teams.clone(), best.clone(), board1.clone()]);
    let a = allocate(&e).unwrap();
    let won: Vec<(&str, u32)> = a.winners.iter().map(|w| (w.prize_id.0.as_str(), w.player_id.0)).collect();
    // Member 21 has 100% on board 1 but one game of the two needed: member 11 takes it.
    assert!(won.contains(&("t1", 1)) && won.contains(&("t2", 2)), "{won:?}");
    assert!(won.contains(&("b1", 12)) && won.contains(&("bd1", 11)), "{won:?}");
    let split = split_cash(&e, &a).unwrap();
    let paid: Vec<(u32, u64)> = split.payouts.iter().map(|p| (p.player_id.0, p.amount.0)).collect();
    assert_eq!(paid, vec![(1, 30_000), (2, 10_000), (12, 5_000)]);
    let start = e.start_date;
    let check = |c: &Category, p: &Player| eligibility(c, p, start, &e.rules);
    assert_eq!(check(&teams, &e.players[2]), Err(Ineligible::TeamCategory));
    assert_eq!(check(&best, &e.players[0]), Err(Ineligible::IndividualAward));
    assert_eq!(check(&board1, &e.players[3]), Err(Ineligible::BoardMismatch));
    assert_eq!(check(&board1, &e.players[4]), Err(Ineligible::TooFewGames));
}

/// A random team event: teams ranked with non-increasing scores, each with
/// 2-5 players below every team; a team category with cash, a best-player
/// award and a board prize per board; any split method (cash on the awards
/// only under `none`, as the engine requires), any eligibility mode.
fn team_event() -> impl Strategy<Value = PrizeEvent> {
    (
        prop::collection::vec((0i32..3, 2usize..6), 2..9),
        prop::collection::vec((prop::option::of(0i64..100), 1u32..5, 0u32..6, 0i64..1001), 40),
        0usize..4,
        any::<bool>(),
        1u32..5,
        any::<bool>(),
    )
        .prop_map(|(teams, figures, method, multiple, places, award_cash)| {
            let mut players = Vec::new();
            let mut tenths = 200;
            let mut rank = 0;
            let mut last = None;
            let mut figures = figures.into_iter().cycle();
            let total = u32::try_from(teams.len()).unwrap_or(0);
            for (i, (drop, size)) in teams.iter().enumerate() {
                tenths -= drop * 10;
                let i = u32::try_from(i).unwrap_or(0);
                // Equal scores may share a rank; a lower score ranks below.
                if last != Some(tenths) {
                    rank = i + 1;
                }
                last = Some(tenths);
                players.push(team(i + 1, rank, tenths));
                for k in 0..*size {
                    let (points, board, games, pct) = figures.next().unwrap_or((None, 1, 0, 0));
                    let id = 100 + i * 10 + u32::try_from(k).unwrap_or(0);
                    players.push(member(id, total + 1, points, board, games, pct));
                }
            }
            let method = [SplitMethod::None, SplitMethod::Uscf32B3, SplitMethod::PlaceFirst, SplitMethod::Hort][method];
            let award_cash = award_cash || method == SplitMethod::None;
            let award_cents = if award_cash && method == SplitMethod::None { 2_500 } else { 0 };
            let team_prizes = (1..=places).map(|p| cash(&format!("t{p}"), p, 10_000 / u64::from(p))).collect();
            let mut categories = vec![
                category("teams", 1, team_prizes),
                Category {
                    ranked_by: Some(RankedBy::GamePoints),
                    ..category("best", 2, vec![cash("best-1", 1, award_cents), cash("best-2", 2, 0)])
                },
            ];
            for b in 1..=4 {
                categories.push(Category {
                    ranked_by: Some(RankedBy::BoardPercentage),
                    board: Some(b),
                    min_games: Some(2),
                    ..category(&format!("board{b}"), 2 + b, vec![cash(&format!("bd{b}"), 1, award_cents)])
                });
            }
            let mut e = event(players, categories);
            e.rules.cash_split = method;
            e.rules.multiple_eligibility_mode =
                if multiple { EligibilityMode::AllowMultiple } else { EligibilityMode::FirstWin };
            e
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No prize, and no money, to a line not eligible for it: every winner
    /// is eligible for its prize's category, and every share of money is
    /// paid to a line eligible for a category of the prizes it shares.
    #[test]
    fn no_prize_to_an_entrant_who_is_not_eligible(e in team_event()) {
        let a = allocate(&e).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let split = split_cash(&e, &a).map_err(|err| TestCaseError::fail(err.to_string()))?;
        let by_no: HashMap<PlayerNo, &Player> = e.players.iter().map(|p| (p.id, p)).collect();
        let category_of: HashMap<&str, &Category> = e
            .categories
            .iter()
            .flat_map(|c| c.prizes.iter().map(move |p| (p.id.0.as_str(), c)))
            .collect();
        let ok = |c: &Category, p: &Player| eligibility(c, p, e.start_date, &e.rules).is_ok();
        for w in &a.winners {
            let (c, p) = (category_of[w.prize_id.0.as_str()], by_no[&w.player_id]);
            prop_assert!(ok(c, p), "{} won {} of {}", p.name, w.prize_id, c.id);
            // A team prize to a team's row, an award to a player.
            let team = p.entrant == Some(Entrant::Team);
            prop_assert_eq!(team, c.ranked_by.is_none());
        }
        for award in &split.awards {
            for share in award.shares.iter().filter(|s| s.paid > Cents::ZERO || s.share > Cents::ZERO) {
                let p = by_no[&share.player_id];
                let eligible = award.prize_ids.iter().any(|id| ok(category_of[id.0.as_str()], p));
                prop_assert!(eligible, "{} shares {:?}", p.name, award.prize_ids);
            }
        }
        // Every cent paid is paid to a line that won or shares an eligible prize.
        let total: u64 = split.payouts.iter().map(|p| p.amount.0).sum();
        let shared: u64 = split.awards.iter().flat_map(|a| &a.shares).map(|s| s.paid.0).sum();
        prop_assert_eq!(total, shared);
    }
}
