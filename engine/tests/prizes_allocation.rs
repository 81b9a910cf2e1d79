//! Prize allocation: the specification's acceptance tests 1–8, then the
//! v1.2 features (allow-multiple, consistency audit), overrides and conflicts,
//! the prize queue and the log.

mod prizes_support;

use arbiter_engine::model::PlayerNo;
use arbiter_engine::prizes::{
    allocate, eligibility, split_cash, Allocation, Cents, ConflictReason, EligibilityMode, Ineligible, LogEvent,
    LogValue, ManualOverride, PrizeError, PrizeEvent, RankedBy, SplitMethod, TieBreak, UnfilledReason,
};
use prizes_support::*;

fn run(event: &PrizeEvent) -> Allocation {
    allocate(event).unwrap_or_else(|e| panic!("{e}"))
}

/// `(prize, player)` of every winner, in queue order.
fn won(a: &Allocation) -> Vec<(&str, u32)> {
    a.winners.iter().map(|w| (w.prize_id.0.as_str(), w.player_id.0)).collect()
}

fn log_lines(a: &Allocation, event: LogEvent) -> Vec<String> {
    a.log.iter().filter(|e| e.event == event).map(ToString::to_string).collect()
}

fn open(prizes: u32) -> arbiter_engine::prizes::Category {
    let prizes = (1..=prizes).map(|place| trophy(&format!("open-{place}"), place)).collect();
    category("open", 1, prizes)
}

fn girl(id: u32, rank: u32, age: u16) -> arbiter_engine::prizes::Player {
    arbiter_engine::prizes::Player {
        gender: Some("F".into()),
        date_of_birth: Some(aged(age)),
        ..player(id, &format!("Girl {id}"), rank)
    }
}

fn boy(id: u32, rank: u32, age: u16) -> arbiter_engine::prizes::Player {
    arbiter_engine::prizes::Player {
        gender: Some("M".into()),
        date_of_birth: Some(aged(age)),
        ..player(id, &format!("Boy {id}"), rank)
    }
}

#[test]
fn test_1_simple_rank_ordering() {
    let players = (1..=5).map(|r| player(r, &format!("P{r}"), r)).collect();
    let a = run(&event(players, vec![open(3)]));
    assert_eq!(won(&a), [("open-1", 1), ("open-2", 2), ("open-3", 3)]);
    assert!(a.winners.iter().all(|w| w.tie_break == TieBreak::None));
    assert!(a.conflicts.is_empty() && a.unfilled.is_empty());
    assert_eq!(a.metadata.allocated_count, 3);
}

#[test]
fn test_2_tie_break_by_rating() {
    let players = [(1, 2200), (2, 2100), (3, 2300)]
        .map(|(id, r)| arbiter_engine::prizes::Player { rating: Some(r), ..player(id, &format!("P{id}"), 1) })
        .to_vec();
    let a = run(&event(players, vec![open(1)]));
    assert_eq!(won(&a), [("open-1", 3)]);
    assert_eq!(a.winners[0].tie_break, TieBreak::Rating);
    assert_eq!(
        log_lines(&a, LogEvent::Win),
        ["[alloc.win] prize=open-1 player=3 rank=1 rating=2300 tie_break=rating category=open"]
    );
}

#[test]
fn test_3_tie_break_by_name() {
    let players = [(1, "Charlie"), (2, "Alice"), (3, "Bob")]
        .map(|(id, name)| arbiter_engine::prizes::Player { rating: Some(2000), ..player(id, name, 1) })
        .to_vec();
    let a = run(&event(players, vec![open(1)]));
    assert_eq!(won(&a), [("open-1", 2)]);
    assert_eq!(a.winners[0].tie_break, TieBreak::Name);
    assert_eq!(
        a.log.iter().find(|e| e.event == LogEvent::Win).and_then(|e| e.field("tie_break")),
        Some(&LogValue::Text("name".into()))
    );
}

/// Open (brochure order 1) and Under 18 (order 2), one prize each. Player A
/// (rank 1, age 16) is eligible for both; B (rank 2) is 30; C (rank 3) is 15.
fn open_and_under_18() -> PrizeEvent {
    let mut u18 = category("u18", 2, vec![trophy("u18-1", 1), trophy("u18-2", 2)]);
    u18.max_age = Some(17);
    let players = vec![boy(1, 1, 16), boy(2, 2, 30), girl(3, 3, 15), boy(4, 4, 12)];
    event(players, vec![open(1), u18])
}

#[test]
fn test_4_multi_eligibility_first_win() {
    let a = run(&open_and_under_18());
    assert_eq!(won(&a), [("open-1", 1), ("u18-1", 3), ("u18-2", 4)]);
}

#[test]
fn test_5_gender_filtering() {
    let mut girls = category("girls", 1, vec![trophy("girls-1", 1)]);
    girls.gender = Some("F".into());
    let players = vec![boy(1, 1, 20), girl(2, 2, 20), girl(3, 3, 20)];
    let a = run(&event(players, vec![girls]));
    assert_eq!(won(&a), [("girls-1", 2)]);
}

#[test]
fn test_6_age_filtering() {
    let mut u12 = category("u12", 1, vec![trophy("u12-1", 1)]);
    u12.max_age = Some(12);
    let players = vec![boy(1, 1, 13), boy(2, 2, 11), boy(3, 3, 10)];
    let e = event(players, vec![u12]);
    let a = run(&e);
    assert_eq!(won(&a), [("u12-1", 2)]);
    let why = arbiter_engine::prizes::eligibility(&e.categories[0], &e.players[0], e.start_date, &e.rules);
    assert_eq!(why, Err(Ineligible::AboveMaxAge));
}

#[test]
fn test_7_manual_override() {
    let players = (1..=5).map(|r| player(r, &format!("P{r}"), r)).collect();
    let mut e = event(players, vec![open(1)]);
    e.overrides.push(ManualOverride { prize_id: pid("open-1"), player_id: PlayerNo(5) });
    let a = run(&e);
    assert_eq!(won(&a), [("open-1", 5)]);
    assert!(a.winners[0].manual);
    assert!(log_lines(&a, LogEvent::Win).is_empty(), "no automatic allocation");
    assert_eq!(a.metadata.manual_override_count, 1);
    assert!(a.conflicts.is_empty());
}

#[test]
fn test_8_unfilled_prize_no_eligible_players() {
    let mut cat = category("girls-u10", 1, vec![trophy("g10-1", 1), trophy("g10-2", 2)]);
    cat.gender = Some("F".into());
    cat.max_age = Some(10);
    let players = vec![girl(1, 1, 11), boy(2, 2, 9), girl(3, 3, 14)];
    let a = run(&event(players, vec![cat]));
    assert!(a.winners.is_empty());
    let unfilled: Vec<_> = a.unfilled.iter().map(|u| (u.prize_id.0.as_str(), u.reason)).collect();
    assert_eq!(unfilled, [("g10-1", UnfilledReason::NoEligiblePlayers), ("g10-2", UnfilledReason::NoEligiblePlayers)]);
    assert_eq!(
        log_lines(&a, LogEvent::Unfilled),
        [
            "[alloc.unfilled] prize=g10-1 reason=no_eligible_players",
            "[alloc.unfilled] prize=g10-2 reason=no_eligible_players"
        ]
    );
    assert_eq!(a.metadata.unfilled_count, 2);
}

#[test]
fn allow_multiple_lets_a_player_win_in_each_category_once() {
    let mut e = open_and_under_18();
    e.rules.multiple_eligibility_mode = EligibilityMode::AllowMultiple;
    let a = run(&e);
    // A takes Open 1st and Under 18 1st, but not Under 18 2nd as well.
    assert_eq!(won(&a), [("open-1", 1), ("u18-1", 1), ("u18-2", 3)]);
}

#[test]
fn a_prize_every_eligible_player_already_won_is_all_won() {
    let mut u18 = category("u18", 2, vec![trophy("u18-1", 1)]);
    u18.max_age = Some(17);
    let a = run(&event(vec![boy(1, 1, 16), boy(2, 2, 40)], vec![open(2), u18]));
    assert_eq!(won(&a), [("open-1", 1), ("open-2", 2)]);
    assert_eq!(a.unfilled.len(), 1);
    assert_eq!(a.unfilled[0].reason, UnfilledReason::AllWon);
}

#[test]
fn invalid_overrides_become_conflicts_and_the_prize_is_allocated_normally() {
    let mut girls = category("girls", 2, vec![trophy("girls-1", 1)]);
    girls.gender = Some("f".into());
    let players = vec![boy(1, 1, 20), girl(2, 2, 20), boy(3, 3, 20)];
    let mut e = event(players, vec![open(1), girls]);
    let ov = |prize: &str, player: u32| ManualOverride { prize_id: pid(prize), player_id: PlayerNo(player) };
    e.overrides = vec![
        ov("no-such-prize", 1),
        ov("open-1", 99),
        ov("girls-1", 3),
        ov("open-1", 3),
        ov("open-1", 2),
        ov("girls-1", 3),
    ];
    let a = run(&e);
    let reasons: Vec<_> =
        a.conflicts.iter().map(|c| (c.prize_id.0.as_str(), c.player_id.0, c.reason.clone())).collect();
    assert_eq!(
        reasons,
        [
            ("no-such-prize", 1, ConflictReason::UnknownPrize),
            ("open-1", 99, ConflictReason::UnknownPlayer),
            ("girls-1", 3, ConflictReason::Ineligible { because: Ineligible::GenderMismatch }),
            ("open-1", 2, ConflictReason::PrizeAlreadyAssigned),
            ("girls-1", 3, ConflictReason::Ineligible { because: Ineligible::GenderMismatch }),
        ]
    );
    assert_eq!(a.conflicts[3].conflicted_with, [PlayerNo(3)]);
    // Player 3 holds Open 1st by override; Girls 1st goes to the best girl.
    assert_eq!(won(&a), [("open-1", 3), ("girls-1", 2)]);
    assert_eq!(a.metadata.manual_override_count, 1);
    assert_eq!(a.metadata.conflict_count, 5);
    assert_eq!(
        log_lines(&a, LogEvent::Conflict)[2],
        "[alloc.conflict] prize=girls-1 player=3 reason=ineligible because=gender_mismatch"
    );
}

#[test]
fn an_override_for_a_player_who_already_won_is_a_conflict_in_first_win_mode() {
    let mut e = event(vec![boy(1, 1, 20), boy(2, 2, 20)], vec![open(2)]);
    e.overrides = ["open-2", "open-1"].map(|p| ManualOverride { prize_id: pid(p), player_id: PlayerNo(2) }).to_vec();
    let a = run(&e);
    assert_eq!(a.conflicts[0].reason, ConflictReason::PlayerAlreadyWon { prize_id: pid("open-2") });
    assert_eq!(won(&a), [("open-1", 1), ("open-2", 2)]);
}

#[test]
fn an_override_for_an_inactive_prize_is_a_conflict() {
    let mut c = open(1);
    c.prizes[0].active = false;
    let mut e = event(vec![boy(1, 1, 20)], vec![c]);
    e.overrides.push(ManualOverride { prize_id: pid("open-1"), player_id: PlayerNo(1) });
    let a = run(&e);
    assert_eq!(a.conflicts[0].reason, ConflictReason::InactivePrize);
    assert!(a.winners.is_empty() && a.unfilled.is_empty());
}

#[test]
fn identical_rank_rating_and_name_is_a_conflict() {
    let twin = |id| arbiter_engine::prizes::Player { rating: Some(1800), ..player(id, "Sam Lee", 2) };
    let players = vec![player(1, "Ann", 1), twin(7), twin(4)];
    let a = run(&event(players, vec![open(2)]));
    assert_eq!(won(&a), [("open-1", 1), ("open-2", 4)]);
    assert_eq!(a.winners[1].tie_break, TieBreak::PairingNumber);
    assert_eq!(a.conflicts.len(), 1);
    let c = &a.conflicts[0];
    assert_eq!(
        (c.prize_id.0.as_str(), c.player_id, &c.reason),
        ("open-2", PlayerNo(4), &ConflictReason::IdenticalRankRatingName)
    );
    assert_eq!(c.conflicted_with, [PlayerNo(7)]);
    assert_eq!(
        log_lines(&a, LogEvent::Conflict),
        ["[alloc.conflict] prize=open-2 tied_players=[4, 7] reason=identical_rank_rating_name"]
    );
}

#[test]
fn consistency_audit_flags_bypassed_players_without_changing_results() {
    let a = run(&open_and_under_18());
    // Under 18: C (rank 3) and D (rank 4) won while A (rank 1, eligible)
    // won nothing there: A took Open 1st earlier in the queue.
    let w: Vec<_> = a
        .warnings
        .iter()
        .map(|w| {
            (w.prize_id.0.as_str(), w.winner_id.0, w.bypassed_id.0, w.bypassed_prize_id.as_ref().map(|p| p.0.as_str()))
        })
        .collect();
    assert_eq!(w, [("u18-1", 3, 1, Some("open-1")), ("u18-2", 4, 1, Some("open-1"))]);
    assert_eq!(a.metadata.warning_count, 2);
    assert_eq!(
        log_lines(&a, LogEvent::Consistency)[0],
        "[alloc.consistency] category=u18 prize=u18-1 winner=3 rank=3 bypassed=1 bypassed_rank=1 bypassed_prize=open-1"
    );
    assert_eq!(won(&a), [("open-1", 1), ("u18-1", 3), ("u18-2", 4)]);
}

#[test]
fn consistency_audit_flags_an_override_past_better_players() {
    let players = (1..=3).map(|r| player(r, &format!("P{r}"), r)).collect();
    let mut e = event(players, vec![open(1)]);
    e.overrides.push(ManualOverride { prize_id: pid("open-1"), player_id: PlayerNo(3) });
    let a = run(&e);
    let bypassed: Vec<_> = a.warnings.iter().map(|w| (w.bypassed_id.0, w.bypassed_prize_id.clone())).collect();
    assert_eq!(bypassed, [(1, None), (2, None)]);
}

#[test]
fn queue_follows_brochure_order_then_value_tier_then_cash() {
    // Brochure order first: the second category's richer prize comes later.
    // Inside a category: cash+trophy (tier 5) before cash only (tier 3)
    // even though the cash-only prize is 1st place and richer; then cash
    // descending; then main-category prizes; then place; then id.
    let mut main_medal = prize("b-main", 3);
    main_medal.medal = true;
    main_medal.main_category = true;
    let mut side_medal = prize("a-side", 2);
    side_medal.medal = true;
    let mut cash_trophy = cash("x-ct", 2, 50);
    cash_trophy.trophy = true;
    let first =
        category("first", 1, vec![side_medal, cash("x-c1", 1, 100), main_medal, cash_trophy, cash("x-c2", 4, 100)]);
    let second = category("second", 2, vec![cash("y-big", 1, 1000)]);
    let players = (1..=6).map(|r| player(r, &format!("P{r}"), r)).collect();
    let a = run(&event(players, vec![second, first]));
    assert_eq!(won(&a), [("x-ct", 1), ("x-c1", 2), ("x-c2", 3), ("b-main", 4), ("a-side", 5), ("y-big", 6)]);
}

#[test]
fn run_logs_start_queue_and_done() {
    let players = (1..=2).map(|r| player(r, &format!("P{r}"), r)).collect();
    let mut e = event(players, vec![open(3)]);
    e.tournament_id = Some("0b5b2c1e-2f4e-4a57-9d0e-6c1f4e0c9a11".into());
    let a = run(&e);
    let lines: Vec<String> = a.log.iter().map(ToString::to_string).collect();
    // Prize spec, "Logging Specification":
    // "[alloc] tId=<tournament_id> allocating for tournament".
    assert_eq!(lines[0], "[alloc] tId=0b5b2c1e-2f4e-4a57-9d0e-6c1f4e0c9a11 allocating for tournament");
    assert_eq!(lines[1], "[alloc.rules] players=2 categories=1 overrides=0 mode=first-win");
    assert_eq!(lines[2], "[alloc] queue=3 prizes in queue");
    assert_eq!(lines.last().map(String::as_str), Some("[alloc] done: allocated=2 conflicts=0 unfilled=1 warnings=0"));
    assert_eq!(a.log[2].event.name(), "alloc.queue");
}

#[test]
fn inputs_and_results_round_trip_through_json() {
    let mut e = open_and_under_18();
    e.overrides.push(ManualOverride { prize_id: pid("nope"), player_id: PlayerNo(1) });
    let json = serde_json::to_string(&e).unwrap_or_else(|x| panic!("{x}"));
    let back: PrizeEvent = serde_json::from_str(&json).unwrap_or_else(|x| panic!("{x}"));
    assert_eq!(back, e);
    let a = run(&e);
    let json = serde_json::to_value(&a).unwrap_or_else(|x| panic!("{x}"));
    assert_eq!(json["conflicts"][0]["reason"]["code"], "unknown_prize");
    assert_eq!(json["log"][0]["event"], "alloc.start");
    let back: Allocation = serde_json::from_value(json).unwrap_or_else(|x| panic!("{x}"));
    assert_eq!(back, a);
}

#[test]
fn rule_config_reads_the_specs_camel_case_names() {
    let json = r#"{"allowUnratedInRatingCategory": true, "multipleEligibilityMode": "allow-multiple"}"#;
    let rules: arbiter_engine::prizes::RuleConfig = serde_json::from_str(json).unwrap_or_else(|x| panic!("{x}"));
    assert!(rules.allow_unrated_in_rating_category);
    assert_eq!(rules.multiple_eligibility_mode, EligibilityMode::AllowMultiple);
}

#[test]
fn duplicate_ids_are_errors() {
    let e = event(vec![player(1, "A", 1), player(1, "B", 2)], vec![open(1)]);
    assert!(allocate(&e).is_err());
    let e = event(vec![player(1, "A", 1)], vec![open(1), open(1)]);
    assert!(allocate(&e).is_err());
}

#[test]
fn unrated_players_come_after_rated_players_of_the_same_rank() {
    let unrated = player(1, "Aaron", 1);
    let rated = arbiter_engine::prizes::Player { rating: Some(1100), ..player(2, "Zoe", 1) };
    let a = run(&event(vec![unrated, rated], vec![open(2)]));
    assert_eq!(won(&a), [("open-1", 2), ("open-2", 1)]);
    assert_eq!(a.winners[0].tie_break, TieBreak::Rating);
    assert_eq!(
        log_lines(&a, LogEvent::Win)[1],
        "[alloc.win] prize=open-2 player=1 rank=1 rating=- tie_break=none category=open"
    );
}

/// A category ranked by a painting score: highest score first, the
/// standings order breaking equal scores, players without a score
/// ineligible; the audit does not flag it. Worked by hand: A (rank 1) 10,
/// B (rank 2) 15, C (rank 3) 15, D (rank 4) none. Two prizes: B (15, placed
/// above C), then C (15); A (10) and D (no score) take nothing.
#[test]
fn a_category_ranked_by_painting_goes_by_the_score() {
    let painted = |id, name, rank, score| arbiter_engine::prizes::Player { painting: score, ..player(id, name, rank) };
    let players = vec![
        painted(1, "A", 1, Some(10)),
        painted(2, "B", 2, Some(15)),
        painted(3, "C", 3, Some(15)),
        painted(4, "D", 4, None),
    ];
    let paint = arbiter_engine::prizes::Category {
        ranked_by: Some(RankedBy::Painting),
        ..category(
            "paint",
            1,
            vec![trophy("paint-1", 1), trophy("paint-2", 2), trophy("paint-3", 3), trophy("paint-4", 4)],
        )
    };
    let e = event(players, vec![paint]);
    let a = run(&e);
    assert_eq!(won(&a), [("paint-1", 2), ("paint-2", 3), ("paint-3", 1)]);
    assert_eq!(a.winners[0].tie_break, TieBreak::None, "B is placed above C on equal scores");
    assert_eq!(a.unfilled.len(), 1, "D has no score: nobody is left for the 4th prize");
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    let d = &e.players[3];
    assert_eq!(eligibility(&e.categories[0], d, e.start_date, &e.rules), Err(Ineligible::NoScore));
}

/// Cash of a category ranked by a score is paid whole: `none` pays it, a
/// split that shares cash by standings score refuses.
#[test]
fn score_category_cash_is_paid_whole_or_refused() {
    let painted =
        |id, name, rank, score| arbiter_engine::prizes::Player { painting: Some(score), ..player(id, name, rank) };
    let paint = arbiter_engine::prizes::Category {
        ranked_by: Some(RankedBy::Painting),
        ..category("paint", 1, vec![cash("paint-1", 1, 50)])
    };
    let mut e = event(vec![painted(1, "A", 1, 3), painted(2, "B", 2, 7)], vec![paint]);
    let a = run(&e);
    let split = split_cash(&e, &a).unwrap();
    assert_eq!(split.payouts.len(), 1);
    assert_eq!((split.payouts[0].player_id, split.payouts[0].amount), (PlayerNo(2), Cents::units(50)));
    e.rules.cash_split = SplitMethod::Hort;
    assert_eq!(split_cash(&e, &a).err(), Some(PrizeError::ScoreCategoryCashSplit(cid("paint"))));
}
