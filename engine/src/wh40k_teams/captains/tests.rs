//! The pairing process worked by hand from the cited procedure (see the
//! module docs), every refusal, and the TO's undo, override and expiry.

use super::*;
use crate::wh40k_teams::TeamSize;

fn lock(state: &State<u32>, side: Side, choice: Choice<u32>) -> State<u32> {
    match state.apply(Action::Lock { side, choice }) {
        Ok(next) => next,
        Err(refusal) => panic!("lock {side:?} {choice:?} refused: {refusal}"),
    }
}

fn both(state: &State<u32>, a: Choice<u32>, b: Choice<u32>) -> State<u32> {
    lock(&lock(state, Side::A, a), Side::B, b)
}

const fn defender(player: u32) -> Choice<u32> {
    Choice::Defender { player }
}

const fn attackers(first: u32, second: u32) -> Choice<u32> {
    Choice::Attackers { first, second }
}

const fn keep(player: u32) -> Choice<u32> {
    Choice::Keep { player }
}

const fn game(player_a: u32, player_b: u32, kind: GameKind) -> Pairing<u32> {
    Pairing { player_a, player_b, kind }
}

fn five() -> State<u32> {
    State::new(TeamSize::Five, vec![11, 12, 13, 14, 15], vec![21, 22, 23, 24, 25], TableChoice::RollOffWinner)
        .expect("valid rosters")
}

fn eight() -> State<u32> {
    State::new(TeamSize::Eight, (11..=18).collect(), (21..=28).collect(), TableChoice::Off).expect("valid rosters")
}

/// Five players, step by step: roll-off; round 1 defenders, attackers,
/// choices (two games, refused attackers back in the pools); round 2
/// defenders, with the attackers forced (three players left), choices (two
/// games) and the two refused attackers against each other.
#[test]
fn five_players_by_hand() {
    let s = five();
    assert_eq!(s.phase(), Phase::RollOff);
    let s = s.apply(Action::RollOff { winner: Side::B }).expect("roll-off");
    assert_eq!(s.table_choice_side(), Some(Side::B), "the winner takes the table choice");

    // Round 1.
    let s = lock(&s, Side::A, defender(11));
    let b_sees = s.view(Viewer::Captain(Side::B));
    assert!(b_sees.locked_a && b_sees.sealed_a.is_none() && b_sees.defender_a.is_none());
    assert_eq!(s.view(Viewer::Captain(Side::A)).sealed_a, Some(defender(11)));
    assert_eq!(s.view(Viewer::Organiser).sealed_a, Some(defender(11)));
    assert_eq!(s.view(Viewer::Public).sealed_a, None);
    let s = lock(&s, Side::B, defender(21));
    assert_eq!(s.phase(), Phase::Attackers);
    let public = s.view(Viewer::Public);
    assert_eq!((public.defender_a, public.defender_b), (Some(11), Some(21)));
    assert_eq!(public.pool_a, vec![12, 13, 14, 15]);
    assert!(!public.locked_a && !public.locked_b);

    let s = both(&s, attackers(12, 13), attackers(22, 23));
    assert_eq!(s.phase(), Phase::Choices);
    assert_eq!(s.options(Side::A), vec![keep(22), keep(23)]);
    let s = both(&s, keep(22), keep(13));
    assert_eq!(
        s.games(),
        &[
            game(11, 22, GameKind::Defender { round: 1, side: Side::A }),
            game(13, 21, GameKind::Defender { round: 1, side: Side::B })
        ]
    );
    let public = s.view(Viewer::Public);
    assert_eq!((public.pool_a, public.pool_b), (vec![12, 14, 15], vec![23, 24, 25]), "refused attackers return");
    assert_eq!((s.phase(), s.round()), (Phase::Defenders, 2));

    // Round 2: three players left, so the attackers are the two beside the defender.
    let s = both(&s, defender(14), defender(25));
    assert_eq!(s.phase(), Phase::Choices);
    let public = s.view(Viewer::Public);
    assert_eq!((public.attackers_a, public.attackers_b), (Some((12, 15)), Some((23, 24))));
    let s = both(&s, keep(24), keep(15));
    let outcome = s.outcome().expect("finished");
    assert_eq!(
        outcome.games,
        vec![
            game(11, 22, GameKind::Defender { round: 1, side: Side::A }),
            game(13, 21, GameKind::Defender { round: 1, side: Side::B }),
            game(14, 24, GameKind::Defender { round: 2, side: Side::A }),
            game(15, 25, GameKind::Defender { round: 2, side: Side::B }),
            game(12, 23, GameKind::Refused),
        ]
    );
    assert_eq!(outcome.table_choice, Some(Side::B));
}

/// Eight players, step by step: three rounds of defenders, attackers and
/// choices at 8, 6 and 4 players left, then each team's refused attacker
/// against the other team's champion.
#[test]
fn eight_players_by_hand() {
    let s = eight();
    assert_eq!(s.phase(), Phase::Defenders, "no roll-off without a table choice");
    let s = both(&s, defender(11), defender(21));
    let s = both(&s, attackers(12, 13), attackers(22, 23));
    let s = both(&s, keep(23), keep(12));
    assert_eq!(s.view(Viewer::Public).pool_a, vec![13, 14, 15, 16, 17, 18]);
    assert_eq!(s.view(Viewer::Public).pool_b, vec![22, 24, 25, 26, 27, 28]);

    let s = both(&s, defender(14), defender(24));
    let s = both(&s, attackers(13, 15), attackers(22, 25));
    let s = both(&s, keep(22), keep(15));
    assert_eq!(s.view(Viewer::Public).pool_a, vec![13, 16, 17, 18]);
    assert_eq!(s.view(Viewer::Public).pool_b, vec![25, 26, 27, 28]);

    let s = both(&s, defender(16), defender(26));
    assert_eq!(s.phase(), Phase::Attackers, "four players left: attackers are still chosen");
    let s = both(&s, attackers(13, 17), attackers(25, 27));
    let s = both(&s, keep(27), keep(13));
    let outcome = s.outcome().expect("finished");
    assert_eq!(
        outcome.games,
        vec![
            game(11, 23, GameKind::Defender { round: 1, side: Side::A }),
            game(12, 21, GameKind::Defender { round: 1, side: Side::B }),
            game(14, 22, GameKind::Defender { round: 2, side: Side::A }),
            game(15, 24, GameKind::Defender { round: 2, side: Side::B }),
            game(16, 27, GameKind::Defender { round: 3, side: Side::A }),
            game(13, 26, GameKind::Defender { round: 3, side: Side::B }),
            game(17, 28, GameKind::Champion { side: Side::A }),
            game(18, 25, GameKind::Champion { side: Side::B }),
        ]
    );
    assert_eq!(outcome.table_choice, None);
}

#[test]
fn the_roll_off_loser_can_take_the_table_choice() {
    let s = State::new(TeamSize::Five, vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10], TableChoice::RollOffLoser)
        .expect("valid rosters");
    let s = s.apply(Action::RollOff { winner: Side::A }).expect("roll-off");
    assert_eq!(s.table_choice_side(), Some(Side::B));
}

#[test]
fn rosters_are_checked() {
    assert_eq!(
        State::new(TeamSize::Five, vec![1, 2, 3, 4], vec![6, 7, 8, 9, 10], TableChoice::Off),
        Err(RosterError::WrongSize { side: Side::A, expected: 5, found: 4 })
    );
    assert_eq!(
        State::new(TeamSize::Eight, (1..=8).collect(), (11..=19).collect(), TableChoice::Off),
        Err(RosterError::WrongSize { side: Side::B, expected: 8, found: 9 })
    );
    assert_eq!(
        State::new(TeamSize::Five, vec![1, 2, 3, 4, 5], vec![5, 7, 8, 9, 10], TableChoice::Off),
        Err(RosterError::Duplicate(5))
    );
    assert_eq!(
        State::new(TeamSize::Five, vec![1, 2, 3, 4, 4], vec![6, 7, 8, 9, 10], TableChoice::Off),
        Err(RosterError::Duplicate(4))
    );
}

#[test]
fn every_refusal() {
    let s = five();
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: defender(11) }),
        Err(Refusal::NotYourTurn(Phase::RollOff))
    );
    assert_eq!(s.apply(Action::Undo), Err(Refusal::NothingToUndo));
    let s = s.apply(Action::RollOff { winner: Side::A }).expect("roll-off");
    assert_eq!(s.apply(Action::RollOff { winner: Side::A }), Err(Refusal::NoRollOff));

    // Defenders.
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: attackers(11, 12) }),
        Err(Refusal::WrongStep { expected: Phase::Defenders })
    );
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: defender(21) }),
        Err(Refusal::NotInPool { side: Side::A, player: 21 })
    );
    let locked = lock(&s, Side::A, defender(11));
    assert_eq!(
        locked.apply(Action::Lock { side: Side::A, choice: defender(12) }),
        Err(Refusal::AlreadyLocked(Side::A))
    );
    assert_eq!(
        locked.apply(Action::Expire { a: Some(defender(12)), b: Some(defender(21)) }),
        Err(Refusal::AlreadyLocked(Side::A))
    );
    assert_eq!(locked.apply(Action::Expire { a: None, b: None }), Err(Refusal::MissingDecision(Side::B)));
    assert_eq!(s.apply(Action::Expire { a: None, b: Some(defender(21)) }), Err(Refusal::MissingDecision(Side::A)));
    assert_eq!(
        s.apply(Action::Override { a: defender(11), b: defender(11) }),
        Err(Refusal::NotInPool { side: Side::B, player: 11 })
    );

    // Attackers: the defender is out of the pool; two different players.
    let s = lock(&locked, Side::B, defender(21));
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: attackers(11, 12) }),
        Err(Refusal::NotInPool { side: Side::A, player: 11 })
    );
    assert_eq!(s.apply(Action::Lock { side: Side::A, choice: attackers(12, 12) }), Err(Refusal::SameAttackerTwice(12)));
    assert_eq!(
        s.apply(Action::Lock { side: Side::B, choice: defender(22) }),
        Err(Refusal::WrongStep { expected: Phase::Attackers })
    );

    // Choices: only an attacker offered to the defender.
    let s = both(&s, attackers(12, 13), attackers(22, 23));
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: keep(24) }),
        Err(Refusal::NotOffered { side: Side::A, player: 24 })
    );
    assert_eq!(
        s.apply(Action::Lock { side: Side::A, choice: keep(12) }),
        Err(Refusal::NotOffered { side: Side::A, player: 12 })
    );

    // Finished.
    let s = both(&s, keep(22), keep(13));
    let s = both(&s, defender(14), defender(25));
    let s = both(&s, keep(24), keep(15));
    assert_eq!(s.phase(), Phase::Done);
    assert_eq!(s.apply(Action::Lock { side: Side::A, choice: keep(24) }), Err(Refusal::Finished));
    assert_eq!(s.apply(Action::Override { a: keep(24), b: keep(15) }), Err(Refusal::Finished));
    assert_eq!(s.apply(Action::Expire { a: None, b: None }), Err(Refusal::Finished));
    assert_eq!(s.options(Side::A), vec![]);
}

/// Undo returns to the state before the last reveal, dropping the locks of
/// the step in progress; repeated undos walk back to the roll-off.
#[test]
fn undo_walks_back_reveal_by_reveal() {
    let start = five().apply(Action::RollOff { winner: Side::A }).expect("roll-off");
    let defended = both(&start, defender(11), defender(21));
    let half = lock(&defended, Side::A, attackers(12, 13));
    let undone = half.apply(Action::Undo).expect("undo");
    assert_eq!(undone, start, "undo drops A's lock and the defenders' reveal");
    let rolled_back = undone.apply(Action::Undo).expect("undo the roll-off");
    assert_eq!(rolled_back.phase(), Phase::RollOff);
    assert_eq!(rolled_back.table_choice_side(), None);
    assert_eq!(rolled_back.apply(Action::Undo), Err(Refusal::NothingToUndo));

    // Undo after the last reveal reopens the last choices.
    let s = both(&defended, attackers(12, 13), attackers(22, 23));
    let s = both(&s, keep(22), keep(13));
    let s = both(&s, defender(14), defender(25));
    let before_last = s.clone();
    let done = both(&s, keep(24), keep(15));
    assert_eq!(done.apply(Action::Undo).expect("undo"), before_last);
}

/// The TO's override replaces a lock and reveals both choices; the timer's
/// expiry keeps the locked choice and takes the TO's decision for the other.
#[test]
fn override_and_expiry() {
    let s = both(&eight(), defender(11), defender(21));
    let a_locked = lock(&s, Side::A, attackers(12, 13));
    let overridden = a_locked.apply(Action::Override { a: attackers(14, 15), b: attackers(22, 23) }).expect("override");
    let view = overridden.view(Viewer::Public);
    assert_eq!((view.attackers_a, view.attackers_b), (Some((14, 15)), Some((22, 23))));
    assert_eq!(overridden.phase(), Phase::Choices);

    let expired = a_locked.apply(Action::Expire { a: None, b: Some(attackers(24, 25)) }).expect("expiry");
    let view = expired.view(Viewer::Public);
    assert_eq!((view.attackers_a, view.attackers_b), (Some((12, 13)), Some((24, 25))));

    let neither = s.apply(Action::Expire { a: Some(attackers(16, 17)), b: Some(attackers(26, 27)) }).expect("expiry");
    assert_eq!(neither.view(Viewer::Public).attackers_a, Some((16, 17)));
    assert_eq!(
        s.apply(Action::Expire { a: Some(attackers(16, 16)), b: Some(attackers(26, 27)) }),
        Err(Refusal::SameAttackerTwice(16))
    );
}

/// Replaying the stored actions rebuilds the state; a refused action is
/// reported with its index.
#[test]
fn replay_rebuilds_the_state() {
    let actions = [
        Action::Lock { side: Side::A, choice: defender(11) },
        Action::Lock { side: Side::B, choice: defender(21) },
        Action::Override { a: attackers(12, 13), b: attackers(22, 23) },
        Action::Lock { side: Side::B, choice: keep(13) },
    ];
    let initial = State::new(TeamSize::Five, vec![11, 12, 13, 14, 15], vec![21, 22, 23, 24, 25], TableChoice::Off)
        .expect("valid rosters");
    let replayed = State::replay(&initial, &actions).expect("valid actions");
    let by_hand = lock(
        &both(&both(&initial, defender(11), defender(21)), attackers(12, 13), attackers(22, 23)),
        Side::B,
        keep(13),
    );
    assert_eq!(replayed, by_hand);
    let mut wrong = actions.to_vec();
    wrong.push(Action::Lock { side: Side::B, choice: keep(12) });
    assert_eq!(State::replay(&initial, &wrong), Err((4, Refusal::AlreadyLocked(Side::B))));
}
