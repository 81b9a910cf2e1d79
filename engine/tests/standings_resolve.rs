//! The organiser's confirm (=) and swap (↓) on open ties, and what happens to
//! a stored choice when results change.

#![allow(clippy::unwrap_used)]

use arbiter_engine::model::{Colour, Outcome, PlayerNo, PointSystem, RoundRecord};
use arbiter_engine::standings::crokinole::{CrokinoleFormat, CrokinoleGame, CrokinoleScoring, CrokinoleSide};
use arbiter_engine::standings::{
    apply_resolutions, compute_chess, compute_crokinole, ChessConfig, ChessEvent, ChessPlayer, CrokinoleConfig,
    CrokinoleEvent, DropReason, PairingKind, Resolution, Standings, TieStatus,
};

/// Who decided and when, as the server would store it.
type Meta = (&'static str, &'static str);
const META: Meta = ("to@example.org", "2026-05-01T18:00:00Z");

fn order(s: &Standings) -> Vec<u32> {
    s.rows.iter().map(|r| r.player.0).collect()
}

/// Four players, one round: 1 beats 2, 3 draws 4. Without tie-breaks, 3 and
/// 4 are an unresolved tie at places 2–3.
fn chess(result_3_4: Outcome) -> ChessEvent {
    let played = |opponent: u32, colour, outcome| RoundRecord::Played {
        opponent: PlayerNo(opponent),
        colour,
        outcome,
        rated: true,
    };
    let players = vec![
        (1, played(2, Colour::White, Outcome::Win)),
        (2, played(1, Colour::Black, Outcome::Loss)),
        (3, played(4, Colour::White, result_3_4)),
        (4, played(3, Colour::Black, result_3_4.reversed())),
    ];
    ChessEvent {
        players: players
            .into_iter()
            .map(|(no, r)| ChessPlayer { no: PlayerNo(no), rating: None, rounds: vec![r] })
            .collect(),
        points: PointSystem::default(),
        pairing: PairingKind::Swiss,
        start_date: None,
        total_rounds: None,
    }
}

#[test]
fn an_unresolved_tie_shares_a_place_until_the_organiser_orders_it() {
    let s = compute_chess(&chess(Outcome::Draw), &ChessConfig::with(vec![])).unwrap();
    assert_eq!(order(&s), [1, 3, 4, 2]);
    assert_eq!(s.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 2, 4]);
    assert_eq!(s.open_ties.len(), 1);
    let tie = &s.open_ties[0];
    assert_eq!((tie.first_position, tie.members.clone()), (2, vec![PlayerNo(3), PlayerNo(4)]));

    // ↓ on player 3: 4 above 3.
    let choice = Resolution::confirm(tie, META).swap_below(PlayerNo(3));
    let (resolved, dropped) = apply_resolutions(s.clone(), std::slice::from_ref(&choice));
    assert!(dropped.is_empty());
    assert_eq!(order(&resolved), [1, 4, 3, 2]);
    assert_eq!(resolved.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(resolved.rows[1].tie.as_ref().unwrap().status, TieStatus::Manual);
    assert!(!resolved.rows[1].tie.as_ref().unwrap().needs_attention());
    assert!(resolved.open_ties.is_empty());

    // = confirms the engine's order; a second choice for the same tie is a duplicate.
    let confirm = Resolution::confirm(tie, META);
    let (resolved, dropped) = apply_resolutions(s.clone(), &[confirm.clone(), choice.clone()]);
    assert_eq!(order(&resolved), [1, 3, 4, 2]);
    assert_eq!(dropped.len(), 1);
    assert_eq!(dropped[0].reason, DropReason::Duplicate);
    assert_eq!(dropped[0].resolution.meta, META);

    // A result correction: 3 beat 4. The tie is gone and the choice dropped.
    let changed = compute_chess(&chess(Outcome::Win), &ChessConfig::with(vec![])).unwrap();
    let (after, dropped) = apply_resolutions(changed, std::slice::from_ref(&choice));
    assert_eq!(order(&after), [1, 3, 2, 4]);
    assert_eq!(dropped[0].reason, DropReason::NotTied);
}

#[test]
fn a_choice_that_is_not_a_permutation_or_has_moved_is_dropped() {
    let s = compute_chess(&chess(Outcome::Draw), &ChessConfig::with(vec![])).unwrap();
    let tie = &s.open_ties[0];
    let mut bad = Resolution::confirm(tie, META);
    bad.order = vec![PlayerNo(3), PlayerNo(3)];
    let mut moved = Resolution::confirm(tie, META);
    moved.first_position = 3;
    let (_, dropped) = apply_resolutions(s, &[bad, moved]);
    let reasons: Vec<DropReason> = dropped.iter().map(|d| d.reason).collect();
    assert_eq!(reasons, [DropReason::NotAPermutation, DropReason::Moved]);
}

fn side(player: u32, points: u32, twenties: u32) -> CrokinoleSide {
    CrokinoleSide { player: PlayerNo(player), points, twenties }
}

/// Two players who never met, level on wins: total 20s orders them.
fn crokinole(twenties_1: u32, twenties_3: u32) -> CrokinoleEvent {
    CrokinoleEvent {
        players: (1..=4).map(PlayerNo).collect(),
        games: vec![
            CrokinoleGame { a: side(1, 6, twenties_1), b: side(2, 2, 0) },
            CrokinoleGame { a: side(3, 6, twenties_3), b: side(4, 2, 0) },
        ],
        byes: vec![],
        adjustments: vec![],
    }
}

#[test]
fn a_twenties_decision_can_be_swapped_and_is_dropped_when_the_twenties_change() {
    let config = CrokinoleConfig { scoring: CrokinoleScoring::Wins, format: CrokinoleFormat::Swiss, bye_points: None };
    let s = compute_crokinole(&crokinole(5, 3), &config).unwrap();
    assert_eq!(order(&s)[..2], [1, 3]);
    assert_eq!(s.open_ties[0].members, vec![PlayerNo(1), PlayerNo(3)]);
    let swap = Resolution::confirm(&s.open_ties[0], META).swap_below(PlayerNo(1));
    let (resolved, dropped) = apply_resolutions(s, std::slice::from_ref(&swap));
    assert!(dropped.is_empty());
    assert_eq!(order(&resolved)[..2], [3, 1]);

    // Player 3's 20s corrected upwards: the engine now puts 3 first itself,
    // and the choice made on the old order is dropped.
    let s = compute_crokinole(&crokinole(5, 7), &config).unwrap();
    let (_, dropped) = apply_resolutions(s, std::slice::from_ref(&swap));
    assert_eq!(dropped[0].reason, DropReason::Reordered);
}
